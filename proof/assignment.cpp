#include "proof/assignment.h"

#include <algorithm>
#include <limits>

#include <boost/container/small_vector.hpp>

namespace chessrank::proof {
namespace {

// One entry per column and the virtual column 0: on the stack up to 32 columns.
template <typename T>
using Columns = boost::container::small_vector<T, 33>;

}  // namespace

// Rows are added one at a time; each addition grows a tree of tight edges (reduced cost 0 under the row
// and column potentials u, v) by Dijkstra-like steps until it reaches a free column, then flips the path.
int min_cost_assignment(std::span<const int> cost, int n, std::span<int> column_of_row) {
  constexpr long long Big = std::numeric_limits<long long>::max() / 4;
  // 1-based: column 0 is the virtual start of each augmenting path.
  Columns<long long> u(n + 1, 0), v(n + 1, 0), min_slack(n + 1);
  Columns<int> row_of_column(n + 1, 0), previous(n + 1, 0);
  Columns<char> used(n + 1);
  for (int row = 1; row <= n; ++row) {
    row_of_column[0] = row;
    int column = 0;
    std::fill(min_slack.begin(), min_slack.end(), Big);
    std::fill(used.begin(), used.end(), 0);
    do {
      used[column] = 1;
      const int r = row_of_column[column];
      long long delta = Big;
      int next = 0;
      for (int c = 1; c <= n; ++c) {
        if (used[c]) continue;
        const long long reduced = cost[(r - 1) * n + (c - 1)] - u[r] - v[c];
        if (reduced < min_slack[c]) {
          min_slack[c] = reduced;
          previous[c] = column;
        }
        if (min_slack[c] < delta) {
          delta = min_slack[c];
          next = c;
        }
      }
      for (int c = 0; c <= n; ++c) {
        if (used[c]) {
          u[row_of_column[c]] += delta;
          v[c] -= delta;
        } else {
          min_slack[c] -= delta;
        }
      }
      column = next;
    } while (row_of_column[column] != 0);
    do {
      const int before = previous[column];
      row_of_column[column] = row_of_column[before];
      column = before;
    } while (column != 0);
  }
  long long total = 0;
  for (int c = 1; c <= n; ++c) {
    total += cost[(row_of_column[c] - 1) * n + (c - 1)];
    if (!column_of_row.empty()) column_of_row[row_of_column[c] - 1] = c - 1;
  }
  return int(std::min<long long>(total, AssignmentInfinity));
}

}  // namespace chessrank::proof
