#include "tools/proof_line.h"

#include "core/notation.h"

namespace chessrank::cli {

std::string proof_line(const proof::ProofOutcome& outcome) {
  switch (outcome.status) {
    case proof::ProofStatus::Legal: return "legal: proof: " + to_san_game(outcome.moves);
    case proof::ProofStatus::Illegal: return "illegal: " + outcome.reason;
    case proof::ProofStatus::Unknown: break;
  }
  return "unknown: " + outcome.reason;
}

void add_proof_members(nlohmann::ordered_json& out, const proof::ProofOutcome& outcome) {
  switch (outcome.status) {
    case proof::ProofStatus::Legal:
      out["outcome"] = "legal";
      out["proof"] = to_san_game(outcome.moves);
      out["plies"] = outcome.moves.size();
      break;
    case proof::ProofStatus::Illegal:
      out["outcome"] = "illegal";
      out["reason"] = outcome.reason;
      break;
    case proof::ProofStatus::Unknown:
      out["outcome"] = "unknown";
      out["reason"] = outcome.reason;
      out["closest"] = to_san_game(outcome.closest);
      break;
  }
  out["nodes"] = outcome.nodes;
}

}  // namespace chessrank::cli
