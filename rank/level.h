// The composers of an index's levels (docs/ranking.md, "The models' indices"). Every model's index is a
// mixed-radix number: levels whose children have different sizes, above a product of two layers.
//
// ProductLevel: two digits, the minor (the placement of the pawns, with v2's white king) of a known number of
// values and least significant: index = major * count + minor.
// SumLevel: children of different sizes, their starts laid end to end, built once from their sizes and read
// alike by count (count, total), rank (start) and unrank (locate). An empty child takes no index.
// KeyedSumLevel finds the child of an index through 8-byte search keys (rank/search_keys.h), for levels
// whose starts are read in a hot loop. StridedSumLevel keeps every stride-th start only, for a level whose
// children are cheap to count again and rarely searched. ListedSumLevel keeps nothing: it reads a listing
// of the children that the model makes anew when asked.
#pragma once

#include <algorithm>
#include <array>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "rank/search_keys.h"
#include "rank/uint192.h"

namespace chessrank::rank {

struct ProductLevel {
  // Return the index of digits major and minor < count.
  static UInt192 rank(const UInt192& major, std::uint64_t minor, std::uint64_t count) {
    return major * count + UInt192(minor);
  }
  // Return the minor digit of an index, and set major to its major digit.
  static std::uint64_t unrank(const UInt192& index, std::uint64_t count, UInt192& major) {
    major = index;
    return major.divmod(count);
  }
};

template <std::size_t Children>
class SumLevel {
 public:
  // Lay the children out in order, child c of size size_of(c), or size_of(c, start) for a caller that also
  // records where the child starts (a nested level's own starts, say).
  template <class SizeOf>
  void assign(SizeOf&& size_of) {
    UInt192 at;
    for (std::size_t c = 0; c < Children; ++c) {
      start_[c] = at;
      if constexpr (std::is_invocable_v<SizeOf&, std::size_t, const UInt192&>)
        at += size_of(c, start_[c]);
      else
        at += size_of(c);
    }
    start_[Children] = at;
  }

  // Return the first index of child c (c <= Children: start(Children) is the total).
  const UInt192& start(std::size_t c) const { return start_[c]; }
  UInt192 count(std::size_t c) const { return start_[c + 1] - start_[c]; }
  const UInt192& total() const { return start_[Children]; }

  // Return the child holding index (below total()) and make index its offset within that child. Child 0 is
  // tried first: the models' first child (frame 0, no castling and no en passant) holds most indices.
  std::size_t locate(UInt192& index) const {
    const std::size_t c =
        index < start_[1] ? 0 : std::size_t(std::upper_bound(start_.begin(), start_.end(), index) - start_.begin()) - 1;
    index -= start_[c];
    return c;
  }

 private:
  std::array<UInt192, Children + 1> start_{};
};

template <std::size_t Children>
class KeyedSumLevel : private SumLevel<Children> {
 public:
  using SumLevel<Children>::start;
  using SumLevel<Children>::count;
  using SumLevel<Children>::total;

  template <class SizeOf>
  void assign(SizeOf&& size_of) {
    SumLevel<Children>::assign(size_of);
    shift_ = key_shift(this->total());
    for (std::size_t c = 0; c <= Children; ++c) keys_[c] = search_key(this->start(c), shift_);
  }

  // As SumLevel::locate, by a branch-free search over the keys.
  std::size_t locate(UInt192& index) const {
    const auto start = [&](std::size_t i) { return this->start(i); };
    const std::size_t c = find_block(keys_.data(), Children + 1, shift_, index, start);
    index -= this->start(c);
    return c;
  }

 private:
  std::array<std::uint64_t, Children + 1> keys_{};
  int shift_ = 0;
};

class StridedSumLevel {
 public:
  // Lay out `children` children, child c of size size_of(c), keeping the start of every stride-th.
  template <class SizeOf>
  void assign(std::size_t children, std::size_t stride, SizeOf&& size_of) {
    stride_ = stride;
    start_.clear();
    start_.reserve((children + stride - 1) / stride + 1);
    UInt192 at;
    for (std::size_t c = 0; c < children; ++c) {
      if (c % stride == 0) start_.push_back(at);
      at += size_of(c);
    }
    start_.push_back(at);
  }

  const UInt192& total() const {
    assert(!start_.empty());  // assign() has run
    return start_.back();
  }
  // Return the first index of child c, summing the sizes of the children since the last start kept.
  template <class SizeOf>
  UInt192 start(std::size_t c, SizeOf&& size_of) const {
    if (stride_ == 1) return start_[c];
    UInt192 at = start_[c / stride_];
    for (std::size_t b = c - c % stride_; b < c; ++b) at += size_of(b);
    return at;
  }
  // As SumLevel::locate: the last start kept at or below index, then the children after it one by one.
  template <class SizeOf>
  std::size_t locate(UInt192& index, SizeOf&& size_of) const {
    const auto kept = std::upper_bound(start_.begin(), start_.end() - 1, index) - 1;
    index -= *kept;
    std::size_t c = std::size_t(kept - start_.begin()) * stride_;
    if (stride_ == 1) return c;
    while (index.try_sub(size_of(c))) ++c;
    return c;
  }
  std::size_t bytes() const { return start_.size() * sizeof(UInt192); }

 private:
  std::vector<UInt192> start_;  // the start of every stride-th child, then the total
  std::size_t stride_ = 1;
};

// A level whose children the model lists anew each time (the classes of a pawn block in v1 and v2: cheap to
// list, and searched outside frame 0 only, whose FrameZeroIndex keeps them): list(visit) calls
// visit(child, size) for the children in index order until visit returns true, size() giving the child's
// size, worked out only when asked (a rank reads the sizes of the children before its own, not its own).
// Children may be empty. The count, the start of a child and the child of an index read the listing alike.
struct ListedSumLevel {
  template <class List>
  static UInt192 total(List&& list) {
    UInt192 total;
    list([&](const auto&, auto&& size) {
      total += size();
      return false;
    });
    return total;
  }
  // Return the first child for which is(child) holds (Child{} if none does), and add its start to `at`.
  template <class Child, class List, class Is>
  static Child find(List&& list, Is&& is, UInt192& at) {
    Child found{};
    list([&](const Child& child, auto&& size) {
      if (is(child)) return found = child, true;
      at += size();
      return false;
    });
    return found;
  }
  // Return the child holding index (below the total), and make index its offset within that child.
  template <class Child, class List>
  static Child locate(List&& list, UInt192& index) {
    Child found{};
    list([&](const Child& child, auto&& size) {
      if (index.try_sub(size())) return false;
      found = child;
      return true;
    });
    return found;
  }
};

}  // namespace chessrank::rank
