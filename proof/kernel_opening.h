// The kernel opening: the first moves of a proof game, built by playing the goal's proof kernel
// (legality/kernel.h) on the board, one pawn capture after another.
//
// Each pawn capture of the kernel becomes a stage: a position one capture on from the current one (the
// capturing pawn on the capture square, its victim gone, every other man where it stands), which a small
// proof-game search reaches. The capture square is chosen on the files the kernel names, between the pawns
// the kernel places around it, on a rank that leaves the kernel a placing on ranks (extended_kernel.h)
// with the stages before, and, for a bishop taken, on its colour; the victim piece is the one with the
// shortest way there, a pawn step letting it out if need be. A stage keeps the goal in reach by
// GoalDistance's estimate. When no target of a capture is reached, the next target of the capture before
// is tried (depth first); the stages end at a capturing promotion or a promoted man taken, and the deepest
// line played is the opening. The opening only guides a search: a proof game beginning with it is
// replayed like any other.
#pragma once

#include <cstdint>
#include <vector>

#include "core/position.h"
#include "core/types.h"
#include "proof/proof_game.h"

namespace chessrank::proof {

struct KernelOpening {
  std::vector<Move> moves;  // from the initial position
  std::uint64_t nodes = 0;  // positions the stage searches expanded
};

// Return the kernel opening of `goal` (as parse_fen gives it): legal moves from the initial position that
// make the first pawn captures of its proof kernel, within `limits` and OpeningNodes positions (each stage
// within StageNodes, trying up to StageTries capture squares, and the next square of an earlier stage when
// a later one cannot be played); no moves when the kernel search finds no kernel or the first capture
// cannot be played.
KernelOpening kernel_opening(const Position& goal, const ProofLimits& limits, std::uint64_t seed);

// The budget of one stage's search: a stage moves a few men, and one that needs more is seldom on a game's
// way; and how many capture squares a stage tries.
constexpr std::uint64_t StageNodes = 3000;
constexpr std::size_t StageTries = 3;
// The budget of all the stage searches together: going back to earlier stages could otherwise try every
// combination of their targets.
constexpr std::uint64_t OpeningNodes = 50000;

}  // namespace chessrank::proof
