// run_chunks across the processes of an MPI run (cluster/cluster.h). Rank 0 hands out chunk numbers, one at
// a time, to its own threads and to every other process as each asks, merges the results in chunk order
// and alone calls `merge`; so a run depends on the chunks only, never on how many processes and threads
// computed them, and no process idles while chunks are left. With one process this is run_chunks.
//
// Messages: a serving process says Ready (how many chunks it keeps in hand: one per thread), rank 0 answers each request
// with Give (a chunk number) or, once no chunk is left to hand out, Finish; the server answers each Give
// with Done (the chunk number and its encoded result), which is also its request for the next chunk.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstring>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

#include "cluster/cluster.h"
#include "estimator/chunk_run.h"

namespace chessrank::estimator {

namespace farm {

enum Tag : int { Ready = 1, Done = 2, Give = 3, Finish = 4 };

// A chunk number as the first 8 bytes of a message (the processes of a run are one build on one kind of
// machine, so native byte order).
inline std::string number_bytes(std::uint64_t n) { return std::string(reinterpret_cast<const char*>(&n), sizeof n); }
inline std::uint64_t read_number(std::string_view bytes) {
  std::uint64_t n = 0;
  std::memcpy(&n, bytes.data(), std::min(bytes.size(), sizeof n));
  return n;
}

// How long the messaging thread waits for a result of its own threads before it looks for messages again.
inline constexpr auto Poll = std::chrono::microseconds(500);

}  // namespace farm

// On rank 0: run the chunks of `schedule` on this process's `schedule.threads` threads and on the
// processes running serve_chunks, merging in chunk order as run_chunks does; `decode(bytes)` gives back
// the result another process encoded. Returns when every process has been told the run is over.
template <class Work, class Merge, class Decode>
void farm_chunks(const ChunkSchedule& schedule, const std::function<double()>& elapsed, Work work, Merge merge,
                 Decode decode) {
  const int processes = cluster::size();
  if (processes == 1) return run_chunks(schedule, elapsed, work, merge);
  using Chunk = std::invoke_result_t<Work&, std::uint64_t>;
  const bool timed = schedule.end == 0;
  const unsigned threads = std::max(1u, schedule.threads);

  std::mutex mutex;
  std::condition_variable ready, room;
  std::map<std::uint64_t, Chunk> done;
  std::uint64_t next = schedule.first, merged = schedule.first;
  std::uint64_t window = 4 * std::uint64_t(threads);  // how far handing out may run ahead of merging
  bool closed = false;   // no more chunks are handed out
  bool halted = false;   // `merge` said stop: results still arriving are dropped
  unsigned local_busy = 0;
  // The next chunk to compute, or none once the run is over (under the lock).
  const auto hand_out = [&]() -> std::optional<std::uint64_t> {
    if (!closed && ((!timed && next >= schedule.end) || (timed && elapsed() >= schedule.seconds))) closed = true;
    if (closed) return std::nullopt;
    return next++;
  };

  auto worker = [&] {
    for (;;) {
      std::uint64_t c;
      {
        std::unique_lock lock(mutex);
        room.wait(lock, [&] { return closed || next < merged + window; });
        const std::optional<std::uint64_t> given = hand_out();
        if (!given) {
          ready.notify_all();
          return;
        }
        c = *given;
        ++local_busy;
      }
      Chunk r = work(c);
      std::lock_guard lock(mutex);
      if (!halted) done.emplace(c, std::move(r));
      --local_busy;
      ready.notify_all();
    }
  };
  std::vector<std::thread> pool;
  for (unsigned i = 0; i < threads; ++i) pool.emplace_back(worker);

  std::vector<int> in_hand(processes, 0);       // chunks given to each process and not yet back
  std::vector<bool> finished(processes, false);  // told Finish
  int serving = processes - 1;
  const auto give = [&](int to) {
    if (finished[to]) return;
    std::optional<std::uint64_t> c;
    {
      std::lock_guard lock(mutex);
      c = hand_out();
    }
    if (c) {
      cluster::send(to, farm::Give, farm::number_bytes(*c));
      ++in_hand[to];
    } else {
      cluster::send(to, farm::Finish, "");
      finished[to] = true;
      --serving;
    }
  };
  for (;;) {
    bool busy = false;
    while (std::optional<cluster::Message> m = cluster::receive(false)) {
      busy = true;
      if (m->tag == farm::Ready) {
        const std::uint64_t wanted = farm::read_number(m->bytes);
        {
          std::lock_guard lock(mutex);
          window += wanted;
        }
        room.notify_all();
        for (std::uint64_t i = 0; i < wanted; ++i) give(m->from);
      } else if (m->tag == farm::Done) {
        --in_hand[m->from];
        const std::uint64_t c = farm::read_number(m->bytes);
        Chunk r = decode(std::string_view(m->bytes).substr(sizeof c));
        {
          std::lock_guard lock(mutex);
          if (!halted) done.emplace(c, std::move(r));
        }
        give(m->from);
      }
    }
    // Merge what is ready, in order.
    for (;;) {
      Chunk r;
      {
        std::lock_guard lock(mutex);
        const auto it = done.find(merged);
        if (halted || it == done.end()) break;
        r = std::move(it->second);
        done.erase(it);
      }
      const bool go_on = merge(merged, std::move(r));
      busy = true;
      std::lock_guard lock(mutex);
      ++merged;
      if (!go_on) {
        halted = closed = true;
        done.clear();
      }
      room.notify_all();
    }
    {
      std::unique_lock lock(mutex);
      bool remote = false;
      for (int p = 1; p < processes; ++p) remote = remote || in_hand[p] > 0;
      if (closed && local_busy == 0 && !remote && serving == 0 && (halted || merged == next)) break;
      if (!busy) ready.wait_for(lock, farm::Poll);
    }
  }
  {
    std::lock_guard lock(mutex);
    closed = true;
    room.notify_all();
  }
  for (std::thread& t : pool) t.join();
}

// On rank 0, when it stops before farm_chunks (options or a checkpoint it refuses): tell every serving
// process that the run is over, so that none waits for a chunk.
inline void finish_servers() {
  for (int p = 1; p < cluster::size(); ++p) cluster::send(p, farm::Finish, "");
}

// On every rank but 0: compute the chunks rank 0's farm_chunks hands out, on `threads` threads, sending
// each result back as `encode(result)`, until rank 0 says the run is over.
template <class Work, class Encode>
void serve_chunks(unsigned threads, Work work, Encode encode) {
  threads = std::max(1u, threads);
  std::mutex mutex;
  std::condition_variable changed;
  std::deque<std::uint64_t> queue;
  std::deque<std::string> outbox;
  bool finish = false;
  unsigned busy = 0;
  auto worker = [&] {
    for (;;) {
      std::uint64_t c;
      {
        std::unique_lock lock(mutex);
        changed.wait(lock, [&] { return finish || !queue.empty(); });
        if (queue.empty()) return;
        c = queue.front();
        queue.pop_front();
        ++busy;
      }
      std::string message = farm::number_bytes(c) + encode(work(c));
      std::lock_guard lock(mutex);
      outbox.push_back(std::move(message));
      --busy;
      changed.notify_all();
    }
  };
  std::vector<std::thread> pool;
  for (unsigned i = 0; i < threads; ++i) pool.emplace_back(worker);
  // A chunk in hand per thread: one more would save a message's time (microseconds) per chunk, and could
  // keep a chunk waiting here at the end of the run while another process idles.
  cluster::send(0, farm::Ready, farm::number_bytes(threads));
  for (;;) {
    while (std::optional<cluster::Message> m = cluster::receive(false)) {
      std::lock_guard lock(mutex);
      if (m->tag == farm::Give) queue.push_back(farm::read_number(m->bytes));
      if (m->tag == farm::Finish) finish = true;
      changed.notify_all();
    }
    std::deque<std::string> sending;
    bool over = false;
    {
      std::unique_lock lock(mutex);
      sending.swap(outbox);
      over = finish && queue.empty() && busy == 0;
      if (sending.empty() && !over) changed.wait_for(lock, farm::Poll);
    }
    for (const std::string& message : sending) cluster::send(0, farm::Done, message);
    if (over && sending.empty()) {
      std::lock_guard lock(mutex);
      if (outbox.empty()) break;
    }
  }
  for (std::thread& t : pool) t.join();
}

}  // namespace chessrank::estimator
