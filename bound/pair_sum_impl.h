// Implementation of pair_sum (army.h); included from there only.
#pragma once

#include <vector>

namespace chessrank::bound {

template <class SpaceFn, class FactorFn>
BigInt pair_sum(const std::vector<ArmySummary>& white, const std::vector<ArmySummary>& black, SpaceFn space,
                FactorFn factor) {
  constexpr int P = 9, C = 17, T = 17;  // pawns 0..8, pieces 0..16, promotions 0..16
  std::vector<Uint128> g(std::size_t(P) * P * C * C * T, 0);
  auto at = [&](int wp, int bp, int wc, int bc, int pr) -> Uint128& {
    return g[(((std::size_t(wp) * P + bp) * C + wc) * C + bc) * T + pr];
  };
  for (const ArmySummary& w : white)
    for (const ArmySummary& b : black)
      at(w.pawns, b.pawns, w.pieces, b.pieces, w.promotions + b.promotions) +=
          static_cast<Uint128>(w.weight) * b.weight;

  BigInt total = 0;
  std::vector<BigInt> tri(std::size_t(C) * C);
  for (int wp = 0; wp < P; ++wp)
    for (int bp = 0; bp < P; ++bp) {
      const int s = space(wp, bp);
      for (int wc = 0; wc < C; ++wc)
        for (int bc = 0; bc < C; ++bc) tri[std::size_t(wc) * C + bc] = trinomial(s, wc, bc);
      for (int t = 0; t < C + C + T; ++t) {
        BigInt h = 0;
        for (int wc = 0; wc < C; ++wc)
          for (int bc = 0; bc < C; ++bc) {
            const int pr = t - wc - bc;
            if (pr < 0 || pr >= T) continue;
            const Uint128 v = at(wp, bp, wc, bc, pr);
            if (v == 0) continue;
            addmul_u128(h, tri[std::size_t(wc) * C + bc], v);
          }
        if (h == 0) continue;
        const BigInt f = factor(wp, bp, t);
        if (f != 0) total += f * h;
      }
    }
  return total;
}

}  // namespace chessrank::bound
