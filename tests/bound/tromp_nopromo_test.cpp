// Tromp's count of diagrams without promotion from its recipe: the published number, the same count
// without the bishop-pair factor from the 2021 model's independent code, and each ingredient moving it.
#include "bound/tromp_nopromo.h"

#include <gtest/gtest.h>

#include "bound/tromp2021.h"

namespace chessrank::bound {
namespace {

const char* const Published = "2891398339895958031893456691621753206624";

TEST(TrompNopromo, ThePublishedNumber) {
  EXPECT_EQ(tromp_nopromo_count({}).total.get_str(), Published);
}

// Without the bishop factor the recipe is the 2021 model's diagrams (no side to move, castling or en passant)
// with armies that never promoted, which bound/tromp2021.cpp counts through merged army summaries.
TEST(TrompNopromo, WithoutTheBishopFactorItIsThe2021ModelWithoutPromotions) {
  TrompNopromoRecipe r;
  r.bishop_pair_factor = false;
  EXPECT_EQ(tromp_nopromo_count(r).total, tromp2021_count({false, false, false, false}).total);
}

TEST(TrompNopromo, EachIngredientMovesTheCount) {
  const BigInt base = tromp_nopromo_count({}).total;
  TrompNopromoRecipe r;
  r.bishop_pair_factor = false;  // the factor is about one half for a side with two bishops
  EXPECT_GT(tromp_nopromo_count(r).total, base);
  r = {};
  r.opposed_pawns = false;  // pawns may pass each other without the captures that needs
  EXPECT_GT(tromp_nopromo_count(r).total, base);
  r = {};
  r.queens = 0;
  EXPECT_LT(tromp_nopromo_count(r).total, base);
  r = {};
  r.knights = 3;
  EXPECT_GT(tromp_nopromo_count(r).total, base);
  r = {};
  r.pawns = 7;
  EXPECT_LT(tromp_nopromo_count(r).total, base);
}

TEST(TrompNopromo, TheSplitByMenAddsUp) {
  const TrompNopromoResult r = tromp_nopromo_count({});
  BigInt sum = 0;
  for (const BigInt& v : r.by_men) sum += v;
  EXPECT_EQ(sum, r.total);
  EXPECT_EQ(r.by_men[0], 0);
  EXPECT_EQ(r.by_men[1], 0);
  // Two bare kings anywhere, side by side included: 64 * 63 placements.
  EXPECT_EQ(r.by_men[2], 64 * 63);
  // 32 men: no capture, so every file holds an opposed pair, its pawns 0 to 4 squares apart on ranks 2 to
  // 7 (15 ways a file); then 16 pieces, each side's pairs alike, on the 48 squares left, and both sides'
  // bishop factor.
  BigInt pawns = 1, pieces = 1;
  for (int f = 0; f < 8; ++f) pawns *= 15;
  for (int k = 0; k < 16; ++k) pieces *= 48 - k;
  EXPECT_EQ(r.by_men[32], pawns * pieces / 64 * 49 / (4 * 45));
}

}  // namespace
}  // namespace chessrank::bound
