// `chessrank replay`: play a move sequence (SAN or UCI, PGN movetext tolerated) and print the final FEN.
#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <iostream>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/fen.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "tools/command.h"
#include "tools/input.h"

namespace chessrank::cli::replay_command {
namespace {

// The most standard input replay reads: one game's movetext is far smaller.
constexpr std::size_t MaxGameBytes = std::size_t(64) << 20;

// Split PGN-like movetext into tokens, dropping {comments}, ; comments, (variations, with their own
// comments and variations), [tags] and $NAGs.
// A promotion written "e8(Q)" stays one token: a parenthesis right after a move that holds one piece
// letter is that move's suffix (core/notation.h), not a variation. Return false with `error` set when a
// bracket is left open, naming the line (the argument, when the moves came as arguments) it opened on.
bool tokenize(const std::string& text, bool arguments, std::vector<std::string>& tokens, std::string& error) {
  std::string token;
  const auto flush = [&] {
    if (!token.empty()) tokens.push_back(token);
    token.clear();
  };
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '(' && !token.empty() && i + 2 < text.size() && text[i + 2] == ')' &&
        std::string_view("QRBNqrbn").find(text[i + 1]) != std::string_view::npos) {
      token.append(text, i, 3);
      i += 2;
    } else if (c == '{' || c == '[' || c == '(') {
      flush();
      if (c == '[' && !tokens.empty()) {  // the tags of a second game: never its moves after the first's
        const auto line = std::count(text.begin(), text.begin() + std::ptrdiff_t(i), '\n') + 1;
        error = std::string("a tag section ('[') in ") + (arguments ? "argument " : "line ") + std::to_string(line) +
                " after the movetext: replay plays one game";
        return false;
      }
      const char close = c == '{' ? '}' : c == '[' ? ']' : ')';
      int depth = 1;
      std::size_t j = i + 1;
      for (; j < text.size() && depth; ++j) {
        if (c == '(' && text[j] == '(') ++depth;
        // A variation's comments may hold any bracket: skip them whole.
        if (c == '(' && (text[j] == '{' || text[j] == ';')) {
          j = text.find(text[j] == '{' ? '}' : '\n', j);
          if (j == std::string::npos) break;
          continue;
        }
        if (c == '[' && text[j] == '"') {  // a tag's value is a string, and may hold ']' or '\"'
          for (++j; j < text.size() && text[j] != '"'; ++j)
            if (text[j] == '\\') ++j;
          if (j >= text.size()) break;
          continue;
        }
        if (text[j] == close) --depth;
      }
      if (depth) {
        const auto line = std::count(text.begin(), text.begin() + std::ptrdiff_t(i), '\n') + 1;
        error = std::string("unterminated '") + c + "' opened in " + (arguments ? "argument " : "line ") +
                std::to_string(line);
        return false;
      }
      i = j - 1;
    } else if (c == ';') {
      flush();
      while (i < text.size() && text[i] != '\n') ++i;
    } else if (std::isspace(static_cast<unsigned char>(c))) {
      flush();
    } else {
      token += c;
    }
  }
  flush();
  return true;
}

// Return whether a token is a numeric annotation glyph ($1, $14, ...).
bool is_nag(const std::string& t) {
  return t.size() > 1 && t[0] == '$' && t.find_first_not_of("0123456789", 1) == std::string::npos;
}

// Return the identity of a position for the repetition rules (FIDE 9.2.3): the men, the side to move, the
// castling rights and the en passant square only when a legal move captures there.
std::string repetition_key(const Position& pos) {
  std::string fen = to_fen(pos);
  fen.erase(fen.rfind(' ', fen.rfind(' ') - 1));  // drop the halfmove clock and the move number
  const std::size_t ep = fen.rfind(' ') + 1;
  if (fen[ep] != '-') {
    const MoveList moves = legal_moves(pos);
    if (std::none_of(moves.begin(), moves.end(), [](Move m) { return m.kind() == MoveKind::EnPassant; }))
      fen.replace(ep, std::string::npos, "-");
  }
  return fen;
}

