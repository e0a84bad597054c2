// Encode and decode throughput of the codec formats over a corpus of random-game positions
// (tests/support/corpus.h). items_per_second is positions per second on one core.
#include <benchmark/benchmark.h>

#include <vector>

#include "codec/slot26.h"
#include "tests/support/corpus.h"
#include "codec/rank_code.h"
#include "rank/model.h"

namespace {

using namespace chessrank;

const std::vector<Position>& corpus() {
  static const std::vector<Position> c = testing::random_game_corpus(100000);
  return c;
}

void BM_Slot26Encode(benchmark::State& state) {
  const auto& c = corpus();
  std::size_t i = 0;
  for (auto _ : state) {
    auto code = codec::encode_slot26(c[i]);
    benchmark::DoNotOptimize(code);
    if (++i == c.size()) i = 0;
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_Slot26Encode);

void BM_Slot26Decode(benchmark::State& state) {
  const auto& c = corpus();
  std::vector<codec::Slot26Code> codes;
  for (const Position& p : c) codes.push_back(*codec::encode_slot26(p));
  std::size_t i = 0;
  for (auto _ : state) {
    auto pos = codec::decode_slot26(codes[i]);
    benchmark::DoNotOptimize(pos);
    if (++i == codes.size()) i = 0;
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_Slot26Decode);

void BM_RankEncode(benchmark::State& state) {
  const auto& c = corpus();
  const rank::RankModel& model = **codec::rank_code_model();
  std::size_t i = 0;
  for (auto _ : state) {
    auto code = codec::encode_rank(model, c[i]);
    benchmark::DoNotOptimize(code);
    if (++i == c.size()) i = 0;
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_RankEncode);

void BM_RankDecode(benchmark::State& state) {
  const auto& c = corpus();
  const rank::RankModel& model = **codec::rank_code_model();
  std::vector<std::vector<std::uint8_t>> codes;
  for (const Position& p : c) {
    auto code = codec::encode_rank(model, p);
    if (code) codes.push_back(*code);
  }
  std::size_t i = 0;
  for (auto _ : state) {
    auto pos = codec::decode_rank(model, codes[i]);
    benchmark::DoNotOptimize(pos);
    if (++i == codes.size()) i = 0;
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_RankDecode);

}  // namespace
