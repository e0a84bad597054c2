// `chessrank check`: quick sanity verdicts on well-formed positions (checks, material, en passant).
// It looks only at what one glance at the board settles; deeper retro-analysis belongs to `legal`.
#include <algorithm>
#include <cctype>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "core/fen.h"
#include "core/plural.h"
#include "legality/checks.h"
#include "legality/legality.h"
#include "tools/command.h"
#include "tools/input.h"
#include "tools/json_lines.h"

namespace chessrank::cli::check_command {
namespace {

// Describe a set of pieces: "knight on f3, rook on e1" in square order.
std::string describe(const Position& pos, Bitboard pieces) {
  std::string out;
  while (pieces) {
    const Square s = pop_lsb(pieces);
    if (!out.empty()) out += ", ";
    out += std::string(piece_type_name(type_of(pos.piece_on(s)))) + " on " + square_name(s);
  }
  return out;
}

// Return the en passant field as written (the 4th blank-separated field), or "" when absent.
std::string written_ep_field(const std::string& fen) {
  std::size_t i = 0;
  std::string field;
  for (int f = 0; f < 4; ++f) {
    while (i < fen.size() && std::isspace(static_cast<unsigned char>(fen[i]))) ++i;
    const std::size_t start = i;
    while (i < fen.size() && !std::isspace(static_cast<unsigned char>(fen[i]))) ++i;
    field = fen.substr(start, i - start);
  }
  return field;
}

// Return the problems that make `pos` impossible, and notes that do not.
void judge(const Position& pos, const std::string& input, std::vector<std::string>& problems,
           std::vector<std::string>& notes) {
  const Color us = pos.side_to_move();
  const Color them = ~us;

  const Bitboard against_them = pos.attackers_to(pos.king_square(them)) & pos.pieces(us);
  if (against_them)
    problems.push_back(std::string(color_name(them)) + " is not to move but is in check (" +
                       describe(pos, against_them) + ")");
  const Bitboard checkers = pos.checkers();
  if (popcount(checkers) > 2) problems.push_back(std::to_string(popcount(checkers)) + " checkers");

  for (Color c : {White, Black}) {
    const std::string who = color_name(c);
    const int pawns = pos.count(c, Pawn);
    const int total = popcount(pos.pieces(c));
    if (pawns > 8) problems.push_back(who + " has " + std::to_string(pawns) + " pawns");
    if (total > 16) problems.push_back(who + " has " + std::to_string(total) + " pieces");
    // Each piece beyond the initial set is a promoted pawn, and a promoted pawn is a missing pawn; bishops
    // count per square colour. No man is taken as fixed: walled-in bishops are `legal`'s deeper check.
    const int promoted = legality::min_promoted(pos, c);
    if (pawns <= 8 && promoted > 8 - pawns)
      problems.push_back(who + " has at least " + plural(promoted, "promoted piece") + " but only " +
                         plural(8 - pawns, "missing pawn"));
  }

  const Square ep = pos.ep_square();
  if (ep != NoSquare) {
    // The last move was a double push from `origin` to `landed`: any check now must come from that pawn
    // or be discovered through the square it left.
    const Square origin = Square(int(ep) - pawn_push(them));
    const Square landed = Square(int(ep) + pawn_push(them));
    Bitboard unexplained = 0;
    for (Bitboard b = checkers; b;) {
      const Square s = pop_lsb(b);
      if (s != landed && !(between(pos.king_square(us), s) & square_bb(origin))) unexplained |= square_bb(s);
    }
    if (unexplained) {
      problems.push_back("en passant square " + square_name(ep) + " says " + color_name(them) + " just played " +
                         square_name(origin) + "-" + square_name(landed) + ", which cannot have given the check (" +
                         describe(pos, unexplained) + ")");
      return;
    }
  } else {
    const std::string written = written_ep_field(input);
    if (!written.empty() && written != "-")
      notes.push_back("en passant square " + written + " dropped: no pawn can capture there");
  }
  // A check no last move can have given: two checkers on one line through the king, a slider checking
  // through a square nothing can have left, and the like (docs/legality.md, check 4); asked only of a
  // position with no problem above, whose reason would be the same illegality seen another way.
  std::string why;
  if (problems.empty() && checkers && !legality::detail::check_check_origin(pos, &why))
    problems.push_back("impossible check: " + why);
}

std::function<int()> setup(CLI::App& cmd) {
  auto fens = std::make_shared<std::vector<std::string>>();
  auto format = std::make_shared<Format>(Format::Text);
  cmd.add_option("FEN", *fens, "positions in FEN or EPD, one per argument (quote each); none: one per stdin line");
  add_format_option(cmd, *format);
  cmd.footer(
      "With --format json: {\"verdict\": \"ok\" or \"illegal\", \"side\", \"checkers\", \"problems\", \"notes\"}.\n"
      "Prints one verdict per position: \"ok: <side> to move, no check\", \"ok: ..., in check from N pieces\n"
      "(...)\" or \"illegal: <reasons>\". Checks: side not to move in check, more than 2 checkers, pawn and\n"
      "piece counts, promotions versus missing pawns (bishops counted per square colour), en passant\n"
      "versus the current check, checks no last move can have given. Nothing more: `chessrank legal`\n"
      "decides legality. Malformed FEN or EPD is an error (see `fen`). Exit status 1 when any input was an\n"
      "error or illegal.");
  return [fens, format] {
    const std::size_t failures = for_each_position(*fens, [&](const Position& pos, const std::string& item,
                                                              const ItemSource&) {
      std::vector<std::string> problems, notes;
      judge(pos, item, problems, notes);
      if (*format == Format::Json) {
        print_json({{"verdict", problems.empty() ? "ok" : "illegal"},
                    {"side", color_name(pos.side_to_move())},
                    {"checkers", popcount(pos.checkers())},
                    {"problems", problems},
                    {"notes", notes}});
        return problems.empty();
      }
      std::string line;
      if (!problems.empty()) {
        line = "illegal: ";
        for (std::size_t i = 0; i < problems.size(); ++i) line += (i ? "; " : "") + problems[i];
      } else {
        const Bitboard checkers = pos.checkers();
        line = std::string("ok: ") + color_name(pos.side_to_move()) + " to move, ";
        line += checkers ? "in check from " + plural(popcount(checkers), "piece") + " (" + describe(pos, checkers) + ")"
                         : std::string("no check");
      }
      for (const std::string& note : notes) line += "; note: " + note;
      std::cout << line << '\n';
      return problems.empty();
    });
    return failures ? ExitFailure : ExitOk;
  };
}

const bool registered = register_command({"check", "Give quick sanity verdicts on positions", 12, setup});

}  // namespace
}  // namespace chessrank::cli::check_command
