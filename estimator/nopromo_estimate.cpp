#include "estimator/nopromo_estimate.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <future>
#include <optional>
#include <sstream>

#include <pcg_random.hpp>

#include "bound/nopromo_sample.h"
#include "estimator/checkpoint_file.h"
#include "estimator/chunk_run.h"
#include "estimator/legality.h"

namespace chessrank::estimator {

namespace {

// What a chunk adds to the estimate.
struct Counts {
  std::uint64_t draws = 0, inside = 0, passing = 0;
  std::vector<std::uint64_t> rejected_by;
};

Counts run_chunk(const bound::NopromoShape& shape, const bound::NopromoSampler& sampler, std::uint64_t seed,
                 std::uint64_t chunk, std::uint64_t draws) {
  Counts out;
  out.draws = draws;
  out.rejected_by.assign(check_names(RuleSet::Default).size(), 0);
  pcg64 rng(seed, chunk);
  for (std::uint64_t i = 0; i < draws; ++i) {
    Position pos = sampler.draw(rng);
    if (!bound::nopromo_contains(shape, pos)) continue;
    ++out.inside;
    const Verdict white = judge(pos, RuleSet::Default, false);
    if (white.passes()) {
      ++out.passing;
      continue;
    }
    pos.set_side_to_move(Black);
    if (judge(pos, RuleSet::Default, false).passes()) ++out.passing;
    else ++out.rejected_by[std::size_t(white.check)];
  }
  return out;
}

void add(NopromoEstimate& e, const Counts& c) {
  e.draws += c.draws, e.inside += c.inside, e.passing += c.passing;
  for (std::size_t i = 0; i < c.rejected_by.size(); ++i) e.rejected_by[i] += c.rejected_by[i];
}

constexpr const char* Magic = "chessrank-nopromo-sample-checkpoint";

// The keys that say which run a checkpoint belongs to: the set (its options and placements drawn from),
// the seed and the chunk size.
std::vector<std::pair<std::string, std::string>> run_keys(const bound::NopromoShape& s, const NopromoEstimate& e) {
  const std::uint64_t shape[] = {std::uint64_t(s.files), std::uint64_t(s.ranks), std::uint64_t(s.queens),
                                 std::uint64_t(s.rooks), std::uint64_t(s.knights), std::uint64_t(s.light_bishops),
                                 std::uint64_t(s.dark_bishops), s.file_constraints, s.kings_apart, s.crossings,
                                 s.home_pawns, std::uint64_t(s.exact_costs)};
  return {{"shape", join_numbers(shape)}, {"placements", e.placements.get_str()}, {"seed", std::to_string(e.seed)},
          {"chunk_size", std::to_string(NopromoChunk)}};
}

bool save_checkpoint(const std::string& path, const bound::NopromoShape& shape, const NopromoEstimate& e,
                     std::uint64_t chunks) {
  std::ostringstream out;
  out << Magic << " 1\n";
  for (const auto& [key, value] : run_keys(shape, e)) out << key << ' ' << value << '\n';
  const std::uint64_t counts[] = {e.draws, e.inside, e.passing};
  out << "chunks " << chunks << "\ncounts " << join_numbers(counts) << "\nrejected_by " << join_numbers(e.rejected_by)
      << '\n';
  return write_atomically(path, out.str());
}

// Load the checkpoint into `e` (which holds the run's keys); return the chunks it holds.
Result<std::uint64_t> load_checkpoint(const std::string& path, const bound::NopromoShape& shape, NopromoEstimate& e) {
  std::optional<KeyValues> read = read_key_values(path);
  if (!read || !read->count(Magic)) return Error{path + " is not a nopromo sample checkpoint"};
  KeyValues& kv = *read;
  if (auto mismatch = mismatched_key(kv, path, run_keys(shape, e))) return Error{*mismatch};
  const auto chunks = parse_number(kv["chunks"]);
  const auto counts = split_numbers(kv["counts"]), rejected = split_numbers(kv["rejected_by"]);
  if (!chunks || !counts || counts->size() != 3 || !rejected || rejected->size() != e.rejected_by.size())
    return Error{"checkpoint " + path + " is damaged"};
  e.draws = (*counts)[0], e.inside = (*counts)[1], e.passing = (*counts)[2];
  e.rejected_by = *rejected;
  return *chunks;
}

}  // namespace

Result<NopromoEstimate> estimate_nopromo(const bound::NopromoShape& shape, const NopromoSampleOptions& options) {
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  const auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
  if (options.draws == 0) return Error{"give a number of draws"};
  const bound::NopromoSampler sampler(shape);
  NopromoEstimate e;
  e.seed = options.seed;
  e.placements = sampler.placements();
  e.rejected_by.assign(check_names(RuleSet::Default).size(), 0);
  e.threads = worker_threads(options.threads);

  std::uint64_t merged = 0;  // whole chunks in e
  if (!options.checkpoint.empty() && std::filesystem::exists(options.checkpoint)) {
    Result<std::uint64_t> loaded = load_checkpoint(options.checkpoint, shape, e);
    if (!loaded) return Error{loaded.error()};
    merged = *loaded;
    e.resumed = true;
    if (e.draws > options.draws)
      return Error{"checkpoint " + options.checkpoint + " holds " + std::to_string(e.draws) + " draws, more than the " +
                   std::to_string(options.draws) + " asked for"};
  }
  const std::string checkpoint_failed = "cannot write checkpoint " + options.checkpoint;
  // Fail now rather than after hours of drawing when the checkpoint cannot be written.
  if (!options.checkpoint.empty() && !save_checkpoint(options.checkpoint, shape, e, merged))
    return Error{checkpoint_failed};
  // The exact count (0.6 s by default, far longer with crossings) runs beside the draws.
  std::future<BigInt> set_size = std::async(std::launch::async, [&shape] { return bound::nopromo_count(shape); });

  // A checkpoint holds whole chunks only: a last, partial chunk is drawn again in full on resume (its
  // draws are a prefix of the full chunk's), so the state before it is what gets saved.
  std::optional<NopromoEstimate> before_partial;
  const auto save = [&] {
    return before_partial ? save_checkpoint(options.checkpoint, shape, *before_partial, merged - 1)
                          : save_checkpoint(options.checkpoint, shape, e, merged);
  };
  bool failed = false;
  double last_save = elapsed();
  const std::uint64_t C = NopromoChunk;
  const ChunkSchedule schedule{merged, (options.draws + C - 1) / C, 0, e.threads};
  const auto work = [&](std::uint64_t c) {
    return run_chunk(shape, sampler, options.seed, c, std::min(C, options.draws - c * C));
  };
  run_chunks(schedule, elapsed, work, [&](std::uint64_t, Counts&& counts) {
    if (counts.draws < C && !options.checkpoint.empty()) before_partial = e;
    add(e, counts);
    ++merged;
    if (options.progress) options.progress(e.draws, options.draws, elapsed());
    if (!options.checkpoint.empty() && elapsed() - last_save >= options.checkpoint_interval) {
      if (!save()) {  // stop while the last checkpoint written is still a good one to resume from
        failed = true;
        return false;
      }
      last_save = elapsed();
    }
    return true;
  });
  if (failed) return Error{checkpoint_failed};
  if (!options.checkpoint.empty() && !save()) e.output_error = checkpoint_failed;
  e.set_size = set_size.get();
  e.seconds = elapsed();
  return e;
}

}  // namespace chessrank::estimator
