#include "rank/piece_layer.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

namespace chessrank::rank {
namespace {

constexpr int Squares = 5;  // brute force over the first five squares: 11^5 assignments
const Piece Kinds[] = {NoPiece, WhiteKing, BlackKing, WhiteRook, BlackRook, WhiteQueen, WhiteBishop, WhiteKnight,
                       BlackQueen, BlackBishop, BlackKnight};

// Return whether an army meets the budgets, computed directly from the model's definition.
bool fits(const Position& pos, const FixedMen& fixed, const PieceBudget& b) {
  int men = 0;
  for (Color c : {White, Black}) {
    const int kings = pos.count(c, King) + (fixed.king[c] ? 1 : 0);
    if (kings != 1) return false;
    const int rooks = pos.count(c, Rook) + fixed.rooks[c];
    const int extra = std::max(0, pos.count(c, Queen) - 1) + std::max(0, rooks - 2) +
                      std::max(0, pos.count(c, Bishop) - 2) + std::max(0, pos.count(c, Knight) - 2);
    if (extra > (c == White ? b.white_promotions : b.black_promotions)) return false;
    men += extra + kings + rooks + pos.count(c, Queen) + pos.count(c, Bishop) + pos.count(c, Knight);
  }
  return men <= b.men;
}

// Return the pieces of a position as the layer takes them.
Men men_of(const Position& pos) {
  Men men{};
  for (Color c : {White, Black})
    for (PieceType pt : {Knight, Bishop, Rook, Queen, King}) men[c][pt] = pos.pieces(c, pt);
  return men;
}

void check(const FixedMen& fixed, const PieceBudget& budget) {
  const PieceLayer layer({{fixed, budget}});
  const int root = layer.find(fixed, budget);
  ASSERT_GE(root, 0);
  const Bitboard free = (Bitboard(1) << Squares) - 1;
  std::uint64_t found = 0;
  std::set<std::uint64_t> ranks;
  int digits[Squares] = {};
  for (int n = 0; n < 161051; ++n) {
    int x = n;
    Position pos;
    for (int s = 0; s < Squares; ++s, x /= 11) {
      digits[s] = x % 11;
      if (Kinds[digits[s]] != NoPiece) pos.put_piece(Kinds[digits[s]], Square(s));
    }
    if (!fits(pos, fixed, budget)) continue;
    ++found;
    const UInt192 r = layer.rank(root, men_of(pos), free);
    ASSERT_TRUE(ranks.insert(r.low()).second);
    Men back{};
    layer.unrank(root, r, free, back);
    ASSERT_EQ(back, men_of(pos));
  }
  EXPECT_EQ(layer.count(root), UInt192(found));
  if (found) {
    EXPECT_EQ(*ranks.rbegin(), found - 1);  // distinct ranks below the count: exactly 0..found-1
  }
}

TEST(PieceLayer, BruteForceNoFixedMen) {
  check({}, {8, 8, 40, Squares});
  check({}, {0, 0, 40, Squares});
  check({}, {1, 0, 5, Squares});
  check({}, {0, 1, 3, Squares});
  check({}, {0, 0, 1, Squares});  // kings alone need U = 2: nothing fits
}

TEST(PieceLayer, BruteForceWithCastlingMen) {
  FixedMen white;
  white.king[White] = true;
  white.rooks[White] = 2;
  check(white, {8, 8, 40, Squares});
  check(white, {0, 8, 7, Squares});
  FixedMen both = white;
  both.king[Black] = true;
  both.rooks[Black] = 1;
  check(both, {1, 1, 9, Squares});
}

}  // namespace
}  // namespace chessrank::rank
