// `chessrank prove` and `sample --legal --prove` as a user runs them: one line per position in input
// order, games that `chessrank replay` plays to the position, errors in place, and output independent of
// the thread count.
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/fen.h"
#include "tests/support/cli.h"

namespace chessrank {
namespace {

using testing::lines_of;
using testing::run_cli;

// Return `s` with every blank a newline: one move a line.
std::string replace_spaces(std::string s) {
  for (char& c : s)
    if (c == ' ') c = '\n';
  return s;
}

// The position replay reaches after the moves of a "legal: proof: ..." line, as FEN without counters.
std::string replayed(const std::string& line) {
  const std::string prefix = "legal: proof: ";
  EXPECT_EQ(line.rfind(prefix, 0), 0u) << line;
  const testing::CliResult r = run_cli({"replay"}, line.substr(prefix.size()) + "\n");
  EXPECT_EQ(r.status, 0) << r.err;
  return to_fen4(parse_fen(r.out.substr(0, r.out.find('\n'))).value());
}

TEST(CliProve, PrintsALinePerPositionInOrderAndErrorsInPlace) {
  const std::vector<std::string> fens = {
      "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
      "4k3/8/8/8/8/8/4r3/4K3 b - - 0 1",
      "not a fen",
      "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
  };
  const testing::CliResult r = run_cli({"prove", "--threads", "2"}, fens[0] + "\n" + fens[1] + "\n" + fens[2] + "\n" + fens[3] + "\n");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err.rfind("error: line 3: ", 0), 0u) << r.err;
  const std::vector<std::string> lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 3u) << r.out;
  EXPECT_EQ(replayed(lines[0]), to_fen4(parse_fen(fens[0]).value()));
  EXPECT_EQ(lines[1].rfind("illegal: ", 0), 0u) << lines[1];
  EXPECT_EQ(replayed(lines[2]), to_fen4(parse_fen(fens[3]).value()));  // the en passant square included
}

TEST(CliProve, GivesTheSameLinesForAnyThreadCount) {
  const std::string input =
      "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4\n"
      "8/8/8/3k4/8/8/2R5/6K1 b - -\n"
      "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3\n";
  const testing::CliResult one = run_cli({"prove", "--threads", "1", "--seed", "4"}, input);
  const testing::CliResult three = run_cli({"prove", "--threads", "3", "--seed", "4"}, input);
  ASSERT_EQ(one.status, 0) << one.err;
  EXPECT_EQ(one.out, three.out);
  EXPECT_EQ(lines_of(one.out).size(), 3u);
}

