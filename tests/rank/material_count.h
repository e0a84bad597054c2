// The number of a model's positions with a given material, counted without the model: from the frames, the
// pawn placements of pawn layers built here, and binomials for the pieces. The brute-force tests compare it
// with the members they enumerate and the indices those rank to.
#pragma once

#include <algorithm>
#include <array>
#include <initializer_list>
#include <map>
#include <memory>
#include <optional>
#include <tuple>
#include <utility>

#include "core/bigint.h"
#include "core/bitboard.h"
#include "rank/constraints.h"
#include "rank/frame.h"
#include "rank/pawn_king_layer.h"
#include "rank/pawn_layer.h"
#include "rank/v2_model.h"

namespace chessrank::testing {

// A material: men[colour][piece type].
using MaterialCounts = std::array<std::array<int, PieceTypeCount>, 2>;

// Call visit(m, cost, frame) for the white-to-move form m of `men` (as it is for white to move, colours
// exchanged for black to move) where constraints 1 and 3 admit it (one king a side, at most 8 pawns plus
// promoted men a side, bishops without colours), with cost its promoted men plus its pieces, kings included
// (what constraint 4 bounds), and for each frame whose castling rooks are among its men.
template <class Visit>
void for_each_frame(const MaterialCounts& men, Visit&& visit) {
  for (const bool black : {false, true}) {
    MaterialCounts m = men;
    if (black) std::swap(m[White], m[Black]);
    int cost = 0;
    bool admitted = true;
    for (int c = 0; c < 2; ++c) {
      const int promoted = std::max(0, m[c][Queen] - 1) + std::max(0, m[c][Rook] - 2) +
                           std::max(0, m[c][Bishop] - 2) + std::max(0, m[c][Knight] - 2);
      admitted = admitted && m[c][King] == 1 && m[c][Pawn] + promoted <= 8;
      cost += promoted + m[c][Knight] + m[c][Bishop] + m[c][Rook] + m[c][Queen] + m[c][King];
    }
    if (!admitted) continue;
    for (int i = 0; i < rank::Frames; ++i) {
      const rank::FrameInfo f = rank::frame_info(i);
      if (f.fixed.rooks[White] <= m[White][Rook] && f.fixed.rooks[Black] <= m[Black][Rook]) visit(m, cost, f);
    }
  }
}

// Return the ways to put the men of m of each kind in `kinds` (a side, a piece type) in turn on `squares`
// squares, less the frame's castling men, which stand already.
inline BigInt placements(int squares, std::initializer_list<std::pair<int, PieceType>> kinds, const MaterialCounts& m,
                         const rank::FrameInfo& f) {
  BigInt ways = 1;
  for (const auto& [side, pt] : kinds) {
    const int n = m[side][pt] - (pt == Rook ? f.fixed.rooks[side] : 0) - (pt == King && f.fixed.king[side] ? 1 : 0);
    ways *= binomial(squares, n);
    squares -= n;
  }
  return ways;
}

// Return the number of cpr positions with exactly these men (men[colour][piece type]): per side to move
// and frame, the pawn placements with each number of opposed files that constraint 4 admits, times the ways
// to put the pieces on the squares left.
inline BigInt cpr_material_count(const MaterialCounts& men) {
  static const auto layers = [] {
    std::array<std::unique_ptr<rank::PawnLayer>, rank::EnPassantCases> made;
    for (int e = 0; e < rank::EnPassantCases; ++e) made[e] = std::make_unique<rank::PawnLayer>(rank::ep_rules(e));
    return made;
  }();
  BigInt total = 0;
  for_each_frame(men, [&](const MaterialCounts& m, int cost, const rank::FrameInfo& f) {
    const int wp = m[White][Pawn], bp = m[Black][Pawn];
    const BigInt ways = placements(64 - popcount(f.fixed_squares | f.ep_empty) - wp - bp,
                                   {{0, Knight}, {0, Bishop}, {0, Rook}, {0, Queen}, {0, King}, {1, Knight},
                                    {1, Bishop}, {1, Rook}, {1, Queen}, {1, King}},
                                   m, f);
    for (int o = 0; o <= 8; ++o)
      if (cost <= rank::men_bound(wp, bp, o, rank::CprConstraints))
        total += ways * BigInt(layers[f.ep_case]->count(wp, bp, o));
  });
  return total;
}

// Return the number of v1 positions with exactly these men: per side to move, frame and black king square
// the king may take, the pawn placements by opposed files and by pawns on the king's knight squares and
// neighbours (a pawn layer of the king's rules), times the ways to put the pieces on the squares left. White
// knights stand off the knight squares (A), the white king and queens off the neighbours (B); with g the
// other free squares, placing the y knights on G first: sum over y of C(g, y) C(b, kn - y), times a + g - y
// squares for the white king (unless castling fixed it), times C(a + g - y - 1, kq) for the queens. The other
// pieces go anywhere left.
inline BigInt v1_material_count(const MaterialCounts& men) {
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
  for_each_frame(men, [&](const MaterialCounts& m, int cost, const rank::FrameInfo& f) {
    const int wp = m[0][Pawn], bp = m[1][Pawn], kq = m[0][Queen], kn = m[0][Knight];
    const bool white_king = !f.fixed.king[White];
    const Bitboard taken = f.fixed_squares | f.ep_empty;
    for (int k = 0; k < 64; ++k) {
      const rank::PawnLayer* layer = layers[f.ep_case * 64 + k].get();
      if (!layer || !rank::black_king_fits(f, Square(k))) continue;
      const int a0 = popcount(knight_attacks(Square(k)) & ~taken), b0 = popcount(king_attacks(Square(k)) & ~taken);
      const int squares = 64 - popcount(taken | square_bb(Square(k))) - wp - bp;
      // The pieces after the white king, queens and knights.
      const BigInt rest = placements(squares - (white_king ? 1 : 0) - kq - kn,
                                     {{0, Rook}, {1, Rook}, {0, Bishop}, {1, Queen}, {1, Bishop}, {1, Knight}}, m, f);
      if (rest == 0) continue;
      for (int o = 0; o <= std::min(wp, bp); ++o) {
        if (cost > rank::men_bound(wp, bp, o, rank::CprConstraints)) continue;  // v1's constraint 4
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
  });
  return total;
}

// Return the number of v2 positions (v3's without `exceptions`) with exactly these men: per side to move,
// frame and black king square the king may take, the placements of the pawns and the white king (a pawn and
// king layer of the king's rules: the white king off its neighbours, the men on its knight squares and on
// its colour counted) by those two counts, times the ways to put the pieces on the squares left: the white
// knights off the knight squares, the bishops by square colour, a side's bishops costing one promotion
// beyond the first on each colour. With `exceptions`, the en passant frames count the bishops without colours
// (beyond the first two) and let the knights on the knight squares.
inline BigInt v2_material_count(const MaterialCounts& men, bool exceptions) {
  static rank::PawnKingTables tables;
  static std::map<std::tuple<int, int, Bitboard, Bitboard, Bitboard>, std::unique_ptr<rank::PawnKingLayer>> layers;
  const auto promoted = [](int n, int free) { return std::max(0, n - free); };
  BigInt total = 0;
  for_each_frame(men, [&](const MaterialCounts& m, int, const rank::FrameInfo& f) {
    const int wp = m[0][Pawn], bp = m[1][Pawn];
    const auto others = [&](int c) {
      return promoted(m[c][Queen], 1) + promoted(m[c][Rook], 2) + promoted(m[c][Knight], 2);
    };
    int pieces = 0;  // the pieces counted in U, kings included
    for (int c = 0; c < 2; ++c)
      for (PieceType pt : {Knight, Bishop, Rook, Queen, King}) pieces += m[c][pt];
    const bool exact = !(exceptions && f.ep_case != 0);  // colours and knights
    const bool placed = !f.fixed.king[White];
    for (int k = 0; k < 64; ++k) {
      const Square king = Square(k);
      const std::optional<rank::PawnRules> pawns = rank::king_pawn_rules(f.ep_case, king);
      if (!pawns || !rank::black_king_fits(f, king)) continue;
      const Bitboard taken = f.fixed_squares | f.ep_empty | square_bb(king);
      const Bitboard layer_taken = placed ? taken : f.ep_empty | square_bb(king);
      rank::PawnKingRules rules;
      rules.pawns = *pawns;
      rules.king = ~(layer_taken | king_attacks(king));
      rules.track = exact ? knight_attacks(king) & ~layer_taken : 0;
      rules.colour = exact ? colour_squares(king) & ~layer_taken : 0;
      std::unique_ptr<rank::PawnKingLayer>& layer =
          layers[{f.ep_case, k, rules.king, rules.track, rules.colour}];
      if (!layer) {  // in the model's order of the files, where layers share most of their tables
        const rank::FileOrder order = rank::pawn_file_order(f.ep_case, king, !exceptions, true);
        layer = std::make_unique<rank::PawnKingLayer>(rules, order, tables);
      }
      const int a0 = exact ? popcount(knight_attacks(king) & ~taken) : 0;
      const int y0 = exact ? popcount(colour_squares(king) & ~taken) : 0;
      const int free0 = 64 - popcount(taken) - (placed ? 1 : 0);
      for (int o = 0; o <= std::min(wp, bp); ++o) {
        const rank::PawnKingLayer::Block classes = layer->classes(rank::PawnBlock.index[wp][bp][o], placed);
        const int u = rank::men_bound(wp, bp, o, rank::CprConstraints);  // v2's constraint 4
        for (int t = 0; t < classes.tracks; ++t)
          for (int c = 0; c < classes.colours; ++c) {
            const std::uint64_t p = classes.at(t, c);
            if (!p) continue;
            // The free squares: the knight squares (a, of the other colour than the king's), those of the
            // king's colour (n2), the rest (n1).
            const int a = a0 - t, n2 = y0 - c, n1 = free0 - wp - bp - a - n2;
            BigInt ways = 0;
            for (int k1 = 0; k1 <= m[0][Knight]; ++k1) {  // white knights: k1 on set 1, the rest on set 2
              const int k2 = m[0][Knight] - k1;
              const BigInt knights = binomial(n1, k1) * binomial(n2, k2);
              if (knights == 0) continue;
              const int x = a + n1 - k1, y = n2 - k2;  // free squares of each colour after them
              // Bishops: lw and lb on the other colour than the king's, the rest on its colour; without
              // colours (y = 0 then), all on the x squares, costing promotions beyond the first two.
              for (int lw = 0; lw <= m[0][Bishop]; ++lw)
                for (int lb = 0; lb <= m[1][Bishop]; ++lb) {
                  const int dw = m[0][Bishop] - lw, db = m[1][Bishop] - lb;
                  if (!exact && (dw || db)) continue;
                  const int prom_w = others(0) + (exact ? promoted(lw, 1) + promoted(dw, 1) : promoted(lw, 2));
                  const int prom_b = others(1) + (exact ? promoted(lb, 1) + promoted(db, 1) : promoted(lb, 2));
                  if (prom_w > 8 - wp || prom_b > 8 - bp || prom_w + prom_b + pieces > u) continue;
                  const BigInt bishops =
                      binomial(x, lw) * binomial(x - lw, lb) * binomial(y, dw) * binomial(y - dw, db);
                  ways += knights * bishops *
                          placements(x + y - lw - lb - dw - db,
                                     {{0, Rook}, {1, Rook}, {0, Queen}, {1, Queen}, {1, Knight}}, m, f);
                }
            }
            total += BigInt(p) * ways;
          }
      }
    }
  });
  return total;
}

}  // namespace chessrank::testing
