// The estimate driver on a small model of its own: all placements of a white king, a black king and a
// white rook, either side to move (64 * 63 * 62 * 2 positions). The exact pass count comes from judging
// every position; the estimate must be deterministic across thread counts and checkpoint resumes.
#include "estimator/estimate.h"
#include "estimator/proof_phase.h"
#include "rank/sample.h"

#include <sys/stat.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <utility>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <pcg_random.hpp>

#include "core/fen.h"
#include "core/plural.h"
#include "estimator/checkpoint_file.h"
#include "tests/support/checkpoint_text.h"
#include "tests/support/temp_dir.h"

namespace chessrank::estimator {
namespace {

class KingsAndRook final : public rank::RankModel {
 public:
  KingsAndRook() : size_(64 * 63 * 62 * 2) {}
  std::string_view name() const override { return "krk-test"; }
  std::string_view description() const override { return "white king and rook against the black king"; }
  const BigInt& size() const override { return size_; }
  Result<BigInt> rank(const Position&) const override { return Error{"not needed"}; }
  Result<Position> unrank(const BigInt& index) const override {
    if (index < 0 || index >= size_) return Error{"index out of range"};
    unsigned long i = index.get_ui();
    Position pos;
    pos.set_side_to_move(Color(i % 2));
    i /= 2;
    // Choose three distinct squares: each later one indexes the squares still free.
    int squares[3];
    const unsigned long radix[3] = {64, 63, 62};
    for (int k = 0; k < 3; ++k) {
      int n = int(i % radix[k]);
      i /= radix[k];
      int s = 0;
      for (;; ++s) {
        bool used = false;
        for (int j = 0; j < k; ++j) used |= squares[j] == s;
        if (!used && n-- == 0) break;
      }
      squares[k] = s;
    }
    pos.put_piece(WhiteKing, Square(squares[0]));
    pos.put_piece(BlackKing, Square(squares[1]));
    pos.put_piece(WhiteRook, Square(squares[2]));
    return pos;
  }
  BigInt frame_count(CastlingRights cr, int ep_case) const override {
    return cr || ep_case ? BigInt(0) : BigInt(size_ / 2);
  }
  std::vector<std::pair<std::string, BigInt>> without_each_constraint(const ProgressCallback&) const override { return {}; }

