// FEN parse and write rates on a corpus of ~1000 positions taken from random games, so that the mix
// of piece counts, castling rights and en passant squares resembles real use.
#include <cstdint>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "core/fen.h"
#include "core/movegen.h"

namespace chessrank {
namespace {

// Build the corpus once: 10 random games of up to 100 plies (splitmix64, fixed seed).
struct Corpus {
  std::vector<Position> positions;
  std::vector<std::string> fens;

  Corpus() {
    std::uint64_t state = 20240601;
    const auto next = [&state] {
      std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
      z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
      z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
      return z ^ (z >> 31);
    };
    while (positions.size() < 1000) {
      Position pos = Position::start();
      for (int ply = 0; ply < 100 && positions.size() < 1000; ++ply) {
        const MoveList moves = legal_moves(pos);
        if (moves.empty()) break;
        UndoInfo undo;
        pos.do_move(moves[next() % moves.size()], undo);
        positions.push_back(pos);
        fens.push_back(to_fen(pos));
      }
    }
  }
};

const Corpus& corpus() {
  static const Corpus c;
  return c;
}

void BM_ParseFen(benchmark::State& state) {
  const std::vector<std::string>& fens = corpus().fens;
  for (auto _ : state) {
    for (const std::string& fen : fens) {
      Result<Position> r = parse_fen(fen);
      benchmark::DoNotOptimize(r);
    }
  }
  state.SetItemsProcessed(std::int64_t(state.iterations()) * std::int64_t(fens.size()));
}
BENCHMARK(BM_ParseFen);

void BM_WriteFen(benchmark::State& state) {
  const std::vector<Position>& positions = corpus().positions;
  for (auto _ : state) {
    for (const Position& pos : positions) {
      std::string fen = to_fen(pos);
      benchmark::DoNotOptimize(fen);
    }
  }
  state.SetItemsProcessed(std::int64_t(state.iterations()) * std::int64_t(positions.size()));
}
BENCHMARK(BM_WriteFen);

}  // namespace
}  // namespace chessrank
