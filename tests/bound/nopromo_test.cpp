#include "bound/nopromo.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <iostream>
#include <map>
#include <random>
#include <string>
#include <vector>

#include <pcg_random.hpp>

#include "bound/army.h"
#include "core/fen.h"
#include "core/movegen.h"
#include "tests/support/build_flavour.h"
#include "tests/support/corpus.h"
#include "tests/support/famous_games.h"
#include "tests/support/random_placement.h"

namespace chessrank::bound {
namespace {

enum Kind { Empty, WK, BK, WQ, BQ, WR, BR, WN, BN, WLB, BLB, WDB, BDB, WP, BP, KindCount };

bool is_light(int file, int rank) { return ((file + rank) & 1) != 0; }  // a1 (0, 0) is dark

// Return one side's cost by the definition in docs/bounds.md, enumerating every start-file set U and
// every set G of paid gaps (gap g lies right of file g; the last one is virtual): sum over real gaps of
// |pawns minus starts on the files left of it| + 2 |G|, when every home file is in U and every yielded
// file in U whose flow does not pass through has a paid adjacent gap. Returns 99 when nothing fits.
int side_cost_by_definition(int files, const std::vector<int>& pawns, const std::vector<bool>& home,
                            const std::vector<bool>& yields) {
  int total = 0;
  for (int a : pawns) total += a;
  int best = 99;
  for (int u = 0; u < (1 << files); ++u) {
    if (__builtin_popcount(unsigned(u)) != total) continue;
    bool ok = true;
    for (int f = 0; f < files; ++f) ok &= !home[std::size_t(f)] || ((u >> f) & 1);
    if (!ok) continue;
    std::vector<int> flow(std::size_t(files), 0);
    for (int f = 0, e = 0; f < files; ++f) flow[std::size_t(f)] = e += pawns[std::size_t(f)] - ((u >> f) & 1);
    for (int g = 0; g < (1 << files); ++g) {
      int cost = 2 * __builtin_popcount(unsigned(g));
      for (int f = 0; f + 1 < files; ++f) cost += std::abs(flow[std::size_t(f)]);
      bool covered = true;
      for (int f = 0; f < files; ++f) {
        if (!yields[std::size_t(f)] || !((u >> f) & 1) || pawns[std::size_t(f)] == 0) continue;
        const int in = f == 0 ? 0 : flow[std::size_t(f - 1)], out = flow[std::size_t(f)];
        const bool passes = in >= 1 || out <= -1;
        const bool paid = ((g >> f) & 1) || (f > 0 && ((g >> (f - 1)) & 1));
        covered &= passes || paid;
      }
      if (covered) best = std::min(best, cost);
    }
  }
  return best;
}

// The pawn facts the definition needs: per file, each side's pawns, whether one of them stands on its
// start rank, and whether the file is crossed (a white pawn above every black pawn on it).
struct PawnFiles {
  std::vector<int> white, black;
  std::vector<bool> white_home, black_home, crossed;
  explicit PawnFiles(int files)
      : white(std::size_t(files)), black(std::size_t(files)), white_home(std::size_t(files)),
        black_home(std::size_t(files)), crossed(std::size_t(files)) {}
};

// Return the facts of a board of `files` x `ranks` squares; pawn(f, r) is +1 for a white pawn, -1 for a
// black one, 0 otherwise. Crossings and home pawns count only when the options are on.
template <class PawnAt>
PawnFiles pawn_files(int files, int ranks, bool crossings, bool home_pawns, PawnAt&& pawn) {
  PawnFiles p(files);
  for (int f = 0; f < files; ++f) {
    const std::size_t i = std::size_t(f);
    int lowest_white = 99, highest_black = -1;
    for (int r = 0; r < ranks; ++r) {
      const int v = pawn(f, r);
      if (v > 0) ++p.white[i], lowest_white = std::min(lowest_white, r), p.white_home[i] = p.white_home[i] || r == 1;
      if (v < 0)
        ++p.black[i], highest_black = std::max(highest_black, r), p.black_home[i] = p.black_home[i] || r == ranks - 2;
    }
    p.crossed[i] = crossings && lowest_white > highest_black && highest_black >= 0 && lowest_white < 99;
  }
  if (!home_pawns) p.white_home.assign(std::size_t(files), false), p.black_home.assign(std::size_t(files), false);
  return p;
}

// Call fn(white yields, black yields) for every choice of the yielding side on each crossed file, always
// in the same order.
template <class Fn>
void for_each_yield_choice(const std::vector<bool>& crossed, Fn&& fn) {
  const std::size_t nf = crossed.size();
  unsigned mask = 0;
  for (std::size_t f = 0; f < nf; ++f) mask |= unsigned(crossed[f]) << f;
  for (unsigned y = 0;; y = (y - mask) & mask) {  // the subsets of mask in increasing order; bit f: white yields f
    std::vector<bool> wy(nf, false), by(nf, false);
    for (std::size_t f = 0; f < nf; ++f)
      if (crossed[f]) ((y >> f) & 1 ? wy : by)[f] = true;
    fn(wy, by);
    if (y == mask) break;
  }
}

// Return the (white, black) costs by the definition for every choice of yielding sides.
std::vector<std::pair<int, int>> costs_by_definition(const PawnFiles& p) {
  const int files = int(p.white.size());
  std::vector<std::pair<int, int>> out;
  for_each_yield_choice(p.crossed, [&](const std::vector<bool>& wy, const std::vector<bool>& by) {
    out.emplace_back(side_cost_by_definition(files, p.white, p.white_home, wy),
                     side_cost_by_definition(files, p.black, p.black_home, by));
  });
  return out;
}

// Count the set of docs/bounds.md on a small board by enumerating every placement and testing the
// definition directly: pawns on ranks 2..ranks-1, bishops on their colour, and, for some choice of
// yielding side on every crossed file, each side's cost within the enemy men missing.
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
  std::map<std::vector<int>, std::vector<std::pair<int, int>>> cache;  // pawn board -> (white, black) costs
  long total = 0;
  auto costs = [&]() -> const std::vector<std::pair<int, int>>& {
    std::vector<int> pawns_only(board);
    for (int& v : pawns_only) v = v == WP || v == BP ? v : Empty;
    auto it = cache.find(pawns_only);
    if (it != cache.end()) return it->second;
    const PawnFiles p = pawn_files(s.files, s.ranks, s.crossings, s.home_pawns, [&](int f, int r) {
      const int v = board[std::size_t(r * s.files + f)];
      return v == WP ? 1 : v == BP ? -1 : 0;
    });
    return cache[pawns_only] = costs_by_definition(p);
  };
  auto accept = [&] {
    if (used[WK] != 1 || used[BK] != 1) return false;
    if (s.kings_apart) {
      const auto at = [&](int kind) { return int(std::find(board.begin(), board.end(), kind) - board.begin()); };
      const int w = at(WK), b = at(BK);
      if (std::abs(w % s.files - b % s.files) <= 1 && std::abs(w / s.files - b / s.files) <= 1) return false;
    }
    if (!s.file_constraints) return true;
    int nw = 0, nb = 0;
    for (int k = WK; k < KindCount; ++k) ((k - WK) % 2 == 0 ? nw : nb) += used[k];
    for (const auto& [cw, cb] : costs())
      if (cw <= men - nb && cb <= men - nw) return true;
    return false;
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

NopromoShape small(int files, int ranks, int knights, bool constraints, bool crossings = true, bool home = true,
                   bool kings_apart = true) {
  NopromoShape s;
  s.kings_apart = kings_apart;
  s.files = files;
  s.ranks = ranks;
  s.queens = 0;
  s.rooks = 0;
  s.knights = knights;
  s.file_constraints = constraints;
  s.crossings = crossings;
  s.home_pawns = home;
  s.exact_costs = 50;  // no saturation: the brute force uses exact costs
  return s;
}

TEST(Nopromo, SmallBoardsMatchEnumeration) {
  const int knights = testing::unless_sanitized(1, 0);
  std::vector<NopromoShape> shapes = {small(2, 4, knights, true), small(2, 4, knights, false), small(3, 4, 0, true),
                                      small(2, 5, 0, true),       small(3, 3, knights, true),
                                      small(2, 5, 0, false, false, false, false), small(4, 3, 0, true)};
  // The brute force over 12 squares takes most of the time: under the sanitizers one 3x4 shape runs.
  if (!testing::Sanitized)
    shapes.insert(shapes.end(), {small(3, 4, 0, true, false, true), small(3, 4, 0, true, true, false),
                                 small(3, 4, 0, false), small(3, 4, 0, true, true, true, false)});
  for (const NopromoShape& s : shapes) {
    SCOPED_TRACE(std::to_string(s.files) + "x" + std::to_string(s.ranks) + (s.file_constraints ? " files" : "") +
                 (s.crossings ? " crossings" : "") + (s.home_pawns ? " home" : "") +
                 (s.kings_apart ? " kings apart" : ""));
    EXPECT_EQ(nopromo_count(s).get_str(), std::to_string(brute_force(s)));
  }
}

// Check the lemma behind the cost (docs/bounds.md): for every pawn-to-start matching, sum |file change|
// plus 2 per pawn matched to its own file on a yielded file is at least the defined cost; and the DP's
// cost equals the definition by enumeration.
TEST(Nopromo, SideCostIsALowerBoundOfEveryMatching) {
  std::uint64_t seed = 12345;
  auto next = [&](int n) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return int((seed >> 33) % std::uint64_t(n));
  };
  const int files = 6;
  const int trials = testing::unless_sanitized(400, 60);
  int equal = 0;
  for (int t = 0; t < trials; ++t) {
    std::vector<int> pawns(files, 0);
    std::vector<bool> home(files, false), yields(files, false);
    const int count = 1 + next(files);
    for (int i = 0; i < count; ++i) ++pawns[std::size_t(next(files))];
    for (int f = 0; f < files; ++f) {
      if (pawns[std::size_t(f)] == 0) continue;
      if (next(4) == 0) home[std::size_t(f)] = true;
      else if (next(2) == 0) yields[std::size_t(f)] = true;
    }
    // Brute force over matchings: pawn i (by file) to distinct starts.
    std::vector<int> pawn_file;
    for (int f = 0; f < files; ++f)
      for (int i = 0; i < pawns[std::size_t(f)]; ++i) pawn_file.push_back(f);
    std::vector<int> starts(files);
    for (int f = 0; f < files; ++f) starts[std::size_t(f)] = f;
    int best = 99;
    do {
      int cost = 0;
      std::vector<bool> home_done(files, false);
      for (std::size_t i = 0; i < pawn_file.size(); ++i) {
        const int f = pawn_file[i], st = starts[i];
        cost += std::abs(f - st);
        if (f == st && home[std::size_t(f)]) home_done[std::size_t(f)] = true;
        else if (f == st && yields[std::size_t(f)]) cost += 2;
      }
      bool ok = true;
      for (int f = 0; f < files; ++f) ok &= !home[std::size_t(f)] || home_done[std::size_t(f)];
      if (ok) best = std::min(best, cost);
    } while (std::next_permutation(starts.begin(), starts.end()));
    std::array<int, 8> pa{};
    std::array<bool, 8> ho{}, yi{};
    for (int f = 0; f < files; ++f)
      pa[std::size_t(f)] = pawns[std::size_t(f)], ho[std::size_t(f)] = home[std::size_t(f)],
      yi[std::size_t(f)] = yields[std::size_t(f)];
    const int dp = nopromo_side_cost(files, pa.data(), ho.data(), yi.data());
    const int defined = side_cost_by_definition(files, pawns, home, yields);
    EXPECT_EQ(dp, defined == 99 ? -1 : defined);
    EXPECT_LE(dp, best);
    equal += dp == best;
  }
  EXPECT_GT(equal, 0);
}

// Every option on (crossings, home pawns, kings apart), costs never saturated (saturation only enlarges
// the set): the smallest set nopromo_count can count.
NopromoShape strictest() {
  NopromoShape s;
  s.crossings = s.home_pawns = true;
  s.exact_costs = 16;
  return s;
}

struct GameCheck {
  long positions = 0, crossed = 0, paying = 0, tight = 0, compared = 0;

