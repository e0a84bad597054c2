// NULP counts (nulp/nulp.h) against the published figures (../shared/reference/nulp.md) and against a
// brute force that shares nothing with the library: it enumerates every position of an endgame, judges it
// with its own attack test, and counts the positions that are the least of their equivalence class (under
// every transformation the definition allows it), so it needs neither Burnside's lemma, nor the
// generating functions, nor the patterns by which the library counts castling and en passant rights.
#include "nulp/nulp.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <vector>

#include "tests/support/build_flavour.h"

namespace chessrank::nulp {
namespace {

// A man: colour (0 white, 1 black) and piece (0 king, then queen, rook, bishop, knight, pawn).
struct Man {
  int colour, piece;
};
constexpr int King = 0, Queen = 1, Rook = 2, Bishop = 3, Knight = 4, Pawn = 5;

struct BruteCount {
  std::uint64_t unique = 0, castling = 0, stronger_to_move = 0, positions = 0;
};

class BruteForce {
 public:
  // castling_only: enumerate only the placements where each side's rooks stand in its corners and its king
  // on its square when it has rooks, and count only positions with castling rights. That is every
  // position with rights when a side has at most one rook and only one side has any.
  explicit BruteForce(const Board& b, bool castling_only = false) : b_(b), castling_only_(castling_only) {}

  // Count the classes of an endgame: material m (the stronger side white) and its colour swap.
  BruteCount count(const Material& m) {
    BruteCount c;
    std::vector<Material> parts{m};
    if (m.swapped() != m) parts.push_back(m.swapped());
    for (const Material& part : parts)
      for (int stm = 0; stm < 2; ++stm) {
        std::vector<Man> men{{0, King}, {1, King}};
        for (int colour = 0; colour < 2; ++colour)
          for (int k = 0; k < 5; ++k)
            for (int n = 0; n < part.side[std::size_t(colour)][std::size_t(k)]; ++n) men.push_back({colour, k + 1});
        // The positions of (m, white to move) and (swap m, black to move) are the stronger side's to move.
        const bool strong = (part == m) == (stm == 0) || m.swapped() == m;
        std::vector<int> squares(men.size(), -1);
        board_.assign(std::size_t(b_.squares()), -1);
        place(men, squares, 0, [&] { visit(men, squares, stm, strong, c); });
      }
    return c;
  }

 private:
  // Put men[i..] on the board, identical men on increasing squares, and call done for each placement.
  void place(const std::vector<Man>& men, std::vector<int>& sq, std::size_t i, const std::function<void()>& done) {
    if (i == men.size()) return done();
    const bool same = i > 0 && men[i].colour == men[i - 1].colour && men[i].piece == men[i - 1].piece;
    for (int s = same ? sq[i - 1] + 1 : 0; s < b_.squares(); ++s) {
      if (board_[std::size_t(s)] >= 0) continue;
      if (men[i].piece == Pawn && !pawn_may_stand(men[i].colour, s / b_.files)) continue;
      if (castling_only_ && !at_home(men, i, s)) continue;
      board_[std::size_t(s)] = men[i].colour * 6 + men[i].piece;
      sq[i] = s;
      place(men, sq, i + 1, done);
      board_[std::size_t(s)] = -1;
    }
  }
  bool at_home(const std::vector<Man>& men, std::size_t i, int s) const {
    const int home = men[i].colour == 0 ? 0 : b_.ranks - 1;
    if (men[i].piece == Rook) return s == home * b_.files || s == home * b_.files + 7;
    const bool rooks =
        std::any_of(men.begin(), men.end(), [&](const Man& m) { return m.colour == men[i].colour && m.piece == Rook; });
    return men[i].piece != King || !rooks || s == home * b_.files + 4;
  }
  bool pawn_may_stand(int colour, int r) const {
    if (b_.standard()) return r >= 1 && r <= b_.ranks - 2;
    return colour == 0 ? r <= b_.ranks - 2 : r >= 1;
  }
  int at(int f, int r) const {
    return f < 0 || r < 0 || f >= b_.files || r >= b_.ranks ? -2 : board_[std::size_t(r * b_.files + f)];
  }
  // Return whether a man of `colour` attacks square (tf, tr), by looking from it outwards.
  bool attacked(int colour, int tf, int tr) const {
    const auto is = [&](int f, int r, int piece) { return at(f, r) == colour * 6 + piece; };
    for (int df = -1; df <= 1; ++df)
      for (int dr = -1; dr <= 1; ++dr) {
        if (!df && !dr) continue;
        if (is(tf + df, tr + dr, King)) return true;
        for (int j = 1;; ++j) {
          const int o = at(tf + j * df, tr + j * dr);
          if (o == -2) break;
          if (o == -1) continue;
          const bool line = df && dr ? o == colour * 6 + Bishop : o == colour * 6 + Rook;
          if (line || o == colour * 6 + Queen) return true;
          break;
        }
      }
    for (const auto& [df, dr] : {std::pair{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}})
      if (is(tf + df, tr + dr, Knight)) return true;
    const int back = colour == 0 ? -1 : 1;  // a white pawn attacks upwards, from the rank below
    return is(tf - 1, tr + back, Pawn) || is(tf + 1, tr + back, Pawn);
  }

