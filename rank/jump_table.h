// JumpTable: finds the item of a sorted run that holds an index, mostly with one lookup. The items (the fast
// paths' sub-blocks of frame 0 in `v1` and `v2`) split [0, total) into consecutive ranges by their starts;
// the table cuts [0, total) into at most 2^20 buckets of 2^shift indices and keeps, per bucket b, the last
// item starting in a bucket before b:
//
//   bucket      |   0   |   1   |   2   |   3   | ...      item i holds [start_i, start_(i+1))
//   items       | 0 1 2 |   2   | 2 3   |   3   |
//   entry       |   0   |   2   |   2   |   3   |          the holder of r lies in [entry[b], entry[b + 1]]
//
// A uniform index mostly lands in a bucket that no item boundary crosses, where the entry is the answer;
// a bucket that many boundaries cross (small items, where positions of real games gather) is bisected.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "rank/large_allocator.h"
#include "rank/uint192.h"

namespace chessrank::rank {

class JumpTable {
 public:
  // Return an item's start: a member, or a function of that name.
  template <class Item>
  static UInt192 start_of(const Item& item) {
    if constexpr (requires { item.start(); })
      return item.start();
    else
      return item.start;
  }
  // Index items whose starts (item.start) never decrease, from 0 at the first; an item that starts at or
  // after `total` (a sentinel) is never the answer.
  template <class Items>
  void build(const Items& items, const UInt192& total) {
    constexpr int Bits = 20;  // at most 2^20 buckets: 4 MB
    shift_ = std::max(0, total.bit_width() - Bits);
    const std::uint64_t buckets = (total - UInt192(1)).bits_from(shift_) + 1;
    entry_.resize(buckets + 1);
    std::size_t s = 0;
    for (std::uint64_t b = 0; b <= buckets; ++b) {
      while (s + 1 < items.size() && start_of(items[s + 1]).bits_from(shift_) < b) ++s;
      entry_[b] = std::uint32_t(s);
    }
  }
  // Return the item holding r < total (the last whose start <= r).
  template <class Items>
  std::size_t find(const Items& items, const UInt192& r) const {
    const std::uint64_t bucket = r.bits_from(shift_);
    std::uint32_t s = entry_[bucket];
    const std::uint32_t last = entry_[bucket + 1];
    if (last - s > 8) {
      const auto after = std::upper_bound(items.begin() + s + 1, items.begin() + last + 1, r,
                                          [](const UInt192& v, const auto& item) { return v < start_of(item); });
      s = std::uint32_t(after - items.begin()) - 1;
    }
    while (s < last && !(r < start_of(items[s + 1]))) ++s;
    return s;
  }
  // Copy into `out`, per bucket, the item that holds the whole bucket, or `none` for a bucket an item starts
  // inside: a find that lands in a bucket of the first kind (89% of frame 0's indices in `v2`) then reads one
  // record, out[bucket(r)], where find reads an entry and then the item, two dependent cache misses.
  template <class Items, class Item>
  void copy_sole_items(const Items& items, const Item& none, LargeVector<Item>& out) const {
    out.resize(entry_.size() - 1);
    for (std::size_t b = 0; b + 1 < entry_.size(); ++b) out[b] = entry_[b] == entry_[b + 1] ? items[entry_[b]] : none;
  }
  // Return the bucket of an index below total.
  std::uint64_t bucket(const UInt192& r) const { return r.bits_from(shift_); }
  bool empty() const { return entry_.empty(); }
  std::size_t bytes() const { return entry_.size() * sizeof(std::uint32_t); }

 private:
  LargeVector<std::uint32_t> entry_;
  int shift_ = 0;
};

}  // namespace chessrank::rank
