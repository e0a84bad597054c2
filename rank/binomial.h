// Binomial coefficients C(n, k) for 0 <= n <= 64 as 64-bit integers (C(64, 32) < 2^61), and the
// combinatorial number system that ranks a k-subset of a ranked set: the building block every layer of
// the ranking uses for "which squares hold the men of one kind".
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>

#include "core/bitboard.h"

namespace chessrank::rank {

class BinomialTable {
 public:
  constexpr BinomialTable() {
    for (int n = 0; n <= 64; ++n) {
      c_[n][0] = 1;
      for (int k = 1; k <= n; ++k) c_[n][k] = c_[n - 1][k - 1] + (k <= n - 1 ? c_[n - 1][k] : 0);
    }
  }
  // Return C(n, k), 0 when k < 0 or k > n.
  constexpr std::uint64_t operator()(int n, int k) const { return (k < 0 || k > n || n < 0) ? 0 : c_[n][k]; }

 private:
  std::array<std::array<std::uint64_t, 65>, 65> c_{};
};

inline constexpr BinomialTable Binomial{};

// BinomialColumn[k][n] = C(n, k) for 0 <= k, n <= 64: the values of one k adjacent in memory, for the
// walks over n that unranking does.
inline constexpr auto BinomialColumn = [] {
  std::array<std::array<std::uint64_t, 65>, 65> t{};
  for (int k = 0; k <= 64; ++k)
    for (int n = 0; n <= 64; ++n) t[k][n] = Binomial(n, k);
  return t;
}();

// PairTop[r]: the largest c with C(c, 2) <= r, for r < C(64, 2): the top member of a pair of colex rank r.
inline constexpr auto PairTop = [] {
  std::array<std::uint8_t, 64 * 63 / 2> t{};
  for (int c = 1; c < 64; ++c)
    for (int r = c * (c - 1) / 2; r < c * (c + 1) / 2 && r < int(t.size()); ++r) t[r] = std::uint8_t(c);
  return t;
}();

// MemberTop: for 3 <= i <= Members, the largest c with C(c, i) <= r without a data-dependent branch. The
// key of r is its leading five bits and their place (r itself below 32):
//
//   key = 16 s + (r >> s),  s = max(0, bit width of r - 5)        r in [m << s, (m + 1) << s), m = r >> s
//
// and below[i][key] is the answer for the bucket's least r. Within a bucket r grows by less than 1/16, too
// little for the answer to grow by more than one (checked below for every bucket): the answer is
// below[i][key], plus one when C(below + 1, i) <= r. One comparison and no branch, where a walk down the
// column of C(., i) mispredicts its exit once per member.
struct MemberTops {
  static constexpr int Members = 10;  // no side has more men of a kind; larger i walk the column
  static constexpr int Keys = 16 * 59 + 32;
  std::array<std::array<std::uint8_t, Keys>, Members + 1> below{};
  int span = 0;  // the most steps between the answers for a bucket's least and greatest r
  // Return the largest c with C(c, i) <= r, for 3 <= i <= Members and r < C(64, i) (so c < 64).
  int top(std::uint64_t r, int i) const {
    const int width = 64 - __builtin_clzll(r | 1);
    const int s = width > 5 ? width - 5 : 0;
    const int c = below[i][16 * s + int(r >> s)];
    return c + (BinomialColumn[i][c + 1] <= r);
  }
};

inline constexpr MemberTops MemberTop = [] {
  MemberTops t;
  for (int i = 3; i <= MemberTops::Members; ++i) {
    const auto& column = BinomialColumn[i];
    int c = 0, d = 0;  // both grow with the key, as the bucket's bounds do
    for (int key = 0; key < MemberTops::Keys; ++key) {
      const int s = key < 32 ? 0 : key / 16 - 1;
      const std::uint64_t least = std::uint64_t(key - 16 * s) << s, most = least + (std::uint64_t(1) << s) - 1;
      while (c < 63 && column[c + 1] <= least) ++c;  // buckets past C(64, i) - 1 are never asked
      while (d < 63 && column[d + 1] <= most) ++d;
      t.below[i][key] = std::uint8_t(c);
      t.span = std::max(t.span, d - c);
    }
  }
  return t;
}();
static_assert(MemberTop.span <= 1, "top() takes one step past a bucket's answer");

// Return the k-subset of `set` (n members) of colex rank r, the inverse of rank_subset. Member i (from
// the top) is the largest c with C(c, i) <= r below member i + 1: c = r for i = 1, a table for i = 2,
// MemberTop for 3 <= i <= 10, and otherwise a walk down the column of C(., i). The members' positions in
// the set then become squares all at once (deposit).
inline Bitboard unrank_subset(std::uint64_t r, Bitboard set, int n, int k) {
  std::uint64_t positions = 0;
  int c = n - 1;
  for (int i = k; i > MemberTops::Members; --i, --c) {
    const std::uint64_t* column = BinomialColumn[i].data();
    while (column[c] > r) --c;
    positions |= std::uint64_t(1) << c;
    r -= column[c];
  }
  for (int i = std::min(k, MemberTops::Members); i >= 3; --i) {
    c = MemberTop.top(r, i);  // below member i + 1, as r < C(member i + 1, i) here
    positions |= std::uint64_t(1) << c;
    r -= BinomialColumn[i][c];
  }
  if (k >= 2) {
    c = PairTop[r];  // r < C(64, 2) here
    positions |= std::uint64_t(1) << c;
    r -= BinomialColumn[2][c];
  }
  if (k >= 1) positions |= std::uint64_t(1) << r;
  return deposit(positions, set);
}

// Return the colex rank of the members `men` of `set` among the k-subsets of `set`: with the members'
// indices p[0] < ... < p[k-1] in the set, the sum of C(p[i], i + 1), in [0, C(n, k)).
inline std::uint64_t rank_subset(Bitboard men, Bitboard set) {
  std::uint64_t r = 0;
  for (int i = 1; men; ++i) r += BinomialColumn[i][popcount(set & (square_bb(pop_lsb(men)) - 1))];
  return r;
}

}  // namespace chessrank::rank
