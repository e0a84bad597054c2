// The material rule (core/promoted_men.h) against its definition: the fewest men of an army that are not
// starting pieces it kept, found by trying how many of each kind it kept.
#include "core/promoted_men.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstddef>

#include "core/fen.h"

namespace chessrank {
namespace {

// Return the fewest men of `army` that are not kept starting pieces, `start` giving each kind's starting
// number: the army less the most starting pieces it can hold, over every choice of kept pieces.
template <std::size_t Kinds>
int fewest_promotions(const std::array<int, Kinds>& army, const std::array<int, Kinds>& start) {
  int best = 99;
  std::array<int, Kinds> kept{};
  while (true) {
    int promoted = 0;
    bool fits = true;
    for (std::size_t k = 0; k < Kinds; ++k) {
      fits = fits && kept[k] <= army[k];
      promoted += army[k] - kept[k];
    }
    if (fits) best = std::min(best, promoted);
    std::size_t k = 0;  // the next choice of kept pieces, as an odometer
    while (k < Kinds && ++kept[k] > start[k]) kept[k++] = 0;
    if (k == Kinds) return best;
  }
}

TEST(PromotedMen, AreTheFewestPromotionsOverEveryChoiceOfKeptPieces) {
  for (int q = 0; q <= 4; ++q)
    for (int r = 0; r <= 4; ++r)
      for (int l = 0; l <= 4; ++l)
        for (int d = 0; d <= 4; ++d)
          for (int n = 0; n <= 4; ++n) {
            const int by_colour = promoted_men_by_colour(q, r, l, d, n), any = promoted_men(q, r, l + d, n);
            EXPECT_EQ(by_colour, fewest_promotions<5>({q, r, l, d, n}, {1, 2, 1, 1, 2}));
            EXPECT_EQ(any, fewest_promotions<4>({q, r, l + d, n}, {1, 2, 2, 2}));
            // The header's claim: colours show one more exactly when two or more bishops share one colour only.
            EXPECT_EQ(by_colour - any, l + d >= 2 && (l == 0 || d == 0) ? 1 : 0) << l << ' ' << d;
          }
}

TEST(PromotedMen, OfAPositionCountItsSide) {
  const Position start = parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").value();
  EXPECT_EQ(promoted_men(start, White), 0);
  EXPECT_EQ(promoted_men_by_colour(start, Black), 0);
  // White: three queens, two bishops on light squares (c4, e2); black: three knights.
  const Position p = parse_fen("4k3/1n6/2n5/8/2B5/Q7/QQ2BPPP/4K1n1 w - - 0 1").value();
  EXPECT_EQ(promoted_men(p, White), 2);
  EXPECT_EQ(promoted_men_by_colour(p, White), 3);
  EXPECT_EQ(promoted_men(p, Black), 1);
  EXPECT_EQ(promoted_men_by_colour(p, Black), 1);
}

}  // namespace
}  // namespace chessrank
