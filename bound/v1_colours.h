// The exact size of `v1`'s set with bishops counted by square colour: constraint 3 in its strong form
// (promoted >= ... + max(0, light B - 1) + max(0, dark B - 1) + ...) with that promoted count used in
// constraint 4 as well. Every legal position is in it; it is counted here, not ranked, by `v1`'s
// decomposition with the colours tracked: docs/bounds.md, "v1colours", gives its levels (frame and black
// king; pawns by seven counts, among them the pawns on each class of squares around the king and on the
// king's colour; the pieces by class and colour).
//
// With bishop_colours off, bishops are counted as v1 counts them, and the result is v1's size: the test
// of everything above but the colours, which tests/bound/v1_colours_test.cpp checks on their own.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "core/bigint.h"
#include "core/bitboard.h"
#include "rank/pawn_layer.h"
#include "rank/uint192.h"

namespace chessrank::bound {

struct V1ColoursOptions {
  bool bishop_colours = true;  // off: bishops as in v1 (the count is then v1's)
  bool castling = true;        // keep the frames with castling rights
  bool en_passant = true;      // keep the frames with an en passant square
  // Keep only these black-king squares and, when >= 0, this en passant case (tests count parts).
  Bitboard kings = ~Bitboard(0);
  int ep_case = -1;
  unsigned threads = 0;  // 0: every core; the count does not depend on it
  // Called now and then with the (en passant case, king) layers done and their number.
  std::function<void(std::uint64_t done, std::uint64_t total)> progress;
};

// Return the number of positions of the set with white to move; the black-to-move half, its colour swap,
// is as large. About 12 s on two cores, 0.6 GB at the peak.
BigInt v1_colours_half(const V1ColoursOptions& options = {});

namespace detail {

// The pawn placements of one set of cell rules with these counts: pawns on the cells of `a` (the king's
// knight squares), `orth` and `diag` (its neighbours) and `colour` (squares of the king's colour). The
// first three are disjoint, with at most 8, 4 and 4 cells, as a king's are.
struct PawnClass {
  int white, black, opposed, a, orth, diag, colour;
  std::uint64_t count;
};
std::vector<PawnClass> pawn_classes(const rank::PawnRules& rules, Bitboard a, Bitboard orth, Bitboard diag,
                                    Bitboard colour);

// The free squares after the pawns: the king's knight squares (the other colour than the king's),
// orthogonal neighbours (the other colour), diagonal neighbours (its colour), the rest of its colour and
// the rest of the other colour.
struct FreeSquares {
  int a = 0, orth = 0, diag = 0, same = 0, other = 0;
};
// What the pawns and the frame leave to the pieces.
struct PieceBudget {
  bool white_king = true;        // placed here (false: castling fixed it)
  int white_rooks_fixed = 0, black_rooks_fixed = 0;
  int white_promotions = 0;      // 8 - white pawns
  int black_promotions = 0;      // 8 - black pawns
  int men = 0;                   // U of docs/ranking.md less the two kings, at most 38 as in v1
};
// Return the number of piece placements: the white king and queens on A or G, the white knights on B or
// G, the other pieces anywhere, bishops on either colour, every army within the budget. At most 32 free
// squares of each colour.
rank::UInt192 pieces(const FreeSquares& free, const PieceBudget& budget, bool bishop_colours);

}  // namespace detail
}  // namespace chessrank::bound
