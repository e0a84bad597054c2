#include "bound/nopromo_sample.h"

#include <gtest/gtest.h>

#include <array>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/fen.h"
#include "estimator/checkpoint_file.h"
#include "estimator/nopromo_estimate.h"
#include "tests/support/build_flavour.h"
#include "tests/support/checkpoint_text.h"
#include "tests/support/temp_dir.h"

namespace chessrank::bound {
namespace {

// Return (hits - n p) / sqrt(n p (1 - p)): within a few units when hits ~ Binomial(n, p).
double z_score(std::uint64_t hits, std::uint64_t n, double p) {
  return (double(hits) - double(n) * p) / std::sqrt(double(n) * p * (1 - p));
}

double ratio(const BigInt& a, const BigInt& b) { return std::pow(10.0, log10_big(a) - log10_big(b)); }

// The class sizes the sampler draws from sum to the placements the DP counts with every constraint off:
// two computations (light pawns by class here, power sums there) of the same number.
TEST(NopromoSampler, ClassSizesSumToTheCountOfPlacements) {
  NopromoShape placements;
  placements.file_constraints = false, placements.kings_apart = false;
  EXPECT_EQ(NopromoSampler({}).placements(), nopromo_count(placements));
}

// Draws are placements of rules 1-3, and their share inside a set matches that set's exact count over
// the placements: uniform draws, and a membership test that agrees with the DP, checked together.
TEST(NopromoSampler, ShareInsideMatchesTheExactCounts) {
  NopromoShape kings_apart;
  kings_apart.file_constraints = false;
  NopromoShape no_kings;  // every placement of rules 1-3
  no_kings.file_constraints = false, no_kings.kings_apart = false;
  NopromoShape coarse;  // the full file constraints, costs exact to 2 only
  coarse.exact_costs = 2;
  const NopromoShape shapes[] = {kings_apart, NopromoShape{}, coarse};
  NopromoSampler sampler({});
  const BigInt all = sampler.placements();
  pcg64 rng(11);
  const std::uint64_t n = testing::unless_sanitized(400'000, 40'000);
  std::uint64_t inside[3] = {0, 0, 0};
  for (std::uint64_t i = 0; i < n; ++i) {
    const Position pos = sampler.draw(rng);
    ASSERT_TRUE(nopromo_contains(no_kings, pos)) << to_fen(pos);
    for (int s = 0; s < 3; ++s) inside[s] += nopromo_contains(shapes[s], pos);
  }
  for (int s = 0; s < 3; ++s) {
    const double p = ratio(nopromo_count(shapes[s]), all);
    EXPECT_LT(std::abs(z_score(inside[s], n, p)), 4.5) << "shape " << s << ": " << inside[s] << " of " << n
                                                         << " inside, expected share " << p;
  }
  // The file constraints keep about 2.3% of the placements: the test must see thousands of members.
  EXPECT_GT(inside[1], n / 100);
}

// The kings are placed after the pawns and bishops, inside a class: mirroring the files maps the set
// of placements onto itself and light squares onto dark ones, so each king stands on a light square
// with probability exactly 1/2.
TEST(NopromoSampler, KingsStandOnEitherColourEquallyOften) {
  NopromoSampler sampler({});
  pcg64 rng(5);
  const std::uint64_t n = testing::unless_sanitized(200'000, 20'000);
  std::uint64_t light[2] = {0, 0};
  for (std::uint64_t i = 0; i < n; ++i) {
    const Position pos = sampler.draw(rng);
    for (Color c : {White, Black}) light[c] += (LightSquaresBB >> lsb(pos.pieces(c, King))) & 1;
  }
  for (Color c : {White, Black}) EXPECT_LT(std::abs(z_score(light[c], n, 0.5)), 4.5) << light[c] << " of " << n;
}

// Options for a run of `draws` draws on `threads` threads.
// The runs test the sampling's chunks, threads and checkpoints, which any deterministic judge serves: a small
// budget for the legality stages that search keeps them quick (a verdict changes only from "illegal" to
// "passes", the same in every run).
estimator::NopromoSampleOptions sample_options(std::uint64_t draws, std::uint64_t seed, unsigned threads = 1) {
  estimator::NopromoSampleOptions o;
  o.draws = draws;
  o.seed = seed;
  o.threads = threads;
  o.limits = legality::SearchLimits{2000, 2, 4};
  return o;
}

NopromoShape quick_shape() {
  NopromoShape shape;
  shape.exact_costs = 2;  // the quickest count with the file constraints
  return shape;
}

// Return the run's counts, failing the test when the run fails.
estimator::NopromoEstimate run(const estimator::NopromoSampleOptions& o, const NopromoShape& shape = quick_shape()) {
  Result<estimator::NopromoEstimate> e = estimator::estimate_nopromo(shape, o);
  EXPECT_TRUE(e.ok()) << e.error();
  return e.ok() ? *e : estimator::NopromoEstimate{};
}

TEST(NopromoEstimate, SameSeedSameResultAndTheSetBoundsThePassing) {
  const std::uint64_t draws = testing::Sanitized ? 20'000 : 70'000;
  const auto a = run(sample_options(draws, 3)), b = run(sample_options(draws, 3));
  EXPECT_EQ(a.tally, b.tally);
  const auto c = run(sample_options(draws, 4));
  EXPECT_NE(std::make_pair(a.tally.inside, a.tally.passing), std::make_pair(c.tally.inside, c.tally.passing));
  EXPECT_EQ(a.tally.draws, draws);
  EXPECT_EQ(a.set_size, nopromo_count(quick_shape()));
  EXPECT_GT(a.tally.inside, 0u);
  EXPECT_LE(a.tally.passing, a.tally.inside);
  std::uint64_t rejected = 0;
  for (std::uint64_t r : a.tally.rejected_by) rejected += r;
  EXPECT_EQ(rejected + a.tally.passing, a.tally.inside);
  const estimator::Interval share = a.pass_share();
  EXPECT_DOUBLE_EQ(share.estimate, double(a.tally.passing) / double(a.tally.inside));
  EXPECT_LE(share.low, share.estimate);
  EXPECT_GE(share.high, share.estimate);
}

// Two chunks and part of a third: the threads share the chunks, the merge adds them in order.
constexpr std::uint64_t SomeChunks = 2 * estimator::NopromoChunk + 1000;

TEST(NopromoEstimate, SameResultForAnyThreadCount) {
  const auto one = run(sample_options(SomeChunks, 8, 1));
  EXPECT_EQ(one.tally.draws, SomeChunks);
  EXPECT_EQ(one.threads, 1u);
  for (unsigned threads : {2u, 3u}) EXPECT_EQ(run(sample_options(SomeChunks, 8, threads)).tally, one.tally);
}

TEST(NopromoEstimate, CheckpointResumeGivesTheSameResult) {
  const testing::TempDir dir("chessrank-nopromo-sample");
  const std::string cp = dir.file("sample.checkpoint").string();
  const auto whole = run(sample_options(SomeChunks, 9, 2));

  // An "interrupted" run that ends inside its second chunk, then a resumed run to the full count: the
  // checkpoint holds the first chunk only, and the resumed run draws the second in full.
  auto part = sample_options(estimator::NopromoChunk + 500, 9, 2);
  part.checkpoint = cp;
  const auto first = run(part);
  EXPECT_FALSE(first.resumed);
  EXPECT_EQ(first.tally.draws, estimator::NopromoChunk + 500);
  auto rest = sample_options(SomeChunks, 9, 1);
  rest.checkpoint = cp;
  std::vector<std::uint64_t> reports;  // draws done, as the progress line is told them
  rest.progress = [&](std::uint64_t done, std::uint64_t, double) { reports.push_back(done); };
  const auto resumed = run(rest);
  rest.progress = nullptr;
  EXPECT_TRUE(resumed.resumed);
  ASSERT_FALSE(reports.empty());
  EXPECT_EQ(reports.front(), estimator::NopromoChunk);  // the checkpoint's whole chunk, before any drawing
  EXPECT_EQ(reports.back(), SomeChunks);
  EXPECT_EQ(resumed.tally, whole.tally);

  // A checkpoint of another seed, or of another set, is refused and names what differs.
  auto wrong_seed = sample_options(SomeChunks, 10);
  wrong_seed.checkpoint = cp;
  const auto refused = estimator::estimate_nopromo(quick_shape(), wrong_seed);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.error().find("has seed 9, this run 10"), std::string::npos) << refused.error();
  NopromoShape other = quick_shape();
  other.kings_apart = false;
  const auto refused_shape = estimator::estimate_nopromo(other, rest);
  ASSERT_FALSE(refused_shape.ok());
  EXPECT_EQ(refused_shape.error(),
            "checkpoint " + cp + " is of another set: its kings apart is 1, this run's 0 (0 with --adjacent-kings)");

