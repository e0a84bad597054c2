// `chessrank prove`: a proof game for each given position, or the check that shows it illegal.
#include <condition_variable>
#include <deque>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include <unistd.h>

#include "core/fen.h"
#include "core/notation.h"
#include "core/threads.h"
#include "proof/proof_game.h"
#include "tools/command.h"
#include "tools/input.h"
#include "tools/interrupt.h"
#include "tools/json_lines.h"
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
  std::uint64_t skip = 0;
  bool json = false;
  std::string opening;  // moves every game begins with, as given
};

// Thrown by the reader's item handler to stop reading after Ctrl-C.
struct StopReading {};

// Thread 0 reads the items (bad ones reported in place) and queues the positions; the other threads prove
// them and print each line as soon as every line before it is out. A program that writes a FEN and waits
// gets its line without closing the input. Ctrl-C stops the searches under way (a search it cut short makes
// no line) and says the --skip that resumes; from a terminal, where the reader may be waiting for a line,
// Ctrl-C ends the process as usual (the lines out are whole).
int run(const Options& o) {
  const Result<std::vector<Move>> opening = parse_game(o.opening);
  if (!opening) {
    report_error("--opening", opening.error());
    return ExitUsage;
  }
  proof::ProofLimits limits;
  limits.nodes = o.nodes;
  limits.seconds = o.seconds;
  std::optional<Interrupt> interrupt;
  if (!o.fens.empty() || !isatty(STDIN_FILENO)) {
    interrupt.emplace();
    limits.stop = &Interrupt::requested;
  }
  const auto stopped = [&] { return interrupt && Interrupt::requested(); };
  std::mutex mutex;
  std::condition_variable queued;
  std::deque<std::pair<std::size_t, Position>> jobs;  // (its line's number, position)
  std::vector<std::uint64_t> item_of;                 // per line: its item's number among all items
  std::uint64_t items = 0;                            // items read, the skipped ones included
  bool read_all = false;
  std::size_t read = 0, printed = 0;
  std::map<std::size_t, std::string> lines;  // finished, waiting for the ones before
  std::size_t failures = 0;
  Progress progress("positions", 0);
  // Hold line `number`, and print the lines that are ready (the caller holds the mutex).
  const auto emit = [&](std::size_t number, std::string line) {
    lines.emplace(number, std::move(line));
    for (auto it = lines.begin(); it != lines.end() && it->first == printed; it = lines.erase(it), ++printed)
      std::cout << it->second << '\n';
    std::cout.flush();
    progress.update(printed, read_all ? read : 0);
  };
  // The reader's flushes and the printers' writes take turns, until this function returns or throws.
  struct OutputMutex {
    explicit OutputMutex(std::mutex& m) { set_output_mutex(&m); }
    ~OutputMutex() { set_output_mutex(nullptr); }
  } output_mutex(mutex);
  run_on_threads(worker_threads(o.threads) + 1, [&](unsigned t) {
    if (t == 0) {
      const auto finish = [&] {
        const std::lock_guard lock(mutex);
        read_all = true;
        queued.notify_all();
      };
      try {
        failures = for_each_item(o.fens, [&](const std::string& item, const ItemSource& src) {
          if (stopped()) throw StopReading{};
          if (items++ < o.skip) return true;
          const Result<Position> pos = parse_fen_or_epd(item);
          if (!pos) {
            report_error(src.describe(), pos.error());
            if (o.json) {  // the error object takes the item's place among the lines
              const std::lock_guard lock(mutex);
              item_of.push_back(items - 1);
              emit(read++, nlohmann::ordered_json{{"source", src.describe()}, {"error", pos.error()}}.dump(
                                -1, ' ', false, nlohmann::ordered_json::error_handler_t::replace));
            }
            return false;
          }
          const std::lock_guard lock(mutex);
          item_of.push_back(items - 1);
          jobs.emplace_back(read++, *pos);
          queued.notify_one();
          return true;
        });
      } catch (const StopReading&) {
      } catch (...) {
        finish();
        throw;
      }
      finish();
      return;
    }
    for (;;) {
      std::pair<std::size_t, Position> job;
      {
        std::unique_lock lock(mutex);
        queued.wait(lock, [&] { return !jobs.empty() || read_all || stopped(); });
        if (jobs.empty() || stopped()) return;
        job = jobs.front();
        jobs.pop_front();
      }
      const proof::ProofOutcome outcome = proof::prove(job.second, limits, o.seed, *opening);
      if (stopped()) {  // its search may have stopped short: not a line
        queued.notify_all();
        return;
      }
      std::string line = proof_line(outcome);
      if (o.json) {
        nlohmann::ordered_json out{{"fen", to_fen4(job.second)}};
        add_proof_members(out, outcome);
        line = out.dump();
      }
      const std::lock_guard lock(mutex);
      emit(job.first, std::move(line));
    }
  });
  progress.finish();
  if (stopped()) {
    std::cout.flush();
    const std::uint64_t resume = printed < item_of.size() ? item_of[printed] : items;
    report_error("", "interrupted after " + std::to_string(printed) + " positions: the same command with --skip " +
                         std::to_string(resume) + " proves the rest");
    return Interrupt::interrupted_status();
  }
  return failures ? ExitFailure : ExitOk;
}

std::function<int()> setup(CLI::App& cmd) {
  auto o = std::make_shared<Options>();
  whole_number(cmd.add_option("--nodes", o->nodes, "positions the game search may expand per position"), 1)
      ->capture_default_str();
  cmd.add_option("--time", o->seconds, "seconds of search per position at most (results then depend on speed)")
      ->check(positive_number());
  whole_number(cmd.add_option("--seed", o->seed, "seed of the searches' random tie-breaks"))->capture_default_str();
  whole_number(cmd.add_option("--threads", o->threads, "positions searched at once (0: every hardware thread)"), 0,
               1024)
      ->capture_default_str();
  whole_number(cmd.add_option("--skip", o->skip,
                              "leave out the first K positions of the input (lines or arguments): resumes a run "
                              "cut short"))
      ->capture_default_str();
  cmd.add_option("--opening", o->opening,
                 "moves (SAN or UCI, separated by blanks) from the initial position that every game found begins "
                 "with: a closest line (--format json), corrected, tried again");
  cmd.add_option_function<std::string>(
         "--format", [o](const std::string& name) { o->json = name == "json"; },
         "output: text, or json (one object per input line, errors included)")
      ->check(CLI::IsMember({"text", "json"}));
  cmd.add_option("FEN", o->fens, "positions in FEN or EPD, one per argument (quote each); none: one per stdin line");
  cmd.footer(
      "Prints one line per position, in input order, as soon as the lines before it are out (stdin lines are\n"
      "read as they come): \"legal: proof: <SAN moves from the initial position>\"\n"
      "(`chessrank replay` plays them), \"illegal: <reason>\" (a legality check, docs/legality.md) or\n"
      "\"unknown: <why>\" when the search ran out of budget: unknown is never a verdict. With --nodes alone the\n"
      "lines depend only on the positions and --seed, not on --threads. How the search works: docs/proof-games.md.\n"
      "With --format json: {\"fen\", \"outcome\" (legal, illegal or unknown), \"proof\" (SAN moves) and \"plies\", or\n"
      "\"reason\" and for unknown \"closest\" (SAN moves from the initial position to where the search came\n"
      "closest), and \"nodes\" (positions expanded)}; a malformed item's {\"source\", \"error\"} in its place.");
  return [o] { return run(*o); };
}

const bool registered = register_command({"prove", "Find proof games, or prove positions illegal", 55, setup});

}  // namespace
}  // namespace chessrank::cli::prove_command