  void visit(const std::vector<Man>& men, const std::vector<int>& sq, int stm, bool strong, BruteCount& c) {
    const int ko = sq[std::size_t(1 - stm)];  // the king of the side not to move
    if (attacked(stm, ko % b_.files, ko / b_.files)) return;
    // Castling rights whose king and rook stand at home (8x8 only): K, Q, k, q.
    int available = 0;
    if (b_.standard()) {
      if (at(4, 0) == King && at(7, 0) == Rook) available |= 1;
      if (at(4, 0) == King && at(0, 0) == Rook) available |= 2;
      if (at(4, 7) == 6 + King && at(7, 7) == 6 + Rook) available |= 4;
      if (at(4, 7) == 6 + King && at(0, 7) == 6 + Rook) available |= 8;
    }
    // En passant files: the other side's pawn on its double-step rank, one of ours beside it, and no pawn
    // on the squares it passed over and came from.
    std::vector<int> passant{-1};
    if (b_.standard()) {
      const int other = 1 - stm, r = stm == 0 ? 4 : 3, dir = stm == 0 ? 1 : -1;
      for (int f = 0; f < 8; ++f) {
        const bool pushed = at(f, r) == other * 6 + Pawn;
        const bool beside = at(f - 1, r) == stm * 6 + Pawn || at(f + 1, r) == stm * 6 + Pawn;
        const auto pawn = [&](int rr) { return at(f, rr) == Pawn || at(f, rr) == 6 + Pawn; };
        if (pushed && beside && !pawn(r + dir) && !pawn(r + 2 * dir)) passant.push_back(f);
      }
    }
    for (int rights = castling_only_ ? 1 : 0; rights < 16; ++rights) {
      if (rights & ~available) continue;
      for (const int ep : passant) {
        ++c.positions;
        if (!least_of_class(men, sq, stm, rights, ep)) continue;
        ++c.unique;
        if (rights) ++c.castling;
        if (strong) ++c.stronger_to_move;
      }
    }
  }