  // A checkpoint holding more draws than asked for is refused, not reported as a larger run. (It holds the
  // whole chunks only.)
  auto fewer = sample_options(estimator::NopromoChunk, 9);
  fewer.checkpoint = cp;
  const auto refused_fewer = estimator::estimate_nopromo(quick_shape(), fewer);
  ASSERT_FALSE(refused_fewer.ok());
  EXPECT_EQ(refused_fewer.error(), "checkpoint " + cp + " holds " + std::to_string(2 * estimator::NopromoChunk) +
                                       " draws, more than the " + std::to_string(estimator::NopromoChunk) +
                                       " asked for");

  // A checkpoint whose counts are cut short is refused too, not read as zeros; so is one whose counts do
  // not fit together (more passing than inside the set, draws that are not its whole chunks).
  std::string saved;
  {
    std::ifstream in(cp);
    for (std::string line; std::getline(in, line);) saved += line + "\n";
  }
  const auto with_line = [&](const std::string& key, const std::string& line) {
    std::string text;
    std::istringstream in(saved);
    for (std::string l; std::getline(in, l);) text += (l.rfind(key + " ", 0) == 0 ? line : l) + "\n";
    return text;
  };
  // The saved counts are draws, inside, passing: pass one more than are inside.
  std::uint64_t draws = 0, inside = 0;
  const char* counts = saved.c_str() + saved.find("\ncounts ");
  ASSERT_EQ(std::sscanf(counts, "\ncounts %" SCNu64 ",%" SCNu64 ",", &draws, &inside), 2);
  EXPECT_EQ(draws, 2 * estimator::NopromoChunk);
  for (const auto& [key, line, error] : std::vector<std::array<std::string, 3>>{
           {"counts", "counts 5,1", ""},
           {"counts",
            "counts " + std::to_string(draws) + "," + std::to_string(inside) + "," + std::to_string(inside + 1),
            ": its counts do not add up"},
           {"chunks", "chunks 3", ": its counts do not add up"}}) {
    std::ofstream(cp, std::ios::trunc) << testing::resealed(with_line(key, line));
    const auto damaged = estimator::estimate_nopromo(quick_shape(), rest);
    ASSERT_FALSE(damaged.ok()) << line;
    EXPECT_EQ(damaged.error(), "checkpoint " + cp + " is damaged" + error) << line;
  }
}

TEST(NopromoEstimate, CheckpointThatCannotBeWrittenFailsBeforeDrawing) {
  const testing::TempDir dir("chessrank-nopromo-sample");
  auto o = sample_options(1000, 1);
  o.checkpoint = (dir.path() / "missing" / "sample.checkpoint").string();
  const auto r = estimator::estimate_nopromo(quick_shape(), o);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error(),
            "cannot write checkpoint " + o.checkpoint + " (" + o.checkpoint + ".lock: No such file or directory)");
}

// A run given the checkpoint of a run still going is refused before it reads or writes it.
TEST(NopromoEstimate, CheckpointInUseByAnotherRunIsRefused) {
  const testing::TempDir dir("chessrank-nopromo-sample");
  const std::string cp = dir.file("sample.checkpoint").string();
  auto o = sample_options(estimator::NopromoChunk, 9, 1);
  o.checkpoint = cp;
  const auto other = estimator::CheckpointLock::acquire(cp);  // as another run would hold it
  ASSERT_TRUE(other.ok()) << other.error();
  const auto r = estimator::estimate_nopromo(quick_shape(), o);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error(), "checkpoint " + cp + " is in use by another run (" + cp + ".lock is locked)");
  EXPECT_FALSE(std::filesystem::exists(cp));
}

}  // namespace
}  // namespace chessrank::bound
