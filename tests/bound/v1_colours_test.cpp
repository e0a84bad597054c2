// The count of v1's set with bishops by square colour: its pawn classes and its piece counts against
// enumeration, and the whole without colours against v1's own sizes (the v1 ranking model), part by part.
#include "bound/v1_colours.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <map>
#include <random>
#include <vector>

#include "rank/frame.h"
#include "rank/v1_model.h"
#include "tests/support/build_flavour.h"

namespace chessrank::bound {
namespace {

using rank::CellRule;
using rank::PawnRules;

// Every placement of a few open cells, counted by the seven class counts, against the DP.
TEST(V1Colours, PawnClassesMatchEnumeration) {
  std::mt19937_64 rng(5);
  for (int trial = 0; trial < 40; ++trial) {
    PawnRules rules;
    for (auto& file : rules) file.fill(CellRule::Empty);
    // Nine open cells on up to three files (pairs of pawns on one file make opposed files), some of them
    // forbidding white pawns or forcing a pawn, as the king and en passant rules do.
    std::vector<Square> open;
    const int first = int(rng() % 6);
    while (open.size() < 9) {
      const Square s = make_square(File(first + int(rng() % 3)), Rank(1 + int(rng() % 6)));
      if (std::find(open.begin(), open.end(), s) != open.end()) continue;
      open.push_back(s);
      const int kind = int(rng() % 12);
      rules[file_of(s)][rank_of(s) - 1] = kind < 8   ? CellRule::Any
                                          : kind < 10 ? CellRule::NoWhite
                                          : kind < 11 ? CellRule::White
                                                      : CellRule::Black;
    }
    // Disjoint tracked sets, drawn among the open cells and a few closed ones.
    Bitboard a = 0, orth = 0, diag = 0;
    for (int i = 0; i < 12; ++i) {
      const Square s = make_square(File(first + int(rng() % 3)), Rank(1 + int(rng() % 6)));
      if ((a | orth | diag) & square_bb(s)) continue;
      (i % 3 == 0 ? a : i % 3 == 1 ? orth : diag) |= square_bb(s);
    }
    const Bitboard colour = rng() % 2 ? DarkSquaresBB : LightSquaresBB;
    std::map<std::array<int, 7>, std::uint64_t> expected;
    std::uint64_t placements = 1;
    for (std::size_t i = 0; i < open.size(); ++i) placements *= 3;
    for (std::uint64_t code = 0; code < placements; ++code) {
      Bitboard white = 0, black = 0;
      bool ok = true;
      std::uint64_t c = code;
      for (const Square s : open) {
        const int v = int(c % 3);
        c /= 3;
        const CellRule r = rules[file_of(s)][rank_of(s) - 1];
        if ((v == 1 && (r == CellRule::NoWhite || r == CellRule::Black)) || (v == 2 && r == CellRule::White) ||
            (v == 0 && (r == CellRule::White || r == CellRule::Black)))
          ok = false;
        if (v == 1) white |= square_bb(s);
        if (v == 2) black |= square_bb(s);
      }
      if (!ok || popcount(white) > 8 || popcount(black) > 8) continue;
      int opposed = 0;
      for (int f = 0; f < 8; ++f) {
        const Bitboard w = white & file_bb(File(f)), b = black & file_bb(File(f));
        opposed += w && b && lsb(w) < msb(b);
      }
      const Bitboard all = white | black;
      expected[{popcount(white), popcount(black), opposed, popcount(all & a), popcount(all & orth),
                popcount(all & diag), popcount(all & colour)}] += 1;
    }
    std::map<std::array<int, 7>, std::uint64_t> got;
    for (const detail::PawnClass& k : detail::pawn_classes(rules, a, orth, diag, colour))
      got[{k.white, k.black, k.opposed, k.a, k.orth, k.diag, k.colour}] += k.count;
    EXPECT_EQ(got, expected) << "trial " << trial;
  }
}

// Every way to put men on a few free squares of each class, judged by the budget rules directly, against
// the count by front and tail. Squares: A, the orthogonal neighbours and `other` have the other colour
// than the king, the diagonal neighbours and `same` its colour.
rank::UInt192 enumerate_pieces(const detail::FreeSquares& free, const detail::PieceBudget& budget, bool colours) {
  enum Class { A, Orth, Diag, Same, Other };
  std::vector<Class> squares;
  for (int i = 0; i < free.a; ++i) squares.push_back(A);
  for (int i = 0; i < free.orth; ++i) squares.push_back(Orth);
  for (int i = 0; i < free.diag; ++i) squares.push_back(Diag);
  for (int i = 0; i < free.same; ++i) squares.push_back(Same);
  for (int i = 0; i < free.other; ++i) squares.push_back(Other);
  // Symbols: 0 empty, 1 white king, 2-5 white Q R B N, 6-9 black Q R B N.
  std::uint64_t total = 1, count = 0;
  for (std::size_t i = 0; i < squares.size(); ++i) total *= 10;
  for (std::uint64_t code = 0; code < total; ++code) {
    std::array<int, 10> n{};
    std::array<std::array<int, 2>, 2> bishops{};  // [side][on the king's colour]
    bool ok = true;
    std::uint64_t c = code;
    for (const Class k : squares) {
      const int sym = int(c % 10);
      c /= 10;
      ++n[sym];
      const bool king_or_queen = sym == 1 || sym == 2, near = k == Orth || k == Diag;
      if ((king_or_queen && near) || (sym == 5 && k == A)) ok = false;  // constraints 5-7
      if (sym == 4 || sym == 8) ++bishops[sym == 8][k == Diag || k == Same];
    }
    if (!ok || n[1] != (budget.white_king ? 1 : 0)) continue;
    const auto bishop_cost = [&](int side) {
      const int l = bishops[side][1], d = bishops[side][0];
      return colours ? std::max(0, l - 1) + std::max(0, d - 1) : std::max(0, l + d - 2);
    };
    const int wr = n[3] + budget.white_rooks_fixed, br = n[7] + budget.black_rooks_fixed;
    const int white_extra = std::max(0, n[2] - 1) + std::max(0, wr - 2) + bishop_cost(0) + std::max(0, n[5] - 2);
    const int black_extra = std::max(0, n[6] - 1) + std::max(0, br - 2) + bishop_cost(1) + std::max(0, n[9] - 2);
    const int pieces = n[2] + wr + n[4] + n[5] + n[6] + br + n[8] + n[9];
    if (white_extra <= budget.white_promotions && black_extra <= budget.black_promotions &&
        pieces + white_extra + black_extra <= budget.men)
      ++count;
  }
  return rank::UInt192(count);
}

TEST(V1Colours, PiecesMatchEnumeration) {
  const std::vector<detail::FreeSquares> shapes = {
      {1, 1, 1, 1, 1}, {2, 0, 1, 2, 0}, {0, 1, 0, 2, 2}, {1, 0, 0, 0, 4}, {0, 0, 2, 3, 0}, {1, 1, 0, 1, 2}};
  const std::vector<detail::PieceBudget> budgets = {
      {true, 0, 0, 8, 8, 38}, {true, 0, 0, 1, 0, 6}, {false, 1, 0, 0, 1, 5}, {true, 2, 2, 0, 0, 4},
      {true, 0, 0, 2, 1, 7}, {false, 0, 1, 1, 1, 3}};
  const std::size_t step = testing::SlowBuild ? 3 : 1;
  for (std::size_t i = 0; i < shapes.size(); i += step)
    for (const detail::PieceBudget& b : budgets)
      for (bool colours : {false, true}) {
        const detail::FreeSquares& s = shapes[i];
        EXPECT_EQ(detail::pieces(s, b, colours), enumerate_pieces(s, b, colours))
            << "shape " << i << " king " << b.white_king << " budget " << b.white_promotions << "/"
            << b.black_promotions << "/" << b.men << (colours ? " colours" : " no colours");
      }
}

const rank::V1Model& v1() {
  static const rank::V1Model model;
  return model;
}

// Return the positions of v1 with white to move, en passant case e and the black king on one of `kings`.
BigInt v1_part(int e, Bitboard kings) {
  BigInt total = 0;
  for (int frame = e; frame < rank::Frames; frame += rank::EnPassantCases)
    for (Bitboard b = kings; b;) total += v1().king_size(frame, pop_lsb(b)).to_big();
  return total;
}

// Without colours the count is v1's, part by part: corner, edge and centre kings, with and without en
// passant, every castling right (black's put the king on e8).
TEST(V1Colours, WithoutColoursThePartsAreV1s) {
  const std::vector<std::pair<int, Bitboard>> parts = {
      {0, square_bb(A1) | square_bb(D4) | square_bb(H8)},
      {0, square_bb(E8) | square_bb(B7)},
      {5, square_bb(C6) | square_bb(G2)},
  };
  // Under sanitizers the part with castling frames only (about 4 s in Release each).
  for (std::size_t i = testing::SlowBuild ? 1 : 0; i < (testing::SlowBuild ? 2 : parts.size()); ++i) {
    const auto [e, kings] = parts[i];
    V1ColoursOptions o;
    o.bishop_colours = false;
    o.ep_case = e;
    o.kings = kings;
    const BigInt plain = v1_colours_half(o);
    EXPECT_EQ(plain, v1_part(e, kings)) << "part " << i;
    // With colours: fewer, never more, and most of them (about 61% of v1 as a whole).
    o.bishop_colours = true;
    const BigInt coloured = v1_colours_half(o);
    EXPECT_LT(coloured, plain) << "part " << i;
    EXPECT_GT(coloured * 2, plain) << "part " << i;
  }
}

// The whole set, twice (23 s on two cores, 0.6 GB at the peak; not under sanitizers or without optimisation,
// where it would take many minutes). Without colours it is v1's N digit for digit;
// with them 2732377526224840854810592797575304095012196250 (2026-11-24), 61% of v1.
TEST(V1Colours, WholeSet) {
  if (testing::SlowBuild) GTEST_SKIP() << "many minutes in this build; the parts above run here";
  V1ColoursOptions o;
  o.bishop_colours = false;
  EXPECT_EQ(v1_colours_half(o) * 2, v1().size());
  o.bishop_colours = true;
  EXPECT_EQ(v1_colours_half(o) * 2, BigInt("2732377526224840854810592797575304095012196250"));
}

}  // namespace
}  // namespace chessrank::bound
