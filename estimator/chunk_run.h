// The loop behind every Monte Carlo run (`chessrank estimate`, `bound --model nopromo --sample`): chunk c is
// computed by `work(c)` on any of the worker threads, and the results are handed to `merge(c, result)` on the
// calling thread in chunk order. What the merges build thus depends on the chunks only, never on the number
// of threads; a run resumed from a checkpoint starts at the first chunk not merged before.
#pragma once

#include <algorithm>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

namespace chessrank::estimator {

struct ChunkSchedule {
  std::uint64_t first = 0;  // the first chunk to compute
  std::uint64_t end = 0;    // one past the last chunk; 0: until `seconds` have passed
  double seconds = 0;       // with end 0, no chunk is handed out after this many seconds
  unsigned threads = 1;
};

// Run the chunks of `schedule`. `merge` returns false to stop the run: no later chunk is merged. Chunks
// are computed at most 4 per thread ahead of the merges, so memory stays bounded when merging is slow.
// `elapsed` gives the seconds since the run started (read only for timed runs).
template <class Work, class Merge>
void run_chunks(const ChunkSchedule& schedule, const std::function<double()>& elapsed, Work work, Merge merge) {
  using Chunk = std::invoke_result_t<Work&, std::uint64_t>;
  const bool timed = schedule.end == 0;
  const unsigned threads = std::max(1u, schedule.threads);
  const std::uint64_t window = 4 * std::uint64_t(threads);

  std::mutex mutex;
  std::condition_variable ready;  // a chunk finished
  std::condition_variable room;   // the merger caught up, or the run stops
  std::map<std::uint64_t, Chunk> done;
  std::uint64_t next = schedule.first;    // next chunk to hand out
  std::uint64_t merged = schedule.first;  // chunks merged so far
  bool stop = false;

  auto worker = [&] {
    for (;;) {
      std::uint64_t c;
      {
        std::unique_lock lock(mutex);
        room.wait(lock, [&] { return stop || next < merged + window; });
        if (stop || (!timed && next >= schedule.end) || (timed && elapsed() >= schedule.seconds)) {
          stop = true;
          ready.notify_all();
          return;
        }
        c = next++;
      }
      Chunk r = work(c);
      std::lock_guard lock(mutex);
      done.emplace(c, std::move(r));
      ready.notify_all();
    }
  };
  std::vector<std::thread> pool;
  for (unsigned i = 0; i < threads; ++i) pool.emplace_back(worker);

  for (;;) {
    Chunk r;
    {
      std::unique_lock lock(mutex);
      ready.wait(lock, [&] { return done.count(merged) || (stop && next == merged); });
      if (!done.count(merged)) break;  // everything handed out is merged
      r = std::move(done.at(merged));
      done.erase(merged);
    }
    const std::uint64_t c = merged;
    const bool go_on = merge(c, std::move(r));
    {
      std::lock_guard lock(mutex);
      ++merged;
      if (!go_on) stop = true;
      room.notify_all();
    }
    if (!go_on || (!timed && merged == schedule.end)) break;
  }
  {
    std::lock_guard lock(mutex);
    stop = true;
    room.notify_all();
  }
  for (std::thread& t : pool) t.join();
}

}  // namespace chessrank::estimator
