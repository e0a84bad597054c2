// Adversarial soundness: legal positions built to sit on the edge of each default rule (proof games
// replayed with the core library), and random games with biases the soundness test does not use: checks
// given by promotions, en passant and castling, underpromotions, kings walking far from home, pawns that
// capture a lot, and promotions with as few captures as possible. No legal position may be rejected.
// Set CHESSRANK_ADVERSARIAL_SCALE=N to play N times as many games (local stress runs).
#include <algorithm>
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
#include "legality/legality.h"
#include "tests/legality/expect_passes.h"
#include "tests/support/build_flavour.h"
#include "tests/support/corpus.h"
#include "tests/support/or_fail.h"

namespace chessrank::legality {
namespace {

using testing::replay_or_fail;

// By default a Release build plays a quarter of the games, a sanitizer or debug build a fortieth;
// CHESSRANK_ADVERSARIAL_SCALE=N plays N times more (4: the full run of docs/legality.md).
constexpr int Divisor = testing::SlowBuild ? 40 : 4;

int scale() {
  const char* env = std::getenv("CHESSRANK_ADVERSARIAL_SCALE");
  return env ? std::max(1, std::atoi(env)) : 1;
}
int games(int n) { return std::max(1, n * scale() / Divisor); }
// Whether this run plays all the games of the full run (or more).
bool full_run() { return scale() >= Divisor; }

// Replay the proof game, check it reaches `fen` (placement, side, rights, en passant) and that the
// default rules accept it.
void expect_legal(const std::string& game, const std::string& fen) {
  const Position pos = replay_or_fail(game);
  const Result<Position> expected = parse_fen(fen);
  ASSERT_TRUE(expected.ok()) << fen;
  EXPECT_TRUE(pos.same_position(*expected)) << "game reaches " << to_fen(pos) << ", not " << fen;
  const Verdict v = testing::judge_reached(pos, true);
  EXPECT_TRUE(v.passes()) << to_fen(pos) << " rejected by " << check_names(RuleSet::Default)[v.check] << ": "
                          << v.reason << "\n  game: " << game;
}

// What a move does, for the weights of the biased games.
struct MoveInfo {
  Move move = Move::none();
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
    testing::expect_passes(pos, moves, stats.failures);
  }
}

void report(const char* name, const Stats& s) {
  std::cout << name << ": positions " << s.positions << ", checks " << s.checks << ", double " << s.double_checks
            << ", by promotion " << s.promotion_checks << ", by en passant " << s.en_passant_checks
            << ", by castling " << s.castling_checks << ", underpromotions " << s.underpromotions
            << ", farthest king rank " << s.farthest_king + 1 << '\n';
}

// ---------------------------------------------------------------------------------------------------
// Proof games (from `chessrank replay`; several found by biased random search, kept the shortest).

// En passant: two uncovered lines, the pawn and one line, one line.
TEST(Adversarial, ChecksByEnPassant) {
  // Last move exd6 e.p. empties two squares of one line: the rook on b5 checks through d5 and e5.
  expect_legal("1. e4 f6 2. e5 Kf7 3. Nf3 Kg6 4. a4 Kh5 5. Ra3 a6 6. Rb3 a5 7. Rb5 d5 8. exd6+",
               "rnbq1bnr/1pp1p1pp/3P1p2/pR5k/P7/5N2/1PPP1PPP/1NBQKB1R b K - 0 8");
  // The double push d4 uncovers the bishop on c1 and leaves an en passant square: only it is retracted.
  expect_legal("1. a3 e5 2. a4 e4 3. b3 Ke7 4. b4 Kf6 5. c3 Kg5 6. d4+",
               "rnbq1bnr/pppp1ppp/8/6k1/PP1Pp3/2P5/4PPPP/RNBQKBNR b KQ d3 0 6");
  // Last move hxg6 e.p. uncovers the rook on h1 (through h5) and the queen on c1 (through g5).
  expect_legal("1. h3 f6 2. g4 b6 3. f3 Kf7 4. a3 d6 5. b4 c5 6. h4 Kg6 7. h5+ Kh6 8. d4+ g5 9. hxg6+",
               "rnbq1bnr/p3p2p/1p1p1pPk/2p5/1P1P2P1/P4P2/2P1P3/RNBQKBNR b KQ - 0 9");
  // Last move dxc6 e.p.: the pawn checks and the queen on d1 sees through d5.
  expect_legal("1. h3 g6 2. e3 Nf6 3. d4 d5 4. c4 dxc4 5. d5 Kd7 6. a3 c5 7. dxc6+",
               "rnbq1b1r/pp1kpp1p/2P2np1/8/2p5/P3P2P/1P3PP1/RNBQKBNR b KQ - 0 7");
  // Last move fxg3 e.p.: the pawn checks and the queen on f6 sees through f4.
  expect_legal("1. h3 e5 2. f4 exf4 3. a3 g6 4. Kf2 b5 5. a4 Qf6 6. b4 bxa4 7. g4 fxg3+",
               "rnb1kbnr/p1pp1p1p/5qp1/8/pP6/6pP/2PPPK2/RNBQ1BNR w kq - 0 8");
  // Last move bxa6 e.p. uncovers the queen on a4.
  expect_legal("1. c4 d6 2. Qa4+ b5 3. cxb5 a5 4. bxa6+",
               "rnbqkbnr/2p1pppp/P2p4/8/Q7/8/PP1PPPPP/RNB1KBNR b KQkq - 0 4");
}

// Promotions: the new man checks, or the square it left uncovers a line, or both; every piece.
TEST(Adversarial, ChecksByPromotion) {
  // Last move dxc8=N checks from the promotion square.
  expect_legal("1. b4 h5 2. b5 c6 3. bxc6 e5 4. cxd7+ Ke7 5. dxc8=N+",
               "rnNq1bnr/pp2kpp1/8/4p2p/8/8/P1PPPPPP/RNBQKBNR b KQ - 0 5");
  // Last move dxc1=B uncovers the queen on d8.
  expect_legal("1. h4 d5 2. c4 dxc4 3. Qa4+ b5 4. d4 cxd3 5. Qe4 d2+ 6. Kd1 dxc1=B+",
               "rnbqkbnr/p1p1pppp/8/1p6/4Q2P/8/PP2PPP1/RNbK1BNR w kq - 0 7");
  // Last move dxc8=N uncovers the queen on d1.
  expect_legal("1. d4 g6 2. e4 e5 3. dxe5 Qe7 4. e6 b6 5. exd7+ Kd8 6. dxc8=N+",
               "rnNk1bnr/p1p1qp1p/1p4p1/8/4P3/8/PPP2PPP/RNBQKBNR b KQ - 0 6");
  // Last move e8=R uncovers the queen on d7 through e7.
  expect_legal("1. d4 h5 2. h3 f5 3. a4 h4 4. e4 c5 5. dxc5 fxe4 6. c4 d6 7. cxd6 Be6 8. dxe7 b6 9. Qd7+ Kf7 "
               "10. e8=R+",
               "rn1qRbnr/p2Q1kp1/1p2b3/8/P1P1p2p/7P/1P3PP1/RNB1KBNR b KQ - 0 10");
  // Last move dxc8=Q checks and uncovers the queen on d1 through d7 (two queens).
  expect_legal("1. d4 f6 2. b4 g5 3. d5 e5 4. dxe6 Bc5 5. Bxg5 Qe7 6. exd7+ Kd8 7. dxc8=Q+",
               "rnQk2nr/ppp1q2p/5p2/2b3B1/1P6/8/P1P1PPPP/RN1QKBNR b KQ - 0 7");
  // Last move exf8=R checks and uncovers the rook on e4 through e7 (two rooks).
  expect_legal("1. f3 a5 2. g4 e6 3. d4 c6 4. c3 e5 5. h4 Qxh4+ 6. Rxh4 h5 7. dxe5 b5 8. gxh5 f6 9. exf6 g6 10. "
               "Re4+ Ne7 11. fxe7 Bb7 12. exf8=R+",
               "rn2kR1r/1b1p4/2p3p1/pp5P/4R3/2P2P2/PP2P3/RNBQKBN1 b Qkq - 0 12");
  // Last move fxg8=N checks and uncovers the rook on h7 through f7.
  expect_legal("1. h4 b5 2. Na3 g5 3. hxg5 b4 4. f3 e6 5. e4 e5 6. g3 a6 7. Rxh7 bxa3 8. bxa3 f5 9. gxf6 a5 10. "
               "f7+ Ke7 11. fxg8=N+",
               "rnbq1bNr/2ppk2R/8/p3p3/4P3/P4PP1/P1PP4/R1BQKBN1 b Q - 0 11");
  // Last move dxe1=B checks and uncovers the queen on b2 through d2.
  expect_legal("1. f4 f5 2. g3 c5 3. Kf2 h6 4. Qe1 d5 5. b4 cxb4 6. d3 Qb6+ 7. e3 g6 8. c4 bxc3 9. a4 Qb2+ 10. "
               "Bd2 cxd2 11. h4 dxe1=B+",
               "rnb1kbnr/pp2p3/6pp/3p1p2/P4P1P/3PP1P1/1q3K2/RN2bBNR w kq - 0 12");
  // Last move d8=B checks and uncovers the queen on e7 through d7.
  expect_legal("1. e4 d5 2. Qh5 b6 3. exd5 c5 4. dxc6 Qxd2+ 5. Bxd2 g5 6. f4 gxf4 7. Qxf7+ Kd8 8. Qg7 f3 9. "
               "Qxf8+ Kc7 10. c4 e6 11. Qe7+ Nd7 12. cxd7 h6 13. d8=B+",
               "r1bB2nr/p1k1Q3/1p2p2p/8/2P5/5p2/PP1B2PP/RN2KBNR b KQ - 0 13");
  // Last move d8=N checks and uncovers the queen on c7 through d7.
  expect_legal("1. f3 e5 2. g4 g5 3. b4 b5 4. d4 d5 5. Ba3 h5 6. h4 hxg4 7. e4 a6 8. dxe5 f5 9. h5 g3 10. exd5 "
               "c5 11. dxc6 f4 12. Qxd8+ Kf7 13. Qc7+ Nd7 14. cxd7 a5 15. d8=N+",
               "r1bN1bnr/2Q2k2/8/pp2P1pP/1P3p2/B4Pp1/P1P5/RN2KBNR b KQ - 0 15");
  // Last move e1=Q checks and uncovers the queen on h2 through e2.
  expect_legal("1. d3 g6 2. c3 e5 3. e3 c5 4. f4 Qh4+ 5. g3 e4 6. c4 h6 7. Kd2 Qxh2+ 8. Be2 exd3 9. Qa4 f5 10. "
               "Qxa7 dxe2 11. g4 e1=Q+",
               "rnb1kbnr/Qp1p4/6pp/2p2p2/2P2PP1/4P3/PP1K3q/RNB1q1NR w kq - 0 12");
}

// A discovered double check, and castling: the rook checks, also along the first rank through e1.
TEST(Adversarial, ChecksByOtherMoves) {
  // Bg4 checks and uncovers the queen on d8 through d7.
  expect_legal("1. b3 e5 2. d4 exd4 3. e4 dxe3 4. Qxd7+ Bxd7 5. Kd1 Bg4+",
               "rn1qkbnr/ppp2ppp/8/8/6b1/1P2p3/P1P2PPP/RNBK1BNR w kq - 2 6");
  // O-O: the rook on f1 checks.
  expect_legal("1. f4 g5 2. f5 e6 3. e3 d5 4. Bb5+ Ke7 5. Ba4 e5 6. Be8 Nc6 7. Nh3 h5 8. f6+ Kxf6 9. O-O+",
               "r1bqBbnr/ppp2p2/2n2k2/3pp1pp/8/4P2N/PPPP2PP/RNBQ1RK1 b - - 1 9");
  // O-O-O: the rook on d8 checks.
  expect_legal("1. e3 h5 2. Qg4 Nc6 3. Qxd7+ Qxd7 4. a3 Qxd2+ 5. Kxd2 Bh3 6. Kd1 O-O-O+",
               "2kr1bnr/ppp1ppp1/2n5/7p/8/P3P2b/1PP2PPP/RNBK1BNR w - - 3 7");
  // O-O-O: the rook on d1 checks the black king on g1 through the square e1 the king left.
  expect_legal("1. e4 h5 2. Bc4 a5 3. Bxf7+ Kxf7 4. Qxh5+ g6 5. Qxg6+ Kxg6 6. b4 Kh6 7. d4+ Kh5 8. h4 Ra7 9. "
               "Rh2 Rh7 10. g4+ Kxg4 11. f3+ Kg3 12. Rh3+ Kg2 13. Rh2+ Kxg1 14. Nc3 Kxh2 15. bxa5 e6 16. Bf4+ "
               "Kg1 17. O-O-O+",
               "1nbq1bn1/rppp3r/4p3/P7/3PPB1P/2N2P2/P1P5/2KR2k1 b - - 3 17");
}

// Material, pawn captures, opposed files and crossed pawns exactly at their limits.
TEST(Adversarial, TightMaterialAndPawns) {
  // The opposed files are exactly as many as the pawns and captures need.
  expect_legal("1. b4 c5 2. e4 c4 3. Ke2 a5 4. bxa5 f5 5. d3 fxe4 6. Bh6 gxh6 7. dxc4",
               "rnbqkbnr/1p1pp2p/7p/P7/2P1p3/8/P1P1KPPP/RN1Q1BNR b kq - 0 7");
  // Five pawn captures (fxe6 e.p. among them), five black men missing.
  expect_legal("1. c4 b5 2. cxb5 a6 3. g4 f5 4. gxf5 h5 5. bxa6 e5 6. fxe6 c6 7. exd7+",
               "rnbqkbnr/3P2p1/P1p5/7p/8/8/PP1PPP1P/RNBQKBNR b KQkq - 0 7");
  // Seven pawn captures, seven black men missing.
  expect_legal("1. d3 g5 2. c4 Bh6 3. g3 c6 4. g4 f5 5. gxf5 b5 6. h3 c5 7. cxb5 d5 8. e4 Qd6 9. exd5 g4 10. "
               "hxg4 c4 11. dxc4 Na6 12. bxa6 e5 13. fxe6",
               "r1b1k1nr/p6p/P2qP2b/3P4/2P3P1/8/PP3P2/RNBQKBNR b KQkq - 0 13");
  // A second light bishop after a single capture.
  expect_legal("1. a4 a6 2. b4 g5 3. b5 d5 4. b6 g4 5. bxc7 Bf5 6. c8=B",
               "rnBqkbnr/1p2pp1p/p7/3p1b2/P5p1/8/2PPPPPP/RNBQKBNR b KQkq - 0 6");
  // A rook and a light bishop promoted, six pawns left: exactly eight.
  expect_legal("1. d4 b5 2. a4 e5 3. dxe5 d6 4. axb5 f5 5. exf6 a5 6. fxg7 c5 7. gxf8=R+ Ke7 8. f4 h5 9. b6 h4 "
               "10. b7 a4 11. bxa8=B",
               "Bnbq1Rnr/4k3/3p4/2p5/p4P1p/8/1PP1P1PP/RNBQKBNR b KQ - 0 11");
  // Two rooks and a queen promoted, five pawns left: exactly eight.
  expect_legal("1. a3 b6 2. g4 a6 3. e4 c5 4. b4 b5 5. c4 e5 6. f3 h6 7. cxb5 f6 8. bxa6 d5 9. exd5 c4 10. b5 "
               "g5 11. Be2 h5 12. b6 Be7 13. d6 Rh6 14. b7 h4 15. bxc8=R e4 16. d4 e3 17. dxe7 c3 18. exd8=Q+ "
               "Kf7 19. a7 h3 20. axb8=R",
               "rRRQ2n1/5k2/5p1r/6p1/3P2P1/P1p1pP1p/4B2P/RNBQK1NR b KQ - 0 20");
  // Six promotions (queen, rooks, knight, bishops), two pawns left.
  expect_legal("1. g3 e6 2. a4 h6 3. h4 b6 4. h5 Ba6 5. d3 c6 6. c4 e5 7. Bd2 f5 8. e4 d6 9. exf5 g6 10. hxg6 "
               "e4 11. dxe4 Ne7 12. Bc3 c5 13. Qb3 d5 14. exd5 Bb7 15. g4 b5 16. axb5 Ng8 17. Bd2 a5 18. f4 Kd7 "
               "19. g5 Qc7 20. gxh6 a4 21. Rh3 Kd8 22. Nf3 Nc6 23. d6 a3 24. bxa3 Qf7 25. a4 Rb8 26. gxf7 Bc8 "
               "27. Rh2 Na5 28. Ke2 Bg7 29. d7 Rh7 30. dxc8=B Nc6 31. fxg8=B Bd4 32. f6 Rg7 33. a5 Nb4 34. fxg7 "
               "Bc3 35. b6 Bb2 36. a6 Nc6 37. Bf5 Ne7 38. Ng5 Bc3 39. a7 Ng6 40. a8=R Ba5 41. Bc2 Nh4 42. h7 "
               "Ke7 43. Kd1 Rd8 44. Bh3 Rf8 45. h8=R Bc3 46. b7 Kd6 47. gxf8=N Ng6 48. Na3 Nh4 49. b8=Q+",
               "RQ3NBR/8/3k4/2p3N1/2P2P1n/NQb4B/2BB3R/R2K4 b - - 0 49");
  // The rook's sacrifice lets the g-pawn below the h-pawn.
  expect_legal("1. h4 g5 2. h5 e6 3. Rh4 gxh4",
               "rnbqkbnr/pppp1p1p/4p3/7P/7p/8/PPPPPPP1/RNBQKBN1 w Qkq - 0 4");
  // The e-pawn went e4xd5xe6 past the e5 pawn: two captures, exactly the two black men missing.
  expect_legal("1. e4 d5 2. exd5 e5 3. Nc3 Qe7 4. Nf3 Qe6 5. dxe6",
               "rnb1kbnr/ppp2ppp/4P3/4p3/8/2N2N2/PPPP1PPP/R1BQKB1R b KQkq - 0 5");
}

// Promoted bishops of the walled-in colour, and one promoted behind men that never moved.
TEST(Adversarial, PromotedBishopsAndFixedMen) {
  // The c1 bishop, walled in by b2 and d2, taken at home by a knight; gxh8=B is a second dark bishop.
  expect_legal("1. h4 Nc6 2. h5 Nd4 3. h6 Nb3 4. hxg7 Nxc1 5. gxh8=B",
               "r1bqkbnB/pppppp1p/8/8/8/8/PPPPPPP1/RNnQKBNR b KQq - 0 5");
  // Black promotes g1=B between f2 and h2 while white keeps castling kingside; it checks from f2.
  expect_legal("1. g4 h5 2. gxh5 g5 3. Nf3 g4 4. Nh4 g3 5. Nc3 g2 6. a3 g1=B 7. Rb1 Bxf2+",
               "rnbqkbnr/pppppp2/8/7P/7N/P1N5/1PPPPb1P/1RBQKB1R w Kkq - 0 8");
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
  if (full_run()) {  // a few dozen in full runs, rare in short ones
    EXPECT_GT(stats.en_passant_checks, 0u);
  }
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
  EXPECT_GT(stats.underpromotions, full_run() ? 100u : 100u / Divisor);
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
  EXPECT_GE(stats.farthest_king, full_run() ? int(Rank8) : int(Rank6));
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

// Return the squares `c` could move to by piece moves and pawn pushes: a rough mobility.
int mobility(const Position& pos, Color c) {
  const Bitboard occ = pos.pieces();
  Bitboard reach = pawn_push_bb(c, pos.pieces(c, Pawn)) & ~occ;
  for (Bitboard b = pos.pieces(c) & ~pos.pieces(Pawn); b;) {
    const Square s = pop_lsb(b);
    reach |= attacks(type_of(pos.piece_on(s)), s, occ) & ~pos.pieces(c);
  }
  return popcount(reach);
}

// The side that moves boxes itself in: its last move, the one the retraction search must find, is
// nearly forced (the last-move check and the check origin on scarce retractions).
TEST(Adversarial, GamesBoxingThemselvesIn) {
  pcg64 rng(7001, 7);
  Stats stats;
  const Weight weight = [](const Position& pos, const MoveInfo& m) {
    Position after = pos;
    UndoInfo undo;
    after.do_move(m.move, undo);
    const int free = std::max(1, 48 - mobility(after, pos.side_to_move()));
    return free * free * (m.checks ? 4 : 1);
  };
  for (int g = 0; g < games(300); ++g) play(rng, 120, weight, stats);
  EXPECT_EQ(stats.failures, 0u);
  report("boxed in", stats);
}

}  // namespace
}  // namespace chessrank::legality
