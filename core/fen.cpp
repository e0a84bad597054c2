#include "core/fen.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cstdint>
#include <optional>
#include <vector>

#include "core/plural.h"

namespace chessrank {

namespace {

constexpr std::array<const char*, 7> FieldNames = {"",          "placement",      "side to move",   "castling",
                                                   "en passant", "halfmove clock", "fullmove number"};
constexpr const char* PieceChars = " PNBRQK  pnbrqk ";  // indexed by Piece, 16 entries

// Build the piece lookup once: a FEN letter to its piece, NoPiece for anything else.
constexpr std::array<Piece, 256> make_piece_table() {
  std::array<Piece, 256> t{};
  for (int p = 0; p < PieceCount; ++p)
    if (PieceChars[p] != ' ' && p != 0) t[static_cast<unsigned char>(PieceChars[p])] = Piece(p);
  return t;
}
constexpr std::array<Piece, 256> PieceFromChar = make_piece_table();

}  // namespace

FenFields split_fen_fields(std::string_view text, int max_fields) {
  FenFields f;
  std::size_t i = 0;
  const std::size_t n = text.size();
  while (true) {
    while (i < n && is_fen_blank(text[i])) ++i;
    if (i == n) break;
    if (f.count == max_fields) {
      std::size_t end = n;
      while (end > i && is_fen_blank(text[end - 1])) --end;
      f.rest = text.substr(i, end - i);
      // Count the remaining fields for the message about extra fields.
      while (i < n) {
        while (i < n && !is_fen_blank(text[i])) ++i;
        ++f.count;
        while (i < n && is_fen_blank(text[i])) ++i;
      }
      break;
    }
    const std::size_t start = i;
    while (i < n && !is_fen_blank(text[i])) ++i;
    f.field[f.count++] = text.substr(start, i - start);
  }
  return f;
}

namespace {

// Parse a move counter (the text of a FEN field or an EPD operand) into `out`; `min` is 0 for the
// halfmove clock and 1 for the move number. Return what is wrong with it, if anything.
std::optional<std::string> counter_problem(std::string_view s, int min, int& out) {
  if (s.size() > 1 && s[0] == '-' && s.find_first_not_of("0123456789", 1) == std::string_view::npos &&
      s.find_first_not_of('0', 1) != std::string_view::npos)  // "-0" is no negative number, just not one
    return quote(s) + " is negative";
  if (s.empty() || s.find_first_not_of("0123456789") != std::string_view::npos) return quote(s) + " is not a number";
  std::size_t i = 0;
  while (i + 1 < s.size() && s[i] == '0') ++i;  // leading zeros are tolerated
  const std::string_view digits = s.substr(i);
  unsigned value = 0;
  if (digits.size() > 5 || std::from_chars(digits.data(), digits.data() + digits.size(), value).ec != std::errc() ||
      value > unsigned(Position::MaxCounter))
    return quote(s) + " is too large (at most " + std::to_string(Position::MaxCounter) + ")";
  if (int(value) < min) return std::string("0 is not a move number (the first move is 1)");
  out = int(value);
  return std::nullopt;
}

// Check the operations of an EPD record, `opcode operand ...;` each (an opcode is a letter and up to 14
// more letters, digits or underscores; an operand is a "string" or a token without blanks or ';'), no
// opcode twice, and set the counters from `hmvc` and `fmvn`. Return the error, if any.
std::optional<Error> parse_epd_operations(std::string_view ops, Position& pos) {
  std::vector<std::string_view> seen;
  std::size_t i = 0;
  const std::size_t n = ops.size();
  for (int number = 1;; ++number) {
    while (i < n && is_fen_blank(ops[i])) ++i;
    if (i == n) return std::nullopt;
    const std::string where = "EPD operation " + std::to_string(number);
    const std::size_t start = i;
    while (i < n && (std::isalnum(static_cast<unsigned char>(ops[i])) || ops[i] == '_')) ++i;
    const std::string_view opcode = ops.substr(start, i - start);
    if (opcode.empty() || !std::isalpha(static_cast<unsigned char>(opcode[0])) || opcode.size() > 15 ||
        (i < n && !is_fen_blank(ops[i]) && ops[i] != ';')) {
      std::size_t end = start;
      while (end < n && !is_fen_blank(ops[end]) && ops[end] != ';') ++end;
      return Error{where + ": " + quote(ops.substr(start, end - start)) +
                   " is not an opcode (a letter, then up to 14 letters, digits or _)"};
    }
    const std::string named = where + " (" + std::string(opcode) + ")";
    std::vector<std::string_view> operands;
    while (true) {
      while (i < n && is_fen_blank(ops[i])) ++i;
      if (i == n) return Error{named + ": no ';' at its end"};
      if (ops[i] == ';') {
        ++i;
        break;
      }
      const std::size_t from = i;
      if (ops[i] == '"') {
        for (++i; i < n && ops[i] != '"'; ++i)
          if (ops[i] == '\\') ++i;
        if (i >= n) return Error{named + ": a string with no closing '\"'"};
        operands.push_back(ops.substr(from + 1, i - from - 1));
        ++i;
      } else {
        while (i < n && !is_fen_blank(ops[i]) && ops[i] != ';') ++i;
        operands.push_back(ops.substr(from, i - from));
      }
    }
    for (const std::string_view other : seen)
      if (other == opcode) return Error{named + ": the opcode comes twice"};
    seen.push_back(opcode);
    if (opcode == "hmvc" || opcode == "fmvn") {
      if (operands.size() != 1) return Error{named + ": " + plural(int(operands.size()), "operand") + ", expected 1"};
      int value = 0;
      if (auto problem = counter_problem(operands[0], opcode == "fmvn" ? 1 : 0, value))
        return Error{named + ": " + *problem};
      if (opcode == "hmvc")
        pos.set_halfmove_clock(value);
      else
        pos.set_fullmove_number(value);
    }
  }
}

class FieldParser {
 public:
  explicit FieldParser(const char* kind) : kind_(kind) {}

