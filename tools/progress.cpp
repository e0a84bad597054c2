#include "tools/progress.h"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>

namespace chessrank::cli {

namespace {

std::string duration(double s) {
  s = std::round(s);  // 59.7 s is 1m00s, not "60s"
  char buf[32];
  if (s >= 3600)
    std::snprintf(buf, sizeof buf, "%dh%02dm", int(s / 3600), int(std::fmod(s, 3600) / 60));
  else if (s >= 60)
    std::snprintf(buf, sizeof buf, "%dm%02ds", int(s / 60), int(std::fmod(s, 60)));
  else
    std::snprintf(buf, sizeof buf, "%.0fs", s);
  return buf;
}

}  // namespace

Progress::Progress(std::string unit, double seconds)
    : unit_(std::move(unit)), tty_(isatty(STDERR_FILENO)), seconds_(seconds) {}

void Progress::update(std::uint64_t done, std::uint64_t target, double elapsed) {
  if (!started_) {  // the rate counts from here: a resumed run's earlier work took no time of this one
    started_ = true;
    first_done_ = done;
    first_elapsed_ = elapsed;
  }
  if (elapsed - last_ < (tty_ ? 0.2 : 30)) return;
  last_ = elapsed;
  const double rate = elapsed > first_elapsed_ ? double(done - first_done_) / (elapsed - first_elapsed_) : 0;
  const double fraction = target ? double(done) / double(target) : std::min(1.0, elapsed / seconds_);
  const double eta = target ? (rate > 0 ? double(target - done) / rate : 0) : std::max(0.0, seconds_ - elapsed);
  const int width = 30, filled = std::clamp(int(fraction * width), 0, width);
  char line[200];
  std::snprintf(line, sizeof line, "[%s%s] %5.1f%% %llu %s, %.0f/s, ETA %s", std::string(filled, '#').c_str(),
                std::string(width - filled, '.').c_str(), 100 * fraction, static_cast<unsigned long long>(done),
                unit_.c_str(), rate, duration(eta).c_str());
  std::cerr << (tty_ ? "\r" : "") << line << (tty_ ? "\x1b[K" : "\n") << std::flush;
  drawn_ = true;
}

void Progress::finish() {
  if (tty_ && drawn_) std::cerr << "\r\x1b[K" << std::flush;
}

}  // namespace chessrank::cli