  // Check the diagram of `pos`: fail the test, naming it (where() and its FEN, built only on failure),
  // when it is outside the set; every `compare`-th diagram also compares the DP's costs with the
  // definition's.
  template <class Where>
  void check(const Position& pos, Where&& where, int compare = 25) {
    int men[2] = {0, 0};
    for (Color c : {White, Black}) {
      men[c] = popcount(pos.pieces(c));
      EXPECT_TRUE(pos.count(c, Queen) <= 1 && pos.count(c, Rook) <= 2 && pos.count(c, Knight) <= 2 &&
                  popcount(pos.pieces(c, Bishop) & LightSquaresBB) <= 1 &&
                  popcount(pos.pieces(c, Bishop) & DarkSquaresBB) <= 1)
          << where() << ": more than the original men: " << to_fen(pos);
    }
    EXPECT_GT(distance(lsb(pos.pieces(White, King)), lsb(pos.pieces(Black, King))), 1)
        << where() << ": kings adjacent: " << to_fen(pos);
    const PawnFiles p = pawn_files(8, 8, true, true, [&](int f, int r) {
      const Piece pc = pos.piece_on(make_square(File(f), Rank(r)));
      return type_of(pc) != Pawn ? 0 : color_of(pc) == White ? 1 : -1;
    });
    std::vector<std::pair<int, int>> dp;  // per choice of yielding sides, in costs_by_definition's order
    std::array<int, 8> white{}, black{};
    std::array<bool, 8> white_home{}, black_home{};
    for (std::size_t f = 0; f < 8; ++f)
      white[f] = p.white[f], black[f] = p.black[f], white_home[f] = p.white_home[f], black_home[f] = p.black_home[f];
    for_each_yield_choice(p.crossed, [&](const std::vector<bool>& white_yields, const std::vector<bool>& black_yields) {
      std::array<bool, 8> wy{}, by{};
      std::copy(white_yields.begin(), white_yields.end(), wy.begin());
      std::copy(black_yields.begin(), black_yields.end(), by.begin());
      dp.emplace_back(nopromo_side_cost(8, white.data(), white_home.data(), wy.data()),
                      nopromo_side_cost(8, black.data(), black_home.data(), by.data()));
    });
    bool inside = false, paid = false, binding = false;
    for (const auto& [cw, cb] : dp) {
      // A side's pawns changed files by capturing enemy men, -1: no start files fit at all.
      const bool fits = cw >= 0 && cb >= 0 && cw <= 16 - men[Black] && cb <= 16 - men[White];
      inside |= fits;
      paid |= fits && cw + cb > 0;
      binding |= fits && (cw == 16 - men[Black] || cb == 16 - men[White]) && cw + cb > 0;
    }
    EXPECT_TRUE(inside) << where() << ": outside the nopromo set: " << to_fen(pos);
    EXPECT_TRUE(nopromo_contains(strictest(), pos)) << where() << ": nopromo_contains refuses " << to_fen(pos);
    if (compare > 0 && positions % compare == 0) {
      std::vector<std::pair<int, int>> defined = costs_by_definition(p);
      for (auto& [cw, cb] : defined) cw = cw == 99 ? -1 : cw, cb = cb == 99 ? -1 : cb;
      EXPECT_EQ(dp, defined) << where() << ": " << to_fen(pos);
      ++compared;
    }
    ++positions;
    crossed += dp.size() > 1;  // one choice of yielding sides per crossed file
    paying += paid;
    tight += binding;
  }
};

// Soundness of the set on real play and on random games that capture with pawns often (so that files
// change and cross) and never promote: every diagram is inside, and the DP's pawn costs equal the
// definition's.
TEST(Nopromo, DiagramsOfGamesWithoutPromotionsAreInside) {
  GameCheck check;
  for (const testing::FamousGame& game : testing::famous_games()) {
    const Result<std::vector<Position>> positions = testing::play_game_positions(game.moves);
    ASSERT_TRUE(positions.ok()) << game.name << ": " << positions.error();
    for (std::size_t i = 0; i < positions->size(); ++i) {
      const Position& pos = (*positions)[i];
      // Stop at the first promotion (the Lasker trap's): the mover lost a pawn on its own move.
      if (i > 0 && (*positions)[i - 1].count(~pos.side_to_move(), Pawn) > pos.count(~pos.side_to_move(), Pawn)) break;
      check.check(pos, [&] { return std::string(game.name); }, 1);
    }
  }
  pcg64 rng(2027);
  const int games = testing::unless_sanitized(1500, 75);
  for (int g = 0; g < games; ++g) {
    Position pos = Position::start();
    for (int ply = 0; ply < 160; ++ply) {
      std::vector<Move> pool;
      for (Move m : legal_moves(pos)) {
        if (m.kind() == MoveKind::Promotion) continue;  // a legal game that never promotes
        const bool capture = !pos.empty(m.to()) || m.kind() == MoveKind::EnPassant;
        const bool pawn = type_of(pos.piece_on(m.from())) == Pawn;
        const int w = capture ? (pawn ? 12 : 3) : pawn ? 2 : 1;
        pool.insert(pool.end(), std::size_t(w), m);
      }
      if (pool.empty()) break;
      UndoInfo undo;
      pos.do_move(pool[rng(pool.size())], undo);
      check.check(pos, [&] { return "random game " + std::to_string(g) + ", ply " + std::to_string(ply + 1); });
      if (HasFailure()) return;
    }
  }
  // The games must reach what the constraints are about: crossed files, pawns that paid for file
  // changes, and diagrams where a side's cost uses up every enemy man missing.
  EXPECT_GT(check.crossed, check.positions / 50);
  EXPECT_GT(check.paying, check.positions / 4);
  EXPECT_GT(check.tight, 0);
  EXPECT_GT(check.compared, check.positions / 50);
  std::cout << check.positions << " diagrams, " << check.crossed << " with crossed files, " << check.paying
            << " with file changes paid, " << check.tight << " using every enemy man missing\n";
}

// Random placements, legal or not (tests/support/random_placement.h): whatever the options, a placement
// inside the set has at most the original men of each side, bishops on their own colours and, unless
// the shape allows it, kings apart.
TEST(Nopromo, RandomPlacementsInsideKeepTheOriginalArmies) {
  std::mt19937_64 rng(17);
  NopromoShape all;
  all.crossings = all.home_pawns = true;
  NopromoShape loose;
  loose.file_constraints = loose.kings_apart = false;
  int inside = 0;
  for (int i = 0; i < testing::unless_sanitized(100000, 10000); ++i) {
    const Position p = testing::random_placement(rng);
    for (const NopromoShape& shape : {NopromoShape(), all, loose}) {
      if (!nopromo_contains(shape, p)) continue;
      ++inside;
      EXPECT_FALSE(testing::beyond_original_army(p)) << to_fen(p);
      if (shape.kings_apart) {
        EXPECT_FALSE(king_attacks(p.king_square(White)) & p.pieces(Black, King)) << to_fen(p);
      }
    }
  }
  EXPECT_GT(inside, 100);
}

TEST(Nopromo, SaturationOnlyLoosens) {
  NopromoShape coarse, fine;
  coarse.exact_costs = 2;
  fine.exact_costs = 3;
  EXPECT_GE(nopromo_count(coarse), nopromo_count(fine));
}

TEST(Nopromo, ConstraintsCutSomethingOnSmallBoards) {
  const NopromoShape with = small(3, 4, 0, true), without = small(3, 4, 0, false);
  EXPECT_LT(nopromo_count(with), nopromo_count(without));
}

// Count the full-board placements without pawn-file constraints a second way: kings first, by
// enumerating their squares, then pawns by light and dark squares of ranks 2..7, bishops by colour,
// and queens, rooks and knights anywhere else.
BigInt placements_by_colour(bool kings_apart) {
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
  // King pairs by the light and dark squares of ranks 2..7 they take, and the light squares in all.
  std::map<std::array<int, 3>, long> king_pairs;
  for (int w = 0; w < 64; ++w)
    for (int b = 0; b < 64; ++b) {
      const bool adjacent = std::abs(w % 8 - b % 8) <= 1 && std::abs(w / 8 - b / 8) <= 1;
      if (w == b || (kings_apart && adjacent)) continue;
      std::array<int, 3> key{};
      for (int sq : {w, b}) {
        const bool light = is_light(sq % 8, sq / 8), zone = sq / 8 >= 1 && sq / 8 <= 6;
        key[0] += zone && light, key[1] += zone && !light, key[2] += light;
      }
      ++king_pairs[key];
    }
  BigInt total = 0;
  for (const auto& [key, pairs] : king_pairs) {
    const int zone_light = 24 - key[0], zone_dark = 24 - key[1];
    for (int wl = 0; wl <= 8; ++wl)
      for (int wd = 0; wl + wd <= 8; ++wd)
        for (int bl = 0; bl <= 8; ++bl)
          for (int bd = 0; bl + bd <= 8; ++bd) {
            const BigInt pawns = trinomial(zone_light, wl, bl) * trinomial(zone_dark, wd, bd);
            if (pawns == 0) continue;
            const long light = 32 - key[2] - wl - bl, dark = 32 - (2 - key[2]) - wd - bd;
            for (int kl = 0; kl <= 2; ++kl)
              for (int kd = 0; kd <= 2; ++kd) {
                const BigInt bishops = fall(light, kl) * fall(dark, kd) * (kl == 1 ? 2 : 1) * (kd == 1 ? 2 : 1);
                const long rest = light + dark - kl - kd;
                for (int cw = 0; cw <= 5; ++cw)
                  for (int cb = 0; cb <= 5; ++cb)
                    total += pairs * pawns * bishops * trinomial(int(rest), cw, cb) * others[std::size_t(cw)] *
                             others[std::size_t(cb)];
              }
          }
  }
  return total;
}

TEST(Nopromo, FullBoardPlacementsAgreeWithAColourCount) {
  for (const bool kings_apart : {false, true}) {
    NopromoShape s;
    s.file_constraints = false;
    s.kings_apart = kings_apart;
    EXPECT_EQ(nopromo_count(s), placements_by_colour(kings_apart)) << "kings apart: " << kings_apart;
  }
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