  Error error(int field, const std::string& message) const {
    return Error{std::string(kind_) + " field " + std::to_string(field) + " (" + FieldNames[field] + "): " + message};
  }

  // Parse the four position fields into `pos`; return the error, if any.
  std::optional<Error> parse_position(const std::array<std::string_view, 6>& f, Position& pos) const {
    if (auto e = parse_placement(f[0], pos)) return e;
    if (f[1] == "w") {
      pos.set_side_to_move(White);
    } else if (f[1] == "b") {
      pos.set_side_to_move(Black);
    } else {
      return error(2, quote(f[1]) + " is not w or b");
    }
    if (auto e = parse_castling(f[2], pos)) return e;
    return parse_en_passant(f[3], pos);
  }

  // Parse a move counter into `out`; `min` is 0 for the halfmove clock and 1 for the move number.
  std::optional<Error> parse_counter(int field, std::string_view s, int min, int& out) const {
    if (std::optional<std::string> problem = counter_problem(s, min, out)) return error(field, *problem);
    return std::nullopt;
  }

 private:
  std::optional<Error> parse_placement(std::string_view s, Position& pos) const {
    int slashes = 0;
    for (char c : s) slashes += c == '/';
    if (slashes != 7) return error(1, plural(slashes + 1, "rank") + ", expected 8");

    int rank = 7;
    int file = 0;
    bool after_digit = false;
    for (std::size_t i = 0; i <= s.size(); ++i) {
      const char c = i < s.size() ? s[i] : '/';
      if (c == '/') {
        if (file != 8)
          return error(1, "rank " + std::to_string(rank + 1) + " describes " + std::to_string(file) + " squares");
        --rank;
        file = 0;
        after_digit = false;
      } else if (c >= '0' && c <= '9') {
        if (c == '0' || c == '9')
          return error(1, "digit " + quote(std::string_view(&c, 1)) + " in rank " + std::to_string(rank + 1) +
                              " (runs of empty squares are 1 to 8)");
        if (after_digit) return error(1, "two digits in a row in rank " + std::to_string(rank + 1));
        file += c - '0';
        after_digit = true;
      } else {
        const Piece p = PieceFromChar[static_cast<unsigned char>(c)];
        if (p == NoPiece)
          return error(1, "bad character " + quote(std::string_view(&c, 1)) + " in rank " + std::to_string(rank + 1));
        if (file < 8) pos.put_piece(p, make_square(File(file), Rank(rank)));
        ++file;
        after_digit = false;
      }
    }

    for (Color c : {White, Black}) {
      const int kings = pos.count(c, King);
      if (kings == 0) return error(1, std::string(color_name(c)) + " has no king");
      if (kings > 1) return error(1, std::string(color_name(c)) + " has " + std::to_string(kings) + " kings");
    }
    if (const Bitboard b = pos.pieces(Pawn) & (rank_bb(Rank1) | rank_bb(Rank8))) {
      const Square s = lsb(b);
      return error(1, std::string(color_name(color_of(pos.piece_on(s)))) + " pawn on " + square_name(s) +
                          " (pawns never stand on rank 1 or 8)");
    }
    return std::nullopt;
  }

