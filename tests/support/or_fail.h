// Test input that must be valid: parse it, or fail the current test (with the reason) and go on with an
// empty position.
#pragma once

#include <string>

#include <gtest/gtest.h>

#include "core/fen.h"
#include "tests/support/corpus.h"

namespace chessrank::testing {

// Return the position of a FEN.
inline Position fen_or_fail(const std::string& text) {
  const Result<Position> pos = parse_fen(text);
  EXPECT_TRUE(pos.ok()) << text << ": " << (pos ? "" : pos.error());
  return pos ? *pos : Position();
}

// Return the position a game in SAN or UCI reaches from the start (play_game); every move must be legal.
inline Position replay_or_fail(const std::string& game) {
  const Result<Position> pos = play_game(game);
  EXPECT_TRUE(pos.ok()) << game << ": " << (pos ? "" : pos.error());
  return pos ? *pos : Position();
}

}  // namespace chessrank::testing