 private:
  BigInt size_;
};

const KingsAndRook& model() {
  static const KingsAndRook m;
  return m;
}

// The exact count of the model's positions that pass the checks: every one judged (once for all cases).
std::uint64_t passing_count() {
  static const std::uint64_t count = [] {
    std::uint64_t n = 0;
    for (unsigned long i = 0; i < model().size().get_ui(); ++i)
      n += legality::judge(*model().unrank(BigInt(i)), legality::RuleSet::Default, false).passes();
    return n;
  }();
  return count;
}

EstimateOptions options(std::uint64_t samples, unsigned threads) {
  EstimateOptions o;
  o.samples = samples;
  o.seed = 7;
  o.threads = threads;
  o.chunk_size = 5000;
  return o;
}

TEST(UniformBelow, StaysBelowAndCoversSmallRanges) {
  pcg64 rng(1, 1);
  for (int n : {1, 2, 3, 7, 64, 1000}) {
    rank::UniformBelow u{BigInt(n)};
    std::vector<int> hits(n, 0);
    BigInt x;
    for (int i = 0; i < 200 * n; ++i) {
      u.draw(rng, x);
      ASSERT_GE(x, 0);
      ASSERT_LT(x, n);
      ++hits[x.get_ui()];
    }
    for (int h : hits) EXPECT_GT(h, 100);  // about 200 each
  }
  // A 153-bit bound: the top word is masked, every draw below n.
  const BigInt big("8726713169886222032347729969256422370854716254");
  rank::UniformBelow u(big);
  BigInt x, largest = 0;
  for (int i = 0; i < 2000; ++i) {
    u.draw(rng, x);
    ASSERT_LT(x, big);
    if (x > largest) largest = x;
  }
  EXPECT_GT(largest, big / 2);
}

TEST(Wilson, IntervalContainsEstimate) {
  const Interval iv = wilson_estimate(50, 1000, BigInt(1000000));
  EXPECT_DOUBLE_EQ(iv.estimate, 50000);
  EXPECT_LT(iv.low, iv.estimate);
  EXPECT_GT(iv.high, iv.estimate);
  EXPECT_NEAR(iv.low, 38100, 500);  // Wilson 95% for 50/1000: [0.0381, 0.0653]
  EXPECT_NEAR(iv.high, 65300, 500);
  const Interval zero = wilson_estimate(0, 100, BigInt(100));
  EXPECT_EQ(zero.low, 0);
  EXPECT_GT(zero.high, 0);
}

TEST(Estimate, MatchesExactCountWithinInterval) {
  const std::uint64_t exact = passing_count();
  const Result<EstimateReport> r = run_estimate(model(), options(40000, 2));
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(r->tally.samples.all, 40000u);
  const Interval iv = wilson_estimate(r->tally.passed.all, r->tally.samples.all, model().size());
  EXPECT_LE(iv.low, double(exact));
  EXPECT_GE(iv.high, double(exact));
  // The rejections and passes add up, and so do the subsets.
  std::uint64_t rejected = 0;
  for (std::uint64_t c : r->tally.rejected) rejected += c;
  EXPECT_EQ(rejected + r->tally.passed.all, r->tally.samples.all);
  EXPECT_EQ(r->tally.samples.by_men[3], r->tally.samples.all);
  EXPECT_EQ(r->tally.passed.by_side[0] + r->tally.passed.by_side[1], r->tally.passed.all);
  EXPECT_EQ(r->tally.passed.realistic, r->tally.passed.all);  // one rook is realistic
  EXPECT_EQ(r->history.size(), 8u);
}

TEST(Estimate, SameResultForAnyThreadCount) {
  const Result<EstimateReport> one = run_estimate(model(), options(23456, 1));
  const Result<EstimateReport> three = run_estimate(model(), options(23456, 3));
  ASSERT_TRUE(one.ok() && three.ok());
  EXPECT_EQ(one->tally, three->tally);
  EXPECT_EQ(one->history, three->history);
  const Result<EstimateReport> other_seed = [] {
    EstimateOptions o = options(23456, 2);
    o.seed = 8;
    return run_estimate(model(), o);
  }();
  ASSERT_TRUE(other_seed.ok());
  EXPECT_NE(other_seed->tally, one->tally);
}

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(Estimate, CheckpointResumeGivesTheSameResult) {
  const testing::TempDir dir("chessrank-estimate");
  const std::string cp = dir.file("run.checkpoint").string();
  const std::string emit_full = dir.file("full.txt").string(), emit_split = dir.file("split.txt").string();

  EstimateOptions full = options(30000, 2);
  full.emit = emit_full;
  const Result<EstimateReport> whole = run_estimate(model(), full);
  ASSERT_TRUE(whole.ok()) << whole.error();

  // An "interrupted" run of fewer samples, then a resumed run to the full count.
  EstimateOptions part = options(12000, 2);
  part.checkpoint = cp;
  part.emit = emit_split;
  const Result<EstimateReport> first = run_estimate(model(), part);
  ASSERT_TRUE(first.ok()) << first.error();
  EXPECT_FALSE(first->resumed);
  // Append junk to the emit file as a crash after the checkpoint would: the resume truncates it.
  { std::ofstream(emit_split, std::ios::app) << "partial line"; }
  EstimateOptions rest = options(30000, 3);
  rest.checkpoint = cp;
  rest.emit = emit_split;
  std::vector<std::pair<std::uint64_t, double>> reports;
  rest.progress = [&](std::uint64_t done, std::uint64_t, double seconds) { reports.emplace_back(done, seconds); };
  const Result<EstimateReport> resumed = run_estimate(model(), rest);
  ASSERT_TRUE(resumed.ok()) << resumed.error();
  EXPECT_TRUE(resumed->resumed);
  // Its progress starts from the checkpoint's two whole chunks, at 0 s, then counts on.
  ASSERT_EQ(reports.size(), 5u);
  EXPECT_EQ(reports.front(), std::make_pair(std::uint64_t(10000), 0.0));
  EXPECT_EQ(reports.back().first, 30000u);
  // Its JSON says so: its seconds and threads are the resumed run's.
  EXPECT_NE(report_json(*resumed).find("\"threads\": 3,\n  \"processes\": 1,\n  \"resumed\": true,"), std::string::npos);
  EXPECT_NE(report_json(*whole).find("\"resumed\": false,"), std::string::npos);
  EXPECT_EQ(resumed->tally, whole->tally);
  EXPECT_EQ(resumed->history, whole->history);
  EXPECT_EQ(slurp(emit_split), slurp(emit_full));
  EXPECT_FALSE(slurp(emit_full).empty());

  // Every emitted line is a passing position at its index.
  std::istringstream lines(slurp(emit_full));
  std::string line;
  int checked = 0;
  while (std::getline(lines, line) && checked < 200) {
    const std::size_t space = line.find(' ');
    const Result<Position> pos = model().unrank(BigInt(line.substr(0, space)));
    ASSERT_TRUE(pos.ok());
    EXPECT_EQ(to_fen4(*pos), line.substr(space + 1));
    EXPECT_TRUE(legality::judge(*pos, legality::RuleSet::Default, false).passes());
    ++checked;
  }
  EXPECT_GT(checked, 0);

  // A checkpoint holding more samples than asked for is refused, not reported as a larger run.
  EstimateOptions fewer_options = options(20000, 1);
  fewer_options.checkpoint = cp;
  const Result<EstimateReport> fewer = run_estimate(model(), fewer_options);
  ASSERT_FALSE(fewer.ok());
  EXPECT_EQ(fewer.error(), "checkpoint " + cp + " holds 30000 samples, more than the 20000 asked for");

  // A checkpoint of another seed is refused.
  EstimateOptions wrong = options(30000, 1);
  wrong.seed = 99;
  wrong.checkpoint = cp;
  EXPECT_FALSE(run_estimate(model(), wrong).ok());

  // A checkpoint whose counts do not fit together (edited and resealed, or damaged in a way that keeps the
  // checksum) is refused: more passing than sampled, or chunks that do not hold the samples.
  const std::string saved = slurp(cp);
  const auto edited = [&](const std::string& key, const std::string& value) {
    const std::size_t at = saved.find("\n" + key + " ") + 1, end = saved.find('\n', at);
    EXPECT_NE(at, 0u);
    return saved.substr(0, at) + key + " " + value + saved.substr(end);
  };
  const std::string passed_line = saved.substr(saved.find("\npassed ") + 8);
  const std::uint64_t passed = std::stoull(passed_line.substr(0, passed_line.find('\n')));
  // The running history, a point per chunk of 5000 samples: "5000,p1,10000,p2,...".
  const std::string history_line = saved.substr(saved.find("\nhistory ") + 9);
  const std::string history = history_line.substr(0, history_line.find('\n'));
  const std::string after_first = history.substr(history.find(',', history.find(',') + 1));  // ",10000,p2,..."
  for (const std::string& text : {edited("passed", std::to_string(passed + 1)), edited("chunks", "31"),
                                  edited("chunks", "250"), edited("samples", "31000"),
                                  edited("history", "5000,5001" + after_first),   // more passing than sampled
                                  edited("history", "5000,0,7000,0" + after_first),  // not a chunk's end
                                  edited("history", after_first.substr(1))}) {       // a point short
    std::ofstream(cp, std::ios::trunc) << testing::resealed(text);
    EstimateOptions more = options(40000, 1);
    more.checkpoint = cp;
    const Result<EstimateReport> r = run_estimate(model(), more);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error(), "checkpoint " + cp + " is damaged: its counts do not add up");
  }
  std::ofstream(cp, std::ios::trunc) << saved;  // the file as saved still resumes
  EstimateOptions more = options(40000, 1);
  more.checkpoint = cp;
  EXPECT_TRUE(run_estimate(model(), more).ok());
}

// A resumed run appends to its emit file, which must then hold a line for every passing position so far:
// one that is gone, cut short or was never written (the run so far had no --emit) is refused, not
// completed into a file that lacks some of them.
TEST(Estimate, ResumeRefusesAnEmitFileThatLacksPassingPositions) {
  const testing::TempDir dir("chessrank-estimate");
  const std::string cp = dir.file("run.checkpoint").string(), emit = dir.file("emit.txt").string();
  const auto run = [&](std::uint64_t samples, bool with_emit) {
    EstimateOptions o = options(samples, 1);
    o.checkpoint = cp;
    if (with_emit) o.emit = emit;
    return run_estimate(model(), o);
  };
  const std::string cannot = "; cannot resume it (resume without --emit, or start a new run)";

  const Result<EstimateReport> without = run(10000, false);
  ASSERT_TRUE(without.ok()) << without.error();
  ASSERT_GT(without->tally.passed.all, 0u);
  const Result<EstimateReport> r1 = run(20000, true);
  ASSERT_FALSE(r1.ok());
  EXPECT_EQ(r1.error(), "the run so far wrote no emit file, so " + emit + " would lack its " +
                            plural((long long)without->tally.passed.all, "passing position") + cannot);

  std::filesystem::remove(cp);
  ASSERT_TRUE(run(10000, true).ok());
  const std::string whole = slurp(emit);
  std::ofstream(emit, std::ios::trunc) << whole.substr(0, 100);
  const Result<EstimateReport> r2 = run(20000, true);
  ASSERT_FALSE(r2.ok());
  EXPECT_EQ(r2.error(), "emit file " + emit + " holds 100 bytes, fewer than the " + std::to_string(whole.size()) +
                            " the checkpoint counts" + cannot);

  // As many bytes, one line fewer: the lines are counted too.
  std::string joined = whole;
  joined[joined.find('\n')] = ' ';
  std::ofstream(emit, std::ios::trunc) << joined;
  const Result<EstimateReport> r3 = run(20000, true);
  ASSERT_FALSE(r3.ok());
  EXPECT_NE(r3.error().find("where the checkpoint counts"), std::string::npos) << r3.error();

  std::filesystem::remove(emit);
  const Result<EstimateReport> r4 = run(20000, true);
  ASSERT_FALSE(r4.ok());
  EXPECT_EQ(r4.error(), "emit file " + emit + " is gone" + cannot);

  // A pipe is refused at once: it can neither be read back nor cut back to the checkpoint.
  ASSERT_EQ(::mkfifo(emit.c_str(), 0600), 0) << std::strerror(errno);
  const Result<EstimateReport> r5 = run(20000, true);
  ASSERT_FALSE(r5.ok());
  EXPECT_EQ(r5.error(), "emit file " + emit +
                            " is not a regular file, so the positions it took after the last checkpoint cannot be "
                            "taken back" +
                            cannot);
  std::filesystem::remove(emit);

  // A checkpoint whose size of the file ends inside a line (edited, or damaged) is refused: the resumed run
  // would glue its first line to a piece of another.
  const std::string saved = slurp(cp);
  const std::size_t at = saved.find("\nemit_bytes ") + 12;
  ASSERT_NE(at, std::string::npos + 12);
  std::ofstream(cp, std::ios::trunc) << testing::resealed(saved.substr(0, at) + std::to_string(whole.size() + 5) +
                                                          saved.substr(saved.find('\n', at)));
  std::ofstream(emit, std::ios::trunc) << whole << whole.substr(0, whole.find('\n') + 1);
  const Result<EstimateReport> r6 = run(20000, true);
  ASSERT_FALSE(r6.ok());
  EXPECT_EQ(r6.error(), "emit file " + emit + " has no line ending at byte " + std::to_string(whole.size() + 5) +
                            ", where the checkpoint's positions end" + cannot);
  std::ofstream(cp, std::ios::trunc) << saved;

  std::ofstream(emit, std::ios::trunc) << whole;  // the file as written still resumes
  EXPECT_TRUE(run(20000, true).ok());
}

// A file that is not a checkpoint is refused from its first line (a device such as /dev/zero, which has
// no end, included); another format version, a missing line or a repeated key are named, and a file cut
// short or changed is damaged by its checksum. A file of version 1, which had no checksum, still resumes.
TEST(Estimate, CheckpointFileThatIsNotOneIsRefusedByItsFirstLine) {
  const testing::TempDir dir("chessrank-estimate");
  const std::string cp = dir.file("run.checkpoint").string();
  const auto resume = [&](const std::string& path) {
    EstimateOptions o = options(20000, 1);
    o.checkpoint = path;
    return run_estimate(model(), o);
  };
  Result<EstimateReport> r = resume("/dev/zero");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error(), "/dev/zero is not an estimate checkpoint");

