// A Monte Carlo look inside the nopromo set of `chessrank bound` (bound/nopromo.h): draw uniform members of
// it and judge them with the default legality checks, to estimate how many of its diagrams could be legal
// and which checks reject the others (docs/bounds.md, "Sampling the set"). The count of the set is exact;
// what this adds is an upper estimate, with its interval, of the legal diagrams inside it.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "bound/nopromo.h"
#include "core/bigint.h"

namespace chessrank::estimator {

struct NopromoEstimate {
  BigInt placements;  // the placements of rules 1-3, kings anywhere, that the draws are uniform over
  BigInt set_size;    // nopromo_count(shape): the members among them
  std::uint64_t draws = 0, inside = 0;  // draws, and those in the set
  std::uint64_t passing = 0;            // members passing every default check with white or black to move
  // Per default check (check_names(RuleSet::Default)): the members it rejects with white to move, among
  // those that fail with both sides to move.
  std::vector<std::uint64_t> rejected_by;

  // Return the share of members passing and its 95% Wilson interval.
  double pass_rate() const { return inside ? double(passing) / double(inside) : 0; }
  std::pair<double, double> pass_interval() const;
};

// Draw `draws` uniform placements with pcg64 seeded by `seed` (chunks of 2^16 draws, chunk c from stream
// c), keep those nopromo_contains(shape) accepts and judge them. `progress(done)` is called after each
// chunk. Single-threaded; the result depends on the seed and the number of draws only.
NopromoEstimate estimate_nopromo(const bound::NopromoShape& shape, std::uint64_t draws, std::uint64_t seed,
                                 const std::function<void(std::uint64_t)>& progress = {});

}  // namespace chessrank::estimator
