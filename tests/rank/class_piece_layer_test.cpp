// ClassPieceLayer against brute force: every assignment of pieces to six free squares (one knight square
// of the king, two more of its other colour, three of its colour), kept when the white knights avoid the
// knight square and the armies fit the budgets with bishops counted by colour, counted by the layer, and
// rank a bijection onto [0, count) that unrank inverts.
#include "rank/class_piece_layer.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

namespace chessrank::rank {
namespace {

// The squares: a1 a knight square of the king (the other colour), b1 c1 the other colour, d1 e1 f1 the
// king's colour. The layer reads only the sets, not the board's colours.
constexpr Bitboard KnightSquare = 0x01, OtherColour = 0x06, KingColour = 0x38;
constexpr int Squares = 6;
const std::pair<Color, PieceType> Kinds[] = {{White, Knight}, {White, Bishop}, {Black, Bishop}, {White, Rook},
                                             {Black, Rook},   {White, Queen},  {Black, Queen},  {Black, Knight}};

// Return whether an army meets the budgets, from the model's definition: promotions beyond one queen, two
// rooks, two knights and (with colours) one bishop per colour or (without) two bishops.
bool fits(const Men& men, const ClassPieceLayer::Root& r) {
  if (men[White][Knight] & KnightSquare) return false;
  int used = 0;
  for (Color c : {White, Black}) {
    const int rooks = popcount(men[c][Rook]) + r.rooks[c];
    const Bitboard bishops = men[c][Bishop];
    const int on_other = popcount(bishops & (KnightSquare | OtherColour)), on_king = popcount(bishops & KingColour);
    const int bishop_extra = r.colours ? std::max(0, on_other - 1) + std::max(0, on_king - 1)
                                       : std::max(0, on_other + on_king - 2);
    const int extra = std::max(0, popcount(men[c][Queen]) - 1) + std::max(0, rooks - 2) + bishop_extra +
                      std::max(0, popcount(men[c][Knight]) - 2);
    if (extra > (c == White ? r.white_promotions : r.black_promotions)) return false;
    used += extra + rooks + popcount(men[c][Queen]) + popcount(bishops) + popcount(men[c][Knight]);
  }
  return used <= r.men;
}

void check(const ClassPieceLayer::Root& root) {
  const ClassPieceLayer layer({root});
  ASSERT_EQ(root.a, 1);
  ClassPieceLayer::Squares squares{KnightSquare, OtherColour, KingColour};
  if (!root.colours) squares = {KnightSquare, OtherColour | KingColour, 0};
  std::set<UInt192> ranks;
  std::uint64_t found = 0;
  for (int n = 0, total = 9 * 9 * 9 * 9 * 9 * 9; n < total; ++n) {
    Men men{};
    for (int s = 0, x = n; s < Squares; ++s, x /= 9)
      if (const int kind = x % 9) men[Kinds[kind - 1].first][Kinds[kind - 1].second] |= square_bb(Square(s));
    if (!fits(men, root)) continue;
    ++found;
    const UInt192 r = layer.rank(0, men, squares);
    ASSERT_LT(r, layer.count(0));
    ASSERT_TRUE(ranks.insert(r).second) << "a rank given twice";
    Men back{};
    layer.unrank(0, r, squares, back);
    ASSERT_EQ(back, men) << n;
  }
  EXPECT_EQ(UInt192(found), layer.count(0));
  EXPECT_GT(found, 1u);
}

// Budgets that bind: no promotion at all (at most one bishop per colour, two knights...), one or two
// promotions, a tight men budget, fixed castling rooks, and without colours.
TEST(ClassPieceLayer, BruteForceNoPromotions) { check({true, {0, 0}, 0, 0, 6, 1, 2, 3}); }
TEST(ClassPieceLayer, BruteForceOnePromotionEach) { check({true, {0, 0}, 1, 1, 6, 1, 2, 3}); }
TEST(ClassPieceLayer, BruteForceTightMen) { check({true, {0, 0}, 2, 1, 4, 1, 2, 3}); }
TEST(ClassPieceLayer, BruteForceFixedRooks) { check({true, {2, 1}, 1, 0, 7, 1, 2, 3}); }
TEST(ClassPieceLayer, BruteForceWithoutColours) { check({false, {0, 0}, 1, 0, 6, 1, 5, 0}); }

// Equal roots share a handle's counts; a root whose budgets are overdrawn has none.
TEST(ClassPieceLayer, RootsByKey) {
  const ClassPieceLayer::Root a{true, {0, 0}, 1, 1, 6, 1, 2, 3}, b{true, {0, 0}, 1, 1, 5, 1, 2, 3};
  const ClassPieceLayer layer({a, b, a, {true, {0, 0}, -1, 0, 6, 1, 2, 3}});
  EXPECT_EQ(layer.count(0), layer.count(2));
  EXPECT_LT(layer.count(1), layer.count(0));
  EXPECT_TRUE(layer.count(3).is_zero());
  EXPECT_NE(ClassPieceLayer::root_key(a), ClassPieceLayer::root_key(b));
}

}  // namespace
}  // namespace chessrank::rank
