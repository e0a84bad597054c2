// `chessrank count`, `rank`, `unrank` and `sample` run as a user runs them, checked against the library
// (and, for `sample --legal`, against the legality checks of the estimator library).

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "core/fen.h"
#include "legality/legality.h"
#include "rank/model.h"
#include "tests/support/build_flavour.h"
#include "tests/support/cli.h"

namespace chessrank::rank {
namespace {

using Outcome = testing::CliResult;
using testing::lines_of;
using testing::run_cli;

// Names the models the runs go through: all of them, or under the sanitizers the default and `cpr`, since
// there every run rebuilds a model's tables (`v3`'s take seconds) and the CLI's code is the same for every
// model (each model runs under the sanitizers in its own test file).
std::vector<std::string> cli_models() {
  if (testing::Sanitized) return {std::string(DefaultModel), "cpr"};
  return model_names();
}

// Names the models of the runs that check the CLI's own work (--legal's filter, the threads' batches): the
// default, and `cpr`, which unranks a batch with RankModel::unrank_fixed_many's plain loop where the default
// has a batched unrank of its own; under the sanitizers the default alone.
std::vector<std::string> batching_models() {
  if (testing::Sanitized) return {std::string(DefaultModel)};
  return {std::string(DefaultModel), "cpr"};
}

// The report names the model and its constraints, then N exactly and the bytes of the shortest fixed code:
// the bit length of the largest index, N - 1, rounded up to bytes.
TEST(CliCount, PrintsTheModelItsConstraintsAndItsExactSize) {
  for (const std::string& name : cli_models()) {
    SCOPED_TRACE(name);
    const RankModel& model = *find_model(name);
    const Outcome r = run_cli({"count", "--model", name});
    ASSERT_EQ(r.status, 0) << r.err;
    const std::vector<std::string> lines = lines_of(r.out);
    ASSERT_EQ(lines.size(), 6u) << r.out;
    EXPECT_EQ(lines[0], "model: " + name);
    EXPECT_EQ(lines[1], "constraints: " + std::string(model.description()));
    EXPECT_EQ(lines[2], "positions: " + model.size().get_str());
    char logs[64];
    std::snprintf(logs, sizeof logs, "log2: %.4f", std::log2(model.size().get_d()));
    EXPECT_EQ(lines[3], logs);
    std::snprintf(logs, sizeof logs, "log10: %.4f", std::log10(model.size().get_d()));
    EXPECT_EQ(lines[4], logs);
    const BigInt largest = model.size() - 1;
    EXPECT_EQ(lines[5], "code bytes: " + std::to_string((mpz_sizeinbase(largest.get_mpz_t(), 2) + 7) / 8));
    EXPECT_EQ(r.err, "");
  }
  // Only the constraints the model has are claimed: v1 says its bishops are not counted by colour.
  EXPECT_NE(find_model("v1")->description().find("bishops counted without their square colours"), std::string::npos);
  EXPECT_EQ(lines_of(run_cli({"count"}).out).at(0), "model: " + std::string(DefaultModel));
}

// Parse a breakdown line "  name: count (share)" into its name, count and share.
struct BreakdownLine {
  std::string name;
  BigInt count;
  std::string share;
};
BreakdownLine parse_breakdown_line(const std::string& line) {
  const std::size_t colon = line.rfind(": "), open = line.find(" (", colon);
  if (line.rfind("  ", 0) != 0 || colon == std::string::npos || open == std::string::npos || line.back() != ')') {
    ADD_FAILURE() << "not a breakdown line: '" << line << "'";
    return {};
  }
  return {line.substr(2, colon - 2), BigInt(line.substr(colon + 2, open - colon - 2)),
          line.substr(open + 2, line.size() - open - 3)};
}

// --breakdown splits N by side to move, castling rights and en passant case, each part the sum of the
// model's frames, and lists what each constraint removes: the relaxed model's size less N.
TEST(CliCount, BreakdownSplitsNAndSaysWhatEachConstraintRemoves) {
  // The default's relaxed models take seconds to build: under the sanitizers `cpr` alone.
  std::vector<std::string> names = {"cpr"};
  if (!testing::Sanitized) names.push_back(std::string(DefaultModel));
  for (const std::string& name : names) {
    SCOPED_TRACE(name);
    const RankModel& model = *find_model(name);
    const Outcome r = run_cli({"count", "--model", name, "--breakdown"});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.err, "");
    // The sections after the six lines of a plain count, each a heading and its lines.
    std::vector<std::pair<std::string, std::vector<BreakdownLine>>> sections;
    const std::vector<std::string> lines = lines_of(r.out);
    ASSERT_GT(lines.size(), 7u);
    EXPECT_EQ(lines[6], "");
    for (std::size_t i = 7; i < lines.size(); ++i) {
      if (lines[i].empty()) continue;
      if (lines[i][0] != ' ') sections.push_back({lines[i], {}});
      else if (!sections.empty()) sections.back().second.push_back(parse_breakdown_line(lines[i]));
    }
    ASSERT_EQ(sections.size(), 4u) << r.out;

    // Side to move: black to move is the colour swap of white to move, so each is half of N.
    EXPECT_EQ(sections[0].first, "side to move");
    ASSERT_EQ(sections[0].second.size(), 2u);
    const BreakdownLine& white = sections[0].second[0];
    EXPECT_EQ(white.name, "white");
    EXPECT_EQ(sections[0].second[1].name, "black");
    EXPECT_EQ(white.count * 2, model.size());
    EXPECT_EQ(sections[0].second[1].count, white.count);
    EXPECT_EQ(white.share, "50.0000%");

    // Castling rights and en passant cases: the frames' sizes summed one way and the other, each way adding
    // up to the half.
    const FrameTable frames = frame_table(model);
    std::array<BigInt, 16> by_castling{};
    std::array<BigInt, EnPassantCases> by_ep{};
    for (int cr = 0; cr < 16; ++cr)
      for (int e = 0; e < EnPassantCases; ++e) by_castling[cr] += frames[cr][e], by_ep[e] += frames[cr][e];
    EXPECT_EQ(sections[1].first, "castling rights (white to move; black to move is the colour swap)");
    ASSERT_EQ(sections[1].second.size(), 16u);
    BigInt castling_sum = 0;
    for (int cr = 0; cr < 16; ++cr) {
      EXPECT_EQ(sections[1].second[cr].count, by_castling[cr]) << sections[1].second[cr].name;
      castling_sum += sections[1].second[cr].count;
    }
    EXPECT_EQ(sections[1].second[0].name, "-");
    EXPECT_EQ(sections[1].second[15].name, "KQkq");
    EXPECT_EQ(castling_sum, white.count);
    EXPECT_EQ(sections[2].first, "en passant (white to move)");
    ASSERT_EQ(sections[2].second.size(), std::size_t(EnPassantCases));
    BigInt ep_sum = 0;
    for (int e = 0; e < EnPassantCases; ++e) {
      EXPECT_EQ(sections[2].second[e].name, describe_ep_case(e));
      EXPECT_EQ(sections[2].second[e].count, by_ep[e]) << describe_ep_case(e);
      ep_sum += sections[2].second[e].count;
    }
    EXPECT_EQ(ep_sum, white.count);

    // What each constraint removes: positive, and the relaxed model's size less N.
    EXPECT_EQ(sections[3].first,
              "what each constraint removes (the model without it counts this many more positions)");
    const auto without = model.without_each_constraint();
    ASSERT_EQ(sections[3].second.size(), without.size());
    for (std::size_t i = 0; i < without.size(); ++i) {
      EXPECT_EQ(sections[3].second[i].name, without[i].first);
      EXPECT_EQ(sections[3].second[i].count, without[i].second - model.size()) << without[i].first;
      EXPECT_GT(sections[3].second[i].count, 0) << without[i].first;
      EXPECT_NE(sections[3].second[i].share.find("% of the model without it"), std::string::npos);
    }
  }
}

// Good lines come out in order, each bad one is one error line naming its line and why, and the status
// says that something failed. The two legal en passant positions of the 2021 ranking's bug reports rank.
TEST(CliRank, RanksGoodLinesAndNamesTheBadOnes) {
  const std::vector<std::string> fens = {
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      "rnbqkbnr/1p2pppp/p7/2Pp4/3p4/8/PP1PPPPP/RNBQKB1R w KQkq d6 0 1",
      "not a fen",
      "rnb1kbnr/pp2pppp/8/2Pp4/q2p4/8/PP1PPPPP/RNB1KB1R w KQkq d6 0 1",
      "QQQk4/8/8/8/8/8/PPPPPP2/4K3 w - - 0 1",  // a queen of the side to move next to the other king
  };
  std::string input;
  for (const std::string& f : fens) input += f + "\n";
  for (const std::string& name : cli_models()) {
    SCOPED_TRACE(name);
    const RankModel& model = *find_model(name);
    const Outcome r = run_cli({"rank", "--model", name}, input);
    std::string expected_out, expected_err;
    for (std::size_t i = 0; i < fens.size(); ++i) {
      const Result<Position> pos = parse_fen(fens[i]);
      if (!pos) {
        expected_err += "error: line " + std::to_string(i + 1) + ": " + pos.error() + "\n";
        continue;
      }
      const Result<BigInt> index = model.rank(*pos);
      if (index) expected_out += index->get_str() + "\n";
      else expected_err += "error: line " + std::to_string(i + 1) + ": " + index.error() + "\n";
    }
    EXPECT_EQ(r.status, 1);
    EXPECT_EQ(r.out, expected_out);
    EXPECT_EQ(r.err, expected_err);
    EXPECT_EQ(lines_of(r.out).size(), name == "v1" ? 3u : 4u);  // cpr has no constraint 7
  }
}

// Indices in decimal or hexadecimal give the positions they rank from; an index out of range or not a
// number is one error line, and the other lines still come out.
TEST(CliUnrank, InvertsRankAndRefusesBadIndices) {
  const std::string fen = "rnb1kbnr/pp2pppp/8/2Pp4/q2p4/8/PP1PPPPP/RNB1KB1R w KQkq d6";
  const Outcome ranked = run_cli({"rank", fen});
  ASSERT_EQ(ranked.status, 0) << ranked.err;
  const std::string index = lines_of(ranked.out).at(0);
  BigInt n(index);
  const std::string hex = "0x" + n.get_str(16);
  const BigInt size = find_model(DefaultModel)->size(), last = size - 1;
  const Outcome r = run_cli({"unrank"}, index + "\n" + size.get_str() + "\n" + hex + "\n-1\n");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, fen + "\n" + fen + "\n");
  EXPECT_EQ(r.err, "error: line 2: index out of range: the model " + std::string(DefaultModel) + " has indices 0 to " +
                       last.get_str() +
                       "\nerror: line 4: '-1' is not a decimal or 0x-hexadecimal index\n");
}

