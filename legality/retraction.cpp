// The reverse move generator.
#include "legality/retraction.h"

namespace chessrank::legality {

namespace {

class Generator {
 public:
  Generator(const Position& pos, RetractionKinds kinds, const std::function<bool(const Retraction&)>& visit)
      : pos_(pos), visit_(visit), us_(pos.side_to_move()), them_(~us_), occ_(pos.pieces()),
        quiet_(kinds != RetractionKinds::Material), material_(kinds != RetractionKinds::Quiet) {
    base_ = pos;
    base_.set_side_to_move(them_);
    base_.set_ep_square(NoSquare);
    // A restored man of ours needs room in our army; a restored pawn, room among our pawns.
    can_restore_ = popcount(pos.pieces(us_)) < 16;
    can_restore_pawn_ = can_restore_ && pos.count(us_, Pawn) < 8;
    rights_ = pos.castling_rights() & (them_ == White ? WhiteCastling : BlackCastling);
  }

  // Return false when the visitor stopped the run.
  bool run() {
    if (pos_.ep_square() != NoSquare) {
      if (material_) double_push_only();
      return !stopped_;
    }
    for (Bitboard b = pos_.pieces(them_); b && !stopped_;) {
      const Square to = pop_lsb(b);
      const PieceType pt = type_of(pos_.piece_on(to));
      if (pt == Pawn) {
        if (material_) pawn(to);
        continue;
      }
      if (pt == King && rights_) continue;  // a king that keeps a castling right never moved
      if (pt == Rook && is_unmoved_rook(to)) continue;
      for (Bitboard from = attacks(pt, to, occ_) & ~occ_; from && !stopped_;) {
        const Square x = pop_lsb(from);
        add(x, to, Move(x, to), pt);
      }
      if (material_ && pt != King && relative_rank(them_, to) == Rank8 && pos_.count(them_, Pawn) < 8) promotion(to, pt);
      if (quiet_ && pt == King && !rights_) castling(to);
    }
    return !stopped_;
  }

 private:
  bool is_unmoved_rook(Square s) const {
    for (CastlingRights r : {WhiteKingside, WhiteQueenside, BlackKingside, BlackQueenside})
      if ((rights_ & r) && castling_rook_square(r) == s) return true;
    return false;
  }

  // The position before `mover` (of kind `before_type`) went from `from` to `to`, without capture.
  Position moved_back(Square from, Square to, PieceType before_type) const {
    Position p = base_;
    p.remove_piece(to);
    p.put_piece(make_piece(them_, before_type), from);
    return p;
  }

  // Hand a retraction to the visitor, unless it has stopped the run.
  void emit(const Retraction& r) {
    if (!stopped_ && !visit_(r)) stopped_ = true;
  }

  // Record the move from `from` to `to` (a piece that was `before_type` before it), and every capture it
  // can have made on `to`. Without a capture it is quiet for a piece, material for a pawn.
  void add(Square from, Square to, Move m, PieceType before_type, bool captures_only = false) {
    const bool plain = !captures_only && (before_type == Pawn ? material_ : quiet_);
    if (!plain && !(material_ && can_restore_)) return;
    const Position p = moved_back(from, to, before_type);
    if (plain) emit({p, m, NoPiece});
    if (!material_ || !can_restore_) return;
    const bool pawn_fits = can_restore_pawn_ && relative_rank(us_, to) != Rank1 && relative_rank(us_, to) != Rank8;
    for (PieceType k : {Pawn, Knight, Bishop, Rook, Queen}) {
      if (k == Pawn && !pawn_fits) continue;
      Retraction r{p, m, make_piece(us_, k)};
      r.before.put_piece(r.captured, to);
      emit(r);
    }
  }

