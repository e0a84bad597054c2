#include "bound/army.h"

#include <algorithm>
#include <map>
#include <tuple>

#include "core/promoted_men.h"

namespace chessrank::bound {

std::uint64_t factorial(int n) {
  std::uint64_t f = 1;
  for (int i = 2; i <= n; ++i) f *= std::uint64_t(i);
  return f;
}

std::vector<ArmySummary> armies(const ArmyRule& rule) {
  std::map<std::tuple<int, int, int>, std::uint64_t> merged;
  const int np0 = rule.promotable_pawns;
  const int k = rule.king ? 1 : 0;
  // Charge promotions in the order queen, rook, bishop, knight, as both published programs do.
  for (int q = 0; q <= 1 + np0; ++q) {
    const int np1 = np0 - promoted_of(q, 1);
    for (int r = 0; r <= rule.free_rooks + np1; ++r) {
      const int np2 = np1 - promoted_of(r, rule.free_rooks);
      for (int b = 0; b <= 2 + np2; ++b) {
        const int np3 = np2 - promoted_of(b, 2);
        for (int n = 0; n <= 2 + np3; ++n) {
          const int np4 = np3 - promoted_of(n, 2);
          const int pieces = k + q + r + b + n;
          // pieces <= 16 (king included), so the multinomial fits: 16! / ... < 2^45.
          const std::uint64_t ways = factorial(pieces) / (factorial(q) * factorial(r) * factorial(b) * factorial(n));
          for (int p = 0; p <= np4; ++p) merged[{pieces, p, np0 - np4}] += ways;
        }
      }
    }
  }
  std::vector<ArmySummary> out;
  out.reserve(merged.size());
  for (const auto& [key, w] : merged) out.push_back({std::get<0>(key), std::get<1>(key), std::get<2>(key), w});
  return out;
}

BigInt trinomial(int n, int a, int b) {
  if (a < 0 || b < 0 || a + b > n) return 0;
  return binomial(n, a) * binomial(n - a, b);
}

void addmul_u128(BigInt& acc, const BigInt& x, Uint128 y) {
  const auto lo = static_cast<unsigned long>(static_cast<std::uint64_t>(y));
  const auto hi = static_cast<unsigned long>(static_cast<std::uint64_t>(y >> 64));
  if (hi != 0) {
    BigInt t = x * hi;
    t <<= 64;
    acc += t;
  }
  mpz_addmul_ui(acc.get_mpz_t(), x.get_mpz_t(), lo);
}

}  // namespace chessrank::bound
