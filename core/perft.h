// Perft: the number of leaf nodes of the legal move tree to a given depth, the standard test of a move
// generator. Leaves are counted in bulk (the move count at depth 1), not made.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "core/position.h"

namespace chessrank {

std::uint64_t perft(Position& pos, int depth);
// Return each legal root move with the perft of depth - 1 below it (depth >= 1).
std::vector<std::pair<Move, std::uint64_t>> perft_divide(Position& pos, int depth);

}  // namespace chessrank
