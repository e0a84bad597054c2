// Last-move analysis (docs/legality.md, "Last-move analysis"): the position before the last move was legal
// too. Every retraction is tried, cheap ones first: its predecessor must pass the cheap checks and, when
// the move changed men or pawns, have a proof kernel. No survivor: the position is illegal. One survivor:
// the last move is forced, and the position before it must pass every stage in turn, retracted again if
// its own last move is forced. Bounded in depth and in kernel searches; a bound reached proves nothing.
#pragma once

#include <string>
#include <vector>

#include "core/position.h"
#include "legality/limits.h"
#include "legality/retraction.h"

namespace chessrank::legality {

enum class LastMoveOutcome : unsigned char {
  Possible,    // two or more last moves survive, or a bound was reached: nothing proven
  Impossible,  // the position is illegal
};

struct LastMoveAnalysis {
  LastMoveOutcome outcome = LastMoveOutcome::Possible;
  std::string reason;               // when impossible: why, on one line
  std::vector<Retraction> forced;    // the last moves found forced, latest first, with the positions before them
  std::vector<Retraction> possible;  // the last moves that survived, up to the number asked for (two by default)
  std::vector<std::string> rejected;  // when asked: each retraction rejected, with why
};

// Write a retraction as its move: "Qd4-e5", "Qd4xRe5" (taking a rook), "e7-e8=Q", "d5xe6 e.p.", "O-O".
std::string retraction_text(const Retraction& r);

// Analyse the last move of `pos`, stopping at `survivors` last moves that survive (fewer than that: every
// last move that survived is in `possible`). With `explain`, fill `rejected` and give reasons in full.
LastMoveAnalysis analyse_last_move(const Position& pos, bool explain, const SearchLimits& limits = {},
                                   int survivors = 2);

}  // namespace chessrank::legality