  // A position's key: its men (type and square) sorted, side to move, castling rights, en passant file.
  static std::uint64_t key(std::vector<int>& codes, int stm, int rights, int ep) {
    std::sort(codes.begin(), codes.end());
    std::uint64_t k = 0;
    for (const int c : codes) k = k * 1024 + std::uint64_t(c);
    return ((k * 2 + std::uint64_t(stm)) * 16 + std::uint64_t(rights)) * 16 + std::uint64_t(ep + 1);
  }
  // Return whether no transformation the definition allows this position gives a smaller key.
  bool least_of_class(const std::vector<Man>& men, const std::vector<int>& sq, int stm, int rights, int ep) const {
    const bool pawns = std::any_of(men.begin(), men.end(), [](const Man& m) { return m.piece == Pawn; });
    // The geometric maps: none with castling rights; the left-right mirror with pawns; otherwise every
    // symmetry of the board (maps_: identity, mirror, then the rest).
    const std::size_t maps = rights ? 1 : pawns ? 2 : maps_.size();
    std::vector<int> codes(men.size());
    for (std::size_t i = 0; i < men.size(); ++i) codes[i] = (men[i].colour * 6 + men[i].piece) * 64 + sq[i];
    const std::uint64_t mine = key(codes, stm, rights, ep);
    for (std::size_t g = 0; g < maps; ++g)
      for (const bool swap : {false, true}) {
        for (std::size_t i = 0; i < men.size(); ++i) {
          const int s = maps_[g][std::size_t(sq[i])];
          const int image = swap ? (b_.ranks - 1 - s / b_.files) * b_.files + s % b_.files : s;
          codes[i] = ((swap ? 1 - men[i].colour : men[i].colour) * 6 + men[i].piece) * 64 + image;
        }
        // En passant exists only with pawns, where the maps are the identity and the left-right mirror.
        const int image_ep = ep >= 0 && g == 1 ? b_.files - 1 - ep : ep;
        const int image_rights = swap ? (rights >> 2 | (rights & 3) << 2) : rights;
        if (key(codes, swap ? 1 - stm : stm, image_rights, image_ep) < mine) return false;
      }
    return true;
  }
  // The board's symmetries as square maps: the identity, the left-right mirror, the top-bottom mirror and
  // the half turn, and on a square board the four maps through a diagonal.
  static std::vector<std::vector<int>> symmetries(const Board& b) {
    const int w = b.files, h = b.ranks;
    std::vector<std::function<std::pair<int, int>(int, int)>> maps{
        [](int f, int r) { return std::pair{f, r}; }, [=](int f, int r) { return std::pair{w - 1 - f, r}; },
        [=](int f, int r) { return std::pair{f, h - 1 - r}; },
        [=](int f, int r) { return std::pair{w - 1 - f, h - 1 - r}; }};
    if (w == h)
      for (const bool lr : {false, true})
        for (const bool tb : {false, true})
          maps.push_back([=](int f, int r) { return std::pair{lr ? w - 1 - r : r, tb ? h - 1 - f : f}; });
    std::vector<std::vector<int>> out;
    for (const auto& map : maps) {
      std::vector<int> perm(std::size_t(b.squares()));
      for (int s = 0; s < b.squares(); ++s) {
        const auto [f, r] = map(s % w, s / w);
        perm[std::size_t(s)] = r * w + f;
      }
      out.push_back(perm);
    }
    return out;
  }

