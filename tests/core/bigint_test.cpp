#include "core/bigint.h"

#include <gtest/gtest.h>

#include "core/result.h"

namespace chessrank {
namespace {

TEST(BigInt, LogarithmsAreAccurateBeyondDoubleRange) {
  EXPECT_DOUBLE_EQ(log2_big(BigInt(1024)), 10.0);
  EXPECT_NEAR(log2_big(BigInt(1) << 5000), 5000.0, 1e-9);
  EXPECT_NEAR(log10_big(BigInt("1000000000000000000000000000000000000000000000")), 45.0, 1e-12);
}

TEST(BigInt, CodeBytesIsTheSizeOfTheLargestIndex) {
  EXPECT_EQ(code_bytes(BigInt(1)), 0u);  // one value needs no bits
  EXPECT_EQ(code_bytes(BigInt(256)), 1u);
  EXPECT_EQ(code_bytes(BigInt(257)), 2u);
  EXPECT_EQ(code_bytes(BigInt(1) << 152), 19u);
  EXPECT_EQ(code_bytes((BigInt(1) << 152) + 1), 20u);
}

TEST(BigInt, BinomialMatchesPascal) {
  for (long n = 0; n < 70; ++n)
    for (long k = 1; k < n; ++k) EXPECT_EQ(binomial(n, k), binomial(n - 1, k - 1) + binomial(n - 1, k));
  EXPECT_EQ(binomial(5, 6), 0);
  EXPECT_EQ(binomial(5, -1), 0);
}

TEST(Result, HoldsAValueOrAnError) {
  const Result<int> ok = 7;
  const Result<int> bad = Error{"no"};
  ASSERT_TRUE(ok.ok());
  EXPECT_EQ(*ok, 7);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error(), "no");
}

}  // namespace
}  // namespace chessrank
