#include "bound/tromp2021.h"

#include <gtest/gtest.h>

#include <string>
#include <tuple>
#include <vector>

#include "bound/army.h"
#include "tests/bound/big_factorial.h"

namespace chessrank::bound {
namespace {

struct Published {
  int fwr, fbr, ep;
  const char* count;
};

// The case table of ../shared/reference/tromp-2021-count.md (white to move, multiplied by m and e).
const Published Table[] = {
    {0, 0, 0, "4317116501858047620299900728599356147494556640"},
    {0, 0, 1, "31999595200733582973106880061728861929069928"},
    {0, 1, 0, "6922142764395483618137561107749568789790148"},
    {0, 1, 1, "54444384271688044810990508417111948991768"},
    {0, 2, 0, "136530769984693307040227830128737122354029"},
    {0, 2, 1, "1035365889143551932685537903363800096422"},
    {1, 0, 0, "6922142764395483618137561107749568789790148"},
    {1, 0, 1, "54308353407259673025385006313129004055128"},
    {1, 1, 0, "11745419798256512510493235052589222172668"},
    {1, 1, 1, "98172517157950055940864091510815802248"},
    {1, 2, 0, "235958281122206691085936171885340863152"},
    {1, 2, 1, "1903336650826558863672909067902430108"},
    {2, 0, 0, "136530769984693307040227830128737122354029"},
    {2, 0, 1, "1028637537652354045548219736317757984742"},
    {2, 1, 0, "235958281122206691085936171885340863152"},
    {2, 1, 1, "1895642836539897140574420164647093916"},
    {2, 2, 0, "4729971278292293446735355275667009679"},
    {2, 2, 1, "36635290891989131864827262732080222"},
};

TEST(Tromp2021, EveryRowOfTheCaseTable) {
  const Tromp2021Result r = tromp2021_count({});
  ASSERT_EQ(r.cases.size(), std::size(Table));
  for (std::size_t i = 0; i < r.cases.size(); ++i) {
    SCOPED_TRACE(i);
    EXPECT_EQ(r.cases[i].fwr, Table[i].fwr);
    EXPECT_EQ(r.cases[i].fbr, Table[i].fbr);
    EXPECT_EQ(r.cases[i].ep, Table[i].ep);
    EXPECT_EQ(r.cases[i].count.get_str(), Table[i].count);
  }
}

TEST(Tromp2021, TotalIsThePublishedNumberAndTwiceTheSumOfCases) {
  const Tromp2021Result r = tromp2021_count({});
  EXPECT_EQ(r.total.get_str(), "8726713169886222032347729969256422370854716254");
  BigInt sum = 0;
  for (const auto& c : r.cases) sum += c.count;
  EXPECT_EQ(r.total, 2 * sum);
}

TEST(Tromp2021, VariantsKeepExactlyTheirCases) {
  const Tromp2021Result all = tromp2021_count({});
  BigInt no_castling = 0, no_ep = 0;
  for (const auto& c : all.cases) {
    if (c.fwr == 0 && c.fbr == 0) no_castling += c.count;
    if (c.ep == 0) no_ep += c.count;
  }
  EXPECT_EQ(tromp2021_count({false, true, true, true}).total, 2 * no_castling);
  EXPECT_EQ(tromp2021_count({true, false, true, true}).total, 2 * no_ep);
  EXPECT_EQ(tromp2021_count({true, true, false, true}).total * 2, all.total);
  const auto diagrams = tromp2021_count({false, false, false, true});
  ASSERT_EQ(diagrams.cases.size(), 1u);
  EXPECT_EQ(diagrams.total, all.cases[0].count);
  EXPECT_LT(tromp2021_count({true, true, true, false}).total, all.total);
}

// Without pairs the count is the multinomial 48! / (wp! bp! (48 - wp - bp)!), computed here from factorials.
TEST(Tromp2021, PawnsWithoutPairsArePlainPlacements) {
  using testing::big_factorial;
  for (unsigned wp = 0; wp <= 8; ++wp)
    for (unsigned bp = 0; bp <= 8; ++bp)
      EXPECT_EQ(tromp2021_pawns(0, int(wp), int(bp), 0),
                big_factorial(48) / (big_factorial(wp) * big_factorial(bp) * big_factorial(48 - wp - bp)));
}

// Count (placement, choice of o files each with a designated white pawn directly below a black pawn,
// only empty squares between) by enumeration over the 48 squares of ranks 2..7.
long brute_pawns(int wp, int bp, int o) {
  long total = 0;
  std::vector<int> board(48, 0);  // index = (rank - 2) * 8 + file; 1 white, 2 black
  auto count_choices = [&] {
    // Candidate pairs per file: a white pawn whose next pawn upwards is black.
    std::vector<int> per_file(8, 0);
    for (int f = 0; f < 8; ++f) {
      int last = 0;
      for (int r = 0; r < 6; ++r) {
        const int v = board[r * 8 + f];
        if (v == 0) continue;
        if (v == 2 && last == 1) ++per_file[f];
        last = v;
      }
    }
    // Sum over o-subsets of files of the product of candidates.
    std::vector<long> ways(o + 1, 0);
    ways[0] = 1;
    for (int f = 0; f < 8; ++f)
      for (int k = o; k >= 1; --k) ways[k] += ways[k - 1] * per_file[f];
    return ways[o];
  };
  // Place the black pawns on increasing empty squares, then the white ones likewise.
  auto place = [&](auto&& self, int from, int colour, int left, int after) -> void {
    if (left == 0) {
      if (after == 0) total += count_choices();
      else self(self, 0, 1, after, 0);
      return;
    }
    for (int s = from; s < 48; ++s)
      if (!board[s]) {
        board[s] = colour;
        self(self, s + 1, colour, left - 1, after);
        board[s] = 0;
      }
  };
  place(place, 0, 2, bp, wp);
  return total;
}

TEST(Tromp2021, PawnsWithPairsMatchEnumeration) {
  for (auto [wp, bp, o] : {std::tuple{1, 1, 1}, {2, 1, 1}, {1, 2, 1}, {2, 2, 2}, {2, 2, 1}}) {
    SCOPED_TRACE(std::to_string(wp) + " " + std::to_string(bp) + " " + std::to_string(o));
    EXPECT_EQ(tromp2021_pawns(0, wp, bp, o).get_str(), std::to_string(brute_pawns(wp, bp, o)));
  }
}

}  // namespace
}  // namespace chessrank::bound
