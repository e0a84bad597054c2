#include "rank/level.h"

#include <gtest/gtest.h>

#include <array>
#include <pcg_random.hpp>
#include <vector>

namespace chessrank::rank {
namespace {

constexpr std::size_t Children = 40;

// Sizes from empty to ~2^150, so that empty children, runs of them and keys equal after the shift all occur.
std::array<UInt192, Children> random_sizes(pcg64& rng) {
  std::array<UInt192, Children> sizes{};
  for (UInt192& size : sizes) switch (rng() % 4) {
      case 0: break;
      case 1: size = UInt192(rng() % 5); break;
      case 2: size = UInt192::from_limbs(rng(), rng() >> (rng() % 64), 0); break;
      default: size = UInt192::from_limbs(rng(), rng(), rng() >> 42); break;
    }
  return sizes;
}

// The child that holds an index, by walking the sizes: the reference for both searches.
std::size_t child_by_walk(const std::array<UInt192, Children>& sizes, UInt192& index) {
  std::size_t c = 0;
  while (!(index < sizes[c])) index -= sizes[c++];
  return c;
}

template <class Level>
void expect_locate_walks(const Level& level, const std::array<UInt192, Children>& sizes, UInt192 index) {
  UInt192 walked = index, located = index;
  const std::size_t c = child_by_walk(sizes, walked);
  ASSERT_EQ(level.locate(located), c);
  EXPECT_EQ(located, walked);
}

// Starts, counts and the total follow the sizes; both levels locate every child's first and last index and
// random ones where walking the sizes does, never in an empty child; the two-argument form sees each start.
TEST(SumLevel, LocatesWhereWalkingTheSizesDoes) {
  pcg64 rng(11);
  for (int trial = 0; trial < 200; ++trial) {
    const std::array<UInt192, Children> sizes = random_sizes(rng);
    SumLevel<Children> plain;
    KeyedSumLevel<Children> keyed;
    std::array<UInt192, Children> seen{};
    plain.assign([&](std::size_t c) { return sizes[c]; });
    keyed.assign([&](std::size_t c, const UInt192& start) {
      seen[c] = start;
      return sizes[c];
    });
    UInt192 total;
    for (std::size_t c = 0; c < Children; ++c) {
      ASSERT_EQ(plain.start(c), total);
      ASSERT_EQ(seen[c], total);
      ASSERT_EQ(keyed.count(c), sizes[c]);
      total += sizes[c];
    }
    ASSERT_EQ(plain.total(), total);
    if (total.is_zero()) continue;
    for (std::size_t c = 0; c < Children; ++c) {
      if (sizes[c].is_zero()) continue;
      for (const UInt192& at : {plain.start(c), plain.start(c + 1) - UInt192(1)}) {
        expect_locate_walks(plain, sizes, at);
        expect_locate_walks(keyed, sizes, at);
      }
    }
    for (int i = 0; i < 50; ++i) {
      UInt192 quotient, at;
      UInt192::divmod(UInt192::from_limbs(rng(), rng(), rng()), total, quotient, at);
      expect_locate_walks(plain, sizes, at);
      expect_locate_walks(keyed, sizes, at);
    }
  }
}

// A strided level keeps every stride-th start and finds the same children and starts as walking the sizes.
TEST(StridedSumLevel, LocatesAndStartsWhereWalkingTheSizesDoes) {
  pcg64 rng(12);
  for (const std::size_t stride : {1, 3, 16}) {
    for (int trial = 0; trial < 100; ++trial) {
      const std::array<UInt192, Children> sizes = random_sizes(rng);
      const auto size_of = [&](std::size_t c) { return sizes[c]; };
      StridedSumLevel level;
      level.assign(Children, stride, size_of);
      EXPECT_EQ(level.bytes(), ((Children + stride - 1) / stride + 1) * sizeof(UInt192));
      UInt192 total;
      for (std::size_t c = 0; c < Children; ++c) {
        ASSERT_EQ(level.start(c, size_of), total);
        total += sizes[c];
      }
      ASSERT_EQ(level.total(), total);
      if (total.is_zero()) continue;
      std::vector<UInt192> probes;
      for (std::size_t c = 0; c < Children; ++c)
        if (!sizes[c].is_zero())
          probes.insert(probes.end(), {level.start(c, size_of), level.start(c, size_of) + sizes[c] - UInt192(1)});
      for (int i = 0; i < 50; ++i) {
        UInt192 quotient, at;
        UInt192::divmod(UInt192::from_limbs(rng(), rng(), rng()), total, quotient, at);
        probes.push_back(at);
      }
      for (const UInt192& at : probes) {
        UInt192 walked = at, located = at;
        const std::size_t c = child_by_walk(sizes, walked);
        ASSERT_EQ(level.locate(located, size_of), c);
        EXPECT_EQ(located, walked);
      }
    }
  }
}

// A listed level (every child, each with its number, to tell them apart) counts, starts and locates as
// walking the sizes does, never in an empty child, and reads the size of a child only to pass it: a find
// reads those before its child, never its own.
TEST(ListedSumLevel, CountsStartsAndLocatesAsWalkingTheSizesDoes) {
  pcg64 rng(13);
  for (int trial = 0; trial < 200; ++trial) {
    const std::array<UInt192, Children> sizes = random_sizes(rng);
    std::size_t read = 0;  // one past the last child whose size was read
    const auto list = [&](auto&& visit) {
      for (std::size_t c = 0; c < Children; ++c)
        if (visit(c, [&] {
              read = c + 1;
              return sizes[c];
            }))
          return;
    };
    UInt192 total;
    for (std::size_t c = 0; c < Children; ++c) {
      read = 0;
      UInt192 at(7);  // find adds the start
      ASSERT_EQ(ListedSumLevel::find<std::size_t>(list, [&](std::size_t child) { return child == c; }, at), c);
      ASSERT_EQ(at, total + UInt192(7));
      ASSERT_EQ(read, c);
      total += sizes[c];
    }
    ASSERT_EQ(ListedSumLevel::total(list), total);
    if (total.is_zero()) continue;
    for (int i = 0; i < 100; ++i) {
      UInt192 quotient, at;
      UInt192::divmod(UInt192::from_limbs(rng(), rng(), rng()), total, quotient, at);
      UInt192 walked = at, located = at;
      const std::size_t c = child_by_walk(sizes, walked);
      ASSERT_EQ(ListedSumLevel::locate<std::size_t>(list, located), c);
      EXPECT_EQ(located, walked);
    }
  }
}

}  // namespace
}  // namespace chessrank::rank