// A program that writes a FEN and waits for the answer gets it before writing the next one.
TEST(CliProve, AnswersEachLineAsItComes) {
  const testing::Conversation c = testing::converse(
      {"prove"}, {"8/8/8/3k4/8/8/2R5/6K1 b - -\n", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\n"});
  ASSERT_EQ(c.answers.size(), 2u);
  EXPECT_EQ(c.answers[0].rfind("legal: proof: ", 0), 0u) << c.answers[0];
  EXPECT_EQ(c.answers[1].rfind("legal: proof: ", 0), 0u) << c.answers[1];
  EXPECT_EQ(c.status, 0);
}

// --format json gives each outcome as an object in the text's order, the error of a malformed item in its
// place; the members say what the text lines say.
TEST(CliProve, JsonGivesTheOutcomesAsObjectsInPlace) {
  const std::vector<std::string> fens = {"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "not a fen",
                                         "4k3/8/8/8/8/8/4r3/4K3 b - - 0 1",
                                         "3kB3/4pnb1/qpp2bR1/3Nr2r/NB2K1P1/nb1p1P2/nn3Br1/5B2 w - - 0 1"};
  std::string input;
  for (const std::string& f : fens) input += f + "\n";
  const testing::CliResult text = run_cli({"prove", "--nodes", "100", "--threads", "2"}, input);
  const testing::CliResult json = run_cli({"prove", "--nodes", "100", "--threads", "2", "--format", "json"}, input);
  EXPECT_EQ(json.status, 1);
  EXPECT_EQ(json.err, text.err);
  const std::vector<std::string> texts = lines_of(text.out), objects = lines_of(json.out);
  ASSERT_EQ(texts.size(), 3u) << text.out;
  ASSERT_EQ(objects.size(), 4u) << json.out;
  std::size_t t = 0;
  std::set<std::string> outcomes;
  for (std::size_t i = 0; i < objects.size(); ++i) {
    const nlohmann::json o = nlohmann::json::parse(objects[i]);
    if (i == 1) {
      EXPECT_EQ(o["source"], "line 2");
      EXPECT_TRUE(o.contains("error"));
      continue;
    }
    EXPECT_EQ(o["fen"], to_fen4(parse_fen(fens[i]).value()));
    const std::string& line = texts[t++];
    const std::string outcome = o["outcome"];
    outcomes.insert(outcome);
    ASSERT_EQ(line.rfind(outcome + ": ", 0), 0u) << line;
    if (outcome == "legal") {
      EXPECT_EQ("legal: proof: " + o["proof"].get<std::string>(), line);
      EXPECT_EQ(o["plies"], lines_of(replace_spaces(o["proof"])).size());
    } else {
      EXPECT_EQ(outcome + ": " + o["reason"].get<std::string>(), line);
    }
    EXPECT_TRUE(o["nodes"].is_number_unsigned());
  }
  EXPECT_EQ(outcomes, (std::set<std::string>{"legal", "illegal", "unknown"}));
}

TEST(CliProve, SaysUnknownWhenTheBudgetRunsOut) {
  const testing::CliResult r =
      run_cli({"prove", "--nodes", "50", "3kB3/4pnb1/qpp2bR1/3Nr2r/NB2K1P1/nb1p1P2/nn3Br1/5B2 w - - 0 1"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.rfind("unknown: ", 0), 0u) << r.out;
}

// An unknown outcome's closest line (--format json) replays, and given back as --opening it begins the
// next search's lines.
TEST(CliProve, GivesTheClosestLineWhichAnOpeningContinues) {
  const std::string goal = "3kB3/4pnb1/qpp2bR1/3Nr2r/NB2K1P1/nb1p1P2/nn3Br1/5B2 w - - 0 1";
  const testing::CliResult first = run_cli({"prove", "--nodes", "50", "--format", "json", goal});
  ASSERT_EQ(first.status, 0) << first.err;
  const nlohmann::json a = nlohmann::json::parse(first.out);
  ASSERT_EQ(a["outcome"], "unknown");
  const std::string closest = a["closest"];
  ASSERT_NE(closest, "");
  EXPECT_EQ(run_cli({"replay"}, closest + "\n").status, 0);
  const testing::CliResult second = run_cli({"prove", "--nodes", "50", "--format", "json", "--opening", closest, goal});
  ASSERT_EQ(second.status, 0) << second.err;
  const nlohmann::json b = nlohmann::json::parse(second.out);
  ASSERT_EQ(b["outcome"], "unknown");
  EXPECT_EQ(b["closest"].get<std::string>().rfind(closest, 0), 0u) << b["closest"];
}

TEST(CliProve, RefusesBadOptions) {
  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
           {"prove", "--nodes", "0"}, {"prove", "--time", "-1"}, {"prove", "--seed", "x"},
           {"prove", "--opening", "e4 e4"}}) {
    const testing::CliResult r = run_cli(args);
    EXPECT_EQ(r.status, 2) << args[1];
    EXPECT_EQ(r.out, "");
    EXPECT_NE(r.err.find(args[1]), std::string::npos) << r.err;
  }
}

// Ctrl-C (SIGINT from timeout) stops prove's searches under way: whole lines out, exit 130, and the --skip
// that resumes; the two outputs together are the uninterrupted run's, and --skip leaves out items, the
// malformed ones included, without reporting them again.
TEST(CliProve, InterruptStopsTheSearchesAndNamesTheSkip) {
  const std::string easy = "8/8/8/3k4/8/8/2R5/6K1 b - -";
  const std::string hard = "3kB3/4pnb1/qpp2bR1/3Nr2r/NB2K1P1/nb1p1P2/nn3Br1/5B2 w - - 0 1";
  std::vector<std::string> fens;
  for (int i = 0; i < 100; ++i) fens.insert(fens.end(), {easy, hard});
  std::vector<std::string> args = {"prove", "--nodes", "3000", "--threads", "2"};
  args.insert(args.end(), fens.begin(), fens.end());
  const testing::CliResult cut = testing::run_cli_interrupted(args, 2);
  ASSERT_EQ(cut.status, 130) << cut.err;
  ASSERT_TRUE(cut.out.empty() || cut.out.back() == '\n');
  const std::size_t n = lines_of(cut.out).size();
  const std::string said = "error: interrupted after " + std::to_string(n) +
                           " positions: the same command with --skip " + std::to_string(n) + " proves the rest\n";
  ASSERT_GE(cut.err.size(), said.size());
  EXPECT_EQ(cut.err.substr(cut.err.size() - said.size()), said);  // after a progress line, if any
  std::vector<std::string> whole = {"prove", "--nodes", "3000"};
  whole.insert(whole.end(), fens.begin(), fens.begin() + std::ptrdiff_t(n + 2));
  std::vector<std::string> rest = whole;
  rest.insert(rest.begin() + 1, {"--skip", std::to_string(n)});
  const testing::CliResult a = run_cli(rest), b = run_cli(whole);
  ASSERT_EQ(a.status, 0) << a.err;
  ASSERT_EQ(b.status, 0) << b.err;
  EXPECT_EQ(cut.out + a.out, b.out);

  const testing::CliResult skipped =
      run_cli({"prove", "--skip", "2", "--nodes", "3000"}, easy + "\nnot a fen\n" + easy + "\n");
  EXPECT_EQ(skipped.status, 0) << skipped.err;
  EXPECT_EQ(skipped.err, "");
  EXPECT_EQ(lines_of(skipped.out).size(), 1u) << skipped.out;
}

// Every draw is a line (none dropped), with its verdict; the same seed gives the same lines whatever the
// threads; each proof replays to the line's position.
TEST(CliSampleProve, ReportsEveryDrawWithItsVerdict) {
  const std::vector<std::string> args = {"sample", "--legal", "--prove", "--count", "6", "--seed", "3", "--nodes", "3000"};
  std::vector<std::string> one = args, two = args;
  one.insert(one.end(), {"--threads", "1"});
  two.insert(two.end(), {"--threads", "2"});
  const testing::CliResult a = run_cli(one), b = run_cli(two);
  ASSERT_EQ(a.status, 0) << a.err;
  EXPECT_EQ(a.out, b.out);
  const std::vector<std::string> lines = lines_of(a.out);
  ASSERT_EQ(lines.size(), 6u);
  for (const std::string& line : lines) {
    const std::size_t tab1 = line.find('\t'), tab2 = line.find('\t', tab1 + 1);
    ASSERT_NE(tab2, std::string::npos) << line;
    const std::string verdict = line.substr(tab2 + 1);
    EXPECT_TRUE(verdict.rfind("legal: proof: ", 0) == 0 || verdict.rfind("illegal: ", 0) == 0 ||
                verdict.rfind("unknown: ", 0) == 0)
        << line;
    if (verdict.rfind("legal: ", 0) == 0) {
      EXPECT_EQ(replayed(verdict), line.substr(tab1 + 1, tab2 - tab1 - 1));
    }
  }
  // --format json: the same draws, each with the text verdict's members.
  std::vector<std::string> json_args = args;
  json_args.insert(json_args.end(), {"--format", "json"});
  const std::vector<std::string> objects = lines_of(run_cli(json_args).out);
  ASSERT_EQ(objects.size(), lines.size());
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const nlohmann::json o = nlohmann::json::parse(objects[i]);
    const std::string verdict = lines[i].substr(lines[i].find('\t', lines[i].find('\t') + 1) + 1);
    const std::string outcome = o["outcome"];
    EXPECT_EQ(verdict, outcome + (outcome == "legal" ? ": proof: " + o["proof"].get<std::string>()
                                                     : ": " + o["reason"].get<std::string>()));
  }
  const testing::CliResult without = run_cli({"sample", "--prove", "--count", "1"});
  EXPECT_EQ(without.status, 2);
  EXPECT_NE(without.err.find("--legal"), std::string::npos) << without.err;
}

