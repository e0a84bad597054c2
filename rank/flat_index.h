// FlatIndex: numbers distinct 64-bit keys 0, 1, 2, ... in the order they are first seen, as the model builders
// do for the states they reach (pack_key makes such keys of small fields). An open-addressing table (linear
// probing, a power of two of slots, at most half full): several times faster than std::unordered_map for the
// millions of lookups a build makes, and one allocation. KeyIndex does the same for a few thousand keys of any
// ordered type (the tuples by which frames share tables).
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <initializer_list>
#include <map>
#include <utility>
#include <vector>

namespace chessrank::rank {

// Return the key of (value, bits) fields, the first most significant, each value within its width.
inline std::uint64_t pack_key(std::initializer_list<std::pair<int, int>> fields) {
  std::uint64_t key = 0;
  for (const auto& [value, bits] : fields) key = key << bits | std::uint64_t(value);
  return key;
}

class FlatIndex {
 public:
  explicit FlatIndex(std::size_t expected = 1024) { rehash(std::max<std::size_t>(16, std::bit_ceil(2 * expected))); }

  // Return the number of `key` and whether it is new (its number is then size() - 1).
  std::pair<std::uint32_t, bool> insert(std::uint64_t key) {
    if (2 * (size_ + 1) > slots_.size()) rehash(2 * slots_.size());
    Slot& s = find(key);
    if (s.value != Empty) return {s.value, false};
    s = {key, std::uint32_t(size_++)};
    return {s.value, true};
  }
  std::size_t size() const { return size_; }

 private:
  static constexpr std::uint32_t Empty = ~std::uint32_t(0);
  struct Slot {
    std::uint64_t key = 0;
    std::uint32_t value = Empty;
  };

  Slot& find(std::uint64_t key) {
    // A multiplicative hash (Fibonacci hashing): the top bits of key * 2^64 / phi.
    std::size_t i = std::size_t((key * 0x9E3779B97F4A7C15ULL) >> shift_);
    while (slots_[i].value != Empty && slots_[i].key != key) i = (i + 1) & (slots_.size() - 1);
    return slots_[i];
  }
  void rehash(std::size_t n) {
    std::vector<Slot> old(n);
    old.swap(slots_);
    shift_ = 64 - std::countr_zero(n);
    for (const Slot& s : old)
      if (s.value != Empty) find(s.key) = s;
  }

  std::vector<Slot> slots_;
  std::size_t size_ = 0;
  int shift_ = 64;
};

template <class Key>
class KeyIndex {
 public:
  // Return the number of `key` and whether it is new (its number is then size() - 1).
  std::pair<std::int32_t, bool> insert(const Key& key) {
    const auto [it, added] = numbers_.emplace(key, std::int32_t(numbers_.size()));
    return {it->second, added};
  }
  std::size_t size() const { return numbers_.size(); }

 private:
  std::map<Key, std::int32_t> numbers_;
};

}  // namespace chessrank::rank
