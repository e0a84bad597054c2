#include "core/types.h"

#include <gtest/gtest.h>

#include "core/bitboard.h"

namespace chessrank {
namespace {

TEST(Types, SquaresFilesAndRanksAgree) {
  for (int s = 0; s < SquareCount; ++s) {
    const Square sq = Square(s);
    EXPECT_EQ(make_square(file_of(sq), rank_of(sq)), sq);
    EXPECT_EQ(flip_rank(flip_rank(sq)), sq);
    EXPECT_EQ(rank_of(flip_rank(sq)), Rank(7 - rank_of(sq)));
    EXPECT_EQ(relative_rank(Black, sq), rank_of(flip_rank(sq)));
    EXPECT_EQ(is_dark(sq), (DarkSquaresBB >> s & 1) != 0);
  }
  EXPECT_TRUE(is_dark(A1));
  EXPECT_FALSE(is_dark(H1));
}

TEST(Types, PiecesPackColourAndType) {
  for (Color c : {White, Black})
    for (PieceType pt : {Pawn, Knight, Bishop, Rook, Queen, King}) {
      const Piece p = make_piece(c, pt);
      EXPECT_EQ(color_of(p), c);
      EXPECT_EQ(type_of(p), pt);
    }
  EXPECT_EQ(~White, Black);
}

TEST(Types, MovesPackEveryField) {
  for (int from = 0; from < 64; from += 7)
    for (int to = 0; to < 64; to += 5)
      for (PieceType promo : {Knight, Bishop, Rook, Queen})
        for (MoveKind kind : {MoveKind::Normal, MoveKind::Promotion, MoveKind::EnPassant, MoveKind::Castling}) {
          const Move m(Square(from), Square(to), kind, promo);
          EXPECT_EQ(m.from(), Square(from));
          EXPECT_EQ(m.to(), Square(to));
          EXPECT_EQ(m.kind(), kind);
          EXPECT_EQ(m.promotion(), promo);
        }
  EXPECT_FALSE(Move::none());
}

TEST(Types, CastlingRightsCombine) {
  EXPECT_EQ(WhiteKingside | WhiteQueenside, WhiteCastling);
  EXPECT_EQ(~WhiteCastling, BlackCastling);
  EXPECT_EQ(castling_rook_square(BlackQueenside), A8);
  EXPECT_EQ(castling_rook_square(WhiteKingside), H1);
}

}  // namespace
}  // namespace chessrank
