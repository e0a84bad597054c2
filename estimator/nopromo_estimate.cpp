#include "estimator/nopromo_estimate.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <filesystem>
#include <future>
#include <numeric>
#include <optional>
#include <sstream>

#include <pcg_random.hpp>

#include "bound/nopromo_sample.h"
#include "core/threads.h"
#include "estimator/checkpoint_file.h"
#include "estimator/chunk_run.h"
#include "legality/legality.h"

namespace chessrank::estimator {

namespace {

NopromoTally run_chunk(const bound::NopromoShape& shape, const bound::NopromoSampler& sampler, std::uint64_t seed,
                      const legality::SearchLimits& limits, std::uint64_t chunk, std::uint64_t draws) {
  NopromoTally out;
  out.draws = draws;
  pcg64 rng(seed, chunk);
  for (std::uint64_t i = 0; i < draws; ++i) {
    Position pos = sampler.draw(rng);
    if (!bound::nopromo_contains(shape, pos)) continue;
    ++out.inside;
    const legality::Verdict white = legality::judge(pos, legality::RuleSet::Default, false, limits);
    if (white.passes()) {
      ++out.passing;
      continue;
    }
    pos.set_side_to_move(Black);
    if (legality::judge(pos, legality::RuleSet::Default, false, limits).passes()) ++out.passing;
    else ++out.rejected_by[std::size_t(white.check)];
  }
  return out;
}

constexpr const char* Magic = "chessrank-nopromo-sample-checkpoint";

// The keys that say which run a checkpoint belongs to: the set (its options and placements drawn from),
// the seed and the chunk size.
std::array<std::uint64_t, 12> shape_numbers(const bound::NopromoShape& s) {
  return {std::uint64_t(s.files), std::uint64_t(s.ranks), std::uint64_t(s.queens), std::uint64_t(s.rooks),
          std::uint64_t(s.knights), std::uint64_t(s.light_bishops), std::uint64_t(s.dark_bishops),
          s.file_constraints, s.kings_apart, s.crossings, s.home_pawns, std::uint64_t(s.exact_costs)};
}
// What each of shape_numbers is, and the option that sets it, for a message naming the one a checkpoint
// differs in.
constexpr std::array<std::array<const char*, 2>, 12> ShapeNames = {
    {{"files", ""},
     {"ranks", ""},
     {"queens", ""},
     {"rooks", ""},
     {"knights", ""},
     {"light bishops", ""},
     {"dark bishops", ""},
     {"file constraints", " (0 with --no-file-constraints)"},
     {"kings apart", " (0 with --adjacent-kings)"},
     {"crossings", " (1 with --crossings)"},
     {"home pawns", " (1 with --home-pawns)"},
     {"exact costs", " (--exact-costs)"}}};

std::vector<std::pair<std::string, std::string>> run_keys(const bound::NopromoShape& s, const NopromoEstimate& e) {
  return {{"shape", join_numbers(shape_numbers(s))}, {"placements", e.placements.get_str()},
          {"seed", std::to_string(e.seed)}, {"search", search_text(e.limits)}, {"chunk_size", std::to_string(NopromoChunk)}};
}

// Save the keys of run `e` with `tally`, which holds `chunks` whole chunks; return nullopt, or the error
// (save_checkpoint_text).
std::optional<std::string> save_checkpoint(const std::string& path, const bound::NopromoShape& shape,
                                           const NopromoEstimate& e, const NopromoTally& tally, std::uint64_t chunks) {
  std::ostringstream out;
  for (const auto& [key, value] : run_keys(shape, e)) out << key << ' ' << value << '\n';
  const std::uint64_t counts[] = {tally.draws, tally.inside, tally.passing};
  out << "chunks " << chunks << "\ncounts " << join_numbers(counts) << "\nrejected_by "
      << join_numbers(tally.rejected_by) << '\n';
  return save_checkpoint_text(path, Magic, out.str());
}

// Load the checkpoint into e.tally (e holds the run's keys); return the chunks it holds.
Result<std::uint64_t> load_checkpoint(const std::string& path, const bound::NopromoShape& shape, NopromoEstimate& e) {
  Result<KeyValues> read = read_checkpoint(path, Magic, "a nopromo sample checkpoint");
  if (!read) return Error{read.error()};
  KeyValues& kv = read.value();
  // Name the option a checkpoint of another set was made with, rather than list twelve numbers.
  const std::array<std::uint64_t, 12> want = shape_numbers(shape);
  if (const auto have = split_numbers(kv["shape"]); have && have->size() == want.size())
    for (std::size_t i = 0; i < want.size(); ++i)
      if ((*have)[i] != want[i])
        return Error{"checkpoint " + path + " is of another set: its " + ShapeNames[i][0] + " is " +
                     std::to_string((*have)[i]) + ", this run's " + std::to_string(want[i]) + ShapeNames[i][1]};
  if (auto mismatch = mismatched_key(kv, path, run_keys(shape, e))) return Error{*mismatch};
  const auto chunks = parse_number(kv["chunks"]);
  const auto counts = split_numbers(kv["counts"]), rejected = split_numbers(kv["rejected_by"]);
  NopromoTally& t = e.tally;
  const Error damaged{"checkpoint " + path + " is damaged"};
  if (!chunks || !counts || counts->size() != 3 || !rejected || rejected->size() != t.rejected_by.size())
    return damaged;
  t.draws = (*counts)[0], t.inside = (*counts)[1], t.passing = (*counts)[2];
  t.rejected_by = *rejected;
  // The counts must fit together (whole chunks; every member drawn passed or was rejected by one check),
  // or an edited file would resume into an impossible share.
  const std::uint64_t rejected_sum = std::accumulate(t.rejected_by.begin(), t.rejected_by.end(), std::uint64_t(0));
  if (*chunks > UINT64_MAX / NopromoChunk || t.draws != *chunks * NopromoChunk || t.inside > t.draws ||
      t.passing > t.inside || t.passing + rejected_sum != t.inside)
    return Error{damaged.message + ": its counts do not add up"};
  return *chunks;
}

}  // namespace

void NopromoTally::add(const NopromoTally& o) {
  draws += o.draws, inside += o.inside, passing += o.passing;
  for (std::size_t i = 0; i < o.rejected_by.size(); ++i) rejected_by[i] += o.rejected_by[i];
}

Result<NopromoEstimate> estimate_nopromo(const bound::NopromoShape& shape, const NopromoSampleOptions& options) {
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  const auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
  if (options.draws == 0) return Error{"give a number of draws"};
  const bound::NopromoSampler sampler(shape);
  NopromoEstimate e;
  e.seed = options.seed;
  e.limits = options.limits;
  e.placements = sampler.placements();
  e.threads = worker_threads(options.threads);

  std::uint64_t merged = 0;  // whole chunks in e
  const Result<CheckpointLock> lock = CheckpointLock::acquire(options.checkpoint);  // held to the end of the run
  if (!lock) return Error{lock.error()};
  if (!options.checkpoint.empty() && has_checkpoint(options.checkpoint)) {
    Result<std::uint64_t> loaded = load_checkpoint(options.checkpoint, shape, e);
    if (!loaded) return Error{loaded.error()};
    merged = *loaded;
    e.resumed = true;
    if (auto more = holds_more_than_asked(options.checkpoint, e.tally.draws, options.draws, "draws"))
      return Error{*more};
  }
  // Fail now rather than after hours of drawing when the checkpoint cannot be written.
  if (!options.checkpoint.empty())
    if (const auto why = save_checkpoint(options.checkpoint, shape, e, e.tally, merged)) return Error{*why};
  if (options.progress) options.progress(e.tally.draws, options.draws, 0);
  // The exact count (0.6 s by default, far longer with crossings) runs beside the draws.
  std::future<BigInt> set_size = std::async(std::launch::async, [&shape] { return bound::nopromo_count(shape); });

  // A checkpoint holds whole chunks only: a last, partial chunk is drawn again in full on resume (its
  // draws are a prefix of the full chunk's), so the state before it is what gets saved.
  std::optional<NopromoTally> before_partial;
  const auto save = [&] {
    return before_partial ? save_checkpoint(options.checkpoint, shape, e, *before_partial, merged - 1)
                          : save_checkpoint(options.checkpoint, shape, e, e.tally, merged);
  };
  std::optional<std::string> failure;
  double last_save = elapsed();
  const std::uint64_t C = NopromoChunk;
  // Whole chunks, rounded up without overflow near 2^64.
  const ChunkSchedule schedule{merged, options.draws / C + (options.draws % C != 0), 0, e.threads};
  const auto work = [&](std::uint64_t c) {
    return run_chunk(shape, sampler, options.seed, options.limits, c, std::min(C, options.draws - c * C));
  };
  run_chunks(schedule, elapsed, work, [&](std::uint64_t, NopromoTally&& chunk) {
    if (chunk.draws < C && !options.checkpoint.empty()) before_partial = e.tally;
    e.tally.add(chunk);
    ++merged;
    if (options.progress) options.progress(e.tally.draws, options.draws, elapsed());
    if (!options.checkpoint.empty() && elapsed() - last_save >= options.checkpoint_interval) {
      if (const auto why = save()) {  // stop while the last checkpoint written is still a good one to resume from
        failure = *why;
        return false;
      }
      last_save = elapsed();
    }
    return true;
  });
  if (failure) return Error{*failure};
  if (!options.checkpoint.empty())
    if (const auto why = save()) e.output_error = *why;
  e.set_size = set_size.get();
  e.seconds = elapsed();
  return e;
}

}  // namespace chessrank::estimator
