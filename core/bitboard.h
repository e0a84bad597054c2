// Bitboards: a set of squares as a 64-bit word, bit i set for square i (a1 = bit 0, h8 = bit 63),
// plus the attack tables every other part uses. Sliding attacks come from magic bitboards; the tables
// are built once, before main(), by a static initialiser in bitboard.cpp, so do not query attacks from
// other static initialisers.
#pragma once

#include <array>
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
// Return the squares of the colour of s (a bishop on s never leaves them).
constexpr Bitboard colour_squares(Square s) { return is_dark(s) ? DarkSquaresBB : LightSquaresBB; }
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

namespace detail {
// SelectInByte[byte][i]: the bit of the i-th member (from bit 0) of a byte with more than i members.
inline constexpr auto SelectInByte = [] {
  std::array<std::array<std::uint8_t, 8>, 256> t{};
  for (int byte = 0; byte < 256; ++byte)
    for (int bit = 0, i = 0; bit < 8; ++bit)
      if (byte >> bit & 1) t[byte][i++] = std::uint8_t(bit);
  return t;
}();

}  // namespace detail

// Return the n-th (0-based, from a1) member of a set with more than n members. Branch-free (broadword
// select: prefix counts of all bytes at once), so several selections overlap in the CPU.
inline Square nth_square(Bitboard set, int n) {
  constexpr std::uint64_t L8 = 0x0101010101010101ULL, H8 = 0x8080808080808080ULL;
  std::uint64_t s = set - ((set >> 1) & 0x5555555555555555ULL);
  s = (s & 0x3333333333333333ULL) + ((s >> 2) & 0x3333333333333333ULL);
  s = ((s + (s >> 4)) & 0x0F0F0F0F0F0F0F0FULL) * L8;  // byte j: the members in bytes 0..j
  // The bytes whose prefix count is at most n precede the member's byte (no borrow crosses a byte:
  // every count is at most 64).
  const int byte = popcount(((std::uint64_t(n) * L8 | H8) - s) & H8) * 8;
  const int before = int(((s << 8) >> byte) & 0xFF);
  return Square(byte + detail::SelectInByte[(set >> byte) & 0xFF][n - before]);
}

namespace detail {
// Whether the CPU has a fast pdep (BMI2, not the microcoded one of AMD before Zen 3): set at startup,
// false until then, which only picks the portable way.
extern const bool FastDeposit;
#if defined(__x86_64__)
__attribute__((target("bmi2"))) Bitboard deposit_bmi2(std::uint64_t positions, Bitboard set);
#endif
// deposit() without pdep: a select per member.
inline Bitboard deposit_select(std::uint64_t positions, Bitboard set) {
  Bitboard out = 0;
  for (; positions; positions &= positions - 1) out |= Bitboard(1) << nth_square(set, std::countr_zero(positions));
  return out;
}
}  // namespace detail

// Return the members of `set` at the positions (0-based, from a1) given by the bits of `positions`, each
// below popcount(set): BMI2's pdep, one instruction where the CPU has it fast, else one select per member.
inline Bitboard deposit(std::uint64_t positions, Bitboard set) {
#if defined(__x86_64__)
  if (detail::FastDeposit) return detail::deposit_bmi2(positions, set);
#endif
  return detail::deposit_select(positions, set);
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

// Return the squares strictly ahead of the men of `b` on their files, seen from `c` (north for white).
constexpr Bitboard ahead_on_file(Color c, Bitboard b) {
  b = pawn_push_bb(c, b);
  for (int shift : {8, 16, 32}) b |= c == White ? b << shift : b >> shift;
  return b;
}
// Return the files holding a square of `b`, as a byte: bit f for file f.
constexpr unsigned files_of(Bitboard b) {
  b |= b >> 32;
  b |= b >> 16;
  b |= b >> 8;
  return unsigned(b & 0xFF);
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
