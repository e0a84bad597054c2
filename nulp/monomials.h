// Monomials: the exponent vectors of K variables with total degree at most D (and each exponent at most its
// cap, when caps are given), indexed in order of degree,
// and the in-place products of polynomials over them that the NULP count needs (docs/nulp.md). A
// polynomial is a vector of coefficients, one per monomial; the coefficient of x_1^n_1 ... x_K^n_K counts
// the placements of n_1 men of kind 1, ..., n_K of kind K, so products are truncated at degree D (more men
// than the count asks for).
//
// Because every monomial of lower degree has a lower index, a product with a factor 1 + (terms of degree
// >= 1) can be done in place from the last index down: each coefficient reads only coefficients not yet
// overwritten.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <vector>

namespace chessrank::nulp {

class Monomials {
 public:
  static constexpr int MaxKinds = 10;
  using Exponents = std::array<std::uint8_t, MaxKinds>;
  using Poly = std::vector<std::uint64_t>;

  // Caps: the largest exponent of each variable (a count asks for no more men of a kind); none: D.
  Monomials(int kinds, int degree, const Exponents* caps = nullptr) : kinds_(kinds), degree_(degree) {
    caps_.fill(std::uint8_t(degree));
    if (caps) caps_ = *caps;
    Exponents e{};
    for (int d = 0; d <= degree; ++d) {
      first_.push_back(list_.size());
      enumerate(e, 0, d);
    }
    first_.push_back(list_.size());
    down_.assign(list_.size() * MaxKinds, -1);
    for (std::size_t i = 0; i < list_.size(); ++i)
      for (int k = 0; k < kinds; ++k)
        if (list_[i][k] > 0) {
          Exponents lower = list_[i];
          --lower[k];
          down_[i * MaxKinds + std::size_t(k)] = index(lower);
        }
  }

  int kinds() const { return kinds_; }
  int degree() const { return degree_; }
  std::size_t size() const { return list_.size(); }
  const Exponents& exponents(std::size_t i) const { return list_[i]; }
  // Return the index of an exponent vector, or -1 when its degree exceeds D or an exponent its cap.
  std::int32_t index(const Exponents& e) const {
    int degree = 0;
    for (int k = 0; k < kinds_; ++k) {
      if (e[k] > caps_[k]) return -1;
      degree += e[k];
    }
    if (degree > degree_) return -1;
    // Binary search within the monomials of that degree (each degree's list is sorted lexicographically).
    std::size_t lo = first_[std::size_t(degree)], hi = first_[std::size_t(degree) + 1];
    while (lo < hi) {
      const std::size_t mid = (lo + hi) / 2;
      if (list_[mid] < e) lo = mid + 1; else hi = mid;
    }
    return std::int32_t(lo);
  }
  // Return the index of monomial i divided by x_k^power, or -1 when x_k^power does not divide it.
  std::int32_t down(int k, std::size_t i, int power) const {
    std::int32_t j = down_[i * MaxKinds + std::size_t(k)];
    for (int p = 1; p < power && j >= 0; ++p) j = down_[std::size_t(j) * MaxKinds + std::size_t(k)];
    return j;
  }

  Poly one() const {
    Poly p(size(), 0);
    p[0] = 1;
    return p;
  }
  // Multiply p by (1 + sum over the kinds in `kinds` (a bit mask) of x_k^power), in place.
  void multiply_linear(Poly& p, unsigned kinds, int power) const {
    for (std::size_t i = size(); i-- > 1;) {
      std::uint64_t sum = p[i];
      for (unsigned m = kinds; m; m &= m - 1)
        if (const std::int32_t j = down(std::countr_zero(m), i, power); j >= 0) sum += p[std::size_t(j)];
      p[i] = sum;
    }
  }
  // Set blocked = blocked * (1 + sum over `all` of x_k^power) + open * (sum over `some` of x_k^power), in
  // place: a square on a ray (docs/nulp.md).
  void ray_step(Poly& blocked, const Poly& open, unsigned all, unsigned some, int power) const {
    for (std::size_t i = size(); i-- > 1;) {
      std::uint64_t sum = blocked[i];
      for (unsigned m = all | some; m; m &= m - 1) {
        const int k = std::countr_zero(m);
        const std::int32_t j = down(k, i, power);
        if (j < 0) continue;
        if (all >> k & 1) sum += blocked[std::size_t(j)];
        if (some >> k & 1) sum += open[std::size_t(j)];
      }
      blocked[i] = sum;
    }
  }

 private:
  void enumerate(Exponents& e, int k, int left) {
    if (kinds_ == 0) {  // no variables: the constant alone
      if (left == 0) list_.push_back(e);
      return;
    }
    if (k == kinds_ - 1) {
      if (left > caps_[k]) return;
      e[k] = std::uint8_t(left);
      list_.push_back(e);
      e[k] = 0;
      return;
    }
    // Lexicographic order within a degree: the first kind's exponent smallest first.
    for (int n = 0; n <= std::min<int>(left, caps_[k]); ++n) {
      e[k] = std::uint8_t(n);
      enumerate(e, k + 1, left - n);
    }
    e[k] = 0;
  }
  int kinds_, degree_;
  Exponents caps_{};
  std::vector<std::size_t> first_;  // per degree, its first monomial; then the end
  std::vector<Exponents> list_;
  std::vector<std::int32_t> down_;  // per monomial, per kind (MaxKinds of them)
};

}  // namespace chessrank::nulp