// A sample is a list of "index<TAB>FEN" whose FENs rank back to their indices; the same seed gives the
// same list, another seed another one, and --skip resumes a run where it stopped.
TEST(CliSample, LinesRankBackAndTheSeedFixesThem) {
  for (const std::string& name : cli_models()) {
    SCOPED_TRACE(name);
    const RankModel& model = *find_model(name);
    const Outcome a = run_cli({"sample", "--model", name, "--count", "200", "--seed", "7"});
    ASSERT_EQ(a.status, 0) << a.err;
    const std::vector<std::string> lines = lines_of(a.out);
    ASSERT_EQ(lines.size(), 200u);
    for (const std::string& line : lines) {
      const std::size_t tab = line.find('\t');
      ASSERT_NE(tab, std::string::npos) << line;
      const Result<Position> pos = parse_fen(line.substr(tab + 1));
      ASSERT_TRUE(pos.ok()) << line;
      const Result<BigInt> index = model.rank(*pos);
      ASSERT_TRUE(index.ok()) << line << ": " << index.error();
      EXPECT_EQ(index->get_str(), line.substr(0, tab));
    }
    EXPECT_EQ(run_cli({"sample", "--model", name, "--count", "200", "--seed", "7"}).out, a.out);
    EXPECT_NE(run_cli({"sample", "--model", name, "--count", "200", "--seed", "8"}).out, a.out);
    // A run cut short after 150 lines resumes with --skip 150: the last 50 lines of the full run.
    const Outcome rest = run_cli({"sample", "--model", name, "--count", "200", "--seed", "7", "--skip", "150"});
    EXPECT_EQ(rest.status, 0) << rest.err;
    std::string tail;
    for (std::size_t i = 150; i < lines.size(); ++i) tail += lines[i] + "\n";
    EXPECT_EQ(rest.out, tail);
  }
  const Outcome too_many = run_cli({"sample", "--count", "5", "--skip", "6"});
  EXPECT_EQ(too_many.status, 2);
  EXPECT_EQ(too_many.out, "");
  EXPECT_EQ(too_many.err, "error: --skip: 6 is more than --count 5\n");
}