  Board b_;
  bool castling_only_;
  std::vector<std::vector<int>> maps_ = symmetries(b_);
  std::vector<int> board_;
};

// Return the endgames with this many men (kings included), the stronger side white.
std::vector<Material> endgames(int men) {
  std::vector<Material> out;
  std::function<void(Material&, int, int)> fill = [&](Material& m, int kind, int left) {
    if (kind == 10) {
      if (!left && !stronger(m.side[1], m.side[0])) out.push_back(m);
      return;
    }
    for (int n = 0; n <= left; ++n) {
      m.side[std::size_t(kind / 5)][std::size_t(kind % 5)] = n;
      fill(m, kind + 1, left - n);
    }
    m.side[std::size_t(kind / 5)][std::size_t(kind % 5)] = 0;
  };
  Material m;
  fill(m, 0, men - 2);
  return out;
}

// Check every endgame of the board with up to max_men men against the brute force, field by field.
void expect_brute_force_agrees(const Board& board, int max_men) {
  const std::vector<EndgameCount> counted = count_endgames(board, max_men, 2);
  BruteForce brute(board);
  std::size_t checked = 0;
  for (int men = 2; men <= max_men; ++men)
    for (const Material& m : endgames(men)) {
      const BruteCount want = brute.count(m);
      const auto it =
          std::find_if(counted.begin(), counted.end(), [&](const EndgameCount& c) { return c.material == m; });
      const std::string name = endgame_name(m);
      if (it == counted.end()) {
        EXPECT_EQ(want.unique, 0u) << name << " is missing";
        continue;
      }
      ++checked;
      EXPECT_EQ(it->name, name);
      EXPECT_EQ(it->unique, want.unique) << name;
      EXPECT_EQ(it->castling, want.castling) << name;
      EXPECT_EQ(it->stronger_to_move, want.stronger_to_move) << name;
      EXPECT_EQ(it->weaker_to_move, want.unique - want.stronger_to_move) << name;
      EXPECT_EQ(it->positions, want.positions) << name;
    }
  EXPECT_EQ(checked, counted.size()) << "endgames the library lists that the brute force does not";
}

BigInt total(const std::vector<EndgameCount>& v, int men, bool castling = false) {
  BigInt sum = 0;
  for (const EndgameCount& c : v)
    if (c.material.men() == men) sum += castling ? c.castling : c.unique;
  return sum;
}

const Board Chess{8, 8};

TEST(Nulp, PublishedTotalsOfTheStandardBoard) {
  const std::vector<EndgameCount> v = count_endgames(Chess, 4);
  EXPECT_EQ(total(v, 2), 462);
  EXPECT_EQ(total(v, 3), 368079);
  EXPECT_EQ(total(v, 3, true), 211);
  EXPECT_EQ(total(v, 4), 125246598);
  EXPECT_EQ(total(v, 4, true), 113158);
}

TEST(Nulp, PublishedSingleEndgames) {
  const std::vector<std::pair<std::string, long>> published{
      {"kk", 462}, {"knk", 53806}, {"kpk", 165676}, {"kbnk", 3067466}, {"knpk", 9699457}};
  for (const auto& [name, classes] : published) {
    const EndgameCount c = count_endgame(Chess, *parse_endgame(name)).value();
    EXPECT_EQ(c.name, name);
    EXPECT_EQ(c.unique, classes) << name;
  }
  const EndgameCount kqk = count_endgame(Chess, *parse_endgame("KvKQ")).value();  // either side first
  EXPECT_EQ(kqk.name, "kqk");
  EXPECT_EQ(kqk.unique, 46137);
  EXPECT_EQ(kqk.stronger_to_move, 18081);
  EXPECT_EQ(kqk.weaker_to_move, 28056);
  // Two kings: 3,612 placements for each side to move.
  EXPECT_EQ(count_endgame(Chess, *parse_endgame("kk"))->positions, 2 * 3612);
  // Beyond MaxMen, or more men than squares: not counted.
  EXPECT_FALSE(count_endgame(Chess, *parse_endgame("kqqqqqqqk")));
  EXPECT_FALSE(count_endgame(Board{2, 2}, *parse_endgame("kqqqk")));
  // Men that fit but no legal position (two kings on a 2x2 board always touch): a row of zeros.
  EXPECT_EQ(count_endgame(Board{2, 2}, *parse_endgame("kk"))->unique, 0);
}

TEST(Nulp, PublishedTotalsOfTheFourByFourBoard) {
  const std::vector<EndgameCount> v = count_endgames(Board{4, 4}, 4);
  EXPECT_EQ(total(v, 3), 3378);
  EXPECT_EQ(total(v, 4), 227362);
}

// count_endgame counts with a variable per kind of the endgame only: every endgame up to 5 men on the
// standard board (castling, en passant) and up to 4 on boards whose symmetries fix positions, against its
// row of the table of all endgames.
TEST(Nulp, OneEndgameIsItsRowOfTheTable) {
  const std::pair<Board, int> boards[] = {{Chess, testing::unless_sanitized(5, 4)}, {Board{3, 4}, 4}, {Board{5, 5}, 4}};
  for (const auto& [board, men] : boards) {
    const std::vector<EndgameCount> table = count_endgames(board, men);
    for (const EndgameCount& row : table) {
      const EndgameCount one = count_endgame(board, row.material).value();
      EXPECT_EQ(one.name, row.name);
      EXPECT_EQ(one.unique, row.unique) << row.name;
      EXPECT_EQ(one.castling, row.castling) << row.name;
      EXPECT_EQ(one.stronger_to_move, row.stronger_to_move) << row.name;
      EXPECT_EQ(one.positions, row.positions) << row.name;
    }
  }
}

TEST(Nulp, ThreadsNeverChangeTheCounts) {
  const std::vector<EndgameCount> one = count_endgames(Chess, 5, 1), three = count_endgames(Chess, 5, 3);
  ASSERT_EQ(one.size(), three.size());
  for (std::size_t i = 0; i < one.size(); ++i) {
    EXPECT_EQ(one[i].name, three[i].name);
    EXPECT_EQ(one[i].unique, three[i].unique) << one[i].name;
    EXPECT_EQ(one[i].positions, three[i].positions) << one[i].name;
  }
}

// Small boards: every endgame up to four men, with the symmetries each shape has: the diagonals (square),
// a middle file (odd width: the mirror fixes positions, pawns or not), a middle rank (odd height).
TEST(NulpBruteForce, SmallBoards) {
  expect_brute_force_agrees(Board{4, 4}, 4);
  expect_brute_force_agrees(Board{3, 4}, 4);
  expect_brute_force_agrees(Board{4, 3}, 4);
  expect_brute_force_agrees(Board{5, 5}, testing::unless_sanitized(4, 3));
  expect_brute_force_agrees(Board{1, 4}, 3);
}

// The standard board: castling rights (krk: the rook's right with the king on e1) and the diagonal
// symmetries at three men; en passant rights and castling on both sides at four, in Release.
TEST(NulpBruteForce, StandardBoard) {
  expect_brute_force_agrees(Chess, 3);
  if (testing::Sanitized) return;
  BruteForce brute(Chess);
  const std::vector<EndgameCount> v = count_endgames(Chess, 4);
  for (const char* name : {"kpkp", "krkr"}) {
    const Material m = *parse_endgame(name);
    const BruteCount want = brute.count(m);
    const auto it = std::find_if(v.begin(), v.end(), [&](const EndgameCount& c) { return c.material == m; });
    ASSERT_NE(it, v.end());
    EXPECT_EQ(it->unique, want.unique) << name;
    EXPECT_EQ(it->castling, want.castling) << name;
    EXPECT_EQ(it->stronger_to_move, want.stronger_to_move) << name;
    EXPECT_EQ(it->positions, want.positions) << name;
  }
}

// Castling rights together with en passant rights need five men: krpkp's positions with rights, among them
// the white king on e1, the rook on a1 or h1, and a pawn of each side for en passant.
TEST(NulpBruteForce, CastlingWithEnPassant) {
  const Material m = *parse_endgame("krpkp");
  const BruteCount want = BruteForce(Chess, true).count(m);
  const EndgameCount got = count_endgame(Chess, m).value();
  EXPECT_EQ(got.castling, want.unique);
  EXPECT_EQ(want.unique, want.castling);
  EXPECT_GT(want.unique, 0u);
}

TEST(Nulp, Names) {
  EXPECT_EQ(endgame_name(*parse_endgame("KRvKRP")), "krpkr");
  EXPECT_EQ(endgame_name(*parse_endgame("knkb")), "kbkn");
  EXPECT_EQ(endgame_name(*parse_endgame("kpkq")), "kqkp");
  for (const char* bad : {"", "k", "kqkqk", "kxk", "qkk", "kkv"}) EXPECT_FALSE(parse_endgame(bad)) << bad;
  EXPECT_TRUE(parse_board("3x4"));
  for (const char* bad : {"9x9", "0x4", "8x", "8by8", "8x8x"}) EXPECT_FALSE(parse_board(bad)) << bad;
}

}  // namespace
}  // namespace chessrank::nulp