  ASSERT_TRUE(resume(cp).ok());
  const std::string saved = slurp(cp);
  const std::size_t first_end = saved.find('\n'), model_end = saved.find('\n', first_end + 1);
  const std::string unsealed = saved.substr(0, saved.rfind("checksum "));
  std::string changed = saved;
  changed[changed.find("\nsamples ") + 9] ^= 1;  // one bit of the sample count
  const std::pair<std::string, std::string> cases[] = {
      {"something else\n", cp + " is not an estimate checkpoint"},
      {"chessrank-estimate-checkpoint 3" + saved.substr(first_end),
       "checkpoint " + cp + " has format version '3'; this build reads versions 1 and 2"},
      {"chessrank-estimate-checkpoint 2\r" + saved.substr(first_end),  // line ends made CR LF
       "checkpoint " + cp + " has format version '2\\x0d'; this build reads versions 1 and 2"},
      {testing::resealed(saved.substr(0, first_end + 1) + saved.substr(model_end + 1)),  // the model line left out
       "checkpoint " + cp + " is damaged: it has no model line"},
      {testing::resealed(unsealed + "samples 5\n"),
       "checkpoint " + cp + " is damaged: line " +
           std::to_string(std::count(unsealed.begin(), unsealed.end(), '\n') + 1) + " repeats the key samples"},
      {changed, "checkpoint " + cp + " is damaged: its checksum does not match its contents"},
      {saved.substr(0, saved.size() / 2),
       "checkpoint " + cp + " is damaged: its last line is not its checksum (the file may be cut short)"},
      {unsealed, "checkpoint " + cp + " is damaged: its last line is not its checksum (the file may be cut short)"}};
  for (const auto& [text, error] : cases) {
    std::ofstream(cp, std::ios::trunc) << text;
    r = resume(cp);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error(), error);
  }

  std::ofstream(cp, std::ios::trunc) << "chessrank-estimate-checkpoint 1" + unsealed.substr(first_end);
  r = resume(cp);
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_TRUE(r->resumed);

  // An empty file holds no run: the command line's check creates one for a moment, and a run killed then
  // leaves it. The run starts afresh and saves its checkpoint there.
  std::ofstream(cp, std::ios::trunc).flush();
  r = resume(cp);
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_FALSE(r->resumed);
  EXPECT_EQ(slurp(cp).rfind("chessrank-estimate-checkpoint 2\n", 0), 0u);
  EXPECT_EQ(slurp(cp), testing::resealed(slurp(cp)));  // sealed by its last line
}