// Return why the game is over without mate or stalemate, or "": the 75-move rule (a mate on the 150th
// half-move stands: FIDE 9.6.2) or a fivefold repetition (9.6.1), both ending the game without a claim.
std::string drawn_by_rule(const Position& pos, int repetitions) {
  if (repetitions >= 5) return "the game is over: this position has occurred five times (fivefold repetition)";
  if (pos.halfmove_clock() >= 150 && !legal_moves(pos).empty())
    return "the game is over: 75 moves by each side without a capture or a pawn move (the 75-move rule)";
  return "";
}

bool is_result(const std::string& t) { return t == "1-0" || t == "0-1" || t == "1/2-1/2" || t == "*"; }

// A token split at its move number: "12." (white's move 12), "12...Nf6" (black's), or none.
struct Numbered {
  std::string number;  // "12." or "12...", or "" for a token without one
  std::string move;    // what follows it, possibly ""
};

Numbered split_move_number(const std::string& t) {
  std::size_t i = 0;
  while (i < t.size() && std::isdigit(static_cast<unsigned char>(t[i]))) ++i;
  if (i == 0 || i == t.size() || t[i] != '.') return {"", t};
  while (i < t.size() && t[i] == '.') ++i;
  return {t.substr(0, i), t.substr(i)};
}

// Return why the move number `number` ("12." or "12...") cannot stand before the move of `pos`, or "".
std::string move_number_error(const std::string& number, const Position& pos) {
  const std::size_t digits = number.find('.');
  const bool black = number.size() - digits > 1;
  const std::string expected = std::to_string(pos.fullmove_number()) + (pos.side_to_move() == White ? "." : "...");
  if (digits > 6 || std::stoi(number.substr(0, digits)) != pos.fullmove_number() ||
      black != (pos.side_to_move() == Black))
    return "move number '" + number + "' where the game is at '" + expected + "' (" +
           color_name(pos.side_to_move()) + " to move)";
  return "";
}

