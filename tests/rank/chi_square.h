// The chi-square statistic the uniformity tests of tests/rank share.
#pragma once

#include <cmath>
#include <cstddef>
#include <vector>

namespace chessrank::testing {

// Return the chi-square statistic of observed against expected counts over the cells whose expected
// count is at least 20 (smaller ones are skipped: too small for the approximation), and set `cells` to
// how many there were.
inline double chi_square(const std::vector<double>& observed, const std::vector<double>& expected, int& cells) {
  double chi2 = 0;
  cells = 0;
  for (std::size_t i = 0; i < observed.size(); ++i) {
    if (expected[i] < 20) continue;
    chi2 += std::pow(observed[i] - expected[i], 2) / expected[i];
    ++cells;
  }
  return chi2;
}

// Return the chi-square value that `df` degrees of freedom exceed with probability 0.001, by the
// Wilson-Hilferty approximation (within 1% for df >= 10: 149.50 against the exact 149.45 for df = 100).
inline double chi_square_critical_999(int df) {
  const double a = 2.0 / (9.0 * df), z = 3.0902;  // the standard normal's 0.999 quantile
  return df * std::pow(1 - a + z * std::sqrt(a), 3);
}

}  // namespace chessrank::testing
