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

constexpr int popcount(Bitboard b) {
#if defined(__POPCNT__)
  return std::popcount(b);
#else
  // Count in parallel (SWAR): without -mpopcnt GCC turns std::popcount into a slow library call.
  b = b - ((b >> 1) & 0x5555555555555555ULL);
  b = (b & 0x3333333333333333ULL) + ((b >> 2) & 0x3333333333333333ULL);
  b = (b + (b >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
  return int((b * 0x0101010101010101ULL) >> 56);
#endif
}
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

// Return the n-th (0-based, from a1) member of a set with more than n members.
inline Square nth_square(Bitboard b, int n) {
  int base = 0;
  for (int c; n >= (c = popcount(b & 0xFF)); n -= c, b >>= 8, base += 8) {
  }  // skip whole bytes by their population, then walk the last one
  while (n-- > 0) b &= b - 1;
  return Square(base + std::countr_zero(b));
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

// The tables behind the attack queries, filled by bitboard.cpp before main(). They are exposed only so
// the queries below can be inlined into the move generator; use the functions.
namespace detail {
// A fancy magic: the relevant occupancy bits of a square, times the magic, give an index into `attacks`.
struct Magic {
  Bitboard mask;
  Bitboard magic;
  const Bitboard* attacks;
  unsigned shift;
  unsigned index(Bitboard occupied) const { return unsigned(((occupied & mask) * magic) >> shift); }
};
extern Magic BishopMagics[SquareCount];
extern Magic RookMagics[SquareCount];
extern Bitboard PawnAttacks[ColorCount][SquareCount];
extern Bitboard KnightAttacks[SquareCount];
extern Bitboard KingAttacks[SquareCount];
extern Bitboard BetweenBB[SquareCount][SquareCount];
extern Bitboard LineBB[SquareCount][SquareCount];
}  // namespace detail

// Attack queries. `occupied` blocks sliders; the blocker itself is attacked.
inline Bitboard pawn_attacks(Color c, Square s) { return detail::PawnAttacks[c][s]; }
inline Bitboard knight_attacks(Square s) { return detail::KnightAttacks[s]; }
inline Bitboard king_attacks(Square s) { return detail::KingAttacks[s]; }
inline Bitboard bishop_attacks(Square s, Bitboard occupied) {
  const detail::Magic& m = detail::BishopMagics[s];
  return m.attacks[m.index(occupied)];
}
inline Bitboard rook_attacks(Square s, Bitboard occupied) {
  const detail::Magic& m = detail::RookMagics[s];
  return m.attacks[m.index(occupied)];
}
inline Bitboard queen_attacks(Square s, Bitboard occupied) {
  return bishop_attacks(s, occupied) | rook_attacks(s, occupied);
}
// Return the attacks of a piece type other than pawn from `s` (0 for a pawn or no piece).
inline Bitboard attacks(PieceType pt, Square s, Bitboard occupied) {
  switch (pt) {
    case Knight: return knight_attacks(s);
    case Bishop: return bishop_attacks(s, occupied);
    case Rook: return rook_attacks(s, occupied);
    case Queen: return queen_attacks(s, occupied);
    case King: return king_attacks(s);
    default: return 0;
  }
}

// Return the squares strictly between a and b when they share a line (rank, file, diagonal), else 0.
inline Bitboard between(Square a, Square b) { return detail::BetweenBB[a][b]; }
// Return the whole line (edge to edge) through a and b when they share one, else 0.
inline Bitboard line(Square a, Square b) { return detail::LineBB[a][b]; }
// Return whether c lies on the line through a and b (false when a and b share no line).
inline bool aligned(Square a, Square b, Square c) { return (line(a, b) & square_bb(c)) != 0; }

}  // namespace chessrank