// Ctrl-C (here SIGINT from timeout) stops the searches under way: whole lines out, exit 130, and the --skip
// that resumes; the two outputs together are the uninterrupted run's. (cpr: its tables build in moments even
// under the sanitizers, so the signal comes during the searches.)
TEST(CliSampleProve, InterruptStopsTheSearchesAndNamesTheSkip) {
  const testing::CliResult cut = testing::run_cli_interrupted(
      {"sample", "--model", "cpr", "--legal", "--prove", "--count", "1000", "--seed", "7", "--nodes", "3000",
       "--threads", "2"},
      2);
  ASSERT_EQ(cut.status, 130) << cut.err;
  const std::string& first = cut.out;
  ASSERT_TRUE(first.empty() || first.back() == '\n');
  const std::size_t n = lines_of(first).size();
  const std::string said = "error: interrupted after " + std::to_string(n) + " lines: the same command with --skip " +
                           std::to_string(n) + " prints the rest\n";
  const std::string& errors = cut.err;
  ASSERT_GE(errors.size(), said.size());
  EXPECT_EQ(errors.substr(errors.size() - said.size()), said);  // after a progress line, if any
  const std::vector<std::string> args = {"sample", "--model", "cpr", "--legal", "--prove", "--count",
                                         std::to_string(n + 2), "--seed", "7", "--nodes", "3000"};
  std::vector<std::string> rest_args = args;
  rest_args.insert(rest_args.end(), {"--skip", std::to_string(n)});
  const testing::CliResult rest = run_cli(rest_args), whole = run_cli(args);
  ASSERT_EQ(rest.status, 0) << rest.err;
  ASSERT_EQ(whole.status, 0) << whole.err;
  EXPECT_EQ(first + rest.out, whole.out);
}

// The two-phase estimate: the report's proof-game lines, the JSON member, and the refusals.
TEST(CliEstimateProve, ReportsTheTwoSidedEstimate) {
  const testing::CliResult r =
      run_cli({"estimate", "--samples", "5000", "--seed", "3", "--prove", "3", "--prove-nodes", "1000", "--json", "-"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("proof games on the first 3 passing samples (1000 nodes each)"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("lower estimate (proven legal):"), std::string::npos) << r.err;
  const nlohmann::json report = nlohmann::json::parse(r.out, nullptr, false);
  ASSERT_TRUE(report.is_object()) << r.out;
  EXPECT_EQ(report["proof"]["searched"], 3) << r.out;
  EXPECT_EQ(report["proof"]["nodes"], 1000) << r.out;
  EXPECT_EQ(report["proof"]["legal"].get<int>() + report["proof"]["unknown"].get<int>() +
                report["proof"]["illegal"].get<int>(),
            3)
      << r.out;
  EXPECT_EQ(run_cli({"estimate", "--samples", "100", "--prove", "2", "--rules", "seed000"}).status, 2);
  EXPECT_EQ(run_cli({"estimate", "--samples", "100", "--prove-nodes", "2"}).status, 2);
}

}  // namespace
}  // namespace chessrank
