// The proof-game search (`chessrank prove`, default budget) on two sets: positions of random games of 40 to
// 200 plies, and legal positions of the 2021 sample's visible file. One iteration proves a whole set,
// timing each position on one core; the counters give how many were proved and the time per position:
// median, 90th percentile and largest over all, and the mean over the proved ones, in seconds.
#include <algorithm>
#include <chrono>
#include <fstream>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>
#include <pcg_random.hpp>

#include "core/fen.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "proof/goal_distance.h"
#include "proof/proof_game.h"

namespace chessrank::proof {
namespace {

// The last positions of `count` games of uniformly random legal moves, each 40 to 200 plies long (a game
// that ends in mate or stalemate before is played again).
std::vector<Position> random_games(int count, std::uint64_t seed) {
  pcg64 random(seed);
  std::vector<Position> v;
  while (int(v.size()) < count) {
    const int plies = 40 + int(random(161));
    Position pos = Position::start();
    bool over = false;
    for (int i = 0; i < plies && !over; ++i) {
      const MoveList moves = legal_moves(pos);
      over = moves.empty();
      if (over) break;
      UndoInfo undo;
      pos.do_move(moves[random(moves.size())], undo);
    }
    if (!over && !legal_moves(pos).empty()) v.push_back(pos);
  }
  return v;
}

// The positions labelled legal in the visible file (CHESSRANK_SHARED_DIR).
std::vector<Position> visible_legal() {
  std::vector<Position> v;
  std::ifstream in(std::string(CHESSRANK_SHARED_DIR) + "/data/tromp-923-visible.txt");
  for (std::string line; std::getline(in, line);) {
    const FenFields f = split_fen_fields(line, 6);
    std::string_view label = f.rest;
    while (!label.empty() && label.front() == ' ') label.remove_prefix(1);
    if (label.rfind("legal:", 0) != 0) continue;
    if (const Result<Position> pos = parse_fen(line.substr(0, std::size_t(f.rest.data() - line.data())))) v.push_back(*pos);
  }
  return v;
}

void prove_each(benchmark::State& state, const std::vector<Position>& set) {
  if (set.empty()) {
    state.SkipWithError("no positions (is CHESSRANK_SHARED_DIR right?)");
    return;
  }
  std::vector<double> seconds(set.size());
  std::size_t proved = 0;
  double proved_seconds = 0;
  for (auto _ : state) {
    proved = 0;
    proved_seconds = 0;
    for (std::size_t i = 0; i < set.size(); ++i) {
      const auto start = std::chrono::steady_clock::now();
      const bool legal = prove(set[i], {}, 1).status == ProofStatus::Legal;
      seconds[i] = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      proved += legal;
      if (legal) proved_seconds += seconds[i];
    }
  }
  std::sort(seconds.begin(), seconds.end());
  state.counters["positions"] = double(set.size());
  state.counters["proved"] = double(proved);
  state.counters["median_s"] = seconds[seconds.size() / 2];
  state.counters["p90_s"] = seconds[seconds.size() * 9 / 10];
  state.counters["max_s"] = seconds.back();
  state.counters["proved_mean_s"] = proved ? proved_seconds / double(proved) : 0;
}

// The search's estimate, as it runs in the search: each position along the published proof games of the
// visible file's first 10 legal positions, against the game's goal.
void BM_GoalDistanceEstimate(benchmark::State& state) {
  std::vector<std::pair<GoalDistance, std::vector<Position>>> games;
  std::ifstream in(std::string(CHESSRANK_SHARED_DIR) + "/data/tromp-923-visible.txt");
  for (std::string line; games.size() < 10 && std::getline(in, line);) {
    const std::size_t at = line.find(" legal: proof: ");
    if (at == std::string::npos) continue;
    const Result<Position> goal = parse_fen(line.substr(0, at));
    const Result<std::vector<Move>> moves = parse_game(line.substr(at + 15));
    if (!goal || !moves) continue;
    std::vector<Position> along{Position::start()};
    for (Move m : *moves) {
      Position next = along.back();
      UndoInfo undo;
      next.do_move(m, undo);
      along.push_back(next);
    }
    games.emplace_back(GoalDistance(*goal), std::move(along));
  }
  if (games.empty()) {
    state.SkipWithError("no positions (is CHESSRANK_SHARED_DIR right?)");
    return;
  }
  std::int64_t estimates = 0;
  for (auto _ : state) {
    for (const auto& [distance, along] : games)
      for (const Position& pos : along) benchmark::DoNotOptimize(distance.estimate(pos));
    for (const auto& game : games) estimates += std::int64_t(game.second.size());
  }
  state.SetItemsProcessed(estimates);
}
BENCHMARK(BM_GoalDistanceEstimate)->Unit(benchmark::kMicrosecond);

// 100 positions: about a minute on one core; 1,000 (the set): about ten.
void BM_ProveRandomGames(benchmark::State& state) {
  prove_each(state, random_games(int(state.range(0)), 2026));
}
BENCHMARK(BM_ProveRandomGames)->Arg(100)->Arg(1000)->Unit(benchmark::kSecond)->Iterations(1);

// The first 10 of the file's 182 legal positions (a larger argument takes more of them).
void BM_ProveVisibleLegal(benchmark::State& state) {
  std::vector<Position> set = visible_legal();
  set.resize(std::min<std::size_t>(set.size(), std::size_t(state.range(0))));
  prove_each(state, set);
}
BENCHMARK(BM_ProveVisibleLegal)->Arg(10)->Unit(benchmark::kSecond)->Iterations(1);

}  // namespace
}  // namespace chessrank::proof
