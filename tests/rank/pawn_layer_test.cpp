#include "rank/pawn_layer.h"

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <tuple>

#include "core/bitboard.h"
#include "rank/binomial.h"

namespace chessrank::rank {
namespace {

PawnRules any_rules() {
  PawnRules r;
  for (auto& f : r) f.fill(CellRule::Any);
  return r;
}

// The en passant case "d6, capturer on e5 only": d5 black, d6 and d7 empty, e5 white, c5 not white.
PawnRules ep_rules() {
  PawnRules r = any_rules();
  r[3][3] = CellRule::Black;
  r[3][4] = r[3][5] = CellRule::Empty;
  r[4][3] = CellRule::White;
  r[2][3] = CellRule::NoWhite;
  return r;
}

constexpr Bitboard Cells = 0x00FFFFFFFFFFFF00ULL;

// Enumerate by brute force every placement of at most 2 + 2 pawns, check the rule filter, the count per
// (white, black, opposed), and that rank is a bijection onto [0, count) inverted by unrank.
void check_brute_force(const PawnRules& rules) {
  const PawnLayer layer(rules);
  std::vector<Square> cells;
  for (Bitboard b = Cells; b;) cells.push_back(pop_lsb(b));
  std::map<std::tuple<int, int, int>, std::set<std::uint64_t>> ranks;
  std::map<std::tuple<int, int, int>, std::uint64_t> counts;
  // Choose up to two white and two black cells as index pairs (i <= j means one pawn when i == j ... use
  // explicit subsets instead).
  std::vector<Bitboard> sets{0};
  for (std::size_t i = 0; i < cells.size(); ++i) {
    sets.push_back(square_bb(cells[i]));
    for (std::size_t j = i + 1; j < cells.size(); ++j) sets.push_back(square_bb(cells[i]) | square_bb(cells[j]));
  }
  for (Bitboard w : sets)
    for (Bitboard b : sets) {
      if (w & b) continue;
      bool ok = true;
      for (int f = 0; f < 8 && ok; ++f)
        for (int i = 0; i < 6 && ok; ++i) {
          const Square s = make_square(File(f), Rank(i + 1));
          const bool hw = w & square_bb(s), hb = b & square_bb(s);
          switch (rules[f][i]) {
            case CellRule::Any: break;
            case CellRule::NoWhite: ok = !hw; break;
            case CellRule::White: ok = hw; break;
            case CellRule::Black: ok = hb; break;
            case CellRule::Empty: ok = !hw && !hb; break;
          }
        }
      ASSERT_EQ(layer.admissible(w, b), ok);
      if (!ok) continue;
      // Opposed files by a direct scan: a white pawn below a black pawn on the same file.
      int opposed = 0;
      for (int f = 0; f < 8; ++f) {
        bool found = false;
        for (Bitboard x = w & file_bb(File(f)); x;) {
          const Square s = pop_lsb(x);
          for (Bitboard y = b & file_bb(File(f)); y;) found |= pop_lsb(y) > s;
        }
        opposed += found;
      }
      const auto key = std::make_tuple(popcount(w), popcount(b), opposed);
      counts[key]++;
      const std::uint64_t r = layer.rank(w, b);
      ASSERT_LT(r, layer.count(popcount(w), popcount(b), opposed));
      ASSERT_TRUE(ranks[key].insert(r).second) << "rank used twice";
      Bitboard w2 = 0, b2 = 0;
      layer.unrank(popcount(w), popcount(b), opposed, r, w2, b2);
      ASSERT_EQ(w2, w);
      ASSERT_EQ(b2, b);
    }
  for (int w = 0; w <= 2; ++w)
    for (int b = 0; b <= 2; ++b)
      for (int o = 0; o <= 2; ++o)
        EXPECT_EQ(std::uint64_t(layer.count(w, b, o)), (counts[std::make_tuple(w, b, o)])) << w << b << o;
}

TEST(PawnLayer, BruteForceWithoutEnPassant) { check_brute_force(any_rules()); }
TEST(PawnLayer, BruteForceWithEnPassantRules) { check_brute_force(ep_rules()); }

// Summed over opposed files, the count is the number of ways to choose the cells: C(48, w) C(48 - w, b).
TEST(PawnLayer, TotalsMatchBinomials) {
  const PawnLayer layer(any_rules());
  for (int w = 0; w <= 8; ++w)
    for (int b = 0; b <= 8; ++b) {
      std::uint64_t total = 0;
      for (int o = 0; o <= 8; ++o) total += layer.count(w, b, o);
      EXPECT_EQ(total, Binomial(48, w) * Binomial(48 - w, b)) << w << " " << b;
    }
  // Eight opposed files need a white pawn below a black pawn on every file: with one each per file that
  // is C(6, 2) ways per file.
  std::uint64_t expected = 1;
  for (int f = 0; f < 8; ++f) expected *= 15;
  EXPECT_EQ(layer.count(8, 8, 8), expected);
}

}  // namespace
}  // namespace chessrank::rank
