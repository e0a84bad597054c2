// Time to solve al-Suli's ferz endgame (every position, `chessrank ferz`), on the machine's threads as the
// solver uses them, and to print a principal variation from the solution.
#include <benchmark/benchmark.h>

#include "ferz/ferz.h"

namespace chessrank::ferz {
namespace {

void BM_FerzSolve(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(Solution().won());
}
BENCHMARK(BM_FerzSolve)->Unit(benchmark::kMillisecond)->Iterations(3)->UseRealTime();

void BM_FerzPrincipalVariation(benchmark::State& state) {
  static const Solution solution;
  const Position al_suli = parse_position("8/8/8/3k4/8/1KF5/8/f7 w").value();
  for (auto _ : state) benchmark::DoNotOptimize(principal_variation(solution, al_suli));
}
BENCHMARK(BM_FerzPrincipalVariation)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace chessrank::ferz
