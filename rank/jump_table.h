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
// Such a bucket (no item starts inside it) also keeps a copy of its item, so that holder() reads one record
// there, where find reads the entry and then the item: two dependent cache misses (89% of frame 0's
// indices in `v2`). The other buckets keep a sentinel (an Item whose sentinel() is true; the last item must
// be one, starting at or after total), which tells holder() to find.
#pragma once

#include <algorithm>
#include <cassert>
#include <cstdint>
#include <vector>

#include "rank/large_allocator.h"
#include "rank/prefetch.h"
#include "rank/uint192.h"

namespace chessrank::rank {

template <class Item>
class JumpTable {
 public:
  // Return an item's start: a member, or a function of that name.
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
    constexpr int Bits = 20;  // at most 2^20 buckets: 4 MB of entries, and the copies
    shift_ = std::max(0, total.bit_width() - Bits);
    const std::uint64_t buckets = (total - UInt192(1)).bits_from(shift_) + 1;
    entry_.resize(buckets + 1);
    std::size_t s = 0;
    for (std::uint64_t b = 0; b <= buckets; ++b) {
      while (s + 1 < items.size() && start_of(items[s + 1]).bits_from(shift_) < b) ++s;
      entry_[b] = std::uint32_t(s);
    }
    assert(items.back().sentinel());
    copies_.resize(buckets);
    for (std::uint64_t b = 0; b < buckets; ++b)
      copies_[b] = entry_[b] == entry_[b + 1] ? items[entry_[b]] : items.back();
  }
  // Return the index of the item holding r < total (the last whose start <= r).
  template <class Items>
  std::size_t find(const Items& items, const UInt192& r) const {
    const std::uint64_t b = bucket(r);
    std::uint32_t s = entry_[b];
    const std::uint32_t last = entry_[b + 1];
    if (last - s > 8) {
      const auto after = std::upper_bound(items.begin() + s + 1, items.begin() + last + 1, r,
                                          [](const UInt192& v, const auto& item) { return v < start_of(item); });
      s = std::uint32_t(after - items.begin()) - 1;
    }
    while (s < last && !(r < start_of(items[s + 1]))) ++s;
    return s;
  }
  // Return the copy of the item holding r < total, or null for a bucket an item starts inside.
  const Item* copy(const UInt192& r) const {
    const Item& c = copies_[bucket(r)];
    return c.sentinel() ? nullptr : &c;
  }
  // Return the item holding r < total: its bucket's copy, or the one find() finds.
  template <class Items>
  const Item& holder(const Items& items, const UInt192& r) const {
    const Item* c = copy(r);
    return c ? *c : items[find(items, r)];
  }
  // Ask for the lines holder(r) reads first, the bucket's copy and entry; nothing for an index past the
  // buckets (of another frame than the table's), or when the table is empty.
  void prefetch(const UInt192& r) const {
    const std::uint64_t b = bucket(r);
    if (r.bit_width() > shift_ + 64 || b >= copies_.size()) return;
    rank::prefetch(&copies_[b]);
    rank::prefetch(&entry_[b]);
  }
  // Return the bucket of an index below total.
  std::uint64_t bucket(const UInt192& r) const { return r.bits_from(shift_); }
  bool empty() const { return entry_.empty(); }
  std::size_t bytes() const { return entry_.size() * sizeof(std::uint32_t) + copies_.size() * sizeof(Item); }

 private:
  LargeVector<std::uint32_t> entry_;
  LargeVector<Item> copies_;  // per bucket: its item, or a sentinel
  int shift_ = 0;
};

}  // namespace chessrank::rank
