// The 2021 counting model behind Tromp's ~8.7e45 bound (../shared/reference/tromp-2021-count.md):
// kings placed as pieces, castling rights fixing king and rooks, an en passant pawn pair, and a lower
// bound on the number of files that must hold a black pawn above a white one. See docs/bounds.md.
#pragma once

#include <vector>

#include "core/bigint.h"

namespace chessrank::bound {

struct Tromp2021Options {
  bool castling = true;
  bool en_passant = true;
  bool both_sides = true;
  bool promotions = true;  // false: armies without promoted pieces (the nopromo comparison)
};

// One row of the published case table: white to move, already multiplied by m(fwr) m(fbr) e(ep).
struct Tromp2021Case {
  int fwr, fbr, ep;
  BigInt count;
};

struct Tromp2021Result {
  std::vector<Tromp2021Case> cases;  // in the order of the published table
  BigInt total;                      // sum of the cases, doubled when both_sides
};

Tromp2021Result tromp2021_count(const Tromp2021Options& options);

// Return the placements of wp white and bp black pawns with at least o designated opposed pairs,
// white to move, with (ep = 1) or without (ep = 0) an en passant pair (pawns(ep, wp, bp, o) there).
BigInt tromp2021_pawns(int ep, int wp, int bp, int o);

}  // namespace chessrank::bound
