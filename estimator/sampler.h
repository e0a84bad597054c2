// Uniform sampling of a ranking model for the estimator's hot loop: draw an index below N and unrank it,
// without BigInt when N fits 192 bits (UniformBelow::draw_fixed and RankModel::unrank_fixed_many, the same
// index stream as the BigInt path).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "core/bigint.h"
#include "core/result.h"
#include "rank/model.h"
#include "rank/sample.h"
#include "rank/uint192.h"

namespace chessrank::estimator {

class ModelSampler {
 public:
  explicit ModelSampler(const rank::RankModel& model) : model_(model), uniform_(model.size()) {}

  // Draw the next index and return its position. On the fixed-width path the indices are drawn a batch
  // ahead and unranked together (faster than one at a time), then handed out in the order drawn: the same
  // indices as one draw per call, provided the caller draws nothing from rng itself between calls.
  template <class Rng>
  Result<Position> next(Rng& rng) {
    if (!uniform_.fits_fixed()) {
      uniform_.draw(rng, big_);
      return model_.unrank(big_);
    }
    if (++at_ >= Batch) {
      for (rank::UInt192& index : indices_) index = uniform_.draw_fixed(rng);
      error_ = model_.unrank_fixed_many(indices_, positions_);
      at_ = 0;
    }
    if (error_) return Error{error_->message};  // never: every index drawn is below N
    return positions_[at_];
  }

  // Return the index drawn last.
  BigInt index() const { return uniform_.fits_fixed() ? indices_[at_].to_big() : big_; }

 private:
  static constexpr std::size_t Batch = 64;
  const rank::RankModel& model_;
  rank::UniformBelow uniform_;
  BigInt big_;  // the last index, when N does not fit 192 bits
  // Otherwise the batch drawn, its positions, and the place of the last handed out.
  std::array<rank::UInt192, Batch> indices_;
  std::array<Position, Batch> positions_;
  std::size_t at_ = Batch - 1;
  std::optional<rank::RankModel::ManyError> error_;
};

}  // namespace chessrank::estimator
