#include "core/threads.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace chessrank {
namespace {

TEST(Threads, ZeroMeansEveryHardwareThread) {
  EXPECT_EQ(worker_threads(3), 3u);
  EXPECT_GE(worker_threads(0), 1u);
  if (const unsigned n = std::thread::hardware_concurrency(); n > 0) {
    EXPECT_EQ(worker_threads(0), n);
  }
}

TEST(Threads, EveryIndexRunsOnceAndTheFirstOnTheCaller) {
  for (unsigned threads : {1u, 2u, 5u}) {
    std::vector<std::atomic<int>> calls(threads);
    std::vector<std::thread::id> ids(threads);
    run_on_threads(threads, [&](unsigned t) {
      ++calls[t];
      ids[t] = std::this_thread::get_id();
    });
    for (unsigned t = 0; t < threads; ++t) EXPECT_EQ(calls[t], 1) << threads << " threads, index " << t;
    EXPECT_EQ(ids[0], std::this_thread::get_id());
    EXPECT_EQ(std::set<std::thread::id>(ids.begin(), ids.end()).size(), threads);
  }
}

TEST(Threads, NoThreadsRunNothing) {
  int calls = 0;
  run_on_threads(0, [&](unsigned) { ++calls; });
  EXPECT_EQ(calls, 0);
}

TEST(Threads, AnExceptionComesBackAfterEveryThreadFinished) {
  for (unsigned thrower : {0u, 2u}) {
    std::atomic<int> finished{0};
    const auto work = [&](unsigned t) {
      if (t == thrower) throw std::runtime_error("index " + std::to_string(t));
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      ++finished;
    };
    try {
      run_on_threads(4, work);
      ADD_FAILURE() << "no exception from index " << thrower;
    } catch (const std::runtime_error& e) {
      EXPECT_EQ(std::string(e.what()), "index " + std::to_string(thrower));
    }
    EXPECT_EQ(finished, 3);  // the others ran to their end before the exception came back
  }
}

// Steps counted from several threads reach the callback one at a time: every count once, in order, each
// with the total.
TEST(StepCounter, EveryCountReachesTheCallbackOnceInOrder) {
  std::vector<std::uint64_t> seen;
  std::vector<std::uint64_t> totals;
  const ProgressCallback callback = [&](std::uint64_t done, std::uint64_t total) {
    seen.push_back(done);  // not thread-safe: the counter serialises the calls
    totals.push_back(total);
  };
  StepCounter steps(callback, 4000);
  run_on_threads(4, [&](unsigned) {
    for (int i = 0; i < 500; ++i) steps.step(2);
  });
  ASSERT_EQ(seen.size(), 2000u);
  for (std::size_t i = 0; i < seen.size(); ++i) EXPECT_EQ(seen[i], 2 * (i + 1));
  EXPECT_EQ(std::set<std::uint64_t>(totals.begin(), totals.end()), std::set<std::uint64_t>{4000});
}

}  // namespace
}  // namespace chessrank