// A run given the checkpoint of a run still going is refused before it reads or writes anything: it
// would save over the other run's checkpoint and cut its --emit file.
TEST(Estimate, CheckpointInUseByAnotherRunIsRefused) {
  const testing::TempDir dir("chessrank-estimate");
  const std::string cp = dir.file("run.checkpoint").string(), emit = dir.file("emit.txt").string();
  const auto run = [&](std::uint64_t samples) {
    EstimateOptions o = options(samples, 1);
    o.checkpoint = cp;
    o.emit = emit;
    return run_estimate(model(), o);
  };
  ASSERT_TRUE(run(12000).ok());
  EXPECT_FALSE(std::filesystem::exists(cp + ".lock"));  // a run that ends removes its lock file
  const std::string checkpoint_before = slurp(cp), emit_before = slurp(emit);
  {
    const Result<CheckpointLock> other = CheckpointLock::acquire(cp);  // as another run would hold it
    ASSERT_TRUE(other.ok()) << other.error();
    EXPECT_FALSE(CheckpointLock::acquire(cp).ok());
    const Result<EstimateReport> r = run(30000);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error(), "checkpoint " + cp + " is in use by another run (" + cp + ".lock is locked)");
    EXPECT_EQ(slurp(cp), checkpoint_before);
    EXPECT_EQ(slurp(emit), emit_before);
  }
  // A lock file whose run has gone locks nothing (a killed run leaves one behind).
  { std::ofstream(cp + ".lock") << ""; }
  const Result<EstimateReport> resumed = run(30000);
  ASSERT_TRUE(resumed.ok()) << resumed.error();
  EXPECT_TRUE(resumed->resumed);
  EXPECT_FALSE(std::filesystem::exists(cp + ".lock"));
}

