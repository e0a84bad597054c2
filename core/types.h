// Small value types of the position model: colours, piece kinds, pieces, squares, files, ranks,
// castling rights and moves. Everything here is constexpr and header-only.
#pragma once

#include <cstdint>

namespace chessrank {

enum Color : std::uint8_t { White = 0, Black = 1 };
constexpr int ColorCount = 2;
constexpr Color operator~(Color c) { return Color(c ^ 1); }

// Number pieces so that piece = color * 8 + type; type 0 and piece 0 mean "none".
enum PieceType : std::uint8_t { NoPieceType = 0, Pawn = 1, Knight = 2, Bishop = 3, Rook = 4, Queen = 5, King = 6 };
constexpr int PieceTypeCount = 7;

// Return "white" or "black", and the English name of a piece type ("" for NoPieceType), for messages.
constexpr const char* color_name(Color c) { return c == White ? "white" : "black"; }
constexpr const char* piece_type_name(PieceType pt) {
  constexpr const char* Names[PieceTypeCount] = {"", "pawn", "knight", "bishop", "rook", "queen", "king"};
  return Names[pt];
}

enum Piece : std::uint8_t {
  NoPiece = 0,
  WhitePawn = 1, WhiteKnight, WhiteBishop, WhiteRook, WhiteQueen, WhiteKing,
  BlackPawn = 9, BlackKnight, BlackBishop, BlackRook, BlackQueen, BlackKing,
};
constexpr int PieceCount = 16;

constexpr Piece make_piece(Color c, PieceType pt) { return Piece(c * 8 + pt); }
constexpr PieceType type_of(Piece p) { return PieceType(p & 7); }
constexpr Color color_of(Piece p) { return Color(p >> 3); }

// Squares are numbered rank-major from a1:
//
//   rank 8 | 56 57 58 59 60 61 62 63
//   ...    | ...
//   rank 2 |  8  9 10 11 12 13 14 15
//   rank 1 |  0  1  2  3  4  5  6  7
//          +------------------------
//             a  b  c  d  e  f  g  h
enum Square : std::uint8_t {
  A1, B1, C1, D1, E1, F1, G1, H1,
  A2, B2, C2, D2, E2, F2, G2, H2,
  A3, B3, C3, D3, E3, F3, G3, H3,
  A4, B4, C4, D4, E4, F4, G4, H4,
  A5, B5, C5, D5, E5, F5, G5, H5,
  A6, B6, C6, D6, E6, F6, G6, H6,
  A7, B7, C7, D7, E7, F7, G7, H7,
  A8, B8, C8, D8, E8, F8, G8, H8,
  NoSquare = 64,
};
constexpr int SquareCount = 64;

enum File : std::uint8_t { FileA, FileB, FileC, FileD, FileE, FileF, FileG, FileH };
enum Rank : std::uint8_t { Rank1, Rank2, Rank3, Rank4, Rank5, Rank6, Rank7, Rank8 };

constexpr Square make_square(File f, Rank r) { return Square(r * 8 + f); }
constexpr File file_of(Square s) { return File(s & 7); }
constexpr Rank rank_of(Square s) { return Rank(s >> 3); }
constexpr bool is_ok(Square s) { return s < SquareCount; }
// Mirror a square top to bottom (a1 <-> a8): the colour swap of a position.
constexpr Square flip_rank(Square s) { return Square(s ^ 56); }
// Return the rank as seen from `c`'s side of the board (Rank1 is c's back rank).
constexpr Rank relative_rank(Color c, Rank r) { return Rank(r ^ (c * 7)); }
constexpr Rank relative_rank(Color c, Square s) { return relative_rank(c, rank_of(s)); }
constexpr Square relative_square(Color c, Square s) { return Square(s ^ (c * 56)); }
// Return +8 (one rank up) for white and -8 for black: the direction pawns of `c` advance.
constexpr int pawn_push(Color c) { return c == White ? 8 : -8; }
constexpr bool is_dark(Square s) { return ((int(file_of(s)) + int(rank_of(s))) & 1) == 0; }  // a1 is dark

// Castling rights as four bits, one per king and rook pair.
enum CastlingRights : std::uint8_t {
  NoCastling = 0,
  WhiteKingside = 1, WhiteQueenside = 2, BlackKingside = 4, BlackQueenside = 8,
  WhiteCastling = WhiteKingside | WhiteQueenside,
  BlackCastling = BlackKingside | BlackQueenside,
  AnyCastling = WhiteCastling | BlackCastling,
};
constexpr CastlingRights operator|(CastlingRights a, CastlingRights b) {
  return CastlingRights(unsigned(a) | unsigned(b));
}
constexpr CastlingRights operator&(CastlingRights a, CastlingRights b) {
  return CastlingRights(unsigned(a) & unsigned(b));
}
constexpr CastlingRights operator~(CastlingRights a) { return CastlingRights(~unsigned(a) & AnyCastling); }
constexpr CastlingRights& operator|=(CastlingRights& a, CastlingRights b) { return a = a | b; }
constexpr CastlingRights& operator&=(CastlingRights& a, CastlingRights b) { return a = a & b; }

// Return the home square of the rook of castling right `cr` (exactly one bit set).
constexpr Square castling_rook_square(CastlingRights cr) {
  return cr == WhiteKingside ? H1 : cr == WhiteQueenside ? A1 : cr == BlackKingside ? H8 : A8;
}

// A move packs into 16 bits:
//
//   bits  0- 5  to square
//   bits  6-11  from square
//   bits 12-13  promotion piece type - Knight (only for promotions)
//   bits 14-15  kind: 0 normal, 1 promotion, 2 en passant, 3 castling
//
// Castling is encoded as the king's two-square move (e1g1), as in UCI.
enum class MoveKind : std::uint8_t { Normal = 0, Promotion = 1, EnPassant = 2, Castling = 3 };

// A default-initialised Move (`Move m;`) is left uninitialised, as in Stockfish, so that a MoveList of
// a thousand entries is not zeroed on every generation; `Move()`, `Move{}` and `Move::none()` are 0.
class Move {
 public:
  constexpr Move() = default;
  constexpr Move(Square from, Square to, MoveKind kind = MoveKind::Normal, PieceType promo = Knight)
      : data_(std::uint16_t(to | (from << 6) | ((promo - Knight) << 12) | (unsigned(kind) << 14))) {}

  static constexpr Move none() { return Move(); }

  constexpr Square from() const { return Square((data_ >> 6) & 63); }
  constexpr Square to() const { return Square(data_ & 63); }
  constexpr MoveKind kind() const { return MoveKind(data_ >> 14); }
  constexpr PieceType promotion() const { return PieceType(((data_ >> 12) & 3) + Knight); }
  constexpr std::uint16_t raw() const { return data_; }
  constexpr explicit operator bool() const { return data_ != 0; }
  constexpr bool operator==(const Move&) const = default;

 private:
  std::uint16_t data_;
};

}  // namespace chessrank
