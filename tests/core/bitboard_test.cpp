// Checks the attack tables against slow square-by-square walks written independently here.
#include "core/bitboard.h"

#include <initializer_list>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "tests/support/build_flavour.h"

namespace chessrank {
namespace {

constexpr int OccupanciesPerSquare = testing::unless_sanitized(3000, 300);

// Return the square at (file + df, rank + dr) or NoSquare off the board.
Square offset(Square s, int df, int dr) {
  const int f = int(file_of(s)) + df, r = int(rank_of(s)) + dr;
  return (f < 0 || f > 7 || r < 0 || r > 7) ? NoSquare : make_square(File(f), Rank(r));
}

Bitboard walk(Square s, Bitboard occupied, const std::vector<std::pair<int, int>>& dirs) {
  Bitboard result = 0;
  for (auto [df, dr] : dirs) {
    for (Square t = offset(s, df, dr); t != NoSquare; t = offset(t, df, dr)) {
      result |= Bitboard(1) << t;
      if (occupied >> t & 1) break;
    }
  }
  return result;
}

Bitboard slow_rook(Square s, Bitboard occ) { return walk(s, occ, {{1, 0}, {-1, 0}, {0, 1}, {0, -1}}); }
Bitboard slow_bishop(Square s, Bitboard occ) { return walk(s, occ, {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}); }

Bitboard jumps(Square s, const std::vector<std::pair<int, int>>& steps) {
  Bitboard result = 0;
  for (auto [df, dr] : steps)
    if (Square t = offset(s, df, dr); t != NoSquare) result |= Bitboard(1) << t;
  return result;
}

// Return random occupancies of varied density: sparse, medium and dense boards all occur.
Bitboard random_occupancy(std::mt19937_64& rng) {
  switch (rng() % 4) {
    case 0: return rng() & rng() & rng();
    case 1: return rng() & rng();
    case 2: return rng();
    default: return rng() | rng();
  }
}

TEST(Bitboard, SliderAttacksMatchRayWalkOnRandomOccupancies) {
  std::mt19937_64 rng(20240601);
  for (int si = 0; si < SquareCount; ++si) {
    const Square s = Square(si);
    ASSERT_EQ(rook_attacks(s, 0), slow_rook(s, 0));
    ASSERT_EQ(bishop_attacks(s, 0), slow_bishop(s, 0));
    for (int i = 0; i < OccupanciesPerSquare; ++i) {
      const Bitboard occ = random_occupancy(rng);
      ASSERT_EQ(rook_attacks(s, occ), slow_rook(s, occ)) << "square " << si << " occ " << occ;
      ASSERT_EQ(bishop_attacks(s, occ), slow_bishop(s, occ)) << "square " << si << " occ " << occ;
      ASSERT_EQ(queen_attacks(s, occ), slow_rook(s, occ) | slow_bishop(s, occ));
      ASSERT_EQ(attacks(Queen, s, occ), queen_attacks(s, occ));
      ASSERT_EQ(attacks(Rook, s, occ), rook_attacks(s, occ));
      ASSERT_EQ(attacks(Bishop, s, occ), bishop_attacks(s, occ));
    }
  }
}

TEST(Bitboard, SliderAttacksMatchRayWalkOnEveryMaskSubset) {
  // Enumerate every subset of each square's relevant occupancy mask: this proves each magic constant
  // indexes without a destructive collision.
  std::size_t subsets = 0;
  for (int si = 0; si < SquareCount; ++si) {
    const Square s = Square(si);
    for (const detail::Magic* m : {&detail::BishopMagics[s], &detail::RookMagics[s]}) {
      const bool rook = m == &detail::RookMagics[s];
      Bitboard b = 0;
      do {
        const Bitboard expect = rook ? slow_rook(s, b) : slow_bishop(s, b);
        ASSERT_EQ(rook ? rook_attacks(s, b) : bishop_attacks(s, b), expect) << "square " << si << " occ " << b;
        ++subsets;
        b = (b - m->mask) & m->mask;
      } while (b);
    }
  }
  EXPECT_EQ(subsets, 0x19000u + 0x1480u);
}

TEST(Bitboard, SliderAttacksIgnoreTheSliderSquareAndEdgesBeyondBlockers) {
  // The occupancy of the slider's own square and of squares behind a blocker must not matter.
  std::mt19937_64 rng(7);
  for (int si = 0; si < SquareCount; ++si) {
    const Square s = Square(si);
    for (int i = 0; i < 100; ++i) {
      const Bitboard occ = random_occupancy(rng);
      ASSERT_EQ(rook_attacks(s, occ | square_bb(s)), rook_attacks(s, occ & ~square_bb(s)));
      ASSERT_EQ(bishop_attacks(s, occ | square_bb(s)), bishop_attacks(s, occ & ~square_bb(s)));
      const Bitboard ra = rook_attacks(s, occ);
      ASSERT_EQ(rook_attacks(s, occ & ra), ra);  // only the blockers themselves matter
    }
  }
}

TEST(Bitboard, SteppersMatchOffsets) {
  for (int si = 0; si < SquareCount; ++si) {
    const Square s = Square(si);
    EXPECT_EQ(knight_attacks(s), jumps(s, {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}));
    EXPECT_EQ(king_attacks(s), jumps(s, {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}));
    EXPECT_EQ(pawn_attacks(White, s), jumps(s, {{-1, 1}, {1, 1}}));
    EXPECT_EQ(pawn_attacks(Black, s), jumps(s, {{-1, -1}, {1, -1}}));
    EXPECT_EQ(attacks(Knight, s, 0), knight_attacks(s));
    EXPECT_EQ(attacks(King, s, ~Bitboard(0)), king_attacks(s));
    EXPECT_EQ(attacks(Pawn, s, 0), 0u);
  }
  EXPECT_EQ(popcount(knight_attacks(A1)), 2);
  EXPECT_EQ(popcount(knight_attacks(E4)), 8);
  EXPECT_EQ(popcount(king_attacks(H8)), 3);
}

TEST(Bitboard, BetweenAndLineMatchWalks) {
  const std::vector<std::pair<int, int>> dirs = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
  for (int a = 0; a < SquareCount; ++a) {
    for (int b = 0; b < SquareCount; ++b) {
      const Square sa = Square(a), sb = Square(b);
      Bitboard expect_between = 0, expect_line = 0;
      for (auto [df, dr] : dirs) {
        Bitboard path = 0;
        for (Square t = offset(sa, df, dr); t != NoSquare; t = offset(t, df, dr)) {
          if (t == sb) {
            expect_between = path;
            // The line: walk both ways from a in this direction's axis.
            expect_line = square_bb(sa);
            for (Square u = offset(sa, df, dr); u != NoSquare; u = offset(u, df, dr)) expect_line |= square_bb(u);
            for (Square u = offset(sa, -df, -dr); u != NoSquare; u = offset(u, -df, -dr)) expect_line |= square_bb(u);
            break;
          }
          path |= square_bb(t);
        }
      }
      ASSERT_EQ(between(sa, sb), expect_between) << a << " " << b;
      ASSERT_EQ(line(sa, sb), expect_line) << a << " " << b;
      ASSERT_EQ(between(sa, sb), between(sb, sa));
      ASSERT_EQ(line(sa, sb), line(sb, sa));
    }
  }
  EXPECT_EQ(between(A1, H8), 0x0040201008040200ULL);
  EXPECT_EQ(line(B1, C1), rank_bb(Rank1));
  EXPECT_EQ(line(A1, B3), 0u);
  EXPECT_EQ(between(E1, E1), 0u);
  EXPECT_TRUE(aligned(A1, C3, H8));
  EXPECT_FALSE(aligned(A1, C3, H7));
}

TEST(Bitboard, ShiftsAndHelpers) {
  EXPECT_EQ(shift_east(file_bb(FileH)), 0u);
  EXPECT_EQ(shift_west(file_bb(FileA)), 0u);
  EXPECT_EQ(shift_north(rank_bb(Rank8)), 0u);
  EXPECT_EQ(pawn_attacks_bb(White, square_bb(E4)), square_bb(D5) | square_bb(F5));
  EXPECT_EQ(popcount(DarkSquaresBB), 32);
  EXPECT_TRUE(DarkSquaresBB & square_bb(A1));
  for (int s = 0; s < SquareCount; ++s) EXPECT_EQ(is_dark(Square(s)), (DarkSquaresBB >> s & 1) != 0);
  // A bishop stays on its square's colour; a knight's move changes it.
  for (int s = 0; s < SquareCount; ++s) {
    const Bitboard own = colour_squares(Square(s));
    EXPECT_EQ(popcount(own), 32);
    EXPECT_TRUE(own & square_bb(Square(s)));
    EXPECT_EQ(bishop_attacks(Square(s), 0) & ~own, 0u) << s;
    EXPECT_EQ(knight_attacks(Square(s)) & own, 0u) << s;
  }
  Bitboard b = square_bb(C3) | square_bb(F7);
  EXPECT_EQ(lsb(b), C3);
  EXPECT_EQ(msb(b), F7);
  EXPECT_EQ(pop_lsb(b), C3);
  EXPECT_EQ(b, square_bb(F7));
  EXPECT_FALSE(more_than_one(b));
  EXPECT_EQ(distance(A1, H8), 7);
  EXPECT_EQ(distance(E4, F6), 2);
}

// ahead_on_file and files_of against a walk over the squares, on random sets.
TEST(Bitboard, FileFillsMatchAWalk) {
  std::mt19937_64 rng(11);
  for (int trial = 0; trial < 2000; ++trial) {
    const Bitboard b = rng() & rng();
    for (Color c : {White, Black}) {
      Bitboard ahead = 0;
      for (int s = 0; s < 64; ++s)
        for (int t = 0; t < 64; ++t)
          if ((b >> t & 1) && file_of(Square(s)) == file_of(Square(t)) &&
              (c == White ? rank_of(Square(s)) > rank_of(Square(t)) : rank_of(Square(s)) < rank_of(Square(t))))
            ahead |= square_bb(Square(s));
      ASSERT_EQ(ahead_on_file(c, b), ahead) << b << " " << int(c);
    }
    unsigned files = 0;
    for (int s = 0; s < 64; ++s)
      if (b >> s & 1) files |= 1u << file_of(Square(s));
    ASSERT_EQ(files_of(b), files) << b;
  }
}

// nth_square against a walk over the members, on random sets of every density and on the full board.
TEST(Bitboard, NthSquareMatchesAWalk) {
  std::mt19937_64 rng(3);
  std::vector<Bitboard> sets{~Bitboard(0), square_bb(H8), square_bb(A1) | square_bb(H8)};
  for (int i = 0; i < 3000; ++i) sets.push_back(rng() & rng() & (i % 3 ? rng() : ~Bitboard(0)));
  for (const Bitboard set : sets) {
    int n = 0;
    for (Bitboard b = set; b; ++n)
      ASSERT_EQ(nth_square(set, n), pop_lsb(b)) << std::hex << set << std::dec << " n " << n;
  }
}

// deposit (pdep, or its portable select when the CPU's is slow) against a walk that keeps the members at the
// chosen positions; and pdep against the select wherever the CPU has BMI2, whichever deposit() uses.
TEST(Bitboard, DepositKeepsTheMembersAtThePositions) {
  std::mt19937_64 rng(5);
#if defined(__x86_64__)
  const bool bmi2 = __builtin_cpu_supports("bmi2");
#endif
  for (int i = 0; i < 20000; ++i) {
    const Bitboard set = i == 0 ? ~Bitboard(0) : rng() & rng() & (i % 3 ? rng() : ~Bitboard(0));
    const int n = popcount(set);
    const std::uint64_t positions = n == 0 ? 0 : rng() & rng() & (n == 64 ? ~0ULL : (1ULL << n) - 1);
    Bitboard expected = 0;
    int at = 0;
    for (Bitboard b = set; b; ++at) {
      const Square s = pop_lsb(b);
      if (positions >> at & 1) expected |= square_bb(s);
    }
    ASSERT_EQ(deposit(positions, set), expected) << std::hex << set << " " << positions;
    ASSERT_EQ(detail::deposit_select(positions, set), expected) << std::hex << set << " " << positions;
#if defined(__x86_64__)
    if (bmi2) {
      ASSERT_EQ(detail::deposit_bmi2(positions, set), expected) << std::hex << set << " " << positions;
    }
#endif
  }
}

}  // namespace
}  // namespace chessrank
