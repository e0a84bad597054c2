// The order of the `v2` and `v3` indices, checked on every member of small material sets (some with the
// kings confined, to keep larger sets fast) against a key computed from the position alone
// (rank/v2_model.h, rank/class_piece_layer.h, rank/pawn_king_layer.h): this file checks that the fast
// ranker orders every member as the nested blocks say. The key uses none of the model's layers or tables.
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
#include "rank/v2_model.h"
#include "tests/rank/members.h"
#include "tests/rank/order_check.h"
#include "tests/support/build_flavour.h"

namespace chessrank::rank {
namespace {

using testing::Sanitized;  // skip the large sets under sanitizers
using testing::file_cells;
using testing::knight_squares;
using testing::Material;
using KeyWriter = testing::KeyWriter<8>;

const V2Model& model() {
  static const V2Model m;  // built once per binary
  return m;
}

const V3Model& model3() {
  static const V3Model m;
  return m;
}

// Return the squares of the colour of s: those whose file and rank add up to the same parity.
Bitboard colour_squares(int s) {
  Bitboard b = 0;
  for (int t = 0; t < 64; ++t)
    if ((t % 8 + t / 8) % 2 == (s % 8 + s / 8) % 2) b |= Bitboard(1) << t;
  return b;
}

// Return the files in the order the pawns compare them, most significant first: the black king's file,
// the files one away and two away (left first), the other files that hold an en passant cell, then the
// rest, those an even number of files from the king's first, a to h. In v3 (`exact`) the files that hold an
// en passant cell come first, a to h.
std::vector<int> pawn_files(int ep_file, int capturer, int king_file, bool exact) {
  std::vector<int> files;
  const auto add = [&](int f) {
    if (f >= 0 && f < 8 && std::find(files.begin(), files.end(), f) == files.end()) files.push_back(f);
  };
  const auto add_ep_files = [&] {
    for (int f = 0; f < 8; ++f)
      if (ep_file >= 0 && (f == ep_file || f == capturer || (capturer == ep_file + 1 && f == ep_file - 1))) add(f);
  };
  if (exact) add_ep_files();
  for (int d : {0, -1, 1, -2, 2}) add(king_file + d);
  add_ep_files();
  for (int parity : {0, 1})
    for (int f = 0; f < 8; ++f)
      if (std::abs(f - king_file) % 2 == parity) add(f);
  return files;
}

// Return the order key of a member of the model, derived from the position only, in its white-to-move
// form (black to move: colours exchanged, ranks mirrored):
//   (side to move, frame = castling rights * 15 + en passant case, black king's square,
//    white pawns, black pawns, opposed files, t = men on the king's knight squares, c = men on squares of
//    its colour (men: pawns, and the white king unless castling fixed it; in v2 without an en passant square),
//    [knights] n, n1 = those on set 1,
//    [bishops] white count, white mono, black count, black mono (with colours),
//    [rest] the count of each stage, then their squares in reverse stage order (colex among the squares
//    free before the stage),
//    [bishops' squares] white on the other colour, their squares there, on the king's colour, black alike,
//    [knights' squares] on set 1, on set 2,
//    [pawns] per file in the order of pawn_files: (men, king, white count, black count, opposed, t, c,
//    king's rank, black mask, white mask))
// where the free squares are those not holding a pawn, the white king, a castling king or rook, a square
// the en passant pawn crossed or the black king; A is the free knight squares of the black king, set 2 the
// free squares of its colour, set 1 the others; the bishops stand on the other colour (A and set 1) or on
// its (set 2). Without colours (v2's en passant frames) set 1 is every free square and the bishops go to
// the rest. Within a class the index is piece rank * placements + placement rank: pieces before pawns;
// within a choice of knights or bishops, what follows it before their squares. `exact`: the key of v3,
// whose en passant frames are as the others but for the order of the files.
KeyWriter order_key(const Position& pos, bool exact) {
  const testing::KeyPosition kp = testing::key_position(pos);
  const auto& men = kp.men;
  const int king = std::countr_zero(men[Black][King]);
  const bool ep = kp.ep_file >= 0 && !exact, white_fixed = kp.castling & 3;
  const Bitboard taken = kp.frame_taken | square_bb(Square(king));
  const Bitboard white_pawns = men[White][Pawn], black_pawns = men[Black][Pawn], pawns = white_pawns | black_pawns;
  const Bitboard layer_king = white_fixed ? 0 : men[White][King];
  const Bitboard knight_set = ep ? 0 : knight_squares(king) & ~taken;
  const Bitboard colour_set = ep ? 0 : colour_squares(king) & ~taken;
  const Bitboard placed = pawns | layer_king;

  KeyWriter key;
  key.push(kp.black, 1);
  key.push(kp.castling * 15 + unsigned(kp.ep_case), 8);
  key.push(unsigned(king), 6);
  key.push(unsigned(std::popcount(white_pawns)), 4);
  key.push(unsigned(std::popcount(black_pawns)), 4);
  key.push(unsigned(kp.opposed_files), 4);
  key.push(unsigned(std::popcount(placed & knight_set)), 4);
  key.push(unsigned(std::popcount(placed & colour_set)), 5);

  const Bitboard free = ~(placed | taken);
  const Bitboard a = knight_set & free, set2 = colour_set & free, set1 = free & ~a & ~set2;
  const Bitboard knights = men[White][Knight] & free;
  key.push(unsigned(std::popcount(knights)), 4);
  key.push(unsigned(std::popcount(knights & set1)), 4);
  const Bitboard x = (a | set1) & ~knights, y = set2 & ~knights;  // the other colour, the king's colour

  // The bishops (with colours), then the stages of the rest.
  struct Stage {
    Color side;
    PieceType type;
  };
  std::vector<Stage> stages;
  const Bitboard white_bishops = men[White][Bishop] & free, black_bishops = men[Black][Bishop] & free;
  if (!ep) {
    const auto mono = [&](Bitboard b) { return std::popcount(b) >= 2 && (!(b & x) || !(b & y)); };
    key.push(unsigned(std::popcount(white_bishops)), 4);
    key.push(mono(white_bishops), 1);
    key.push(unsigned(std::popcount(black_bishops)), 4);
    key.push(mono(black_bishops), 1);
  } else {
    stages = {{White, Bishop}, {Black, Bishop}};
  }
  for (const Stage s : {Stage{White, Rook}, {Black, Rook}, {White, Queen}, {Black, Queen}, {Black, Knight}})
    stages.push_back(s);
  Bitboard rest = (x | y) & ~(ep ? 0 : white_bishops | black_bishops);
  std::vector<Bitboard> on(stages.size()), before(stages.size());
  for (std::size_t i = 0; i < stages.size(); ++i) {
    before[i] = rest;
    on[i] = men[stages[i].side][stages[i].type] & rest;
    key.push(unsigned(std::popcount(on[i])), 4);
    rest &= ~on[i];
  }
  for (int i = int(stages.size()) - 1; i >= 0; --i) key.push_colex(on[i], before[i], 6);
  if (!ep) {
    key.push(unsigned(std::popcount(white_bishops & x)), 4);
    key.push_colex(white_bishops & x, x, 5);
    key.push_colex(white_bishops & y, y, 5);
    const Bitboard bx = x & ~white_bishops, by = y & ~white_bishops;
    key.push(unsigned(std::popcount(black_bishops & bx)), 4);
    key.push_colex(black_bishops & bx, bx, 5);
    key.push_colex(black_bishops & by, by, 5);
  }
  key.push_colex(knights & set1, set1, 6);
  key.push_colex(knights & set2, set2, 5);

  // The pawns and the white king, file by file.
  for (int f : pawn_files(kp.ep_file, kp.capturer, king % 8, exact)) {
    const unsigned w = kp.white[f], b = kp.black_cells[f];
    const Bitboard k = layer_king & file_bb(File(f));
    const Bitboard file_men = placed & file_bb(File(f));
    key.push(unsigned(std::popcount(w) + std::popcount(b) + (k ? 1 : 0)), 4);
    key.push(k ? 1u : 0u, 1);
    key.push(unsigned(std::popcount(w)), 3);
    key.push(unsigned(std::popcount(b)), 3);
    key.push(kp.opposed[f], 1);
    key.push(unsigned(std::popcount(file_men & knight_set)), 3);
    key.push(unsigned(std::popcount(file_men & colour_set)), 3);
    key.push(k ? unsigned(std::countr_zero(k) / 8) : 8u, 4);
    key.push(b, 6);
    key.push(w, 6);
  }
  return key;
}

void check_order(const std::vector<Material>& sets, int slices = 1) {
  testing::check_order(model(), [](const Position& p) { return order_key(p, false); }, sets, slices);
}

void check_v3_order(const std::vector<Material>& sets, int slices = 1) {
  testing::check_order(model3(), [](const Position& p) { return order_key(p, true); }, sets, slices);
}

using testing::Anywhere;
using testing::kings_on_back_ranks;
using testing::Rank1Squares;
using testing::Rank8Squares;

// Whole sets, both sides to move: with black to move the colour swap puts the piece on the black side.
TEST(V2Order, KRvK) { check_order({{{WhiteKing, BlackKing, WhiteRook}, {}}}); }
TEST(V2Order, KNvK) { check_order({{{WhiteKing, BlackKing, WhiteKnight}, {}}}); }
TEST(V2Order, KQvK) { check_order({{{WhiteKing, BlackKing, WhiteQueen}, {}}}); }
TEST(V2Order, KBvK) { check_order({{{WhiteKing, BlackKing, WhiteBishop}, {}}}); }
TEST(V2Order, KPvK) { check_order({{{WhiteKing, BlackKing, WhitePawn}, {}}}); }
// KPvKP with the white king on the first two ranks and the black king on the last two.
TEST(V2Order, KPvKPKingsConfined) {
  if (Sanitized) GTEST_SKIP() << "too slow under sanitizers";
  const Bitboard low = rank_bb(Rank1) | rank_bb(Rank2), high = rank_bb(Rank7) | rank_bb(Rank8);
  check_order({{{WhiteKing, BlackKing, WhitePawn, BlackPawn}, {low, high, Anywhere, Anywhere}}});
}
// Two bishops of a side (mono or not, their colour split) and of both: kings on their back ranks.
TEST(V2Order, BishopsKingsOnBackRanks) {
  const auto with = kings_on_back_ranks;
  check_order({with({}), with({WhiteBishop}), with({WhiteBishop, WhiteBishop}), with({BlackBishop, BlackBishop}),
               with({WhiteBishop, BlackBishop})});
}
// Two knights (on both sets), a knight with a bishop, and the knights' blocks between materials.
TEST(V2Order, KnightsKingsOnBackRanks) {
  const auto with = kings_on_back_ranks;
  std::vector<Material> sets = {with({WhiteKnight}), with({WhiteKnight, WhiteBishop}),
                                with({WhiteKnight, BlackKnight})};
  if (!Sanitized) sets.push_back(with({WhiteKnight, WhiteKnight}));  // the slowest: 40% of the case under sanitizers
  check_order(sets);
}
// The stages of the rest between materials, one or two pieces: kings on their back ranks.
TEST(V2Order, RestAcrossMaterials) {
  if (Sanitized) GTEST_SKIP() << "too slow under sanitizers";
  const auto with = kings_on_back_ranks;
  check_order({with({WhiteRook}), with({BlackRook}), with({WhiteQueen}), with({BlackQueen}), with({BlackKnight}),
               with({WhiteRook, BlackRook}), with({WhiteQueen, BlackKnight}), with({BlackQueen, WhiteBishop})});
}
// The pawn blocks, classes and two pawns on a file, the white king among them: the black king on its back
// rank, up to two pawns a side.
TEST(V2Order, PawnBlocksAcrossMaterials) {
  if (Sanitized) GTEST_SKIP() << "too slow under sanitizers";
  const auto with = [](const std::vector<Piece>& men) {
    Material m{{WhiteKing, BlackKing}, {Anywhere, Rank8Squares}};
    for (Piece p : men) m.men.push_back(p), m.where.push_back(Anywhere);
    return m;
  };
  check_order({with({}), with({WhitePawn}), with({BlackPawn}), with({WhitePawn, BlackPawn}),
               with({WhitePawn, WhitePawn})});
}
// Castling rights (which fix the kings and rooks) with en passant cases in one frame: kings and the white
// rook on their back ranks, pawns on ranks 4 and 5 (where en passant happens), a bishop anywhere.
TEST(V2Order, KRBPvKPCastlingWithEnPassant) {
  if (Sanitized) GTEST_SKIP() << "too slow under sanitizers";
  const Bitboard middle = rank_bb(Rank4) | rank_bb(Rank5);
  check_order({{{WhiteKing, BlackKing, WhiteRook, WhiteBishop, WhitePawn, BlackPawn},
                {Rank1Squares, Rank8Squares, Rank1Squares, rank_bb(Rank6) | rank_bb(Rank7), middle, middle}}});
}
// A knight among pawns with en passant (no knight squares then): kings on their back ranks.
TEST(V2Order, KNPvKPKingsOnBackRanks) {
  const Bitboard middle = rank_bb(Rank4) | rank_bb(Rank5);
  const Bitboard upper = middle | (Sanitized ? 0 : rank_bb(Rank6) | rank_bb(Rank7) | Rank8Squares);
  check_order({{{WhiteKing, BlackKing, WhiteKnight, WhitePawn, BlackPawn},
                {Rank1Squares, Rank8Squares, upper, middle, middle}}});
}
// The whole sets take from half a minute (KPvKP, KBBvK, KQNvK, KRvKR) to 21 minutes (KPPvKP, in two key
// ranges) and three hours of CPU (KQRvKR, in five, 15.5 GB; both halves passed on 2026-11-27, white to move
// in 95 minutes, black in 86) in Release: run them by hand with --gtest_also_run_disabled_tests.
TEST(V2Order, DISABLED_KPvKP) { check_order({{{WhiteKing, BlackKing, WhitePawn, BlackPawn}, {}}}); }
TEST(V2Order, DISABLED_KBBvK) { check_order({{{WhiteKing, BlackKing, WhiteBishop, WhiteBishop}, {}}}); }
TEST(V2Order, DISABLED_KRvKR) { check_order({{{WhiteKing, BlackKing, WhiteRook, BlackRook}, {}}}); }
TEST(V2Order, DISABLED_KPPvKP) { check_order({{{WhiteKing, BlackKing, WhitePawn, WhitePawn, BlackPawn}, {}}}, 2); }
TEST(V2Order, DISABLED_KQNvK) { check_order({{{WhiteKing, BlackKing, WhiteQueen, WhiteKnight}, {}}}); }
TEST(V2Order, DISABLED_KQRvKR) {
  check_order({{{WhiteKing, BlackKing, WhiteQueen, WhiteRook, BlackRook}, {}}}, 5);
}

// v3: its en passant frames with the knight squares and the colours, and their files first. The sets of v2's
// en passant tests, and bishops beside en passant pawns.
TEST(V3Order, KNPvKPKingsOnBackRanks) {
  const Bitboard middle = rank_bb(Rank4) | rank_bb(Rank5);
  const Bitboard upper = middle | (Sanitized ? 0 : rank_bb(Rank6) | rank_bb(Rank7) | Rank8Squares);
  check_v3_order({{{WhiteKing, BlackKing, WhiteKnight, WhitePawn, BlackPawn},
                   {Rank1Squares, Rank8Squares, upper, middle, middle}}});
}
TEST(V3Order, KBBPvKPKingsOnBackRanks) {
  if (Sanitized) GTEST_SKIP() << "too slow under sanitizers";
  const Bitboard middle = rank_bb(Rank4) | rank_bb(Rank5);
  const Bitboard upper = rank_bb(Rank6) | rank_bb(Rank7);
  check_v3_order({{{WhiteKing, BlackKing, WhiteBishop, WhiteBishop, WhitePawn, BlackPawn},
                   {Rank1Squares, Rank8Squares, upper, upper, middle, middle}}});
}
TEST(V3Order, KRBPvKPCastlingWithEnPassant) {
  if (Sanitized) GTEST_SKIP() << "too slow under sanitizers";
  const Bitboard middle = rank_bb(Rank4) | rank_bb(Rank5);
  check_v3_order({{{WhiteKing, BlackKing, WhiteRook, WhiteBishop, WhitePawn, BlackPawn},
                   {Rank1Squares, Rank8Squares, Rank1Squares, rank_bb(Rank6) | rank_bb(Rank7), middle, middle}}});
}
TEST(V3Order, KPvKPKingsConfined) {
  if (Sanitized) GTEST_SKIP() << "too slow under sanitizers";
  const Bitboard low = rank_bb(Rank1) | rank_bb(Rank2), high = rank_bb(Rank7) | rank_bb(Rank8);
  check_v3_order({{{WhiteKing, BlackKing, WhitePawn, BlackPawn}, {low, high, Anywhere, Anywhere}}});
}
// By hand, as for v2: KPvKP 19 s; KNPvKP 36 minutes in two key ranges, 19 GB (passed on 2026-11-27).
TEST(V3Order, DISABLED_KPvKP) { check_v3_order({{{WhiteKing, BlackKing, WhitePawn, BlackPawn}, {}}}); }
TEST(V3Order, DISABLED_KNPvKP) {
  check_v3_order({{{WhiteKing, BlackKing, WhiteKnight, WhitePawn, BlackPawn}, {}}}, 2);
}

}  // namespace
}  // namespace chessrank::rank