// A checkpoint named through a link is the file the link names: saved there, the link kept. A link left
// at the temporary name is removed, not followed, so a save cannot write over the file it points to.
TEST(Estimate, CheckpointThroughALinkSavesTheFileItNames) {
  const testing::TempDir dir("chessrank-estimate");
  std::filesystem::create_directory(dir.path() / "real");
  const std::string link = dir.file("run.checkpoint").string();
  const std::string real = (dir.path() / "real" / "run.checkpoint").string(), victim = dir.file("victim").string();
  std::filesystem::create_symlink("real/run.checkpoint", link);
  std::ofstream(victim) << "kept";
  std::filesystem::create_symlink(victim, real + ".tmp");
  EstimateOptions o = options(12000, 1);
  o.checkpoint = link;
  ASSERT_TRUE(run_estimate(model(), o).ok());
  EXPECT_TRUE(std::filesystem::is_symlink(link));
  EXPECT_TRUE(std::filesystem::is_regular_file(std::filesystem::symlink_status(real)));
  EXPECT_EQ(slurp(victim), "kept");
  EXPECT_FALSE(std::filesystem::exists(std::filesystem::symlink_status(real + ".tmp")));
  o.samples = 30000;  // and a run resumes through the link
  const Result<EstimateReport> resumed = run_estimate(model(), o);
  ASSERT_TRUE(resumed.ok()) << resumed.error();
  EXPECT_TRUE(resumed->resumed);
}

