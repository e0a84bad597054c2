#include "core/notation.h"

#include <algorithm>
#include <span>
#include <string>
#include <vector>

#include "core/fen.h"
#include "core/movegen.h"

namespace chessrank {

namespace {

constexpr const char* SanLetters = "  NBRQK";  // indexed by PieceType

bool is_file_char(char c) { return c >= 'a' && c <= 'h'; }
bool is_rank_char(char c) { return c >= '1' && c <= '8'; }

PieceType piece_from_letter(char c) {
  switch (c) {
    case 'N': return Knight;
    case 'B': return Bishop;
    case 'R': return Rook;
    case 'Q': return Queen;
    case 'K': return King;
    default: return NoPieceType;
  }
}

PieceType promotion_from_letter(char c) {
  switch (c) {
    case 'N': case 'n': return Knight;
    case 'B': case 'b': return Bishop;
    case 'R': case 'r': return Rook;
    case 'Q': case 'q': return Queen;
    default: return NoPieceType;
  }
}

bool is_capture(const Position& pos, Move m) {
  return m.kind() == MoveKind::EnPassant || (m.kind() != MoveKind::Castling && !pos.empty(m.to()));
}

// Return the SAN without check or mate mark.
std::string san_body(const Position& pos, Move m, const MoveList& legal) {
  if (m.kind() == MoveKind::Castling) return file_of(m.to()) == FileG ? "O-O" : "O-O-O";
  const Square from = m.from();
  const Square to = m.to();
  const PieceType pt = type_of(pos.piece_on(from));
  std::string out;
  if (pt == Pawn) {
    if (is_capture(pos, m)) {
      out += char('a' + file_of(from));
      out += 'x';
    }
    out += square_name(to);
    if (m.kind() == MoveKind::Promotion) {
      out += '=';
      out += SanLetters[m.promotion()];
    }
    return out;
  }
  out += SanLetters[pt];
  if (pt != King) {
    // Disambiguate among the other legal moves of the same piece kind to the same square: a pinned
    // piece has no such legal move, so it never forces a disambiguation.
    bool rivals = false, same_file = false, same_rank = false;
    for (Move other : legal) {
      if (other.to() != to || other.from() == from || type_of(pos.piece_on(other.from())) != pt) continue;
      rivals = true;
      same_file |= file_of(other.from()) == file_of(from);
      same_rank |= rank_of(other.from()) == rank_of(from);
    }
    if (rivals) {
      if (!same_file) {
        out += char('a' + file_of(from));
      } else if (!same_rank) {
        out += char('1' + rank_of(from));
      } else {
        out += square_name(from);
      }
    }
  }
  if (is_capture(pos, m)) out += 'x';
  out += square_name(to);
  return out;
}

std::string check_mark(const Position& pos, Move m) {
  Position next = pos;
  UndoInfo undo;
  next.do_move(m, undo);
  if (!next.in_check()) return "";
  return legal_moves(next).empty() ? "#" : "+";
}

bool looks_like_uci(std::string_view s) {
  return (s.size() == 4 || (s.size() == 5 && promotion_from_letter(s[4]) != NoPieceType)) && is_file_char(s[0]) &&
         is_rank_char(s[1]) && is_file_char(s[2]) && is_rank_char(s[3]);
}

}  // namespace

std::string to_uci(Move m) {
  if (!m) return "0000";
  std::string out = square_name(m.from()) + square_name(m.to());
  if (m.kind() == MoveKind::Promotion) out += "  nbrq"[m.promotion()];
  return out;
}

Result<Move> parse_uci(const Position& pos, std::string_view text) {
  if (text == "0000") return Error{"'0000' (a null move) is not a legal move"};
  if (!looks_like_uci(text)) return Error{quote(text) + " is not a UCI move (like e2e4 or e7e8q)"};
  const Square from = make_square(File(text[0] - 'a'), Rank(text[1] - '1'));
  Square to = make_square(File(text[2] - 'a'), Rank(text[3] - '1'));
  const PieceType promo = text.size() == 5 ? promotion_from_letter(text[4]) : NoPieceType;
  const Color us = pos.side_to_move();
  const Piece moving = pos.piece_on(from);
  if (moving == NoPiece) return Error{quote(text) + ": no piece on " + square_name(from)};
  if (color_of(moving) != us)
    return Error{quote(text) + ": the piece on " + square_name(from) + " is not " + color_name(us) + "'s"};
  // Accept castling written as king-takes-own-rook (e1h1), the Chess960 convention some tools use.
  if (type_of(moving) == King && pos.piece_on(to) == make_piece(us, Rook) && from == relative_square(us, E1) &&
      (to == relative_square(us, H1) || to == relative_square(us, A1)))
    to = to == relative_square(us, H1) ? relative_square(us, G1) : relative_square(us, C1);
  const MoveList legal = legal_moves(pos);
  for (Move m : legal) {
    if (m.from() != from || m.to() != to) continue;
    if (m.kind() == MoveKind::Promotion) {
      if (promo == NoPieceType) return Error{quote(text) + " needs a promotion letter (q, r, b or n)"};
      if (m.promotion() != promo) continue;
    } else if (promo != NoPieceType) {
      return Error{quote(text) + " is not a promotion"};
    }
    return m;
  }
  return Error{quote(text) + " is not a legal move"};
}

std::string to_san(const Position& pos, Move m) {
  const MoveList legal = legal_moves(pos);
  return san_body(pos, m, legal) + check_mark(pos, m);
}

namespace {

// Return why the side to move cannot castle on that side, for a position where it cannot.
std::string castling_obstacle(const Position& pos, bool kingside) {
  const Color us = pos.side_to_move();
  const CastlingRights right =
      us == White ? (kingside ? WhiteKingside : WhiteQueenside) : (kingside ? BlackKingside : BlackQueenside);
  if (!pos.can_castle(right)) return "it has no right to";
  if (pos.in_check()) return "its king is in check";
  // The squares between king and rook must be empty; the king's path, f1 g1 or d1 c1, not attacked.
  static constexpr Square Kingside[] = {F1, G1}, Queenside[] = {D1, C1, B1};
  const std::span<const Square> between =
      kingside ? std::span<const Square>(Kingside) : std::span<const Square>(Queenside);
  for (Square s : between)
    if (!pos.empty(relative_square(us, s))) return square_name(relative_square(us, s)) + " is occupied";
  for (Square s : between)
    if (s != B1 && pos.attacked_by(~us, relative_square(us, s)))
      return "the king would pass or land on " + square_name(relative_square(us, s)) + ", which is attacked";
  return "it is not legal here";
}

}  // namespace

Result<Move> parse_san(const Position& pos, std::string_view text) {
  std::string_view t = text;
  // Drop annotation and check marks, which are not checked, and an en passant note, which is: both
  // "exd6e.p.+" and "exd6+e.p." are written.
  bool en_passant_mark = false;
  for (bool more = true; more;) {
    more = false;
    while (!t.empty() && (t.back() == '+' || t.back() == '#' || t.back() == '!' || t.back() == '?')) t.remove_suffix(1);
    if (!en_passant_mark && t.size() > 4 && t.substr(t.size() - 4) == "e.p.") {
      t.remove_suffix(4);
      en_passant_mark = more = true;
    }
  }
  if (t.empty()) return Error{quote(text) + " is not a move"};

  const MoveList legal = legal_moves(pos);

  // Castling, with letter O or digit zero.
  {
    std::string norm(t);
    for (char& c : norm)
      if (c == '0' || c == 'o') c = 'O';
    if (norm == "O-O" || norm == "O-O-O") {
      const File target = norm == "O-O" ? FileG : FileC;
      for (Move m : legal)
        if (m.kind() == MoveKind::Castling && file_of(m.to()) == target) return m;
      return Error{quote(text) + " is not legal: " + color_name(pos.side_to_move()) + " cannot castle " +
                   (target == FileG ? "kingside" : "queenside") + ": " + castling_obstacle(pos, target == FileG)};
    }
  }

  PieceType pt = Pawn;
  if (t.front() == 'P') return Error{quote(text) + ": pawn moves are written without 'P' in SAN"};
  if (const PieceType p = piece_from_letter(t.front()); p != NoPieceType) {
    pt = p;
    t.remove_prefix(1);
  }

  // Promotion suffix: =Q, Q, (Q) or /Q.
  PieceType promo = NoPieceType;
  if (t.size() >= 3 && t.back() == ')' && t[t.size() - 3] == '(') {
    promo = promotion_from_letter(t[t.size() - 2]);
    if (promo == NoPieceType) return Error{quote(text) + ": bad promotion piece"};
    t.remove_suffix(3);
  } else if (t.size() >= 2 && promotion_from_letter(t.back()) != NoPieceType &&
             (is_rank_char(t[t.size() - 2]) || t[t.size() - 2] == '=' || t[t.size() - 2] == '/')) {
    promo = promotion_from_letter(t.back());
    t.remove_suffix(1);
    if (t.back() == '=' || t.back() == '/') t.remove_suffix(1);
  } else if (!t.empty() && t.back() == '=') {
    return Error{quote(text) + ": '=' without a promotion piece"};
  }
  if (promo != NoPieceType && pt != Pawn) return Error{quote(text) + ": only pawns promote"};

  // Destination square.
  if (t.size() < 2 || !is_file_char(t[t.size() - 2]) || !is_rank_char(t.back()))
    return Error{quote(text) + " is not a move in SAN or UCI"};
  const Square to = make_square(File(t[t.size() - 2] - 'a'), Rank(t.back() - '1'));
  t.remove_suffix(2);

  // Capture mark or long-algebraic hyphen, then disambiguation: file, rank or both. The hyphen joins two
  // squares (Ng1-f3, e2-e4); after less than a square ("N-f3", "-e4") it is no notation.
  bool capture_mark = false, hyphen = false;
  if (!t.empty() && (t.back() == 'x' || t.back() == ':')) {
    capture_mark = true;
    t.remove_suffix(1);
  } else if (!t.empty() && t.back() == '-') {
    hyphen = true;
    t.remove_suffix(1);
  }
  int from_file = -1, from_rank = -1;
  if (!t.empty() && is_file_char(t.front())) {
    from_file = t.front() - 'a';
    t.remove_prefix(1);
  }
  if (!t.empty() && is_rank_char(t.front())) {
    from_rank = t.front() - '1';
    t.remove_prefix(1);
  }
  if (!t.empty() || (hyphen && (from_file < 0 || from_rank < 0)))
    return Error{quote(text) + " is not a move in SAN or UCI"};
  if (en_passant_mark && pt != Pawn) return Error{quote(text) + ": only pawns capture en passant"};
  // A pawn move without a file is a push along the destination file.
  if (pt == Pawn && from_file < 0) from_file = file_of(to);

  std::vector<Move> matches;
  bool promotion_missing = false, nothing_to_capture = false, kind_can_reach = false;
  for (Move m : legal) {
    if (m.to() != to || m.kind() == MoveKind::Castling || type_of(pos.piece_on(m.from())) != pt) continue;
    kind_can_reach = true;
    if (from_file >= 0 && file_of(m.from()) != from_file) continue;
    if (from_rank >= 0 && rank_of(m.from()) != from_rank) continue;
    if (capture_mark && !is_capture(pos, m)) {
      nothing_to_capture = true;
      continue;
    }
    if (m.kind() == MoveKind::Promotion) {
      if (promo == NoPieceType) {
        promotion_missing = true;
        continue;
      }
      if (m.promotion() != promo) continue;
    } else if (promo != NoPieceType) {
      continue;
    }
    matches.push_back(m);
  }
  if (matches.size() == 1) {
    if (en_passant_mark && matches.front().kind() != MoveKind::EnPassant)
      return Error{quote(text) + ": marked e.p. but it is not an en passant capture"};
    return matches.front();
  }
  if (matches.size() > 1) {
    std::sort(matches.begin(), matches.end(), [](Move a, Move b) { return a.from() < b.from(); });
    std::string names;
    for (std::size_t i = 0; i < matches.size(); ++i) {
      if (i) names += i + 1 == matches.size() ? " or " : ", ";
      names += san_body(pos, matches[i], legal);
    }
    return Error{quote(text) + " is ambiguous: it could be " + names};
  }
  if (promotion_missing) return Error{quote(text) + " needs a promotion piece (=Q, =R, =B or =N)"};
  if (nothing_to_capture) return Error{quote(text) + " is not legal: nothing to capture on " + square_name(to)};
  if (!kind_can_reach) {
    std::string hint;  // "Kg1" for a castling the position allows
    if (pt == King)
      for (Move m : legal)
        if (m.kind() == MoveKind::Castling && m.to() == to)
          hint = std::string(" (castling is written ") + (file_of(to) == FileG ? "O-O" : "O-O-O") + ")";
    return Error{quote(text) + " is not legal: no " + piece_type_name(pt) + " can move to " + square_name(to) + hint};
  }
  return Error{quote(text) + " is not a legal move"};
}

Result<Move> parse_move(const Position& pos, std::string_view text) {
  if (looks_like_uci(text) || text == "0000") return parse_uci(pos, text);
  if (text == "--" || text == "Z0") return Error{quote(text) + " (a null move) is not a legal move"};
  return parse_san(pos, text);
}

std::string to_san_game(const std::vector<Move>& moves) {
  std::string text;
  Position pos = Position::start();
  for (Move m : moves) {
    if (!text.empty()) text += ' ';
    text += to_san(pos, m);
    UndoInfo undo;
    pos.do_move(m, undo);
  }
  return text;
}

Result<std::vector<Move>> parse_game(std::string_view text) {
  std::vector<Move> moves;
  Position pos = Position::start();
  for (std::size_t at = text.find_first_not_of(" \t\n\r"); at != std::string_view::npos;
       at = text.find_first_not_of(" \t\n\r", at)) {
    const std::size_t end = std::min(text.find_first_of(" \t\n\r", at), text.size());
    const std::string_view token = text.substr(at, end - at);
    at = end;
    const Result<Move> move = parse_move(pos, token);
    if (!move)
      return Error{"ply " + std::to_string(moves.size() + 1) + " ('" + printable(token) + "'): " + move.error()};
    UndoInfo undo;
    pos.do_move(*move, undo);
    moves.push_back(*move);
  }
  return moves;
}

}  // namespace chessrank
