// Soundness: no position reached by legal moves may fail the default rules. Random games biased toward
// captures and promotions (every promotion piece), long enough to reach sparse and promotion-heavy
// material, give over a million positions in a Release build.
#include <cstdint>
#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <pcg_random.hpp>

#include "core/fen.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "legality/legality.h"
#include "tests/legality/expect_passes.h"
#include "tests/support/build_flavour.h"
#include "tests/support/corpus.h"
#include "tests/support/famous_games.h"

namespace chessrank::legality {
namespace {

// The full run (about 2.2 million positions, about 6 minutes in Release on one core, docs/legality.md) is
// CHESSRANK_SOUNDNESS_SCALE=4; by default a Release build plays a quarter of the games, a sanitizer or debug
// build an eightieth.
const int Scale = [] {
  const char* env = std::getenv("CHESSRANK_SOUNDNESS_SCALE");
  const int scale = env ? std::max(1, std::atoi(env)) : 1;
  return std::max(1, (testing::SlowBuild ? 80 : 4) / scale);
}();

struct Bias {
  int capture = 6;     // weight of a capture against 1 for a quiet move
  int promotion = 20;  // weight of a promotion
  int pawn = 1;        // weight of a pawn move (pushing pawns on makes promotions)
  PieceType favourite = NoPieceType;  // when set, promotions to other pieces are not played
};

struct Stats {
  std::uint64_t positions = 0, failures = 0;
  int max_queens = 0, max_knights = 0, max_rooks = 0, max_bishops = 0;
  std::uint64_t in_check = 0, double_check = 0, en_passant = 0, castling = 0;
};

// Play one random game of at most `plies` plies, judging every position reached.
void play(pcg64& rng, int plies, const Bias& bias, Stats& stats) {
  Position pos = Position::start();
  std::vector<std::string> moves;
  for (int ply = 0; ply < plies; ++ply) {
    const MoveList list = legal_moves(pos);
    if (list.empty()) return;
    std::vector<Move> pool;
    for (Move m : list) {
      const bool capture = !pos.empty(m.to()) || m.kind() == MoveKind::EnPassant;
      const bool promotion = m.kind() == MoveKind::Promotion;
      if (promotion && bias.favourite != NoPieceType && m.promotion() != bias.favourite) continue;
      const bool pawn = type_of(pos.piece_on(m.from())) == Pawn;
      const int w = promotion ? bias.promotion : (capture ? bias.capture : 1) * (pawn ? bias.pawn : 1);
      for (int i = 0; i < w; ++i) pool.push_back(m);
    }
    if (pool.empty()) pool.assign(list.begin(), list.end());
    const Move m = pool[rng() % pool.size()];
    moves.push_back(to_uci(m));
    UndoInfo undo;
    pos.do_move(m, undo);

    ++stats.positions;
    testing::expect_passes(pos, moves, stats.failures);
    const Bitboard checkers = pos.checkers();
    stats.in_check += checkers != 0;
    stats.double_check += popcount(checkers) == 2;
    stats.en_passant += pos.ep_square() != NoSquare;
    stats.castling += pos.castling_rights() != NoCastling;
    for (Color c : {White, Black}) {
      stats.max_queens = std::max(stats.max_queens, pos.count(c, Queen));
      stats.max_knights = std::max(stats.max_knights, pos.count(c, Knight));
      stats.max_rooks = std::max(stats.max_rooks, pos.count(c, Rook));
      stats.max_bishops = std::max(stats.max_bishops, pos.count(c, Bishop));
    }
  }
}

TEST(Soundness, RandomGamesBiasedToCaptures) {
  pcg64 rng(2026, 1);
  Stats stats;
  for (int g = 0; g < 2400 / Scale; ++g) play(rng, 300, Bias{}, stats);
  EXPECT_EQ(stats.failures, 0u);
  EXPECT_GT(stats.positions, 600000u / Scale);
  // The sanitizers' few games may give no double check; CheckingGames gives them at every scale.
  if (Scale <= 40) {
    EXPECT_GT(stats.double_check, 0u);
  }
  EXPECT_GT(stats.en_passant, 0u);
  std::cout << "positions " << stats.positions << ", in check " << stats.in_check << ", double checks "
            << stats.double_check << ", en passant " << stats.en_passant << ", with castling " << stats.castling
            << '\n';
}

// Quiet games keep castling rights and pawns at home far longer: the fixed-men checks get exercised.
TEST(Soundness, RandomQuietGames) {
  pcg64 rng(2026, 2);
  Stats stats;
  for (int g = 0; g < 3000 / Scale; ++g) play(rng, 60, Bias{1, 1, 1, NoPieceType}, stats);
  EXPECT_EQ(stats.failures, 0u);
  EXPECT_GT(stats.castling, 0u);
}

// Promotion-heavy games, one per promotion piece: many queens, knights, rooks, bishops.
TEST(Soundness, PromotionExtremes) {
  pcg64 rng(2026, 3);
  Stats stats;
  for (PieceType pt : {Queen, Knight, Rook, Bishop})
    for (int g = 0; g < 600 / Scale; ++g) play(rng, 400, Bias{3, 1000, 20, pt}, stats);
  EXPECT_EQ(stats.failures, 0u);
  const int most = Scale > 4 ? 4 : 5;  // fewer games reach fewer extremes
  EXPECT_GE(stats.max_queens, 4);
  EXPECT_GE(stats.max_knights, most);
  EXPECT_GE(stats.max_rooks, most);
  EXPECT_GE(stats.max_bishops, most);
  std::cout << "positions " << stats.positions << ", most queens " << stats.max_queens << ", knights "
            << stats.max_knights << ", rooks " << stats.max_rooks << ", bishops " << stats.max_bishops << '\n';
}

// Games that give check whenever they can (double checks above all): the retraction search on checks.
TEST(Soundness, CheckingGames) {
  pcg64 rng(2026, 5);
  Stats stats;
  for (int g = 0; g < 1500 / Scale; ++g) {
    Position pos = Position::start();
    std::vector<std::string> moves;
    for (int ply = 0; ply < 200; ++ply) {
      const MoveList list = legal_moves(pos);
      if (list.empty()) break;
      std::vector<Move> pool;
      for (Move m : list) {
        UndoInfo undo;
        pos.do_move(m, undo);
        const int checks = popcount(pos.checkers());
        pos.undo_move(m, undo);
        const bool capture = !pos.empty(m.to()) || m.kind() == MoveKind::EnPassant;
        const int w = checks == 2 ? 200 : checks == 1 ? 12 : m.kind() == MoveKind::Promotion ? 12 : capture ? 3 : 1;
        for (int i = 0; i < w; ++i) pool.push_back(m);
      }
      const Move m = pool[rng() % pool.size()];
      moves.push_back(to_uci(m));
      UndoInfo undo;
      pos.do_move(m, undo);
      ++stats.positions;
      const Bitboard checkers = pos.checkers();
      stats.in_check += checkers != 0;
      stats.double_check += popcount(checkers) == 2;
      testing::expect_passes(pos, moves, stats.failures);
    }
  }
  EXPECT_EQ(stats.failures, 0u);
  EXPECT_GT(stats.double_check, 50u / Scale);  // the bias reaches double checks
  std::cout << "positions " << stats.positions << ", in check " << stats.in_check << ", double checks "
            << stats.double_check << '\n';
}

// Games from real play (tests/support/famous_games.h): every position passes.
TEST(Soundness, FamousGames) {
  for (const testing::FamousGame& game : testing::famous_games()) {
    const Result<std::vector<Position>> positions = testing::play_game_positions(game.moves);
    ASSERT_TRUE(positions.ok()) << game.name << ": " << positions.error();
    for (const Position& pos : *positions) {
      const Verdict v = testing::judge_reached(pos, true);
      EXPECT_TRUE(v.passes()) << game.name << ": " << to_fen(pos) << " rejected by "
                              << check_names(RuleSet::Default)[std::size_t(v.check)] << ": " << v.reason;
    }
  }
}

// Every castling-rights and en passant combination from short games that keep the back ranks intact.
TEST(Soundness, CastlingAndEnPassantCombinations) {
  pcg64 rng(2026, 4);
  Stats stats;
  std::vector<bool> seen(16 * 2, false);
  for (int g = 0; g < 4000 / Scale; ++g) {
    Position pos = Position::start();
    std::vector<std::string> moves;
    for (int ply = 0; ply < 40; ++ply) {
      const MoveList list = legal_moves(pos);
      if (list.empty()) break;
      // Favour pawn double pushes next to enemy pawns, so en passant squares appear.
      std::vector<Move> pool(list.begin(), list.end());
      for (Move m : list)
        if (type_of(pos.piece_on(m.from())) == Pawn && std::abs(int(m.to()) - int(m.from())) == 16)
          for (int i = 0; i < 4; ++i) pool.push_back(m);
      const Move m = pool[rng() % pool.size()];
      moves.push_back(to_uci(m));
      UndoInfo undo;
      pos.do_move(m, undo);
      ++stats.positions;
      seen[pos.castling_rights() * 2 + (pos.ep_square() != NoSquare)] = true;
      testing::expect_passes(pos, moves, stats.failures);
    }
  }
  EXPECT_EQ(stats.failures, 0u);
  int combos = 0;
  for (bool b : seen) combos += b;
  EXPECT_GE(combos, 24 / (Scale > 4 ? 2 : 1));
}

}  // namespace
}  // namespace chessrank::legality
