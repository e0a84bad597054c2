// The estimate driver: chunked sampling on worker threads, in-order merging, checkpoints.
#include "estimator/estimate.h"
#include "estimator/sampler.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <optional>
#include <span>
#include <sstream>
#include <thread>

#include <pcg_random.hpp>

#include "core/fen.h"

namespace chessrank::estimator {

namespace {

template <std::size_t N>
void add_array(std::array<std::uint64_t, N>& a, const std::array<std::uint64_t, N>& b) {
  for (std::size_t i = 0; i < N; ++i) a[i] += b[i];
}

struct ChunkResult {
  Tally tally;
  std::string emitted;
  std::optional<std::string> error;
};

ChunkResult run_chunk(const rank::RankModel& model, const EstimateOptions& options, std::uint64_t chunk,
                      std::uint64_t count, std::size_t check_count) {
  ChunkResult r;
  r.tally.rejected.assign(check_count, 0);
  pcg64 rng(options.seed, chunk);
  ModelSampler sampler(model);
  for (std::uint64_t i = 0; i < count; ++i) {
    const Result<Position> unranked = sampler.next(rng);
    if (!unranked) {
      r.error = "unrank of " + sampler.index().get_str() + " failed: " + unranked.error();
      return r;
    }
    const Position& pos = *unranked;
    const Verdict v = judge(pos, options.rules, false);
    Tally& t = r.tally;
    const SampleClass c = SampleClass::of(pos);
    t.samples.count(c);
    if (!v.passes()) {
      ++t.rejected[v.check];
      continue;
    }
    t.passed.count(c);
    if (!options.emit.empty()) r.emitted += sampler.index().get_str() + ' ' + to_fen4(pos) + '\n';
  }
  return r;
}

// Checkpoint: a small text file of "key value" lines.
std::string join(std::span<const std::uint64_t> a) {
  std::string s;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (i) s += ',';
    s += std::to_string(a[i]);
  }
  return s;
}
std::vector<std::uint64_t> split_numbers(const std::string& s) {
  std::vector<std::uint64_t> out;
  std::stringstream in(s);
  std::string item;
  while (std::getline(in, item, ',')) {
    if (item.empty()) continue;
    out.push_back(std::stoull(item));
  }
  return out;
}
template <std::size_t N>
bool fill(std::array<std::uint64_t, N>& a, const std::string& s) {
  const auto v = split_numbers(s);
  if (v.size() != N) return false;
  std::copy(v.begin(), v.end(), a.begin());
  return true;
}

struct Checkpoint {
  std::uint64_t chunks = 0;
  std::uint64_t emit_bytes = 0;
};

bool save_checkpoint(const std::string& path, const EstimateReport& r, const Checkpoint& c) {
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::trunc);
    if (!out) return false;
    const Tally& t = r.tally;
    out << "chessrank-estimate-checkpoint 1\n"
        << "model " << r.model << "\nspace " << r.space.get_str() << "\nrules " << rule_set_name(r.rules)
        << "\nseed " << r.seed << "\nchunk_size " << r.chunk_size << "\nchunks " << c.chunks << "\nemit_bytes "
        << c.emit_bytes << "\nsamples " << t.samples.all << "\npassed " << t.passed.all << "\nrejected "
        << join(t.rejected);
    // The subset counts, one line per subset and tally, as load_checkpoint's fill_counts reads them.
    for (const auto& [name, s] : {std::pair{"samples", &t.samples}, std::pair{"passed", &t.passed}})
      out << "\n" << name << "_by_men " << join(s->by_men) << "\n" << name << "_by_side " << join(s->by_side) << "\n"
          << name << "_by_castling " << join(s->by_castling) << "\n" << name << "_by_ep " << join(s->by_ep);
    out << "\nrealistic " << t.samples.realistic << "," << t.passed.realistic << "\nhistory ";
    for (std::size_t i = 0; i < r.history.size(); ++i)
      out << (i ? "," : "") << r.history[i][0] << "," << r.history[i][1];
    out << "\n";
    if (!out) return false;
  }
  std::error_code ec;
  std::filesystem::rename(tmp, path, ec);
  return !ec;
}

