// Single-position rank and unrank of the cpr model, over a fixed set of uniformly sampled positions.
#include <benchmark/benchmark.h>

#include <vector>

#include "rank/cpr_model.h"
#include "rank/sample.h"

namespace chessrank::rank {
namespace {

struct Corpus {
  std::vector<UInt192> indices;
  std::vector<Position> positions;
};

const Corpus& corpus(const CprModel& model) {
  static const Corpus c = [&] {
    Corpus out;
    Rng rng(42);
    for (int i = 0; i < 4096; ++i) {
      UInt192 x;
      UInt192::from_big(uniform_below(model.size(), rng), x);
      out.indices.push_back(x);
      out.positions.push_back(model.unrank_fast(x));
    }
    return out;
  }();
  return c;
}

const CprModel& cpr() {
  static const CprModel m;
  return m;
}

void BM_CprUnrank(benchmark::State& state) {
  const Corpus& c = corpus(cpr());
  std::size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(cpr().unrank_fast(c.indices[i++ & 4095]));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_CprUnrank);

void BM_CprRank(benchmark::State& state) {
  const Corpus& c = corpus(cpr());
  std::size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(cpr().rank_fast(c.positions[i++ & 4095]));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_CprRank);

// Also report the size of the piece layer's graph (docs/ranking.md quotes it).
void BM_CprBuild(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(CprModel().size());
  const PieceLayer& layer = cpr().piece_layer();
  state.counters["nodes"] = double(layer.nodes());
  state.counters["edges"] = double(layer.edges());
}
BENCHMARK(BM_CprBuild)->Unit(benchmark::kMillisecond)->Iterations(2);

}  // namespace
}  // namespace chessrank::rank
