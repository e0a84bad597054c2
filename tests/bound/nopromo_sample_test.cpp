#include "bound/nopromo_sample.h"

#include <gtest/gtest.h>

#include <cmath>

#include "core/fen.h"
#include "estimator/nopromo_estimate.h"
#include "tests/support/build_flavour.h"

namespace chessrank::bound {
namespace {

// Return (hits - n p) / sqrt(n p (1 - p)): within a few units when hits ~ Binomial(n, p).
double z_score(std::uint64_t hits, std::uint64_t n, double p) {
  return (double(hits) - double(n) * p) / std::sqrt(double(n) * p * (1 - p));
}

double ratio(const BigInt& a, const BigInt& b) { return std::pow(10.0, log10_big(a) - log10_big(b)); }

// The class sizes the sampler draws from sum to the placements the DP counts with every constraint off:
// two computations (light pawns by class here, power sums there) of the same number.
TEST(NopromoSampler, ClassSizesSumToTheCountOfPlacements) {
  NopromoShape placements;
  placements.file_constraints = false, placements.kings_apart = false;
  EXPECT_EQ(NopromoSampler({}).placements(), nopromo_count(placements));
}

// Draws are placements of rules 1-3, and their share inside a set matches that set's exact count over
// the placements: uniform draws, and a membership test that agrees with the DP, checked together.
TEST(NopromoSampler, ShareInsideMatchesTheExactCounts) {
  NopromoShape kings_apart;
  kings_apart.file_constraints = false;
  NopromoShape no_kings;  // every placement of rules 1-3
  no_kings.file_constraints = false, no_kings.kings_apart = false;
  NopromoShape coarse;  // the full file constraints, costs exact to 2 only
  coarse.exact_costs = 2;
  const NopromoShape shapes[] = {kings_apart, NopromoShape{}, coarse};
  NopromoSampler sampler({});
  const BigInt all = sampler.placements();
  pcg64 rng(11);
  const std::uint64_t n = testing::unless_sanitized(400'000, 40'000);
  std::uint64_t inside[3] = {0, 0, 0};
  for (std::uint64_t i = 0; i < n; ++i) {
    const Position pos = sampler.draw(rng);
    ASSERT_TRUE(nopromo_contains(no_kings, pos)) << to_fen(pos);
    for (int s = 0; s < 3; ++s) inside[s] += nopromo_contains(shapes[s], pos);
  }
  for (int s = 0; s < 3; ++s) {
    const double p = ratio(nopromo_count(shapes[s]), all);
    EXPECT_LT(std::abs(z_score(inside[s], n, p)), 4.5) << "shape " << s << ": " << inside[s] << " of " << n
                                                         << " inside, expected share " << p;
  }
  // The file constraints keep about 2.3% of the placements: the test must see thousands of members.
  EXPECT_GT(inside[1], n / 100);
}

// The kings are placed after the pawns and bishops, inside a class: mirroring the files maps the set
// of placements onto itself and light squares onto dark ones, so each king stands on a light square
// with probability exactly 1/2.
TEST(NopromoSampler, KingsStandOnEitherColourEquallyOften) {
  NopromoSampler sampler({});
  pcg64 rng(5);
  const std::uint64_t n = testing::unless_sanitized(200'000, 20'000);
  std::uint64_t light[2] = {0, 0};
  for (std::uint64_t i = 0; i < n; ++i) {
    const Position pos = sampler.draw(rng);
    for (Color c : {White, Black}) light[c] += (LightSquaresBB >> lsb(pos.pieces(c, King))) & 1;
  }
  for (Color c : {White, Black}) EXPECT_LT(std::abs(z_score(light[c], n, 0.5)), 4.5) << light[c] << " of " << n;
}

TEST(NopromoEstimate, SameSeedSameResultAndTheSetBoundsThePassing) {
  NopromoShape shape;
  shape.exact_costs = 2;  // the quickest count with the file constraints
  const auto a = estimator::estimate_nopromo(shape, 70'000, 3), b = estimator::estimate_nopromo(shape, 70'000, 3);
  EXPECT_EQ(a.inside, b.inside);
  EXPECT_EQ(a.passing, b.passing);
  EXPECT_EQ(a.rejected_by, b.rejected_by);
  const auto c = estimator::estimate_nopromo(shape, 70'000, 4);
  EXPECT_NE(std::make_pair(a.inside, a.passing), std::make_pair(c.inside, c.passing));
  EXPECT_EQ(a.draws, 70'000u);
  EXPECT_GT(a.inside, 0u);
  EXPECT_LE(a.passing, a.inside);
  std::uint64_t rejected = 0;
  for (std::uint64_t r : a.rejected_by) rejected += r;
  EXPECT_EQ(rejected + a.passing, a.inside);
  const estimator::Interval share = a.pass_share();
  EXPECT_DOUBLE_EQ(share.estimate, double(a.passing) / double(a.inside));
  EXPECT_LE(share.low, share.estimate);
  EXPECT_GE(share.high, share.estimate);
}

}  // namespace
}  // namespace chessrank::bound
