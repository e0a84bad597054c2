// Legal move generation: every legal move of the side to move, castling, en passant and the four
// promotions included. Pins and checks are resolved during generation, so no move is made and taken back.
// On the illegal positions parse_fen accepts, a move is legal when our king is not attacked after it; the
// enemy king is never taken (the position after it would have one king), and a king beside ours is a
// check only a king move escapes.
#pragma once

#include <cstddef>

#include "core/position.h"
#include "core/types.h"

namespace chessrank {

// A fixed-capacity list of moves, large enough for any placement parse_fen accepts, legal or not (24
// queens on the rim have 269 moves; the richest legal position known has 218). Bound: a move is a (from,
// to) pair plus, for a pawn reaching the last rank, one of four pieces. For each of the 64 targets the
// movers lie on its 8 rays, each holding at most one (the first man on the ray: slider, king step or
// castling, pawn push or capture), or on its 8 knight squares: at most 16. Only the 8 last-rank targets
// take promotions, from at most 3 pawns each, adding 3 moves apiece.
class MoveList {
 public:
  static constexpr std::size_t Capacity = 64 * 16 + 8 * 3 * 3;

  void push(Move m) { moves_[size_++] = m; }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const Move* begin() const { return moves_; }
  const Move* end() const { return moves_ + size_; }
  Move operator[](std::size_t i) const { return moves_[i]; }
  bool contains(Move m) const;

 private:
  Move moves_[Capacity];  // uninitialised until pushed (core/types.h)
  std::size_t size_ = 0;
};

// Return the legal moves of the side to move. The position must have one king per side.
MoveList legal_moves(const Position& pos);
// Return the number of legal moves, faster than generating them where possible.
std::size_t count_legal_moves(const Position& pos);

}  // namespace chessrank
