// `chessrank perft`: count the leaves of the legal move tree, the standard check of a move generator.
#include <algorithm>
#include <iostream>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/fen.h"
#include "core/notation.h"
#include "core/perft.h"
#include "tools/command.h"
#include "tools/input.h"
#include "tools/progress.h"
#include "tools/json_lines.h"

namespace chessrank::cli::perft_command {
namespace {

constexpr int MaxDepth = 15;

struct Options {
  std::string fen = to_fen(Position::start());
  std::string depth;
  bool divide = false;
  Format format = Format::Text;
};

// Return the depth, or -1 when the text is not a whole number from 0 to MaxDepth.
int parse_depth(const std::string& text) {
  if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos) return -1;
  const std::string_view digits = std::string_view(text).substr(std::min(text.find_first_not_of('0'), text.size()));
  if (digits.size() > 2) return -1;
  int depth = 0;
  for (char c : digits) depth = depth * 10 + (c - '0');
  return depth <= MaxDepth ? depth : -1;
}

std::function<int()> setup(CLI::App& cmd) {
  auto opt = std::make_shared<Options>();
  cmd.add_option("--fen", opt->fen, "position to count from (default: the start position)");
  // Take the depth as text so a bad value gets this command's own message and exit code.
  cmd.add_option("DEPTH", opt->depth, "plies to search, 0 to " + std::to_string(MaxDepth))->required();
  cmd.add_flag("--divide", opt->divide, "print the count below each root move (UCI), then the total");
  add_format_option(cmd, opt->format);
  cmd.footer(
      "Prints the number of leaf nodes at DEPTH. With --divide: one line \"<move>: <nodes>\" per legal move\n"
      "(sorted), a blank line, then \"total: <nodes>\". Exit status 1 for a bad FEN or a count of 2^64 - 1\n"
      "or more (deep searches of rich positions: the counter is 64 bits), 2 for a bad depth.\n"
      "With --format json: {\"depth\", \"nodes\"}, and \"divide\" ({move: nodes}) with --divide.");
  return [opt] {
    const int depth = parse_depth(std::string(trim(opt->depth)));
    if (depth < 0) {
      report_error("", "depth " + quote(opt->depth) + " is not a whole number from 0 to " + std::to_string(MaxDepth));
      return ExitUsage;
    }
    if (opt->divide && depth == 0) {
      report_error("", "--divide needs a depth of at least 1");
      return ExitUsage;
    }
    Result<Position> parsed = parse_fen(trim(opt->fen));
    if (!parsed) {
      report_error("--fen", parsed.error());
      return ExitFailure;
    }
    Position pos = std::move(parsed).value();
    const auto too_large = [] {
      report_error("", "the count is " + std::to_string(PerftSaturated) + " (2^64 - 1) or more, beyond perft's counter");
      return ExitFailure;
    };
    // Counted root move by root move, so that a deep count shows its progress (on stderr, after 0.2 s on a
    // terminal, every 30 s otherwise).
    Progress progress("root moves", 0);
    const auto divided = perft_divide(pos, depth, progress.counter());
    progress.finish();
    if (!opt->divide) {
      std::uint64_t nodes = depth == 0 ? 1 : 0;
      for (const auto& [m, n] : divided) nodes = perft_add(nodes, n);
      if (nodes == PerftSaturated) return too_large();
      if (opt->format == Format::Json)
        print_json({{"depth", depth}, {"nodes", nodes}});
      else
        std::cout << nodes << '\n';
      return ExitOk;
    }
    std::vector<std::pair<std::string, std::uint64_t>> lines;
    std::uint64_t total = 0;
    for (const auto& [m, n] : divided) {
      lines.emplace_back(to_uci(m), n);
      if ((total = perft_add(total, n)) == PerftSaturated) return too_large();
    }
    std::sort(lines.begin(), lines.end());
    if (opt->format == Format::Json) {
      nlohmann::ordered_json divide = nlohmann::ordered_json::object();
      for (const auto& [uci, n] : lines) divide[uci] = n;
      print_json({{"depth", depth}, {"nodes", total}, {"divide", divide}});
      return ExitOk;
    }
    for (const auto& [uci, n] : lines) std::cout << uci << ": " << n << '\n';
    std::cout << "\ntotal: " << total << '\n';
    return ExitOk;
  };
}

const bool registered = register_command({"perft", "Count the leaves of the legal move tree to a depth", 20, setup});

}  // namespace
}  // namespace chessrank::cli::perft_command
