// Armies: the material of one side summarised for counting. Both Tromp models enumerate the counts of
// queens, rooks, bishops and knights a side may have, charge every piece beyond the original set to a
// promoted pawn, and merge armies with equal summaries; the weight of a summary is the number of ways
// to order its pieces by kind, so placing them on k squares costs k! / (q! r! b! n!) per army.
#pragma once

#include <cstdint>
#include <vector>

#include "core/bigint.h"

namespace chessrank::bound {

// An unsigned 128-bit integer for exact sums that overflow 64 bits but need no BigInt.
__extension__ typedef unsigned __int128 Uint128;

struct ArmySummary {
  int pieces;            // men other than pawns (kings included when the model places them)
  int pawns;
  int promotions;
  std::uint64_t weight;  // sum over merged armies of pieces! / (k! q! r! b! n!)
};

struct ArmyRule {
  int promotable_pawns = 8;  // pawns that may promote (7 when one pawn is fixed by en passant)
  int free_rooks = 2;        // original rooks not fixed by castling rights
  bool king = false;         // count the king as a placed piece (2021 model, no castling right)
};

// Return the summaries of all armies allowed by `rule`, merged.
std::vector<ArmySummary> armies(const ArmyRule& rule);

// Return n! for 0 <= n <= 20.
std::uint64_t factorial(int n);

// Return n! / (a! b! (n-a-b)!), or 0 when a, b < 0 or a + b > n.
BigInt trinomial(int n, int a, int b);

// Add x * y to acc for an unsigned 128-bit y.
void addmul_u128(BigInt& acc, const BigInt& x, Uint128 y);

// Return the sum, over every pair (white summary w, black summary b), of
//   factor(w.pawns, b.pawns, t) * trinomial(space(w.pawns, b.pawns), w.pieces, b.pieces) * w.weight * b.weight
// where t = w.promotions + b.promotions + w.pieces + b.pieces. Both models' guards and pawn factors
// depend on the pair only through (white pawns, black pawns, t), which lets the sum run in one pass
// of 128-bit additions followed by a few thousand big multiplications.
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
