// The second phase of `chessrank estimate --prove K`: the proof-game search (proof/proof_game.h) on a
// uniform subsample of the positions that passed the legality checks.
//
// The subsample is the run's first K passing samples in sample order (first_passing, estimate.h): the
// samples are independent and uniform, so these are K independent draws from the passing positions, and
// they depend on the seed only. Each position's outcome depends on the position, the seed and the node
// budget, never on the threads. With a journal file the outcomes are appended as they come, one line
// each, and a run that finds the file takes them from it: a long phase can be stopped and resumed.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/position.h"
#include "core/result.h"
#include "estimator/estimate.h"
#include "proof/proof_game.h"

namespace chessrank::estimator {

struct ProofPhaseOptions {
  proof::ProofLimits limits;
  std::uint64_t seed = 0;
  unsigned threads = 0;  // 0: all hardware threads
  std::string journal;   // when not empty: the outcomes file, resumed from when it exists
  // Called with positions decided, positions in all and seconds elapsed, after each one.
  std::function<void(std::uint64_t, std::uint64_t, double)> progress;
  // Asked before each search starts and after it ends: true stops the phase (outcomes so far kept in the
  // journal; the search that saw it is not an outcome, since limits.stop may have cut it short).
  std::function<bool()> stop;
};

struct ProofPhaseRun {
  ProofPhase phase;
  bool interrupted = false;  // stopped before every position was decided; `phase` counts the decided ones
};

// Decide `positions` (the subsample). An error when the journal belongs to another run or cannot be
// read or written.
Result<ProofPhaseRun> run_proof_phase(const std::vector<Position>& positions, const ProofPhaseOptions& options);

}  // namespace chessrank::estimator
