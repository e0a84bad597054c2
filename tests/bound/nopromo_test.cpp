#include "bound/nopromo.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <vector>

#include "bound/army.h"

namespace chessrank::bound {
namespace {

enum Kind { Empty, WK, BK, WQ, BQ, WR, BR, WN, BN, WLB, BLB, WDB, BDB, WP, BP, KindCount };

bool is_light(int file, int rank) { return ((file + rank) & 1) != 0; }  // a1 (0, 0) is dark

// Count the set of docs/bounds.md on a small board by enumerating every placement and testing the
// definition directly: pawns on ranks 2..ranks-1, bishops on their colour, and the pawn-file budget.
long brute_force(const NopromoShape& s) {
  const int squares = s.files * s.ranks, men = original_men(s);
  std::array<int, KindCount> limit{};
  limit[WK] = limit[BK] = 1;
  limit[WQ] = limit[BQ] = s.queens;
  limit[WR] = limit[BR] = s.rooks;
  limit[WN] = limit[BN] = s.knights;
  limit[WLB] = limit[BLB] = s.light_bishops;
  limit[WDB] = limit[BDB] = s.dark_bishops;
  limit[WP] = limit[BP] = s.files;
  std::array<int, KindCount> used{};
  std::vector<int> board(std::size_t(squares), Empty);
  long total = 0;
  auto accept = [&] {
    if (used[WK] != 1 || used[BK] != 1) return false;
    if (!s.file_constraints) return true;
    int dw = 0, db = 0, crossed = 0;
    for (int f = 0; f < s.files; ++f) {
      int a = 0, b = 0, lowest_white = 99, highest_black = -1;
      for (int r = 0; r < s.ranks; ++r) {
        const int v = board[std::size_t(r * s.files + f)];
        if (v == WP) ++a, lowest_white = std::min(lowest_white, r);
        if (v == BP) ++b, highest_black = std::max(highest_black, r);
      }
      dw += std::max(a - 1, 0);
      db += std::max(b - 1, 0);
      crossed += a > 0 && b > 0 && lowest_white > highest_black;
    }
    int nw = 0, nb = 0;
    for (int k = WK; k < KindCount; ++k) ((k - WK) % 2 == 0 ? nw : nb) += used[k];
    const int white_captures = men - nb, black_captures = men - nw;
    return dw <= white_captures && db <= black_captures && dw + db + crossed <= white_captures + black_captures;
  };
  auto fill = [&](auto&& self, int sq) -> void {
    if (sq == squares) {
      total += accept();
      return;
    }
    const int file = sq % s.files, rank = sq / s.files;
    self(self, sq + 1);
    for (int k = WK; k < KindCount; ++k) {
      if (used[k] == limit[k]) continue;
      if ((k == WP || k == BP) && (rank == 0 || rank == s.ranks - 1)) continue;
      if ((k == WLB || k == BLB) && !is_light(file, rank)) continue;
      if ((k == WDB || k == BDB) && is_light(file, rank)) continue;
      ++used[k];
      board[std::size_t(sq)] = k;
      self(self, sq + 1);
      board[std::size_t(sq)] = Empty;
      --used[k];
    }
  };
  fill(fill, 0);
  return total;
}

NopromoShape small(int files, int ranks, int knights, bool constraints) {
  NopromoShape s;
  s.files = files;
  s.ranks = ranks;
  s.queens = 0;
  s.rooks = 0;
  s.knights = knights;
  s.file_constraints = constraints;
  return s;
}

TEST(Nopromo, SmallBoardsMatchEnumeration) {
#if defined(__SANITIZE_ADDRESS__)
  const int knights = 0;
#else
  const int knights = 1;
#endif
  for (const NopromoShape& s : {small(2, 4, knights, true), small(2, 4, knights, false), small(3, 4, 0, true),
                                small(3, 4, 0, false), small(2, 5, 0, true), small(3, 3, knights, true)}) {
    SCOPED_TRACE(std::to_string(s.files) + "x" + std::to_string(s.ranks) + (s.file_constraints ? " files" : ""));
    EXPECT_EQ(nopromo_count(s).get_str(), std::to_string(brute_force(s)));
  }
}

TEST(Nopromo, ConstraintsCutSomethingOnSmallBoards) {
  const NopromoShape with = small(3, 4, 0, true), without = small(3, 4, 0, false);
  EXPECT_LT(nopromo_count(with), nopromo_count(without));
}

// Count the full-board placements without pawn-file constraints a second way: by light and dark pawn
// counts, then bishops by colour, then kings, queens, rooks and knights anywhere else.
BigInt placements_by_colour() {
  auto fall = [](long n, int k) {
    BigInt r = 1;
    for (int i = 0; i < k; ++i) r *= n - i;
    return n < k ? BigInt(0) : r;
  };
  // others[c]: ways to order c of {Q, R, R, N, N} kinds for one side: sum of c! / (q! r! n!).
  std::array<long, 6> others{};
  for (int q = 0; q <= 1; ++q)
    for (int r = 0; r <= 2; ++r)
      for (int n = 0; n <= 2; ++n) {
        long f = 1;
        for (int i = 2; i <= q + r + n; ++i) f *= i;
        others[std::size_t(q + r + n)] += f / ((r == 2 ? 2 : 1) * (n == 2 ? 2 : 1));
      }
  BigInt total = 0;
  for (int wl = 0; wl <= 8; ++wl)
    for (int wd = 0; wl + wd <= 8; ++wd)
      for (int bl = 0; bl <= 8; ++bl)
        for (int bd = 0; bl + bd <= 8; ++bd) {
          const BigInt pawns = trinomial(24, wl, bl) * trinomial(24, wd, bd);
          const long light = 32 - wl - bl, dark = 32 - wd - bd;
          for (int kl = 0; kl <= 2; ++kl)
            for (int kd = 0; kd <= 2; ++kd) {
              const BigInt bishops = fall(light, kl) * fall(dark, kd) * (kl == 1 ? 2 : 1) * (kd == 1 ? 2 : 1);
              const long rest = light + dark - kl - kd;
              for (int cw = 0; cw <= 5; ++cw)
                for (int cb = 0; cb <= 5; ++cb)
                  total += pawns * bishops * fall(rest, 2) * trinomial(int(rest) - 2, cw, cb) * others[std::size_t(cw)] *
                           others[std::size_t(cb)];
            }
        }
  return total;
}

TEST(Nopromo, FullBoardPlacementsAgreeWithAColourCount) {
  NopromoShape s;
  s.file_constraints = false;
  EXPECT_EQ(nopromo_count(s), placements_by_colour());
}

TEST(Nopromo, FullBoardBoundBeatsTheSimplerCounts) {
  NopromoShape placements;
  placements.file_constraints = false;
  const BigInt n = nopromo_count({});
  EXPECT_LT(n, nopromo_count(placements));
  EXPECT_LT(n, BigInt("2891398339895958031893456691621753206624"));  // Tromp's published figure
  EXPECT_GT(n, 0);
}

}  // namespace
}  // namespace chessrank::bound
