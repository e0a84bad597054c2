// Uniform sampling of a ranking model for the estimator's hot loop: draw an index below N and unrank it,
// without BigInt when N fits 192 bits (UniformBelow::draw_fixed and RankModel::unrank_fixed, the same
// index stream as the BigInt path).
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/bigint.h"
#include "core/result.h"
#include "rank/model.h"
#include "rank/sample.h"
#include "rank/uint192.h"

namespace chessrank::estimator {

class ModelSampler {
 public:
  explicit ModelSampler(const rank::RankModel& model) : model_(model), uniform_(model.size()) {}

  // Draw the next index and return its position.
  template <class Rng>
  Result<Position> next(Rng& rng) {
    if (!uniform_.fits_fixed()) {
      uniform_.draw(rng, big_);
      return model_.unrank(big_);
    }
    index_ = uniform_.draw_fixed(rng);
    return model_.unrank_fixed(index_);
  }

  // Return the index drawn last.
  BigInt index() const { return uniform_.fits_fixed() ? index_.to_big() : big_; }

 private:
  const rank::RankModel& model_;
  rank::UniformBelow uniform_;
  BigInt big_;           // the last index, when N does not fit 192 bits
  rank::UInt192 index_;   // the last index otherwise
};

}  // namespace chessrank::estimator
