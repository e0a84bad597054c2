#include "proof/kernel_opening.h"

#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include "core/fen.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "proof/goal_distance.h"
#include "tests/support/build_flavour.h"
#include "tests/support/corpus.h"

namespace chessrank::proof {
namespace {

Position fen(const std::string& text) { return parse_fen(text).value(); }

// The first `count` legal positions of the 2021 sample's visible file.
std::vector<Position> visible_legal(int count) {
  std::vector<Position> goals;
  std::ifstream in(std::string(CHESSRANK_SHARED_DIR) + "/data/tromp-923-visible.txt");
  for (std::string line; int(goals.size()) < count && std::getline(in, line);) {
    const std::size_t at = line.find(" legal: proof: ");
    if (at != std::string::npos) goals.push_back(fen(line.substr(0, at)));
  }
  return goals;
}

// The position at the end of `moves` (legal ones) from the initial position.
Position end_of(const std::vector<Move>& moves) {
  Position pos = Position::start();
  for (Move m : moves) {
    UndoInfo undo;
    pos.do_move(m, undo);
  }
  return pos;
}

const int Goals = testing::unless_sanitized(40, 10);

// The opening is legal from the initial position, its captures are all made by pawns (the kernel's pawn
// captures; its piece captures come after it), and it keeps the goal in reach by the search's estimate.
TEST(KernelOpening, PlaysPawnCapturesAndKeepsTheGoalInReach) {
  int with_captures = 0;
  for (const Position& goal : visible_legal(Goals)) {
    const KernelOpening opening = kernel_opening(goal, {}, 1);
    Position pos = Position::start();
    int captures = 0;
    for (Move m : opening.moves) {
      ASSERT_TRUE(legal_moves(pos).contains(m)) << to_fen(goal) << ": " << to_san_game(opening.moves);
      if (!pos.empty(m.to()) || m.kind() == MoveKind::EnPassant) {
        EXPECT_EQ(type_of(pos.piece_on(m.from())), Pawn) << to_fen(goal) << ": " << to_san_game(opening.moves);
        ++captures;
      }
      UndoInfo undo;
      pos.do_move(m, undo);
    }
    with_captures += captures > 0;
    EXPECT_LT(GoalDistance(goal).estimate(pos), Unreachable) << to_fen(goal) << ": " << to_san_game(opening.moves);
    EXPECT_LE(opening.nodes, OpeningNodes);
  }
  EXPECT_GE(with_captures, Goals * 3 / 4);
}

TEST(KernelOpening, DependsOnTheSeedOnly) {
  const Position goal = visible_legal(1).front();
  const KernelOpening first = kernel_opening(goal, {}, 3);
  ASSERT_FALSE(first.moves.empty());
  const KernelOpening again = kernel_opening(goal, {}, 3);
  EXPECT_EQ(again.moves, first.moves);
  EXPECT_EQ(again.nodes, first.nodes);
}

// A goal reached without captures has an empty kernel, hence no opening; so does an illegal one.
TEST(KernelOpening, IsEmptyWithoutPawnCaptures) {
  const KernelOpening quiet = kernel_opening(fen("rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 2 2"), {}, 1);
  EXPECT_TRUE(quiet.moves.empty());
  EXPECT_EQ(quiet.nodes, 0u);
  const KernelOpening none = kernel_opening(fen("4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1"), {}, 1);
  EXPECT_TRUE(none.moves.empty());
}

// A pawn takes a piece its own pawns wall in: one of them steps off its start square, one the goal shows
// moved, to let it out. Here white's a-pawn takes the bishop from c8 on the b-file, and d7 is free to move.
TEST(KernelOpening, LetsOutAVictimItsPawnsWallIn) {
  const Position goal = testing::play_game("Nf3 d6 Ng1 Be6 Nf3 Bb3 axb3").value();
  const KernelOpening opening = kernel_opening(goal, {}, 1);
  ASSERT_FALSE(opening.moves.empty());
  const Position pos = end_of(opening.moves);
  EXPECT_EQ(pos.count(Black, Bishop), 1) << to_san_game(opening.moves);
  EXPECT_EQ(popcount(pos.pieces(White, Pawn) & file_bb(FileB)), 2) << to_san_game(opening.moves);
  EXPECT_TRUE(pos.empty(D7)) << to_san_game(opening.moves);
}

// A victim comes the short way: white's queen, taken on the b-file by black's a-pawn, leaves by c2-c3
// rather than by a2-a3 (round by a2, with the rook, knight and bishop stepping aside and back).
TEST(KernelOpening, LetsAVictimOutTheShortWay) {
  const Position goal = testing::play_game("a3 a5 c3 a4 Qb3 h6 Nf3 axb3").value();
  const KernelOpening opening = kernel_opening(goal, {}, 1);
  ASSERT_FALSE(opening.moves.empty());
  const Position pos = end_of(opening.moves);
  EXPECT_EQ(pos.count(White, Queen), 0) << to_san_game(opening.moves);
  EXPECT_EQ(popcount(pos.pieces(Black, Pawn) & file_bb(FileB)), 2) << to_san_game(opening.moves);
  EXPECT_EQ(pos.piece_on(C3), WhitePawn) << to_san_game(opening.moves);
  EXPECT_EQ(pos.piece_on(A2), WhitePawn) << to_san_game(opening.moves);
  EXPECT_LE(opening.moves.size(), 8u) << to_san_game(opening.moves);
}

// Pawns of one colour next to each other on a file are alike: white's f-pawn takes the bishop on e4 above
// the e3 pawn the d-pawn brought, though the kernel names its place below it (the e3 pawn cannot make way).
TEST(KernelOpening, EntersAFileAnywhereAmongItsOwnPawns) {
  const Position goal = testing::play_game("Nf3 e5 Ng1 e4 Nf3 e3 dxe3 d6 Ng1 Bf5 f3 Be4 fxe4").value();
  const KernelOpening opening = kernel_opening(goal, {}, 1);
  const Position pos = end_of(opening.moves);
  EXPECT_EQ(popcount(pos.pieces(White, Pawn) & file_bb(FileE)), 3) << to_san_game(opening.moves);
  EXPECT_LT(GoalDistance(goal).estimate(pos), Unreachable) << to_san_game(opening.moves);
}

// A pawn takes a rook whose castling right the goal lacks (the knight, the nearer man of the group, is not
// surplus): the a-pawn steps two squares to let the rook out, and the right is gone after the capture.
TEST(KernelOpening, TakesARookWhoseCastlingRightTheGoalLacks) {
  const Position goal = testing::play_game("d4 a5 d5 Ra6 Nf3 Rc6 dxc6").value();
  const KernelOpening opening = kernel_opening(goal, {}, 1);
  ASSERT_FALSE(opening.moves.empty());
  const Position pos = end_of(opening.moves);
  EXPECT_EQ(pos.count(Black, Rook), 1) << to_san_game(opening.moves);
  EXPECT_EQ(pos.count(Black, Knight), 2) << to_san_game(opening.moves);
  EXPECT_FALSE(pos.can_castle(BlackQueenside)) << to_san_game(opening.moves);
  EXPECT_LT(GoalDistance(goal).estimate(pos), Unreachable) << to_san_game(opening.moves);
}

// A capture square that suits one stage can leave the next none: the visible file's 41st legal position
// (w axb, b dxe, b gxf) plays its last capture only after going back to another square of an earlier one.
TEST(KernelOpening, GoesBackToAnEarlierStageWhenALaterOneHasNoTarget) {
  const Position goal = visible_legal(41).back();
  const KernelOpening opening = kernel_opening(goal, {}, 1);
  Position pos = Position::start();
  int captures = 0;
  for (Move m : opening.moves) {
    captures += !pos.empty(m.to());
    UndoInfo undo;
    pos.do_move(m, undo);
  }
  EXPECT_EQ(captures, 3) << to_san_game(opening.moves);
  EXPECT_LE(opening.nodes, OpeningNodes);
  EXPECT_LT(GoalDistance(goal).estimate(pos), Unreachable) << to_san_game(opening.moves);
}

// The search after the kernel opening proves positions that the search from the initial position, with
// the same budget, does not: the visible file's second legal position.
TEST(KernelOpening, LeadsTheSearchToGamesItDoesNotFindAlone) {
  const Position goal = visible_legal(2).back();
  ProofLimits limits;
  limits.nodes = 40000;
  const GameSearch with = find_proof_game(goal, limits, 1);
  ASSERT_FALSE(with.moves.empty());
  EXPECT_TRUE(reaches(with.moves, goal));
  EXPECT_LE(with.nodes, limits.nodes);
  if (testing::Sanitized) GTEST_SKIP() << "the search without the opening, to its budget: left to the optimised build";
  EXPECT_TRUE(search_proof_game(goal, limits, 1, {}).moves.empty());
}

}  // namespace
}  // namespace chessrank::proof
