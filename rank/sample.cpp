#include "rank/sample.h"

namespace chessrank::rank {

UniformBelow::UniformBelow(const BigInt& n) : n_(n) {
  fits_fixed_ = UInt192::from_big(n_, n_fixed_);
  if (n_ <= 1) return;
  const BigInt max = n_ - 1;
  const std::size_t bits = mpz_sizeinbase(max.get_mpz_t(), 2);
  words_ = (bits + 63) / 64;
  const unsigned top = unsigned(bits - 64 * (words_ - 1));
  top_mask_ = top == 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << top) - 1;
  buffer_.assign(words_, 0);
}

}  // namespace chessrank::rank
