// A Monte Carlo look inside the nopromo set of `chessrank bound` (bound/nopromo.h): draw uniform members of
// it and judge them with the default legality checks, to estimate how many of its diagrams could be legal
// and which checks reject the others (docs/bounds.md, "Sampling the set"). The count of the set is exact;
// what this adds is an upper estimate, with its interval, of the legal diagrams inside it.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "bound/nopromo.h"
#include "core/bigint.h"
#include "estimator/estimate.h"

namespace chessrank::estimator {

struct NopromoEstimate {
  BigInt placements;  // the placements of rules 1-3, kings anywhere, that the draws are uniform over
  BigInt set_size;    // nopromo_count(shape): the members among them
  std::uint64_t seed = 0;
  std::uint64_t draws = 0, inside = 0;  // draws, and those in the set
  std::uint64_t passing = 0;            // members passing every default check with white or black to move
  // Per default check (check_names(RuleSet::Default)): the members it rejects with white to move, among
  // those that fail with both sides to move.
  std::vector<std::uint64_t> rejected_by;

  // Return the share of members passing, and the members passing (set_size times that share), each with
  // its 95% Wilson interval.
  Interval pass_share() const { return wilson_estimate(passing, inside, BigInt(1)); }
  Interval passing_members() const { return wilson_estimate(passing, inside, set_size); }
};

// Draw `draws` uniform placements with pcg64 seeded by `seed` (chunks of 2^16 draws, chunk c from stream
// c), keep those nopromo_contains(shape) accepts and judge them. `progress(done)` is called after each
// chunk. Single-threaded; the result depends on the seed and the number of draws only.
NopromoEstimate estimate_nopromo(const bound::NopromoShape& shape, std::uint64_t draws, std::uint64_t seed,
                                 const std::function<void(std::uint64_t)>& progress = {});

// Reports (report.cpp): the lines `chessrank bound --model nopromo --sample` prints after the count, and
// the same as a JSON member ("\"sample\":{...}") for its JSON object.
std::string format_nopromo_report(const NopromoEstimate& estimate);
std::string nopromo_report_json(const NopromoEstimate& estimate);

}  // namespace chessrank::estimator
