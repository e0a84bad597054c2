// n! from GMP, independent of the binomial tables the bound code is built from.
#pragma once

#include "core/bigint.h"

namespace chessrank::testing {

inline BigInt big_factorial(unsigned n) {
  BigInt f;
  mpz_fac_ui(f.get_mpz_t(), n);
  return f;
}

}  // namespace chessrank::testing
