// Tests of the constraint list (rank/constraints.h): the relaxations it gives, and its membership check
// against the tests' oracle (tests/rank/constraint_oracle.h) one constraint at a time.
#include "rank/constraints.h"

#include <gtest/gtest.h>

#include <array>
#include <random>
#include <vector>

#include "core/fen.h"
#include "rank/cpr_model.h"
#include "rank/v1_model.h"
#include "rank/v2_model.h"
#include "tests/rank/constraint_oracle.h"
#include "tests/support/build_flavour.h"
#include "tests/support/or_fail.h"
#include "tests/support/random_placement.h"

namespace chessrank::rank {
namespace {

using testing::fen_or_fail;

// The capture accounting takes the opposed files with it; the other constraints go alone.
TEST(Constraints, LeavingOneOutTakesWhatRestsOnIt) {
  EXPECT_EQ(CprConstraints.without(Constraint::CaptureAccounting), Constraints{});
  EXPECT_EQ(CprConstraints.without(Constraint::OpposedFiles), Constraints{Constraint::CaptureAccounting});
  EXPECT_FALSE(V1Model::All.without(Constraint::KingsApart).has(Constraint::KingsApart));
  EXPECT_EQ(V1Model::All.without(Constraint::KingsApart) | Constraints{Constraint::KingsApart}, V1Model::All);
  EXPECT_EQ(CprConstraints.without(Constraints{Constraint::CaptureAccounting}), Constraints{});
  EXPECT_FALSE(V2Model::All.has(Constraint::QueenNext));
  EXPECT_TRUE(V1Model::All.has(Constraint::QueenNext));
}

// A model's relaxations: each of its constraints left out in order, then everything beyond cpr's (none
// for cpr itself).
TEST(Constraints, RelaxationsLeaveOutEachThenAllBeyondCpr) {
  const std::vector<Relaxed> cpr = relaxations(CprModel::All);
  ASSERT_EQ(cpr.size(), 2u);
  EXPECT_EQ(cpr[0].left_out, "opposed files (constraint 4, second part)");
  EXPECT_EQ(cpr[0].kept, Constraints{Constraint::CaptureAccounting});
  EXPECT_EQ(cpr[1].kept, Constraints{});
  const std::vector<Relaxed> v2 = relaxations(V2Model::All);
  ASSERT_EQ(v2.size(), 7u);
  EXPECT_EQ(v2[2].left_out, "bishops by square colour (constraint 3)");
  EXPECT_EQ(v2[2].kept, V2Model::All.without(Constraint::BishopColours));
  EXPECT_EQ(v2.back().kept, CprConstraints);
  EXPECT_EQ(relaxations(V1Model::All).back().kept, CprConstraints);
}

// Constraints 1-3, which every model keeps, against the oracle: random placements given every castling
// subset and an en passant square anywhere on the board, so that each rule is broken, and kept.
TEST(Constraints, BasicsMatchTheOracle) {
  std::mt19937_64 rng(13);
  int kept = 0, broken = 0;
  for (int i = 0; i < 20000 / testing::unless_sanitized(1, 10); ++i) {
    Position p = testing::random_placement(rng);
    if (rng() % 2) p.set_castling_rights(CastlingRights(rng() % 16));
    if (rng() % 2) p.set_ep_square(Square(rng() % 64));
    const bool by_oracle = testing::breaks_basics(p);
    ASSERT_EQ(violation(p, {}).has_value(), by_oracle) << to_fen(p);
    (by_oracle ? broken : kept) += 1;
  }
  EXPECT_GT(kept, 1000 / testing::unless_sanitized(1, 10));
  EXPECT_GT(broken, 1000 / testing::unless_sanitized(1, 10));
}

// On random placements that keep constraints 1-3, the membership check with cpr's list and one more
// constraint refuses exactly what the oracle says breaks one of them; each constraint is seen broken alone.
TEST(Constraints, EachConstraintMatchesTheOracle) {
  std::mt19937_64 rng(48);
  std::array<int, ConstraintCount> broken_alone{};
  int judged = 0;
  for (int i = 0; i < 200000 / testing::unless_sanitized(1, 10); ++i) {
    const Position p = testing::random_placement(rng);
    if (violation(p, {})) continue;
    ++judged;
    const bool cpr_broken =
        testing::breaks(p, Constraint::OpposedFiles) || testing::breaks(p, Constraint::CaptureAccounting);
    ASSERT_EQ(violation(p, CprConstraints).has_value(), cpr_broken) << to_fen(p);
    for (int c = 0; c < ConstraintCount; ++c) {
      const Constraint constraint = Constraint(c);
      const bool broken = testing::breaks(p, constraint);
      ASSERT_EQ(violation(p, CprConstraints | Constraints{constraint}).has_value(), cpr_broken || broken)
          << to_fen(p) << ": " << testing::describe(constraint);
      broken_alone[c] += broken && !cpr_broken;
    }
  }
  EXPECT_GT(judged, 1000);
  for (int c = 0; c < ConstraintCount; ++c) {
    if (Constraint(c) != Constraint::OpposedFiles && Constraint(c) != Constraint::CaptureAccounting) {
      EXPECT_GT(broken_alone[c], 0) << testing::describe(Constraint(c));
    }
  }
}

// The messages name what is wrong; a bishop pair on one colour is refused only when the colours count.
TEST(Constraints, MessagesSayWhy) {
  const Position kings = fen_or_fail("8/8/8/3kK3/8/8/8/8 w - - 0 1");
  EXPECT_EQ(violation(kings, V1Model::All).value_or(""), "the kings stand next to each other (e5 and d5)");
  EXPECT_FALSE(violation(kings, CprConstraints));
  const Position bishops = fen_or_fail("4k3/8/8/8/8/8/PPPPPPPP/1B2KB2 w - - 0 1");
  EXPECT_FALSE(violation(bishops, CprConstraints));
  EXPECT_NE(violation(bishops, V2Model::All).value_or("").find("(bishops counted by square colour)"),
            std::string::npos);
}

}  // namespace
}  // namespace chessrank::rank
