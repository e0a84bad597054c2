#include "estimator/nopromo_estimate.h"

#include <algorithm>

#include <pcg_random.hpp>

#include "bound/nopromo_sample.h"
#include "estimator/legality.h"

namespace chessrank::estimator {

NopromoEstimate estimate_nopromo(const bound::NopromoShape& shape, std::uint64_t draws, std::uint64_t seed,
                                 const std::function<void(std::uint64_t)>& progress) {
  constexpr std::uint64_t Chunk = 1 << 16;
  bound::NopromoSampler sampler(shape);
  NopromoEstimate out;
  out.seed = seed;
  out.placements = sampler.placements();
  out.set_size = bound::nopromo_count(shape);
  out.rejected_by.assign(check_names(RuleSet::Default).size(), 0);
  for (std::uint64_t chunk = 0; out.draws < draws; ++chunk) {
    pcg64 rng(seed, chunk);
    const std::uint64_t n = std::min(Chunk, draws - out.draws);
    for (std::uint64_t i = 0; i < n; ++i) {
      Position pos = sampler.draw(rng);
      if (!bound::nopromo_contains(shape, pos)) continue;
      ++out.inside;
      const Verdict white = judge(pos, RuleSet::Default, false);
      if (white.passes()) {
        ++out.passing;
        continue;
      }
      pos.set_side_to_move(Black);
      if (judge(pos, RuleSet::Default, false).passes()) ++out.passing;
      else ++out.rejected_by[std::size_t(white.check)];
    }
    out.draws += n;
    if (progress) progress(out.draws);
  }
  return out;
}

}  // namespace chessrank::estimator
