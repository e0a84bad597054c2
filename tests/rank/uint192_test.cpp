#include "rank/uint192.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <pcg_random.hpp>
#include <vector>

#include "rank/binomial.h"

namespace chessrank::rank {
namespace {

BigInt random_big(pcg64& rng, int bits) {
  BigInt r = 0;
  for (int i = 0; i < 3; ++i) {
    r <<= 64;
    r += BigInt(std::uint64_t(rng()));
  }
  return r >> (192 - bits);
}

// bit_width and bits_from (the search keys) against GMP's size and shift.
TEST(UInt192, BitWidthAndShiftedBitsAgreeWithGmp) {
  pcg64 rng(3);
  const BigInt low64 = (BigInt(1) << 64) - 1;
  for (int i = 0; i < 20000; ++i) {
    const BigInt a = random_big(rng, 1 + int(rng() % 192));
    UInt192 x;
    ASSERT_TRUE(UInt192::from_big(a, x));
    EXPECT_EQ(x.bit_width(), a == 0 ? 0 : int(mpz_sizeinbase(a.get_mpz_t(), 2))) << a.get_str();
    const int shift = int(rng() % 192);
    EXPECT_EQ(BigInt(x.bits_from(shift)), BigInt((a >> shift) & low64)) << a.get_str() << " >> " << shift;
  }
  EXPECT_EQ(UInt192().bit_width(), 0);
}

// Cross-check every operation against GMP on random operands of random sizes.
TEST(UInt192, AgreesWithGmp) {
  pcg64 rng(1);
  for (int i = 0; i < 20000; ++i) {
    const BigInt a = random_big(rng, 1 + int(rng() % 190)), b = random_big(rng, 1 + int(rng() % 120));
    UInt192 x, y;
    ASSERT_TRUE(UInt192::from_big(a, x));
    ASSERT_TRUE(UInt192::from_big(b, y));
    EXPECT_EQ(x.to_big(), a);
    EXPECT_EQ((x + y).to_big() % (BigInt(1) << 192), BigInt(a + b) % (BigInt(1) << 192)) << i;
    if (a >= b) {
      EXPECT_EQ((x - y).to_big(), BigInt(a - b));
    }
    EXPECT_EQ(x < y, a < b);
    UInt192 t = x;
    EXPECT_EQ(t.try_sub(y), a >= b);
    EXPECT_EQ(t.to_big(), a >= b ? BigInt(a - b) : a);
    const std::uint64_t m = rng() >> (rng() % 64);
    if (mpz_sizeinbase(a.get_mpz_t(), 2) + 64 < 192) {
      EXPECT_EQ((x * m).to_big(), BigInt(a * BigInt(m)));
    }
    if (!b.get_ui() && b == 0) continue;
    UInt192 q, r;
    UInt192::divmod(x, y, q, r);
    EXPECT_EQ(q.to_big(), BigInt(a / b));
    EXPECT_EQ(r.to_big(), BigInt(a % b));
  }
}

// try_sub at the edges: equal values, a borrow through every limb, and one that goes below zero only in
// the top limb.
TEST(UInt192, TrySubtractsExactlyWhenItFits) {
  const UInt192 top = UInt192::from_limbs(0, 0, 1), one = 1, big = UInt192::from_limbs(~0ULL, ~0ULL, 0);
  UInt192 x = top;
  EXPECT_TRUE(x.try_sub(one));
  EXPECT_EQ(x, big);
  EXPECT_FALSE(x.try_sub(top));
  EXPECT_EQ(x, big);
  EXPECT_TRUE(x.try_sub(big));
  EXPECT_TRUE(x.is_zero());
  EXPECT_FALSE(x.try_sub(one));
  EXPECT_TRUE(x.is_zero());
  UInt192 y = UInt192::from_limbs(5, 7, 2);
  EXPECT_FALSE(y.try_sub(UInt192::from_limbs(0, 0, 3)));
  EXPECT_TRUE(y.try_sub(UInt192::from_limbs(6, 7, 1)));
  EXPECT_EQ(y, UInt192::from_limbs(~0ULL, ~0ULL, 0));
}

// Two-limb divisors take the native division: check it against GMP where its corrections happen, with
// divisors at the edges of the normalisation (top limb 1, 2^63, all ones; low limb 0, 1, all ones) and
// numerators q d + r with r at both ends, so that the quotient estimates are off by one or two.
TEST(UInt192, TwoLimbDivisionAgreesWithGmpAtTheEdges) {
  pcg64 rng(5);
  const std::uint64_t ones = ~std::uint64_t(0);
  std::vector<UInt192> divisors;
  for (std::uint64_t hi : {std::uint64_t(1), std::uint64_t(3), std::uint64_t(1) << 63, ones - 1, ones})
    for (std::uint64_t lo : {std::uint64_t(0), std::uint64_t(1), std::uint64_t(1) << 63, ones})
      divisors.push_back(UInt192::from_limbs(lo, hi, 0));
  for (int i = 0; i < 200; ++i) divisors.push_back(UInt192::from_limbs(rng(), rng() >> (rng() % 64) | 1, 0));
  const BigInt limit = BigInt(1) << 192;
  for (const UInt192& d : divisors) {
    const BigInt db = d.to_big(), qmax = (limit - 1) / db;
    for (int i = 0; i < 60; ++i) {
      BigInt qb = (BigInt(std::uint64_t(rng())) << 64 | BigInt(std::uint64_t(rng()))) % (qmax + 1);
      if (i % 3 == 0) qb = qmax - (i / 3 % 4);  // the largest quotients
      BigInt rb = i % 2 ? BigInt(db - 1) : BigInt(BigInt(std::uint64_t(rng())) % db);
      BigInt nb = qb * db + rb;
      // Every fourth: a first partial remainder of d - 1, whose top limb equals d's (after the shift), the
      // case where the estimate of the second quotient limb would overflow a hardware division.
      if (i % 4 == 1) {
        const BigInt top = (qb % ((BigInt(1) << 128) / db)) * db + db - 1;
        nb = top << 64 | BigInt(std::uint64_t(rng()));
        qb = nb / db, rb = nb % db;  // the expected values, by GMP
      }
      if (nb >= limit) continue;
      UInt192 n, q, r;
      ASSERT_TRUE(UInt192::from_big(nb, n));
      UInt192::divmod(n, d, q, r);
      EXPECT_EQ(q.to_big(), qb) << nb.get_str() << " / " << db.get_str();
      EXPECT_EQ(r.to_big(), rb) << nb.get_str() << " % " << db.get_str();
    }
  }
}

// One-limb divisors: the top limb's division is skipped when that limb is below d, so check numerators
// whose top limb (the second or the third) lies just below, at and just above d, against GMP.
TEST(UInt192, OneLimbDivisionAgreesWithGmpAroundTheTopLimb) {
  pcg64 rng(7);
  for (int i = 0; i < 2000; ++i) {
    const std::uint64_t d = std::max<std::uint64_t>(2, rng() >> (rng() % 64));
    for (std::uint64_t top : {d - 1, d, d + 1, std::uint64_t(1), d / 2})
      for (int limbs : {2, 3}) {
        const UInt192 n = limbs == 3 ? UInt192::from_limbs(rng(), rng(), top) : UInt192::from_limbs(rng(), top, 0);
        UInt192 q = n;
        const std::uint64_t r = q.divmod(d);
        EXPECT_EQ(q.to_big(), BigInt(n.to_big() / BigInt(d))) << n.to_big().get_str() << " / " << d;
        EXPECT_EQ(BigInt(r), BigInt(n.to_big() % BigInt(d))) << n.to_big().get_str() << " % " << d;
      }
  }
}

// The big-endian bytes of the rank code against GMP's export, for every length from none to more than the
// 24 bytes of the limbs.
TEST(UInt192, BytesAgreeWithGmp) {
  pcg64 rng(5);
  for (int i = 0; i < 20000; ++i) {
    const BigInt a = random_big(rng, 1 + int(rng() % 192));
    UInt192 x;
    ASSERT_TRUE(UInt192::from_big(a, x));
    const std::size_t bytes = a == 0 ? 0 : (mpz_sizeinbase(a.get_mpz_t(), 2) + 7) / 8;  // GMP writes none for 0
    std::vector<std::uint8_t> gmp(bytes);
    std::size_t count = 0;
    mpz_export(gmp.data(), &count, 1, 1, 1, 0, a.get_mpz_t());
    ASSERT_EQ(count, bytes);
    const std::size_t n = rng() % 30;
    std::vector<std::uint8_t> out(n, 0xAA);
    ASSERT_EQ(x.to_bytes(out), n >= bytes) << i;
    if (n < bytes) {
      EXPECT_EQ(out, std::vector<std::uint8_t>(n, 0xAA)) << "a refused write leaves the bytes alone";
      continue;
    }
    std::vector<std::uint8_t> expected(n - bytes, 0);
    expected.insert(expected.end(), gmp.begin(), gmp.end());
    EXPECT_EQ(out, expected) << i;
    UInt192 back;
    ASSERT_TRUE(UInt192::from_bytes(out, back));
    EXPECT_EQ(back, x);
    if (n > 24) {  // a byte above the limbs makes the number too large
      out[rng() % (n - 24)] = std::uint8_t(1 + rng() % 255);
      EXPECT_FALSE(UInt192::from_bytes(out, back));
    }
  }
}

TEST(UInt192, RefusesWhatDoesNotFit) {
  UInt192 x;
  EXPECT_FALSE(UInt192::from_big(BigInt(1) << 192, x));
  EXPECT_FALSE(UInt192::from_big(BigInt(-1), x));
  EXPECT_TRUE(UInt192::from_big((BigInt(1) << 192) - 1, x));
}

TEST(Binomial, SubsetRankIsABijection) {
  // Every k-subset of sets of n squares spread over the board (all of them, then every other square,
  // then a scattered set) ranks below C(n, k) to a distinct number that unranks back to it.
  for (const Bitboard board : {~Bitboard(0), Bitboard(0xAAAAAAAAAAAAAAAAULL), Bitboard(0x8142241818244281ULL)}) {
    const int n = std::min(popcount(board), 12);
    Bitboard set = 0;
    std::vector<Square> member;  // the members of set from a1, found independently of nth_square
    for (Bitboard b = board; int(member.size()) < n;) member.push_back(pop_lsb(b)), set |= square_bb(member.back());
    for (int k = 0; k <= n; ++k) {
      std::vector<bool> seen(Binomial(n, k), false);
      for (unsigned mask = 0; mask < (1u << n); ++mask) {
        if (std::popcount(mask) != k) continue;
        Bitboard men = 0;
        for (int i = 0; i < n; ++i)
          if (mask >> i & 1) men |= square_bb(member[i]);
        const std::uint64_t r = rank_subset(men, set);
        ASSERT_LT(r, seen.size());
        EXPECT_FALSE(seen[r]);
        seen[r] = true;
        EXPECT_EQ(unrank_subset(r, set, n, k), men);
      }
    }
  }
  EXPECT_EQ(Binomial(64, 32), 1832624140942590534ULL);
  EXPECT_EQ(Binomial(5, 7), 0u);
}

// Return the largest c <= 64 with C(c, i) <= r by walking up the column: what MemberTop finds by table.
int top_by_walk(std::uint64_t r, int i) {
  int c = 0;
  while (c < 64 && Binomial(c + 1, i) <= r) ++c;
  return c;
}

TEST(Binomial, MemberTopsAgreeWithAWalk) {
  // At and around every value of each column (where the answer steps), and at random ranks of each
  // bit width: the table's bucket and its one step find what the walk finds.
  pcg64 rng(7);
  for (int i = 3; i <= MemberTops::Members; ++i) {
    std::vector<std::uint64_t> rs = {0, 1, 2};
    for (int c = i; c <= 64; ++c)
      for (const std::uint64_t r : {Binomial(c, i) - 1, Binomial(c, i), Binomial(c, i) + 1})
        if (r < Binomial(64, i)) rs.push_back(r);
    for (int bits = 1; bits <= 63; ++bits)
      for (int n = 0; n < 50; ++n) rs.push_back(std::uint64_t(rng()) >> (64 - bits));
    for (const std::uint64_t r : rs) {
      if (r >= Binomial(64, i)) continue;  // an unrank's r is below C(64, i)
      ASSERT_EQ(MemberTop.top(r, i), top_by_walk(r, i)) << "r " << r << ", i " << i;
    }
  }
}

TEST(Binomial, LargeSubsetsRoundTrip) {
  // Random ranks of k-subsets of sets of up to 64 squares, k up to 24 (past the table's 10 members, where
  // the walk takes over), and the first and last rank: unrank gives k members of the set, which rank back.
  pcg64 rng(11);
  for (const Bitboard board : {~Bitboard(0), Bitboard(0xAAAAAAAAAAAAAAAAULL), Bitboard(0x00FFFFFFFFFFFF00ULL)}) {
    const int n = popcount(board);
    for (int k = 0; k <= std::min(n, 24); ++k) {
      const std::uint64_t size = Binomial(n, k);
      for (int t = 0; t < 200; ++t) {
        const std::uint64_t r = t == 0 ? 0 : t == 1 ? size - 1 : std::uint64_t(rng()) % size;
        const Bitboard men = unrank_subset(r, board, n, k);
        ASSERT_EQ(popcount(men), k);
        ASSERT_EQ(men & ~board, 0u);
        ASSERT_EQ(rank_subset(men, board), r) << "n " << n << ", k " << k;
      }
    }
  }
}

}  // namespace
}  // namespace chessrank::rank