Result<Checkpoint> load_checkpoint(const std::string& path, EstimateReport& r) {
  std::ifstream in(path);
  std::map<std::string, std::string> kv;
  std::string line;
  while (std::getline(in, line)) {
    const auto space = line.find(' ');
    kv[line.substr(0, space)] = space == std::string::npos ? "" : line.substr(space + 1);
  }
  if (!kv.count("chessrank-estimate-checkpoint")) return Error{path + " is not an estimate checkpoint"};
  const auto mismatch = [&](const char* key, const std::string& want) -> std::optional<Error> {
    if (kv[key] == want) return std::nullopt;
    return Error{"checkpoint " + path + " has " + key + " " + kv[key] + ", this run " + want};
  };
  for (auto [key, want] : {std::pair<const char*, std::string>{"model", r.model}, {"space", r.space.get_str()},
                           {"rules", std::string(rule_set_name(r.rules))}, {"seed", std::to_string(r.seed)},
                           {"chunk_size", std::to_string(r.chunk_size)}})
    if (auto e = mismatch(key, want)) return *e;
  try {
    Checkpoint c;
    c.chunks = std::stoull(kv["chunks"]);
    c.emit_bytes = std::stoull(kv["emit_bytes"]);
    Tally& t = r.tally;
    t.samples.all = std::stoull(kv["samples"]);
    t.passed.all = std::stoull(kv["passed"]);
    const auto rejected = split_numbers(kv["rejected"]);
    if (rejected.size() != t.rejected.size()) return Error{"checkpoint " + path + ": wrong number of checks"};
    t.rejected = rejected;
    const auto realistic = split_numbers(kv["realistic"]);
    const auto history = split_numbers(kv["history"]);
    const auto fill_counts = [&](SubsetCounts& s, const std::string& name) {
      return fill(s.by_men, kv[name + "_by_men"]) && fill(s.by_side, kv[name + "_by_side"]) &&
             fill(s.by_castling, kv[name + "_by_castling"]) && fill(s.by_ep, kv[name + "_by_ep"]);
    };
    if (!fill_counts(t.samples, "samples") || !fill_counts(t.passed, "passed") || realistic.size() != 2 ||
        history.size() % 2)
      return Error{"checkpoint " + path + " is damaged"};
    t.samples.realistic = realistic[0];
    t.passed.realistic = realistic[1];
    for (std::size_t i = 0; i < history.size(); i += 2) r.history.push_back({history[i], history[i + 1]});
    return c;
  } catch (const std::exception&) {
    return Error{"checkpoint " + path + " is damaged"};
  }
}

}  // namespace

SampleClass SampleClass::of(const Position& pos) {
  return {popcount(pos.pieces()), pos.side_to_move(), pos.castling_rights() != NoCastling,
          pos.ep_square() != NoSquare, is_realistic(pos)};
}

void SubsetCounts::count(const SampleClass& c) {
  ++all;
  ++by_men[c.men];
  ++by_side[c.side];
  ++by_castling[c.castling];
  ++by_ep[c.ep];
  realistic += c.realistic;
}

void SubsetCounts::add(const SubsetCounts& o) {
  all += o.all;
  add_array(by_men, o.by_men);
  add_array(by_side, o.by_side);
  add_array(by_castling, o.by_castling);
  add_array(by_ep, o.by_ep);
  realistic += o.realistic;
}

void Tally::add(const Tally& o) {
  samples.add(o.samples);
  passed.add(o.passed);
  if (rejected.size() < o.rejected.size()) rejected.resize(o.rejected.size());
  for (std::size_t i = 0; i < o.rejected.size(); ++i) rejected[i] += o.rejected[i];
}

