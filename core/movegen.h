// Legal move generation: every legal move of the side to move, castling, en passant and the four
// promotions included. Pins and checks are resolved during generation, so no move is made and taken back.
#pragma once

#include <cstddef>

#include "core/position.h"
#include "core/types.h"

namespace chessrank {

// A fixed-capacity list of moves; 256 exceeds the 218 of the richest known position.
class MoveList {
 public:
  void push(Move m) { moves_[size_++] = m; }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const Move* begin() const { return moves_; }
  const Move* end() const { return moves_ + size_; }
  Move operator[](std::size_t i) const { return moves_[i]; }
  bool contains(Move m) const;

 private:
  Move moves_[256];
  std::size_t size_ = 0;
};

// Return the legal moves of the side to move. The position must have one king per side.
MoveList legal_moves(const Position& pos);
// Return the number of legal moves, faster than generating them where possible.
std::size_t count_legal_moves(const Position& pos);

}  // namespace chessrank
