// The model of the Haskell program in seed 002 (Tromp, improving Entriken's 2006 bound): kings placed
// first on non-adjacent squares, castling rights fixing king and rooks, an optional en passant pawn
// pair, and both armies with promotions charged to missing pawns. See docs/bounds.md.
#pragma once

#include <vector>

#include "core/bigint.h"

namespace chessrank::bound {

struct SeedOptions {
  bool castling = true;     // count positions with castling rights
  bool en_passant = true;   // count positions with an en passant capture available
  bool both_sides = true;   // count both sides to move (else white to move only)
};

// King placements of one castling class, found by enumerating squares.
struct KingClass {
  int white_rights;  // castling rights of white: 0, 1 or 2 (then the white king is on e1)
  int black_rights;
  int edge_kings;    // kings on ranks 1 and 8 (the other kings stand on the 48 pawn squares)
  long configurations;
  BigInt positions;  // configurations * (placements of the rest), side to move included per options
};

struct SeedResult {
  std::vector<KingClass> classes;
  BigInt total;
};

// Return the seed program's count: with default options its `main`, with castling, en passant and
// both_sides all off its `main0` (diagrams).
SeedResult seed2006_count(const SeedOptions& options);

// Return the number of ordered pairs (white king, black king) on non-adjacent squares with `edge`
// kings on ranks 1 and 8 (0, 1 or 2): the program's 1952, 1448 and 212.
long free_king_pairs(int edge);

}  // namespace chessrank::bound
