// Time to count every endgame of the standard board up to a number of men (`chessrank nulp --men N`), and
// one endgame alone, on one thread: the figures are per core.
#include <benchmark/benchmark.h>

#include "nulp/nulp.h"

namespace chessrank::nulp {
namespace {

void BM_NulpAllEndgames(benchmark::State& state) {
  const int men = int(state.range(0));
  std::size_t endgames = 0;
  for (auto _ : state) endgames = count_endgames(Board{8, 8}, men, 1).size();
  state.counters["endgames"] = double(endgames);
}
BENCHMARK(BM_NulpAllEndgames)->DenseRange(4, 6)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_NulpAllEndgames)->DenseRange(7, 8)->Unit(benchmark::kMillisecond)->Iterations(1);

void BM_NulpOneEndgame(benchmark::State& state) {
  const Material kbnk = *parse_endgame("kbnk");
  for (auto _ : state) benchmark::DoNotOptimize(count_endgame(Board{8, 8}, kbnk, 1)->unique);
}
BENCHMARK(BM_NulpOneEndgame)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace chessrank::nulp
