#include "core/movegen.h"

#include <algorithm>
#include <initializer_list>

namespace chessrank {

bool MoveList::contains(Move m) const { return std::find(begin(), end(), m) != end(); }

namespace {

// Collect moves into a list, or only count them: one generator serves legal_moves and the bulk
// counting of perft, where counting a set of destinations is a popcount.
template <bool Listing>
class Sink {
 public:
  explicit Sink(MoveList* list) : list_(list) {}

  // Add a move from `from` to each square of `to`.
  void add(Square from, Bitboard to) {
    if constexpr (Listing) {
      while (to) list_->push(Move(from, pop_lsb(to)));
    } else {
      count_ += std::size_t(popcount(to));
    }
  }
  // Add a pawn move to each square of `to` from the square `delta` behind it; on the last rank,
  // add all four promotions.
  void add_pawn(Bitboard to, int delta, Bitboard last_rank) {
    Bitboard promo = to & last_rank;
    to &= ~last_rank;
    if constexpr (Listing) {
      while (to) {
        const Square t = pop_lsb(to);
        list_->push(Move(Square(t - delta), t));
      }
      while (promo) {
        const Square t = pop_lsb(promo);
        add_promotions(Square(t - delta), t);
      }
    } else {
      count_ += std::size_t(popcount(to)) + 4 * std::size_t(popcount(promo));
    }
  }
  void add_single(Move m) {
    if constexpr (Listing)
      list_->push(m);
    else
      ++count_;
  }
  void add_promotions(Square from, Square to) {
    if constexpr (Listing) {
      for (PieceType pt : {Queen, Rook, Bishop, Knight}) list_->push(Move(from, to, MoveKind::Promotion, pt));
    } else {
      count_ += 4;
    }
  }
  std::size_t count() const { return count_; }

