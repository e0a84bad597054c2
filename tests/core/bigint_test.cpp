#include "core/bigint.h"

#include <string>
#include <variant>

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
  // Against the definition, the bytes of n - 1, around every power of two up to 2^200.
  const auto bytes_of_max = [](const BigInt& n) { return (mpz_sizeinbase(BigInt(n - 1).get_mpz_t(), 2) + 7) / 8; };
  for (long n = 2; n < 5000; ++n) EXPECT_EQ(code_bytes(BigInt(n)), bytes_of_max(BigInt(n))) << n;
  for (int e = 1; e <= 200; ++e)
    for (int d : {-1, 0, 1}) {
      const BigInt n = (BigInt(1) << e) + d;
      if (n > 1) {
        EXPECT_EQ(code_bytes(n), bytes_of_max(n)) << "2^" << e << " + " << d;
      }
    }
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

TEST(Result, ValueOrGivesTheFallbackOnlyOnAnError) {
  const Result<std::string> ok = std::string("yes");
  const Result<std::string> bad = Error{"no"};
  EXPECT_EQ(ok.value_or("fallback"), "yes");
  EXPECT_EQ(bad.value_or("fallback"), "fallback");
  EXPECT_EQ(Result<std::string>(Error{"no"}).value_or("moved"), "moved");
  EXPECT_THROW((void)bad.value(), std::bad_variant_access);
  EXPECT_THROW((void)ok.error(), std::bad_variant_access);
}

}  // namespace
}  // namespace chessrank
