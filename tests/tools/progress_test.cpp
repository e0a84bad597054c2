// The progress line of long runs: its rate and time left count from its first update, since a resumed
// run first reports what its checkpoint held, which this run did not compute.
#include "tools/progress.h"

#include <iostream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

namespace {

TEST(Progress, RateCountsFromTheFirstUpdate) {
  std::ostringstream captured;
  std::streambuf* const saved = std::cerr.rdbuf(captured.rdbuf());
  {
    chessrank::cli::Progress progress("samples", 0);
    progress.update(6'000'000, 10'000'000, 0);   // what a checkpoint held
    progress.update(7'000'000, 10'000'000, 40);  // a million more in 40 s
    progress.finish();
  }
  std::cerr.rdbuf(saved);
  EXPECT_NE(captured.str().find(" 70.0% 7000000 samples, 25000/s, ETA 2m00s"), std::string::npos) << captured.str();
}

// The time left is rounded to whole seconds before it is split, so 59.6 s shows as a minute.
TEST(Progress, TimeLeftIsRoundedBeforeItIsSplit) {
  std::ostringstream captured;
  std::streambuf* const saved = std::cerr.rdbuf(captured.rdbuf());
  {
    chessrank::cli::Progress progress("samples", 0);
    progress.update(1000, 3490, 0);
    progress.update(2000, 3490, 40);  // 25/s, 1490 left: 59.6 s
    progress.finish();
  }
  std::cerr.rdbuf(saved);
  EXPECT_NE(captured.str().find(", 25/s, ETA 1m00s"), std::string::npos) << captured.str();
}

}  // namespace
