// A Monte Carlo look inside the nopromo set of `chessrank bound` (bound/nopromo.h): draw uniform members of
// it and judge them with the default legality checks, to estimate how many of its diagrams could be legal
// and which checks reject the others (docs/bounds.md, "Sampling the set"). The count of the set is exact;
// what this adds is an upper estimate, with its interval, of the legal diagrams inside it.
//
// Determinism: draws come in chunks of NopromoChunk; chunk c draws from pcg64(seed, stream c) and chunks
// merge in order (estimator/chunk_run.h), so a run depends on the shape, the seed and the number of draws
// only, never on the thread count or on being interrupted and resumed from a checkpoint.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "bound/nopromo.h"
#include "core/bigint.h"
#include "core/result.h"
#include "estimator/estimate.h"
#include "legality/legality.h"

namespace chessrank::estimator {

inline constexpr std::uint64_t NopromoChunk = 1 << 16;

struct NopromoSampleOptions {
  std::uint64_t draws = 0;  // at least 1
  std::uint64_t seed = 0;
  unsigned threads = 0;     // 0: all hardware threads
  legality::SearchLimits limits;  // budgets of the legality stages that search
  std::string checkpoint;   // saved at the start and regularly (a failed save ends the run); a run finding it resumes
  double checkpoint_interval = 10;  // seconds between checkpoint saves
  // Called on the driving thread once before drawing (with the draws a checkpoint held, at 0 seconds) and
  // after each merged chunk: draws done, draws planned, seconds elapsed.
  std::function<void(std::uint64_t, std::uint64_t, double)> progress;
};

// Counts of draws, which merge by addition (a chunk's, a checkpoint's, a run's).
struct NopromoTally {
  std::uint64_t draws = 0, inside = 0;  // draws, and those in the set
  std::uint64_t passing = 0;            // members passing every default check with white or black to move
  // Per default check (check_names(RuleSet::Default)): the members it rejects with white to move, among
  // those that fail with both sides to move.
  std::vector<std::uint64_t> rejected_by =
      std::vector<std::uint64_t>(legality::check_names(legality::RuleSet::Default).size(), 0);

  void add(const NopromoTally& other);
  bool operator==(const NopromoTally&) const = default;
};

struct NopromoEstimate {
  BigInt placements;  // the placements of rules 1-3, kings anywhere, that the draws are uniform over
  BigInt set_size;    // nopromo_count(shape): the members among them
  std::uint64_t seed = 0;
  legality::SearchLimits limits;
  NopromoTally tally;
  unsigned threads = 1;
  bool resumed = false;
  double seconds = 0;  // wall time of this run
  // Set when every draw was made but the last checkpoint save failed: the estimate is whole, the
  // checkpoint is not.
  std::string output_error;

  // Return the share of members passing, and the members passing (set_size times that share), each with
  // its 95% Wilson interval.
  Interval pass_share() const { return wilson_estimate(tally.passing, tally.inside, BigInt(1)); }
  Interval passing_members() const { return wilson_estimate(tally.passing, tally.inside, set_size); }
};

// Draw `options.draws` uniform placements, keep those nopromo_contains(shape) accepts and judge them; the
// exact count of the set is computed beside the draws. An error when the checkpoint belongs to another
// run or a save fails before the last draw.
Result<NopromoEstimate> estimate_nopromo(const bound::NopromoShape& shape, const NopromoSampleOptions& options);

// Reports (report.cpp): the lines `chessrank bound --model nopromo --sample` prints after the count, and
// the same as the "sample" member of its JSON object.
std::string format_nopromo_report(const NopromoEstimate& estimate);
nlohmann::ordered_json nopromo_report_json(const NopromoEstimate& estimate);

}  // namespace chessrank::estimator
