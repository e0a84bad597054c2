// Bounds on the stages that search. A bound reached proves nothing: the stage passes the position.
#pragma once

#include <cstdint>

namespace chessrank::legality {

struct SearchLimits {
  std::uint64_t kernel_nodes = 200000;  // abstract states one proof kernel search may visit
  int forced_moves = 6;                 // forced last moves retracted in a row
  int kernel_searches = 48;             // proof kernel searches one last-move analysis may run, visiting
                                        // kernel_nodes states in all
  bool operator==(const SearchLimits&) const = default;
};

}  // namespace chessrank::legality
