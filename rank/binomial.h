// Binomial coefficients C(n, k) for 0 <= n <= 64 as 64-bit integers (C(64, 32) < 2^61), and the
// combinatorial number system that ranks a k-subset of a ranked set: the building block every layer of
// the ranking uses for "which squares hold the men of one kind".
#pragma once

#include <array>
#include <cstdint>

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

// Rank a set of k distinct positions given in increasing order p[0] < ... < p[k-1] (colex order):
// sum of C(p[i], i + 1). The result is in [0, C(n, k)) when all positions are below n.
inline std::uint64_t rank_subset(const std::uint8_t* p, int k) {
  std::uint64_t r = 0;
  for (int i = 0; i < k; ++i) r += Binomial(p[i], i + 1);
  return r;
}

// Invert rank_subset: fill p[0..k) in increasing order from a rank in [0, C(n, k)).
inline void unrank_subset(std::uint64_t r, int n, int k, std::uint8_t* p) {
  // Walk down from the top: the largest c with C(c, i) <= r only decreases as i does, so the whole
  // subset costs at most n steps and one mispredicted branch per member.
  int c = n - 1;
  for (int i = k; i >= 1; --i) {
    while (Binomial(c, i) > r) --c;
    p[i - 1] = std::uint8_t(c);
    r -= Binomial(c, i);
    --c;
  }
}

}  // namespace chessrank::rank
