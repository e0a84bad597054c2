#include "rank/sample.h"

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <vector>

#include "rank/cpr_model.h"
#include "tests/rank/chi_square.h"

namespace chessrank::rank {
namespace {

TEST(Sample, UniformBelowSmallBoundIsUnbiased) {
  // Six values: every one must come up, in proportions a chi-square test cannot tell from uniform.
  const BigInt n = 6;
  Rng rng(5);
  std::map<long, int> hist;
  const int draws = 60000;
  for (int i = 0; i < draws; ++i) hist[uniform_below(n, rng).get_si()]++;
  double chi2 = 0;
  for (long v = 0; v < 6; ++v) chi2 += std::pow(hist[v] - draws / 6.0, 2) / (draws / 6.0);
  EXPECT_EQ(hist.size(), 6u);
  EXPECT_LT(chi2, 20.5);  // 5 degrees of freedom, p = 0.001
}

TEST(Sample, SameSeedSameDraws) {
  Rng a(9), b(9);
  const BigInt n("8605049631842105183455061937414747080332654546");
  for (int i = 0; i < 100; ++i) EXPECT_EQ(uniform_below(n, a), uniform_below(n, b));
}

// The fixed-width draw uses the same random words, mask and rejections as the BigInt draw: equal
// streams for bounds of one, two and three words, including powers of two (the mask edge), and no
// fixed-width draw beyond 192 bits.
TEST(Sample, FixedDrawsEqualBigIntDraws) {
  const BigInt one = 1;
  for (const BigInt& n : {BigInt(1), BigInt(6), BigInt(one << 64), BigInt((one << 64) + 1),
                          BigInt("8605049631842105183455061937414747080332654546"), BigInt((one << 160) - 3),
                          BigInt((one << 192) - 1)}) {
    UniformBelow big_path(n), fixed_path(n);
    ASSERT_TRUE(fixed_path.fits_fixed());
    Rng a(17), b(17);
    BigInt x;
    for (int i = 0; i < 2000; ++i) {
      big_path.draw(a, x);
      ASSERT_EQ(fixed_path.draw_fixed(b).to_big(), x) << n << " draw " << i;
    }
  }
  EXPECT_FALSE(UniformBelow(BigInt(one << 192)).fits_fixed());
}

// Chi-square of sampled positions against the exact sizes of the model's blocks, grouped by side to move
// and the number of pawns on the board (the level-4 blocks summed over frames and opposed files).
TEST(Sample, ModelSamplesMatchExactBlockSizes) {
  const CprModel model;
  Rng rng(11);
  const int draws = 40000;
  std::vector<double> observed(34), expected(34);
  for (int i = 0; i < draws; ++i) {
    const Position p = model.unrank(uniform_below(model.size(), rng)).value();
    observed[(p.side_to_move() == Black) * 17 + popcount(p.pieces(Pawn))]++;
  }
  std::array<BigInt, 17> by_pawns{};
  for (int f = 0; f < Frames; ++f)
    for (int wp = 0; wp <= 8; ++wp)
      for (int bp = 0; bp <= 8; ++bp)
        for (int o = 0; o <= 8; ++o) by_pawns[wp + bp] += model.block_size(f, wp, bp, o).to_big();
  for (int stm = 0; stm < 2; ++stm)
    for (int t = 0; t <= 16; ++t)
      expected[stm * 17 + t] = draws * std::exp2(log2_big(by_pawns[t]) - log2_big(model.size()));
  int cells = 0;
  const double chi2 = testing::chi_square(observed, expected, cells);
  ASSERT_GE(cells, 16);
  // Critical value of chi-square at p = 0.001 for up to 33 degrees of freedom is below 64.
  EXPECT_LT(chi2, 64.0) << cells << " cells";
}

}  // namespace
}  // namespace chessrank::rank
