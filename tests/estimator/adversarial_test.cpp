// Adversarial soundness: legal positions built to sit on the edge of each default rule (proof games
// replayed with the core library), and random games with biases the soundness test does not use: checks
// given by promotions, en passant and castling, underpromotions, kings walking far from home, pawns that
// capture a lot, and promotions with as few captures as possible. No legal position may be rejected.
// Set CHESSRANK_ADVERSARIAL_SCALE=N to play N times as many games (local stress runs).
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <pcg_random.hpp>

#include "core/fen.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "estimator/legality.h"

namespace chessrank::estimator {
namespace {

#if defined(__SANITIZE_ADDRESS__) || !defined(NDEBUG)
constexpr int Divisor = 20;  // sanitizer and debug builds play a twentieth of the games
#else
constexpr int Divisor = 1;
#endif

int games(int n) {
  const char* env = std::getenv("CHESSRANK_ADVERSARIAL_SCALE");
  const int scale = env ? std::max(1, std::atoi(env)) : 1;
  return std::max(1, n * scale / Divisor);
}

// Play a game in SAN or UCI from the start (move numbers skipped); every move must be legal.
Position replay(const std::string& game) {
  Position pos = Position::start();
  std::istringstream in(game);
  std::string token;
  while (in >> token) {
    if (token.back() == '.') continue;
    const Result<Move> m = parse_move(pos, token);
    EXPECT_TRUE(m.ok()) << game << ": " << token << ": " << (m ? "" : m.error());
    if (!m) break;
    UndoInfo undo;
    pos.do_move(*m, undo);
  }
  return pos;
}

// Replay the proof game, check it reaches `fen` (placement, side, rights, en passant) and that the
// default rules accept it.
void expect_legal(const std::string& game, const std::string& fen) {
  const Position pos = replay(game);
  const Result<Position> expected = parse_fen(fen);
  ASSERT_TRUE(expected.ok()) << fen;
  EXPECT_TRUE(pos.same_position(*expected)) << "game reaches " << to_fen(pos) << ", not " << fen;
  const Verdict v = judge(pos, RuleSet::Default);
  EXPECT_TRUE(v.passes()) << to_fen(pos) << " rejected by " << check_names(RuleSet::Default)[v.check] << ": "
                          << v.reason << "\n  game: " << game;
}

// What a move does, for the weights of the biased games.
struct MoveInfo {
  Move move;
  PieceType piece = NoPieceType;
  bool capture = false, en_passant = false, promotion = false, castling = false;
  int checks = 0;  // checkers after the move
};

using Weight = std::function<int(const Position&, const MoveInfo&)>;

struct Stats {
  std::uint64_t positions = 0, failures = 0, checks = 0, double_checks = 0;
  std::uint64_t promotion_checks = 0, en_passant_checks = 0, castling_checks = 0, underpromotions = 0;
  int farthest_king = 0;  // most ranks a king got from its home rank
};

// Play one game of at most `plies` plies, choosing moves at random in proportion to `weight`, and judge
// every position reached.
void play(pcg64& rng, int plies, const Weight& weight, Stats& stats) {
  Position pos = Position::start();
  std::vector<std::string> moves;
  std::vector<MoveInfo> infos;
  std::vector<std::uint64_t> cumulative;
  for (int ply = 0; ply < plies; ++ply) {
    const MoveList list = legal_moves(pos);
    if (list.empty()) return;
    infos.clear();
    cumulative.clear();
    std::uint64_t total = 0;
    for (Move m : list) {
      MoveInfo info;
      info.move = m;
      info.piece = type_of(pos.piece_on(m.from()));
      info.en_passant = m.kind() == MoveKind::EnPassant;
      info.capture = !pos.empty(m.to()) || info.en_passant;
      info.promotion = m.kind() == MoveKind::Promotion;
      info.castling = m.kind() == MoveKind::Castling;
      UndoInfo undo;
      pos.do_move(m, undo);
      info.checks = popcount(pos.checkers());
      pos.undo_move(m, undo);
      total += std::max(0, weight(pos, info));
      infos.push_back(info);
      cumulative.push_back(total);
    }
    std::size_t pick = 0;
    if (total) {
      const std::uint64_t r = rng() % total;
      while (cumulative[pick] <= r) ++pick;
    } else {
      pick = rng() % infos.size();
    }
    const MoveInfo& info = infos[pick];
    moves.push_back(to_uci(info.move));
    UndoInfo undo;
    pos.do_move(info.move, undo);

    ++stats.positions;
    stats.checks += info.checks != 0;
    stats.double_checks += info.checks == 2;
    stats.promotion_checks += info.checks && info.promotion;
    stats.en_passant_checks += info.checks && info.en_passant;
    stats.castling_checks += info.checks && info.castling;
    stats.underpromotions += info.promotion && info.move.promotion() != Queen;
    for (Color c : {White, Black})
      stats.farthest_king = std::max(stats.farthest_king, int(relative_rank(c, pos.king_square(c))));
    const Verdict v = judge(pos, RuleSet::Default, false);
    if (!v.passes()) {
      ++stats.failures;
      if (stats.failures <= 5) {
        std::string game;
        for (const std::string& s : moves) game += s + ' ';
        ADD_FAILURE() << "legal position rejected: " << to_fen(pos) << "\n  reason: "
                      << judge(pos, RuleSet::Default, true).reason << "\n  game: " << game;
      }
    }
  }
}

void report(const char* name, const Stats& s) {
  std::cout << name << ": positions " << s.positions << ", checks " << s.checks << ", double " << s.double_checks
            << ", by promotion " << s.promotion_checks << ", by en passant " << s.en_passant_checks
            << ", by castling " << s.castling_checks << ", underpromotions " << s.underpromotions
            << ", farthest king rank " << s.farthest_king + 1 << '\n';
}

// ---------------------------------------------------------------------------------------------------
// Random games with new biases.

// Checks given by promotions (underpromotions above all), en passant and castling, and double checks.
TEST(Adversarial, GamesCheckingWithSpecialMoves) {
  pcg64 rng(7001, 1);
  Stats stats;
  const Weight weight = [](const Position&, const MoveInfo& m) {
    const bool special = m.promotion || m.en_passant || m.castling;
    if (m.checks == 2) return special ? 20000 : 2000;
    if (m.checks) return special ? (m.promotion && m.move.promotion() != Queen ? 8000 : 4000) : 30;
    if (m.en_passant) return 400;
    if (m.promotion) return 60;
    if (m.castling) return 100;
    if (m.piece == Pawn) return m.capture ? 12 : 4;
    return m.capture ? 3 : 1;
  };
  for (int g = 0; g < games(600); ++g) play(rng, 250, weight, stats);
  EXPECT_EQ(stats.failures, 0u);
  EXPECT_GT(stats.promotion_checks, 0u);
  EXPECT_GT(stats.en_passant_checks, 0u);
  report("special checks", stats);
}

// Underpromotions only, pawns pushed and capturing: many knights, bishops of both colours, rooks.
TEST(Adversarial, GamesUnderpromoting) {
  pcg64 rng(7001, 2);
  Stats stats;
  const Weight weight = [](const Position&, const MoveInfo& m) {
    if (m.promotion) return m.move.promotion() == Queen ? 0 : m.checks ? 5000 : 1000;
    if (m.piece == Pawn) return m.capture ? 40 : 15;
    return m.capture ? 2 : 1;
  };
  for (int g = 0; g < games(500); ++g) play(rng, 300, weight, stats);
  EXPECT_EQ(stats.failures, 0u);
  EXPECT_GT(stats.underpromotions, 100u / Divisor);
  report("underpromotions", stats);
}

// Kings walk far from home while the other men mostly stay: enclosure and check origins far afield.
TEST(Adversarial, GamesWithWalkingKings) {
  pcg64 rng(7001, 3);
  Stats stats;
  const Weight weight = [](const Position& pos, const MoveInfo& m) {
    if (m.piece == King) {
      const Color us = pos.side_to_move();
      const int gain = int(relative_rank(us, m.move.to())) - int(relative_rank(us, m.move.from()));
      return gain > 0 ? 60 : gain == 0 ? 15 : 4;
    }
    if (m.checks) return 10;
    if (m.capture) return 1;
    return m.piece == Pawn ? 3 : 2;
  };
  for (int g = 0; g < games(800); ++g) play(rng, 160, weight, stats);
  EXPECT_EQ(stats.failures, 0u);
  EXPECT_GE(stats.farthest_king, int(Rank8));
  report("walking kings", stats);
}

// Pawns capture whenever they can (en passant first), pieces rarely: file changes and crossed pawns.
TEST(Adversarial, GamesWithPawnCaptures) {
  pcg64 rng(7001, 4);
  Stats stats;
  const Weight weight = [](const Position& pos, const MoveInfo& m) {
    if (m.en_passant) return 5000;
    if (m.piece == Pawn && m.capture) return type_of(pos.piece_on(m.move.to())) == Pawn ? 800 : 400;
    if (m.promotion) return 200;
    if (m.piece == Pawn) return 10;
    return m.capture ? 0 : 2;
  };
  for (int g = 0; g < games(800); ++g) play(rng, 200, weight, stats);
  EXPECT_EQ(stats.failures, 0u);
  report("pawn captures", stats);
}

// Promotions with as few captures as possible (pawns take pawns to open files, nothing else captures):
// the material, opposed-files and crossed-pawns budgets run tight.
TEST(Adversarial, GamesPromotingWithFewCaptures) {
  pcg64 rng(7001, 5);
  Stats stats;
  const Weight weight = [](const Position& pos, const MoveInfo& m) {
    if (m.promotion) return 3000;
    if (m.piece == Pawn && m.capture) return type_of(pos.piece_on(m.move.to())) == Pawn || m.en_passant ? 300 : 3;
    if (m.piece == Pawn) return 30;
    return m.capture ? 0 : 1;
  };
  for (int g = 0; g < games(600); ++g) play(rng, 250, weight, stats);
  EXPECT_EQ(stats.failures, 0u);
  report("few-capture promotions", stats);
}

// Few men move at all: the men that moved keep moving, so pawns at home and castling rights stay, and
// the last move of the side not to move is often nearly forced.
TEST(Adversarial, GamesWithFewMovers) {
  pcg64 rng(7001, 6);
  Stats stats;
  const Weight weight = [](const Position& pos, const MoveInfo& m) {
    const Color us = pos.side_to_move();
    const bool home = relative_rank(us, m.move.from()) <= Rank2;
    int w = home ? 1 : 40;
    if (m.checks) w *= 3;
    if (m.castling) w = 50;
    return w;
  };
  for (int g = 0; g < games(1500); ++g) play(rng, 80, weight, stats);
  EXPECT_EQ(stats.failures, 0u);
  report("few movers", stats);
}

}  // namespace
}  // namespace chessrank::estimator
