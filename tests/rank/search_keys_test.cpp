#include "rank/search_keys.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <pcg_random.hpp>
#include <vector>

namespace chessrank::rank {
namespace {

// Random non-decreasing starts beginning at 0, with runs of equal starts (empty blocks) and block sizes
// from tiny to ~2^150, so that many keys collide after the shift.
std::vector<UInt192> random_starts(pcg64& rng, int n) {
  std::vector<UInt192> starts{UInt192()};
  for (int i = 1; i < n; ++i) {
    UInt192 size;
    switch (rng() % 4) {
      case 0: break;  // empty block
      case 1: size = UInt192(rng() % 5); break;
      case 2: size = UInt192::from_limbs(rng(), rng() >> (rng() % 64), 0); break;
      default: size = UInt192::from_limbs(rng(), rng(), rng() >> 42); break;
    }
    starts.push_back(starts.back() + size);
  }
  return starts;
}

// Both searches find what std::upper_bound finds over the exact starts, for indices at, just before and
// just after every start and at random.
TEST(SearchKeys, FindTheBlockThatUpperBoundFinds) {
  pcg64 rng(7);
  for (int trial = 0; trial < 300; ++trial) {
    const int n = 1 + int(rng() % 300);
    const std::vector<UInt192> starts = random_starts(rng, n);
    const int shift = key_shift(starts.back());
    std::vector<std::uint64_t> keys;
    for (const UInt192& s : starts) keys.push_back(search_key(s, shift));
    ASSERT_TRUE(std::is_sorted(keys.begin(), keys.end()));
    ASSERT_LT(keys.back(), EndKey);
    std::vector<std::uint64_t> ended = keys;
    ended.push_back(EndKey);
    std::vector<UInt192> probes;
    for (const UInt192& s : starts) {
      probes.push_back(s);
      probes.push_back(s + UInt192(1));
      if (!s.is_zero()) probes.push_back(s - UInt192(1));
    }
    const BigInt end = starts.back().to_big() + 1;
    for (int i = 0; i < 50; ++i) {
      const BigInt x =
          (BigInt(std::uint64_t(rng())) << 128 | BigInt(std::uint64_t(rng())) << 64 | BigInt(std::uint64_t(rng()))) %
          end;
      UInt192 r;
      ASSERT_TRUE(UInt192::from_big(x, r));
      probes.push_back(r);
    }
    const auto start = [&](std::size_t i) { return starts[i]; };
    for (const UInt192& r : probes) {
      if (starts.back() < r) continue;  // past the last start: not an index of these blocks
      const std::size_t expected = std::size_t(std::upper_bound(starts.begin(), starts.end(), r) - starts.begin()) - 1;
      EXPECT_EQ(find_block(keys.data(), keys.size(), shift, r, start), expected) << trial;
      EXPECT_EQ(find_block_scan(ended.data(), shift, r, start), expected) << trial;
    }
  }
}

TEST(SearchKeys, LastNotAboveMatchesUpperBound) {
  pcg64 rng(11);
  for (int trial = 0; trial < 2000; ++trial) {
    std::vector<std::uint64_t> keys(1 + rng() % 40);
    for (auto& k : keys) k = rng() % 20;
    std::sort(keys.begin(), keys.end());
    const std::uint64_t key = keys[0] + rng() % 25;
    const std::size_t expected = std::size_t(std::upper_bound(keys.begin(), keys.end(), key) - keys.begin()) - 1;
    EXPECT_EQ(last_not_above(keys.data(), keys.size(), key), expected);
  }
}

}  // namespace
}  // namespace chessrank::rank
