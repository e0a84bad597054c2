// The Monte Carlo estimate of the number of legal positions: draw uniform indices below the size N of a
// ranking model, unrank them, judge each position, and scale the pass rate by N. Every position that
// passes is counted, so this is an upper estimate of the legal positions.
//
// Determinism: the sample stream is cut into chunks of `chunk_size` samples; chunk c draws from
// pcg64(seed, stream c) and results merge in chunk order, so a run depends on the seed and the number of
// samples only, never on the thread count or on being interrupted and resumed from a checkpoint.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/bigint.h"
#include "core/result.h"
#include "legality/legality.h"
#include "rank/model.h"

namespace chessrank::estimator {

// The model `chessrank estimate` samples unless told otherwise. Not rank::DefaultModel (v2): cpr unranks
// faster, so it meets the sample-rate target (figures in docs/performance.md), although each v1 or v2
// sample is worth more (two and a half times the pass rate for v2): per CPU second their intervals are
// narrower (docs/estimator.md). --model v2 chooses it.
inline constexpr std::string_view DefaultModel = "cpr";

struct EstimateOptions {
  std::uint64_t samples = 0;  // stop after this many samples; 0: stop after `seconds`
  double seconds = 0;         // wall time of this run, ended at a chunk boundary (when samples is 0)
  std::uint64_t seed = 0;
  unsigned threads = 0;  // 0: all hardware threads
  legality::RuleSet rules = legality::RuleSet::Default;
  legality::SearchLimits limits;  // budgets of the legality stages that search: smaller is faster and weaker
  std::string checkpoint;  // saved at the start and regularly (a failed save ends the run); a run finding it resumes
  std::string emit;        // receives "index FEN" for every passing position, in sample order
  std::uint64_t chunk_size = 1 << 14;
  double checkpoint_interval = 10;  // seconds between checkpoint saves
  // Called on the driving thread once before sampling (with the samples a checkpoint held, at 0 seconds)
  // and after each merged chunk: samples done, samples planned (0 when timed), seconds elapsed.
  std::function<void(std::uint64_t, std::uint64_t, double)> progress;
  // Asked on the driving thread after each merged chunk: true stops the run there, as a time limit would
  // (the checkpoint saved, the report of the chunks so far returned with `interrupted` set).
  std::function<bool()> stop;
};

// What a sample is counted by: men on the board, side to move, castling (any right or none), en passant
// (square or none), and whether it is in the "realistic" subset (see is_realistic).
struct SampleClass {
  int men, side, castling, ep;
  bool realistic;
  static SampleClass of(const Position& pos);
};

// Counts of samples (those drawn, or those that passed), in all and by subset.
struct SubsetCounts {
  std::uint64_t all = 0;
  std::array<std::uint64_t, 33> by_men{};
  std::array<std::uint64_t, 2> by_side{}, by_castling{}, by_ep{};
  std::uint64_t realistic = 0;

  void count(const SampleClass& c);
  void add(const SubsetCounts& other);
  bool operator==(const SubsetCounts&) const = default;
};

// Counts that merge by addition.
struct Tally {
  SubsetCounts samples, passed;
  std::vector<std::uint64_t> rejected;  // by check index of the rule set

  void add(const Tally& other);
  bool operator==(const Tally&) const = default;
};

// Seed 000's "realistic" positions, made precise: at most three queens, two rooks, two knights and one
// bishop per square colour per side (no underpromotion, at most two queens promoted).
bool is_realistic(const Position& pos);

// A count estimate N * k / n with its 95% Wilson score interval; for n = 0, no estimate (NaN) and the
// interval [0, N].
struct Interval {
  double estimate = 0, low = 0, high = 0;
};
// The normal quantiles of a 95% two-sided interval, and of a 97.5% one (two of which hold together at
// least 95% of the time: the two-phase estimate's Bonferroni bound).
inline constexpr double Z95 = 1.959963984540054, Z975 = 2.241402727604947;
Interval wilson_estimate(std::uint64_t k, std::uint64_t n, const BigInt& space, double z = Z95);

// The best published count of legal positions: (4.82 +- 0.03)e44, from two million uniform samples of the
// 2021 ranking, every candidate decided by Texel's proof-game tool and 77 by hand (Tromp 2021).
inline constexpr double PublishedLegal = 4.82e44, PublishedLegalError = 0.03e44;

// The second phase of `estimate --prove K`: proof-game searches on the first K passing samples
// (estimator/proof_phase.h), which the report turns into a two-sided estimate.
struct ProofPhase {
  std::uint64_t searched = 0;  // positions decided: K, or the passing samples when fewer
  std::uint64_t legal = 0, illegal = 0, unknown = 0;
  std::uint64_t nodes = 0;  // the node budget of each search
};

// The two-sided estimate. `upper` is the first phase's estimate (every passing sample counted; the proof
// phase runs the same checks, so it finds none of its positions illegal); `lower` counts only the proven
// share of the passing samples: pass rate times proven share, each with its 97.5% Wilson interval, the
// bounds multiplied. The count of legal positions is `point` (upper's: an unknown position counts as legal)
// in [lower.low, upper.high]: each end fails with probability at most 2.5%, so the interval holds with 95%.
struct TwoSidedEstimate {
  Interval lower, upper;
  double point = 0, low = 0, high = 0;
};

struct EstimateReport {
  std::string model;
  BigInt space;  // N
  legality::RuleSet rules = legality::RuleSet::Default;
  legality::SearchLimits limits;
  std::uint64_t seed = 0;
  std::uint64_t chunk_size = 0;
  Tally tally;
  std::vector<std::array<std::uint64_t, 2>> history;  // (samples, passed) after each chunk
  double seconds = 0;    // wall time of this run
  unsigned threads = 1;    // per process
  unsigned processes = 1;  // of an MPI run (cluster/cluster.h)
  bool resumed = false;
  bool interrupted = false;  // options.stop ended the run before its samples or time were done
  std::optional<ProofPhase> proof;  // set by `estimate --prove`
  // Set when every sample was taken but the last checkpoint save or the emit file failed: the estimate
  // is whole, that file is not. Says which file.
  std::string output_error;
};

// Run the estimate: an error when the options do not fit (a checkpoint of another run) or sampling
// stopped early (a checkpoint save or a write to the emit file failed); a report otherwise, see
// output_error. In an MPI run (cluster/cluster.h) this runs on rank 0, which shares the chunks out among
// the processes running serve_estimate and alone reads the checkpoint and writes the files.
Result<EstimateReport> run_estimate(const rank::RankModel& model, const EstimateOptions& options);

// On every rank of an MPI run but 0: compute the chunks of the run `options` describes (the same options
// as rank 0's) that rank 0 hands out, until it says the run is over; an error when the options do not fit.
std::optional<std::string> serve_estimate(const rank::RankModel& model, const EstimateOptions& options);

// Return the first `count` samples of the run `options` describes that pass its checks, in sample order, as
// (index, position): the same samples a run of that seed passes first, whatever its length.
Result<std::vector<std::pair<BigInt, Position>>> first_passing(const rank::RankModel& model,
                                                               const EstimateOptions& options, std::uint64_t count);

TwoSidedEstimate two_sided_estimate(const EstimateReport& report, const ProofPhase& proof);

// Return the search budgets as a checkpoint keeps them: "200000,6,48".
std::string search_text(const legality::SearchLimits& limits);

// Reports (report.cpp).
std::string format_report(const EstimateReport& report);  // the text printed by `chessrank estimate`
std::string report_json(const EstimateReport& report);  // --json: one object, a member per line at the top
std::string report_svg(const EstimateReport& report);

}  // namespace chessrank::estimator
