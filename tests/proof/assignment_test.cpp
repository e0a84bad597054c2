// min_cost_assignment against Boost.Graph's minimum-cost flow on random matrices, impossible entries included.
#include <vector>

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/successive_shortest_path_nonnegative_weights.hpp>
#include <gtest/gtest.h>
#include <pcg_random.hpp>

#include "proof/assignment.h"

namespace chessrank::proof {
namespace {

// The least cost of a perfect assignment as a flow of n units from a source through rows and columns to a
// sink; AssignmentInfinity when it needs an impossible entry. Impossible entries are edges of a weight no
// assignment of possible ones reaches (left out, they would leave vertices unreachable, and Boost's
// shortest paths then add infinite distances, which overflows).
long long flow_assignment(const std::vector<int>& cost, int n) {
  constexpr long Impossible = 1000000;  // above n x 19, the largest total of possible entries here
  using Traits = boost::adjacency_list_traits<boost::vecS, boost::vecS, boost::directedS>;
  using Graph = boost::adjacency_list<
      boost::vecS, boost::vecS, boost::directedS, boost::no_property,
      boost::property<boost::edge_capacity_t, long,
                      boost::property<boost::edge_residual_capacity_t, long,
                                      boost::property<boost::edge_reverse_t, Traits::edge_descriptor,
                                                      boost::property<boost::edge_weight_t, long>>>>>;
  Graph g(2 * n + 2);
  const int source = 2 * n, sink = 2 * n + 1;
  auto capacity = boost::get(boost::edge_capacity, g);
  auto reverse = boost::get(boost::edge_reverse, g);
  auto weight = boost::get(boost::edge_weight, g);
  const auto add = [&](int from, int to, long w) {
    const auto e = boost::add_edge(from, to, g).first, back = boost::add_edge(to, from, g).first;
    capacity[e] = 1, capacity[back] = 0, weight[e] = w, weight[back] = -w, reverse[e] = back, reverse[back] = e;
  };
  for (int i = 0; i < n; ++i) {
    add(source, i, 0);
    add(n + i, sink, 0);
    for (int j = 0; j < n; ++j)
      add(i, n + j, cost[i * n + j] < AssignmentInfinity ? cost[i * n + j] : Impossible);
  }
  boost::successive_shortest_path_nonnegative_weights(g, source, sink);
  long total = 0;
  auto residual = boost::get(boost::edge_residual_capacity, g);
  for (auto [e, end] = boost::edges(g); e != end; ++e)
    if (capacity[*e] > 0) total += weight[*e] * (capacity[*e] - residual[*e]);
  return total >= Impossible ? AssignmentInfinity : total;
}

TEST(Assignment, AgreesWithMinimumCostFlow) {
  pcg32 random(7);
  for (int trial = 0; trial < 400; ++trial) {
    const int n = trial % 20 == 19 ? 33 + int(random(8)) : 1 + int(random(16));  // some beyond the inline 32
    std::vector<int> cost(n * n);
    const unsigned impossible_share = random(4);  // 0: none; else about one entry in 2..4
    for (int& c : cost) c = impossible_share && random(impossible_share + 1) == 0 ? AssignmentInfinity : int(random(20));
    std::vector<int> column(n, -1);
    const int ours = min_cost_assignment(cost, n, column);
    const long long flow = flow_assignment(cost, n);
    ASSERT_EQ(std::min<long long>(ours, AssignmentInfinity), std::min<long long>(flow, AssignmentInfinity)) << trial;
    if (ours >= AssignmentInfinity) continue;
    std::vector<bool> taken(n);
    long long sum = 0;
    for (int i = 0; i < n; ++i) {
      ASSERT_FALSE(taken[column[i]]);
      taken[column[i]] = true;
      sum += cost[i * n + column[i]];
    }
    EXPECT_EQ(sum, ours);
  }
}

}  // namespace
}  // namespace chessrank::proof
