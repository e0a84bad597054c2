// Uniform sampling of a ranking model: a uniform integer below N by rejection (no modulo bias), then
// unrank. Draw ceil(log2 N) random bits from pcg64 and retry while the number is >= N; each try
// succeeds with probability above 1/2.
#pragma once

#include <pcg_random.hpp>

#include "core/bigint.h"
#include "rank/uint192.h"

namespace chessrank::rank {

using Rng = pcg64;

// Return a uniform integer in [0, n), n > 0.
BigInt uniform_below(const BigInt& n, Rng& rng);

}  // namespace chessrank::rank
