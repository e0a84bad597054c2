// `chessrank fen`: check FEN strings and print them in canonical form.
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "core/fen.h"
#include "tools/command.h"
#include "tools/input.h"
#include "tools/json_lines.h"

namespace chessrank::cli::fen_command {
namespace {

std::function<int()> setup(CLI::App& cmd) {
  auto fens = std::make_shared<std::vector<std::string>>();
  auto format = std::make_shared<Format>(Format::Text);
  cmd.add_option("FEN", *fens, "positions in FEN, one per argument (quote each); none: one per stdin line");
  add_format_option(cmd, *format);
  cmd.footer(
      "Prints each position's canonical FEN, or \"error: <where>: <message>\" on stderr. Four-field FEN gets\n"
      "counters 0 1; an en passant square no pawn can capture on is dropped. See docs/fen.md.\n"
      "With --format json: {\"fen\": ...} per position. Exit status 1 when any input was refused.");
  return [fens, format] {
    const std::size_t failures = for_each_item(*fens, [&](const std::string& item, const ItemSource& src) {
      const Result<Position> pos = parse_fen(item);  // FEN only: this command is the FEN validator
      if (!pos) {
        report_error(src, pos.error());
        return false;
      }
      if (*format == Format::Json)
        print_json({{"fen", to_fen(*pos)}});
      else
        std::cout << to_fen(*pos) << '\n';
      return true;
    });
    return failures ? ExitFailure : ExitOk;
  };
}

const bool registered = register_command({"fen", "Check FEN strings and print them in canonical form", 10, setup});

}  // namespace
}  // namespace chessrank::cli::fen_command
