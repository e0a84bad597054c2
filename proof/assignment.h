// Minimum-cost perfect assignment of an n x n cost matrix (the Hungarian method with potentials, O(n^3)).
// The proof-game search solves two of these per position it generates (a side's men against its goal men
// and capture slots, at most 32 x 32); a general min-cost-flow solver builds a graph per call and is an
// order of magnitude slower there, so it serves as this one's test oracle instead.
#pragma once

#include <span>

namespace chessrank::proof {

// A cost at or above this is "impossible": an assignment that needs one costs at least AssignmentInfinity.
constexpr int AssignmentInfinity = 1 << 20;

// Return the least total cost of assigning each row to a distinct column of the square matrix `cost`
// (row-major, n x n), and write the chosen column of each row into `column_of_row` (n entries) unless it
// is empty. Entries must lie in 0..AssignmentInfinity; the result is AssignmentInfinity or more when every
// assignment uses an impossible entry. Up to 32 x 32 it works without allocating.
int min_cost_assignment(std::span<const int> cost, int n, std::span<int> column_of_row = {});

}  // namespace chessrank::proof
