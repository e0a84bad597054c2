#include "rank/sample.h"

#include <vector>

namespace chessrank::rank {

BigInt uniform_below(const BigInt& n, Rng& rng) {
  const std::size_t bits = mpz_sizeinbase(BigInt(n - 1).get_mpz_t(), 2);  // bits of the largest value
  const std::size_t limbs = (bits + 63) / 64;
  const std::uint64_t top_mask = bits % 64 == 0 ? ~std::uint64_t(0) : (std::uint64_t(1) << (bits % 64)) - 1;
  std::vector<std::uint64_t> words(limbs);
  BigInt r;
  do {
    for (auto& w : words) w = rng();
    words.back() &= top_mask;
    mpz_import(r.get_mpz_t(), limbs, -1, sizeof(std::uint64_t), 0, 0, words.data());
  } while (r >= n);
  return r;
}

}  // namespace chessrank::rank
