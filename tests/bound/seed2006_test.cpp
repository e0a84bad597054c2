#include "bound/seed2006.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace chessrank::bound {
namespace {

TEST(Seed2006, ReproducesThePublishedPositionCount) {
  EXPECT_EQ(seed2006_count({}).total.get_str(), "45193640626062205213735739171550309047984050718");
}

TEST(Seed2006, ReproducesThePublishedDiagramCount) {
  EXPECT_EQ(seed2006_count({false, false, false}).total.get_str(), "22124621884617108585387385940828998876019391612");
}

TEST(Seed2006, FreeKingPairsMatchTheProgramsConstants) {
  EXPECT_EQ(free_king_pairs(2), 212);
  EXPECT_EQ(free_king_pairs(1), 1448);
  EXPECT_EQ(free_king_pairs(0), 1952);
  // Cross-check by counting adjacent pairs instead: 64*63 ordered pairs less 2 * 210 adjacent ones
  // (56 horizontal, 56 vertical, 98 diagonal).
  EXPECT_EQ(free_king_pairs(0) + free_king_pairs(1) + free_king_pairs(2), 64 * 63 - 2 * (56 + 56 + 98));
  // Both kings on ranks 1 and 8: 16*15 ordered pairs less 2 * 7 adjacent pairs per rank.
  EXPECT_EQ(free_king_pairs(2), 16 * 15 - 2 * 2 * 7);
}

TEST(Seed2006, CastlingKingClassesMatchTheProgramsTuples) {
  // The program's tuples (2*9,2,0,2), (2*43,1,0,2), (4*11,2,0,1), (4*44,1,0,1), (4,2,1,2), (4,2,1,1), (1,2,2,2).
  long both_edge = 0, both_middle = 0, one_edge = 0, one_middle = 0, k12 = 0, k11 = 0, k22 = 0;
  for (const KingClass& k : seed2006_count({}).classes) {
    const int lo = std::min(k.white_rights, k.black_rights), hi = std::max(k.white_rights, k.black_rights);
    if (lo == 0 && hi == 2) (k.edge_kings == 2 ? both_edge : both_middle) += k.configurations;
    if (lo == 0 && hi == 1) (k.edge_kings == 2 ? one_edge : one_middle) += k.configurations;
    if (lo == 1 && hi == 2) k12 += k.configurations;
    if (lo == 1 && hi == 1) k11 += k.configurations;
    if (lo == 2 && hi == 2) k22 += k.configurations;
  }
  EXPECT_EQ(both_edge, 2 * 9);
  EXPECT_EQ(both_middle, 2 * 43);
  EXPECT_EQ(one_edge, 4 * 11);
  EXPECT_EQ(one_middle, 4 * 44);
  EXPECT_EQ(k12, 4);
  EXPECT_EQ(k11, 4);
  EXPECT_EQ(k22, 1);
}

TEST(Seed2006, VariantsShrinkAsExpected) {
  const BigInt all = seed2006_count({}).total;
  const BigInt white = seed2006_count({true, true, false}).total;
  const BigInt no_castling = seed2006_count({false, true, true}).total;
  const BigInt no_ep = seed2006_count({true, false, true}).total;
  EXPECT_EQ(all, 2 * white);
  EXPECT_LT(no_castling, all);
  EXPECT_LT(no_ep, all);
  BigInt sum = 0;
  for (const KingClass& k : seed2006_count({}).classes) sum += k.positions;
  EXPECT_EQ(sum, all);
}

}  // namespace
}  // namespace chessrank::bound
