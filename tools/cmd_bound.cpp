// `chessrank bound`: upper bounds on the number of chess positions, computed from their definitions
// (Tromp's seed-002 program and 2021 model, our ranking models, our no-promotion count), next to the
// published figures we cannot compute, which are shown as quoted.
#include <algorithm>
#include <array>
#include <cassert>
#include <future>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "bound/nopromo.h"
#include "bound/seed2006.h"
#include "bound/tromp2021.h"
#include "bound/tromp_nopromo.h"
#include "bound/v1_colours.h"
#include "core/bigint.h"
#include "core/fen.h"
#include "estimator/nopromo_estimate.h"
#include "rank/frame.h"
#include "rank/model.h"
#include "tools/command.h"
#include "tools/input.h"
#include "tools/json_lines.h"
#include "tools/progress.h"
#include "tools/model_option.h"

namespace chessrank::cli::bound_command {
namespace {

struct Options {
  std::string model;
  bool model_given = false;  // --model "" names no model; it is not the table of every bound
  bool diagrams = false, breakdown = false, json = false;
  Format format = Format::Text;  // --format json is --json
  bool no_castling = false, no_en_passant = false, white_to_move = false;
  // nopromo's ingredients (bound/nopromo.h); each option departs from the default count.
  bool no_file_constraints = false, adjacent_kings = false, crossings = false, home_pawns = false;
  int exact_costs = bound::NopromoShape{}.exact_costs;
  bool nopromo_variant = false;  // any of the above given
  // nopromo --sample: uniform placements to draw and judge (0: none), their seed, threads and checkpoint.
  std::uint64_t sample = 0, seed = 1, nodes = legality::SearchLimits{}.kernel_nodes;
  unsigned threads = 0;  // v1colours takes it too
  std::string checkpoint;
  bool sample_option_given = false;  // --seed or --checkpoint
  bool threads_given = false;
};

// Return the nopromo set the options describe.
bound::NopromoShape nopromo_shape(const Options& o) {
  bound::NopromoShape s;
  s.file_constraints = !o.no_file_constraints;
  s.kings_apart = !o.adjacent_kings;
  s.crossings = o.crossings;
  s.home_pawns = o.home_pawns;
  s.exact_costs = o.exact_costs;
  return s;
}

// A row of the overview table. `value` is empty for a quoted approximation (then `quoted` is shown).
struct Row {
  std::string name, year, author;
  BigInt value;
  std::string quoted;    // the published approximation, for bounds we cannot compute
  double log10 = 0;
  std::string how;
};

Row computed(std::string name, std::string year, std::string author, BigInt v, std::string how) {
  Row r{std::move(name), std::move(year), std::move(author), std::move(v), "", 0, std::move(how)};
  r.log10 = log10_big(r.value);
  return r;
}
Row quoted(std::string name, std::string year, std::string author, std::string text, double log10) {
  return Row{std::move(name), std::move(year), std::move(author), 0, std::move(text), log10, "quoted, not computed"};
}

// Return the models --model takes: the published ones, the ranking models of rank/model.h, nopromo.
std::string bound_models() { return "seed2006, tromp2021, " + model_list() + ", v1colours, tromp-nopromo or nopromo"; }

int overview() {
  // The no-promotion count (about 0.6 s) runs beside the rows above it, whose ranking models take seconds to
  // build.
  std::future<BigInt> nopromo = std::async(std::launch::async, [] { return bound::nopromo_count({}); });
  std::vector<Row> rows;
  // Progress by rows (on stderr: after 0.2 s on a terminal, every 30 s otherwise); the rows are the 11
  // below and one per ranking model.
  const std::size_t row_count = 11 + rank::model_names().size();
  Progress progress("rows", 0);
  const auto add = [&](Row row) {
    rows.push_back(std::move(row));
    progress.update(rows.size(), row_count);
  };
  add(quoted("Chinchalkar", "1996", "Chinchalkar", "1.77894e46", 46.25016));
  add(quoted("Entriken (diagrams)", "2006", "Entriken", "2.39375e49", 49.37908));
  add(computed("seed2006", "2006+", "Tromp (seed 002 program)", bound::seed2006_count({}).total,
                          "reproduced"));
  add(computed("seed2006 --diagrams", "2006+", "Tromp (seed 002 main0)",
                          bound::seed2006_count({false, false, false}).total, "reproduced"));
  add(quoted("tromp-unpublished", "2010s", "Tromp (undocumented program)", "7.73e45", 45.888));
  add(computed("tromp2021", "2021", "Tromp (Chess Position Ranking)", bound::tromp2021_count({}).total,
                          "reproduced"));
  // One model's tables at a time (v3's alone take 670 MB).
  for (const std::string& name : rank::model_names())
    add(
        computed(name, "2026", "chessrank ranking model", rank::make_model(name)->size(), "exact for our model"));
  add(quoted("nopromo", "2015", "Steinerberger", "2e40", 40.30103));
  add(computed("tromp-nopromo", "2021", "Tromp (CountNoProms)", bound::tromp_nopromo_count({}).total,
                          "reproduced (not proven: see below)"));
  add(quoted("nopromo", "2022", "Gourion", "4e37", 37.60206));
  bound::NopromoShape placements;
  placements.file_constraints = false;
  add(computed("nopromo --no-file-constraints", "2026", "chessrank (bishops by colour, kings apart)",
                          bound::nopromo_count(placements), "exact for our model"));
  add(computed("nopromo", "2026", "chessrank (file/capture constraints, kings apart)", nopromo.get(),
                          "exact for our model"));
  progress.finish();
  assert(rows.size() == row_count);
  // Print the rows as a table with aligned columns.
  std::vector<std::array<std::string, 7>> cells{
      {"bound", "year", "author", "value", "power of ten", "power of two", "how obtained"}};
  for (const Row& r : rows)
    cells.push_back({r.name, r.year, r.author, r.quoted.empty() ? r.value.get_str() : "~" + r.quoted,
                     "10^" + fixed(r.log10, 3), "2^" + fixed(r.log10 / 0.30102999566398119521, 3), r.how});
  std::array<std::size_t, 7> width{};
  for (const auto& row : cells)
    for (std::size_t c = 0; c < row.size(); ++c) width[c] = std::max(width[c], row[c].size());
  for (const auto& row : cells) {
    std::string line;
    for (std::size_t c = 0; c < row.size(); ++c)
      line.append(row[c]).append(c + 1 < row.size() ? width[c] - row[c].size() + 2 : 0, ' ');
    std::cout << line << '\n';
  }
  std::cout << "\nDiagrams without promotion (a placement only; no promoted piece):\n"
               "  Steinerberger 2015 and Gourion 2022: published as proven upper bounds on the legal ones.\n"
               "  Tromp 2021 (tromp-nopromo): every pair of armies, pawns on ranks 2-7 with the opposed pairs the "
               "missing men force; its factor for a side's two bishops on opposite colours is an approximation, "
               "so not a proven bound.\n"
               "  chessrank nopromo: the exact size of a set holding every legal one: a proven upper bound "
               "(docs/bounds.md).\n";
  return ExitOk;
}

// `extra`: more members of the JSON object, put last.
void print_value(const std::string& model, const BigInt& n, const Options& o,
                 const std::vector<std::pair<std::string, BigInt>>& parts,
                 const nlohmann::ordered_json& extra = nlohmann::ordered_json::object()) {
  if (!o.json) {
    for (const auto& [label, v] : parts) std::cout << label << '\t' << v << '\n';
    if (!parts.empty()) std::cout << "total\t";
    std::cout << n << '\n';
    return;
  }
  nlohmann::ordered_json out{{"model", model}, {"value", n.get_str()}, {"log10", log10_big(n)}, {"log2", log2_big(n)}};
  if (model == "nopromo") {
    const bound::NopromoShape s = nopromo_shape(o);
    out["file_constraints"] = s.file_constraints;
    out["kings_apart"] = s.kings_apart;
    out["crossings"] = s.crossings;
    out["home_pawns"] = s.home_pawns;
    out["exact_costs"] = s.exact_costs;
  } else if (model != "tromp-nopromo") {  // tromp-nopromo counts diagrams: no rights, no side to move
    const bool d = o.diagrams;
    out["castling"] = !(o.no_castling || d);
    out["en_passant"] = !(o.no_en_passant || d);
    out["both_sides"] = !(o.white_to_move || d);
  }
  if (!parts.empty()) {
    out["breakdown"] = nlohmann::ordered_json::array();
    for (const auto& [label, v] : parts) out["breakdown"].push_back({{"case", label}, {"value", v.get_str()}});
  }
  for (const auto& [key, value] : extra.items()) out[key] = value;
  print_json(out);
}

int run(const Options& o) {
  if (o.model.empty() && !o.model_given) {
    if (o.diagrams || o.breakdown || o.json || o.no_castling || o.no_en_passant || o.white_to_move ||
        o.nopromo_variant || o.sample || o.sample_option_given || o.threads_given) {
      report_error("", "options need --model (" + bound_models() + ")");
      return ExitUsage;
    }
    return overview();
  }
  if ((o.sample || o.sample_option_given) && o.model != "nopromo") {
    report_error("", "--sample, --seed, --nodes and --checkpoint apply to --model nopromo only");
    return ExitUsage;
  }
  if (o.threads_given && o.model != "nopromo" && o.model != "v1colours") {
    report_error("", "--threads applies to --model nopromo --sample and --model v1colours only");
    return ExitUsage;
  }
  if ((o.sample_option_given || (o.threads_given && o.model == "nopromo")) && !o.sample) {
    report_error("", "--seed, --threads, --nodes and --checkpoint need --sample");
    return ExitUsage;
  }
  if (const std::string clash = same_file_error({StandardOutput, {"--checkpoint", o.checkpoint}}); !clash.empty()) {
    report_error("", clash);
    return ExitUsage;
  }
  if (o.nopromo_variant && o.model != "nopromo") {
    report_error("", "--no-file-constraints, --adjacent-kings, --crossings, --home-pawns and --exact-costs "
                     "apply to --model nopromo only");
    return ExitUsage;
  }
  const bool variant = o.diagrams || o.no_castling || o.no_en_passant || o.white_to_move;
  // Diagrams: no side to move, no castling rights, no en passant square.
  const bool castling = !(o.no_castling || o.diagrams), en_passant = !(o.no_en_passant || o.diagrams);
  const bool both_sides = !(o.white_to_move || o.diagrams);
  std::vector<std::pair<std::string, BigInt>> parts;
  if (o.model == "seed2006") {
    const auto r = bound::seed2006_count({castling, en_passant, both_sides});
    if (o.breakdown)
      for (const auto& k : r.classes)
        parts.emplace_back("white_rights=" + std::to_string(k.white_rights) + " black_rights=" +
                               std::to_string(k.black_rights) + " edge_kings=" + std::to_string(k.edge_kings) +
                               " king_configurations=" + std::to_string(k.configurations),
                           k.positions);
    print_value(o.model, r.total, o, parts);
    return ExitOk;
  }
  if (o.model == "tromp2021") {
    const auto r = bound::tromp2021_count({castling, en_passant, both_sides, true});
    if (o.breakdown) {
      // The 2021 table's cases are white to move; black to move is their colour swap, the same count.
      BigInt white;
      for (const auto& c : r.cases) {
        parts.emplace_back("fwr=" + std::to_string(c.fwr) + " fbr=" + std::to_string(c.fbr) +
                               " ep=" + std::to_string(c.ep),
                           c.count);
        white += c.count;
      }
      if (white != r.total) parts.emplace_back("black to move (the colour swap of the cases above)", r.total - white);
    }
    print_value(o.model, r.total, o, parts);
    return ExitOk;
  }
  if (o.model == "nopromo") {
    if (o.breakdown || o.no_castling || o.no_en_passant || o.white_to_move) {
      report_error("", "nopromo counts diagrams: --breakdown, --no-castling, --no-en-passant and "
                       "--white-to-move do not apply");
      return ExitUsage;
    }
    if ((o.crossings || o.home_pawns) && o.no_file_constraints) {
      report_error("", "--crossings and --home-pawns refine the file constraints: drop --no-file-constraints");
      return ExitUsage;
    }
    if (o.sample) {
      estimator::NopromoSampleOptions options;
      options.draws = o.sample;
      options.seed = o.seed;
      options.threads = o.threads;
      options.limits.kernel_nodes = o.nodes;
      options.checkpoint = o.checkpoint;
      Progress progress("draws", 0);
      options.progress = progress.reporter();
      const Result<estimator::NopromoEstimate> e = estimator::estimate_nopromo(nopromo_shape(o), options);
      progress.finish();
      if (!e) {
        report_error("", e.error());
        return ExitFailure;
      }
      print_value(o.model, e->set_size, o, parts, {{"sample", estimator::nopromo_report_json(*e)}});
      if (!o.json) std::cout << estimator::format_nopromo_report(*e);
      if (!e->output_error.empty()) {
        report_error("", e->output_error);
        return ExitFailure;
      }
      return ExitOk;
    }
    print_value(o.model, bound::nopromo_count(nopromo_shape(o)), o, parts);
    return ExitOk;
  }
  if (o.model == "tromp-nopromo") {
    if (o.diagrams || o.no_castling || o.no_en_passant || o.white_to_move) {
      report_error("", "tromp-nopromo counts diagrams: --diagrams, --no-castling, --no-en-passant and "
                       "--white-to-move do not apply");
      return ExitUsage;
    }
    const bound::TrompNopromoResult r = bound::tromp_nopromo_count({});
    if (o.breakdown)
      for (std::size_t men = 0; men < r.by_men.size(); ++men)
        if (r.by_men[men] != 0) parts.emplace_back("men=" + std::to_string(men), r.by_men[men]);
    print_value(o.model, r.total, o, parts, {{"proven", false}});
    return ExitOk;
  }
  if (o.model == "v1colours") {
    if (o.diagrams || o.breakdown) {
      report_error("", "v1colours counts positions as a whole: --diagrams and --breakdown do not apply");
      return ExitUsage;
    }
    bound::V1ColoursOptions options;
    options.threads = o.threads;
    options.castling = castling;
    options.en_passant = en_passant;
    Progress progress("layers", 0);
    options.progress = progress.counter();
    const BigInt half = bound::v1_colours_half(options);
    progress.finish();
    print_value(o.model, both_sides ? half * 2 : half, o, parts);
    return ExitOk;
  }
  // Refuse --diagrams before the model's tables are built.
  const std::vector<std::string> ranking_models = rank::model_names();
  if (o.diagrams && std::find(ranking_models.begin(), ranking_models.end(), o.model) != ranking_models.end()) {
    report_error("", "model " + o.model + " ranks positions, not diagrams: --diagrams does not apply");
    return ExitUsage;
  }
  if (const std::optional<rank::ModelFacts> facts = rank::model_facts(o.model)) {
    if (!variant && !o.breakdown) {  // the size is known without the model's tables
      print_value(o.model, BigInt(std::string(facts->size)), o, parts);
      return ExitOk;
    }
    const rank::RankModel* m = &built_model(o.model);
    // Sum the frames (castling rights, en passant case) the options keep; the black-to-move half is the
    // colour swap of the white-to-move half, frame for frame, so it doubles each frame.
    const rank::FrameTable frames = rank::frame_table(*m);
    BigInt total = 0;
    for (int cr = 0; cr < 16; ++cr) {
      if (cr && !castling) continue;
      for (int e = 0; e < rank::EnPassantCases; ++e) {
        if (e && !en_passant) continue;
        const BigInt n = frames[cr][e] * (both_sides ? 2 : 1);
        if (o.breakdown) parts.emplace_back("castling=" + std::to_string(cr) + " ep=" + std::to_string(e), n);
        total += n;
      }
    }
    print_value(o.model, total, o, parts);
    return ExitOk;
  }
  report_error("--model", "unknown model " + quote(o.model) + " (expected " + bound_models() + ")");
  return ExitUsage;
}

std::function<int()> setup(CLI::App& cmd) {
  auto opt = std::make_shared<Options>();
  cmd.add_option("--model", opt->model, bound_models())->each([opt](const std::string&) { opt->model_given = true; });
  cmd.add_flag("--diagrams", opt->diagrams, "count diagrams: no side to move, castling or en passant");
  cmd.add_flag("--breakdown", opt->breakdown, "print the cases the total is the sum of");
  cmd.add_flag("--json", opt->json, "print one JSON object (as --format json does)");
  add_format_option(cmd, opt->format);
  cmd.add_flag("--no-castling", opt->no_castling, "leave out positions with castling rights");
  cmd.add_flag("--no-en-passant", opt->no_en_passant, "leave out positions with an en passant capture");
  cmd.add_flag("--white-to-move", opt->white_to_move, "count white to move only");
  const auto nopromo_flag = [&](const char* name, bool& flag, const char* help) {
    cmd.add_flag(name, flag, help)->each([opt](const std::string&) { opt->nopromo_variant = true; });
  };
  nopromo_flag("--no-file-constraints", opt->no_file_constraints,
               "nopromo: drop the pawn-file budget (pawn file changes paid by captures)");
  nopromo_flag("--adjacent-kings", opt->adjacent_kings, "nopromo: let the kings stand next to each other");
  nopromo_flag("--crossings", opt->crossings,
               "nopromo: charge crossed files too (sound but slow: 16 s and 1 GB at --exact-costs 4, 29 s and "
               "1.9 GB at 5, about a minute and 4.4 GB at 16)");
  nopromo_flag("--home-pawns", opt->home_pawns, "nopromo: a pawn on its start rank keeps its file (sound; slow)");
  whole_number(cmd.add_option("--exact-costs", opt->exact_costs,
                              "nopromo: track pawn-file costs exactly up to this, as \"more\" above (larger is "
                              "tighter and slower)"),
               0, 16)
      ->capture_default_str()
      ->each([opt](const std::string&) { opt->nopromo_variant = true; });
  whole_number(cmd.add_option("--sample", opt->sample,
                              "nopromo: also draw this many uniform placements and judge the members of the set "
                              "with the default legality checks"),
               1);
  const auto sample_option = [opt](CLI::Option* option) {
    option->each([opt](const std::string&) { opt->sample_option_given = true; });
  };
  sample_option(whole_number(cmd.add_option("--seed", opt->seed, "nopromo --sample: random seed (default 1)")));
  sample_option(add_nodes_option(cmd, opt->nodes, "nopromo --sample: "));
  whole_number(cmd.add_option("--threads", opt->threads,
                              "nopromo --sample and v1colours: worker threads (default and 0: all cores); never "
                              "changes the result"),
               0, 1024)
      ->each([opt](const std::string&) { opt->threads_given = true; });
  sample_option(cmd.add_option("--checkpoint", opt->checkpoint,
                               "nopromo --sample: save progress to FILE regularly; resume from it if it exists")
                    ->check(checkpoint_file()));
  cmd.footer(
      "Without --model: a table of bounds (aligned columns) with year, author, value, powers of ten and two\n"
      "and how each was obtained. With --model: the exact count of that model, one number per line\n"
      "(with --breakdown: \"<case>\\t<count>\" lines, then \"total\\t<count>\"; with --sample: the count, then\n"
      "what the draws found, in words, and a progress line on stderr). Exit status 2 for bad options (among\n"
      "them a --checkpoint that cannot be created or is not a regular file), 1 when a --checkpoint belongs to\n"
      "another run, is damaged or fails to be written during the run.\n"
      "--model v1colours: v1's set with bishops counted by square colour (constraint 3 in full), counted\n"
      "exactly but not ranked: about 12 s on two cores and 0.6 GB (--threads 1: about 21 s), with a progress\n"
      "line on stderr.");
  return [opt] {
    opt->json = opt->json || opt->format == Format::Json;
    return run(*opt);
  };
}

const bool registered =
    register_command({"bound", "Upper bounds on the number of chess positions, reproduced and our own", 40, setup});

}  // namespace
}  // namespace chessrank::cli::bound_command
