// fuzz_position's checks (position_fuzz.cpp: FEN round trips, move generation against SAN and UCI, the
// legality rule sets, slot26 and every ranking model) on inputs made here: positions of random games with
// a move in SAN or UCI, the same FENs with one character replaced, and random placements far from legal.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "core/fen.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "tests/fuzz/replay.h"
#include "tests/support/corpus.h"
#include "tests/support/random_placement.h"

namespace chessrank::testing {
namespace {

TEST(FuzzPosition, GeneratedInputsKeepEveryInvariant) {
  std::mt19937_64 rng(2026);
  const std::string alphabet = "KQRBNPkqrbnp012345678/ -wbacdefgh;";
  int mutants_read = 0, mutants_refused = 0;
  for (const Position& pos : random_game_corpus(2000, 77)) {
    const std::string fen = to_fen(pos);
    const MoveList moves = legal_moves(pos);
    std::string move = "e2e4";
    if (!moves.empty()) {
      const Move m = moves[rng() % moves.size()];
      move = rng() % 2 ? to_san(pos, m) : to_uci(m);
    }
    run_fuzz_target(fen + "\n" + move);
    std::string mutant = fen;
    mutant[rng() % mutant.size()] = alphabet[rng() % alphabet.size()];
    run_fuzz_target(mutant + "\n" + move);
    (parse_fen_or_epd(mutant) ? mutants_read : mutants_refused)++;
  }
  for (int i = 0; i < 1000; ++i) run_fuzz_target(to_fen(random_placement(rng)) + "\nO-O-O");
  // The mutants exercise both the refusals and positions near those of play.
  EXPECT_GT(mutants_read, 50);
  EXPECT_GT(mutants_refused, 50);
}

}  // namespace
}  // namespace chessrank::testing
