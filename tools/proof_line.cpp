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

}  // namespace chessrank::cli
