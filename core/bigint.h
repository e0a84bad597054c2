// BigInt: the one arbitrary-precision integer of the project, GMP-backed (gmpxx's mpz_class).
// Hot loops use fixed-width integers where the numbers fit; everything exact and unbounded uses this.
#pragma once

#include <gmpxx.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>

namespace chessrank {

using BigInt = mpz_class;

// Return log2(n) for n > 0, accurate to double precision even far beyond 2^1024.
inline double log2_big(const BigInt& n) {
  signed long exp = 0;
  const double mant = mpz_get_d_2exp(&exp, n.get_mpz_t());  // n = mant * 2^exp, mant in [0.5, 1)
  return std::log2(mant) + double(exp);
}
inline double log10_big(const BigInt& n) { return log2_big(n) * 0.30102999566398119521; }

// Format x with `digits` digits after the point: how logarithms and shares of big numbers are printed.
inline std::string fixed(double x, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", digits, x);
  return buf;
}

// Return the number of bytes a fixed-size code for the integers 0..n-1 needs: ceil(log2(n) / 8).
// Computed without allocating: the rank codec calls it for every position.
inline std::size_t code_bytes(const BigInt& n) {
  if (n <= 1) return 0;
  std::size_t bits = mpz_sizeinbase(n.get_mpz_t(), 2);
  if (mpz_scan1(n.get_mpz_t(), 0) == bits - 1) --bits;  // n is a power of two: n - 1 has one bit fewer
  return (bits + 7) / 8;
}

// Return a binomial coefficient C(n, k) (0 when k < 0 or k > n).
inline BigInt binomial(long n, long k) {
  if (k < 0 || n < 0 || k > n) return 0;
  BigInt r;
  mpz_bin_uiui(r.get_mpz_t(), static_cast<unsigned long>(n), static_cast<unsigned long>(k));
  return r;
}

}  // namespace chessrank