  std::optional<Error> parse_castling(std::string_view s, Position& pos) const {
    CastlingRights rights = NoCastling;
    if (s != "-") {
      for (char c : s) {
        CastlingRights cr;
        switch (c) {
          case 'K': case 'H': cr = WhiteKingside; break;
          case 'Q': case 'A': cr = WhiteQueenside; break;
          case 'k': case 'h': cr = BlackKingside; break;
          case 'q': case 'a': cr = BlackQueenside; break;
          default:
            if ((c >= 'B' && c <= 'G') || (c >= 'b' && c <= 'g'))
              return error(3, quote(std::string_view(&c, 1)) +
                                  " names a rook on another file than a or h (Chess960 is not supported)");
            if (c == '-') return error(3, "'-' must stand alone");
            return error(3, "bad character " + quote(std::string_view(&c, 1)));
        }
        if (rights & cr) return error(3, "right " + std::string(1, right_letter(cr)) + " given twice");
        rights |= cr;
      }
      for (CastlingRights cr : {WhiteKingside, WhiteQueenside, BlackKingside, BlackQueenside}) {
        if (!(rights & cr)) continue;
        const Color c = (cr & WhiteCastling) ? White : Black;
        const Square king = relative_square(c, E1);
        const Square rook = castling_rook_square(cr);
        const std::string who = std::string(color_name(c));
        if (pos.piece_on(king) != make_piece(c, King))
          return error(
              3, "right " + std::string(1, right_letter(cr)) + " needs the " + who + " king on " + square_name(king));
        if (pos.piece_on(rook) != make_piece(c, Rook))
          return error(
              3, "right " + std::string(1, right_letter(cr)) + " needs a " + who + " rook on " + square_name(rook));
      }
    }
    pos.set_castling_rights(rights);
    return std::nullopt;
  }

  static char right_letter(CastlingRights cr) {
    return cr == WhiteKingside ? 'K' : cr == WhiteQueenside ? 'Q' : cr == BlackKingside ? 'k' : 'q';
  }

  std::optional<Error> parse_en_passant(std::string_view s, Position& pos) const {
    pos.set_ep_square(NoSquare);
    if (s == "-") return std::nullopt;
    const Result<Square> sq = parse_square(s);
    if (!sq) return error(4, quote(s) + " is not a square or '-'");
    const Square ep = *sq;
    const Color us = pos.side_to_move();
    const Color them = ~us;
    const std::string name = square_name(ep);
    if (relative_rank(us, ep) != Rank6)
      return error(4, name + " is not on rank " + (us == White ? "6" : "3") + " with " + color_name(us) + " to move");
    if (!pos.empty(ep)) return error(4, name + " is not empty");
    const Square origin = Square(int(ep) - pawn_push(them));  // where the pawn started, behind ep
    const Square landed = Square(int(ep) + pawn_push(them));
    if (!pos.empty(origin))
      return error(4, square_name(origin) + " is not empty, so no pawn can just have left it");
    if (pos.piece_on(landed) != make_piece(them, Pawn))
      return error(4,
                   "no " + std::string(color_name(them)) + " pawn on " + square_name(landed) + " in front of " + name);
    // Normalise: keep the square only when a pawn of the side to move can capture there.
    if (ep_capturable(pos, us, ep)) pos.set_ep_square(ep);
    return std::nullopt;
  }

