// A proof outcome as `chessrank prove` and `sample --prove` print it: as text, in the vocabulary of the
// published result files ("legal: proof: <SAN moves from the initial position>", "illegal: <reason>" or
// "unknown: <why>"), or as the members of a JSON object ("outcome": "legal", "illegal" or "unknown";
// "proof": the SAN moves and "plies" for legal, "reason" otherwise, "closest" for unknown: the SAN moves to
// where the search came closest; "nodes": the positions expanded).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "proof/proof_game.h"

namespace chessrank::cli {

std::string proof_line(const proof::ProofOutcome& outcome);
// Add the outcome's members to `out`.
void add_proof_members(nlohmann::ordered_json& out, const proof::ProofOutcome& outcome);

}  // namespace chessrank::cli
