// Position: placement, side to move, castling rights, en passant square and the two move counters.
// It is a plain value (copyable, comparable); make/unmake keeps an undo record outside the position.
//
// A position that comes out of the FEN parser, of unrank or of do_move is canonical:
// - a castling right is present only when its king and rook stand on their home squares;
// - the en passant square is set only when a pawn of the side to move stands beside the pawn that
//   just moved two squares, i.e. can capture en passant pseudo-legally (a pin is not considered).
// Builders that set fields by hand call canonicalize() or validate with fen.h.
#pragma once

#include <array>
#include <bit>
#include <cassert>
#include <cstdint>
#include <cstring>

#include "core/bitboard.h"
#include "core/types.h"

namespace chessrank {

// Undo record of do_move: what a move destroys and unmake needs back.
struct UndoInfo {
  Piece captured = NoPiece;
  CastlingRights castling = NoCastling;
  Square ep_square = NoSquare;
  std::uint16_t halfmove_clock = 0;
  std::uint16_t fullmove_number = 1;
};

class Position {
 public:
  // Construct an empty board, white to move, no rights, counters 0 and 1.
  Position() { board_.fill(NoPiece); }
  static Position start();

  // Placement.
  Piece piece_on(Square s) const { return board_[s]; }
  bool empty(Square s) const { return board_[s] == NoPiece; }
  Bitboard pieces() const { return by_color_[White] | by_color_[Black]; }
  Bitboard pieces(Color c) const { return by_color_[c]; }
  Bitboard pieces(PieceType pt) const { return by_type_[pt]; }
  Bitboard pieces(Color c, PieceType pt) const { return by_color_[c] & by_type_[pt]; }
  Bitboard pieces(PieceType a, PieceType b) const { return by_type_[a] | by_type_[b]; }
  Bitboard pieces(Color c, PieceType a, PieceType b) const { return by_color_[c] & (by_type_[a] | by_type_[b]); }
  int count(Color c, PieceType pt) const { return popcount(pieces(c, pt)); }
  // Return the square of c's king, the lowest one if there are several, NoSquare if none.
  Square king_square(Color c) const {
    const Bitboard k = pieces(c, King);
    return k ? lsb(k) : NoSquare;
  }

  void put_piece(Piece p, Square s);
  void remove_piece(Square s);
  void clear();
  // Replace the placement by one set of squares per piece (indexed by Piece; entries that are not a
  // piece are ignored). The sets must be disjoint. Decoders use it to build a whole board at once.
  void set_placement(const Bitboard (&by_piece)[PieceCount]) {
    by_type_.fill(0);
    by_color_.fill(0);
    for (int p = WhitePawn; p <= BlackKing; ++p) {
      const Piece pc = Piece(p);
      if (type_of(pc) == NoPieceType || type_of(pc) > King) continue;
      assert(!(by_piece[p] & (by_color_[White] | by_color_[Black])));  // disjoint: the planes rely on it
      by_type_[type_of(pc)] |= by_piece[p];
      by_color_[color_of(pc)] |= by_piece[p];
    }
    // Fill the board a rank at a time, without a branch: a square's piece code is read from bit planes
    // (plane i: the squares whose piece type has bit i set; then the colour), each rank of a plane
    // spread to one byte per square by a table. A loop over the occupied squares cost a mispredicted
    // exit and about 15 instructions a man (10% of a v1 unrank).
    static_assert(NoPiece == 0 && Pawn == 1 && Knight == 2 && Bishop == 3 && Rook == 4 && Queen == 5 &&
                  King == 6 && make_piece(Black, Pawn) == 9);
    const Bitboard plane0 = by_type_[Pawn] | by_type_[Bishop] | by_type_[Queen];
    const Bitboard plane1 = by_type_[Knight] | by_type_[Bishop] | by_type_[King];
    const Bitboard plane2 = by_type_[Rook] | by_type_[Queen] | by_type_[King];
    const Bitboard black = by_color_[Black];
    for (int rank = 0; rank < 8; ++rank) {
      const auto spread = [shift = 8 * rank](Bitboard plane) { return ByteSpread[plane >> shift & 0xFF]; };
      const std::uint64_t codes = spread(plane0) | spread(plane1) << 1 | spread(plane2) << 2 | spread(black) << 3;
      if constexpr (std::endian::native == std::endian::little) {
        std::memcpy(&board_[8 * rank], &codes, 8);  // byte i is square 8 * rank + i
      } else {
        for (int i = 0; i < 8; ++i) board_[8 * rank + i] = Piece(codes >> (8 * i) & 0xFF);
      }
    }
  }

