// Cross-checks the ranking models' exact sizes against the 2021 bound.
#include <gtest/gtest.h>

#include "bound/tromp2021.h"
#include "rank/model.h"

namespace chessrank::bound {
namespace {

TEST(RankConsistency, CprCountsEachPositionOnceSoStaysBelowTheTrompTotal) {
  const rank::RankModel* cpr = rank::find_model("cpr");
  ASSERT_NE(cpr, nullptr);
  EXPECT_GT(cpr->size(), 0);
  EXPECT_LT(cpr->size(), tromp2021_count({}).total);
}

}  // namespace
}  // namespace chessrank::bound