TEST(Estimate, CheckpointThatCannotBeWrittenFailsBeforeSampling) {
  const testing::TempDir dir("chessrank-estimate");
  EstimateOptions o = options(30000, 2);
  o.checkpoint = (dir.path() / "missing" / "run.checkpoint").string();
  int reports = 0;
  o.progress = [&](std::uint64_t, std::uint64_t, double) { ++reports; };
  const Result<EstimateReport> r = run_estimate(model(), o);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().find("cannot write checkpoint"), std::string::npos) << r.error();
  EXPECT_EQ(reports, 0);  // no chunk was sampled
}

TEST(Estimate, CheckpointFailingMidRunStopsTheRunAndKeepsTheLastGoodOne) {
  const testing::TempDir dir("chessrank-estimate");
  const std::string cp = dir.file("run.checkpoint").string();
  EstimateOptions o = options(30000, 1);
  o.checkpoint = cp;
  o.checkpoint_interval = 0;  // save after every chunk
  int reports = 0;
  o.progress = [&](std::uint64_t done, std::uint64_t, double) {
    if (done == 0) return;  // the report before the first chunk
    // After the second chunk a directory takes the place of the temporary file the save writes first.
    if (++reports == 2) std::filesystem::create_directory(cp + ".tmp");
  };
  const Result<EstimateReport> r = run_estimate(model(), o);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().find("cannot write checkpoint"), std::string::npos) << r.error();
  EXPECT_EQ(reports, 2);  // stopped at the first failed save, not after all 6 chunks

  // The checkpoint of the first chunk is intact: resuming from it gives the uninterrupted result.
  std::filesystem::remove(cp + ".tmp");
  EstimateOptions again = options(30000, 2);
  again.checkpoint = cp;
  const Result<EstimateReport> resumed = run_estimate(model(), again);
  ASSERT_TRUE(resumed.ok()) << resumed.error();
  EXPECT_TRUE(resumed->resumed);
  const Result<EstimateReport> whole = run_estimate(model(), options(30000, 2));
  ASSERT_TRUE(whole.ok());
  EXPECT_EQ(resumed->tally, whole->tally);
}

TEST(Estimate, FinalCheckpointThatCannotBeWrittenKeepsTheReport) {
  const testing::TempDir dir("chessrank-estimate");
  const std::string cp = dir.file("run.checkpoint").string();
  EstimateOptions o = options(30000, 2);
  o.checkpoint = cp;
  o.checkpoint_interval = 1e9;  // saved at the start and at the end only
  // Once sampling runs, a directory takes the place of the temporary file the final save writes first.
  o.progress = [&](std::uint64_t, std::uint64_t, double) { std::filesystem::create_directory(cp + ".tmp"); };
  const Result<EstimateReport> r = run_estimate(model(), o);
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(r->output_error, "cannot write checkpoint " + cp + " (" + cp + ".tmp: Is a directory)");
  const Result<EstimateReport> whole = run_estimate(model(), options(30000, 2));
  ASSERT_TRUE(whole.ok());
  EXPECT_TRUE(whole->output_error.empty());
  EXPECT_EQ(r->tally, whole->tally);  // every sample was taken
}