bool is_realistic(const Position& pos) {
  for (Color c : {White, Black}) {
    const Bitboard b = pos.pieces(c, Bishop);
    if (pos.count(c, Queen) > 3 || pos.count(c, Rook) > 2 || pos.count(c, Knight) > 2 ||
        popcount(b & DarkSquaresBB) > 1 || popcount(b & LightSquaresBB) > 1)
      return false;
  }
  return true;
}

Interval wilson_estimate(std::uint64_t k, std::uint64_t n, const BigInt& space) {
  Interval iv;
  if (n == 0) return iv;
  const double z = 1.959963984540054;
  const double nn = double(n), p = double(k) / nn, z2 = z * z;
  const double denom = 1 + z2 / nn;
  const double center = (p + z2 / (2 * nn)) / denom;
  const double half = z / denom * std::sqrt(p * (1 - p) / nn + z2 / (4 * nn * nn));
  const double size = space.get_d();
  iv.estimate = size * p;
  iv.low = k == 0 ? 0 : size * std::max(0.0, center - half);  // exact bounds at the ends, no rounding noise
  iv.high = k == n ? size : size * std::min(1.0, center + half);
  return iv;
}


Result<EstimateReport> run_estimate(const rank::RankModel& model, const EstimateOptions& options) {
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  const auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
  if (options.samples == 0 && options.seconds <= 0) return Error{"give a number of samples or a time limit"};
  if (options.chunk_size == 0) return Error{"chunk size must be positive"};
  if (model.size() <= 0) return Error{"model " + std::string(model.name()) + " is empty"};

  EstimateReport report;
  report.model = std::string(model.name());
  report.space = model.size();
  report.rules = options.rules;
  report.seed = options.seed;
  report.chunk_size = options.chunk_size;
  const std::size_t check_count = check_names(options.rules).size();
  report.tally.rejected.assign(check_count, 0);

  Checkpoint cp;
  if (!options.checkpoint.empty() && std::filesystem::exists(options.checkpoint)) {
    Result<Checkpoint> loaded = load_checkpoint(options.checkpoint, report);
    if (!loaded) return Error{loaded.error()};
    cp = *loaded;
    report.resumed = true;
  }
  std::ofstream emit;
  if (!options.emit.empty()) {
    if (report.resumed && std::filesystem::exists(options.emit)) {
      std::error_code ec;
      std::filesystem::resize_file(options.emit, cp.emit_bytes, ec);
      if (ec) return Error{"cannot truncate " + options.emit + ": " + ec.message()};
      emit.open(options.emit, std::ios::app | std::ios::binary);
    } else {
      if (report.resumed && cp.emit_bytes) return Error{"emit file " + options.emit + " is gone; cannot resume it"};
      emit.open(options.emit, std::ios::trunc | std::ios::binary);
    }
    if (!emit) return Error{"cannot write " + options.emit};
  }
  // What a failed write says, wherever it happens.
  const std::string emit_failed = "writing " + options.emit + " failed";
  const std::string checkpoint_failed = "cannot write checkpoint " + options.checkpoint;
  // Fail now rather than after hours of sampling when the checkpoint cannot be written. A fresh run's
  // first checkpoint holds no chunks, and resuming from it starts from the beginning.
  if (!options.checkpoint.empty() && !save_checkpoint(options.checkpoint, report, cp)) return Error{checkpoint_failed};

  const std::uint64_t C = options.chunk_size;
  const bool timed = options.samples == 0;
  const std::uint64_t total_chunks = timed ? UINT64_MAX : (options.samples + C - 1) / C;
  const auto chunk_count = [&](std::uint64_t c) {
    return timed ? C : std::min<std::uint64_t>(C, options.samples - c * C);
  };
  unsigned threads = options.threads ? options.threads : std::max(1u, std::thread::hardware_concurrency());
  report.threads = threads;

  std::mutex mutex;
  std::condition_variable ready;      // a chunk finished
  std::condition_variable room;       // the merger caught up
  std::map<std::uint64_t, ChunkResult> done;
  std::uint64_t next = cp.chunks;     // next chunk to hand out
  std::uint64_t merged = cp.chunks;   // chunks merged so far
  bool stop = false;
  const std::uint64_t window = 4 * std::uint64_t(threads);  // chunks in flight ahead of the merger

  auto worker = [&] {
    for (;;) {
      std::uint64_t c;
      {
        std::unique_lock lock(mutex);
        room.wait(lock, [&] { return stop || next < merged + window; });
        if (stop || next >= total_chunks || (timed && elapsed() >= options.seconds)) {
          stop = true;
          ready.notify_all();
          return;
        }
        c = next++;
      }
      ChunkResult r = run_chunk(model, options, c, chunk_count(c), check_count);
      std::lock_guard lock(mutex);
      done.emplace(c, std::move(r));
      ready.notify_all();
    }
  };
  std::vector<std::thread> pool;
  for (unsigned i = 0; i < threads; ++i) pool.emplace_back(worker);

  std::optional<std::string> failure;
  double last_save = elapsed();
  std::uint64_t emit_bytes = cp.emit_bytes;
  // A checkpoint holds whole chunks only: a last, partial chunk is computed again in full on resume (its
  // samples are a prefix of the full chunk's), so the state before it is what gets saved.
  std::optional<EstimateReport> before_partial;
  std::uint64_t partial_emit_bytes = 0;
  const auto save = [&] {
    if (before_partial) return save_checkpoint(options.checkpoint, *before_partial, Checkpoint{merged - 1, partial_emit_bytes});
    return save_checkpoint(options.checkpoint, report, Checkpoint{merged, emit_bytes});
  };
  const auto fail = [&](const std::string& why) {
    failure = why;
    std::lock_guard lock(mutex);
    stop = true;
    room.notify_all();
  };
  for (;;) {
    ChunkResult r;
    {
      std::unique_lock lock(mutex);
      ready.wait(lock, [&] { return done.count(merged) || (stop && next == merged); });
      if (!done.count(merged)) break;  // everything handed out is merged
      r = std::move(done.at(merged));
      done.erase(merged);
    }
    if (r.error) {
      fail(*r.error);
      break;
    }
    if (r.tally.samples.all < C && !options.checkpoint.empty()) {
      before_partial = report;
      partial_emit_bytes = emit_bytes;
    }
    report.tally.add(r.tally);
    report.history.push_back({report.tally.samples.all, report.tally.passed.all});
    if (emit.is_open()) {
      emit << r.emitted;
      emit_bytes += r.emitted.size();
      // Stop at once: a checkpoint saved now would count bytes the file does not hold.
      if (!emit) {
        fail(emit_failed);
        break;
      }
    }
    {
      std::lock_guard lock(mutex);
      ++merged;
      room.notify_all();
    }
    if (options.progress) options.progress(report.tally.samples.all, options.samples, elapsed());
    if (!options.checkpoint.empty() && elapsed() - last_save >= options.checkpoint_interval) {
      if (emit.is_open() && !emit.flush()) {
        fail(emit_failed);
        break;
      }
      if (!save()) {  // stop while the last checkpoint written is still a good one to resume from
        fail(checkpoint_failed);
        break;
      }
      last_save = elapsed();
    }
    if (!timed && merged == total_chunks) break;
  }
  {
    std::lock_guard lock(mutex);
    stop = true;
    room.notify_all();
  }
  for (std::thread& t : pool) t.join();
  if (failure) return Error{*failure};
  // The samples are all taken: a file that cannot be finished now must not cost the user the estimate.
  if (emit.is_open() && !emit.flush()) {
    // The last checkpoint saved stays: it counts only bytes that reached the file.
    report.output_error = emit_failed;
    if (!options.checkpoint.empty()) report.output_error += "; checkpoint " + options.checkpoint + " left at its last save";
  } else if (!options.checkpoint.empty() && !save()) {
    report.output_error = checkpoint_failed;
  }
  report.seconds = elapsed();
  return report;
}

}  // namespace chessrank::estimator
