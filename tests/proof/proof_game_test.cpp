// Proof games: the estimate's fixed points, the search on positions from random games (each game found
// replayed by the move generator and again as SAN text), en passant goals, determinism, and prove()'s
// three outcomes.
#include <algorithm>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <pcg_random.hpp>

#include "core/fen.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "proof/goal_distance.h"
#include "proof/proof_game.h"
#include "tests/support/build_flavour.h"
#include "tests/support/corpus.h"

namespace chessrank::proof {
namespace {

Position fen(const std::string& text) { return parse_fen_or_epd(text).value(); }

Position after(const std::vector<std::string>& sans) {
  Position pos = Position::start();
  for (const std::string& san : sans) {
    UndoInfo undo;
    pos.do_move(parse_san(pos, san).value(), undo);
  }
  return pos;
}

// The position after `plies` uniformly random legal moves (fewer when the game ends).
Position random_game(pcg32& random, int plies) {
  Position pos = Position::start();
  for (int i = 0; i < plies; ++i) {
    const MoveList moves = legal_moves(pos);
    if (moves.empty()) break;
    UndoInfo undo;
    pos.do_move(moves[random(std::uint32_t(moves.size()))], undo);
  }
  return pos;
}

TEST(GoalDistance, IsZeroAtTheGoalAndPositiveBeforeIt) {
  pcg32 random(3);
  for (int i = 0; i < 50; ++i) {
    const Position goal = random_game(random, 10 + i);
    const GoalDistance distance(goal);
    EXPECT_EQ(distance.estimate(goal), 0) << to_fen(goal);
    if (!goal.same_position(Position::start())) {
      EXPECT_GT(distance.estimate(Position::start()), 0) << to_fen(goal);
      EXPECT_LT(distance.estimate(Position::start()), Unreachable) << to_fen(goal);
    }
  }
}

TEST(GoalDistance, FreezesMenThatNeverMoved) {
  // In the initial position every man but the knights is walled in or held by castling rights.
  const GoalDistance start(Position::start());
  EXPECT_EQ(start.frozen(), Position::start().pieces() & ~Position::start().pieces(Knight));
  // Without castling rights and with e2 gone, the king and queen and f1 bishop can move.
  const Position open = fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b - - 0 1");
  const Bitboard frozen = GoalDistance(open).frozen();
  EXPECT_FALSE(frozen & (square_bb(E1) | square_bb(D1) | square_bb(F1) | square_bb(E4)));
  EXPECT_TRUE(frozen & square_bb(C1));  // b2 and d2 still wall it in
}

TEST(GoalDistance, SeesAGoalPawnBehindThePawnsThatCouldFillIt) {
  // After 1. e4 no white pawn can reach e3 without a capture, and none is available.
  const GoalDistance to_e3(after({"e3", "a6"}));
  EXPECT_EQ(to_e3.estimate(after({"e4", "a6"})), Unreachable);
  EXPECT_LT(to_e3.estimate(Position::start()), Unreachable);
}

TEST(GoalDistance, WalksPawnsAroundFrozenMen) {
  // Black's pawns never moved and White has nothing to capture: no white pawn gets past them to promote.
  const GoalDistance extra_queen(fen("rnbqkbnr/pppppppp/8/8/Q7/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"));
  EXPECT_EQ(extra_queen.estimate(Position::start()), Unreachable);
  // Once the black a-pawn may be taken (the goal lacks it) and the a8 rook is free to go (no castling right
  // holds it), the a-file is open to the white one.
  const GoalDistance open_a7(fen("rnbqkbnr/1ppppppp/8/8/Q7/8/1PPPPPPP/RNBQKBNR b KQ - 0 1"));
  EXPECT_LT(open_a7.estimate(Position::start()), Unreachable);
}

TEST(GoalDistance, CountsTheCapturesOfAllPawnsTogether) {
  // Black's pawns must make two captures (e4xd3, and h2xg1 to promote the dark bishop that g7 lacks), and
  // White has one man to spare. Each capture alone is possible; the two together are not.
  const GoalDistance distance(fen("3kB3/4pnb1/qpp2bR1/3Nr2r/NB2K1P1/nb1p1P2/nn3Br1/5B2 w - - 0 1"));
  EXPECT_EQ(distance.estimate(fen("3kB3/4pn2/qpp2bR1/3Nr2r/NB2pKP1/nb3P2/nn3Brp/3Q1B2 b - - 10 69")), Unreachable);
  // With a second white man to spare it is reachable.
  EXPECT_LT(distance.estimate(fen("3kB3/4pn2/qpp2bR1/3Nr2r/NB2pKP1/nb3P2/nn3Brp/3Q1BN1 b - - 10 69")), Unreachable);
}

TEST(GoalDistance, ChargesAManInPlaceOnAPawnsRun) {
  // The d7 pawn promotes on d8, where the black king stands in the goal: standing there already, it steps
  // aside and comes back (2 moves); one step away, it only comes back once the queen has gone (1).
  const GoalDistance distance(fen("3k4/8/8/8/8/8/8/2K1Q3 b - - 0 1"));
  const int in_place = distance.estimate(fen("3k4/3P4/8/8/8/8/8/2K5 w - - 0 1"));
  const int aside = distance.estimate(fen("4k3/3P4/8/8/8/8/8/2K5 w - - 0 1"));
  EXPECT_EQ(in_place, aside + 1);
}

TEST(GoalDistance, ChargesAPromotedPiecesWayAroundMenInPlace) {
  // The f7 pawn becomes the c5 bishop on f8; the e7 rook and g7 knight, in place, shut the bishop in.
  const int shut = GoalDistance(fen("k7/4R1N1/8/2B5/8/8/8/4K3 w - - 0 1")).estimate(fen("k7/4RPN1/8/8/8/8/8/4K3 w - - 0 1"));
  const int open = GoalDistance(fen("k7/6N1/4R3/2B5/8/8/8/4K3 w - - 0 1")).estimate(fen("k7/5PN1/4R3/8/8/8/8/4K3 w - - 0 1"));
  EXPECT_EQ(shut, open + 2);
}

TEST(GoalDistance, LetsAPawnInPlaceMoveOnForOneBehindIt) {
  // The goal's b7 pawn and b5 rook come from the b6 and b5 pawns, with nothing left to capture: b6 goes on
  // to promote, b5 takes its square. Stepping to b7 is the first move of that plan, not a pawn settled in
  // the other's way.
  const GoalDistance distance(fen("4k3/1P6/8/1R6/8/8/8/4K3 w - - 0 1"));
  EXPECT_LT(distance.estimate(fen("4k3/1P6/8/1P6/8/8/8/4K3 b - - 0 1")),
            distance.estimate(fen("4k3/8/1P6/1P6/8/8/8/4K3 w - - 0 1")));
}

TEST(GoalDistance, LocksPawnsThatCannotPassEachOther) {
  // The black a-pawn is to reach a2 past the white one on a3: with nothing left to take on either side,
  // neither pawn can leave the file or be taken.
  const GoalDistance locked(fen("4k3/8/8/8/8/P7/p7/4K3 w - - 0 1"));
  EXPECT_EQ(locked.estimate(fen("4k3/8/8/8/p7/P7/8/4K3 w - - 0 1")), Unreachable);
  // A white man to spare lets Black take the a3 pawn, but no white pawn could come back to a3.
  EXPECT_EQ(locked.estimate(fen("4k3/8/8/8/p7/P7/8/4KN2 w - - 0 1")), Unreachable);
  // With a black man to spare, the white pawn can take it on b4 and clear the file.
  const GoalDistance open(fen("4k3/8/8/8/1P6/8/p7/4K3 w - - 0 1"));
  EXPECT_LT(open.estimate(fen("4k2n/8/8/8/p7/P7/8/4K3 w - - 0 1")), Unreachable);
}

TEST(GoalDistance, BringsACheckedKingHomeBeforeTheCheck) {
  // Black to move in check from the g3 pawn: the king came to h4 before the pawn came to g3. With the pawn
  // there already and nothing left to take, the king never gets in.
  const GoalDistance pawn_check(fen("4K3/8/8/8/7k/6P1/8/8 b - - 0 1"));
  EXPECT_EQ(pawn_check.estimate(fen("4K3/8/8/8/8/6Pk/8/8 b - - 0 1")), Unreachable);
  EXPECT_LT(pawn_check.estimate(fen("4K3/8/8/7k/8/8/6P1/8 w - - 0 1")), Unreachable);
  // A checking bishop in place while the king is away steps off and back: 1 more than one a step away.
  const GoalDistance bishop_check(fen("8/4B3/5k2/8/8/8/8/4K3 b - - 0 1"));
  EXPECT_EQ(bishop_check.estimate(fen("8/4B3/6k1/8/8/8/8/4K3 b - - 0 1")),
            bishop_check.estimate(fen("5B2/8/6k1/8/8/8/8/4K3 b - - 0 1")) + 1);
}

TEST(GoalDistance, SeesACheckedKingHomeTooEarly) {
  // The king home and the g3 pawn checking it with black to move, one white move short of the goal: black
  // must step the king off, and it never gets back while the pawn stands there.
  const GoalDistance pawn_check(fen("4K3/8/8/8/7k/6P1/8/8 b - - 0 1"));
  EXPECT_EQ(pawn_check.estimate(fen("3K4/8/8/8/7k/6P1/8/8 b - - 0 1")), Unreachable);
  EXPECT_LT(pawn_check.estimate(fen("3K4/8/8/8/7k/8/6P1/8 b - - 0 1")), Unreachable);
  // A checking bishop in place with the king home and black to move: it steps off and back (2 more than
  // the white king's one move).
  const GoalDistance bishop_check(fen("8/4B3/5k2/8/8/8/8/4K3 b - - 0 1"));
  EXPECT_EQ(bishop_check.estimate(fen("8/4B3/5k2/8/8/8/8/3K4 b - - 0 1")), 3);
}

TEST(GoalDistance, WalksAKingAroundTheSquaresSettledMenAttack) {
  // The white king crosses the e-file, which the settled e8 rook holds: the rook steps aside and back.
  EXPECT_EQ(GoalDistance(fen("4r1k1/8/8/8/3K4/8/8/8 w - - 0 1")).estimate(fen("4r1k1/8/8/8/5K2/8/8/8 w - - 0 1")), 4);
  EXPECT_EQ(GoalDistance(fen("r5k1/8/8/8/3K4/8/8/8 w - - 0 1")).estimate(fen("r5k1/8/8/8/5K2/8/8/8 w - - 0 1")), 2);
}

// The estimate prunes the search: it must never call Unreachable a position from which a game did reach
// its goal. Games biased to captures, promotions and pawn moves, and the proof games of the visible file.
void expect_reachable_along(const std::vector<Position>& game, std::uint64_t& checked) {
  const GoalDistance distance(game.back());
  for (const Position& pos : game) {
    ++checked;
    ASSERT_LT(distance.estimate(pos), Unreachable) << to_fen(pos) << " on the way to " << to_fen(game.back());
  }
}

TEST(GoalDistance, NeverCutsTheWayOfAGame) {
  pcg32 random(17);
  std::uint64_t checked = 0;
  for (int g = 0; g < (testing::SlowBuild ? 10 : 60); ++g) {
    std::vector<Position> game{Position::start()};
    const int plies = 60 + int(random(120));
    for (int i = 0; i < plies; ++i) {
      const Position& pos = game.back();
      std::vector<Move> pool;
      for (Move m : legal_moves(pos)) {
        const bool capture = !pos.empty(m.to()) || m.kind() == MoveKind::EnPassant;
        const int weight = m.kind() == MoveKind::Promotion ? 20 : (capture ? 6 : 1) * (type_of(pos.piece_on(m.from())) == Pawn ? 2 : 1);
        pool.insert(pool.end(), weight, m);
      }
      if (pool.empty()) break;
      Position next = pos;
      UndoInfo undo;
      next.do_move(pool[random(std::uint32_t(pool.size()))], undo);
      game.push_back(next);
    }
    expect_reachable_along(game, checked);
  }
  std::ifstream in(std::string(CHESSRANK_SHARED_DIR) + "/data/tromp-923-visible.txt");
  int games = 0;
  for (std::string line; std::getline(in, line);) {
    const std::size_t at = line.find(" legal: proof: ");
    if (at == std::string::npos || (testing::SlowBuild && games++ % 8 != 0)) continue;
    const Result<std::vector<Position>> played = testing::play_game_positions(line.substr(at + 15));
    ASSERT_TRUE(played.ok()) << line;
    expect_reachable_along(*played, checked);
  }
  EXPECT_GT(checked, testing::SlowBuild ? 3000u : 30000u);
}

// Positions from random games of 10 to 40 plies: a game is found for nearly all of them, and each one
// found reaches the position, by the move generator and as SAN text through the SAN parser.
TEST(ProofGame, FindsGamesForPositionsOfRandomGames) {
  pcg32 random(11);
  const int positions = testing::SlowBuild ? 8 : 30;
  ProofLimits limits;
  limits.nodes = 20000;
  int found = 0;
  for (int i = 0; i < positions; ++i) {
    const Position goal = random_game(random, 10 + int(random(31)));
    const std::vector<Move> moves = find_proof_game(goal, limits, 1).moves;
    if (moves.empty()) continue;
    ++found;
    EXPECT_TRUE(reaches(moves, goal)) << to_fen(goal);
    const Result<Position> replayed = testing::play_game(to_san_game(moves));
    ASSERT_TRUE(replayed.ok()) << replayed.error();
    EXPECT_TRUE(replayed->same_position(goal)) << to_fen(goal);
  }
  EXPECT_GE(found, positions * 9 / 10);
}

TEST(ProofGame, EndsWithTheDoubleStepAnEnPassantSquareNames) {
  const Position goal = after({"e4", "a6", "e5", "f5"});
  ASSERT_EQ(goal.ep_square(), F6);
  const std::vector<Move> moves = find_proof_game(goal, {}, 1).moves;
  ASSERT_FALSE(moves.empty());
  EXPECT_EQ(moves.back(), Move(F7, F5));
  EXPECT_TRUE(reaches(moves, goal));
}

// A goal whose last move the legality checks prove forced is searched for through the position before
// it: a checking pawn push, found within 2,000 expansions (the first search, from the initial position,
// gets 2,500). A goal whose last move is one of a few captures (the same move taking men of different
// kinds) is searched for through each.
TEST(ProofGame, GoesThroughThePositionsBeforeTheLastMovesLeft) {
  // Return the expansions the search for `goal` used, having checked that its game ends with `last`.
  const auto expansions = [](const std::string& text, std::uint64_t nodes, Move last) {
    const Position goal = fen(text);
    ProofLimits limits;
    limits.nodes = nodes;
    const GameSearch search = find_proof_game(goal, limits, 1);
    EXPECT_FALSE(search.moves.empty()) << text;
    EXPECT_TRUE(search.moves.empty() || search.moves.back() == last) << text;
    EXPECT_TRUE(reaches(search.moves, goal)) << text;
    return search.nodes;
  };
  EXPECT_LE(expansions("rn3b1r/3bp1kp/7n/pP4N1/3P1P2/4p3/3KB2P/R1BQ3R w - - 0 21", 20000, Move(E4, E3)), 2000u);
  expansions("1rb1kbnr/1pp4p/8/7R/5pp1/P1qP4/3pP1P1/R2QKBN1 w Qk - 0 16", 40000, Move(E3, D2));
}

// The 174th legal position of the 2021 sample's visible file: its b7 pawn and b5 rook come from two white
// pawns on the b-file when White has nothing left to capture, the front one promoting. Found within 60,000
// expansions; with the front pawn settled on b7 (GoalDistance.LetsAPawnInPlaceMoveOnForOneBehindIt) the
// search does not find it in 1,000,000.
TEST(ProofGame, PromotesThePawnAheadOfOneThatTakesItsSquare) {
  const Position goal = fen("4r2N/BP2n1r1/2R3P1/1R4rQ/R3Pq1N/K3Pb2/1nrNnn1k/bN1r3B b - - 0 1");
  ProofLimits limits;
  limits.nodes = 60000;
  EXPECT_TRUE(reaches(find_proof_game(goal, limits, 1).moves, goal));
}

TEST(ProofGame, DependsOnTheSeedOnly) {
  const Position goal = fen("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
  const std::vector<Move> first = find_proof_game(goal, {}, 5).moves;
  ASSERT_FALSE(first.empty());
  EXPECT_EQ(find_proof_game(goal, {}, 5).moves, first);
}

TEST(Prove, GivesTheThreeOutcomes) {
  const ProofOutcome start = prove(Position::start(), {}, 1);
  EXPECT_EQ(start.status, ProofStatus::Legal);
  EXPECT_TRUE(start.moves.empty());

  // Black to move while giving check: a legality check's verdict, with its reason.
  const ProofOutcome illegal = prove(fen("4k3/8/8/8/8/8/4r3/4K3 b - - 0 1"), {}, 1);
  EXPECT_EQ(illegal.status, ProofStatus::Illegal);
  EXPECT_NE(illegal.reason, "");

  // A legal position of the 2021 sample, whose published proof game is over a hundred moves long.
  ProofLimits tiny;
  tiny.nodes = 100;
  const ProofOutcome unknown = prove(fen("3kB3/4pnb1/qpp2bR1/3Nr2r/NB2K1P1/nb1p1P2/nn3Br1/5B2 w - - 0 1"), tiny, 1);
  EXPECT_EQ(unknown.status, ProofStatus::Unknown);
  EXPECT_LE(unknown.nodes, 100u);
  EXPECT_NE(unknown.reason.find("100"), std::string::npos) << unknown.reason;
  // With the line it came closest by: legal moves from the initial position.
  EXPECT_FALSE(unknown.closest.empty());
  EXPECT_TRUE(testing::play_game(to_san_game(unknown.closest)).ok());
}

// Given an opening, the game found begins with it. The first 100 plies of the visible file's first
// published proof game (144 plies): the search finds the rest, and the game replays to the position.
TEST(Prove, BeginsWithTheOpeningItIsGiven) {
  std::ifstream in(std::string(CHESSRANK_SHARED_DIR) + "/data/tromp-923-visible.txt");
  std::string line;
  while (std::getline(in, line) && line.find(" legal: proof: ") == std::string::npos) {
  }
  const std::size_t at = line.find(" legal: proof: ");
  ASSERT_NE(at, std::string::npos);
  const Position goal = fen(line.substr(0, at));
  std::vector<Move> opening = parse_game(line.substr(at + 15)).value();
  opening.resize(100);
  const ProofOutcome outcome = prove(goal, {}, 1, opening);
  ASSERT_EQ(outcome.status, ProofStatus::Legal) << outcome.reason;
  ASSERT_GT(outcome.moves.size(), opening.size());
  EXPECT_TRUE(std::equal(opening.begin(), opening.end(), outcome.moves.begin()));
  EXPECT_TRUE(reaches(outcome.moves, goal));
}

// An opening that moves a man the goal shows never moved rules the goal out before any search; one that
// is not a legal line is refused. Both are unknown, never illegal: the goal may be legal by another game.
TEST(Prove, SaysUnknownAfterAnOpeningThatCannotLeadToTheGoal) {
  const Position goal = after({"Nf3", "Nf6"});
  const std::vector<Move> d4 = parse_game("d4").value();
  const ProofOutcome cut = prove(goal, {}, 1, d4);
  EXPECT_EQ(cut.status, ProofStatus::Unknown);
  EXPECT_EQ(cut.nodes, 0u);
  EXPECT_NE(cut.reason.find("rules the goal out"), std::string::npos) << cut.reason;
  EXPECT_EQ(cut.closest, d4);
  const ProofOutcome refused = prove(goal, {}, 1, {Move(E2, E5)});
  EXPECT_EQ(refused.status, ProofStatus::Unknown);
  EXPECT_NE(refused.reason.find("not a legal line"), std::string::npos) << refused.reason;
  // Without an opening the same goal is proved.
  EXPECT_EQ(prove(goal, {}, 1).status, ProofStatus::Legal);
}

// A search that has expanded every position in reach (by its estimate) stops there, unknown: after the
// fool's mate white has no move, so the search from there expands one position, however large its budget.
TEST(Prove, StopsWhenEveryPositionInReachWasSearched) {
  const Position goal = after({"f3", "e5", "g4", "Qf6"});
  const std::vector<Move> mate = parse_game("f3 e5 g4 Qh4#").value();
  const ProofOutcome outcome = prove(goal, {}, 1, mate);
  EXPECT_EQ(outcome.status, ProofStatus::Unknown);
  EXPECT_EQ(outcome.nodes, 1u);
  EXPECT_NE(outcome.reason.find("in reach"), std::string::npos) << outcome.reason;
  EXPECT_EQ(prove(goal, {}, 1).status, ProofStatus::Legal);
}

}  // namespace
}  // namespace chessrank::proof
