// The order of the `cpr` index, checked on every member of small material sets (some with the kings
// confined to their back ranks, to keep larger sets fast) against a key computed from the position
// alone (docs/models/cpr.md, sections 2-3): counts and bijectivity are checked in cpr_model_test.cpp,
// this file checks that the fast ranker orders every member as the documented nested blocks say. The
// key does not use the pawn layer, the piece layer or the model's tables.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "core/fen.h"
#include "rank/cpr_model.h"
#include "rank/frame.h"
#include "tests/rank/members.h"
#include "tests/rank/order_check.h"
#include "tests/support/build_flavour.h"

namespace chessrank::rank {
namespace {

using testing::Sanitized;  // skip the large sets under sanitizers
using testing::ep_case_of;
using testing::Material;
using KeyWriter = testing::KeyWriter<4>;

const CprModel& model() {
  static const CprModel m;
  return m;
}

// Return the order key of a member of the model, derived from the position only:
//   (side to move, castling rights, en passant case, white pawns, black pawns, opposed files,
//    k_0..k_9, squares of stage 9, ..., squares of stage 0, pawns of file a, ..., pawns of file h)
// where stage j places the men of one kind (wK bK wR bR wQ wB wN bQ bB bN) on the free squares, k_j is
// their number and their squares are compared in colex order among the squares still free before
// stage j (as the list of their indices there, largest first). A stage with k men on R squares
// contributes offset(k) + (rank of the later stages) * C(R, k) + (colex rank): the later stages are
// more significant than its squares, so the squares come out in reverse stage order. A file's pawns
// compare by (white count, black count, opposed, white mask, black mask).
KeyWriter order_key(const Position& pos) {
  // Black to move is ranked as its colour swap: colours exchanged, ranks mirrored.
  const testing::KeyPosition kp = testing::key_position(pos);
  const bool black = kp.black;
  const auto& men = kp.men;
  const unsigned cr = kp.castling;
  const int ep_case = kp.ep_case, opposed = kp.opposed_files;
  const Bitboard white_pawns = men[White][Pawn], black_pawns = men[Black][Pawn];
  const auto &wmask = kp.white, &bmask = kp.black_cells;
  const auto& file_opposed = kp.opposed;

  KeyWriter key;
  key.push(black, 1);
  key.push(cr, 4);
  key.push(unsigned(ep_case), 4);
  key.push(unsigned(popcount(white_pawns)), 4);
  key.push(unsigned(popcount(black_pawns)), 4);
  key.push(unsigned(opposed), 4);

  // Free squares: not a pawn, not a castling king or rook, not a square the en passant pawn crossed.
  Bitboard free = ~(white_pawns | black_pawns | kp.frame_taken);

  struct Stage {
    Color side;
    PieceType type;
  };
  constexpr std::array<Stage, 10> Stages = {{{White, King}, {Black, King}, {White, Rook}, {Black, Rook},
                                             {White, Queen}, {White, Bishop}, {White, Knight},
                                             {Black, Queen}, {Black, Bishop}, {Black, Knight}}};
  std::array<Bitboard, 10> placed{}, free_before{};
  for (std::size_t j = 0; j < Stages.size(); ++j) {
    free_before[j] = free;
    placed[j] = men[Stages[j].side][Stages[j].type] & free;
    key.push(unsigned(popcount(placed[j])), 4);  // the tests place at most a few men of a kind
    free &= ~placed[j];
  }
  // Each stage's squares as their indices among the squares free before it, largest first.
  for (int j = 9; j >= 0; --j) key.push_colex(placed[j], free_before[j], 6);

  for (int f = 0; f < 8; ++f) {
    key.push(unsigned(popcount(wmask[f])), 3);
    key.push(unsigned(popcount(bmask[f])), 3);
    key.push(file_opposed[f], 1);
    key.push(wmask[f], 6);
    key.push(bmask[f], 6);
  }
  return key;
}

void check_order(const std::vector<Material>& sets, int slices = 1) {
  testing::check_order(model(), order_key, sets, slices);
}

TEST(RankOrder, EnPassantCasesFollowTheDescribedOrder) {
  // Cross-check the key's case numbering with the model's own description of each case.
  const char* const files = "abcdefgh";
  std::vector<bool> seen(EnPassantCases, false);
  seen[0] = true;
  EXPECT_EQ(describe_ep_case(0), "none");
  for (int f = 0; f < 8; ++f)
    for (bool left : {true, false}) {
      if ((left && f == 0) || (!left && f == 7)) continue;
      const int e = ep_case_of(f, left);
      ASSERT_GT(e, 0);
      ASSERT_LT(e, EnPassantCases);
      EXPECT_FALSE(seen[e]) << "case " << e << " used twice";
      seen[e] = true;
      const std::string text = describe_ep_case(e);
      // Built by appends: GCC 12 warns falsely (-Warray-bounds) on this chain of operator+.
      std::string expected{files[f], '6'};
      expected.append(", capturer on ").append(1, files[left ? f - 1 : f + 1]).append("5");
      EXPECT_EQ(text.rfind(expected, 0), 0u) << "case " << e << " is described as " << text;
    }
  EXPECT_EQ(std::count(seen.begin(), seen.end(), true), EnPassantCases);
}

TEST(RankOrder, PawnFileOrderSortsTheFilesByTheirGroups) {
  // Each file's group as pawn_file_order's comment states it, as a sort key: (group, place in it).
  for (int e = 0; e < EnPassantCases; ++e) {
    const PawnRules rules = ep_rules(e);
    const auto pins = [&](int f) {
      return std::any_of(rules[f].begin(), rules[f].end(), [](CellRule r) { return r != CellRule::Any; });
    };
    for (int k = 0; k < 64; ++k)
      for (const auto& [ep_first, by_parity] : {std::pair{false, false}, {false, true}, {true, true}}) {
        const int kf = file_of(Square(k));
        const auto key = [&](int f) {
          const std::array<int, 5> near{0, -1, 1, -2, 2};
          const auto at = std::find(near.begin(), near.end(), f - kf);
          if (ep_first && pins(f)) return std::pair{0, f};
          if (at != near.end()) return std::pair{1, int(at - near.begin())};
          if (pins(f)) return std::pair{2, f};
          return std::pair{3, by_parity ? std::abs(f - kf) % 2 * 8 + f : f};
        };
        FileOrder expected = FilesAtoH;
        std::sort(expected.begin(), expected.end(), [&](int a, int b) { return key(a) < key(b); });
        EXPECT_EQ(pawn_file_order(e, Square(k), ep_first, by_parity), expected) << "case " << e << ", king " << k;
      }
  }
}

TEST(RankOrder, KRvK) { check_order({{{WhiteKing, BlackKing, WhiteRook}, {}}}); }
TEST(RankOrder, KPvK) { check_order({{{WhiteKing, BlackKing, WhitePawn}, {}}}); }
TEST(RankOrder, KPvKP) {
  if (Sanitized) GTEST_SKIP() << "too slow under sanitizers";
  check_order({{{WhiteKing, BlackKing, WhitePawn, BlackPawn}, {}}});
}

using testing::Anywhere;
using testing::kings_on_back_ranks;
using testing::Rank1Squares;
using testing::Rank8Squares;

// The blocks (white pawns, black pawns, opposed files) between materials, and two pawns of a colour on
// one file: kings on their back ranks, up to two pawns a side.
TEST(RankOrder, PawnBlocksAcrossMaterials) {
  const auto with = kings_on_back_ranks;
  check_order({with({}), with({WhitePawn}), with({BlackPawn}), with({WhitePawn, BlackPawn}),
               with({WhitePawn, WhitePawn}), with({BlackPawn, BlackPawn})});
}

// Two men of a kind (the colex order of their squares), with castling on either side: kings on their
// back ranks.
TEST(RankOrder, KRRvKKingsOnBackRanks) {
  check_order({{{WhiteKing, BlackKing, WhiteRook, WhiteRook}, {Rank1Squares, Rank8Squares, Anywhere, Anywhere}}});
}
// Both sides' castling rights and both rook stages in one position: kings on their back ranks, rooks
// anywhere (every castling frame).
TEST(RankOrder, KRvKRKingsOnBackRanks) {
  check_order({{{WhiteKing, BlackKing, WhiteRook, BlackRook}, {Rank1Squares, Rank8Squares, Anywhere, Anywhere}}});
}
// Castling rights and en passant cases in one frame: kings and the white rook on their back ranks,
// pawns on ranks 4 and 5 (where en passant happens).
TEST(RankOrder, KRPvKPCastlingWithEnPassant) {
  const Bitboard middle = rank_bb(Rank4) | rank_bb(Rank5);
  check_order({{{WhiteKing, BlackKing, WhiteRook, WhitePawn, BlackPawn},
                {Rank1Squares, Rank8Squares, Rank1Squares, middle, middle}}});
}
// Two white pawns against one (doubled pawns, opposed files, every en passant case with one or two
// capturers): kings on their back ranks, pawns anywhere.
TEST(RankOrder, KPPvKPKingsOnBackRanks) {
  if (Sanitized) GTEST_SKIP() << "too slow under sanitizers";
  check_order({{{WhiteKing, BlackKing, WhitePawn, WhitePawn, BlackPawn},
                {Rank1Squares, Rank8Squares, Anywhere, Anywhere, Anywhere}}});
}
// Queen and rook stages of both sides with every castling frame: kings and queen on the back ranks, rooks
// anywhere.
TEST(RankOrder, KQRvKRKingsOnBackRanks) {
  if (Sanitized) GTEST_SKIP() << "too slow under sanitizers";
  check_order({{{WhiteKing, BlackKing, WhiteQueen, WhiteRook, BlackRook},
                {Rank1Squares, Rank8Squares, Rank1Squares | Rank8Squares, Anywhere, Anywhere}}});
}
// The check in key ranges, each from its own enumeration (how the largest set below fits in memory): the
// ranges together hold every member once.
TEST(RankOrder, KPvKInKeyRanges) {
  const std::vector<Material> kpk = {{{WhiteKing, BlackKing, WhitePawn}, {}}};
  const std::size_t whole = testing::check_order(model(), order_key, kpk);
  EXPECT_GT(whole, 0u);
  EXPECT_EQ(testing::check_order(model(), order_key, kpk, 4), whole);
}

// The whole sets take 17 s (KRvKR), 7 min (KPPvKP, in two key ranges: 5.5 GB) and 50 min (KQRvKR, in five:
// 11 GB; in one range it would need 50 GB) in Release: run them by hand with --gtest_also_run_disabled_tests.
TEST(RankOrder, DISABLED_KPPvKP) { check_order({{{WhiteKing, BlackKing, WhitePawn, WhitePawn, BlackPawn}, {}}}, 2); }
TEST(RankOrder, DISABLED_KQRvKR) {
  check_order({{{WhiteKing, BlackKing, WhiteQueen, WhiteRook, BlackRook}, {}}}, 5);
}
TEST(RankOrder, DISABLED_KRvKR) { check_order({{{WhiteKing, BlackKing, WhiteRook, BlackRook}, {}}}); }

}  // namespace
}  // namespace chessrank::rank
