// The text of a proof outcome, as `chessrank prove` and `sample --prove` print it, in the vocabulary of the
// published result files: "legal: proof: <SAN moves from the initial position>", "illegal: <reason>" or
// "unknown: <why>".
#pragma once

#include <string>
#include <vector>

#include "core/types.h"
#include "proof/proof_game.h"

namespace chessrank::cli {

// Return the moves as SAN separated by spaces, as `chessrank replay` reads them.
std::string game_text(const std::vector<Move>& moves);
std::string proof_line(const proof::ProofOutcome& outcome);

}  // namespace chessrank::cli
