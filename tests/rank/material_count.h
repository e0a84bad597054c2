// The number of a model's positions with a given material, counted without the model: from the frames, the
// pawn placements of pawn layers built here, and binomials for the pieces. The brute-force tests compare it
// with the members they enumerate and the indices those rank to.
#pragma once

#include <algorithm>
#include <array>
#include <memory>
#include <optional>
#include <utility>

#include "core/bigint.h"
#include "core/bitboard.h"
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

// Return the number of v1 positions with exactly these men: per side to move, frame and black king square
// the king may take, the pawn placements by opposed files and by pawns on the king's knight squares and
// neighbours (a pawn layer of the king's rules), times the ways to put the pieces on the squares left. White
// knights stand off the knight squares (A), the white king and queens off the neighbours (B); with g the
// other free squares, placing the y knights on G first: sum over y of C(g, y) C(b, kn - y), times a + g - y
// squares for the white king (unless castling fixed it), times C(a + g - y - 1, kq) for the queens. The other
// pieces go anywhere left.
inline BigInt v1_material_count(const rank::Material& men) {
  static const auto layers = [] {
    std::array<std::unique_ptr<rank::PawnLayer>, rank::EnPassantCases * 64> made;
    for (int e = 0; e < rank::EnPassantCases; ++e)
      for (int k = 0; k < 64; ++k)
        if (const std::optional<rank::PawnRules> rules = rank::king_pawn_rules(e, Square(k))) {
          const Bitboard cells = rank::PawnCellsBB & ~rank::frame_info(e).ep_empty;
          made[e * 64 + k] = std::make_unique<rank::PawnLayer>(*rules, knight_attacks(Square(k)) & cells,
                                                               king_attacks(Square(k)) & cells);
        }
    return made;
  }();
  BigInt total = 0;
  for (const rank::MaterialCost& cost : rank::material_costs(men)) {
    const rank::Material& m = cost.men;
    const int wp = m[0][Pawn], bp = m[1][Pawn], kq = m[0][Queen], kn = m[0][Knight];
    for (int i = 0; i < rank::Frames; ++i) {
      const rank::FrameInfo f = rank::frame_info(i);
      if (!cost.has_rooks_of(f)) continue;
      const bool white_king = !f.fixed.king[White];
      for (int k = 0; k < 64; ++k) {
        const rank::PawnLayer* layer = layers[f.ep_case * 64 + k].get();
        if (!layer || !rank::black_king_fits(f, Square(k))) continue;
        const Bitboard taken = f.fixed_squares | f.ep_empty;
        const int a0 = popcount(knight_attacks(Square(k)) & ~taken), b0 = popcount(king_attacks(Square(k)) & ~taken);
        const int squares = 64 - popcount(taken | square_bb(Square(k))) - wp - bp;
        BigInt rest = 1;  // the pieces after the white king, queens and knights
        int left = squares - (white_king ? 1 : 0) - kq - kn;
        for (const auto& [c, pt] : {std::pair{0, Rook}, {1, Rook}, {0, Bishop}, {1, Queen}, {1, Bishop}, {1, Knight}}) {
          const int n = m[c][pt] - (pt == Rook ? f.fixed.rooks[c] : 0);
          rest *= binomial(left, n);
          left -= n;
        }
        if (rest == 0) continue;
        for (int o = 0; o <= std::min(wp, bp); ++o) {
          if (cost.men_cost > rank::men_bound(wp, bp, o, rank::CprConstraints)) continue;  // v1's constraint 4
          for (int t1 = 0; t1 <= layer->max_tracked1(); ++t1)
            for (int t2 = 0; t2 <= layer->max_tracked2(); ++t2) {
              const std::uint64_t p = layer->count({wp, bp, o, t1, t2});
              if (!p) continue;
              const int a = a0 - t1, b = b0 - t2, g = squares - a - b;
              BigInt front = 0;
              for (int y = 0; y <= kn; ++y) {
                const int after = a + g - y;  // the squares left to the king and the queens
                const BigInt kings = white_king ? BigInt(std::max(after, 0)) : BigInt(1);
                front += binomial(g, y) * binomial(b, kn - y) * kings *
                         binomial(white_king ? after - 1 : after, kq);
              }
              total += BigInt(p) * front * rest;
            }
        }
      }
    }
  }
  return total;
}

}  // namespace chessrank::testing
