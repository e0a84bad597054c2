// Enumerate members of a ranking model's set by brute force, for the exhaustive tests of tests/rank.
#pragma once

#include <functional>
#include <vector>

#include "core/bitboard.h"
#include "core/position.h"

namespace chessrank::testing {

// Call visit(p) for every member of a set with exactly these men and side to move stm: every placement
// (identical men on increasing squares), castling subset and en passant square it admits, kept when
// is_member(p) (the set's stated constraints, e.g. a model's violation()) and it is canonical. En passant
// is tried only where a pawn that just moved two squares stands; is_member must refuse the other squares.
// is_member sees every candidate, canonical or not. When `where` is given, man i stands only on the
// squares of where[i].
inline void for_each_member(const std::function<bool(const Position&)>& is_member, const std::vector<Piece>& men,
                            Color stm, const std::function<void(const Position&)>& visit,
                            const std::vector<Bitboard>& where = {}) {
  std::vector<Square> at(men.size());
  const auto visit_placement = [&](const Position& placement) {
    CastlingRights possible = NoCastling;
    for (CastlingRights right : {WhiteKingside, WhiteQueenside, BlackKingside, BlackQueenside}) {
      const Color c = right & WhiteCastling ? White : Black;
      if (placement.piece_on(relative_square(c, E1)) == make_piece(c, King) &&
          placement.piece_on(castling_rook_square(right)) == make_piece(c, Rook))
        possible |= right;
    }
    for (unsigned cr = 0; cr < 16; ++cr) {
      if (cr & ~unsigned(possible)) continue;
      for (int ep = -1; ep < 8; ++ep) {
        const Square pushed = make_square(File(ep < 0 ? 0 : ep), stm == White ? Rank5 : Rank4);
        if (ep >= 0 && placement.piece_on(pushed) != make_piece(~stm, Pawn)) continue;
        Position p = placement;
        p.set_side_to_move(stm);
        p.set_castling_rights(CastlingRights(cr));
        p.set_ep_square(ep < 0 ? NoSquare : make_square(File(ep), stm == White ? Rank6 : Rank3));
        if (!is_member(p)) continue;
        if (Position canonical = p; canonical.canonicalize()) continue;  // not canonical: not a distinct position
        visit(p);
      }
    }
  };
  std::function<void(std::size_t, Position&)> place = [&](std::size_t i, Position& pos) {
    if (i == men.size()) return visit_placement(pos);
    for (int s = 0; s < 64; ++s) {
      if (!pos.empty(Square(s))) continue;
      if (i > 0 && men[i] == men[i - 1] && s <= at[i - 1]) continue;
      if (type_of(men[i]) == Pawn && (s < 8 || s >= 56)) continue;
      if (!where.empty() && !(where[i] & square_bb(Square(s)))) continue;
      at[i] = Square(s);
      pos.put_piece(men[i], Square(s));
      place(i + 1, pos);
      pos.remove_piece(Square(s));
    }
  };
  Position empty;
  place(0, empty);
}

}  // namespace chessrank::testing
