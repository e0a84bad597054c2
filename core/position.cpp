#include "core/position.h"

#include <utility>

#include <initializer_list>

namespace chessrank {

namespace {

// Return the castling rights that survive a move touching `s` (as origin or destination): moving a
// king or a rook from home, or capturing a rook on its home square, loses the matching rights.
constexpr CastlingRights castling_kept(Square s) {
  switch (s) {
    case E1: return ~WhiteCastling;
    case A1: return ~WhiteQueenside;
    case H1: return ~WhiteKingside;
    case E8: return ~BlackCastling;
    case A8: return ~BlackQueenside;
    case H8: return ~BlackKingside;
    default: return AnyCastling;
  }
}

constexpr auto CastlingKept = [] {
  std::array<CastlingRights, SquareCount> kept{};
  for (int s = 0; s < SquareCount; ++s) kept[s] = castling_kept(Square(s));
  return kept;
}();

}  // namespace

Position Position::start() {
  Position pos;
  constexpr PieceType BackRank[8] = {Rook, Knight, Bishop, Queen, King, Bishop, Knight, Rook};
  for (int f = 0; f < 8; ++f) {
    pos.put_piece(make_piece(White, BackRank[f]), make_square(File(f), Rank1));
    pos.put_piece(WhitePawn, make_square(File(f), Rank2));
    pos.put_piece(BlackPawn, make_square(File(f), Rank7));
    pos.put_piece(make_piece(Black, BackRank[f]), make_square(File(f), Rank8));
  }
  pos.castling_ = AnyCastling;
  return pos;
}

void Position::put_piece(Piece p, Square s) {
  if (board_[s] != NoPiece) remove_piece(s);
  if (p == NoPiece) return;
  board_[s] = p;
  by_type_[type_of(p)] |= square_bb(s);
  by_color_[color_of(p)] |= square_bb(s);
}

void Position::remove_piece(Square s) {
  const Piece p = board_[s];
  if (p == NoPiece) return;
  board_[s] = NoPiece;
  by_type_[type_of(p)] &= ~square_bb(s);
  by_color_[color_of(p)] &= ~square_bb(s);
}

void Position::clear() { *this = Position(); }

bool Position::canonicalize() {
  const CastlingRights before = castling_;
  for (CastlingRights cr : {WhiteKingside, WhiteQueenside, BlackKingside, BlackQueenside})
    if (!castling_men_home(*this, cr)) castling_ &= ~cr;
  bool dropped = castling_ != before;
  if (ep_fault(*this) != EpFault::None) {
    ep_square_ = NoSquare;
    dropped = true;
  }
  return dropped;
}

EpFault ep_fault(const Position& pos) {
  // Keep it only if a double push can have just happened (the pawn beyond it, both squares it crossed
  // empty) and a pawn of the side to move stands beside that pawn.
  const Square ep = pos.ep_square();
  if (ep == NoSquare) return EpFault::None;
  if (!is_ok(ep)) return EpFault::OffBoard;
  const Color us = pos.side_to_move(), them = ~us;
  if (relative_rank(us, ep) != Rank6) return EpFault::WrongRank;
  const Square pushed = Square(ep - pawn_push(us)), origin = Square(ep + pawn_push(us));
  if (pos.piece_on(pushed) != make_piece(them, Pawn)) return EpFault::NoPushedPawn;
  if (!pos.empty(ep) || !pos.empty(origin)) return EpFault::NotEmpty;
  if (!ep_capturable(pos, us, ep)) return EpFault::NoCapturer;
  return EpFault::None;
}

Bitboard Position::attackers_to(Square s, Bitboard occupied) const {
  return (pawn_attacks(Black, s) & pieces(White, Pawn)) | (pawn_attacks(White, s) & pieces(Black, Pawn)) |
         (knight_attacks(s) & by_type_[Knight]) | (king_attacks(s) & by_type_[King]) |
         (bishop_attacks(s, occupied) & pieces(Bishop, Queen)) | (rook_attacks(s, occupied) & pieces(Rook, Queen));
}

bool Position::attacked_by(Color by, Square s) const {
  const Bitboard occupied = pieces();
  return (pawn_attacks(~by, s) & pieces(by, Pawn)) || (knight_attacks(s) & pieces(by, Knight)) ||
         (king_attacks(s) & pieces(by, King)) || (bishop_attacks(s, occupied) & pieces(by, Bishop, Queen)) ||
         (rook_attacks(s, occupied) & pieces(by, Rook, Queen));
}

Bitboard Position::checkers() const {
  const Square ksq = king_square(side_to_move_);
  return ksq == NoSquare ? 0 : attackers_to(ksq) & pieces(~side_to_move_);
}

Bitboard Position::pinned(Color c) const {
  const Square ksq = king_square(c);
  if (ksq == NoSquare) return 0;
  const Color them = ~c;
  Bitboard snipers = (rook_attacks(ksq, 0) & pieces(them, Rook, Queen)) |
                     (bishop_attacks(ksq, 0) & pieces(them, Bishop, Queen));
  Bitboard result = 0;
  const Bitboard occupied = pieces();
  while (snipers) {
    const Bitboard b = between(ksq, pop_lsb(snipers)) & occupied;
    if (b && !more_than_one(b)) result |= b & pieces(c);
  }
  return result;
}

void Position::move_piece(Square from, Square to) {
  const Piece p = board_[from];
  const Bitboard from_to = square_bb(from) | square_bb(to);
  board_[from] = NoPiece;
  board_[to] = p;
  by_type_[type_of(p)] ^= from_to;
  by_color_[color_of(p)] ^= from_to;
}

namespace {
// Return the rook's move of a castling given as the king's two-square move (e1g1: h1f1, e1c1: a1d1).
std::pair<Square, Square> castling_rook_move(Square king_from, Square king_to) {
  return king_to > king_from ? std::pair{Square(king_from + 3), Square(king_from + 1)}
                             : std::pair{Square(king_from - 4), Square(king_from - 1)};
}
}  // namespace

void Position::do_move(Move m, UndoInfo& undo) {
  const Color us = side_to_move_, them = ~us;
  const Square from = m.from(), to = m.to();
  undo.castling = castling_;
  undo.ep_square = ep_square_;
  undo.halfmove_clock = halfmove_clock_;
  undo.fullmove_number = fullmove_number_;
  undo.captured = NoPiece;

  if (halfmove_clock_ < MaxCounter) ++halfmove_clock_;
  if (us == Black && fullmove_number_ < MaxCounter) ++fullmove_number_;
  ep_square_ = NoSquare;

  switch (m.kind()) {
    case MoveKind::Castling: {
      const auto [rook_from, rook_to] = castling_rook_move(from, to);
      move_piece(from, to);
      move_piece(rook_from, rook_to);
      break;
    }
    case MoveKind::EnPassant: {
      const Square captured_on = Square(to - pawn_push(us));
      undo.captured = board_[captured_on];
      remove_piece(captured_on);
      move_piece(from, to);
      halfmove_clock_ = 0;
      break;
    }
    default: {
      const Piece captured = board_[to];
      if (captured != NoPiece) {
        undo.captured = captured;
        remove_piece(to);
        halfmove_clock_ = 0;
      }
      move_piece(from, to);
      if (type_of(board_[to]) == Pawn) {
        halfmove_clock_ = 0;
        if (m.kind() == MoveKind::Promotion) {
          remove_piece(to);
          put_piece(make_piece(us, m.promotion()), to);
        } else if ((int(to) ^ int(from)) == 16) {
          const Square ep = Square((int(from) + int(to)) / 2);
          if (ep_capturable(*this, them, ep)) ep_square_ = ep;
        }
      }
      break;
    }
  }
  castling_ &= CastlingKept[from] & CastlingKept[to];
  side_to_move_ = them;
}

void Position::undo_move(Move m, const UndoInfo& undo) {
  const Color them = side_to_move_, us = ~them;
  const Square from = m.from(), to = m.to();
  switch (m.kind()) {
    case MoveKind::Castling: {
      const auto [rook_from, rook_to] = castling_rook_move(from, to);
      move_piece(rook_to, rook_from);
      move_piece(to, from);
      break;
    }
    case MoveKind::EnPassant:
      move_piece(to, from);
      put_piece(undo.captured, Square(to - pawn_push(us)));
      break;
    default:
      if (m.kind() == MoveKind::Promotion) {
        remove_piece(to);
        put_piece(make_piece(us, Pawn), to);
      }
      move_piece(to, from);
      if (undo.captured != NoPiece) put_piece(undo.captured, to);
      break;
  }
  castling_ = undo.castling;
  ep_square_ = undo.ep_square;
  halfmove_clock_ = undo.halfmove_clock;
  fullmove_number_ = undo.fullmove_number;
  side_to_move_ = us;
}

}  // namespace chessrank
