// JumpTable against std::upper_bound: find and holder return the item that holds an index, and the
// copies are given for exactly the buckets no item starts inside, each the holder of all their indices.
#include "rank/jump_table.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <pcg_random.hpp>
#include <set>
#include <vector>

namespace chessrank::rank {
namespace {

struct Item {
  UInt192 start;
  int id = -1;  // -1: a sentinel
  bool sentinel() const { return id < 0; }
};

// Random non-decreasing starts from 0: runs of equal starts (empty items), items from tiny to ~2^150, and a
// sentinel at the total, as the models' sub-blocks have.
std::vector<Item> random_items(pcg64& rng, int n, UInt192& total) {
  std::vector<Item> items{{UInt192(), 0}};
  for (int i = 1; i < n; ++i) {
    UInt192 size;
    switch (rng() % 4) {
      case 0: break;
      case 1: size = UInt192(rng() % 5); break;
      case 2: size = UInt192::from_limbs(rng(), rng() >> (rng() % 64), 0); break;
      default: size = UInt192::from_limbs(rng(), rng(), rng() >> 42); break;
    }
    items.push_back({items.back().start + size, i});
  }
  total = items.back().start + UInt192(1 + rng() % 1000);
  items.push_back({total, -1});
  return items;
}

// Return the holder of r by the definition: the last item whose start <= r.
std::size_t holder(const std::vector<Item>& items, const UInt192& r) {
  const auto after = std::upper_bound(items.begin(), items.end(), r,
                                      [](const UInt192& v, const Item& item) { return v < item.start; });
  return std::size_t(after - items.begin()) - 1;
}

TEST(JumpTable, FindsTheHolderAndCopiesTheBucketsNoItemStartsInside) {
  pcg64 rng(11);
  int sole = 0, crossed = 0;
  for (int trial = 0; trial < 60; ++trial) {
    UInt192 total;
    const std::vector<Item> items = random_items(rng, 1 + int(rng() % 2000), total);
    JumpTable<Item> jump;
    jump.build(items, total);
    // The buckets an item (but the first, at 0) starts inside: those have no copy, every other one has.
    std::set<std::uint64_t> started;
    for (std::size_t i = 1; i < items.size(); ++i)
      if (items[i].start < total) started.insert(jump.bucket(items[i].start));
    // Indices at, next to and between the starts, and at random.
    std::vector<UInt192> probes{UInt192(), total - UInt192(1)};
    for (const Item& item : items) {
      if (item.start < total) probes.push_back(item.start);
      if (!item.start.is_zero() && item.start <= total) probes.push_back(item.start - UInt192(1));
      if (item.start + UInt192(1) < total) probes.push_back(item.start + UInt192(1));
    }
    for (int k = 0; k < 200; ++k) {
      UInt192 quotient, r;
      UInt192::divmod(UInt192::from_limbs(rng(), rng(), rng()), total, quotient, r);
      probes.push_back(r);
    }
    for (const UInt192& r : probes) {
      const std::size_t want = holder(items, r);
      ASSERT_EQ(jump.find(items, r), want) << "trial " << trial;
      ASSERT_EQ(jump.holder(items, r).id, items[want].id) << "trial " << trial;
      const Item* copy = jump.copy(r);
      ASSERT_EQ(copy == nullptr, started.count(jump.bucket(r)) > 0) << "trial " << trial;
      if (copy) {
        ASSERT_EQ(copy->id, items[want].id) << "trial " << trial;
      }
      (copy ? sole : crossed)++;
    }
  }
  // Indices in both kinds of bucket came up often.
  EXPECT_GT(sole, 1000);
  EXPECT_GT(crossed, 1000);
}

}  // namespace
}  // namespace chessrank::rank
