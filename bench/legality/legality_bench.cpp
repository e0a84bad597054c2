// The legality decider on the positions its searching stages see: those that pass the cheap checks. One
// iteration judges a whole set, timing each position; the counters give the mean, the 99th percentile and
// the largest time per position, in milliseconds, on one core.
#include <algorithm>
#include <chrono>
#include <fstream>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>
#include <pcg_random.hpp>

#include "core/fen.h"
#include "legality/kernel.h"
#include "legality/legality.h"
#include "rank/model.h"
#include "rank/sample.h"

namespace chessrank::legality {
namespace {

// Return whether the cheap checks pass `pos`: it reaches the searching stages.
bool reaches_searches(const Position& pos) {
  const Verdict v = judge(pos, RuleSet::Default, false);
  return v.passes() || std::size_t(v.check) >= first_searching_check();
}

// The positions of the 2021 sample's visible file (CHESSRANK_SHARED_DIR) that reach the searching stages.
const std::vector<Position>& visible_file() {
  static const std::vector<Position> positions = [] {
    std::vector<Position> v;
    std::ifstream in(std::string(CHESSRANK_SHARED_DIR) + "/data/tromp-923-visible.txt");
    for (std::string line; std::getline(in, line);) {
      const FenFields f = split_fen_fields(line, 6);
      const Result<Position> pos = parse_fen(line.substr(0, std::size_t(f.rest.data() - line.data())));
      if (pos && reaches_searches(*pos)) v.push_back(*pos);
    }
    return v;
  }();
  return positions;
}

// 10,000 uniform samples of the estimator's model, cpr, that reach the searching stages (seed 5).
const std::vector<Position>& sampled() {
  static const std::vector<Position> positions = [] {
    std::vector<Position> v;
    const rank::RankModel& model = *rank::find_model("cpr");
    pcg64 rng(5, 0);
    rank::UniformBelow uniform(model.size());
    BigInt index;
    while (v.size() < 10000) {
      uniform.draw(rng, index);
      const Position pos = model.unrank(index).value();
      if (reaches_searches(pos)) v.push_back(pos);
    }
    return v;
  }();
  return positions;
}

// Judge every position of `set` per iteration; report the mean, 99th percentile and largest time each.
void judge_each(benchmark::State& state, const std::vector<Position>& set) {
  if (set.empty()) {
    state.SkipWithError("no positions (is CHESSRANK_SHARED_DIR right?)");
    return;
  }
  std::vector<double> ms(set.size());
  std::size_t rejected = 0;
  for (auto _ : state) {
    rejected = 0;
    for (std::size_t i = 0; i < set.size(); ++i) {
      const auto start = std::chrono::steady_clock::now();
      rejected += !judge(set[i], RuleSet::Default, false).passes();
      ms[i] = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    }
  }
  std::vector<double> sorted = ms;
  std::sort(sorted.begin(), sorted.end());
  double sum = 0;
  for (double x : sorted) sum += x;
  state.counters["positions"] = double(set.size());
  state.counters["rejected"] = double(rejected);
  state.counters["mean_ms"] = sum / double(sorted.size());
  state.counters["p99_ms"] = sorted[std::min(sorted.size() - 1, sorted.size() * 99 / 100)];
  state.counters["max_ms"] = sorted.back();
  state.SetItemsProcessed(state.iterations() * std::int64_t(set.size()));
}

void BM_SearchingStagesVisibleFile(benchmark::State& state) { judge_each(state, visible_file()); }
BENCHMARK(BM_SearchingStagesVisibleFile)->Unit(benchmark::kMillisecond)->Iterations(3);

void BM_SearchingStagesSampled(benchmark::State& state) { judge_each(state, sampled()); }
BENCHMARK(BM_SearchingStagesSampled)->Unit(benchmark::kMillisecond)->Iterations(1);

// The proof kernel search alone, on the same sampled positions.
void BM_ProofKernelSampled(benchmark::State& state) {
  const std::vector<Position>& set = sampled();
  std::size_t none = 0;
  for (auto _ : state) {
    none = 0;
    for (const Position& p : set) none += find_proof_kernel(p).outcome == KernelOutcome::None;
  }
  state.counters["no_kernel"] = double(none);
  state.SetItemsProcessed(state.iterations() * std::int64_t(set.size()));
}
BENCHMARK(BM_ProofKernelSampled)->Unit(benchmark::kMillisecond)->Iterations(1);

}  // namespace
}  // namespace chessrank::legality
