// The number of a model's positions with a given material, counted without the model: from the frames, the
// pawn placements of a pawn layer built here, and multinomials for the pieces. The brute-force tests compare
// it with the members they enumerate and the indices those rank to.
#pragma once

#include <array>
#include <memory>

#include "core/bigint.h"
#include "rank/constraints.h"
#include "rank/frame.h"
#include "rank/pawn_layer.h"

namespace chessrank::testing {

// Return the number of cpr positions with exactly these men (men[colour][piece type]): per side to move
// and frame, the pawn placements with each number of opposed files that constraint 4 admits, times the ways
// to put the pieces on the squares left.
inline BigInt cpr_material_count(const rank::Material& men) {
  static const auto layers = [] {
    std::array<std::unique_ptr<rank::PawnLayer>, rank::EnPassantCases> made;
    for (int e = 0; e < rank::EnPassantCases; ++e) made[e] = std::make_unique<rank::PawnLayer>(rank::ep_rules(e));
    return made;
  }();
  BigInt total = 0;
  for (const rank::MaterialCost& cost : rank::material_costs(men)) {
    const rank::Material& m = cost.men;
    const int wp = m[0][Pawn], bp = m[1][Pawn];
    for (int i = 0; i < rank::Frames; ++i) {
      const rank::FrameInfo f = rank::frame_info(i);
      if (!cost.has_rooks_of(f)) continue;
      // The pieces but the frame's castling men, kind by kind, on the squares the frame and the pawns leave.
      BigInt placements = 1;
      int left = 64 - popcount(f.fixed_squares) - popcount(f.ep_empty) - wp - bp;
      for (int c = 0; c < 2; ++c)
        for (PieceType pt : {Knight, Bishop, Rook, Queen, King}) {
          int k = m[c][pt];
          if (pt == Rook) k -= f.fixed.rooks[c];
          if (pt == King && f.fixed.king[c]) k = 0;
          placements *= binomial(left, k);
          left -= k;
        }
      for (int o = 0; o <= 8; ++o)
        if (cost.men_cost <= rank::men_bound(wp, bp, o, rank::CprConstraints))
          total += placements * BigInt(layers[f.ep_case]->count(wp, bp, o));
    }
  }
  return total;
}

}  // namespace chessrank::testing
