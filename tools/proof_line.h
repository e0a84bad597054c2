// The text of a proof outcome, as `chessrank prove` and `sample --prove` print it, in the vocabulary of the
// published result files: "legal: proof: <SAN moves from the initial position>", "illegal: <reason>" or
// "unknown: <why>".
#pragma once

#include <string>

#include "proof/proof_game.h"

namespace chessrank::cli {

std::string proof_line(const proof::ProofOutcome& outcome);

}  // namespace chessrank::cli
