// Perft speed with bulk counting at the leaves: nodes per second on standard positions.
#include <benchmark/benchmark.h>

#include <string>

#include "core/fen.h"
#include "core/movegen.h"
#include "core/perft.h"

namespace chessrank {
namespace {

void run_perft(benchmark::State& state, const char* fen) {
  Position pos = parse_fen(fen).value();
  const int depth = int(state.range(0));
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    const std::uint64_t n = perft(pos, depth);
    benchmark::DoNotOptimize(n);
    nodes += n;
  }
  state.SetItemsProcessed(std::int64_t(nodes));
  state.counters["nodes"] = double(nodes) / double(state.iterations());
}

void BM_PerftStart(benchmark::State& state) {
  run_perft(state, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
}
void BM_PerftKiwipete(benchmark::State& state) {
  run_perft(state, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
}
void BM_PerftPosition3(benchmark::State& state) { run_perft(state, "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"); }

BENCHMARK(BM_PerftStart)->Arg(5)->Arg(6)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PerftKiwipete)->Arg(4)->Arg(5)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PerftPosition3)->Arg(6)->Unit(benchmark::kMillisecond);

// Generation alone: full move lists and counts of a middlegame position.
void BM_LegalMovesKiwipete(benchmark::State& state) {
  const Position pos = parse_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1").value();
  for (auto _ : state) benchmark::DoNotOptimize(legal_moves(pos));
  state.SetItemsProcessed(state.iterations());
}
void BM_CountLegalMovesKiwipete(benchmark::State& state) {
  const Position pos = parse_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1").value();
  for (auto _ : state) benchmark::DoNotOptimize(count_legal_moves(pos));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_LegalMovesKiwipete);
BENCHMARK(BM_CountLegalMovesKiwipete);

}  // namespace
}  // namespace chessrank
