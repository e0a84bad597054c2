// Corpora of positions from random games, shared by the tests and benchmarks (library chessrank_test_support).
//
// Games start from the initial position and play uniformly random legal moves, or, in every other
// game, a pawn move when there is one with probability 1/2, so that games promote often; they stop at
// mate, stalemate or 600 plies. Every position of every game is kept, so the corpus holds castling
// rights, en passant squares and promoted men in realistic proportions. Deterministic for a seed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include <string>

#include "core/position.h"
#include "core/result.h"

namespace chessrank::testing {

std::vector<Position> random_game_corpus(std::size_t count, std::uint64_t seed = 20240611);

// Return every position of `games` games of uniformly random legal moves from the start position, each
// stopped after `plies` plies or at mate or stalemate. Deterministic for a seed.
std::vector<Position> random_game_positions(int games, int plies, std::uint64_t seed);

// Play a game given as SAN or UCI moves separated by blanks (move numbers such as "12." skipped) from
// the start position; return the position reached, or the first move that is not legal and why.
Result<Position> play_game(const std::string& moves);
// The same, returning every position of the game, the start position first.
Result<std::vector<Position>> play_game_positions(const std::string& moves);

}  // namespace chessrank::testing
