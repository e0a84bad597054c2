// `chessrank ferz`: al-Suli's ferz endgame (seed 002), solved: how many plies White needs to win each
// position given, and the principal variation with every other best move.
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "ferz/ferz.h"
#include "tools/command.h"
#include "tools/input.h"
#include "tools/json_lines.h"
#include "tools/progress.h"

namespace chessrank::cli::ferz_command {
namespace {

// Al-Suli's position, as the seed gives it: White to move wins in 39 plies, starting with Kb4.
constexpr const char* AlSuli = "8/8/8/3k4/8/1KF5/8/f7 w";

struct Options {
  std::vector<std::string> positions;
  std::string input;
  bool longest = false;
  bool moves = false;
  Format format = Format::Text;
};

// A position's distance (0: no forced win), principal variation and, with `moves`, every legal move with
// the plies to the win after it (0: none), as an object.
nlohmann::ordered_json position_json(const ferz::Solution& s, const ferz::Position& p, bool moves = false) {
  const int d = s.distance(p);
  nlohmann::ordered_json out{{"position", ferz::to_text(p)}, {"plies", d}};
  if (d) out["variation"] = ferz::principal_variation(s, p);
  if (moves) {
    out["moves"] = nlohmann::ordered_json::object();
    for (const ferz::Move& m : ferz::legal_moves(p)) out["moves"][ferz::move_name(m)] = s.distance_after(p, m);
  }
  return out;
}

// Print a position's distance and principal variation, and with `moves` every legal move with the plies to
// the win when it is played, counted from the position (as the distance is), or "no win".
void print(const ferz::Solution& s, const ferz::Position& p, bool moves = false) {
  const int d = s.distance(p);
  std::cout << ferz::to_text(p) << ": ";
  if (!d)
    std::cout << "White cannot force a win\n";
  else
    std::cout << "White wins in " << d << " plies\n" << ferz::principal_variation(s, p) << '\n';
  if (!moves) return;
  for (const ferz::Move& m : ferz::legal_moves(p)) {
    const int after = s.distance_after(p, m);
    std::cout << "  " << ferz::move_name(m) << ' ' << (after ? std::to_string(after) : std::string("no win")) << '\n';
  }
}

int run(const Options& o) {
  Progress progress("positions", 0);
  const ferz::Solution solution(progress.counter());
  progress.finish();
  if (o.longest) {
    const auto [all, d] = solution.longest(false);
    const auto [same, e] = solution.longest(true);
    if (o.format == Format::Json) {
      print_json({{"won_white_to_move", solution.won()[0]},
                  {"won_black_to_move", solution.won()[1]},
                  {"longest", position_json(solution, all)},
                  {"longest_one_colour", position_json(solution, same)}});
      return ExitOk;
    }
    std::cout << "positions White wins: " << solution.won()[0] << " with White to move, " << solution.won()[1]
              << " with Black to move\nthe longest win (" << d << " plies):\n";
    print(solution, all);
    std::cout << "the longest with the ferzes on squares of one colour (" << e << " plies):\n";
    print(solution, same);
    return ExitOk;
  }
  std::vector<std::string> items = o.positions;
  if (items.empty() && o.input.empty()) items.push_back(AlSuli);
  const std::size_t failures = for_each_item(
      items,
      [&](const std::string& text, const ItemSource& src) {
        const Result<ferz::Position> p = ferz::parse_position(text);
        if (!p) {
          report_error(src, p.error());
          return false;
        }
        if (o.format == Format::Json)
          print_json(position_json(solution, *p, o.moves));
        else
          print(solution, *p, o.moves);
        return true;
      },
      ItemInput{o.input == "-" ? "" : o.input});
  return failures ? ExitFailure : ExitOk;
}

std::function<int()> setup(CLI::App& cmd) {
  auto opt = std::make_shared<Options>();
  CLI::Option* positions =
      cmd.add_option("POSITION", opt->positions,
                     "positions: FEN's placement with K F k f for the men, and w or b (default: al-Suli's, " +
                         std::string(AlSuli) + ")");
  CLI::Option* input =
      cmd.add_option("--input", opt->input, "read positions from this file, one per line (- for standard input)")
          ->check(file_name())
          ->excludes(positions);
  CLI::Option* moves =
      cmd.add_flag("--moves", opt->moves, "also list every legal move with the plies to the win when it is played");
  cmd.add_flag("--longest", opt->longest,
               "print the longest wins instead: of all positions, and of those whose ferzes stand on squares of one "
               "colour")
      ->excludes(positions)
      ->excludes(input)
      ->excludes(moves);
  add_format_option(cmd, opt->format);
  cmd.footer(
      "With --format json: {\"position\", \"plies\" (0: no forced win), \"variation\", \"moves\"} per position.\n"
      "King and ferz against king and ferz: White wins by taking Black's ferz when Black cannot take White's\n"
      "at once. Solves every position (about a second) and prints, for each one given, the plies to the win\n"
      "with best play (White fastest, Black slowest) and the principal variation: the other best moves of a\n"
      "ply in brackets, ~ where every Black move is as good (docs/ferz.md). Exit status 1 when a position is\n"
      "malformed or cannot be played (the others are printed).");
  return [opt] { return run(*opt); };
}

const bool registered = register_command({"ferz", "Solve al-Suli's ferz endgame: plies to win, best play", 46, setup});

}  // namespace
}  // namespace chessrank::cli::ferz_command
