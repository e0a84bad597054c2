// Al-Suli's ferz endgame (ferz/ferz.h) against the figures and lines of seed 002, and against a
// depth-limited search with its own rules, which shares nothing with the retrograde solver.
#include "ferz/ferz.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <pcg_random.hpp>

#include "core/types.h"

#include "tests/support/build_flavour.h"

namespace chessrank::ferz {
namespace {

// The solution, and the progress its build reported: (positions done, their most) per report.
std::vector<std::pair<std::uint64_t, std::uint64_t>> progress_reports;
const Solution& solution() {
  static const Solution s([](std::uint64_t done, std::uint64_t total) { progress_reports.emplace_back(done, total); });
  return s;
}

Position at(const char* text) { return parse_position(text).value(); }

std::set<std::string> names(const std::vector<Move>& moves) {
  std::set<std::string> out;
  for (const Move& m : moves) out.insert(move_name(m));
  return out;
}

// A line as the seed writes it: per ply the move played and the other best moves it lists ("~": any).
struct Ply {
  std::string move;
  std::set<std::string> others;
};
std::vector<Ply> parse_line(const std::string& text) {
  std::vector<Ply> plies;
  std::istringstream in(text);
  for (std::string word; in >> word;) {
    if (std::isdigit(static_cast<unsigned char>(word[0]))) continue;
    if (word[0] == '(') {
      std::istringstream alternatives(word.substr(1, word.size() - 2));
      for (std::string a; std::getline(alternatives, a, '/');) plies.back().others.insert(a);
      continue;
    }
    plies.push_back({word, {}});
  }
  return plies;
}

// Walk a published line: every ply must be a best move, one ply nearer the win, and the best moves must be
// the ply's move and the alternatives it lists, plus the `extra` ones of that ply.
void expect_line_is_best_play(const char* start, const std::string& line, int plies,
                              const std::vector<std::pair<int, std::set<std::string>>>& extra = {}) {
  Position p = at(start);
  ASSERT_EQ(solution().distance(p), plies);
  const std::vector<Ply> line_plies = parse_line(line);
  ASSERT_EQ(int(line_plies.size()), plies);
  for (int i = 0; i < plies; ++i) {
    const Ply& ply = line_plies[std::size_t(i)];
    EXPECT_EQ(solution().distance(p), plies - i) << "ply " << i + 1;
    const std::vector<Move> best = solution().best_moves(p);
    std::set<std::string> want = ply.others;
    want.insert(ply.move);
    if (ply.move == "~") want = names(legal_moves(p));  // any move
    if (ply.move == "Kxf") want = {"Kxa1"};              // the seed names the captured man
    for (const auto& [at_ply, moves] : extra)
      if (at_ply == i + 1) want.insert(moves.begin(), moves.end());
    EXPECT_EQ(names(best), want) << "ply " << i + 1;
    const auto played = std::find_if(best.begin(), best.end(), [&](const Move& m) {
      return move_name(m) == ply.move || ply.move == "~" || (ply.move == "Kxf" && m.capture);
    });
    ASSERT_NE(played, best.end()) << "ply " << i + 1 << ": " << ply.move << " is not a best move";
    p = play(p, *played);
  }
}

// Return the plies of the principal variation from p, played out to its capture: a count of moves, not the
// distance the solution stores.
int line_length(Position p) {
  for (int plies = 1; plies < 200; ++plies) {
    const std::vector<Move> best = solution().best_moves(p);
    if (best.empty()) return 0;
    if (best.front().capture) return plies;
    p = play(p, best.front());
  }
  return -1;
}

const char* const AlSuli = "8/8/8/3k4/8/1KF5/8/f7 w";
const char* const AlSuliLine =
    "1 Kb4 Kd6 2 Kc4 Ke6 3 Kd4 Kf6 4 Kd5 Kf7 5 Ke5 (Fd2) Kg7 6 Ke6 (Fd2) Kf8 7 Kd6 (Kf6/Kf5/Fb4/Fd2) Ke8 8 Kc6 "
    "(Ke5/Fd2) Kd8 9 Kb6 (Kd5/Fd2) Kc8 (Ke8/Ke7) 10 Kc5 (Fd2) Kd7 11 Kb5 (Fd2) Kc7 (Ke7/Ke6) 12 Kc4 (Fd2) Kd6 13 "
    "Kb4 (Fd2) Kc6 (Ke6/Ke5) 14 Fd2 Kd5 15 Kc3 Ke4 16 Kb3 Kd4 (Kd3/Kf3) 17 Kc2 Kc4 (Ke4) 18 Kb1 (Fc1/Fe1) Kd3 19 Fc1 "
    "~ 20 Kxf";

// The seed: "The solution takes no less than 39 ply, starting with Kb4", and its principal variation with
// optimal alternatives. The solver finds every move it lists optimal, and three more: 4 Ke4, and 6 Kf5 and
// 6 Fb4. (The seed's lists are otherwise exact, five moves at 7 Kd6 included; the mate and stalemate rules
// do not change these three, docs/ferz.md.)
// The build's progress counts up to its most, every index scanned and then searched at most once.
TEST(Ferz, ProgressCountsUpToTheEnd) {
  solution();
  ASSERT_FALSE(progress_reports.empty());
  for (std::size_t i = 1; i < progress_reports.size(); ++i)
    EXPECT_LT(progress_reports[i - 1].first, progress_reports[i].first);
  EXPECT_EQ(progress_reports.back(), std::make_pair(std::uint64_t(1) << 26, std::uint64_t(1) << 26));
}

TEST(Ferz, AlSulisPositionWinsIn39PliesByItsPublishedLine) {
  const Position p = at(AlSuli);
  EXPECT_EQ(solution().distance(p), 39);
  EXPECT_EQ(names(solution().best_moves(p)), std::set<std::string>{"Kb4"});
  expect_line_is_best_play(AlSuli, AlSuliLine, 39, {{7, {"Ke4"}}, {11, {"Kf5", "Fb4"}}});
  // The printed line is the seed's, move for move, with those alternatives added.
  std::string want = AlSuliLine;
  for (const auto& [from, to] : {std::pair<std::string, std::string>{"4 Kd5 Kf7", "4 Kd5 (Ke4) Kf7"},
                                 {"6 Ke6 (Fd2)", "6 Ke6 (Kf5/Fb4/Fd2)"}, {"Kxf", "Kxa1"}})
    want.replace(want.find(from), from.size(), to);
  EXPECT_EQ(principal_variation(solution(), p), want);
}

// The seed's "polished" position: 53 plies, the most of any position whose ferzes share a colour, "and the
// very same first move Kb4 (though no longer unique)"; its line reaches al-Suli's position after 14 plies.
TEST(Ferz, ThePolishedPositionIsTheLongestWinWithFerzesOfOneColour) {
  expect_line_is_best_play("3F3k/8/8/K7/8/8/8/f7 w",
                           "1 Kb4 (Ka4/Fc7) Kg7 (Kg8) 2 Kb3 (Fc7) Kf7 (Kf8) 3 Fc7 Ke6 (Ke7) 4 Fb6 Kd5 (Kd6) 5 Fa5 Kc5 "
                           "6 Fb4 Kc6 7 Fc3 Kd5 " + std::string(AlSuliLine),  // numbers are not read
                           53, {{14 + 7, {"Ke4"}}, {14 + 11, {"Kf5", "Fb4"}}});
  const auto [same, plies_same] = solution().longest(true);
  EXPECT_EQ(plies_same, 53);
  const auto dark = [](int s) { return is_dark(Square(s)); };
  EXPECT_EQ(dark(same.men[WhiteFerz]), dark(same.men[BlackFerz]));
  // Ferzes of different colours never meet, and the longest win overall is longer: theirs.
  const auto [longest, plies] = solution().longest(false);
  EXPECT_GT(plies, 53);
  EXPECT_NE(dark(longest.men[WhiteFerz]), dark(longest.men[BlackFerz]));
  EXPECT_EQ(line_length(longest), plies);
}

// An independent judge: its own rules, and a search of every line to a depth.
struct Search {
  static bool next_to(int a, int b) { return a != b && std::abs(a % 8 - b % 8) <= 1 && std::abs(a / 8 - b / 8) <= 1; }
  static bool diagonal(int a, int b) { return std::abs(a % 8 - b % 8) == 1 && std::abs(a / 8 - b / 8) == 1; }
  // men: white king, white ferz, black king, black ferz (-1: taken).
  static bool attacked(const std::array<int, 4>& men, int side, int square) {
    return next_to(men[std::size_t(2 * side)], square) ||
           (men[std::size_t(2 * side + 1)] >= 0 && diagonal(men[std::size_t(2 * side + 1)], square));
  }
  static bool playable(const std::array<int, 4>& men, int side) {
    for (std::size_t i = 0; i < 4; ++i)
      for (std::size_t j = i + 1; j < 4; ++j)
        if (men[i] == men[j]) return false;
    return !next_to(men[0], men[2]) && !attacked(men, side, men[std::size_t(2 * (1 - side))]);
  }
  static std::vector<std::array<int, 4>> moves(const std::array<int, 4>& men, int side) {
    std::vector<std::array<int, 4>> out;
    for (int piece = 0; piece < 2; ++piece)
      for (int to = 0; to < 64; ++to) {
        const int from = men[std::size_t(2 * side + piece)];
        if (!(piece == 0 ? next_to(from, to) : diagonal(from, to))) continue;
        if (to == men[std::size_t(2 * side + 1 - piece)] || to == men[std::size_t(2 * (1 - side))]) continue;
        std::array<int, 4> after = men;
        if (to == men[std::size_t(2 * (1 - side) + 1)]) after[std::size_t(2 * (1 - side) + 1)] = -1;
        after[std::size_t(2 * side + piece)] = to;
        if (!attacked(after, 1 - side, after[std::size_t(2 * side)])) out.push_back(after);
      }
    return out;
  }
  // Return whether White, to move (side 0) or not, wins within `plies`.
  static bool wins(const std::array<int, 4>& men, int side, int plies) {
    if (plies <= 0) return false;
    const std::vector<std::array<int, 4>> next = moves(men, side);
    if (side == 0) {
      return std::any_of(next.begin(), next.end(), [&](const std::array<int, 4>& m) {
        if (m[3] < 0) return !(next_to(m[2], m[1]) && !next_to(m[0], m[1]));  // Black cannot take back
        return wins(m, 1, plies - 1);
      });
    }
    if (next.empty()) return false;
    return std::all_of(next.begin(), next.end(),
                       [&](const std::array<int, 4>& m) { return m[1] >= 0 && wins(m, 0, plies - 1); });
  }
};

// Positions drawn at random, and the extra alternatives of the seed's line: the search wins within the
// solver's distance and not in two plies fewer; positions the solver does not win are not won within the
// search's depth either.
TEST(Ferz, TheSolverAgreesWithASearchOfEveryLine) {
  const int depth = testing::unless_sanitized(7, 5);
  pcg64 rng(2026, 11);
  int won = 0, lost = 0;
  for (int tries = 0; tries < 200000 && won + lost < testing::unless_sanitized(400, 60); ++tries) {
    Position p;
    for (int& s : p.men) s = int(rng(64));
    p.side = int(rng(2));
    if (!Search::playable(p.men, p.side)) continue;
    const int d = solution().distance(p);
    if (d > depth || (d == 0 && lost > won)) continue;  // keep as many not won as won
    (d ? won : lost)++;
    EXPECT_EQ(Search::wins(p.men, p.side, d ? d : depth), d != 0) << to_text(p);
    if (d > 2) {
      EXPECT_FALSE(Search::wins(p.men, p.side, d - 2)) << to_text(p);
    }
  }
  EXPECT_GT(won, 10);
  EXPECT_GT(lost, 10);
}

// Every 5th position (every 97th under the sanitizers; 5 and 97 are prime to 64, so every square of every
// man comes up): White wins in one ply exactly when the search finds a winning capture, and Black to move
// loses in two exactly when the search says so. These are the positions where the rules of the capture
// (Black's king retaking an unguarded ferz) decide.
TEST(Ferz, TheFirstTwoPliesAgreeWithTheSearch) {
  const std::uint32_t stride = testing::unless_sanitized(5, 97);
  std::array<int, 2> won{};
  for (std::uint32_t i = 0; i < (std::uint32_t(1) << 25); i += stride) {
    const Position p{{int(i >> 18 & 63), int(i >> 12 & 63), int(i >> 6 & 63), int(i & 63)}, int(i >> 24)};
    if (!Search::playable(p.men, p.side)) continue;
    const int plies = p.side == 0 ? 1 : 2, d = solution().distance(p);
    const bool search = Search::wins(p.men, p.side, plies);
    ASSERT_EQ(d != 0 && d <= plies, search) << to_text(p);
    won[std::size_t(p.side)] += search;
  }
  EXPECT_GT(won[0], 0);
  EXPECT_GT(won[1], 0);
}

TEST(Ferz, Positions) {
  const Position p = at(AlSuli);
  EXPECT_EQ(to_text(p), AlSuli);
  EXPECT_EQ(p.men, (std::array<int, 4>{17, 18, 35, 0}));  // b3 c3 d5 a1
  const auto error = [](const char* text) { return parse_position(text).error(); };
  EXPECT_EQ(error("8/8/8/3k4/8/1KF5/8/f7"),
            "expected a placement and a side to move (w or b), such as '8/8/8/3k4/8/1KF5/8/f7 w'");
  EXPECT_EQ(error("8/8/8/3k4/8/1KF5/8/f7 x"), "side to move: 'x' is not w or b");
  EXPECT_EQ(error("8/8/8/3k4/8/1KQ5/8/f7 w"),
            "placement: 'Q' is not a man (K and F for White, k and f for Black) or a digit");
  EXPECT_EQ(error("8/8/8/3k4/8/1KF5/8/f6 w"), "placement: it does not have 8 ranks of 8 squares");
  EXPECT_EQ(error("8/8/8/3k4/8/1KF6/8/f7 w"), "placement: rank 3 has more than 8 squares");
  EXPECT_EQ(error("8/8/8/3k4/8/1KF5/8 w"), "placement: it does not have 8 ranks of 8 squares");
  EXPECT_EQ(error("8/8/8/3k4/8/1KF5/8/8 w"), "placement: no 'f'");
  EXPECT_EQ(error("8/8/8/3k4/8/1KF5/8/fF6 w"), "placement: a second 'F'");
  EXPECT_EQ(error("8/8/8/8/8/1KF5/2k5/f7 w"), "the kings stand side by side");
  EXPECT_EQ(error("8/8/8/8/3k4/1KF5/8/f7 w"), "the side not to move is in check");  // White's ferz attacks d4
  // Black to move: the moves are numbered on from White's first.
  EXPECT_EQ(principal_variation(solution(), at("8/8/8/3k4/8/1KF5/8/f7 b")).rfind("1 ... ", 0), 0u);
  EXPECT_NE(principal_variation(solution(), at("8/8/8/3k4/8/1KF5/8/f7 b")).find(" 2 K"), std::string::npos);
}

}  // namespace
}  // namespace chessrank::ferz
