// FEN and EPD in and out.
//
// parse_fen is strict: a malformed string is refused with a message naming the field and what is wrong,
// e.g. "FEN field 1 (placement): rank 6 describes 9 squares". Four-field FEN (no counters) is accepted
// with counters 0 and 1. What it normalises and what it rejects is listed in docs/fen.md.
#pragma once

#include <array>
#include <string>
#include <string_view>

#include "core/position.h"
#include "core/result.h"

namespace chessrank {

// Return whether c separates FEN fields: space, tab, CR, LF, vertical tab, form feed.
constexpr bool is_fen_blank(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

// The blank-separated fields of a text: the first `max_fields` (at most 6), `rest` what follows them
// (trimmed), and `count` all of them, so that a message can say how many there were.
struct FenFields {
  std::array<std::string_view, 6> field;
  int count = 0;
  std::string_view rest;
};
FenFields split_fen_fields(std::string_view text, int max_fields);

Result<Position> parse_fen(std::string_view fen);
// Write the six-field FEN of a position.
std::string to_fen(const Position& pos);
// Write the four position fields only (placement, side, castling, en passant): the position's identity.
std::string to_fen4(const Position& pos);

// An EPD record: the four position fields plus operations such as `bm e4; id "x";` kept as text.
struct Epd {
  Position position;
  std::string operations;  // everything after the fourth field, trimmed; may be empty
};
Result<Epd> parse_epd(std::string_view epd);
// Parse the position of an EPD record when the fifth field starts with a letter (an EPD opcode; no FEN
// has one there), reporting EPD errors; else parse a FEN, so that a FEN with a bad move counter is
// refused, not read as an EPD. What every command reading positions from files accepts.
Result<Position> parse_fen_or_epd(std::string_view text);
std::string to_epd(const Epd& epd);

// Quote user text for a message: in single quotes, printable ASCII as is, other bytes as \xNN, text
// beyond 24 bytes cut short with "...".
std::string quote(std::string_view s);
// The same without the quotes, for text a message shows as part of its own wording.
std::string printable(std::string_view s);
// Return `s` with its control bytes written as \xNN, and its bytes from 0x80 up too unless `keep_utf8`;
// cut short with "..." after `limit` bytes (0: no limit). What quote and printable are made of.
std::string escape_bytes(std::string_view s, bool keep_utf8, std::size_t limit);

// Parse a square name such as "e4".
Result<Square> parse_square(std::string_view s);
std::string square_name(Square s);

}  // namespace chessrank
