#include "tools/proof_line.h"

#include "core/notation.h"
#include "core/position.h"

namespace chessrank::cli {

std::string game_text(const std::vector<Move>& moves) {
  std::string text;
  Position pos = Position::start();
  for (Move m : moves) {
    if (!text.empty()) text += ' ';
    text += to_san(pos, m);
    UndoInfo undo;
    pos.do_move(m, undo);
  }
  return text;
}

std::string proof_line(const proof::ProofOutcome& outcome) {
  switch (outcome.status) {
    case proof::ProofStatus::Legal: return "legal: proof: " + game_text(outcome.moves);
    case proof::ProofStatus::Illegal: return "illegal: " + outcome.reason;
    case proof::ProofStatus::Unknown: break;
  }
  return "unknown: " + outcome.reason;
}

}  // namespace chessrank::cli