 private:
  MoveList* list_;
  std::size_t count_ = 0;
};

template <bool Listing>
void generate(const Position& pos, Sink<Listing>& sink) {
  const Color us = pos.side_to_move(), them = ~us;
  const Bitboard occupied = pos.pieces(), ours = pos.pieces(us), theirs = pos.pieces(them);
  const Square ksq = pos.king_square(us);
  if (ksq == NoSquare) return;  // outside the contract; generate nothing rather than read out of bounds
  const Bitboard their_diagonal = pos.pieces(them, Bishop, Queen);
  const Bitboard their_straight = pos.pieces(them, Rook, Queen);

  // Squares the king may not enter: everything the enemy attacks, with our king lifted off the board
  // so it cannot retreat along a checking ray.
  const Bitboard occupied_no_king = occupied ^ square_bb(ksq);
  Bitboard danger = pawn_attacks_bb(them, pos.pieces(them, Pawn));
  for (Bitboard b = pos.pieces(them, Knight); b;) danger |= knight_attacks(pop_lsb(b));
  for (Bitboard b = pos.pieces(them, King); b;) danger |= king_attacks(pop_lsb(b));
  for (Bitboard b = their_diagonal; b;) danger |= bishop_attacks(pop_lsb(b), occupied_no_king);
  for (Bitboard b = their_straight; b;) danger |= rook_attacks(pop_lsb(b), occupied_no_king);

  // Never take the enemy king: only a position with the side not to move in check (illegal, but
  // parse_fen accepts it) offers that, and the position after it would have one king only. Every
  // destination below is masked by `target`, which leaves that king out; a pinned pawn's capture
  // cannot reach it, since that king would stand between the pawn and its pinner.
  const Bitboard their_king = pos.pieces(them, King);
  sink.add(ksq, king_attacks(ksq) & ~ours & ~their_king & ~danger);

  const Bitboard checkers = (danger & square_bb(ksq)) == 0
                                ? 0
                                : (pawn_attacks(us, ksq) & pos.pieces(them, Pawn)) |
                                      (king_attacks(ksq) & their_king) |
                                      (knight_attacks(ksq) & pos.pieces(them, Knight)) |
                                      (bishop_attacks(ksq, occupied) & their_diagonal) |
                                      (rook_attacks(ksq, occupied) & their_straight);
  if (more_than_one(checkers)) return;  // double check: only the king moves

  // Destinations that resolve a single check (capture or block), else anything not ours. The enemy king
  // beside ours (kings side by side: illegal, but parse_fen accepts it) is a checker no move but ours
  // escapes, since it cannot be taken.
  const Bitboard target = (checkers ? between(ksq, lsb(checkers)) | checkers : ~ours) & ~their_king;

  // Pieces pinned to our king by an enemy slider; they may only move along the pin line.
  Bitboard pinned = 0;
  for (Bitboard snipers = (rook_attacks(ksq, 0) & their_straight) | (bishop_attacks(ksq, 0) & their_diagonal);
       snipers;) {
    const Bitboard b = between(ksq, pop_lsb(snipers)) & occupied;
    if (!more_than_one(b)) pinned |= b & ours;
  }

  // Knights and sliders. A pinned knight never moves; a pinned piece never resolves a check.
  for (Bitboard b = pos.pieces(us, Knight) & ~pinned; b;) {
    const Square s = pop_lsb(b);
    sink.add(s, knight_attacks(s) & target);
  }
  for (Bitboard b = pos.pieces(us, Bishop, Queen) & ~pinned; b;) {
    const Square s = pop_lsb(b);
    sink.add(s, bishop_attacks(s, occupied) & target);
  }
  for (Bitboard b = pos.pieces(us, Rook, Queen) & ~pinned; b;) {
    const Square s = pop_lsb(b);
    sink.add(s, rook_attacks(s, occupied) & target);
  }
  if (!checkers) {
    for (Bitboard b = pinned & pos.pieces(us, Bishop, Queen); b;) {
      const Square s = pop_lsb(b);
      sink.add(s, bishop_attacks(s, occupied) & target & line(ksq, s));
    }
    for (Bitboard b = pinned & pos.pieces(us, Rook, Queen); b;) {
      const Square s = pop_lsb(b);
      sink.add(s, rook_attacks(s, occupied) & target & line(ksq, s));
    }
  }

  // Pawns, set-wise for the free ones.
  const int push = pawn_push(us);
  const Bitboard last_rank = rank_bb(relative_rank(us, Rank8));
  const Bitboard third_rank = rank_bb(relative_rank(us, Rank3));
  const Bitboard empty = ~occupied;
  const Bitboard free_pawns = pos.pieces(us, Pawn) & ~pinned;
  const Bitboard single = pawn_push_bb(us, free_pawns) & empty;
  sink.add_pawn(single & target, push, last_rank);
  sink.add_pawn(pawn_push_bb(us, single & third_rank) & empty & target, 2 * push, last_rank);
  sink.add_pawn(pawn_push_bb(us, shift_east(free_pawns)) & theirs & target, push + 1, last_rank);
  sink.add_pawn(pawn_push_bb(us, shift_west(free_pawns)) & theirs & target, push - 1, last_rank);

  if (!checkers) {
    for (Bitboard b = pinned & pos.pieces(us, Pawn); b;) {
      const Square s = pop_lsb(b);
      const Bitboard pin_line = line(ksq, s);
      const Bitboard one = pawn_push_bb(us, square_bb(s)) & empty & pin_line;
      Bitboard to = one | (pawn_push_bb(us, one & third_rank) & empty) | (pawn_attacks(us, s) & theirs & pin_line);
      while (to) {
        const Square t = pop_lsb(to);
        if (square_bb(t) & last_rank)
          sink.add_promotions(s, t);
        else
          sink.add_single(Move(s, t));
      }
    }
  }

  // En passant: check legality by replaying the occupancy, which catches the discovered checks no pin
  // test sees (both pawns leaving the king's rank at once).
  const Square ep = pos.ep_square();
  if (ep != NoSquare) {
    const Square captured_on = Square(ep - push);
    if (pos.piece_on(captured_on) == make_piece(them, Pawn) && pos.empty(ep)) {
      for (Bitboard b = pawn_attacks(them, ep) & pos.pieces(us, Pawn); b;) {
        const Square s = pop_lsb(b);
        const Bitboard after = (occupied ^ square_bb(s) ^ square_bb(captured_on)) | square_bb(ep);
        // A checker other than the captured pawn that is not a slider stays a checker.
        if (checkers & ~square_bb(captured_on) & ~(their_diagonal | their_straight)) continue;
        if (bishop_attacks(ksq, after) & their_diagonal) continue;
        if (rook_attacks(ksq, after) & their_straight) continue;
        sink.add_single(Move(s, ep, MoveKind::EnPassant));
      }
    }
  }

  // Castling: king and rook at home (checked, so hand-built positions are safe), the squares between
  // them empty, and the king neither in check nor passing or landing on an attacked square.
  if (!checkers && pos.can_castle(us == White ? WhiteCastling : BlackCastling) &&
      ksq == relative_square(us, E1)) {
    const Piece rook = make_piece(us, Rook);
    const CastlingRights kingside = us == White ? WhiteKingside : BlackKingside;
    const CastlingRights queenside = us == White ? WhiteQueenside : BlackQueenside;
    for (CastlingRights cr : {kingside, queenside}) {
      if (!pos.can_castle(cr)) continue;
      const Square rook_from = castling_rook_square(cr);
      const Square king_to = cr == kingside ? Square(ksq + 2) : Square(ksq - 2);
      if (pos.piece_on(rook_from) != rook || (between(ksq, rook_from) & occupied)) continue;
      if ((between(ksq, king_to) | square_bb(king_to)) & danger) continue;
      sink.add_single(Move(ksq, king_to, MoveKind::Castling));
    }
  }
}

}  // namespace

MoveList legal_moves(const Position& pos) {
  MoveList list;
  Sink<true> sink(&list);
  generate(pos, sink);
  return list;
}

std::size_t count_legal_moves(const Position& pos) {
  Sink<false> sink(nullptr);
  generate(pos, sink);
  return sink.count();
}

}  // namespace chessrank