  void pawn(Square to) {
    const int up = pawn_push(them_);
    const Rank rr = relative_rank(them_, to);
    if (rr <= Rank2) return;  // a pawn on its start square never moved
    const Square back = Square(to - up);
    if (pos_.empty(back)) {
      emit({moved_back(back, to, Pawn), Move(back, to), NoPiece});
      const Square back2 = Square(back - up);
      if (rr == Rank4 && pos_.empty(back2)) emit({moved_back(back2, to, Pawn), Move(back2, to), NoPiece});
    }
    // Captures come diagonally from behind: the squares one of our pawns on `to` would attack.
    for (Bitboard from = pawn_attacks(us_, to) & ~occ_; from;) {
      const Square x = pop_lsb(from);
      add(x, to, Move(x, to), Pawn, /*captures_only=*/true);
      // En passant: our pawn had just passed `to` from the square ahead of it, and stood behind it.
      const Square victim = Square(to - up), start = Square(to + up);
      if (rr == Rank6 && can_restore_pawn_ && pos_.empty(victim) && pos_.empty(start)) {
        Retraction r{moved_back(x, to, Pawn), Move(x, to, MoveKind::EnPassant), make_piece(us_, Pawn)};
        r.before.put_piece(r.captured, victim);
        r.before.set_ep_square(to);
        emit(r);
      }
    }
  }

  void double_push_only() {
    // Our en passant square: the mover's last move was the double push past it.
    const int up = pawn_push(them_);
    const Square ep = pos_.ep_square(), landed = Square(ep + up), origin = Square(ep - up);
    if (pos_.piece_on(landed) != make_piece(them_, Pawn) || !pos_.empty(ep) || !pos_.empty(origin)) return;
    emit({moved_back(origin, landed, Pawn), Move(origin, landed), NoPiece});
  }

  void promotion(Square to, PieceType pt) {
    const int up = pawn_push(them_);
    const Square back = Square(to - up);
    if (pos_.empty(back)) emit({moved_back(back, to, Pawn), Move(back, to, MoveKind::Promotion, pt), NoPiece});
    // Capturing promotions come diagonally; a pawn of ours never stood on our own first rank.
    if (!can_restore_) return;
    for (Bitboard from = pawn_attacks(us_, to) & ~occ_; from;) {
      const Square x = pop_lsb(from);
      const Position p = moved_back(x, to, Pawn);
      for (PieceType k : {Knight, Bishop, Rook, Queen}) {
        Retraction r{p, Move(x, to, MoveKind::Promotion, pt), make_piece(us_, k)};
        r.before.put_piece(r.captured, to);
        emit(r);
      }
    }
  }

  void castling(Square king_to) {
    const Square e1 = relative_square(them_, E1);
    const Piece rook = make_piece(them_, Rook);
    for (CastlingRights side : {WhiteKingside, WhiteQueenside}) {
      const bool king_side = side == WhiteKingside;
      const CastlingRights right = them_ == White ? side : CastlingRights(side << 2);
      const Square k_to = relative_square(them_, king_side ? G1 : C1);
      const Square r_to = relative_square(them_, king_side ? F1 : D1);
      const Square r_from = castling_rook_square(right);
      const Bitboard empty = square_bb(e1) | square_bb(r_from) | (king_side ? 0 : square_bb(relative_square(them_, B1)));
      if (king_to != k_to || pos_.piece_on(r_to) != rook || (occ_ & empty)) continue;
      Position p = base_;
      p.remove_piece(k_to);
      p.remove_piece(r_to);
      p.put_piece(make_piece(them_, King), e1);
      p.put_piece(rook, r_from);
      p.set_castling_rights(p.castling_rights() | right);
      emit({p, Move(e1, k_to, MoveKind::Castling), NoPiece});
    }
  }

  const Position& pos_;
  const std::function<bool(const Retraction&)>& visit_;
  Color us_, them_;
  Bitboard occ_;
  Position base_;
  bool can_restore_ = false, can_restore_pawn_ = false;
  CastlingRights rights_ = NoCastling;
  bool quiet_, material_;
  bool stopped_ = false;
};

}  // namespace

bool for_each_retraction(const Position& pos, RetractionKinds kinds, const std::function<bool(const Retraction&)>& visit) {
  return Generator(pos, kinds, visit).run();
}

void retractions(const Position& pos, std::vector<Retraction>& out) {
  for_each_retraction(pos, RetractionKinds::All, [&out](const Retraction& r) {
    out.push_back(r);
    return true;
  });
}

}  // namespace chessrank::legality
