// Retractions: every move the side not to move can just have made, with the position before it. The list
// is a superset of the real possibilities (docs/legality.md, "Last move"): a test of each predecessor then
// decides which could really have occurred.
#pragma once

#include <vector>

#include "core/position.h"
#include "core/types.h"

namespace chessrank::legality {

struct Retraction {
  Position before;  // the position before the move: the mover to move, move counters as in the position
  Move move;        // the move that leads from `before` to the position (placement, side, rights, en passant)
  Piece captured = NoPiece;  // the man it took, if any
  // The move changes what the proof kernel sees: a capture, a pawn move or a promotion (a piece moving
  // without capture leaves pawns, armies and unmoved men as they were).
  bool changes_material() const { return captured != NoPiece || type_of(before.piece_on(move.from())) == Pawn; }
};

// Append to `out` every retraction of the side not to move in `pos` (one king per side, no pawn on rank 1 or
// 8). The position before keeps the castling rights of `pos` (plus the one castling used): a predecessor
// with more rights has more men that never moved, so it is never easier to reach. It has no en passant
// square unless the move was an en passant capture: without one it has at least the same retractions of
// its own. Retractions the material cannot allow (a 17th man, a 9th pawn, a pawn on rank 1 or 8) are left out;
// any other predecessor is left to the caller to judge.
void retractions(const Position& pos, std::vector<Retraction>& out);

}  // namespace chessrank::legality