// With --legal the draws are the same, and exactly those that pass the legality checks (judged here by
// the library) become lines: the plain run of the same seed, filtered, in order. --skip resumes it too.
TEST(CliSample, LegalKeepsTheDrawsThatPassTheChecks) {
  for (const std::string& name : batching_models()) {
    SCOPED_TRACE(name);
    const Outcome all = run_cli({"sample", "--model", name, "--count", "2000", "--seed", "11"});
    ASSERT_EQ(all.status, 0) << all.err;
    std::vector<std::string> passing;
    for (const std::string& line : lines_of(all.out)) {
      const Result<Position> pos = parse_fen(line.substr(line.find('\t') + 1));
      ASSERT_TRUE(pos.ok()) << line;
      if (legality::judge(*pos, legality::RuleSet::Default, false).passes()) passing.push_back(line);
    }
    // About 15% of v1 and 8% of cpr pass: 2000 draws give more than 50 lines.
    ASSERT_GE(passing.size(), 50u);
    passing.resize(50);
    const Outcome legal = run_cli({"sample", "--model", name, "--count", "50", "--seed", "11", "--legal"});
    ASSERT_EQ(legal.status, 0) << legal.err;
    EXPECT_EQ(lines_of(legal.out), passing);
    const Outcome rest =
        run_cli({"sample", "--model", name, "--count", "50", "--seed", "11", "--legal", "--skip", "45"});
    ASSERT_EQ(rest.status, 0) << rest.err;
    EXPECT_EQ(lines_of(rest.out), std::vector<std::string>(passing.begin() + 45, passing.end()));
  }
}

