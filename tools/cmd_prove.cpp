// `chessrank prove`: a proof game for each given position, or the check that shows it illegal.
#include <atomic>
#include <iostream>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "core/fen.h"
#include "core/threads.h"
#include "proof/proof_game.h"
#include "tools/command.h"
#include "tools/input.h"
#include "tools/progress.h"
#include "tools/proof_line.h"

namespace chessrank::cli::prove_command {
namespace {

struct Options {
  std::vector<std::string> fens;
  std::uint64_t nodes = proof::ProofLimits{}.nodes;
  double seconds = 0;
  std::uint64_t seed = 1;
  unsigned threads = 0;
};

int run(const Options& o) {
  // Read every item first (bad ones reported in place), then search on the threads and print in input order.
  std::vector<std::optional<Position>> positions;
  const std::size_t failures = for_each_item(o.fens, [&](const std::string& item, const ItemSource& src) {
    const Result<Position> pos = parse_fen_or_epd(item);
    if (!pos) {
      report_error(src, pos.error());
      return false;
    }
    positions.emplace_back(*pos);
    return true;
  });
  proof::ProofLimits limits;
  limits.nodes = o.nodes;
  limits.seconds = o.seconds;
  std::vector<std::optional<std::string>> lines(positions.size());
  std::atomic<std::size_t> next{0};
  std::mutex mutex;
  std::size_t printed = 0, done = 0;
  Progress progress("positions", 0);
  run_on_threads(std::min<unsigned>(worker_threads(o.threads), std::max<std::size_t>(1, positions.size())),
                 [&](unsigned) {
                   for (std::size_t i; (i = next++) < positions.size();) {
                     std::string line = proof_line(proof::prove(*positions[i], limits, o.seed));
                     const std::lock_guard lock(mutex);
                     lines[i] = std::move(line);
                     for (; printed < lines.size() && lines[printed]; ++printed) std::cout << *lines[printed] << '\n';
                     std::cout.flush();
                     progress.update(++done, positions.size());
                   }
                 });
  progress.finish();
  return failures ? ExitFailure : ExitOk;
}

std::function<int()> setup(CLI::App& cmd) {
  auto o = std::make_shared<Options>();
  whole_number(cmd.add_option("--nodes", o->nodes, "positions the game search may expand per position"), 1)
      ->capture_default_str();
  cmd.add_option("--time", o->seconds, "seconds of search per position at most (results then depend on speed)")
      ->check(positive_number());
  whole_number(cmd.add_option("--seed", o->seed, "seed of the searches' random tie-breaks"))->capture_default_str();
  whole_number(cmd.add_option("--threads", o->threads, "positions searched at once (0: every hardware thread)"))
      ->capture_default_str();
  cmd.add_option("FEN", o->fens, "positions in FEN or EPD, one per argument (quote each); none: one per stdin line");
  cmd.footer(
      "Prints one line per position, in input order: \"legal: proof: <SAN moves from the initial position>\"\n"
      "(`chessrank replay` plays them), \"illegal: <reason>\" (a legality check, docs/legality.md) or\n"
      "\"unknown: <why>\" when the search ran out of budget: unknown is never a verdict. With --nodes alone the\n"
      "lines depend only on the positions and --seed, not on --threads. How the search works: docs/proof-games.md.");
  return [o] { return run(*o); };
}

const bool registered = register_command({"prove", "Find proof games, or prove positions illegal", 55, setup});

}  // namespace
}  // namespace chessrank::cli::prove_command
