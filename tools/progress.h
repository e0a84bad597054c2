// The progress line of long runs (estimate, perft, nulp, a model's build, ...) on stderr: redrawn in place on
// a terminal, else one line every 30 s, so that logs of long runs stay short.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <string>

#include "core/threads.h"

namespace chessrank::cli {

class Progress {
 public:
  // `unit` names what is counted ("samples"); `seconds` is the length of a timed run (0: counted runs).
  Progress(std::string unit, double seconds);
  // Show `done` of `target` (0 for a timed run) after `elapsed` seconds, unless shown too recently. The
  // rate and the time left count from the first update: a resumed run reports first what its checkpoint
  // held, which this run did not compute.
  void update(std::uint64_t done, std::uint64_t target, double elapsed);
  // The same, `elapsed` being seconds().
  void update(std::uint64_t done, std::uint64_t target) { update(done, target, seconds()); }
  // Return the seconds since construction.
  double seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }
  // Return a function calling update(), for the progress option of the runs (estimator/).
  std::function<void(std::uint64_t, std::uint64_t, double)> reporter() {
    return [this](std::uint64_t done, std::uint64_t target, double elapsed) { update(done, target, elapsed); };
  }
  // The same without the elapsed time, for computations that count steps (core/threads.h).
  ProgressCallback counter() {
    return [this](std::uint64_t done, std::uint64_t target) { update(done, target); };
  }
  // Clear the line on a terminal.
  void finish();

 private:
  std::string unit_;
  bool tty_;
  double seconds_;
  double last_ = 0;
  bool drawn_ = false;
  bool started_ = false;
  std::uint64_t first_done_ = 0;  // done, and elapsed, at the first update
  double first_elapsed_ = 0;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

}  // namespace chessrank::cli