// Ctrl-C (here SIGINT from timeout) stops the run after whole lines, exits with 130 and names the --skip
// that resumes it: the two outputs together are the uninterrupted run's.
TEST(CliSample, InterruptStopsAfterWholeLinesAndNamesTheSkip) {
  const testing::CliResult cut = testing::run_cli_interrupted(
      {"sample", "--model", "cpr", "--legal", "--count", "1000000", "--seed", "4", "--threads", "1"}, 2);
  ASSERT_EQ(cut.status, 130) << cut.err;
  const std::string& first = cut.out;
  ASSERT_TRUE(first.empty() || first.back() == '\n');
  const std::size_t n = lines_of(first).size();
  EXPECT_EQ(cut.err, "error: interrupted after " + std::to_string(n) + " lines: the same command with --skip " +
                           std::to_string(n) + " prints the rest\n");
  const std::string count = std::to_string(n + 20);
  const Outcome rest =
      run_cli({"sample", "--model", "cpr", "--legal", "--count", count, "--seed", "4", "--skip", std::to_string(n)});
  ASSERT_EQ(rest.status, 0) << rest.err;
  const Outcome whole = run_cli({"sample", "--model", "cpr", "--legal", "--count", count, "--seed", "4"});
  ASSERT_EQ(whole.status, 0) << whole.err;
  EXPECT_EQ(first + rest.out, whole.out);
}

// The threads share out the unranking of batches of draws (1024 per thread); the draws themselves stay
// one stream, so any --threads prints the same lines. Runs of several batches, with --skip, with and
// without --legal, on one and on three threads (the other tests run on all cores).
TEST(CliSample, ThreadsNeverChangeTheLines) {
  for (const std::string& name : batching_models()) {
    SCOPED_TRACE(name);
    for (const bool legal : {false, true}) {
      std::vector<std::string> args{"sample", "--model", name, "--seed", "3"};
      const std::string count = legal ? "300" : "2500", skip = legal ? "170" : "1100";
      args.insert(args.end(), {"--count", count, "--skip", skip});
      if (legal) args.push_back("--legal");
      std::vector<std::string> one = args, three = args;
      one.insert(one.end(), {"--threads", "1"});
      three.insert(three.end(), {"--threads", "3"});
      const Outcome a = run_cli(one);
      ASSERT_EQ(a.status, 0) << a.err;
      EXPECT_EQ(lines_of(a.out).size(), std::stoul(count) - std::stoul(skip));
      EXPECT_EQ(run_cli(three).out, a.out);
    }
  }
  const Outcome bad = run_cli({"sample", "--threads", "-1"});
  EXPECT_EQ(bad.status, 2);
  EXPECT_EQ(bad.err, "error: --threads: '-1' is not a whole number from 0 to 1024\n");
}

}  // namespace
}  // namespace chessrank::rank
