// The estimate driver: chunked sampling on worker threads, in-order merging, checkpoints.
#include "estimator/estimate.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <numeric>
#include <optional>
#include <sstream>
#include <type_traits>

#include <pcg_random.hpp>

#include "core/fen.h"
#include "core/plural.h"
#include "cluster/cluster.h"
#include "core/threads.h"
#include "estimator/checkpoint_file.h"
#include "estimator/chunk_farm.h"
#include "estimator/sampler.h"

namespace chessrank::estimator {

namespace {

constexpr const char* Magic = "chessrank-estimate-checkpoint";

template <std::size_t N>
void add_array(std::array<std::uint64_t, N>& a, const std::array<std::uint64_t, N>& b) {
  for (std::size_t i = 0; i < N; ++i) a[i] += b[i];
}

struct ChunkResult {
  Tally tally;
  std::string emitted;
  std::vector<std::pair<BigInt, Position>> passing;  // kept only when asked (first_passing)
  std::optional<std::string> error;
};

// The error of options no run can take, if any.
std::optional<std::string> options_error(const rank::RankModel& model, const EstimateOptions& options) {
  if (options.samples == 0 && options.seconds <= 0) return "give a number of samples or a time limit";
  if (options.chunk_size == 0) return "chunk size must be positive";
  if (model.size() <= 0) return "model " + std::string(model.name()) + " is empty";
  return std::nullopt;
}

// The samples of chunk c: a whole chunk, but for the last one of a counted run.
std::uint64_t chunk_samples(const EstimateOptions& options, std::uint64_t c) {
  const std::uint64_t size = options.chunk_size;
  return options.samples == 0 ? size : std::min<std::uint64_t>(size, options.samples - c * size);
}

// A chunk's result as bytes for rank 0 of an MPI run (chunk_farm.h): the counts, the error, the emitted text.
std::string encode_chunk(const ChunkResult& r) {
  std::string out;
  const auto put = [&out](const void* data, std::size_t size) { out.append(static_cast<const char*>(data), size); };
  static_assert(std::is_trivially_copyable_v<SubsetCounts>);
  put(&r.tally.samples, sizeof r.tally.samples);
  put(&r.tally.passed, sizeof r.tally.passed);
  const std::uint64_t rejected = r.tally.rejected.size(), error = r.error ? r.error->size() + 1 : 0;
  put(&rejected, sizeof rejected);
  put(r.tally.rejected.data(), rejected * sizeof(std::uint64_t));
  put(&error, sizeof error);
  if (r.error) out += *r.error;
  out += r.emitted;
  return out;
}

ChunkResult decode_chunk(std::string_view bytes) {
  ChunkResult r;
  const auto take = [&bytes](void* data, std::size_t size) {
    std::memcpy(data, bytes.data(), std::min(size, bytes.size()));
    bytes.remove_prefix(std::min(size, bytes.size()));
  };
  take(&r.tally.samples, sizeof r.tally.samples);
  take(&r.tally.passed, sizeof r.tally.passed);
  std::uint64_t rejected = 0, error = 0;
  take(&rejected, sizeof rejected);
  r.tally.rejected.resize(std::min<std::uint64_t>(rejected, bytes.size() / sizeof(std::uint64_t)));
  take(r.tally.rejected.data(), r.tally.rejected.size() * sizeof(std::uint64_t));
  take(&error, sizeof error);
  if (error) {
    r.error = std::string(bytes.substr(0, error - 1));
    bytes.remove_prefix(std::min<std::size_t>(error - 1, bytes.size()));
  }
  r.emitted = std::string(bytes);
  return r;
}

ChunkResult run_chunk(const rank::RankModel& model, const EstimateOptions& options, std::uint64_t chunk,
                      std::uint64_t count, std::size_t check_count, bool keep_passing = false) {
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
    const legality::Verdict v = legality::judge(pos, options.rules, false, options.limits);
    Tally& t = r.tally;
    const SampleClass c = SampleClass::of(pos);
    t.samples.count(c);
    if (!v.passes()) {
      ++t.rejected[v.check];
      continue;
    }
    t.passed.count(c);
    if (!options.emit.empty()) r.emitted += sampler.index().get_str() + ' ' + to_fen4(pos) + '\n';
    if (keep_passing) r.passing.emplace_back(sampler.index(), pos);
  }
  return r;
}

template <std::size_t N>
bool fill(std::array<std::uint64_t, N>& a, const std::string& s) {
  const auto v = split_numbers(s);
  if (!v || v->size() != N) return false;
  std::copy(v->begin(), v->end(), a.begin());
  return true;
}

struct Checkpoint {
  std::uint64_t chunks = 0;
  std::uint64_t emit_bytes = 0;
};

// The keys that say which run a checkpoint belongs to.
std::vector<std::pair<std::string, std::string>> run_keys(const EstimateReport& r) {
  return {{"model", r.model}, {"space", r.space.get_str()}, {"rules", std::string(legality::rule_set_name(r.rules))},
          {"search", search_text(r.limits)},
          {"seed", std::to_string(r.seed)}, {"chunk_size", std::to_string(r.chunk_size)}};
}

// Save the checkpoint of report `r`; return nullopt, or the error (save_checkpoint_text).
std::optional<std::string> save_checkpoint(const std::string& path, const EstimateReport& r, const Checkpoint& c) {
  std::ostringstream out;
  const Tally& t = r.tally;
  for (const auto& [key, value] : run_keys(r)) out << key << ' ' << value << '\n';
  out << "chunks " << c.chunks << "\nemit_bytes " << c.emit_bytes << "\nsamples " << t.samples.all << "\npassed "
      << t.passed.all << "\nrejected " << join_numbers(t.rejected);
  // The subset counts, one line per subset and tally, as load_checkpoint's fill_counts reads them.
  for (const auto& [name, s] : {std::pair{"samples", &t.samples}, std::pair{"passed", &t.passed}})
    out << "\n" << name << "_by_men " << join_numbers(s->by_men) << "\n" << name << "_by_side "
        << join_numbers(s->by_side) << "\n" << name << "_by_castling " << join_numbers(s->by_castling) << "\n"
        << name << "_by_ep " << join_numbers(s->by_ep);
  out << "\nrealistic " << t.samples.realistic << "," << t.passed.realistic << "\nhistory ";
  for (std::size_t i = 0; i < r.history.size(); ++i)
    out << (i ? "," : "") << r.history[i][0] << "," << r.history[i][1];
  out << "\n";
  return save_checkpoint_text(path, Magic, out.str());
}

// Return whether a checkpoint's counts fit together: whole chunks, every sample passed or rejected by one
// check, each subset split summing to its total, no more passing than sampled in any class, and the
// running history a point per chunk (C samples more, at most C passing more) ending at the totals. An
// edited or damaged file that breaks these would resume into an impossible estimate (more passing than
// sampled), a run of the wrong length or an impossible history in the JSON report and the plot.
bool consistent(const Checkpoint& c, const EstimateReport& r) {
  const Tally& t = r.tally;
  const auto sum = [](const auto& a) { return std::accumulate(a.begin(), a.end(), std::uint64_t(0)); };
  const auto whole = [&](const SubsetCounts& s) {
    return sum(s.by_men) == s.all && sum(s.by_side) == s.all && sum(s.by_castling) == s.all &&
           sum(s.by_ep) == s.all && s.realistic <= s.all;
  };
  const auto within = [](const auto& part, const auto& all) {
    return std::equal(part.begin(), part.end(), all.begin(), [](auto p, auto a) { return p <= a; });
  };
  const SubsetCounts &in = t.samples, &out = t.passed;
  const auto history_ok = [&] {  // called once chunks * chunk_size is known not to overflow
    if (r.history.size() != c.chunks) return false;
    std::uint64_t passed = 0;
    for (std::size_t i = 0; i < r.history.size(); ++i) {
      const auto [samples_then, passed_then] = r.history[i];
      if (samples_then != (i + 1) * r.chunk_size || passed_then < passed || passed_then - passed > r.chunk_size)
        return false;
      passed = passed_then;
    }
    return passed == out.all;
  };
  return c.chunks <= UINT64_MAX / r.chunk_size && in.all == c.chunks * r.chunk_size &&
         out.all + sum(t.rejected) == in.all && whole(in) && whole(out) && within(out.by_men, in.by_men) &&
         within(out.by_side, in.by_side) && within(out.by_castling, in.by_castling) &&
         within(out.by_ep, in.by_ep) && out.realistic <= in.realistic && history_ok();
}

// Return why the emit file at `path` cannot be resumed: a resumed run appends to it, so its first `bytes`
// bytes must be the lines of the `passed` passing positions so far, one each. A file that is gone, cut
// short or was never written (the run so far had no --emit) would leave them out of the file for good.
std::optional<std::string> unresumable_emit(const std::string& path, std::uint64_t bytes, std::uint64_t passed) {
  const std::string cannot = "; cannot resume it (resume without --emit, or start a new run)";
  if (bytes == 0)
    return "the run so far wrote no emit file, so " + path + " would lack its " +
           plural((long long)passed, "passing position") + cannot;
  std::error_code ec;
  const std::filesystem::file_status status = std::filesystem::status(path, ec);
  if (!std::filesystem::exists(status)) return "emit file " + path + " is gone" + cannot;
  // A pipe or a terminal cannot be read back (reading /dev/stdout on a pipe waits on the run's own output),
  // nor cut back to the checkpoint: the positions it took after the last save would come twice.
  if (!std::filesystem::is_regular_file(status))
    return "emit file " + path + " is not a regular file, so the positions it took after the last checkpoint " +
           "cannot be taken back" + cannot;
  std::ifstream in(path, std::ios::binary);
  if (!in) return "cannot read emit file " + path + cannot;
  std::uint64_t lines = 0, left = bytes;
  char last = '\n';
  std::vector<char> buffer(1 << 16);
  while (left > 0) {
    in.read(buffer.data(), std::streamsize(std::min<std::uint64_t>(left, buffer.size())));
    const std::streamsize got = in.gcount();
    lines += std::uint64_t(std::count(buffer.begin(), buffer.begin() + got, '\n'));
    if (got > 0) last = buffer[std::size_t(got - 1)];
    left -= std::uint64_t(got);
    if (!in || got == 0) break;
  }
  if (left > 0)
    return "emit file " + path + " holds " + plural((long long)(bytes - left), "byte") + ", fewer than the " +
           std::to_string(bytes) + " the checkpoint counts" + cannot;
  // The size a checkpoint records ends a line; one that cuts a line would glue the next run's first line to it.
  if (last != '\n')
    return "emit file " + path + " has no line ending at byte " + std::to_string(bytes) +
           ", where the checkpoint's positions end" + cannot;
  if (lines != passed)
    return "emit file " + path + " holds " + plural((long long)lines, "position") + " where the checkpoint counts " +
           plural((long long)passed, "passing position") + cannot;
  return std::nullopt;
}

Result<Checkpoint> load_checkpoint(const std::string& path, EstimateReport& r) {
  Result<KeyValues> read = read_checkpoint(path, Magic, "an estimate checkpoint");
  if (!read) return Error{read.error()};
  KeyValues& kv = read.value();
  if (auto e = mismatched_key(kv, path, run_keys(r))) return Error{*e};
  const Error damaged{"checkpoint " + path + " is damaged"};
  Checkpoint c;
  Tally& t = r.tally;
  const auto chunks = parse_number(kv["chunks"]), emit_bytes = parse_number(kv["emit_bytes"]);
  const auto samples = parse_number(kv["samples"]), passed = parse_number(kv["passed"]);
  if (!chunks || !emit_bytes || !samples || !passed) return damaged;
  c.chunks = *chunks, c.emit_bytes = *emit_bytes, t.samples.all = *samples, t.passed.all = *passed;
  const auto rejected = split_numbers(kv["rejected"]);
  if (!rejected || rejected->size() != t.rejected.size())
    return Error{"checkpoint " + path + ": wrong number of checks"};
  t.rejected = *rejected;
  const auto realistic = split_numbers(kv["realistic"]);
  const auto history = split_numbers(kv["history"]);
  const auto fill_counts = [&](SubsetCounts& s, const std::string& name) {
    return fill(s.by_men, kv[name + "_by_men"]) && fill(s.by_side, kv[name + "_by_side"]) &&
           fill(s.by_castling, kv[name + "_by_castling"]) && fill(s.by_ep, kv[name + "_by_ep"]);
  };
  if (!fill_counts(t.samples, "samples") || !fill_counts(t.passed, "passed") || !realistic || realistic->size() != 2 ||
      !history || history->size() % 2)
    return damaged;
  t.samples.realistic = (*realistic)[0];
  t.passed.realistic = (*realistic)[1];
  for (std::size_t i = 0; i < history->size(); i += 2) r.history.push_back({(*history)[i], (*history)[i + 1]});
  if (!consistent(c, r)) return Error{"checkpoint " + path + " is damaged: its counts do not add up"};
  return c;
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

Interval wilson_estimate(std::uint64_t k, std::uint64_t n, const BigInt& space, double z) {
  Interval iv;
  if (n == 0) return {std::nan(""), 0, space.get_d()};  // no data: no estimate, and any count is possible
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

Result<std::vector<std::pair<BigInt, Position>>> first_passing(const rank::RankModel& model,
                                                               const EstimateOptions& options, std::uint64_t count) {
  if (options.chunk_size == 0) return Error{"chunk size must be positive"};
  const std::size_t check_count = legality::check_names(options.rules).size();
  std::vector<std::pair<BigInt, Position>> found;
  for (std::uint64_t chunk = 0; found.size() < count; ++chunk) {
    const std::uint64_t before = chunk * options.chunk_size;
    if (options.samples && before >= options.samples) break;  // the run passed fewer
    const ChunkResult r = run_chunk(model, options, chunk, chunk_samples(options, chunk), check_count, true);
    if (r.error) return Error{*r.error};
    for (std::size_t i = 0; i < r.passing.size() && found.size() < count; ++i) found.push_back(r.passing[i]);
  }
  return found;
}

TwoSidedEstimate two_sided_estimate(const EstimateReport& report, const ProofPhase& proof) {
  const Tally& t = report.tally;
  const BigInt one = 1;
  const Interval pass = wilson_estimate(t.passed.all, t.samples.all, report.space, Z975);
  const auto scaled = [&](std::uint64_t k) {
    const Interval share = wilson_estimate(k, proof.searched, one, Z975);
    return Interval{pass.estimate * share.estimate, pass.low * share.low, pass.high * share.high};
  };
  TwoSidedEstimate e;
  e.lower = scaled(proof.legal);
  e.upper = wilson_estimate(t.passed.all, t.samples.all, report.space);
  e.point = e.upper.estimate;
  e.low = e.lower.low;
  e.high = e.upper.high;
  return e;
}

Result<EstimateReport> run_estimate(const rank::RankModel& model, const EstimateOptions& options) {
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  const auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
  if (const auto error = options_error(model, options)) return Error{*error};

  // The other processes of an MPI run wait for chunks from here on: on an error before the chunks are
  // handed out, they are told the run is over.
  struct Servers {
    bool farmed = false;
    ~Servers() {
      if (!farmed) finish_servers();
    }
  } servers;
  EstimateReport report;
  report.model = std::string(model.name());
  report.space = model.size();
  report.rules = options.rules;
  report.limits = options.limits;
  report.seed = options.seed;
  report.chunk_size = options.chunk_size;
  const std::size_t check_count = legality::check_names(options.rules).size();
  report.tally.rejected.assign(check_count, 0);

  // Held to the end of the run: no other run may save over this one's checkpoint or cut its --emit file.
  const Result<CheckpointLock> lock = CheckpointLock::acquire(options.checkpoint);
  if (!lock) return Error{lock.error()};
  Checkpoint cp;
  if (!options.checkpoint.empty() && has_checkpoint(options.checkpoint)) {
    Result<Checkpoint> loaded = load_checkpoint(options.checkpoint, report);
    if (!loaded) return Error{loaded.error()};
    cp = *loaded;
    report.resumed = true;
    if (options.samples)  // a timed run (0 samples) takes any checkpoint
      if (auto more = holds_more_than_asked(options.checkpoint, report.tally.samples.all, options.samples, "samples"))
        return Error{*more};
  }
  std::ofstream emit;
  if (!options.emit.empty()) {
    if (report.resumed && report.tally.passed.all > 0) {
      if (auto why = unresumable_emit(options.emit, cp.emit_bytes, report.tally.passed.all)) return Error{*why};
      std::error_code ec;
      std::filesystem::resize_file(options.emit, cp.emit_bytes, ec);
      if (ec) return Error{"cannot truncate " + options.emit + ": " + ec.message()};
      emit.open(options.emit, std::ios::app | std::ios::binary);
    } else {
      // Standard output is appended to: truncating it would cut a file the shell opened with >>.
      emit.open(options.emit, (options.emit == "/dev/stdout" ? std::ios::app : std::ios::trunc) | std::ios::binary);
    }
    if (!emit) return Error{"cannot write " + options.emit};
  }
  // What a failed write says, wherever it happens.
  const std::string emit_failed = "writing " + options.emit + " failed";
  // Fail now rather than after hours of sampling when the checkpoint cannot be written. A fresh run's
  // first checkpoint holds no chunks, and resuming from it starts from the beginning.
  if (!options.checkpoint.empty())
    if (const auto why = save_checkpoint(options.checkpoint, report, cp)) return Error{*why};
  if (options.progress) options.progress(report.tally.samples.all, options.samples, 0);

  const std::uint64_t C = options.chunk_size;
  const bool timed = options.samples == 0;
  report.threads = worker_threads(options.threads);
  report.processes = unsigned(cluster::size());
  // Whole chunks, rounded up without overflow near 2^64.
  const std::uint64_t chunks = timed ? 0 : options.samples / C + (options.samples % C != 0);
  const ChunkSchedule schedule{cp.chunks, chunks, options.seconds, report.threads};

  std::optional<std::string> failure;
  double last_save = elapsed();
  std::uint64_t merged = cp.chunks;  // whole chunks in the report
  std::uint64_t emit_bytes = cp.emit_bytes;
  // A checkpoint holds whole chunks only: a last, partial chunk is computed again in full on resume (its
  // samples are a prefix of the full chunk's), so the state before it is what gets saved.
  std::optional<EstimateReport> before_partial;
  std::uint64_t partial_emit_bytes = 0;
  const auto save = [&] {
    if (before_partial)
      return save_checkpoint(options.checkpoint, *before_partial, Checkpoint{merged - 1, partial_emit_bytes});
    return save_checkpoint(options.checkpoint, report, Checkpoint{merged, emit_bytes});
  };
  const auto work = [&](std::uint64_t c) { return run_chunk(model, options, c, chunk_samples(options, c), check_count); };
  farm_chunks(schedule, elapsed, work, [&](std::uint64_t, ChunkResult&& r) {
    if (r.error) {
      failure = *r.error;
      return false;
    }
    if (r.tally.samples.all < C && !options.checkpoint.empty()) {
      before_partial = report;
      partial_emit_bytes = emit_bytes;
    }
    report.tally.add(r.tally);
    report.history.push_back({report.tally.samples.all, report.tally.passed.all});
    ++merged;
    if (emit.is_open()) {
      emit << r.emitted;
      emit_bytes += r.emitted.size();
      // Stop at once: a checkpoint saved now would count bytes the file does not hold.
      if (!emit) {
        failure = emit_failed;
        return false;
      }
    }
    if (options.progress) options.progress(report.tally.samples.all, options.samples, elapsed());
    if (options.stop && (timed || merged < chunks) && options.stop()) {
      report.interrupted = true;
      return false;  // the final save below keeps the chunks merged so far
    }
    if (!options.checkpoint.empty() && elapsed() - last_save >= options.checkpoint_interval) {
      if (emit.is_open() && !emit.flush()) {
        failure = emit_failed;
        return false;
      }
      if (const auto why = save()) {  // stop while the last checkpoint written is still a good one to resume from
        failure = *why;
        return false;
      }
      last_save = elapsed();
    }
    return true;
  }, decode_chunk);
  servers.farmed = true;
  if (failure) return Error{*failure};
  if (report.tally.samples.all == 0)
    return Error{report.interrupted ? "interrupted before any sample was counted"
                                    : "no sample was drawn in the time given; give it more time"};
  // The samples are all taken: a file that cannot be finished now must not cost the user the estimate.
  if (emit.is_open() && !emit.flush()) {
    // The last checkpoint saved stays: it counts only bytes that reached the file.
    report.output_error = emit_failed;
    if (!options.checkpoint.empty())
      report.output_error += "; checkpoint " + options.checkpoint + " left at its last save";
  } else if (!options.checkpoint.empty()) {
    if (const auto why = save()) report.output_error = *why;
  }
  report.seconds = elapsed();
  return report;
}

std::optional<std::string> serve_estimate(const rank::RankModel& model, const EstimateOptions& options) {
  if (auto error = options_error(model, options)) return error;
  const std::size_t check_count = legality::check_names(options.rules).size();
  const auto work = [&](std::uint64_t c) {
    return run_chunk(model, options, c, chunk_samples(options, c), check_count);
  };
  serve_chunks(worker_threads(options.threads), work, encode_chunk);
  return std::nullopt;
}

}  // namespace chessrank::estimator
