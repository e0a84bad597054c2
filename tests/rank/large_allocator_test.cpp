#include "rank/large_allocator.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <numeric>
#include <vector>

namespace chessrank::rank {
namespace {

// A large vector gets a mapping of its own on a 2 MiB boundary, keeps its contents as it grows and
// shrinks, and a small one comes from the heap and works the same.
TEST(LargeAllocator, MapsLargeVectorsOnHugePageBoundaries) {
  // 8 KB (the heap), 2 MiB and a word (mapped; its half is back on the heap), 40 MB (mapped throughout).
  for (const std::size_t n : {std::size_t(1000), (std::size_t(1) << 18) + 1, (std::size_t(5) << 20) + 3}) {
    LargeVector<std::uint64_t> v(n);
    std::iota(v.begin(), v.end(), std::uint64_t(7));
    const bool large = n * sizeof(std::uint64_t) >= LargeAllocator<std::uint64_t>::HugePage;
    if (large) {
      EXPECT_EQ(reinterpret_cast<std::uintptr_t>(v.data()) % LargeAllocator<std::uint64_t>::HugePage, 0u);
    }
    v.resize(2 * n + 1, 1);  // a new mapping: the contents move over
    for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(v[i], 7 + i) << n;
    EXPECT_EQ(v[2 * n], 1u);
    v.resize(n / 2);
    v.shrink_to_fit();
    for (std::size_t i = 0; i < n / 2; ++i) ASSERT_EQ(v[i], 7 + i) << n;
  }
}

// Copies made by the arena hold what was copied and do not overlap, across chunks and with copies of more
// than a chunk.
TEST(LargeArena, KeepsEachCopyIntact) {
  LargeArena arena;
  std::vector<std::vector<std::uint64_t>> originals;
  std::vector<const std::uint64_t*> copies;
  std::uint64_t next = 1;
  for (const std::size_t n : {std::size_t(0), std::size_t(1), std::size_t(5000), std::size_t(3) << 20,
                              std::size_t(1) << 20, std::size_t(5) << 20, std::size_t(17)}) {
    std::vector<std::uint64_t> v(n);
    for (std::uint64_t& x : v) x = next++;
    copies.push_back(arena.copy(v));
    originals.push_back(std::move(v));
  }
  for (std::size_t i = 0; i < originals.size(); ++i)
    for (std::size_t j = 0; j < originals[i].size(); ++j) ASSERT_EQ(copies[i][j], originals[i][j]) << i << " " << j;
  const std::vector<std::uint16_t> odd = {1, 2, 3};  // a size that is not a whole number of words
  const std::uint16_t* small = arena.copy(odd);
  const std::uint64_t* after = arena.copy(std::vector<std::uint64_t>{42});
  EXPECT_EQ(small[0] + small[1] + small[2], 6);
  EXPECT_EQ(*after, 42u);
  EXPECT_EQ(copies.back()[16], next - 1);
}

}  // namespace
}  // namespace chessrank::rank
