// The proof kernel's abstraction: the goal's constraints, the completion test and the pruning rules.
#include "legality/kernel_state.h"

#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

#include "legality/checks.h"

namespace chessrank::legality::kernel {

namespace {

// The promotions by push a file can give at the end, as (white, black) pairs, each best for some window:
// a placing of the goal's pawns of the file among the state's in order (the pawns outside it are taken by
// pieces, or promote when they stand beyond it at their own promotion end).
struct Frontier {
  int size = 0;
  std::array<std::array<std::int8_t, 2>, 16> point{};

  void add(int white, int black) {
    for (int k = 0; k < size; ++k)
      if (point[k][White] >= white && point[k][Black] >= black) return;  // no better than one we have
    int kept = 0;
    for (int k = 0; k < size; ++k)
      if (!(white >= point[k][White] && black >= point[k][Black])) point[kept++] = point[k];
    size = kept;
    point[size++] = {std::int8_t(white), std::int8_t(black)};
  }
};

int count_from(Column c, int i, Color colour) { return count(c, colour) - count_below(c, i, colour); }

// Fill `out` with the frontier of file f in state column `cur`; return false when no window exists (the
// goal's pawns of the file are not a subsequence of the state's, with the unmoved pawns at their ends).
bool frontier(const Goal& g, int f, Column cur, Frontier& out) {
  const Column goal = g.col[f];
  const int n = length(cur), m = length(goal);
  const bool white_ok = g.straight[White][f], black_ok = g.straight[Black][f];
  out.size = 0;
  const auto add = [&](int white, int black) { out.add(white_ok ? white : 0, black_ok ? black : 0); };
  if (m == 0) {
    // An empty goal file: the pawns below a cut may promote if black, those above it if white.
    for (int t = 0; t <= n; ++t) add(count_from(cur, t, White), count_below(cur, t, Black));
    return true;
  }
  if (m > n) return false;
  const bool bottom = g.lock_bottom[f], top = g.lock_top[f];
  if (top) {
    // The goal's top pawn is the unmoved black pawn, the file's top: nothing above it promotes. Match the
    // rest as high as possible, which leaves the most black pawns below the window.
    if (colour_at(cur, n - 1) != colour_at(goal, m - 1)) return false;
    int i = n - 1;
    for (int j = m - 2; j >= 0; --j) {
      for (--i; i >= 0 && colour_at(cur, i) != colour_at(goal, j); --i) {
      }
      if (i < 0) return false;
    }
    if (bottom && i != 0) {
      // Both ends fixed: the window must span the file; match the middle low instead.
      if (colour_at(cur, 0) != colour_at(goal, 0) || (m == 1 && n != 1)) return false;
      int q = 0;
      for (int j = 1; j < m - 1; ++j) {
        for (++q; q < n - 1 && colour_at(cur, q) != colour_at(goal, j); ++q) {
        }
        if (q >= n - 1) return false;
      }
      i = 0;
    }
    add(0, count_below(cur, i, Black));
    return true;
  }
  for (int p = 0; p < n; ++p) {
    if (bottom && p > 0) break;  // the unmoved white pawn is the file's bottom and the goal's
    if (colour_at(cur, p) != colour_at(goal, 0)) continue;
    // The lowest window starting at p ends lowest: the most white pawns above it.
    int q = p;
    for (int j = 1; j < m && q < n; ++j)
      for (++q; q < n && colour_at(cur, q) != colour_at(goal, j); ++q) {
      }
    if (q >= n) break;  // no window from p, nor from any higher start
    add(count_from(cur, q + 1, White), count_below(cur, p, Black));
  }
  return out.size > 0;
}

// The weightings of the useful-pawn bounds: which promotions of a side weigh.
enum Squares : std::uint8_t { AllSquares, LightSquares, DarkSquares };
constexpr Squares WeightedSquares[] = {AllSquares, LightSquares, DarkSquares};

int need_on(const Needs& n, Squares sq) { return sq == AllSquares ? n.total() : sq == LightSquares ? n.light : n.dark; }

Needs needs_of(const Goal& g, const State& s, Color c) {
  const Army& a = s.army[c];
  return {std::max(0, g.light[c] - a.light), std::max(0, g.dark[c] - a.dark), a.deficit};
}

// Promotions by push available to each side, on light and on dark promotion squares.
struct Supply {
  std::array<int, 2> total{};                   // [side]
  std::array<std::array<int, 2>, 2> bishops{};  // [side][dark]: those that may become bishops
  // Add a file's promotions by push for side c.
  void add(const Goal& g, Color c, int f, int promotions) {
    total[c] += promotions;
    bishops[c][g.promotion_dark[c][f]] += std::min(promotions, int(g.bishop_cap[c][f]));
  }
};

bool covers(const Supply& s, const std::array<Needs, 2>& need) {
  for (Color c : {White, Black})
    if (s.bishops[c][0] < need[c].light || s.bishops[c][1] < need[c].dark || s.total[c] < need[c].total())
      return false;
  return true;
}

std::string file_list(const std::vector<int>& files) {
  std::string s;
  for (int f : files) {
    if (!s.empty()) s += ',';
    s += char('a' + f);
  }
  return s;
}

}  // namespace

Goal make_goal(const Position& pos) {
  Goal g;
  for (int f = 0; f < 8; ++f) {
    Column col = EmptyColumn;
    int n = 0;
    for (int r = Rank2; r <= Rank7; ++r) {
      const Piece p = pos.piece_on(make_square(File(f), Rank(r)));
      if (type_of(p) == Pawn) {
        g.pawn_rank[f][std::size_t(n)] = std::int8_t(r + 1);
        col = insert_at(col, n++, color_of(p));
      }
    }
    g.col[f] = col;
    g.lock_bottom[f] = pos.piece_on(make_square(File(f), Rank2)) == WhitePawn;
    g.lock_top[f] = pos.piece_on(make_square(File(f), Rank7)) == BlackPawn;
  }
  const CastlingRights rights = pos.castling_rights();
  const Bitboard goal_fixed = detail::fixed_men(pos);
  for (Color c : {White, Black}) {
    g.pawns[c] = pos.count(c, Pawn);
    g.nrq[c] = pos.count(c, Knight) + pos.count(c, Rook) + pos.count(c, Queen);
    g.light[c] = popcount(pos.pieces(c, Bishop) & LightSquaresBB);
    g.dark[c] = popcount(pos.pieces(c, Bishop) & DarkSquaresBB);
    g.men[c] = g.pawns[c] + g.nrq[c] + g.light[c] + g.dark[c];
    g.goal_pawns += g.pawns[c];
    int k = 0;
    for (int f = 0; f < 8; ++f)
      for (int i = count(g.col[f], c); i > 0 && k < 16; --i) g.pawn_files[c][k++] = std::int8_t(f);
    g.castle_rooks[c] = popcount(unsigned(rights & (c == White ? WhiteCastling : BlackCastling)));
  }
  for (Color c : {White, Black}) {
    const Color d = ~c;
    // d's men that never moved on c's promotion rank: its king and rooks that keep castling rights.
    const bool king_fixed = rights & (d == White ? WhiteCastling : BlackCastling);
    Bitboard fixed = king_fixed ? square_bb(relative_square(d, E1)) : 0;
    for (CastlingRights r : {WhiteKingside, WhiteQueenside, BlackKingside, BlackQueenside})
      if ((rights & r) && ((r & WhiteCastling) != 0) == (d == White)) fixed |= square_bb(castling_rook_square(r));
    for (int f = 0; f < 8; ++f) {
      const Square sq = relative_square(c, make_square(File(f), Rank8));
      const bool occupied = fixed & square_bb(sq);
      // A pawn of c on the d- or f-file's seventh rank checks d's king on its e-file home; that king never
      // moves, so the pawn is taken at once and promotes neither by a push nor by a capture.
      const bool beside_king = king_fixed && (f == FileD || f == FileF);
      g.straight[c][f] = !occupied && !beside_king;
      g.capture_from[c][f] = !beside_king;
      g.capture_onto[c][f] = !occupied;
      g.promotion_dark[c][f] = is_dark(sq);
      // A bishop promoted on a square whose diagonal exits (the squares in front of it, seen from c's
      // promotion rank) hold men that never move can never leave it: at most one bishop promoted there is
      // on the board at the end, and only if the goal has c's bishop there.
      const Bitboard exits = pawn_attacks(~c, sq);  // a bishop's only moves from a last-rank square
      const bool trapped = (exits & goal_fixed) == exits;
      g.bishop_cap[c][f] = std::int8_t(!trapped ? 8 : pos.piece_on(sq) == make_piece(c, Bishop) ? 1 : 0);
    }
    // The initial army against the goal's: the N/R/Q group kind by kind.
    Army& a = g.start[c];
    const int start[3] = {2, 2, 1}, goal[3] = {pos.count(c, Knight), pos.count(c, Rook), pos.count(c, Queen)};
    for (int k = 0; k < 3; ++k) {
      a.surplus = std::int8_t(a.surplus + std::max(0, start[k] - goal[k]));
      a.deficit = std::int8_t(a.deficit + std::max(0, goal[k] - start[k]));
    }
    a.light = 1, a.dark = 1;
    // An original bishop walled in by the unmoved pawns beside its home never left it: if the goal does
    // not have it there, an enemy piece took it there.
    const Piece pawn = make_piece(c, Pawn), bishop = make_piece(c, Bishop);
    for (Square home : {C1, F1}) {
      const Square h = relative_square(c, home);
      const Square left = relative_square(c, Square(home + 7)), right = relative_square(c, Square(home + 9));
      if (pos.piece_on(left) == pawn && pos.piece_on(right) == pawn && pos.piece_on(h) != bishop) {
        (is_dark(h) ? a.dark : a.light) -= 1;
        ++g.forced[c];
      }
    }
  }
  int w = 0;
  for (Squares white : WeightedSquares) {
    for (Squares black : WeightedSquares) {
      for (int f = 0; f < 8; ++f) {
        const bool wt = white == AllSquares || g.promotion_dark[White][f] == (white == DarkSquares);
        const bool bt = black == AllSquares || g.promotion_dark[Black][f] == (black == DarkSquares);
        g.weighting[w][f] = std::uint8_t(2 * wt + bt);
      }
      ++w;
    }
  }
  return g;
}

State initial_state(const Goal& g) {
  State s;
  const Column file = insert_at(insert_at(EmptyColumn, 0, White), 1, Black);
  s.col.fill(file);
  s.army = g.start;
  return s;
}

Tally make_tally(const Goal& g, const State& s) {
  Tally t;
  for (Column col : s.col) {
    const int n = length(col), black = std::popcount(unsigned(col & low_bits(n)));
    t.pawns[White] += n - black;
    t.pawns[Black] += black;
  }
  for (Color c : {White, Black}) {
    const Army& a = s.army[~c];
    t.left[c] = t.pawns[~c] + a.pieces(g.nrq[~c]) - g.men[~c];
    t.needs[c] = needs_of(g, s, c);
  }
  return t;
}

void add_distances(const Goal& g, const State& s, Tally& t) {
  for (Color c : {White, Black}) t.distance[c] = pawn_distance(g, s, c);
}

bool completes(const Goal& g, const State& s, const Tally& t, std::string* how) {
  const std::array<Needs, 2>& need = t.needs;
  for (Color c : {White, Black})
    if (t.pawns[c] - g.pawns[c] < need[c].total()) return false;
  Supply fixed;
  std::array<Frontier, 8> fr;
  std::array<int, 8> multi{};
  int multis = 0;
  for (int f = 0; f < 8; ++f) {
    if (!frontier(g, f, s.col[f], fr[f])) return false;
    if (fr[f].size > 1) {
      multi[multis++] = f;
      continue;
    }
    for (Color c : {White, Black}) fixed.add(g, c, f, fr[f].point[0][c]);
  }
  // Choose a point of each file with several; the files are few and so are their points.
  std::array<int, 8> choice{};
  const auto choose = [&](auto&& self, int k, const Supply& sup) -> bool {
    if (k == multis) return covers(sup, need);
    const int f = multi[k];
    for (int p = 0; p < fr[f].size; ++p) {
      Supply next = sup;
      for (Color c : {White, Black}) next.add(g, c, f, fr[f].point[p][c]);
      choice[k] = p;
      if (self(self, k + 1, next)) return true;
    }
    return false;
  };
  if (!choose(choose, 0, fixed)) return false;
  if (how) {
    std::string text;
    for (Color c : {White, Black}) {
      if (!need[c].total()) continue;
      std::vector<int> files;
      for (int f = 0; f < 8; ++f) {
        int p = 0;
        for (int k = 0; k < multis; ++k)
          if (multi[k] == f) p = choice[k];
        if (fr[f].point[p][c]) files.push_back(f);
      }
      if (!text.empty()) text += "; ";
      text += std::string(color_name(c)) + " promotes " + std::to_string(need[c].total()) + " by pushes on " +
              file_list(files);
    }
    *how = text.empty() ? "pieces make the captures left" : "pieces make the captures left; " + text;
  }
  return true;
}

// Return whether file f needs no capture any more: it is the goal's file with black pawns below and white
// pawns above, which promote by pushes.
bool settled(const Goal& g, int f, Column cur) {
  const Column goal = g.col[f];
  const int n = length(cur), m = length(goal);
  const unsigned goal_bits = goal & low_bits(m);
  for (int a = 0; a + m <= n; ++a) {
    const int b = n - m - a;
    if ((a && !g.straight[Black][f]) || (b && !g.straight[White][f])) continue;
    const unsigned bits = cur & low_bits(n);
    if ((bits & low_bits(a)) == low_bits(a) && ((bits >> a) & low_bits(m)) == goal_bits && !(bits >> (a + m)))
      return true;
  }
  return false;
}

// Return the fewest captures that can touch every unsettled file: a capture touches at most two adjacent
// files (a pawn's file and the one it enters), a piece taking a pawn one.
int unsettled_cover(const Goal& g, const State& s) {
  int cover = 0;
  for (int f = 0; f < 8; ++f) {
    if (settled(g, f, s.col[f])) continue;
    ++cover;
    ++f;  // the same capture may settle the next file
  }
  return cover;
}

int pawn_distance(const Goal& g, const State& s, Color c) {
  const int k = g.pawns[c];
  if (!k) return 0;
  std::array<int, 16> from{};
  int n = 0;
  for (int f = 0; f < 8; ++f)
    for (int i = count(s.col[f], c); i > 0 && n < 16; --i) from[n++] = f;
  constexpr int Inf = 1000;
  if (k > n) return Inf;
  // A minimum-cost matching on a line, pawns and goal pawns sorted by file, every goal pawn matched:
  // cost[j], the least cost of matching the goal pawns so far using the first j pawns.
  std::array<int, 17> cost;
  cost.fill(0);
  for (int i = 0; i < k; ++i) {
    std::array<int, 17> next;
    next[i] = Inf;
    for (int j = i + 1; j <= n - (k - 1 - i); ++j)
      next[j] = std::min(j > i + 1 ? next[j - 1] : Inf, cost[j - 1] + std::abs(from[j - 1] - g.pawn_files[c][i]));
    for (int j = n - (k - 1 - i) + 1; j <= n; ++j) next[j] = next[j - 1];
    cost = next;
  }
  return cost[n];
}

bool feasible(const Goal& g, const State& s, const Tally& t) {
  const std::array<int, 2>& left = t.left;
  for (Color c : {White, Black})
    if (t.pawns[c] - g.pawns[c] < t.needs[c].total() || left[c] < 0) return false;
  // Each goal pawn of a colour a file lacks enters it by a capture of that colour.
  int enter[2] = {0, 0};
  for (int f = 0; f < 8; ++f)
    for (Color c : {White, Black}) enter[c] += std::max(0, count(g.col[f], c) - count(s.col[f], c));
  if (enter[White] > left[White] || enter[Black] > left[Black]) return false;
  for (Color c : {White, Black})
    if (t.distance[c] > left[c]) return false;
  return unsettled_cover(g, s) <= left[White] + left[Black];
}

namespace {

// Return the pairs of a file's pawns with the black one below the white one: rare in games (a black pawn
// below a white one stands on its second or third rank), so a guide against kernels that place pawns where
// the ranks rule them out.
int inversions(Column c) {
  int pairs = 0, black_below = 0;
  for (int i = 0, n = length(c); i < n; ++i) {
    if (colour_at(c, i) == Black) ++black_below;
    else pairs += black_below;
  }
  return pairs;
}

}  // namespace

int shortfall(const Goal& g, const State& s, const Tally& t) {
  int inverted = 0;
  for (int f = 0; f < 8; ++f) inverted += std::max(0, inversions(s.col[f]) - inversions(g.col[f]));
  int enter = 4 * inverted;
  for (int f = 0; f < 8; ++f)
    for (Color c : {White, Black}) enter += std::max(0, count(g.col[f], c) - count(s.col[f], c));
  return unsettled_cover(g, s) + enter + t.distance[White] + t.distance[Black];
}

namespace {

// The heaviest pattern of useful_pawns with white pawns above weighing `white` and black pawns below `black`.
int useful_weighted(Column goal, Column cur, int white, int black) {
  const int n = length(cur), m = length(goal);
  // Over the pawns from the bottom: `below`, the heaviest pattern still in its first part (black pawns);
  // mid[j], in its middle part having used goal pawns below index j only; `above`, in its last part.
  // Moving on to the next part is free, so mid[0] >= below and above >= every mid[j].
  constexpr int None = -100;
  std::array<int, 8> mid;
  mid.fill(None);
  int below = 0, above = 0;
  for (int i = 0; i < n; ++i) {
    const Color x = colour_at(cur, i);
    mid[0] = std::max(mid[0], below);
    for (int j = 0; j <= m; ++j) above = std::max(above, mid[j]);
    // x as the goal pawn k of the middle part, after those below j: from the top down, so that an entry
    // raised for x is not raised again for x.
    for (int j = m - 1; j >= 0; --j) {
      if (mid[j] == None) continue;
      for (int k = j; k < m; ++k)
        if (colour_at(goal, k) == x) mid[k + 1] = std::max(mid[k + 1], mid[j] + 1);
    }
    above += x == White ? white : 0;
    below += x == Black ? black : 0;
  }
  for (int j = 0; j <= m; ++j) above = std::max(above, mid[j]);
  return std::max(above, below);
}

}  // namespace

UsefulFile useful_pawns(const Goal& g, int f, Column cur) {
  UsefulFile u{};
  const int white_max = g.straight[White][f] ? 1 : 0, black_max = g.straight[Black][f] ? 1 : 0;
  for (int white = 0; white <= 1; ++white)
    for (int black = 0; black <= 1; ++black)
      u[2 * white + black] = std::int8_t(useful_weighted(g.col[f], cur, white * white_max, black * black_max));
  return u;
}

int useful_slack_all(const Goal& g, const Tally& t, const Useful& useful) {
  return t.left[White] + t.left[Black] - g.goal_pawns + useful.sum[0] - t.needs[White].total() - t.needs[Black].total();
}

void set_useful(const Goal& g, Useful& u, int f, const UsefulFile& value) {
  for (int w = 0; w < Weightings; ++w) u.sum[w] = std::int16_t(u.sum[w] - u.file[f][g.weighting[w][f]] + value[g.weighting[w][f]]);
  u.file[f] = value;
}

int useful_slack(const Goal& g, const Tally& t, const Useful& useful) {
  const int base = t.left[White] + t.left[Black] - g.goal_pawns;
  int least = 1000;
  int w = 0;
  for (Squares white : WeightedSquares)
    for (Squares black : WeightedSquares)
      least = std::min(least, base + useful.sum[w++] - need_on(t.needs[White], white) - need_on(t.needs[Black], black));
  return least;
}

}  // namespace chessrank::legality::kernel