  // State.
  Color side_to_move() const { return side_to_move_; }
  CastlingRights castling_rights() const { return castling_; }
  bool can_castle(CastlingRights cr) const { return (castling_ & cr) != 0; }
  Square ep_square() const { return ep_square_; }
  // The largest value of either counter: they are stored in 16 bits, and parse_fen refuses larger ones.
  static constexpr int MaxCounter = 65535;
  int halfmove_clock() const { return halfmove_clock_; }
  int fullmove_number() const { return fullmove_number_; }

  // Set the state as given, unchecked, as parse_fen does after checking: the side to move is white or
  // black, the counters lie in 0..MaxCounter and the move number is at least 1.
  void set_side_to_move(Color c) { side_to_move_ = c; }
  void set_castling_rights(CastlingRights cr) { castling_ = cr; }
  void set_ep_square(Square s) { ep_square_ = s; }
  void set_halfmove_clock(int n) { halfmove_clock_ = std::uint16_t(n); }
  void set_fullmove_number(int n) { fullmove_number_ = std::uint16_t(n); }

  // Drop castling rights whose king or rook is not at home and an en passant square no pawn of the
  // side to move can use. Return true when something was dropped.
  bool canonicalize();

  // Attacks.
  // Return the pieces of both colours that attack `s`, with sliders blocked by `occupied`.
  Bitboard attackers_to(Square s, Bitboard occupied) const;
  Bitboard attackers_to(Square s) const { return attackers_to(s, pieces()); }
  // Return whether any piece of colour `by` attacks `s`.
  bool attacked_by(Color by, Square s) const;
  // Return the pieces giving check to the side to move (0 when it has no king).
  Bitboard checkers() const;
  bool in_check() const { return checkers() != 0; }
  // Return the pieces of colour `c` that alone stand between c's king and an enemy slider on a line
  // (absolute pins, whoever is to move); 0 when c has no king.
  Bitboard pinned(Color c) const;

  // Moves. do_move expects a legal move (from movegen.h); undo_move must get the same move and record.
  // The counters stop at MaxCounter rather than wrap to 0 (a FEN field of 0 moves would be refused).
  void do_move(Move m, UndoInfo& undo);
  void undo_move(Move m, const UndoInfo& undo);

  // Compare everything, counters included.
  bool operator==(const Position& other) const = default;
  // Compare placement, side to move, castling rights and en passant square, not the move counters:
  // this is the identity of a position for ranking, coding and counting.
  bool same_position(const Position& other) const {
    return board_ == other.board_ && side_to_move_ == other.side_to_move_ && castling_ == other.castling_ &&
           ep_square_ == other.ep_square_;
  }

 private:
  // ByteSpread[x]: eight bytes, byte i holding bit i of x (set_placement).
  static constexpr std::array<std::uint64_t, 256> ByteSpread = [] {
    std::array<std::uint64_t, 256> t{};
    for (int x = 0; x < 256; ++x)
      for (int i = 0; i < 8; ++i) t[x] |= std::uint64_t(x >> i & 1) << (8 * i);
    return t;
  }();

  void move_piece(Square from, Square to);

  std::array<Piece, SquareCount> board_{};
  std::array<Bitboard, PieceTypeCount> by_type_{};  // by_type_[NoPieceType] is unused (0)
  std::array<Bitboard, ColorCount> by_color_{};
  Color side_to_move_ = White;
  CastlingRights castling_ = NoCastling;
  Square ep_square_ = NoSquare;
  std::uint16_t halfmove_clock_ = 0;
  std::uint16_t fullmove_number_ = 1;
};

// Return whether a pawn of `c` stands beside the pawn that has just passed `ep` (so could capture en
// passant there, pins ignored): the canonical rule for keeping an en passant square (docs/fen.md).
inline bool ep_capturable(const Position& pos, Color c, Square ep) {
  return (pawn_attacks(~c, ep) & pos.pieces(c, Pawn)) != 0;
}

// Return whether the king and rook of castling right `cr` (one right) stand on their home squares: the
// canonical rule for keeping the right.
inline bool castling_men_home(const Position& pos, CastlingRights cr) {
  const Color c = (cr & WhiteCastling) ? White : Black;
  return pos.piece_on(relative_square(c, E1)) == make_piece(c, King) &&
         pos.piece_on(castling_rook_square(cr)) == make_piece(c, Rook);
}

// Why the en passant square of `pos` cannot stand (canonicalize drops it); None when it can or there is none.
enum class EpFault : std::uint8_t {
  None,
  OffBoard,       // not a square
  WrongRank,      // not on rank 6 of the side to move
  NoPushedPawn,   // no pawn of the other side in front of it
  NotEmpty,       // it or the square the pawn started from is occupied
  NoCapturer,     // no pawn of the side to move beside the pushed pawn
};
EpFault ep_fault(const Position& pos);

}  // namespace chessrank
