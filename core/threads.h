// Running one piece of work on several threads: the one pool every parallel part of the toolkit uses (the
// models' builds, the colour count, the sampler, convert), and the count of its steps for a progress line.
// Results must never depend on the number of threads; callers hand out work by index, not by thread.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <future>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

namespace chessrank {

// Return the number of threads to use for `requested`: 0 means every hardware thread (at least one).
inline unsigned worker_threads(unsigned requested) {
  return requested ? requested : std::max(1u, std::thread::hardware_concurrency());
}
// Return the machine's threads (worker_threads(0)), at most `most`: for work that gains nothing beyond it.
inline unsigned worker_threads_up_to(unsigned most) { return std::min(worker_threads(0), most); }

// Call work(t) for t = 0 .. threads - 1, each on a thread of its own (t = 0 on this one), and return when
// all have returned (at once for 0 threads). An exception thrown by any call comes back here, after every
// thread has finished.
template <class Work>
void run_on_threads(unsigned threads, Work&& work) {
  if (threads == 0) return;
  std::vector<std::future<void>> helpers;
  helpers.reserve(threads);
  for (unsigned t = 1; t < threads; ++t) helpers.push_back(std::async(std::launch::async, std::ref(work), t));
  std::exception_ptr failure;
  try {
    work(0u);
  } catch (...) {
    failure = std::current_exception();
  }
  for (auto& h : helpers) {
    try {
      h.get();
    } catch (...) {
      if (!failure) failure = std::current_exception();
    }
  }
  if (failure) std::rethrow_exception(failure);
}

// Call work(i) once for each i = 0 .. count - 1, handed out in order to `threads` threads (run_on_threads),
// so that each result goes to slot i whatever the thread that computes it.
template <class Work>
void for_each_index(std::size_t count, unsigned threads, Work&& work) {
  std::atomic<std::size_t> next{0};
  run_on_threads(threads, [&](unsigned) {
    for (std::size_t i; (i = next++) < count;) work(i);
  });
}

// Reports how far a long computation is: `done` of `total` steps.
using ProgressCallback = std::function<void(std::uint64_t done, std::uint64_t total)>;

// Counts the steps of work shared between threads and passes each new count to a ProgressCallback, one call
// at a time (from whichever thread finished the step); without a callback it only counts.
class StepCounter {
 public:
  StepCounter(ProgressCallback callback, std::uint64_t total) : callback_(std::move(callback)), total_(total) {}
  // Count `steps` more done (none: no call).
  void step(std::uint64_t steps = 1) {
    if (steps == 0) return;
    std::lock_guard<std::mutex> lock(mutex_);
    done_ += steps;
    if (callback_) callback_(done_, total_);
  }

 private:
  ProgressCallback callback_;
  std::uint64_t total_;
  std::uint64_t done_ = 0;
  std::mutex mutex_;
};

}  // namespace chessrank
