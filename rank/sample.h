// Uniform sampling of a ranking model: a uniform integer below N by rejection (no modulo bias), then
// unrank. Draw ceil(log2 N) random bits from pcg64 and retry while the number is >= N; each try
// succeeds with probability above 1/2.
#pragma once

#include <pcg_random.hpp>

#include <cstdint>
#include <vector>

#include "core/bigint.h"
#include "rank/uint192.h"

namespace chessrank::rank {

using Rng = pcg64;

// Draw uniform integers in [0, n): ceil(log2 n) random bits from whole random words, the top word
// masked, rejected while >= n. Reusable, so a hot loop allocates nothing.
class UniformBelow {
 public:
  explicit UniformBelow(const BigInt& n);
  template <class Rng>
  void draw(Rng& rng, BigInt& out) {
    if (words_ == 0) {
      out = 0;
      return;
    }
    do {
      for (std::size_t w = 0; w < words_; ++w) buffer_[w] = std::uint64_t(rng());
      buffer_[words_ - 1] &= top_mask_;
      mpz_import(out.get_mpz_t(), words_, -1, sizeof(std::uint64_t), 0, 0, buffer_.data());
    } while (out >= n_);
  }

  // Return whether n fits 192 bits, so that draw_fixed may be used.
  bool fits_fixed() const { return fits_fixed_; }
  // Draw as a UInt192: the same random words, mask and rejections as draw(), so one seed gives the same
  // indices either way, without BigInt. Requires fits_fixed().
  template <class Rng>
  UInt192 draw_fixed(Rng& rng) const {
    if (words_ == 0) return UInt192();
    std::uint64_t w[3] = {0, 0, 0};
    UInt192 out;
    do {
      for (std::size_t i = 0; i < words_; ++i) w[i] = std::uint64_t(rng());
      w[words_ - 1] &= top_mask_;
      out = UInt192::from_limbs(w[0], w[1], w[2]);
    } while (!(out < n_fixed_));
    return out;
  }

 private:
  BigInt n_;
  bool fits_fixed_ = false;
  UInt192 n_fixed_;
  std::size_t words_ = 0;
  std::uint64_t top_mask_ = ~std::uint64_t(0);
  std::vector<std::uint64_t> buffer_;
};

// Return a uniform integer in [0, n), n > 0.
inline BigInt uniform_below(const BigInt& n, Rng& rng) {
  BigInt out;
  UniformBelow(n).draw(rng, out);
  return out;
}

}  // namespace chessrank::rank
