// slot26: a position in exactly 26 bytes, after the slot scheme of seed 003 ("How to store a chess
// position in 26 bytes"). Every original man owns a slot naming the square it stands on; a captured man
// points at the opposing king; a rook that may still castle and the pawn that may be taken en passant
// point at their own king; each side's promotions are a sorted string over {none, N, B, R, Q}.
//
// The byte-exact specification (slot order, canonical assignment, the packing of the 208 bits, what
// is and is not stored) is docs/formats.md. In short:
//   - stored: placement, side to move, castling rights, the canonical en passant square;
//   - not stored: the move counters (see encode_counters);
//   - encodable: one king per side, no pawn on rank 1 or 8, canonical castling rights and en passant
//     square (core/position.h), and per side pawns + promoted pieces <= 8, where the promoted pieces
//     are the queens beyond 1, rooks beyond 2, knights beyond 2 and bishops beyond 1 per square colour.
//     Every legal position qualifies; anything else is refused with the reason.
//   - one code per position: decode rejects every byte string that encode cannot produce.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>

#include "core/position.h"
#include "core/result.h"

namespace chessrank::codec {

constexpr std::size_t Slot26Bytes = 26;
using Slot26Code = std::array<std::uint8_t, Slot26Bytes>;

// Return the 26-byte code of `pos` (counters ignored), or why it has none.
Result<Slot26Code> encode_slot26(const Position& pos);
// Return the position of a 26-byte code (counters 0 and 1), or why the bytes are not a valid code.
Result<Position> decode_slot26(std::span<const std::uint8_t> code);

// The promotion strings: the 495 sorted strings of 8 symbols over 0 = not promoted, 1 = knight,
// 2 = bishop, 3 = rook, 4 = queen, numbered in lexicographic order ("00000000" = 0, "44444444" = 494).
constexpr int PromotionStrings = 495;
struct PromotionCounts {
  std::uint8_t count[5];  // count[0] unpromoted slots, count[1..4] promoted knights, bishops, rooks, queens
};
// Return the counts of string `index`, or nullopt outside [0, 495).
std::optional<PromotionCounts> promotion_string(int index);
// Return the index of the string with these counts, or -1 when they do not sum to 8.
int promotion_index(const PromotionCounts& counts);

// Move counters as 3 bytes, appended by --counters: the big-endian 24-bit number
// halfmove * 16384 + (fullmove - 1), halfmove in [0, 1023], fullmove in [1, 16384].
constexpr std::size_t CounterBytes = 3;
constexpr int MaxHalfmoveClock = 1023;
constexpr int MaxFullmoveNumber = 16384;
Result<std::array<std::uint8_t, CounterBytes>> encode_counters(const Position& pos);
// Set the counters of `pos` from 3 bytes; every 3-byte value is valid. Return an error when `bytes` does
// not hold exactly 3 (pos is then unchanged).
std::optional<Error> decode_counters(std::span<const std::uint8_t> bytes, Position& pos);

}  // namespace chessrank::codec
