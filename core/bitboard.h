// Bitboards: a set of squares as a 64-bit word, bit i set for square i (a1 = bit 0, h8 = bit 63),
// plus the attack tables every other part uses. Sliding attacks come from magic bitboards; the tables
// are built once, before main(), by a static initialiser in bitboard.cpp, so do not query attacks from
// other static initialisers.
#pragma once

#include <bit>
#include <cstdint>

#include "core/types.h"

namespace chessrank {

using Bitboard = std::uint64_t;

constexpr Bitboard FileABB = 0x0101010101010101ULL;
constexpr Bitboard Rank1BB = 0xFFULL;
constexpr Bitboard DarkSquaresBB = 0xAA55AA55AA55AA55ULL;  // a1, c1, ..., b2, ...: a1 is dark
constexpr Bitboard LightSquaresBB = ~DarkSquaresBB;

constexpr Bitboard square_bb(Square s) { return Bitboard(1) << s; }
constexpr Bitboard file_bb(File f) { return FileABB << f; }
constexpr Bitboard rank_bb(Rank r) { return Rank1BB << (8 * r); }
constexpr Bitboard file_bb(Square s) { return file_bb(file_of(s)); }
constexpr Bitboard rank_bb(Square s) { return rank_bb(rank_of(s)); }

constexpr int popcount(Bitboard b) { return std::popcount(b); }
constexpr bool more_than_one(Bitboard b) { return (b & (b - 1)) != 0; }
// Return the lowest square of a non-empty set.
constexpr Square lsb(Bitboard b) { return Square(std::countr_zero(b)); }
// Return the highest square of a non-empty set.
constexpr Square msb(Bitboard b) { return Square(63 - std::countl_zero(b)); }
// Remove and return the lowest square of a non-empty set.
constexpr Square pop_lsb(Bitboard& b) {
  const Square s = lsb(b);
  b &= b - 1;
  return s;
}

// Shift every square one step north (+8), south, east (+1) or west, dropping what leaves the board.
constexpr Bitboard shift_north(Bitboard b) { return b << 8; }
constexpr Bitboard shift_south(Bitboard b) { return b >> 8; }
constexpr Bitboard shift_east(Bitboard b) { return (b & ~file_bb(FileH)) << 1; }
constexpr Bitboard shift_west(Bitboard b) { return (b & ~file_bb(FileA)) >> 1; }
constexpr Bitboard pawn_push_bb(Color c, Bitboard b) { return c == White ? shift_north(b) : shift_south(b); }
// Return the squares attacked by pawns of colour `c` standing on `b`.
constexpr Bitboard pawn_attacks_bb(Color c, Bitboard b) {
  const Bitboard f = pawn_push_bb(c, b);
  return shift_east(f) | shift_west(f);
}

// Return Chebyshev (king-step) distance between two squares.
constexpr int distance(Square a, Square b) {
  const int df = file_of(a) > file_of(b) ? file_of(a) - file_of(b) : file_of(b) - file_of(a);
  const int dr = rank_of(a) > rank_of(b) ? rank_of(a) - rank_of(b) : rank_of(b) - rank_of(a);
  return df > dr ? df : dr;
}

// Attack queries. `occupied` blocks sliders; the blocker itself is attacked.
Bitboard pawn_attacks(Color c, Square s);
Bitboard knight_attacks(Square s);
Bitboard king_attacks(Square s);
Bitboard bishop_attacks(Square s, Bitboard occupied);
Bitboard rook_attacks(Square s, Bitboard occupied);
inline Bitboard queen_attacks(Square s, Bitboard occupied) {
  return bishop_attacks(s, occupied) | rook_attacks(s, occupied);
}
// Return the attacks of a piece type other than pawn from `s`.
Bitboard attacks(PieceType pt, Square s, Bitboard occupied);

// Return the squares strictly between a and b when they share a line (rank, file, diagonal), else 0.
Bitboard between(Square a, Square b);
// Return the whole line (edge to edge) through a and b when they share one, else 0.
Bitboard line(Square a, Square b);

}  // namespace chessrank
