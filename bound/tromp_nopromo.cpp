#include "bound/tromp_nopromo.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <tuple>
#include <vector>

#include "bound/army.h"
#include "bound/tromp2021.h"

namespace chessrank::bound {

namespace {

// One side's armies with the same counts for the recipe: pawns, pieces (king included), the ways to order
// the pieces by kind (q! r! b! n!), whether it has two bishops; `armies` of them.
struct ArmyClass {
  int pawns, pieces;
  std::uint64_t prod;
  bool bishop_pair;
  long armies;
};

std::vector<ArmyClass> army_classes(const TrompNopromoRecipe& r) {
  std::map<std::tuple<int, int, std::uint64_t, bool>, long> merged;
  for (int q = 0; q <= r.queens; ++q)
    for (int rk = 0; rk <= r.rooks; ++rk)
      for (int b = 0; b <= r.bishops; ++b)
        for (int n = 0; n <= r.knights; ++n)
          for (int p = 0; p <= r.pawns; ++p)
            ++merged[{p, 1 + q + rk + b + n, factorial(q) * factorial(rk) * factorial(b) * factorial(n), b == 2}];
  std::vector<ArmyClass> out;
  for (const auto& [k, count] : merged)
    out.push_back({std::get<0>(k), std::get<1>(k), std::get<2>(k), std::get<3>(k), count});
  return out;
}

// Return space * (space - 1) * ... (k factors).
BigInt falling(int space, int k) {
  BigInt f = 1;
  for (int i = 0; i < k; ++i) f *= space - i;
  return f;
}

}  // namespace

TrompNopromoResult tromp_nopromo_count(const TrompNopromoRecipe& recipe) {
  TrompNopromoResult result;
  const std::vector<ArmyClass> classes = army_classes(recipe);
  for (const ArmyClass& w : classes)
    for (const ArmyClass& b : classes) {
      const int missing_white = 8 - w.pawns, missing_black = 8 - b.pawns;
      const int captures = 32 - w.pawns - b.pawns - w.pieces - b.pieces;
      // The men white's pawns can have taken to leave their files, and black's.
      const int white_leave = missing_black + captures, black_leave = missing_white + captures;
      if (white_leave < 0 || black_leave < 0) continue;
      // The recipe takes the opposed pairs from white's side only.
      const int opposed = recipe.opposed_pawns ? std::max(0, w.pawns - white_leave) : 0;
      const int space = 64 - w.pawns - b.pawns;
      BigInt count = tromp2021_pawns(0, w.pawns, b.pawns, opposed) * falling(space, w.pieces + b.pieces);
      count /= w.prod * b.prod;  // exact: the pieces of one kind are alike
      const int pairs = int(w.bishop_pair) + int(b.bishop_pair);
      if (recipe.bishop_pair_factor && pairs == 1) count = count * (space + 1) / (2 * (space - 1));
      if (recipe.bishop_pair_factor && pairs == 2) count = count * (space + 1) / (4 * (space - 3));
      count *= w.armies * b.armies;  // every pair of the two classes contributes the same
      result.by_men[std::size_t(w.pawns + b.pawns + w.pieces + b.pieces)] += count;
      result.total += count;
    }
  return result;
}

}  // namespace chessrank::bound
