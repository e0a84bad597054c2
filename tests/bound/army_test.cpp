#include "bound/army.h"

#include <gtest/gtest.h>

#include "tests/bound/big_factorial.h"

namespace chessrank::bound {
namespace {

using testing::big_factorial;

TEST(Army, TrinomialIsTheMultinomial) {
  EXPECT_EQ(trinomial(48, 8, 8), big_factorial(48) / (big_factorial(8) * big_factorial(8) * big_factorial(32)));
  EXPECT_EQ(trinomial(5, 3, 3), 0);
  EXPECT_EQ(trinomial(5, -1, 3), 0);
  EXPECT_EQ(trinomial(6, 2, 1), 60);  // 6! / (2! 1! 3!)
}

TEST(Army, AddmulHandles128BitFactors) {
  const BigInt x("123456789012345678901234567890");
  const Uint128 y = (Uint128(0x0123456789abcdefULL) << 64) | 0xfedcba9876543210ULL;
  BigInt acc = 7;
  addmul_u128(acc, x, y);
  const BigInt y_big = (BigInt(0x0123456789abcdefUL) << 64) + BigInt(0xfedcba9876543210UL);
  EXPECT_EQ(acc, 7 + x * y_big);
}

TEST(Army, WithoutPromotionsTheSummariesCountOriginalSubsets) {
  // Sum of weights over summaries without promotions, recomputed from the subsets of {Q, 2R, 2B, 2N}:
  // each (q, r, b, n) contributes (q+r+b+n)! / (q! r! b! n!) once per pawn count 0..8.
  auto fact = [](int n) { long f = 1; for (int i = 2; i <= n; ++i) f *= i; return f; };
  long expected = 0;
  for (int q = 0; q <= 1; ++q)
    for (int r = 0; r <= 2; ++r)
      for (int b = 0; b <= 2; ++b)
        for (int n = 0; n <= 2; ++n) expected += 9 * fact(q + r + b + n) / (fact(q) * fact(r) * fact(b) * fact(n));
  long got = 0;
  for (const ArmySummary& a : armies({8, 2, false}))
    if (a.promotions == 0) got += long(a.weight);
  EXPECT_EQ(got, expected);
}

TEST(Army, PromotionsNeverExceedMissingPawns) {
  for (const ArmySummary& a : armies({7, 1, true})) {
    EXPECT_LE(a.pawns + a.promotions, 7);
    EXPECT_GE(a.pieces, 1);  // the king is placed as a piece
  }
}

}  // namespace
}  // namespace chessrank::bound
