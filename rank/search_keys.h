// Search keys: find the block that holds an index among a run of block starts while touching few cache
// lines. The starts of a level of an index are non-decreasing UInt192 values (24 bytes); a search over
// them reads a cache line for almost every probe. Their keys, start >> shift with one shift per run chosen
// so that every key is below 2^63, are 8 bytes: three times as many per line, and a run's upper levels stay
// in cache. Since start <= r implies key(start) <= key(r), the last key not above r's belongs to the block
// holding r or to a later one with an equal key; stepping back while the exact start is above r (usually
// no step) finds the block.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "rank/uint192.h"

namespace chessrank::rank {

// The key of a run's end: larger than every key, it stops a forward scan.
inline constexpr std::uint64_t EndKey = ~std::uint64_t(0);

// Return the shift of a run whose starts are all at most `last`.
inline int key_shift(const UInt192& last) { return std::max(0, last.bit_width() - 63); }
inline std::uint64_t search_key(const UInt192& start, int shift) { return start.bits_from(shift); }

// Return the last i < n with keys[i] <= key (keys sorted, n > 0, keys[0] <= key), by a binary search whose
// steps are conditional moves: its branches depend on n alone, so a random key costs no mispredictions.
inline std::size_t last_not_above(const std::uint64_t* keys, std::size_t n, std::uint64_t key) {
  const std::uint64_t* base = keys;
  while (n > 1) {
    const std::size_t half = n / 2;
    base = base[half] <= key ? base + half : base;
    n -= half;
  }
  return std::size_t(base - keys);
}

// Return the last i < n with start(i) <= r, by binary search over the n keys; start(0) <= r is required.
template <class Start>
std::size_t find_block(const std::uint64_t* keys, std::size_t n, int shift, const UInt192& r, Start&& start) {
  std::size_t i = last_not_above(keys, n, search_key(r, shift));
  while (r < start(i)) --i;
  return i;
}

// The same for a short run ended by EndKey, scanning forward (its lines come in order).
template <class Start>
std::size_t find_block_scan(const std::uint64_t* keys, int shift, const UInt192& r, Start&& start) {
  const std::uint64_t key = search_key(r, shift);
  std::size_t i = 0;
  while (keys[i + 1] <= key) ++i;
  while (r < start(i)) --i;
  return i;
}

}  // namespace chessrank::rank
