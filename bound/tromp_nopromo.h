// Tromp's count of chess diagrams without promotion, 2891398339895958031893456691621753206624
// (../shared/reference/tromp-nopromo.md, restated from the 2021 ranking project's CountNoProms): every pair
// of armies without promoted pieces, pawns on ranks 2 to 7 with the opposed pairs the missing men force,
// pieces and kings on the rest, and an approximate factor for two bishops of a side on opposite colours.
// It is not a proven bound: the bishop-pair factor approximates, it does not bound. See docs/bounds.md.
#pragma once

#include <array>

#include "core/bigint.h"

namespace chessrank::bound {

// The recipe's ingredients; the defaults give the published number.
struct TrompNopromoRecipe {
  bool bishop_pair_factor = true;  // scale a side's two bishops by the opposite-colours factor
  bool opposed_pawns = true;       // require the opposed pawn pairs white's surplus pawns force
  // The most of each kind a side may have: queens, rooks, bishops, knights, pawns (the original set).
  int queens = 1, rooks = 2, bishops = 2, knights = 2, pawns = 8;
};

struct TrompNopromoResult {
  BigInt total;
  std::array<BigInt, 33> by_men{};  // the total split by the number of men on the board, kings included
};

TrompNopromoResult tromp_nopromo_count(const TrompNopromoRecipe& recipe);

}  // namespace chessrank::bound