std::function<int()> setup(CLI::App& cmd) {
  auto fen = std::make_shared<std::string>();
  auto moves = std::make_shared<std::vector<std::string>>();
  const CLI::Option* fen_option = cmd.add_option("--fen", *fen, "start from this position instead of the initial one");
  cmd.add_option("MOVES", *moves, "moves in SAN or UCI; none: read them from stdin");
  cmd.footer(
      "Moves are separated by blanks, across arguments or stdin lines. SAN castling is O-O or O-O-O (0-0\n"
      "too); UCI castling is the king's move (e1g1) or king takes rook (e1h1), and a UCI promotion needs\n"
      "its letter (e7e8q). Move numbers (1. 1... 12...), {comments}, ; comments, (variations), [tags]\n"
      "and $NAGs are ignored; a result (1-0 0-1 1/2-1/2 *) ends the game, and a move after it is an error\n"
      "(one game per run).\n"
      "Prints the FEN reached after the last move. At the first illegal or ambiguous move it prints\n"
      "nothing on stdout, reports \"error: ply N (M. move): reason\" on stderr and exits with status 1.");
  return [fen, fen_option, moves] {
    Position pos = Position::start();
    if (fen_option->count() > 0) {  // an empty --fen is a bad FEN, not the start position
      const Result<Position> parsed = parse_fen(*fen);
      if (!parsed) {
        report_error("--fen", parsed.error());
        return ExitFailure;
      }
      pos = *parsed;
    }
    std::string text;
    if (!moves->empty()) {
      for (const std::string& m : *moves) text += m + '\n';
    } else {
      // Read up to a bound far above any game's movetext, comments and all, so that input without end
      // (/dev/zero) cannot take all memory; wait on a non-blocking stdin as the line readers do.
      std::vector<char> block(std::size_t(1) << 16);
      std::size_t got = 0;
      while (text.size() <= MaxGameBytes && (got = read_input_block(stdin, block.data(), block.size())) > 0)
        text.append(block.data(), got);
      if (std::ferror(stdin)) {  // a directory opens, but does not read: no moves is not what it holds
        report_error("", io_failure("read", input_name("")));
        return ExitFailure;
      }
      if (text.size() > MaxGameBytes) {
        report_error("", "standard input: longer than " + std::to_string(MaxGameBytes) + " bytes: replay plays one game");
        return ExitFailure;
      }
      if (text.compare(0, 3, "\xEF\xBB\xBF") == 0) text.erase(0, 3);  // a UTF-8 byte order mark
    }
    std::vector<std::string> tokens;
    std::string error;
    if (!tokenize(text, !moves->empty(), tokens, error)) {
      report_error("", error);
      return ExitFailure;
    }
    int ply = 0;
    std::string result;  // the result token met, which ends the game
    std::string last_label;  // the last move played, as reported: "5. exd6"
    bool last_en_passant = false;
    std::map<std::string, int> seen;  // how often each position has occurred, for fivefold repetition
    int repetitions = ++seen[repetition_key(pos)];
    for (const std::string& token : tokens) {
      if (is_result(token)) {
        if (result.empty()) result = token;
        continue;
      }
      if (is_nag(token)) continue;
      if (token == "e.p.") {  // a note on the move before ("exd6 e.p."), checked as when written on it
        if (!last_en_passant) {
          report_error("", ply == 0 ? std::string("'e.p.' follows no move")
                                    : "ply " + std::to_string(ply) + " (" + last_label +
                                          "): marked e.p. but it is not an en passant capture");
          return ExitFailure;
        }
        continue;
      }
      const auto [number, move_text] = split_move_number(token);
      // A move number must be the game's (after a result, the next move is refused below).
      if (!number.empty() && result.empty())
        if (const std::string wrong = move_number_error(number, pos); !wrong.empty()) {
          report_error("", "ply " + std::to_string(ply + 1) + ": " + wrong);
          return ExitFailure;
        }
      if (move_text.empty()) continue;
      ++ply;
      // A second game would continue the first: refuse it rather than print a position of neither.
      if (!result.empty()) {
        report_error("", "ply " + std::to_string(ply) + " ('" + printable(move_text) + "') comes after the result " +
                             result + ": replay plays one game");
        return ExitFailure;
      }
      const std::string label =
          std::to_string(pos.fullmove_number()) + (pos.side_to_move() == White ? ". " : "... ") + printable(move_text);
      if (const std::string drawn = drawn_by_rule(pos, repetitions); !drawn.empty()) {
        report_error("", "ply " + std::to_string(ply) + " (" + label + "): " + drawn);
        return ExitFailure;
      }
      Result<Move> move = parse_move(pos, move_text);
      if (!move) {
        // Say why nothing can be played when the game is already over. With the side not to move in check
        // (an illegal --fen, such as kings side by side) no game reached it, and "checkmated" would mislead.
        const Color us = pos.side_to_move();
        if (legal_moves(pos).empty())
          move = Error{pos.attacked_by(us, pos.king_square(~us))
                           ? std::string("no legal move, and the position is illegal: ") + color_name(~us) +
                                 " is not to move but is in check"
                           : std::string("the game is over: ") + color_name(us) +
                                 (pos.in_check() ? " is checkmated" : " is stalemated")};
        report_error("", "ply " + std::to_string(ply) + " (" + label + "): " + move.error());
        return ExitFailure;
      }
      last_label = label;
      last_en_passant = move->kind() == MoveKind::EnPassant;
      UndoInfo undo;
      pos.do_move(*move, undo);
      repetitions = ++seen[repetition_key(pos)];
    }
    std::cout << to_fen(pos) << '\n';
    return ExitOk;
  };
}

const bool registered = register_command({"replay", "Play moves (SAN or UCI) and print the final FEN", 11, setup});

}  // namespace
}  // namespace chessrank::cli::replay_command
