// Proof games: a game from the initial position that reaches a given position, which proves it legal.
//
// prove() first runs the legality checks (legality/legality.h), whose failures are proofs of illegality,
// then searches for a game: a weighted best-first search (priority ply + Weight x estimate, GoalDistance's
// estimate) over positions reached by legal moves, men on frozen squares never moved or taken, each
// position kept at the lowest ply it was reached at. Passes restart with other random tie-breaks and a
// larger budget. A short search from the initial position is followed by one after the kernel opening
// (proof/kernel_opening.h), which plays the pawn captures of the goal's proof kernel. A goal with
// an en passant square is searched for without the double step that made it, which is then played; one
// whose last move the legality checks prove forced, or leave one of a few captures, through the position
// before it (docs/proof-games.md, section 2). A game
// found is replayed move by move before it is returned; a search that runs out of budget says "unknown",
// never "illegal", and gives the line that came closest. A search may be told to begin with given moves
// (an opening), which is how a closest line, corrected by hand, is tried again.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "core/position.h"
#include "core/types.h"
#include "legality/limits.h"

namespace chessrank::proof {

struct ProofLimits {
  std::uint64_t nodes = 200000;     // positions the search may expand, all passes together
  double seconds = 0;               // wall-clock seconds per position; 0: no limit (results then depend only on the seed)
  bool (*stop)() = nullptr;         // when it returns true, the search stops at once, unknown (a caller's Ctrl-C)
  legality::SearchLimits legality;  // the budgets of the legality checks run first

  // Return what is left of these limits after a search that expanded `nodes_used` positions in
  // `seconds_used` seconds.
  ProofLimits after(std::uint64_t nodes_used, double seconds_used) const {
    ProofLimits left = *this;
    left.nodes = nodes > nodes_used ? nodes - nodes_used : 0;
    if (seconds > 0) left.seconds = std::max(seconds - seconds_used, 1e-9);  // 0 would mean no limit
    return left;
  }
};

enum class ProofStatus : unsigned char { Legal, Illegal, Unknown };

struct ProofOutcome {
  ProofStatus status = ProofStatus::Unknown;
  std::vector<Move> moves;    // Legal: the game, from the initial position
  std::string reason;         // Illegal: the failed check and why; Unknown: what ran out
  std::uint64_t nodes = 0;    // positions expanded
  std::vector<Move> closest;  // Unknown: the line, from the initial position, to the position the search
                              // judged closest to the goal (the opening when no search ran)
};

// Decide `goal` (one king per side, as parse_fen gives): illegal by a legality check, legal with a game
// that reaches it and begins with `opening` (legal moves from the initial position), or unknown. The same
// goal, opening, seed and limits (without `seconds`) give the same outcome.
ProofOutcome prove(const Position& goal, const ProofLimits& limits, std::uint64_t seed,
                   const std::vector<Move>& opening = {});

// What a game search gives: the game (empty when none was found), or the line that came closest.
struct GameSearch {
  std::vector<Move> moves;    // from the initial position, the opening included
  std::vector<Move> closest;  // none found: as ProofOutcome::closest
  std::uint64_t nodes = 0;    // positions expanded
  bool cut = false;           // none found because the goal is out of reach after the opening (by the estimate)
  bool exhausted = false;     // none found, and a pass expanded every position in reach (by the estimate)
};

// Search for a game that begins with `opening` and reaches `goal`, within `limits` (the legality checks
// are not run). An opening that is not legal from the initial position finds nothing. Without an opening,
// a search from the initial position with an eighth of the budget (25,000 positions at most) comes first,
// then one after the kernel opening with the rest (from the initial position again when there is no
// kernel opening or the search after it runs out of positions in reach). The goal of these searches is
// the position before the goal's last moves when the legality checks leave only those (see above).
GameSearch find_proof_game(const Position& goal, const ProofLimits& limits, std::uint64_t seed,
                           const std::vector<Move>& opening = {});

// The search itself, from the end of `opening` only (no kernel opening): as find_proof_game otherwise.
GameSearch search_proof_game(const Position& goal, const ProofLimits& limits, std::uint64_t seed,
                             const std::vector<Move>& opening);

// Return whether `moves` are legal one after another from the initial position and end in `goal`
// (placement, side to move, castling rights and en passant square).
bool reaches(const std::vector<Move>& moves, const Position& goal);

}  // namespace chessrank::proof
