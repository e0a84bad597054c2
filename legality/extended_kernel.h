// The extended kernel: a proof kernel placed on ranks (docs/legality.md, "Extended kernel"). A kernel says
// which captures happened in which order on which files; here each pawn gets a rank at each capture that
// touches its file, and the ranks must fit: pawns only advance, never pass each other on a file, a capture
// steps one rank forward, a pawn taken by a pawn stands where the taker lands (or just behind, en passant),
// a bishop is taken on a square of its colour, a capturing promotion starts on the seventh rank, unmoved
// pawns stay home, and the goal's pawns end on their ranks. A kernel no placing fits is no kernel of a game.
#pragma once

#include <vector>

#include "legality/kernel_state.h"

namespace chessrank::legality::kernel {

// Ranks (1 to 8) pinned to a kernel's captures: per capture of the path, the rank its capturing pawn lands
// on, 0 for none pinned. Shorter than the path: the rest are not pinned.
using CaptureRanks = std::vector<int>;

// Return whether the kernel `path` (from the initial state; it ends in `last`, which completes) fits on
// ranks: for some choice of the pawns the kernel leaves open (which pawn of a run of one colour moves, where
// among pawns of its colour a pawn enters, how the completion places the goal's pawns), the rank
// constraints have a solution, with each pawn capture landing on the rank `pinned` gives it, if any.
bool fits_on_ranks(const Goal& g, const std::vector<Capture>& path, const State& last,
                   const CaptureRanks& pinned = {});

}  // namespace chessrank::legality::kernel
