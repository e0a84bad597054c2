#include "estimator/proof_phase.h"

#include <atomic>
#include <chrono>
#include <cstring>
#include <fstream>
#include <mutex>
#include <optional>
#include <sstream>

#include "core/fen.h"
#include "core/threads.h"

namespace chessrank::estimator {
namespace {

constexpr const char* Magic = "chessrank-proof-journal";

// The journal's first line: what the outcomes depend on, so that a resume of another run is refused.
std::string header(const std::vector<Position>& positions, const ProofPhaseOptions& options) {
  return std::string(Magic) + " positions " + std::to_string(positions.size()) + " nodes " +
         std::to_string(options.limits.nodes) + " seed " + std::to_string(options.seed) + " first " +
         (positions.empty() ? "-" : to_fen4(positions.front()));
}

constexpr char Letters[] = "LIU";  // the journal's letter of each ProofStatus

}  // namespace

Result<ProofPhaseRun> run_proof_phase(const std::vector<Position>& positions, const ProofPhaseOptions& options) {
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  const std::string head = header(positions, options);
  std::vector<std::optional<proof::ProofStatus>> outcome(positions.size());
  std::ofstream journal;
  if (!options.journal.empty()) {
    std::ifstream in(options.journal);
    std::string line;
    if (in && std::getline(in, line)) {
      if (line != head)
        return Error{"proof journal " + options.journal + " belongs to another run (" + line.substr(0, 80) +
                     "); remove it or give the same --prove, --prove-nodes and --seed"};
      for (std::size_t number = 2; std::getline(in, line); ++number) {
        std::istringstream fields(line);
        std::size_t i = 0;
        char letter = 0;
        const char* found = nullptr;
        if (fields >> i >> letter && i < positions.size() && letter && (found = std::strchr(Letters, letter))) {
          outcome[i] = proof::ProofStatus(found - Letters);
        } else if (in.peek() != EOF) {  // only the last line may be cut short (a crash while writing it)
          return Error{"proof journal " + options.journal + ": line " + std::to_string(number) + " is damaged"};
        }
      }
    }
    // Written afresh (header and the outcomes read), then appended to.
    journal.open(options.journal, std::ios::trunc);
    journal << head << '\n';
    for (std::size_t i = 0; i < outcome.size(); ++i)
      if (outcome[i]) journal << i << ' ' << Letters[int(*outcome[i])] << '\n';
    if (!journal.flush()) return Error{"cannot write " + options.journal};
  }
  std::mutex mutex;
  std::atomic<std::size_t> next{0};
  std::atomic<bool> stopped{false};
  bool write_failed = false;
  std::uint64_t decided = 0;
  for (const auto& o : outcome) decided += o.has_value();
  const auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
  if (options.progress) options.progress(decided, positions.size(), 0);
  run_on_threads(std::min<unsigned>(worker_threads(options.threads), std::max<std::size_t>(1, positions.size())),
                 [&](unsigned) {
                   for (std::size_t i; (i = next++) < positions.size();) {
                     if (outcome[i]) continue;
                     if (stopped || (options.stop && options.stop())) {
                       stopped = true;
                       return;
                     }
                     const proof::ProofStatus status = proof::prove(positions[i], options.limits, options.seed).status;
                     if (options.stop && options.stop()) {  // the search may have been cut short: not an outcome
                       stopped = true;
                       return;
                     }
                     const std::lock_guard lock(mutex);
                     outcome[i] = status;
                     ++decided;
                     if (journal.is_open() && !(journal << i << ' ' << Letters[int(status)] << '\n' << std::flush))
                       write_failed = true;
                     if (options.progress) options.progress(decided, positions.size(), elapsed());
                   }
                 });
  if (write_failed) return Error{"writing " + options.journal + " failed"};
  ProofPhaseRun run;
  run.phase.nodes = options.limits.nodes;
  for (const auto& o : outcome) {
    if (!o) {
      run.interrupted = true;
      continue;
    }
    ++run.phase.searched;
    ++(*o == proof::ProofStatus::Legal ? run.phase.legal : *o == proof::ProofStatus::Illegal ? run.phase.illegal
                                                                                           : run.phase.unknown);
  }
  return run;
}

}  // namespace chessrank::estimator
