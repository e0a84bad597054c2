// A check shared by the random-game soundness tests: a position reached by legal moves must pass the
// default rules.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/fen.h"
#include "legality/legality.h"

namespace chessrank::testing {

// Judge a position reached by legal moves with the default rules. A duplicate verdict (an en passant square
// no legal capture uses) is right when the position without the square passes: that one is judged instead.
inline legality::Verdict judge_reached(const Position& pos, bool explain = false) {
  using legality::judge, legality::RuleSet;
  const legality::Verdict v = judge(pos, RuleSet::Default, explain);
  if (!v.duplicate) return v;
  Position without = pos;
  without.set_ep_square(NoSquare);
  return judge(without, RuleSet::Default, explain);
}

// Judge `pos`, reached by `moves` (UCI) from the start: count a rejection in `failures` and report the
// first five with their reason and game.
inline void expect_passes(const Position& pos, const std::vector<std::string>& moves, std::uint64_t& failures) {
  if (judge_reached(pos).passes()) return;
  if (++failures > 5) return;
  std::string game;
  for (const std::string& s : moves) game += s + ' ';
  ADD_FAILURE() << "legal position rejected: " << to_fen(pos) << "\n  reason: " << judge_reached(pos, true).reason
                << "\n  game: " << game;
}

}  // namespace chessrank::testing
