// Games from real play, for the soundness tests: every position a game passes through is legal, so
// every ranking model must hold it and every legality check must accept it. Random games (corpus.h) reach
// far more positions; these add what human play does and random play rarely does: long castled
// middlegames, sacrifices, mating nets, an en passant capture from opening theory and an underpromotion.
#pragma once

#include <string>
#include <vector>

#include "core/position.h"
#include "core/result.h"

namespace chessrank::testing {

struct FamousGame {
  const char* name;
  const char* moves;  // SAN with move numbers, as published (the Lasker trap: its standard line)
};

// Return the games: Morphy's Opera Game, the Immortal and Evergreen games, the Game of the Century,
// Kasparov-Topalov 1999, Deep Blue-Kasparov 1997 game 6, the Lasker trap and an Alekhine Defence.
const std::vector<FamousGame>& famous_games();

// Return every position of every famous game, the start position included once per game, or the first
// move that does not replay.
Result<std::vector<Position>> famous_game_positions();

}  // namespace chessrank::testing
