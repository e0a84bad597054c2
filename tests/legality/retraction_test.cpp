// The reverse move generator, two ways: every retraction played forward gives the position back, and the
// real last move of every position of random games (with its real predecessor) is among the retractions.
#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <pcg_random.hpp>

#include "core/fen.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "legality/retraction.h"
#include "tests/support/build_flavour.h"
#include "tests/support/or_fail.h"

namespace chessrank::legality {
namespace {

constexpr int Scale = testing::SlowBuild ? 10 : 1;

// Return whether `after` is `pos` again: placement, side and rights; the en passant square may differ only
// where do_move records one that the position, judged by the stricter legal-capture rule, need not have.
bool gives_back(const Position& before, Move m, const Position& pos) {
  Position after = before;
  UndoInfo undo;
  after.do_move(m, undo);
  if (after.ep_square() != pos.ep_square() && pos.ep_square() == NoSquare) after.set_ep_square(NoSquare);
  return after.same_position(pos);
}

TEST(Retraction, EveryRetractionReplaysToThePosition) {
  pcg64 rng(44, 1);
  std::uint64_t checked = 0;
  for (int g = 0; g < 300 / Scale; ++g) {
    Position pos = Position::start();
    for (int ply = 0; ply < 200; ++ply) {
      const MoveList list = legal_moves(pos);
      if (list.empty()) break;
      UndoInfo undo;
      pos.do_move(list[rng() % list.size()], undo);
      std::vector<Retraction> rs;
      retractions(pos, rs);
      for (const Retraction& r : rs) {
        ++checked;
        ASSERT_TRUE(gives_back(r.before, r.move, pos)) << to_fen(pos) << " from " << to_fen(r.before) << " by " << to_uci(r.move);
        EXPECT_EQ(r.before.side_to_move(), ~pos.side_to_move());
        // The castling rights before are those of the position, plus the one castling used.
        EXPECT_EQ(r.before.castling_rights() & pos.castling_rights(), pos.castling_rights());
        // The man taken stood where the move ended, or behind it for an en passant capture.
        const Square taken = r.move.kind() == MoveKind::EnPassant
                                 ? Square(r.move.to() - pawn_push(r.before.side_to_move()))
                                 : r.move.to();
        if (r.captured != NoPiece) {
          EXPECT_EQ(r.before.piece_on(taken), r.captured);
        }
      }
    }
  }
  EXPECT_GT(checked, 100000u / Scale);
}

// Biased games: captures, promotions of every kind, castling and en passant, so that every kind of
// retraction is met.
TEST(Retraction, TheRealLastMoveIsAmongThem) {
  pcg64 rng(44, 2);
  std::uint64_t positions = 0, kinds[4] = {}, captures = 0;
  for (int g = 0; g < 1500 / Scale; ++g) {
    Position pos = Position::start();
    for (int ply = 0; ply < 250; ++ply) {
      const MoveList list = legal_moves(pos);
      if (list.empty()) break;
      std::vector<Move> pool;
      for (Move m : list) {
        const bool capture = !pos.empty(m.to()) || m.kind() == MoveKind::EnPassant;
        const int w = m.kind() == MoveKind::Promotion ? 20 : m.kind() != MoveKind::Normal ? 30 : capture ? 4 : 1;
        for (int i = 0; i < w; ++i) pool.push_back(m);
      }
      const Move m = pool[rng() % pool.size()];
      const Position before = pos;
      UndoInfo undo;
      pos.do_move(m, undo);
      ++positions;
      ++kinds[int(m.kind())];
      captures += undo.captured != NoPiece;
      std::vector<Retraction> rs;
      retractions(pos, rs);
      bool found = false;
      for (const Retraction& r : rs) {
        if (r.move != m || r.captured != undo.captured) continue;
        // Same men; the generator's predecessor has no more rights than the real one, and the en passant
        // square only for an en passant capture.
        Position real = before;
        real.set_castling_rights(r.before.castling_rights());
        if (m.kind() != MoveKind::EnPassant) real.set_ep_square(NoSquare);
        real.set_halfmove_clock(r.before.halfmove_clock());
        real.set_fullmove_number(r.before.fullmove_number());
        if (real.same_position(r.before) &&
            (r.before.castling_rights() & before.castling_rights()) == r.before.castling_rights()) {
          found = true;
          break;
        }
      }
      ASSERT_TRUE(found) << "the last move " << to_uci(m) << " of " << to_fen(pos) << " from " << to_fen(before)
                         << " is not among its " << rs.size() << " retractions";
    }
  }
  EXPECT_GT(positions, 200000u / Scale);
  for (int k = 0; k < 4; ++k) EXPECT_GT(kinds[k], 0u) << "move kind " << k;
  EXPECT_GT(captures, 10000u / Scale);
}

// A few hand-made cases with their exact lists.
TEST(Retraction, EnPassantSquareAllowsOnlyTheDoublePush) {
  const Position pos = testing::fen_or_fail("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
  std::vector<Retraction> rs;
  retractions(pos, rs);
  ASSERT_EQ(rs.size(), 1u);
  EXPECT_EQ(to_uci(rs[0].move), "e2e4");
}

TEST(Retraction, UncastlingAndUnpromotion) {
  // White castled short (king g1, rook f1, e1 and h1 empty); the knight on a8 may be a promotion.
  const Position pos = testing::fen_or_fail("N3k3/8/8/8/8/8/8/5RK1 b - - 0 1");
  std::vector<Retraction> rs;
  retractions(pos, rs);
  bool castled = false, promoted = false, promoted_capturing = false;
  for (const Retraction& r : rs) {
    castled |= r.move.kind() == MoveKind::Castling && r.before.can_castle(WhiteKingside);
    promoted |= r.move == Move(A7, A8, MoveKind::Promotion, Knight) && r.captured == NoPiece;
    promoted_capturing |= r.move == Move(B7, A8, MoveKind::Promotion, Knight) && r.captured == BlackRook;
  }
  EXPECT_TRUE(castled);
  EXPECT_TRUE(promoted);
  EXPECT_TRUE(promoted_capturing);
}

TEST(Retraction, MenThatNeverMovedHaveNone) {
  // The king and both rooks keep their rights, and every pawn is at home: white has no retraction at all.
  const Position pos = testing::fen_or_fail("4k3/8/8/8/8/8/PPPPPPPP/R3K2R b KQ - 0 1");
  std::vector<Retraction> rs;
  retractions(pos, rs);
  EXPECT_TRUE(rs.empty());
}

}  // namespace
}  // namespace chessrank::legality
