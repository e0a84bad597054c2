// `chessrank estimate`: the Monte Carlo estimate of the number of legal positions (estimator/estimate.h).
#include <cerrno>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cluster/cluster.h"
#include "estimator/estimate.h"
#include "estimator/proof_phase.h"
#include "proof/proof_game.h"
#include "rank/model.h"
#include "tools/command.h"
#include "tools/input.h"
#include "tools/interrupt.h"
#include "tools/model_option.h"
#include "tools/progress.h"

namespace chessrank::cli::estimate_command {
namespace {

struct Options {
  std::uint64_t samples = 1000000;  // unless --time is given
  double seconds = 0;
  std::uint64_t seed = 1;
  unsigned threads = 0;
  std::string model;  // add_model_option sets the default
  std::string rules = "default";
  std::uint64_t nodes = legality::SearchLimits{}.kernel_nodes;
  std::string checkpoint, json, emit, plot;
  double checkpoint_interval = estimator::EstimateOptions{}.checkpoint_interval;
  std::uint64_t prove = 0;  // the proof phase's subsample size; 0: none
  std::uint64_t prove_nodes = proof::ProofLimits{}.nodes;
};

// The second phase of --prove: the proof-game searches on the run's first passing samples. Return the exit
// status when the run ends here (an error, or an interrupt), else nothing, with report.proof set.
std::optional<int> run_proof_phase(const Options& o, const rank::RankModel& model, estimator::EstimateOptions options,
                                   estimator::EstimateReport& report) {
  options.samples = report.tally.samples.all;  // the subsample comes from this run's samples
  const auto subsample = estimator::first_passing(model, options, o.prove);
  if (!subsample) {
    report_error("", subsample.error());
    return ExitFailure;
  }
  std::vector<Position> positions;
  for (const auto& [index, pos] : *subsample) positions.push_back(pos);
  estimator::ProofPhaseOptions phase;
  phase.limits.nodes = o.prove_nodes;
  phase.limits.legality = options.limits;
  phase.seed = o.seed;
  phase.threads = o.threads;
  if (!o.checkpoint.empty()) phase.journal = o.checkpoint + ".proofs";
  Progress progress("proof searches", 0);
  phase.progress = progress.reporter();
  phase.stop = [] { return Interrupt::requested(); };
  phase.limits.stop = &Interrupt::requested;  // Ctrl-C ends the searches under way too
  const auto run = estimator::run_proof_phase(positions, phase);
  progress.finish();
  if (!run) {
    report_error("", run.error());
    return ExitFailure;
  }
  if (run->interrupted) {
    report_error("", "interrupted after " + std::to_string(run->phase.searched) + " of " +
                         std::to_string(positions.size()) + " proof searches: " +
                         (phase.journal.empty() ? "a run with --checkpoint FILE can be resumed"
                                                : "the same command resumes from " + phase.journal));
    return Interrupt::interrupted_status();
  }
  report.proof = run->phase;
  return std::nullopt;
}

// Write the file of an option (--json, --plot); return false, after one error line naming the option, the
// file and why, when that fails: the early check (writable_file) cannot foresee a full disk.
bool write_file(std::string_view option, const std::string& path, const std::string& text) {
  if (path == "-") {  // standard output: main() reports a write that fails
    std::cout << text << std::flush;
    return true;
  }
  errno = 0;
  std::ofstream out(path, std::ios::trunc | std::ios::binary);
  out << text;
  out.close();  // a full disk may fail only here
  if (!out.fail()) return true;
  report_error(option, cannot_write(path));
  return false;
}

std::function<int()> setup(CLI::App& cmd) {
  auto o = std::make_shared<Options>();
  auto samples =
      whole_number(cmd.add_option("--samples", o->samples, "number of samples, at least 1 (default 1000000)"), 1);
  cmd.add_option("--time", o->seconds, "sample for this many seconds instead")
      ->excludes(samples)
      ->check(positive_number());
  whole_number(cmd.add_option("--seed", o->seed, "random seed (default 1)"));
  whole_number(
      cmd.add_option("--threads", o->threads, "worker threads (default and 0: all cores); never changes the result"), 0,
      1024);
  add_model_option(cmd, o->model, "ranking model to sample", estimator::DefaultModel);
  cmd.add_option("--rules", o->rules, "rule set: default, seed000 or tromp2021")
      ->check(CLI::IsMember({"default", "seed000", "tromp2021"}));
  add_nodes_option(cmd, o->nodes);
  auto* checkpoint =
      cmd.add_option("--checkpoint", o->checkpoint, "save progress to FILE regularly; resume from it if it exists")
          ->check(checkpoint_file());
  cmd.add_option("--checkpoint-interval", o->checkpoint_interval, "seconds between checkpoint saves")
      ->needs(checkpoint)
      ->check(positive_number())
      ->capture_default_str();
  cmd.add_option("--json", o->json, "write the full report as JSON to FILE (-: standard output)")->check(output_file());
  cmd.add_option("--emit", o->emit, "write every passing position as \"index FEN\" to FILE (-: standard output)")
      ->check(output_file());
  cmd.add_option("--plot", o->plot,
                 "draw the running estimate and the men-on-board histogram as SVG to FILE (-: standard output)")
      ->check(output_file());
  auto* prove = whole_number(
      cmd.add_option("--prove", o->prove,
                     "second phase: search proof games for the first K passing samples (a uniform subsample) "
                     "and report a two-sided estimate"),
      1);
  whole_number(cmd.add_option("--prove-nodes", o->prove_nodes, "positions each proof-game search may expand"), 1)
      ->needs(prove)
      ->capture_default_str();
  cmd.footer(
      "Draws uniform indices below the model's size N, unranks them, applies the legality checks of\n"
      "`chessrank legal`, and reports N x pass rate with a 95% interval, broken down by check and subset.\n"
      "Every position that passes counts, so with the default rules (sound) the figure is an upper estimate;\n"
      "seed000 and tromp2021 may reject legal positions, so theirs is not a bound. Same seed and samples\n"
      "give the same result for any --threads and across checkpoint resumes.\n"
      "--prove K adds a second phase: `chessrank prove` on the run's first K passing samples, giving a lower\n"
      "estimate (proven legal) besides the upper one, and the count of legal positions between them\n"
      "(docs/estimator.md). With --checkpoint FILE its outcomes go to FILE.proofs, and it resumes from there.");
  return [o] {
    // "-" gives standard output to one of the files, and the text report goes to standard error.
    const int dashes = int(o->json == "-") + int(o->emit == "-") + int(o->plot == "-");
    if (dashes > 1) {
      report_error("", "only one of --json, --emit and --plot can be - (standard output)");
      return ExitUsage;
    }
    if (o->prove && o->rules != "default") {
      report_error("--prove", "needs the default rules: a two-sided estimate rests on sound illegality verdicts");
      return ExitUsage;
    }
    std::ostream& text = dashes ? std::cerr : std::cout;
    std::vector<std::pair<std::string, std::string>> files{{"--checkpoint", o->checkpoint},
                                                           {"--json", output_path(o->json)},
                                                           {"--emit", output_path(o->emit)},
                                                           {"--plot", output_path(o->plot)}};
    if (!dashes) files.insert(files.begin(), StandardOutput);
    if (const std::string clash = same_file_error(files); !clash.empty()) {
      report_error("", clash);
      return ExitUsage;
    }
    const rank::RankModel* model = &built_model(o->model);
    estimator::EstimateOptions options;
    options.seconds = o->seconds;
    options.samples = options.seconds > 0 ? 0 : o->samples;  // 0: run for the time given
    options.seed = o->seed;
    options.threads = o->threads;
    options.rules = *legality::parse_rule_set(o->rules);
    options.limits.kernel_nodes = o->nodes;
    options.checkpoint = o->checkpoint;
    options.checkpoint_interval = o->checkpoint_interval;
    options.emit = output_path(o->emit);
    if (!cluster::leads()) {  // another process of an MPI run: compute rank 0's chunks, print nothing
      const std::optional<std::string> error = estimator::serve_estimate(*model, options);
      return error ? ExitFailure : ExitOk;
    }
    Progress progress("samples", options.seconds);
    options.progress = progress.reporter();
    const Interrupt interrupt;  // Ctrl-C or SIGTERM: stop after the chunk being merged, save, report
    options.stop = [] { return Interrupt::requested(); };
    const Result<estimator::EstimateReport> report = estimator::run_estimate(*model, options);
    progress.finish();
    if (!report) {
      report_error("", report.error());
      return Interrupt::requested() ? Interrupt::interrupted_status() : ExitFailure;
    }
    estimator::EstimateReport full = *report;
    if (o->prove && !report->interrupted && report->output_error.empty())
      if (const std::optional<int> status = run_proof_phase(*o, *model, options, full)) return *status;
    // Flushed, so that a --json or --plot of /dev/stdout comes after the report, not before it.
    text << estimator::format_report(full) << std::flush;
    int status = ExitOk;
    if (report->interrupted) {
      report_error("", "interrupted after " + std::to_string(report->tally.samples.all) + " samples: " +
                           (o->checkpoint.empty() ? "a run with --checkpoint FILE can be resumed"
                                                  : "the same command resumes from " + o->checkpoint));
      status = Interrupt::interrupted_status();
    }
    if (!report->output_error.empty()) {
      report_error("", report->output_error);
      status = ExitFailure;
    }
    if (!o->json.empty() && !write_file("--json", o->json, estimator::report_json(full))) status = ExitFailure;
    if (!o->plot.empty() && !write_file("--plot", o->plot, estimator::report_svg(full))) status = ExitFailure;
    return status;
  };
}

const bool registered = register_command({"estimate", "Estimate the number of legal positions", 51, setup});

}  // namespace
}  // namespace chessrank::cli::estimate_command