TEST(Estimate, EmitFileThatFillsUpStopsTheRun) {
  if (!std::filesystem::exists("/dev/full")) GTEST_SKIP() << "no /dev/full";
  EstimateOptions o = options(200000, 1);
  o.emit = "/dev/full";  // every write fails: no space left on the device
  std::uint64_t reports = 0;
  o.progress = [&](std::uint64_t, std::uint64_t, double) { ++reports; };
  const Result<EstimateReport> r = run_estimate(model(), o);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error(), "writing /dev/full failed");
  EXPECT_LT(reports, 200000 / o.chunk_size);  // stopped early, not after every chunk
}

TEST(Estimate, TimedRunStopsAtChunkBoundary) {
  EstimateOptions o = options(0, 2);
  o.seconds = 0.2;
  const Result<EstimateReport> r = run_estimate(model(), o);
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_GT(r->tally.samples.all, 0u);
  EXPECT_EQ(r->tally.samples.all % o.chunk_size, 0u);
  // The same number of samples, asked for directly, gives the same tally.
  const Result<EstimateReport> fixed = run_estimate(model(), options(r->tally.samples.all, 1));
  ASSERT_TRUE(fixed.ok());
  EXPECT_EQ(fixed->tally, r->tally);
}

TEST(Estimate, ReportsMentionTheUpperEstimate) {
  const Result<EstimateReport> r = run_estimate(model(), options(10000, 2));
  ASSERT_TRUE(r.ok());
  const std::string text = format_report(*r);
  EXPECT_NE(text.find("upper estimate: every position that passes is counted"), std::string::npos);
  EXPECT_NE(text.find("rejections by check"), std::string::npos);
  const std::string json = report_json(*r);
  EXPECT_NE(json.find("\"samples\": 10000"), std::string::npos);
  EXPECT_NE(json.find("\"upper_estimate\": true"), std::string::npos);
  const std::string svg = report_svg(*r);
  EXPECT_EQ(svg.rfind("<svg", 0), 0u);
  EXPECT_NE(svg.find("</svg>"), std::string::npos);
  EXPECT_NE(svg.find("upper estimate"), std::string::npos);
}

// The comparison with the published count: a report whose estimate is twice 4.82e44 says +100.0%.
TEST(Estimate, ReportsCompareWithThePublishedCount) {
  EstimateReport r;
  r.model = "test";
  r.space = BigInt("964000000000000000000000000000000000000000000");  // 9.64e44
  r.tally.rejected.assign(legality::check_names(legality::RuleSet::Default).size(), 0);
  r.tally.samples.all = r.tally.passed.all = 1000;
  const std::string text = format_report(r);
  EXPECT_NE(text.find("published: (4.82 +- 0.03)e44 legal positions"), std::string::npos) << text;
  EXPECT_NE(text.find("this estimate is +100.0% (interval "), std::string::npos) << text;
  const nlohmann::json json = nlohmann::json::parse(report_json(r));
  EXPECT_EQ(json["published"]["estimate"], 4.82e44) << json;
  EXPECT_EQ(json["published"]["error"], 3e42) << json;
  EXPECT_DOUBLE_EQ(json["estimate"]["estimate"].get<double>(), 9.64e44) << json;  // every sample passed
}

TEST(Estimate, ReportsOfUnsoundRulesDoNotClaimABound) {
  for (legality::RuleSet rules : {legality::RuleSet::Seed000, legality::RuleSet::Tromp2021}) {
    EstimateOptions o = options(10000, 2);
    o.rules = rules;
    const Result<EstimateReport> r = run_estimate(model(), o);
    ASSERT_TRUE(r.ok()) << r.error();
    const std::string name(legality::rule_set_name(rules));
    EXPECT_NE(format_report(*r).find("not a bound: the " + name + " rules may reject legal positions"),
              std::string::npos);
    EXPECT_EQ(format_report(*r).find("upper estimate"), std::string::npos);
    EXPECT_NE(report_json(*r).find("\"upper_estimate\": false"), std::string::npos);
    EXPECT_NE(report_svg(*r).find("not a bound"), std::string::npos);
    EXPECT_EQ(report_svg(*r).find("upper estimate"), std::string::npos);
  }
}

