// Single-position rank and unrank of each ranking model, over a fixed set of uniformly sampled positions
// (the targets); unranks of many at once; rank and unrank over positions of random games in game
// order (what a database encodes); and the time to build each model.
#include <benchmark/benchmark.h>

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "rank/cpr_model.h"
#include "rank/sample.h"
#include "rank/v1_model.h"
#include "rank/v2_model.h"
#include "tests/support/corpus.h"

namespace chessrank::rank {
namespace {

constexpr std::size_t CorpusSize = 4096;  // a power of two: the loops cycle with a mask

struct Corpus {
  std::vector<UInt192> indices;
  std::vector<Position> positions;
};

template <class Model>
const Model& model() {
  static const Model m;
  return m;
}

template <class Model>
const Corpus& corpus() {
  static const Corpus c = [] {
    Corpus out;
    Rng rng(42);
    for (std::size_t i = 0; i < CorpusSize; ++i) {
      UInt192 x;
      UInt192::from_big(uniform_below(model<Model>().size(), rng), x);
      out.indices.push_back(x);
      out.positions.push_back(model<Model>().unrank_fast(x));
    }
    return out;
  }();
  return c;
}

// The positions of random games, half of them favouring pawn moves, in game order: the first 65,536 of the
// codec bench's corpus (tests/support/corpus.h).
constexpr std::size_t GamesSize = 65536;
template <class Model>
const Corpus& games() {
  static const Corpus c = [] {
    Corpus out;
    out.positions = testing::random_game_corpus(GamesSize);
    for (const Position& p : out.positions) out.indices.push_back(model<Model>().rank_fast(p).value());
    return out;
  }();
  return c;
}

template <class Model, const Corpus& (*Source)() = corpus<Model>, std::size_t Mask = CorpusSize - 1,
          const Model& (*Get)() = model<Model>>
void BM_Unrank(benchmark::State& state) {
  const Corpus& c = Source();
  const Model& m = Get();  // built before the timing starts
  std::size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(m.unrank_fast(c.indices[i++ & Mask]));
  state.SetItemsProcessed(state.iterations());
}

template <class Model, const Corpus& (*Source)() = corpus<Model>, std::size_t Mask = CorpusSize - 1,
          const Model& (*Get)() = model<Model>>
void BM_Rank(benchmark::State& state) {
  const Corpus& c = Source();
  const Model& m = Get();
  std::size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(m.rank_fast(c.positions[i++ & Mask]));
  state.SetItemsProcessed(state.iterations());
}

// Many at once, through RankModel::unrank_fixed_many (the checks of the range included), a batch of 256 a
// call: what sampling, the estimator and decoding a file of rank codes do.
template <class Model>
void BM_UnrankMany(benchmark::State& state) {
  constexpr std::size_t Batch = 256;
  const Corpus& c = corpus<Model>();
  const RankModel& m = model<Model>();
  std::vector<Position> out(Batch);
  std::size_t at = 0;
  for (auto _ : state) {
    const auto error = m.unrank_fixed_many(std::span(c.indices).subspan(at, Batch), out);
    benchmark::DoNotOptimize(error);
    benchmark::DoNotOptimize(out.data());
    at = (at + Batch) % CorpusSize;
  }
  state.SetItemsProcessed(state.iterations() * Batch);
}

void BM_CprUnrank(benchmark::State& state) { BM_Unrank<CprModel>(state); }
void BM_CprRank(benchmark::State& state) { BM_Rank<CprModel>(state); }
void BM_V1Unrank(benchmark::State& state) { BM_Unrank<V1Model>(state); }
void BM_V1Rank(benchmark::State& state) { BM_Rank<V1Model>(state); }
BENCHMARK(BM_CprUnrank);
BENCHMARK(BM_CprRank);
BENCHMARK(BM_V1Unrank);
BENCHMARK(BM_V1Rank);
void BM_V2Unrank(benchmark::State& state) { BM_Unrank<V2Model>(state); }
void BM_V2Rank(benchmark::State& state) { BM_Rank<V2Model>(state); }
BENCHMARK(BM_V2Unrank);
BENCHMARK(BM_V2Rank);
// v3: v2's frame 0, and its own en passant frames (0.7% of the positions).
void BM_V3Unrank(benchmark::State& state) { BM_Unrank<V3Model>(state); }
void BM_V3Rank(benchmark::State& state) { BM_Rank<V3Model>(state); }
BENCHMARK(BM_V3Unrank);
BENCHMARK(BM_V3Rank);
// The same indices with frame 0 taken by the plain path of the other frames (FrameZero::Plain): what the
// accelerator buys.
const V1Model& v1_plain() {
  static const V1Model m(V1Model::All, FrameZero::Plain);
  return m;
}
const V2Model& v2_plain() {
  static const V2Model m(V2Model::Edition::V2, V2Model::All, {}, FrameZero::Plain);
  return m;
}
void BM_V1UnrankPlain(benchmark::State& state) { BM_Unrank<V1Model, corpus<V1Model>, CorpusSize - 1, v1_plain>(state); }
void BM_V1RankPlain(benchmark::State& state) { BM_Rank<V1Model, corpus<V1Model>, CorpusSize - 1, v1_plain>(state); }
void BM_V2UnrankPlain(benchmark::State& state) { BM_Unrank<V2Model, corpus<V2Model>, CorpusSize - 1, v2_plain>(state); }
void BM_V2RankPlain(benchmark::State& state) { BM_Rank<V2Model, corpus<V2Model>, CorpusSize - 1, v2_plain>(state); }
BENCHMARK(BM_V1UnrankPlain);
BENCHMARK(BM_V1RankPlain);
BENCHMARK(BM_V2UnrankPlain);
BENCHMARK(BM_V2RankPlain);
void BM_CprUnrankMany(benchmark::State& state) { BM_UnrankMany<CprModel>(state); }
void BM_V1UnrankMany(benchmark::State& state) { BM_UnrankMany<V1Model>(state); }
void BM_V2UnrankMany(benchmark::State& state) { BM_UnrankMany<V2Model>(state); }
BENCHMARK(BM_CprUnrankMany);
BENCHMARK(BM_V1UnrankMany);
BENCHMARK(BM_V2UnrankMany);
void BM_V1UnrankHot(benchmark::State& state) { BM_Unrank<V1Model, corpus<V1Model>, 31>(state); }
void BM_V2UnrankHot(benchmark::State& state) { BM_Unrank<V2Model, corpus<V2Model>, 31>(state); }
BENCHMARK(BM_V1UnrankHot);
BENCHMARK(BM_V2UnrankHot);
void BM_CprUnrankGames(benchmark::State& state) { BM_Unrank<CprModel, games<CprModel>, GamesSize - 1>(state); }
void BM_CprRankGames(benchmark::State& state) { BM_Rank<CprModel, games<CprModel>, GamesSize - 1>(state); }
void BM_V1UnrankGames(benchmark::State& state) { BM_Unrank<V1Model, games<V1Model>, GamesSize - 1>(state); }
void BM_V1RankGames(benchmark::State& state) { BM_Rank<V1Model, games<V1Model>, GamesSize - 1>(state); }
void BM_V2UnrankGames(benchmark::State& state) { BM_Unrank<V2Model, games<V2Model>, GamesSize - 1>(state); }
void BM_V2RankGames(benchmark::State& state) { BM_Rank<V2Model, games<V2Model>, GamesSize - 1>(state); }
BENCHMARK(BM_CprUnrankGames);
BENCHMARK(BM_CprRankGames);
BENCHMARK(BM_V1UnrankGames);
BENCHMARK(BM_V1RankGames);
BENCHMARK(BM_V2UnrankGames);
BENCHMARK(BM_V2RankGames);

// Also report the size of the cpr piece layer's graph (docs/models/cpr.md quotes it).
void BM_CprBuild(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(CprModel().size());
  const PieceLayer& layer = model<CprModel>().piece_layer();
  state.counters["nodes"] = double(layer.nodes());
  state.counters["edges"] = double(layer.edges());
}
BENCHMARK(BM_CprBuild)->Unit(benchmark::kMillisecond)->Iterations(2);

}  // namespace
}  // namespace chessrank::rank