  const char* kind_;
};

char* write_position(const Position& pos, char* out) {
  for (int r = 7; r >= 0; --r) {
    int empty = 0;
    for (int f = 0; f < 8; ++f) {
      const Piece p = pos.piece_on(make_square(File(f), Rank(r)));
      if (p == NoPiece) {
        ++empty;
        continue;
      }
      if (empty) *out++ = char('0' + empty);
      empty = 0;
      *out++ = PieceChars[p];
    }
    if (empty) *out++ = char('0' + empty);
    if (r) *out++ = '/';
  }
  *out++ = ' ';
  *out++ = pos.side_to_move() == White ? 'w' : 'b';
  *out++ = ' ';
  const CastlingRights cr = pos.castling_rights();
  if (!(cr & AnyCastling)) *out++ = '-';  // bits beyond KQkq (a position built by hand) have no letter
  if (cr & WhiteKingside) *out++ = 'K';
  if (cr & WhiteQueenside) *out++ = 'Q';
  if (cr & BlackKingside) *out++ = 'k';
  if (cr & BlackQueenside) *out++ = 'q';
  *out++ = ' ';
  const Square ep = pos.ep_square();
  if (ep == NoSquare) {
    *out++ = '-';
  } else {
    *out++ = char('a' + file_of(ep));
    *out++ = char('1' + rank_of(ep));
  }
  return out;
}

// Write a counter (at most 5 digits: counters are 16-bit) without std::to_chars' error path.
char* write_counter(char* out, unsigned n) {
  char digits[8];
  int len = 0;
  do {
    digits[len++] = char('0' + n % 10);
    n /= 10;
  } while (n && len < 8);
  while (len) *out++ = digits[--len];
  return out;
}

}  // namespace

std::string quote(std::string_view s) {
  std::string out = "'";  // appended, not "'" + ... + "'", which trips a GCC 12 -Wrestrict false positive
  out += printable(s);
  out += '\'';
  return out;
}

std::string printable(std::string_view s) { return escape_bytes(s, false, 24); }

std::string escape_bytes(std::string_view s, bool keep_utf8, std::size_t limit) {
  static const char* hex = "0123456789abcdef";
  const std::size_t end = limit ? std::min(s.size(), limit) : s.size();
  std::string out;
  out.reserve(end);
  for (std::size_t i = 0; i < end; ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if ((c >= 0x20 && c < 0x7f) || (keep_utf8 && c >= 0x80)) {
      out += char(c);
    } else {
      out += "\\x";
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  if (end < s.size()) out += "...";
  return out;
}

Result<Position> parse_fen(std::string_view fen) {
  const FieldParser parser("FEN");
  const FenFields f = split_fen_fields(fen, 6);
  if (f.count == 0) return Error{"FEN is empty"};
  if (f.count != 4 && f.count != 6)
    return Error{"FEN has " + plural(f.count, "field") + ", expected 4 or 6"};
  Position pos;
  if (auto e = parser.parse_position(f.field, pos)) return *e;
  if (f.count == 6) {
    int halfmove = 0;
    int fullmove = 1;
    if (auto e = parser.parse_counter(5, f.field[4], 0, halfmove)) return *e;
    if (auto e = parser.parse_counter(6, f.field[5], 1, fullmove)) return *e;
    pos.set_halfmove_clock(halfmove);
    pos.set_fullmove_number(fullmove);
  }
  return pos;
}

std::string to_fen(const Position& pos) {
  char buffer[128];
  char* out = write_position(pos, buffer);
  *out++ = ' ';
  out = write_counter(out, unsigned(pos.halfmove_clock()));
  *out++ = ' ';
  out = write_counter(out, unsigned(pos.fullmove_number()));
  return std::string(buffer, std::size_t(out - buffer));
}

std::string to_fen4(const Position& pos) {
  char buffer[128];
  const char* end = write_position(pos, buffer);
  return std::string(buffer, std::size_t(end - buffer));
}

Result<Epd> parse_epd(std::string_view epd) {
  const FieldParser parser("EPD");
  const FenFields f = split_fen_fields(epd, 4);
  if (f.count == 0) return Error{"EPD is empty"};
  if (f.count < 4)
    return Error{"EPD has " + plural(f.count, "field") + ", expected at least 4"};
  Epd result;
  if (auto e = parser.parse_position(f.field, result.position)) return *e;
  if (auto e = parse_epd_operations(f.rest, result.position)) return *e;
  result.operations = std::string(f.rest);
  return result;
}

Result<Position> parse_fen_or_epd(std::string_view text) {
  // A fifth field starting with a letter is an EPD opcode (a FEN's halfmove clock is a number): the text
  // is an EPD, and its error names the EPD field. Anything else is a FEN.
  const FenFields f = split_fen_fields(text, 5);
  if (f.count >= 5 && std::isalpha(static_cast<unsigned char>(f.field[4][0]))) {
    Result<Epd> epd = parse_epd(text);
    if (epd) return std::move(epd.value().position);
    // Six fields ending in a number are rather a FEN with a mistyped halfmove clock ("l0" for "10") than
    // an EPD without its ';': give the FEN's error.
    const FenFields six = split_fen_fields(text, 6);
    if (six.count == 6 && six.field[5].find_first_not_of("0123456789") == std::string_view::npos)
      return parse_fen(text);
    return Error{epd.error()};
  }
  return parse_fen(text);
}

std::string to_epd(const Epd& epd) {
  std::string out = to_fen4(epd.position);
  if (!epd.operations.empty()) {
    out += ' ';
    out += epd.operations;
  }
  return out;
}

Result<Square> parse_square(std::string_view s) {
  if (s.size() != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8')
    return Error{quote(s) + " is not a square name"};
  return make_square(File(s[0] - 'a'), Rank(s[1] - '1'));
}

std::string square_name(Square s) {
  if (!is_ok(s)) return "-";
  return std::string{char('a' + file_of(s)), char('1' + rank_of(s))};
}

}  // namespace chessrank