TEST(Realistic, Definition) {
  EXPECT_TRUE(is_realistic(Position::start()));
  EXPECT_FALSE(is_realistic(*parse_fen("4k3/8/8/8/8/8/8/QQQQK3 w - - 0 1")));
  EXPECT_TRUE(is_realistic(*parse_fen("4k3/8/8/8/8/8/8/QQQ1K3 w - - 0 1")));
  EXPECT_FALSE(is_realistic(*parse_fen("4k3/8/8/8/8/8/8/NNN1K3 w - - 0 1")));
  EXPECT_FALSE(is_realistic(*parse_fen("4k3/8/8/8/8/8/8/B1B1K3 w - - 0 1")));  // two dark bishops
  EXPECT_TRUE(is_realistic(*parse_fen("4k3/8/8/8/8/8/8/1BB1K3 w - - 0 1")));
}

// The subsample of the proof phase is what a run with the same seed passes first: its --emit file's lines.
TEST(TwoPhase, FirstPassingAreTheRunsFirstPassingSamples) {
  const testing::TempDir dir("chessrank-two-phase");
  EstimateOptions o = options(12000, 2);
  o.emit = dir.file("emit").string();
  ASSERT_TRUE(run_estimate(model(), o).ok());
  std::istringstream emitted(testing::read_file(dir.file("emit")));
  const auto first = first_passing(model(), options(12000, 1), 40);
  ASSERT_TRUE(first.ok()) << first.error();
  ASSERT_EQ(first->size(), 40u);
  for (const auto& [index, pos] : *first) {
    std::string line;
    ASSERT_TRUE(std::getline(emitted, line));
    EXPECT_EQ(line, index.get_str() + ' ' + to_fen4(pos));
  }
  // A run too short to pass 40 gives what it passed.
  EXPECT_LT(first_passing(model(), options(30, 1), 40)->size(), 40u);
}

// On king and rook against king every passing position is legal and the search proves it: the lower
// estimate meets the upper one, and the interval holds the exact count of passing positions.
TEST(TwoPhase, ProvesTheSubsampleAndBracketsTheCount) {
  const testing::TempDir dir("chessrank-two-phase");
  const Result<EstimateReport> r = run_estimate(model(), options(20000, 2));
  ASSERT_TRUE(r.ok()) << r.error();
  const auto first = first_passing(model(), options(20000, 2), 30);
  ASSERT_TRUE(first.ok()) << first.error();
  std::vector<Position> positions;
  for (const auto& [index, pos] : *first) positions.push_back(pos);
  ProofPhaseOptions po;
  po.limits.nodes = 20000;
  po.seed = 3;
  po.journal = dir.file("journal").string();
  const Result<ProofPhaseRun> run = run_proof_phase(positions, po);
  ASSERT_TRUE(run.ok()) << run.error();
  EXPECT_FALSE(run->interrupted);
  EXPECT_EQ(run->phase.searched, 30u);
  EXPECT_EQ(run->phase.illegal, 0u);  // the same checks passed them
  EXPECT_GE(run->phase.legal, 28u);
  EstimateReport report = *r;
  const TwoSidedEstimate e = two_sided_estimate(report, run->phase);
  EXPECT_LE(e.lower.estimate, e.upper.estimate);
  EXPECT_LE(e.low, e.lower.estimate);
  EXPECT_GE(e.high, e.upper.estimate);
  const std::uint64_t exact = passing_count();
  EXPECT_LE(e.low, double(exact));
  EXPECT_GE(e.high, double(exact));

  // Resumed from the journal: the same outcomes without a search (progress starts at all decided).
  std::uint64_t first_report = 99;
  po.progress = [&](std::uint64_t done, std::uint64_t, double) {
    if (first_report == 99) first_report = done;
  };
  const Result<ProofPhaseRun> again = run_proof_phase(positions, po);
  ASSERT_TRUE(again.ok()) << again.error();
  EXPECT_EQ(first_report, 30u);
  EXPECT_EQ(again->phase.legal, run->phase.legal);
  // A journal of other searches is refused.
  po.limits.nodes = 777;
  EXPECT_FALSE(run_proof_phase(positions, po).ok());
}

}  // namespace
}  // namespace chessrank::estimator
