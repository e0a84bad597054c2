// Material and pawn structure, and the men that never moved. A pawn on its start square, and a king or
// rook that keeps a castling right, stood on its square for the whole game: no man ever crossed it or
// landed on it. Flooding the board through the other squares bounds where every man can have come from.
#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/push_relabel_max_flow.hpp>

#include "core/fen.h"
#include "core/plural.h"
#include "core/promoted_men.h"
#include "legality/checks.h"
#include "legality/legality.h"

namespace chessrank::legality::detail {

namespace {

constexpr Bitboard NotFileA = ~file_bb(FileA);
constexpr Bitboard NotFileH = ~file_bb(FileH);
constexpr Bitboard NotFileAB = ~(file_bb(FileA) | file_bb(FileB));
constexpr Bitboard NotFileGH = ~(file_bb(FileG) | file_bb(FileH));

constexpr Bitboard diagonal_step(Bitboard b) {
  return ((b & NotFileH) << 9) | ((b & NotFileA) << 7) | ((b & NotFileH) >> 7) | ((b & NotFileA) >> 9);
}
constexpr Bitboard orthogonal_step(Bitboard b) {
  return (b << 8) | (b >> 8) | ((b & NotFileH) << 1) | ((b & NotFileA) >> 1);
}
constexpr Bitboard knight_step(Bitboard b) {
  return ((b & NotFileH) << 17) | ((b & NotFileA) << 15) | ((b & NotFileGH) << 10) | ((b & NotFileAB) << 6) |
         ((b & NotFileA) >> 17) | ((b & NotFileH) >> 15) | ((b & NotFileAB) >> 10) | ((b & NotFileGH) >> 6);
}

Bitboard pawn_step(Color c, Bitboard b) { return pawn_push_bb(c, b) | pawn_attacks_bb(c, b); }

// Return the squares reachable from `from` by repeated steps through `allowed` squares.
template <class Step>
Bitboard flood(Bitboard from, Bitboard allowed, Step step) {
  Bitboard reached = from;
  for (;;) {
    const Bitboard next = reached | (step(reached) & allowed);
    if (next == reached) return reached;
    reached = next;
  }
}

Bitboard step_of(PieceType pt, Bitboard b) {
  switch (pt) {
    case Knight: return knight_step(b);
    case Bishop: return diagonal_step(b);
    case Rook: return orthogonal_step(b);
    default: return diagonal_step(b) | orthogonal_step(b);
  }
}

// Return the squares on which `c` can have promoted: last-rank squares a pawn of c can reach from a start
// square it left, never crossing a man that did not move.
Bitboard promotion_squares(Color c, Bitboard fixed) {
  const Bitboard start = rank_bb(relative_rank(c, Rank2)) & ~fixed;
  const Bitboard reach = flood(start, ~fixed, [c](Bitboard b) { return pawn_step(c, b); });
  return reach & rank_bb(relative_rank(c, Rank8)) & ~fixed;
}

// The original square of c's bishop that lives on the square colour of `dark`.
Square bishop_home(Color c, bool dark) {
  // c1 is dark, f1 light; for black, f8 is dark and c8 light.
  return c == White ? (dark ? C1 : F1) : (dark ? F8 : C8);
}

// Return the promoted bishops of c on squares of one colour: all but the original, which is only
// possible on squares its home connects to.
int promoted_bishops(const Position& pos, Color c, bool dark, Bitboard fixed) {
  const Bitboard bishops = pos.pieces(c, Bishop) & (dark ? DarkSquaresBB : LightSquaresBB);
  if (!bishops) return 0;
  // Flood from the home square only until it meets one of the bishops: whether it does is all that counts.
  // The squares of this colour on ranks 3 to 6 are diagonally connected, so when none is fixed (fixed_men
  // never puts a man there) reaching one reaches them all: add the band at once.
  const Bitboard band = (rank_bb(Rank3) | rank_bb(Rank4) | rank_bb(Rank5) | rank_bb(Rank6)) &
                        (dark ? DarkSquaresBB : LightSquaresBB);
  const Bitboard allowed = ~fixed;
  const bool open_band = !(band & fixed);
  Bitboard reached = square_bb(bishop_home(c, dark));
  while (!(reached & bishops)) {
    Bitboard next = reached | (diagonal_step(reached) & allowed);
    if (open_band && (next & band)) next |= band;
    if (next == reached) return popcount(bishops);
    reached = next;
  }
  return popcount(bishops) - 1;
}

}  // namespace

Bitboard fixed_men(const Position& pos) {
  Bitboard fixed = (pos.pieces(White, Pawn) & rank_bb(Rank2)) | (pos.pieces(Black, Pawn) & rank_bb(Rank7));
  const CastlingRights cr = pos.castling_rights();
  if (cr & WhiteCastling) fixed |= square_bb(E1);
  if (cr & BlackCastling) fixed |= square_bb(E8);
  for (CastlingRights r : {WhiteKingside, WhiteQueenside, BlackKingside, BlackQueenside})
    if (cr & r) fixed |= square_bb(castling_rook_square(r));
  return fixed;
}

int min_promoted(const Position& pos, Color c, Bitboard fixed) {
  return promoted_queens_rooks_knights(pos.count(c, Queen), pos.count(c, Rook), pos.count(c, Knight)) +
         promoted_bishops(pos, c, true, fixed) + promoted_bishops(pos, c, false, fixed);
}

bool check_material(const Position& pos, std::string* reason) {
  const Bitboard fixed = fixed_men(pos);
  int total = 0;
  for (Color c : {White, Black}) {
    // min_promoted, keeping the bishop terms for the square-colour test below.
    const int bishops[2] = {promoted_bishops(pos, c, false, fixed), promoted_bishops(pos, c, true, fixed)};
    const int promoted = promoted_queens_rooks_knights(pos.count(c, Queen), pos.count(c, Rook), pos.count(c, Knight)) +
                         bishops[true] + bishops[false];
    const int pawns = pos.count(c, Pawn);
    total += promoted;
    if (pawns + promoted > 8) {
      if (reason)
        *reason = std::string(color_name(c)) + " has " + plural(pawns, "pawn") + " and at least " +
                  plural(promoted, "promoted man", "promoted men") + ", more than its 8 pawns";
      return false;
    }
    if (!promoted) continue;
    const Bitboard squares = promotion_squares(c, fixed);
    if (!squares) {
      if (reason)
        *reason = std::string(color_name(c)) + " has promoted men but none of its pawns can have reached the last rank";
      return false;
    }
    for (bool dark : {true, false}) {
      if (bishops[dark] && !(squares & (dark ? DarkSquaresBB : LightSquaresBB))) {
        if (reason)
          *reason = std::string(color_name(c)) + " has a promoted " + (dark ? "dark" : "light") +
                    "-squared bishop but can have promoted only on " + (dark ? "light" : "dark") + " squares";
        return false;
      }
    }
  }
  if (total && popcount(pos.pieces()) == 32) {
    if (reason) *reason = "promoted men but no capture: no pawn can have got past the opposing pawn on its file";
    return false;
  }
  return true;
}

namespace {

// Return min_pawn_captures(pos, c, looped) when it is at most `limit`, else InfiniteCaptures: partial
// assignments that cannot finish within the limit are dropped early. With `any`, return the cost of the
// first assignment found within the limit (a greedy one, when it is), which need not be the least.
// With `charge_unopposed`, a pawn kept on its own start file (at home or not) costs one instead of
// nothing when no enemy pawn stands ahead of it on the file: the least number of charges of check 8
// (docs/legality.md).
int pawn_captures_up_to(const Position& pos, Color c, Bitboard looped, int limit, bool any = false,
                        bool charge_unopposed = false) {
  const Bitboard start_rank = rank_bb(relative_rank(c, Rank2));
  const Bitboard pawns = pos.pieces(c, Pawn);
  // The pawns with no enemy pawn ahead: not behind one, seen from c, so ahead of none seen from ~c.
  const Bitboard unopposed = charge_unopposed ? pawns & ~ahead_on_file(~c, pos.pieces(~c, Pawn)) : 0;
  const int base = popcount(unopposed & start_rank);  // pawns at home keep their own file
  if (base > limit) return InfiniteCaptures;
  limit -= base;
  // Pawns on their start squares are their own originals; the others need distinct free start files.
  unsigned free_files = 0;
  for (int f = 0; f < 8; ++f)
    if (!(pawns & start_rank & file_bb(File(f)))) free_files |= 1u << f;
  // Fast path: every pawn alone on a free file of its own, none looped, costs nothing.
  {
    unsigned files = 0;
    bool simple = !(looped & pawns);
    for (Bitboard b = pawns & ~start_rank; b && simple;) {
      const unsigned f = 1u << file_of(pop_lsb(b));
      simple = (free_files & f) && !(files & f);
      files |= f;
    }
    if (simple) return base + popcount(unopposed & ~start_rank);
  }
  // More pawns than free files to have come from (at most 8: the arrays below hold that many).
  if (popcount(pawns & ~start_rank) > popcount(free_files)) return InfiniteCaptures;
  int cost[8][8];
  unsigned allowed[8];  // per pawn, the free files it can have come from
  int cheapest[9];      // cheapest[i]: the least the pawns from i on can cost (for pruning)
  int n = 0;
  for (Bitboard b = pawns & ~start_rank; b; ++n) {
    const Square s = pop_lsb(b);
    const int reach = relative_rank(c, s) - Rank2;  // captures it can have made: one per rank advanced
    const bool loop = looped & square_bb(s);
    allowed[n] = 0;
    cheapest[n] = InfiniteCaptures;
    for (int f = 0; f < 8; ++f) {
      int d = std::abs(int(file_of(s)) - f);
      if (loop && d == 0) d = 2;  // it left its file and came back
      // A charge is not a capture of this pawn's: its reach does not limit it.
      cost[n][f] = d == 0 && (unopposed & square_bb(s)) ? 1 : d;
      if ((free_files >> f & 1) && d <= reach) {
        allowed[n] |= 1u << f;
        cheapest[n] = std::min(cheapest[n], cost[n][f]);
      }
    }
    if (!allowed[n]) return InfiniteCaptures;
  }
  if (!n) return base;
  cheapest[n] = 0;
  for (int i = n - 1; i >= 0; --i) cheapest[i] += cheapest[i + 1];
  if (cheapest[0] > limit) return InfiniteCaptures;
  if (any) {
    // Greedy: each pawn in turn takes its cheapest file still unused. Any complete assignment bounds the
    // least from above, so one within the limit settles the question without the search.
    unsigned used = 0;
    int total = 0;
    for (int i = 0; i < n && total <= limit; ++i) {
      int best_f = -1;
      for (unsigned rest = allowed[i] & ~used; rest; rest &= rest - 1) {
        const int f = std::countr_zero(rest);
        if (best_f < 0 || cost[i][f] < cost[i][best_f]) best_f = f;
      }
      if (best_f < 0) {
        total = InfiniteCaptures;
        break;
      }
      used |= 1u << best_f;
      total += cost[i][best_f];
    }
    if (total <= limit) return base + total;
  }
  // Minimum-cost assignment of the n pawns to distinct free files: a DP over sets of files, pawn by pawn.
  // Layer i holds the sets of i files the first i pawns can occupy; only those are visited.
  int dp[256];
  std::uint8_t layer[2][70];  // at most C(8, 4) sets per layer
  int size = 1;
  layer[0][0] = 0;
  dp[0] = 0;
  bool seen[256] = {};
  for (int i = 0; i < n; ++i) {
    const std::uint8_t* cur = layer[i & 1];
    std::uint8_t* next = layer[~i & 1];
    int next_size = 0;
    for (int k = 0; k < size; ++k) {
      const unsigned mask = cur[k];
      for (unsigned rest = allowed[i] & ~mask; rest; rest &= rest - 1) {
        const int f = std::countr_zero(rest);
        const unsigned to = mask | 1u << f;
        const int v = dp[mask] + cost[i][f];
        if (v + cheapest[i + 1] > limit) continue;
        if (!seen[to]) {
          seen[to] = true;
          dp[to] = v;
          next[next_size++] = std::uint8_t(to);
        } else if (v < dp[to]) {
          dp[to] = v;
        }
      }
    }
    if (!next_size) return InfiniteCaptures;
    size = next_size;
  }
  int best = InfiniteCaptures;
  for (int k = 0; k < size; ++k) best = std::min(best, dp[layer[n & 1][k]]);
  return best >= InfiniteCaptures ? best : base + best;
}

// Return whether c's pawns need at most `budget` captures.
bool pawn_captures_within(const Position& pos, Color c, Bitboard looped, int budget) {
  return pawn_captures_up_to(pos, c, looped, budget, true) <= budget;
}

}  // namespace

int min_pawn_captures(const Position& pos, Color c, Bitboard looped) {
  return pawn_captures_up_to(pos, c, looped, InfiniteCaptures - 1);
}

bool check_pawn_structure(const Position& pos, std::string* reason) {
  if (!reason) {  // the verdict alone: stop each search at the budget
    for (Color c : {White, Black})
      if (!pawn_captures_within(pos, c, 0, missing(pos, ~c))) return false;
    return true;
  }
  for (Color c : {White, Black}) {
    const int best = min_pawn_captures(pos, c, 0);
    if (best >= InfiniteCaptures) {
      if (reason)
        *reason = std::string(color_name(c)) + "'s pawns cannot all have come from different start squares";
      return false;
    }
    const int available = missing(pos, ~c);
    if (best > available) {
      if (reason)
        *reason = std::string(color_name(c)) + "'s pawns need " + plural(best, "capture") + " but only " +
                  std::to_string(available) + " " + color_name(~c) + (available == 1 ? " man is" : " men are") +
                  " missing";
      return false;
    }
  }
  return true;
}

bool check_pawn_charges(const Position& pos, std::string* reason) {
  // Charges of c's pawns (their captures, and for each pawn that kept its file with no enemy pawn ahead or
  // promoted without capturing, the enemy pawn that left that file by a capture or was lost) come from
  // distinct captures and lost enemy pawns: pawns + promoted men need at most captures + lost(~c).
  // When each pawn of c stands alone on its file the least charges are c's pawns without an enemy pawn
  // ahead, and the inequality is check 7's, which runs first: only a file with two pawns of c can fail.
  const auto doubled = [&](Color c) { return (pos.pieces(c, Pawn) & ahead_on_file(c, pos.pieces(c, Pawn))) != 0; };
  const bool check[2] = {doubled(White), doubled(Black)};
  if (!check[White] && !check[Black]) return true;
  const Bitboard fixed = fixed_men(pos);
  const int captures = 32 - popcount(pos.pieces());
  const int promoted[2] = {min_promoted(pos, White, fixed), min_promoted(pos, Black, fixed)};
  for (Color c : {White, Black}) {
    if (!check[c]) continue;
    const int lost = 8 - pos.count(~c, Pawn) - promoted[~c];  // at least the enemy pawns lost as pawns
    const int budget = captures + lost - promoted[c];          // what is left for the pawns on the board
    // The verdict alone needs only some matching within the budget (a greedy one settles most); the
    // message gives the least.
    const int limit = reason ? InfiniteCaptures - 1 : std::max(budget, -1);
    const int need = pawn_captures_up_to(pos, c, 0, limit, !reason, true);
    if (need <= budget) continue;
    if (reason) {
      const std::string pawns = need >= InfiniteCaptures ? "more" : std::to_string(need + promoted[c]);
      *reason = std::string(color_name(c)) + "'s pawns and " + plural(promoted[c], "promoted man", "promoted men") +
                " need " + pawns + " charges (pawn captures, or " + color_name(~c) +
                " pawns gone from their files) but " + plural(captures, "capture") + " and " +
                plural(lost, std::string(color_name(~c)) + " pawn") + " lost allow " + std::to_string(captures + lost);
    }
    return false;
  }
  return true;
}

bool check_crossed_pawns(const Position& pos, std::string* reason) {
  // On a file where a black pawn stands below a white pawn, the two cannot both have stayed on that file
  // all game (pawns on one file never pass): one of the pawns of such pairs entered the file by a capture.
  // A file with two such white pawns (or two such black ones) has one automatically (only one can be the
  // file's original); otherwise the single candidate of the colour chosen pays its capture: one if it
  // came from another file, two if it left its own file and came back.
  const Bitboard wp = pos.pieces(White, Pawn), bp = pos.pieces(Black, Pawn);
  Bitboard single_white[8], single_black[8];
  int open[8];
  int count = 0;
  for (int f = 0; f < 8; ++f) {
    const Bitboard w = wp & file_bb(File(f)), b = bp & file_bb(File(f));
    if (!w || !b || lsb(b) > msb(w)) continue;
    const Bitboard high_whites = w & ~((square_bb(lsb(b)) << 1) - 1);  // white pawns above the lowest black
    const Bitboard low_blacks = b & ((square_bb(msb(w))) - 1);        // black pawns below the highest white
    if (more_than_one(high_whites) || more_than_one(low_blacks)) continue;
    single_white[count] = high_whites;
    single_black[count] = low_blacks;
    open[count++] = f;
  }
  if (!count) return true;
  const int white_budget = missing(pos, Black), black_budget = missing(pos, White);
  // Try every choice of which colour pays on each open file.
  const unsigned all = (1u << count) - 1;
  for (unsigned m = 0; m <= all; ++m) {
    Bitboard w = 0, b = 0;
    for (int i = 0; i < count; ++i) (m >> i & 1 ? w : b) |= m >> i & 1 ? single_white[i] : single_black[i];
    if (pawn_captures_within(pos, White, w, white_budget) && pawn_captures_within(pos, Black, b, black_budget))
      return true;
  }
  if (reason) {
    std::string files;
    for (int i = 0; i < count; ++i) files += std::string(files.empty() ? "" : ", ") + char('a' + open[i]);
    *reason = "black pawns below white pawns on file " + files + ": the pawns need more captures than the " +
              std::to_string(white_budget) + " by white and " + std::to_string(black_budget) +
              " by black the missing men allow";
  }
  return false;
}

bool check_enclosure(const Position& pos, std::string* reason) {
  const Bitboard fixed = fixed_men(pos);
  if (!fixed) return true;  // nothing walls anything in
  for (Color c : {White, Black}) {
    const Bitboard promo = promotion_squares(c, fixed);
    for (PieceType pt : {Knight, Bishop, Rook, Queen, King}) {
      const Bitboard men = pos.pieces(c, pt) & ~fixed;
      if (!men) continue;
      Bitboard homes;
      switch (pt) {
        case Knight: homes = square_bb(B1) | square_bb(G1); break;
        case Bishop: homes = square_bb(C1) | square_bb(F1); break;
        case Rook: homes = square_bb(A1) | square_bb(H1); break;
        case Queen: homes = square_bb(D1); break;
        default: homes = square_bb(E1); break;
      }
      if (c == Black) homes <<= 56;
      const Bitboard origins = (homes | (pt == King ? 0 : promo)) & ~fixed;
      const Bitboard reach = flood(origins, ~fixed, [pt](Bitboard b) { return step_of(pt, b); });
      if (const Bitboard stuck = men & ~reach) {
        if (reason)
          *reason = std::string("the ") + color_name(c) + " " + piece_name(pt) + " on " + square_name(lsb(stuck)) +
                    " cannot have got there past the men that never moved";
        return false;
      }
    }
  }
  return true;
}

namespace {

// The number of units that can flow from `source` to `sink` through the arcs (from, to, capacity) of a
// graph of n nodes: Boost.Graph's push-relabel maximum flow.
long max_flow(int n, int source, int sink, const std::vector<std::array<int, 3>>& arcs) {
  using Traits = boost::adjacency_list_traits<boost::vecS, boost::vecS, boost::directedS>;
  using Graph = boost::adjacency_list<
      boost::vecS, boost::vecS, boost::directedS, boost::no_property,
      boost::property<boost::edge_capacity_t, long,
                      boost::property<boost::edge_residual_capacity_t, long,
                                      boost::property<boost::edge_reverse_t, Traits::edge_descriptor>>>>;
  Graph g(static_cast<std::size_t>(n));
  auto capacity = boost::get(boost::edge_capacity, g);
  auto reverse = boost::get(boost::edge_reverse, g);
  for (const auto& [from, to, cap] : arcs) {
    const auto e = boost::add_edge(std::size_t(from), std::size_t(to), g).first;
    const auto back = boost::add_edge(std::size_t(to), std::size_t(from), g).first;
    capacity[e] = cap;
    capacity[back] = 0;
    reverse[e] = back;
    reverse[back] = e;
  }
  return boost::push_relabel_max_flow(g, std::size_t(source), std::size_t(sink));
}

}  // namespace

bool check_origins(const Position& pos, std::string* reason) {
  const Bitboard fixed = fixed_men(pos);
  if (!fixed) return true;  // every origin reaches every square: check 5 (material) counts them already
  struct Original {
    Square home;
    PieceType pt;
  };
  constexpr Original Originals[] = {{D1, Queen}, {A1, Rook}, {H1, Rook}, {C1, Bishop},
                                    {F1, Bishop}, {B1, Knight}, {G1, Knight}};
  constexpr int OriginalCount = 7;
  for (Color c : {White, Black}) {
    const Bitboard men = pos.pieces(c) & ~pos.pieces(c, King) & ~pos.pieces(c, Pawn);
    if (!men) continue;
    const Bitboard promo = promotion_squares(c, fixed);
    // The squares each original piece can have reached from home, and those a man of each kind promoted on
    // a promotion square can have: never crossing or ending on a man that did not move.
    std::array<Bitboard, OriginalCount> from_home{};
    for (int o = 0; o < OriginalCount; ++o) {
      const Square home = relative_square(c, Originals[o].home);
      const PieceType pt = Originals[o].pt;
      // A rook that keeps a castling right is fixed on its home square: it is that original.
      from_home[std::size_t(o)] = (fixed & square_bb(home))
                                      ? square_bb(home)
                                      : flood(square_bb(home), ~fixed, [pt](Bitboard b) { return step_of(pt, b); });
    }
    std::array<Bitboard, PieceTypeCount> from_promotion{};
    for (PieceType pt : {Knight, Bishop, Rook, Queen})
      from_promotion[pt] = flood(promo & ~fixed, ~fixed, [pt](Bitboard b) { return step_of(pt, b); });
    // Nodes: 0 source, 1 sink, 2 the promotions, 3.. the originals, then the men.
    const int promotions = 2, first_original = 3, first_man = first_original + OriginalCount;
    std::vector<std::array<int, 3>> arcs;
    // The pawns that can have promoted: those not on the board (none when the side has too many pawns,
    // which check 5 rejects; alone, this check must still build a valid network).
    const int promotable = std::max(0, 8 - pos.count(c, Pawn));
    arcs.push_back({promotions, 1, promotable});
    for (int o = 0; o < OriginalCount; ++o) arcs.push_back({first_original + o, 1, 1});
    int n = 0;
    for (Bitboard b = men; b; ++n) {
      const Square s = pop_lsb(b);
      const PieceType pt = type_of(pos.piece_on(s));
      const int man = first_man + n;
      arcs.push_back({0, man, 1});
      for (int o = 0; o < OriginalCount; ++o)
        if (Originals[o].pt == pt && (from_home[std::size_t(o)] & square_bb(s))) arcs.push_back({man, first_original + o, 1});
      // A promoted bishop stands on squares of its promotion square's colour: the flood keeps the colour.
      if (pt != King && (from_promotion[pt] & square_bb(s))) arcs.push_back({man, promotions, 1});
    }
    const long matched = max_flow(first_man + n, 0, 1, arcs);
    if (matched < n) {
      if (reason)
        *reason = std::string(color_name(c)) + "'s " + plural(n, "piece") + " cannot all have come from different " +
                  "origins: at most " + std::to_string(matched) + " can have been original pieces or promoted pawns " +
                  "(" + std::to_string(promotable) + " at most) that reach their squares past the men "
                  "that never moved";
      return false;
    }
  }
  return true;
}

}  // namespace chessrank::legality::detail

namespace chessrank::legality::detail {

int opposed_files(const Position& pos) {
  return popcount(files_of(ahead_on_file(White, pos.pieces(White, Pawn)) & pos.pieces(Black, Pawn)));
}

bool check_opposed_pawns(const Position& pos, std::string* reason) {
  const Bitboard fixed = fixed_men(pos);
  const int captures = 32 - popcount(pos.pieces());
  const int need = pos.count(White, Pawn) + pos.count(Black, Pawn) + min_promoted(pos, White, fixed) +
                   min_promoted(pos, Black, fixed) - 8 - captures;
  if (need <= 0) return true;
  const int opposed = opposed_files(pos);
  if (opposed >= need) return true;
  if (reason)
    *reason = plural(opposed, "file has", "files have") +
              " a black pawn above a white pawn, but the pawns and promoted men left after " +
              plural(captures, "capture") + " need " + std::to_string(need);
  return false;
}

}  // namespace chessrank::legality::detail

namespace chessrank::legality {

int min_promoted(const Position& pos, Color c) { return detail::min_promoted(pos, c, 0); }

}  // namespace chessrank::legality
