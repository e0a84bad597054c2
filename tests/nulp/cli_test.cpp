// Runs `chessrank nulp` as a user would and checks its output against the library and the published
// figures.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "nulp/nulp.h"
#include "tests/support/cli.h"

namespace chessrank::nulp {
namespace {

using testing::run_cli_shell;

// Return the whitespace-separated words of each line of text.
std::vector<std::vector<std::string>> rows(const std::string& text) {
  std::vector<std::vector<std::string>> out;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    std::istringstream words(line);
    out.emplace_back();
    for (std::string w; words >> w;) out.back().push_back(w);
  }
  return out;
}

TEST(NulpCli, TotalsByMenAreThePublishedOnes) {
  const testing::CliResult r = run_cli_shell("nulp --men 4");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "");
  const auto table = rows(r.out);
  ASSERT_EQ(table.size(), 4u) << r.out;  // the header, then 2, 3 and 4 men
  EXPECT_EQ(table[1], (std::vector<std::string>{"2", "462", "0", "1"}));
  EXPECT_EQ(table[2], (std::vector<std::string>{"3", "368079", "211", "5"}));
  EXPECT_EQ(table[3], (std::vector<std::string>{"4", "125246598", "113158", "30"}));
  const auto small = rows(run_cli_shell("nulp --board 4x4 --men 4").out);
  ASSERT_EQ(small.size(), 4u);
  EXPECT_EQ(small[2][1], "3378");
  EXPECT_EQ(small[3][1], "227362");
}

TEST(NulpCli, ListIsTheLibrarysRows) {
  const testing::CliResult r = run_cli_shell("nulp --men 3 --list --threads 1");
  EXPECT_EQ(r.status, 0) << r.err;
  const auto table = rows(r.out);
  const std::vector<EndgameCount> want = count_endgames(Board{8, 8}, 3);
  ASSERT_EQ(table.size(), want.size() + 1) << r.out;
  for (std::size_t i = 0; i < want.size(); ++i) {
    const EndgameCount& c = want[i];
    EXPECT_EQ(table[i + 1], (std::vector<std::string>{c.name, std::to_string(c.material.men()), c.unique.get_str(),
                                                       c.castling.get_str(), c.stronger_to_move.get_str(),
                                                       c.weaker_to_move.get_str(), c.positions.get_str()}));
  }
  EXPECT_EQ(run_cli_shell("nulp --men 3 --list --threads 3").out, r.out);
}

TEST(NulpCli, NamedEndgamesAndABadNameAmongThem) {
  const testing::CliResult r = run_cli_shell("nulp kqk kxk KRvK");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err,
            "error: argument 2: 'kxk' is not an endgame: two kings, each followed by its men (q r b n p), such as kqk "
            "or KRPvKR\n");
  const auto table = rows(r.out);
  ASSERT_EQ(table.size(), 3u) << r.out;  // the header and the two good rows, in the order given
  EXPECT_EQ(table[1][0], "kqk");
  EXPECT_EQ(table[1][2], "46137");
  EXPECT_EQ(table[1][4], "18081");
  EXPECT_EQ(table[1][5], "28056");
  EXPECT_EQ(table[2][0], "krk");
  EXPECT_EQ(table[2][3], "211");  // with castling rights: the rook in its corner, the king on e1
}

TEST(NulpCli, BadOptionsSayWhatIsWrong) {
  const auto expect = [](const std::string& args, int status, const std::string& err) {
    const testing::CliResult r = run_cli_shell("nulp " + args);
    EXPECT_EQ(r.status, status) << args;
    EXPECT_EQ(r.err, err) << args;
    EXPECT_EQ(r.out, "") << args;
  };
  expect("--board 9x9", 2, "error: --board: '9x9' is not FILESxRANKS with each from 1 to 8, such as 8x8 or 4x4\n");
  expect("--men 9", 2, "error: --men: '9' is not a whole number from 2 to 8\n");
  expect("--board 2x2 --men 5", 2, "error: --men: 5 men do not fit on a 2x2 board\n");
  expect("kqqqqqqqk", 1, "error: argument 1: 'kqqqqqqqk' has 9 men; at most 8 are counted\n");
  expect("--board 2x2 kqqqk", 1, "error: argument 1: 'kqqqk' has more men than the board has squares\n");
  // --men and --list shape the table of every endgame; with endgames named they would be ignored.
  expect("--men 3 kqk", 2, "error: ENDGAME excludes --men\n");
  expect("--list kqk", 2, "error: ENDGAME excludes --list\n");
}

}  // namespace
}  // namespace chessrank::nulp
