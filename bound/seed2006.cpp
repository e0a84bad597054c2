#include "bound/seed2006.h"

#include <cstdlib>
#include <map>
#include <tuple>

#include "bound/army.h"
#include "core/bitboard.h"
#include "core/types.h"

namespace chessrank::bound {

namespace {

bool is_edge(int s) { return s < 8 || s >= 56; }
bool adjacent(int a, int b) { return distance(Square(a), Square(b)) == 1; }
bool orthogonally_adjacent(int a, int b) { return adjacent(a, b) && (a % 8 == b % 8 || a / 8 == b / 8); }

// Return the seed program's `count fixp pspace fixwr fixbr`.
BigInt count(int fixp, int pspace, int fixwr, int fixbr) {
  const int np = 8 - fixp;
  const auto white = armies({np, 2 - fixwr, false});
  const auto black = armies({np, 2 - fixbr, false});
  const int c0 = 30 - 2 * fixp - fixwr - fixbr;  // men that can be captured, less the pawns and pieces on board
  return pair_sum(
      white, black, [&](int wp, int bp) { return 62 - 4 * fixp - fixwr - fixbr - wp - bp; },
      [&](int wp, int bp, int t) -> BigInt {
        // wproms <= bpx + caps and bproms <= wpx + caps, rewritten in t = proms + pieces of both sides.
        if (t > np + c0 - wp - 2 * bp || t > np + c0 - 2 * wp - bp) return 0;
        return trinomial(pspace, wp, bp);
      });
}

struct Fixed {
  int king = -1;     // square of a king fixed by castling rights, or -1
  int rooks[2] = {-1, -1};
};

}  // namespace

long free_king_pairs(int edge) {
  long n = 0;
  for (int w = 0; w < 64; ++w)
    for (int b = 0; b < 64; ++b)
      if (w != b && !adjacent(w, b) && int(is_edge(w)) + int(is_edge(b)) == edge) ++n;
  return n;
}

SeedResult seed2006_count(const SeedOptions& options) {
  std::map<std::tuple<int, int, int, int>, BigInt> memo;
  auto cached = [&](int fixp, int pspace, int fwr, int fbr) -> const BigInt& {
    auto key = std::make_tuple(fixp, pspace, fwr, fbr);
    auto it = memo.find(key);
    if (it == memo.end()) it = memo.emplace(key, count(fixp, pspace, fwr, fbr)).first;
    return it->second;
  };
  // Grouped by (white rights, black rights, edge kings): number of king configurations.
  std::map<std::tuple<int, int, int>, long> classes;
  const int max_rights = options.castling ? 15 : 0;
  for (int cr = 0; cr <= max_rights; ++cr) {
    const int wr = __builtin_popcount(unsigned(cr & WhiteCastling));
    const int br = __builtin_popcount(unsigned(cr & BlackCastling));
    std::vector<int> occupied;
    std::vector<int> rooks[2];
    for (CastlingRights right : {WhiteKingside, WhiteQueenside, BlackKingside, BlackQueenside})
      if (cr & right) {
        const int rook = castling_rook_square(right);
        occupied.push_back(rook);
        rooks[right & WhiteCastling ? White : Black].push_back(rook);
      }
    // A king with a castling right is on its home square; the other king goes anywhere else that is not
    // adjacent to it and not orthogonally next to an enemy rook that never moved: such a check can neither
    // stand with the checked side to move nor have been given by the last move.
    auto allowed = [&](int square, int other_king, Color c) {
      if (square == other_king || adjacent(square, other_king)) return false;
      for (int o : occupied)
        if (o == square) return false;
      for (int rook : rooks[~c])
        if (orthogonally_adjacent(square, rook)) return false;
      return true;
    };
    for (int w = 0; w < 64; ++w) {
      if (wr > 0 && w != E1) continue;
      for (int b = 0; b < 64; ++b) {
        if (br > 0 && b != E8) continue;
        if (!allowed(w, b, White) || !allowed(b, w, Black)) continue;
        ++classes[{wr, br, int(is_edge(w)) + int(is_edge(b))}];
      }
    }
  }
  SeedResult result;
  result.total = 0;
  for (const auto& [key, configurations] : classes) {
    const auto [wr, br, edge] = key;
    BigInt per = cached(0, 46 + edge, wr, br);
    // The 14 = 8 files * 2 capturing sides - 2 edge files with one neighbour.
    if (options.en_passant) per += 14 * cached(1, 42 + edge, wr, br);
    if (options.both_sides) per *= 2;
    KingClass k{wr, br, edge, configurations, per * configurations};
    result.total += k.positions;
    result.classes.push_back(std::move(k));
  }
  return result;
}

}  // namespace chessrank::bound
