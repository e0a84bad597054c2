// PawnKingLayer against brute force: every placement of pawns and white king on a few open cells, counted
// by a scan of its own, and rank a bijection onto [0, count) that unrank inverts.
#include "rank/pawn_king_layer.h"

#include <gtest/gtest.h>

#include <map>
#include <random>
#include <set>
#include <tuple>
#include <vector>

#include "core/bitboard.h"

namespace chessrank::rank {
namespace {

using Key = std::tuple<int, int, int, int, int, int>;  // white, black, opposed, track, colour, king

// Return rules with every cell empty but `open` (Any) and the cells given their own rules.
PawnRules closed_rules(Bitboard open, const std::vector<std::pair<Square, CellRule>>& special = {}) {
  PawnRules r;
  for (auto& f : r) f.fill(CellRule::Empty);
  for (Bitboard b = open & PawnCellsBB; b;) {
    const Square s = pop_lsb(b);
    r[file_of(s)][rank_of(s) - 1] = CellRule::Any;
  }
  for (const auto& [s, rule] : special) r[file_of(s)][rank_of(s) - 1] = rule;
  return r;
}

// Return the number of files with a white pawn below a black pawn, by a scan of the squares.
int opposed_by_scan(Bitboard w, Bitboard b) {
  int opposed = 0;
  for (int f = 0; f < 8; ++f) {
    bool found = false;
    for (int lo = 0; lo < 8; ++lo)
      for (int hi = lo + 1; hi < 8; ++hi)
        found |= (w & square_bb(make_square(File(f), Rank(lo)))) && (b & square_bb(make_square(File(f), Rank(hi))));
    opposed += found;
  }
  return opposed;
}

// Enumerate every placement the rules allow (each non-empty cell empty or holding what its rule lets it,
// the king on no square or on an allowed one no pawn takes) and check counts, admissibility and ranks.
void check_brute_force(const PawnKingRules& rules, const FileOrder& order = FilesAtoH) {
  PawnKingTables tables;
  const PawnKingLayer layer(rules, order, tables);
  std::vector<Square> cells;
  for (int f = 0; f < 8; ++f)
    for (int i = 0; i < 6; ++i)
      if (rules.pawns[f][i] != CellRule::Empty) cells.push_back(make_square(File(f), Rank(i + 1)));
  ASSERT_LE(cells.size(), 11u) << "too many cells for brute force";
  std::map<Key, std::set<std::uint64_t>> ranks;
  std::size_t placements = 0;
  std::size_t total = 1;
  for (std::size_t i = 0; i < cells.size(); ++i) total *= 3;
  for (std::size_t n = 0; n < total; ++n) {
    Bitboard w = 0, b = 0;
    bool ok = true;
    std::size_t x = n;
    for (const Square s : cells) {
      const int what = int(x % 3);
      x /= 3;
      const CellRule rule = rules.pawns[file_of(s)][rank_of(s) - 1];
      if (what == 1) w |= square_bb(s);
      if (what == 2) b |= square_bb(s);
      ok = ok && cell_allows(rule, what == 1, what == 2);
    }
    std::vector<Bitboard> kings{0};
    for (Bitboard k = rules.king & ~(w | b); k;) kings.push_back(square_bb(pop_lsb(k)));
    for (const Bitboard k : kings) {
      ASSERT_EQ(layer.admissible(w, b, k), ok);
      if (!ok || popcount(w) > 8 || popcount(b) > 8) continue;  // the tables hold at most 8 pawns a side
      ++placements;
      const Bitboard men = w | b | k;
      const Key key{popcount(w), popcount(b), opposed_by_scan(w, b), popcount(men & rules.track),
                    popcount(men & rules.colour), k ? 1 : 0};
      const PawnKingLayer::Counts c = layer.counts(w, b, k);
      ASSERT_EQ(Key(c.white, c.black, c.opposed, c.track, c.colour, c.king), key);
      const std::uint64_t r = layer.rank(w, b, k);
      ASSERT_LT(r, layer.count(c));
      ASSERT_TRUE(ranks[key].insert(r).second) << "a rank given twice";
      Bitboard uw, ub, uk;
      layer.unrank(c, r, uw, ub, uk);
      ASSERT_EQ(uw, w);
      ASSERT_EQ(ub, b);
      ASSERT_EQ(uk, k);
    }
    // A king on a square the rules bar, or on a pawn, is not admissible.
    if (ok) {
      if (const Bitboard barred = ~rules.king & ~(w | b)) {
        EXPECT_FALSE(layer.admissible(w, b, square_bb(lsb(barred))));
      }
      if (w) {
        EXPECT_FALSE(layer.admissible(w, b, square_bb(lsb(w))));
      }
    }
  }
  // Every count is what was found: ranks are then exactly [0, count).
  for (const auto& [key, found] : ranks) {
    const auto [w, b, o, t, c, k] = key;
    EXPECT_EQ(layer.count({w, b, o, t, c, k}), found.size());
  }
  EXPECT_GT(placements, 0u);
}

constexpr Bitboard Squares(std::initializer_list<Square> squares) {
  Bitboard b = 0;
  for (const Square s : squares) b |= square_bb(s);
  return b;
}

TEST(PawnKingLayer, BruteForceWithoutKing) {
  PawnKingRules rules;
  rules.pawns = closed_rules(Squares({A2, A3, A5, B4, B7, D2, D6, H3, H7}));
  rules.track = Squares({A3, B4, H7});
  rules.colour = LightSquaresBB;
  check_brute_force(rules);
}

TEST(PawnKingLayer, BruteForceWithKing) {
  PawnKingRules rules;
  rules.pawns = closed_rules(Squares({C3, C4, C6, D5, E2, E7, F4}));
  rules.king = Squares({A1, C2, C3, C8, D5, E7, H1, H8});  // some on pawn cells, some behind them
  rules.track = Squares({C3, C8, E7, F4, H1});
  rules.colour = DarkSquaresBB;
  check_brute_force(rules);
}

// The en passant case "d6, capturer on c5" with a king next to it: fixed pawns, emptied cells, cells where
// no white pawn may stand, and the file order of a model (the king's file first).
TEST(PawnKingLayer, BruteForceWithFixedCells) {
  PawnKingRules rules;
  rules.pawns = closed_rules(Squares({C2, C6, D2, D4, E3, E4, E6, F6}),
                             {{D5, CellRule::Black}, {C5, CellRule::White}, {E4, CellRule::NoWhite}});
  rules.king = ~Squares({D6, D7, E5, F5, F4, E6, D6, F6});
  rules.king &= Squares({A1, B3, C4, C7, D2, H5});
  rules.track = Squares({C4, D4, C6, E6, B3});
  rules.colour = LightSquaresBB;
  check_brute_force(rules, {4, 3, 5, 2, 6, 0, 1, 7});
}

// Layers with equal files share their tables, and a layer ranks as a fresh one does. A suffix table is shared
// by the multiset of its files: a layer with the files in another order reuses the table of all eight, and
// still ranks as a fresh layer of its own order.
TEST(PawnKingLayer, SharedTablesGiveTheSameRanks) {
  PawnKingTables shared, fresh, fresh_other;
  PawnKingRules rules;
  for (auto& f : rules.pawns) f.fill(CellRule::Any);
  rules.pawns[3][2] = CellRule::Empty;  // a king on d4
  rules.pawns[2][1] = rules.pawns[4][1] = CellRule::NoWhite;
  rules.king = ~(king_attacks(D4) | square_bb(D4));
  rules.track = knight_attacks(D4);
  rules.colour = DarkSquaresBB;
  const FileOrder order{3, 2, 4, 1, 5, 0, 6, 7}, other{2, 3, 4, 1, 5, 0, 6, 7};
  const PawnKingLayer a(rules, order, shared), b(rules, order, shared), c(rules, order, fresh);
  const PawnKingLayer d(rules, other, shared), e(rules, other, fresh_other);
  // The classes of a whole placement (position 0's table) are the same memory in a and d, not in e.
  const int blk = PawnBlock.index[2][1][1];
  EXPECT_EQ(a.classes(blk, 1).counts, d.classes(blk, 1).counts);
  EXPECT_NE(a.classes(blk, 1).counts, e.classes(blk, 1).counts);
  EXPECT_FALSE(a.classes(blk, 1).none());
  std::mt19937_64 rng(3);
  for (int i = 0; i < 2000; ++i) {
    // Up to five pawns of each colour on open cells, a king on a free allowed square.
    Bitboard w = 0, bl = 0;
    for (int j = 0; j < int(rng() % 6); ++j) w |= square_bb(Square(8 + rng() % 48));
    for (int j = 0; j < int(rng() % 6); ++j) bl |= square_bb(Square(8 + rng() % 48));
    bl &= ~w;
    Bitboard k = rules.king & ~(w | bl);
    k = k ? square_bb(nth_square(k, int(rng() % popcount(k)))) : 0;
    if (!a.admissible(w, bl, k)) continue;
    const std::uint64_t r = a.rank(w, bl, k);
    EXPECT_EQ(r, b.rank(w, bl, k));
    EXPECT_EQ(r, c.rank(w, bl, k));
    const PawnKingLayer::Counts n = a.counts(w, bl, k);
    EXPECT_LT(r, c.count(n));
    Bitboard uw, ub, uk;
    c.unrank(n, r, uw, ub, uk);
    EXPECT_EQ(uw | ub | uk, w | bl | k);
    const std::uint64_t r_other = d.rank(w, bl, k);
    EXPECT_EQ(r_other, e.rank(w, bl, k));
    EXPECT_EQ(d.count(n), c.count(n));
    d.unrank(n, r_other, uw, ub, uk);
    EXPECT_EQ(uw | ub | uk, w | bl | k);
  }
  EXPECT_GT(shared.bytes(), 0u);
}

}  // namespace
}  // namespace chessrank::rank
