// Retractions: every move the side not to move can just have made, with the position before it. The list
// is a superset of the real possibilities (docs/legality.md, "Last move"): a test of each predecessor then
// decides which could really have occurred.
#pragma once

#include <functional>
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

// Which retractions for_each_retraction gives: all, those that change no man or pawn (a piece moving
// without capture, castling), or the others.
enum class RetractionKinds : unsigned char { All, Quiet, Material };
// Call `visit` on the retractions of `pos` of the kinds asked, in the order retractions() lists them,
// building each predecessor only when asked for; stop when `visit` returns false. Return false when it did.
bool for_each_retraction(const Position& pos, RetractionKinds kinds, const std::function<bool(const Retraction&)>& visit);

}  // namespace chessrank::legality
