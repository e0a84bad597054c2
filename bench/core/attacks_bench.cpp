// Slider attack queries (magic bitboard lookups) on random squares and occupancies.
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "core/bitboard.h"

namespace chessrank {
namespace {

struct Query {
  Square square;
  Bitboard occupied;
};

// Precompute queries so the benchmark measures the lookup, not the random generator. 4096 queries
// keep the inputs in L1/L2 while the tables are touched all over, as in move generation.
const std::vector<Query>& queries() {
  static const std::vector<Query> all = [] {
    std::mt19937_64 rng(42);
    std::vector<Query> q(4096);
    for (Query& x : q) x = {Square(rng() % 64), rng() & rng()};
    return q;
  }();
  return all;
}

template <Bitboard (*Attack)(Square, Bitboard)>
void BM_Attacks(benchmark::State& state) {
  const std::vector<Query>& q = queries();
  Bitboard sink = 0;
  for (auto _ : state) {
    for (const Query& x : q) sink ^= Attack(x.square, x.occupied);
    benchmark::DoNotOptimize(sink);
  }
  state.SetItemsProcessed(std::int64_t(state.iterations()) * std::int64_t(q.size()));
}

Bitboard bishop(Square s, Bitboard occ) { return bishop_attacks(s, occ); }
Bitboard rook(Square s, Bitboard occ) { return rook_attacks(s, occ); }
Bitboard queen(Square s, Bitboard occ) { return queen_attacks(s, occ); }

BENCHMARK(BM_Attacks<bishop>)->Name("BM_BishopAttacks");
BENCHMARK(BM_Attacks<rook>)->Name("BM_RookAttacks");
BENCHMARK(BM_Attacks<queen>)->Name("BM_QueenAttacks");

}  // namespace
}  // namespace chessrank
