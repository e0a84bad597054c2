// Diagrams without promotions: placements of at most the original men of each side (king, queen,
// 2 rooks, a light and a dark bishop, 2 knights, 8 pawns) that satisfy constraints every legal such
// diagram satisfies. nopromo_count returns the exact size of that set; docs/bounds.md has the proofs.
#pragma once

#include <cstdint>
#include <vector>

#include "core/bigint.h"
#include "core/position.h"

namespace chessrank::bound {

// The board, material and constraints, generalised so that tests can compare small cases with
// enumeration and so that the documentation can show what each constraint saves.
struct NopromoShape {
  int files = 8;           // pawns per side = files; files <= 8
  int ranks = 8;           // pawns stand on the ranks 2..ranks-1; 3 <= ranks <= 8
  int queens = 1;          // per side
  int rooks = 2;
  int knights = 2;
  int light_bishops = 1;   // 0 or 1: a bishop that never promoted keeps its square colour
  int dark_bishops = 1;
  bool file_constraints = true;  // pay each side's pawn file changes (min-cost matching) with captures
  bool kings_apart = true;       // the two kings stand on non-adjacent squares
  // The two refinements below are sound but multiply the DP state (tens of seconds on 8x8), so the
  // default count leaves them out; tests check them on small boards.
  bool crossings = false;        // a crossed file costs its yielding side (needs file_constraints)
  bool home_pawns = false;       // a pawn on its start rank holds its own start file (needs file_constraints)
  int exact_costs = 4;           // costs above this are kept only as "more than exact_costs" (keeps the
                                 // state small; a coarser but still sound constraint)
};

// Return the number of men a side starts with.
inline int original_men(const NopromoShape& s) {
  return 1 + s.queens + s.rooks + s.knights + s.light_bishops + s.dark_bishops + s.files;
}

// Return the exact number of placements in the set described in docs/bounds.md ("nopromo").
BigInt nopromo_count(const NopromoShape& shape);

// One side's pawn file-change cost as defined in docs/bounds.md: the minimum over start-file sets and
// paid gaps of sum |flow| + 2 * paid gaps. pawns[f]: the side's pawns on file f; home[f]: one of them
// stands on its start rank; yields[f]: the side yields file f. Returns -1 when no start set fits.
// Exposed so tests can compare it with brute force over explicit pawn-to-file matchings.
int nopromo_side_cost(int files, const int* pawns, const bool* home, const bool* yields);

// Return, per number k of one side's queens, rooks and knights (within the shape's material), the ways to
// give k squares their kinds: the sum over q + r + n = k of k! / (q! r! n!).
std::vector<std::uint64_t> nopromo_piece_orders(const NopromoShape& shape);

// Return whether the placement of `pos` (side to move, castling and en passant ignored) lies in the set
// nopromo_count counts for this shape, saturated costs included: the same file steps as the DP, on one
// diagram. Requires an 8x8 shape.
bool nopromo_contains(const NopromoShape& shape, const Position& pos);

}  // namespace chessrank::bound
