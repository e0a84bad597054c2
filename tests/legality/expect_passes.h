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

// Judge `pos`, reached by `moves` (UCI) from the start: count a rejection in `failures` and report the
// first five with their reason and game.
inline void expect_passes(const Position& pos, const std::vector<std::string>& moves, std::uint64_t& failures) {
  using legality::judge, legality::RuleSet;
  if (judge(pos, RuleSet::Default, false).passes()) return;
  if (++failures > 5) return;
  std::string game;
  for (const std::string& s : moves) game += s + ' ';
  ADD_FAILURE() << "legal position rejected: " << to_fen(pos)
                << "\n  reason: " << judge(pos, RuleSet::Default, true).reason << "\n  game: " << game;
}

}  // namespace chessrank::testing
