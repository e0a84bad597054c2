// Perft: the number of leaf nodes of the legal move tree to a given depth, the standard test of a move
// generator. Leaves are counted in bulk (the move count at depth 1), not made.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

#include "core/position.h"

namespace chessrank {

// What perft returns for a count of 2^64 - 1 or more: the counts saturate rather than wrap, so a number
// below this is exact. (From the start position perft(14) is beyond it; so is depth 8 in a position
// with 270 moves a ply.)
inline constexpr std::uint64_t PerftSaturated = UINT64_MAX;
// Return a + b, or PerftSaturated when that is 2^64 - 1 or more: how perft adds counts.
constexpr std::uint64_t perft_add(std::uint64_t a, std::uint64_t b) {
  std::uint64_t sum = 0;
  return __builtin_add_overflow(a, b, &sum) ? PerftSaturated : sum;
}

std::uint64_t perft(Position& pos, int depth);
// Return each legal root move with the perft of depth - 1 below it (depth >= 1), each saturating; after
// each root move, `progress(moves done, moves)` when given.
std::vector<std::pair<Move, std::uint64_t>> perft_divide(
    Position& pos, int depth, const std::function<void(std::size_t, std::size_t)>& progress = {});

}  // namespace chessrank
