// Samples per second of the estimator: the checks alone on pre-drawn positions, and unrank plus checks
// (what `chessrank estimate` does per sample), per rule set. One thread: the figures are per core.
#include <vector>

#include <benchmark/benchmark.h>
#include <pcg_random.hpp>

#include "estimator/estimate.h"
#include "legality/legality.h"
#include "estimator/sampler.h"
#include "rank/model.h"
#include "rank/sample.h"

namespace chessrank::estimator {
namespace {

// The estimator's default model; the benchmarks with an argument take model_names()[argument].
const rank::RankModel& bench_model() { return *rank::find_model(DefaultModel); }
const rank::RankModel& model_at(const benchmark::State& state) {
  return *rank::find_model(rank::model_names().at(std::size_t(state.range(0))));
}

const std::vector<Position>& sample_positions() {
  static const std::vector<Position> positions = [] {
    std::vector<Position> v;
    const rank::RankModel& model = bench_model();
    pcg64 rng(42, 0);
    rank::UniformBelow uniform(model.size());
    BigInt index;
    for (int i = 0; i < 100000; ++i) {
      uniform.draw(rng, index);
      v.push_back(model.unrank(index).value());
    }
    return v;
  }();
  return positions;
}

void BM_ChecksOnly(benchmark::State& state) {
  const auto rules = legality::RuleSet(state.range(0));
  const std::vector<Position>& positions = sample_positions();
  std::size_t i = 0, passed = 0;
  for (auto _ : state) {
    passed += legality::judge(positions[i], rules, false).passes();
    if (++i == positions.size()) i = 0;
  }
  benchmark::DoNotOptimize(passed);
  state.SetItemsProcessed(state.iterations());
  state.SetLabel(std::string(legality::rule_set_name(rules)));
}
BENCHMARK(BM_ChecksOnly)->Arg(int(legality::RuleSet::Default))->Arg(int(legality::RuleSet::Seed000))->Arg(int(legality::RuleSet::Tromp2021));

// Only the positions that pass the default rules: the cost of the full cascade on a survivor.
void BM_ChecksOnPassing(benchmark::State& state) {
  std::vector<Position> passing;
  for (const Position& p : sample_positions())
    if (legality::judge(p, legality::RuleSet::Default, false).passes()) passing.push_back(p);
  if (passing.empty()) {
    state.SkipWithError("no passing positions");
    return;
  }
  std::size_t i = 0, passed = 0;
  for (auto _ : state) {
    passed += legality::judge(passing[i], legality::RuleSet::Default, false).passes();
    if (++i == passing.size()) i = 0;
  }
  benchmark::DoNotOptimize(passed);
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_ChecksOnPassing);

// What `chessrank estimate` does per sample: draw, unrank (UInt192 fast path), judge; per model.
void BM_UnrankAndChecks(benchmark::State& state) {
  const rank::RankModel& model = model_at(state);
  pcg64 rng(7, 0);
  ModelSampler sampler(model);
  std::size_t passed = 0;
  for (auto _ : state) {
    const Result<Position> pos = sampler.next(rng);
    passed += pos && legality::judge(*pos, legality::RuleSet::Default, false).passes();
  }
  benchmark::DoNotOptimize(passed);
  state.SetItemsProcessed(state.iterations());
  state.SetLabel(std::string(model.name()));
}
BENCHMARK(BM_UnrankAndChecks)->DenseRange(0, int(rank::model_names().size()) - 1);

// The same samples through BigInt (UniformBelow and RankModel::unrank): the cost the fast path saves.
void BM_UnrankAndChecksBigInt(benchmark::State& state) {
  const rank::RankModel& model = bench_model();
  pcg64 rng(7, 0);
  rank::UniformBelow uniform(model.size());
  BigInt index;
  std::size_t passed = 0;
  for (auto _ : state) {
    uniform.draw(rng, index);
    const Result<Position> pos = model.unrank(index);
    passed += pos && legality::judge(*pos, legality::RuleSet::Default, false).passes();
  }
  benchmark::DoNotOptimize(passed);
  state.SetItemsProcessed(state.iterations());
  state.SetLabel(std::string(model.name()));
}
BENCHMARK(BM_UnrankAndChecksBigInt);

void BM_UnrankOnly(benchmark::State& state) {
  const rank::RankModel& model = model_at(state);
  pcg64 rng(7, 0);
  ModelSampler sampler(model);
  std::size_t ok = 0;
  for (auto _ : state) ok += sampler.next(rng).ok();
  benchmark::DoNotOptimize(ok);
  state.SetItemsProcessed(state.iterations());
  state.SetLabel(std::string(model.name()));
}
BENCHMARK(BM_UnrankOnly)->DenseRange(0, int(rank::model_names().size()) - 1);

void BM_UniformDraw(benchmark::State& state) {
  pcg64 rng(7, 0);
  rank::UniformBelow uniform(BigInt("8726713169886222032347729969256422370854716254"));
  BigInt index;
  for (auto _ : state) {
    uniform.draw(rng, index);
    benchmark::DoNotOptimize(index);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_UniformDraw);

}  // namespace
}  // namespace chessrank::estimator
