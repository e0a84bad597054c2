// Runs `chessrank ferz` as a user would.
#include <gtest/gtest.h>

#include <string>

#include "ferz/ferz.h"
#include "tests/support/build_flavour.h"
#include "tests/support/cli.h"

namespace chessrank::ferz {
namespace {

using testing::run_cli;

// Each run of the command solves the endgame (seconds, a minute under the sanitizers): under the
// sanitizers the first two cases run it, the others are left to the optimised build.

// The library's solution, built once for the file's tests (seconds under the sanitizers).
const Solution& solution() {
  static const Solution s;
  return s;
}

TEST(FerzCli, WithoutArgumentsItSolvesAlSulisPosition) {
  const testing::CliResult r = run_cli({"ferz"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out.rfind("8/8/8/3k4/8/1KF5/8/f7 w: White wins in 39 plies\n1 Kb4 Kd6 2 Kc4 ", 0), 0u) << r.out;
  EXPECT_NE(r.out.find(" 19 Fc1 ~ 20 Kxa1\n"), std::string::npos) << r.out;
}

TEST(FerzCli, BadLinesAreNamedAndTheOthersSolved) {
  const testing::CliResult r =
      run_cli({"ferz", "--input", "-"},
              "3F3k/8/8/K7/8/8/8/f7 w\n8/8/8/8 w\n8/8/8/8/8/1KF5/2k5/f7 w\n8/8/8/3k4/8/K1F5/8/f7 b\n");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err,
            "error: line 2: placement: it does not have 8 ranks of 8 squares\n"
            "error: line 3: the kings stand side by side\n");
  EXPECT_EQ(r.out.rfind("3F3k/8/8/K7/8/8/8/f7 w: White wins in 53 plies\n", 0), 0u) << r.out;
  // Line 4, Black to move: a win or not, as the library says.
  const int d = solution().distance(parse_position("8/8/8/3k4/8/K1F5/8/f7 b").value());
  EXPECT_NE(r.out.find(d ? "8/8/8/3k4/8/K1F5/8/f7 b: White wins in " + std::to_string(d) + " plies\n1 ... "
                         : "8/8/8/3k4/8/K1F5/8/f7 b: White cannot force a win\n"),
            std::string::npos)
      << r.out;
}

// --moves: every legal move with the plies to the win when it is played, as the library gives them.
TEST(FerzCli, MovesListsEveryLegalMove) {
  if (testing::Sanitized) GTEST_SKIP() << "a solve per run: the runs above cover the command under sanitizers";
  const testing::CliResult r = run_cli({"ferz", "--moves"});
  EXPECT_EQ(r.status, 0) << r.err;
  const Position p = parse_position("8/8/8/3k4/8/1KF5/8/f7 w").value();
  std::string want;
  for (const Move& m : legal_moves(p)) {
    const int d = solution().distance_after(p, m);
    want += "  " + move_name(m) + ' ' + (d ? std::to_string(d) : "no win") + '\n';
  }
  EXPECT_NE(want.find("  Kb4 39\n"), std::string::npos) << want;  // the only move that keeps the 39 plies
  ASSERT_GE(r.out.size(), want.size());
  EXPECT_EQ(r.out.substr(r.out.size() - want.size()), want) << r.out;
}

TEST(FerzCli, Longest) {
  if (testing::Sanitized) GTEST_SKIP() << "a solve per run: the runs above cover the command under sanitizers";
  const testing::CliResult r = run_cli({"ferz", "--longest"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("the longest with the ferzes on squares of one colour (53 plies):\n"), std::string::npos)
      << r.out;
  EXPECT_EQ(run_cli({"ferz", "--input", "x", "8/8/8/3k4/8/1KF5/8/f7 w"}).status, 2);  // not both
  // --longest prints its own positions: positions given with it would be ignored.
  const testing::CliResult both = run_cli({"ferz", "--longest", "8/8/8/3k4/8/1KF5/8/f7 w"});
  EXPECT_EQ(both.status, 2);
  EXPECT_EQ(both.err, "error: POSITION excludes --longest\n");
  EXPECT_EQ(both.out, "");
}

}  // namespace
}  // namespace chessrank::ferz
