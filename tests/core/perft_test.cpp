// Perft of the six standard positions of chessprogramming.org against their published node counts.
#include "core/perft.h"

#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/fen.h"
#include "core/movegen.h"
#include "tests/support/build_flavour.h"
#include "tests/support/or_fail.h"

namespace chessrank {
namespace {

using testing::fen_or_fail;

constexpr int DepthReduction = testing::unless_sanitized(0, 1);  // one ply less under sanitizers

struct PerftCase {
  const char* name;
  const char* fen;
  std::vector<std::uint64_t> nodes;  // nodes[d - 1] = perft(d), published values
  int depth;                         // depth tested in Release
};

// https://www.chessprogramming.org/Perft_Results
const std::vector<PerftCase>& cases() {
  static const std::vector<PerftCase> all = {
      {"start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
       {20, 400, 8902, 197281, 4865609, 119060324}, 6},
      {"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
       {48, 2039, 97862, 4085603, 193690690}, 5},
      {"position3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
       {14, 191, 2812, 43238, 674624, 11030083, 178633661}, 6},
      {"position4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
       {6, 264, 9467, 422333, 15833292}, 5},
      {"position4_mirrored", "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
       {6, 264, 9467, 422333, 15833292}, 5},
      {"position5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
       {44, 1486, 62379, 2103487, 89941194}, 4},
      {"position6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
       {46, 2079, 89890, 3894594, 164075551}, 4},
  };
  return all;
}

TEST(Perft, PublishedCountsOfStandardPositions) {
  for (const PerftCase& c : cases()) {
    Position pos = fen_or_fail(c.fen);
    const Position before = pos;
    const int max_depth = c.depth - DepthReduction;
    for (int d = 1; d <= max_depth; ++d)
      EXPECT_EQ(perft(pos, d), c.nodes[d - 1]) << c.name << " depth " << d;
    EXPECT_EQ(pos, before) << c.name << ": perft must leave the position unchanged";
  }
}

TEST(Perft, DivideSumsToPerftAndCoversEveryLegalMove) {
  for (const PerftCase& c : cases()) {
    Position pos = fen_or_fail(c.fen);
    const auto divide = perft_divide(pos, 3);
    const MoveList moves = legal_moves(pos);
    ASSERT_EQ(divide.size(), moves.size()) << c.name;
    std::uint64_t total = 0;
    for (const auto& [m, n] : divide) {
      EXPECT_TRUE(moves.contains(m)) << c.name;
      // Each subtree count is itself a perft of the child position.
      UndoInfo undo;
      pos.do_move(m, undo);
      EXPECT_EQ(n, perft(pos, 2)) << c.name;
      pos.undo_move(m, undo);
      total += n;
    }
    EXPECT_EQ(total, c.nodes[2]) << c.name;
  }
}

// Count leaves by making every move, without the bulk counting shortcut, to cross-check it.
std::uint64_t perft_no_bulk(Position& pos, int depth) {
  if (depth == 0) return 1;
  std::uint64_t nodes = 0;
  UndoInfo undo;
  for (const Move m : legal_moves(pos)) {
    pos.do_move(m, undo);
    nodes += perft_no_bulk(pos, depth - 1);
    pos.undo_move(m, undo);
  }
  return nodes;
}

TEST(Perft, BulkCountingAgreesWithMakingEveryLeaf) {
  for (const PerftCase& c : cases()) {
    Position pos = fen_or_fail(c.fen);
    EXPECT_EQ(perft(pos, 3), perft_no_bulk(pos, 3)) << c.name;
  }
}

TEST(Perft, DepthZeroIsOneNodeAndDivideOfDepthOneIsTheMoveList) {
  Position pos = Position::start();
  EXPECT_EQ(perft(pos, 0), 1u);
  const auto divide = perft_divide(pos, 1);
  EXPECT_EQ(divide.size(), 20u);
  for (const auto& [m, n] : divide) EXPECT_EQ(n, 1u);
  EXPECT_TRUE(perft_divide(pos, 0).empty());
}

// Counts too large for 64 bits saturate rather than wrap (no position reaches them in test time, so the
// adder perft uses is tested on its own).
TEST(Perft, CountsSaturateInsteadOfWrapping) {
  EXPECT_EQ(perft_add(2, 3), 5u);
  EXPECT_EQ(perft_add(PerftSaturated - 2, 1), PerftSaturated - 1);
  EXPECT_EQ(perft_add(PerftSaturated - 1, 1), PerftSaturated);
  EXPECT_EQ(perft_add(PerftSaturated - 1, 2), PerftSaturated);  // would wrap to 0
  EXPECT_EQ(perft_add(5, PerftSaturated), PerftSaturated);
}

}  // namespace
}  // namespace chessrank
