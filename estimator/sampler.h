// Uniform sampling of a ranking model for the estimator's hot loop: draw an index below N and unrank it,
// without BigInt when N fits 192 bits (RankModel::unrank_fixed). The index stream is exactly that of
// rank::UniformBelow (same words from the generator, same top mask, same rejections), so a seed gives the
// same samples either way.
#pragma once

#include <gmp.h>

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
  explicit ModelSampler(const rank::RankModel& model) : model_(model), uniform_(model.size()) {
    const BigInt& n = model.size();
    if (n <= 1) {
      fixed_ = true;  // the only index is 0 and drawing consumes no random words
      return;
    }
    if (mpz_sizeinbase(n.get_mpz_t(), 2) > 192) return;  // BigInt path
    const std::size_t bits = mpz_sizeinbase(BigInt(n - 1).get_mpz_t(), 2);
    fixed_ = true;
    words_ = (bits + 63) / 64;
    const unsigned top = unsigned(bits - 64 * (words_ - 1));
    top_mask_ = top == 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << top) - 1;
    std::size_t count = 0;
    mpz_export(n_, &count, -1, sizeof(std::uint64_t), 0, 0, n.get_mpz_t());
  }

  // Draw the next index and return its position.
  template <class Rng>
  Result<Position> next(Rng& rng) {
    if (!fixed_) {
      uniform_.draw(rng, big_);
      return model_.unrank(big_);
    }
    std::uint64_t w[3] = {0, 0, 0};
    if (words_) {
      do {
        for (std::size_t i = 0; i < words_; ++i) w[i] = std::uint64_t(rng());
        w[words_ - 1] &= top_mask_;
      } while (!below_n(w));
    }
    // index = w[2] * 2^128 + w[1] * 2^64 + w[0], built with UInt192's own arithmetic.
    constexpr rank::UInt128 Shift = rank::UInt128(1) << 64;
    index_ = rank::UInt192(w[2]);
    index_ = mul(index_, Shift) + rank::UInt192(w[1]);
    index_ = mul(index_, Shift) + rank::UInt192(w[0]);
    return model_.unrank_fixed(index_);
  }

  // Return the index drawn last.
  BigInt index() const { return fixed_ ? index_.to_big() : big_; }

 private:
  bool below_n(const std::uint64_t* w) const {
    for (std::size_t i = 3; i-- > 0;)
      if (w[i] != n_[i]) return w[i] < n_[i];
    return false;  // equal to n
  }

  const rank::RankModel& model_;
  rank::UniformBelow uniform_;  // the BigInt path, for sizes beyond 192 bits
  BigInt big_;
  bool fixed_ = false;
  std::size_t words_ = 0;
  std::uint64_t top_mask_ = ~std::uint64_t(0);
  std::uint64_t n_[3] = {0, 0, 0};
  rank::UInt192 index_;
};

}  // namespace chessrank::estimator
