// Random placements that parse_fen accepts, legal or not: for tests that core handles every position it
// reads, not only those reached in play.
#pragma once

#include <random>

#include "core/bitboard.h"
#include "core/position.h"

namespace chessrank::testing {

// Return two kings and 0 to 38 other men on random squares (pawns off ranks 1 and 8), with a random side
// to move. Half the time the kings and some rooks stand at home, and half the time a double push has just
// been made beside a pawn of the side to move, where the squares allow; castling rights and the en
// passant square are kept wherever canonicalize() keeps them. Kings side by side, the side not to move in
// check, three checkers and crowded boards all occur.
inline Position random_placement(std::mt19937_64& rng) {
  constexpr Piece Men[] = {WhitePawn, WhiteKnight, WhiteBishop, WhiteRook, WhiteQueen,
                           BlackPawn, BlackKnight, BlackBishop, BlackRook, BlackQueen};
  Position pos;
  const auto free_square = [&](Piece p) {
    for (;;) {
      const Square s = Square(rng() % 64);
      if (!pos.empty(s)) continue;
      if (type_of(p) == Pawn && (rank_of(s) == Rank1 || rank_of(s) == Rank8)) continue;
      return s;
    }
  };
  const bool home = rng() % 2;
  pos.put_piece(WhiteKing, home ? E1 : free_square(WhiteKing));
  pos.put_piece(BlackKing, home && pos.empty(E8) ? E8 : free_square(BlackKing));
  if (home)
    for (const Square s : {A1, H1, A8, H8})
      if (pos.empty(s) && rng() % 2) pos.put_piece(s <= H1 ? WhiteRook : BlackRook, s);
  const int count = int(rng() % 39);
  for (int k = 0; k < count; ++k) {
    const Piece p = Men[rng() % 10];
    pos.put_piece(p, free_square(p));
  }
  pos.set_side_to_move(rng() % 2 ? White : Black);
  pos.set_castling_rights(AnyCastling);
  const Color us = pos.side_to_move();
  const int f = int(rng() % 8), side = f == 0 ? 1 : f == 7 ? -1 : rng() % 2 ? 1 : -1;
  const int fifth = us == White ? 4 : 3, forward = us == White ? 1 : -1;  // ranks counted from 0
  const auto sq = [](int file, int rank) { return Square(rank * 8 + file); };
  if (rng() % 2 && pos.empty(sq(f, fifth)) && pos.empty(sq(f + side, fifth)) && pos.empty(sq(f, fifth + forward)) &&
      pos.empty(sq(f, fifth + 2 * forward))) {
    pos.put_piece(make_piece(~us, Pawn), sq(f, fifth));
    pos.put_piece(make_piece(us, Pawn), sq(f + side, fifth));
    pos.set_ep_square(sq(f, fifth + forward));
  }
  pos.canonicalize();
  return pos;
}

// Return whether a side has more of some man than its original army (8 pawns, a queen, 2 rooks, 2
// knights, a bishop of each square colour, 16 men): the placement needs a promoted man, or is no position.
inline bool beyond_original_army(const Position& pos) {
  for (const Color c : {White, Black})
    if (popcount(pos.pieces(c)) > 16 || pos.count(c, Pawn) > 8 || pos.count(c, Queen) > 1 || pos.count(c, Rook) > 2 ||
        pos.count(c, Knight) > 2 || popcount(pos.pieces(c, Bishop) & LightSquaresBB) > 1 ||
        popcount(pos.pieces(c, Bishop) & DarkSquaresBB) > 1)
      return true;
  return false;
}

}  // namespace chessrank::testing
