// `chessrank nulp`: the Number of Unique Legal Positions of chess endgames (seeds 001 and 004), exactly:
// the totals by number of men, every endgame's row, or the rows of the endgames named.
#include <algorithm>
#include <iomanip>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "core/bigint.h"
#include "core/fen.h"
#include "nulp/nulp.h"
#include "tools/command.h"
#include "tools/input.h"
#include "tools/json_lines.h"
#include "tools/progress.h"

namespace chessrank::cli::nulp_command {
namespace {

struct Options {
  std::vector<std::string> endgames;
  int men = 0;  // 0: not given (MaxMen, or the board's squares if fewer)
  std::string board = "8x8";
  bool list = false;
  unsigned threads = 0;
  Format format = Format::Text;
};

void print_header() {
  std::cout << std::left << std::setw(12) << "endgame" << std::right << std::setw(5) << "men" << std::setw(22)
            << "unique" << std::setw(20) << "with castling" << std::setw(22) << "stronger to move" << std::setw(22)
            << "weaker to move" << std::setw(22) << "positions" << '\n';
}
void print_row_json(const nulp::EndgameCount& c) {
  print_json({{"endgame", c.name}, {"men", c.material.men()}, {"unique", c.unique.get_str()},
              {"castling", c.castling.get_str()}, {"stronger_to_move", c.stronger_to_move.get_str()},
              {"weaker_to_move", c.weaker_to_move.get_str()}, {"positions", c.positions.get_str()}});
}
void print_row(const nulp::EndgameCount& c) {
  std::cout << std::left << std::setw(12) << c.name << std::right << std::setw(5) << c.material.men()
            << std::setw(22) << c.unique << std::setw(20) << c.castling << std::setw(22) << c.stronger_to_move
            << std::setw(22) << c.weaker_to_move << std::setw(22) << c.positions << '\n';
}

int run(const Options& o) {
  const std::optional<nulp::Board> board = nulp::parse_board(o.board);
  if (!board) {
    report_error("--board", quote(o.board) + " is not FILESxRANKS with each from 1 to 8, such as 8x8 or 4x4");
    return ExitUsage;
  }
  if (!o.endgames.empty()) {
    // Rows of the endgames named; a bad name is reported with its place, and the others still come out.
    std::vector<nulp::Material> wanted;
    int failures = 0;
    for (std::size_t i = 0; i < o.endgames.size(); ++i) {
      const std::optional<nulp::Material> m = nulp::parse_endgame(o.endgames[i]);
      if (!m)
        report_error(ItemSource{false, i + 1}, quote(o.endgames[i]) +
                                                   " is not an endgame: two kings, each followed by its men (q r b n "
                                                   "p), such as kqk or KRPvKR");
      else if (m->men() > nulp::MaxMen)
        report_error(ItemSource{false, i + 1}, quote(o.endgames[i]) + " has " + std::to_string(m->men()) +
                                                   " men; at most " + std::to_string(nulp::MaxMen) + " are counted");
      else if (m->men() > board->squares())
        report_error(ItemSource{false, i + 1}, quote(o.endgames[i]) + " has more men than the board has squares");
      else {
        // JSON: each row in its argument's place, among the error objects.
        if (o.format == Format::Json) print_row_json(nulp::count_endgame(*board, *m, o.threads).value());
        else wanted.push_back(*m);
        continue;
      }
      ++failures;
    }
    if (!wanted.empty()) print_header();
    // Each counted alone, with a variable per kind it has (docs/nulp.md): milliseconds, even for 8 men.
    for (const nulp::Material& m : wanted) print_row(nulp::count_endgame(*board, m, o.threads).value());  // fits
    return failures ? ExitFailure : ExitOk;
  }
  const int men = o.men ? o.men : std::min(nulp::MaxMen, board->squares());
  if (men > board->squares()) {
    report_error("--men", std::to_string(men) + " men do not fit on a " + o.board + " board");
    return ExitUsage;
  }
  // Progress by placement patterns (on stderr: after 0.2 s on a terminal, every 30 s otherwise).
  Progress progress("patterns", 0);
  const std::vector<nulp::EndgameCount> rows = nulp::count_endgames(
      *board, men, o.threads, progress.counter());
  progress.finish();
  if (o.list) {
    if (o.format == Format::Json) {
      for (const nulp::EndgameCount& c : rows) print_row_json(c);
      return ExitOk;
    }
    print_header();
    for (const nulp::EndgameCount& c : rows) print_row(c);
    return ExitOk;
  }
  if (o.format == Format::Text)
    std::cout << std::right << std::setw(4) << "men" << std::setw(22) << "unique" << std::setw(20) << "with castling"
              << std::setw(10) << "endgames" << '\n';
  for (int n = 2; n <= men; ++n) {
    BigInt unique = 0, castling = 0;
    int endgames = 0;
    for (const nulp::EndgameCount& c : rows)
      if (c.material.men() == n) unique += c.unique, castling += c.castling, ++endgames;
    if (o.format == Format::Json) {
      print_json({{"men", n}, {"unique", unique.get_str()}, {"castling", castling.get_str()}, {"endgames", endgames}});
      continue;
    }
    std::cout << std::setw(4) << n << std::setw(22) << unique << std::setw(20) << castling << std::setw(10) << endgames
              << '\n';
  }
  return ExitOk;
}

std::function<int()> setup(CLI::App& cmd) {
  auto opt = std::make_shared<Options>();
  CLI::Option* endgames =
      cmd.add_option("ENDGAME", opt->endgames, "endgames to count, such as kqk, krpkr or KRPvKR (either side first)");
  whole_number(cmd.add_option("--men", opt->men,
                              "count every endgame of 2 to this many men, kings included (default " +
                                  std::to_string(nulp::MaxMen) + ", or the board's squares if fewer)"),
               2, nulp::MaxMen)
      ->excludes(endgames);
  cmd.add_option("--board", opt->board, "board FILESxRANKS, each 1 to 8 (default 8x8); docs/nulp.md gives the rules");
  cmd.add_flag("--list", opt->list, "print every endgame's row instead of the totals")->excludes(endgames);
  add_format_option(cmd, opt->format);
  whole_number(cmd.add_option("--threads", opt->threads, "worker threads (default and 0: all cores); never changes "
                                                         "the counts"),
               0, 1024);
  cmd.footer(
      "Counts the classes of legal positions (placement, side to move, castling and en passant rights) under\n"
      "colour swap and the board's symmetries, as the NULP tables define them (docs/nulp.md), exactly and\n"
      "without enumerating: all 4,032 endgames of up to 8 men take a few seconds.\n"
      "Without ENDGAME: the totals by number of men; with --list, a row per endgame; with ENDGAME, their rows.\n"
      "A row: name (the stronger side first), men, unique classes, of them with castling rights, split by side to\n"
      "move (a symmetric endgame's all count as the stronger side's), and the positions before symmetry.\n"
      "With --format json: an object per row (counts as strings), per ENDGAME in argument order, errors included.\n"
      "Exit status 1 when an ENDGAME is not one (the others are printed), 2 for a bad option.");
  return [opt] { return run(*opt); };
}

const bool registered =
    register_command({"nulp", "Count the unique legal positions of chess endgames (NULP)", 45, setup});

}  // namespace
}  // namespace chessrank::cli::nulp_command
