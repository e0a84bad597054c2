// The estimate's reports: text for the terminal, JSON for programs, SVG for people.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include <nlohmann/json.hpp>

#include "core/plural.h"
#include "estimator/estimate.h"
#include "estimator/nopromo_estimate.h"

namespace chessrank::estimator {

namespace {

// Format x in scientific notation; NaN, an estimate from no data, as "none".
std::string sci(double x, int digits = 3) {
  if (std::isnan(x)) return "none";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*e", digits, x);
  return buf;
}

std::string pad(std::string s, std::size_t width, bool right = false) {
  if (s.size() >= width) return s;
  return right ? std::string(width - s.size(), ' ') + s : s + std::string(width - s.size(), ' ');
}

std::string interval_text(const Interval& iv) {
  return sci(iv.estimate) + "  [" + sci(iv.low) + ", " + sci(iv.high) + "]";
}

// An interval as {"estimate", "low", "high"}; an estimate from no data (NaN) as null.
nlohmann::ordered_json json_interval(const Interval& iv) {
  return {{"estimate", std::isnan(iv.estimate) ? nlohmann::ordered_json() : nlohmann::ordered_json(iv.estimate)},
          {"low", iv.low},
          {"high", iv.high}};
}

std::string share_text(std::uint64_t k, std::uint64_t n) { return n ? fixed(100.0 * double(k) / double(n), 1) + "%" : "-"; }

// The two-phase lines of the text report.
std::string proof_text(const EstimateReport& r, const ProofPhase& p) {
  const TwoSidedEstimate e = two_sided_estimate(r, p);
  std::string out = "proof games on the first " + std::to_string(p.searched) + " passing samples (" +
                    std::to_string(p.nodes) + " nodes each): " + std::to_string(p.legal) + " legal (" +
                    share_text(p.legal, p.searched) + "), " + std::to_string(p.illegal) + " illegal, " +
                    std::to_string(p.unknown) + " unknown (" + share_text(p.unknown, p.searched) + ")\n";
  out += "  lower estimate (proven legal):        " + interval_text(e.lower) + "\n";
  out += "  upper estimate (not proven illegal):  " + interval_text(e.upper) + "\n";
  out += "  legal positions: " + sci(e.point) + ", 95% interval [" + sci(e.low) + ", " + sci(e.high) +
         "] (unknown counted as legal; the lower end multiplies two 97.5% Wilson bounds: docs/estimator.md)\n";
  return out;
}

// One subset row: its share of the space and its estimate.
struct Row {
  std::string label;
  std::uint64_t samples, passed;
};

std::vector<Row> subset_rows(const Tally& t, const std::string& which) {
  const SubsetCounts &s = t.samples, &p = t.passed;
  if (which == "men") {
    std::vector<Row> rows;
    for (int m = 0; m <= 32; ++m)
      if (s.by_men[m]) rows.push_back({std::to_string(m), s.by_men[m], p.by_men[m]});
    return rows;
  }
  if (which == "side") return {{"white", s.by_side[0], p.by_side[0]}, {"black", s.by_side[1], p.by_side[1]}};
  if (which == "castling")
    return {{"none", s.by_castling[0], p.by_castling[0]}, {"some", s.by_castling[1], p.by_castling[1]}};
  return {{"none", s.by_ep[0], p.by_ep[0]}, {"square", s.by_ep[1], p.by_ep[1]}};
}

const char* const Subsets[] = {"men", "side", "castling", "ep"};
const char* const SubsetTitles[] = {"men on the board", "side to move", "castling rights", "en passant"};

// Return " (this run 1.2 s on 2 threads[, resumed from checkpoint])" (on "3 processes of 2 threads" in an
// MPI run), or nothing for a run not timed.
std::string run_text(double seconds, unsigned threads, bool resumed, unsigned processes = 1) {
  if (seconds <= 0) return "";
  const std::string where = processes > 1 ? plural(processes, "process", "processes") + " of " + plural(threads, "thread")
                                          : plural(threads, "thread");
  return " (this run " + fixed(seconds, 1) + " s on " + where + (resumed ? ", resumed from checkpoint" : "") + ")";
}

// Return what the figure is: an upper estimate of the legal positions only when the rules are sound.
std::string bound_text(legality::RuleSet rules) {
  if (legality::is_sound(rules)) return "upper estimate: every position that passes is counted";
  return "not a bound: the " + std::string(legality::rule_set_name(rules)) +
         " rules may reject legal positions (docs/legality.md), so the figure may lie below their number";
}


// Return how an estimate compares with the published count: "+1.6% (interval +0.4% to +2.9%)".
std::string versus_published(const Interval& e) {
  const auto percent = [](double x) { return (x >= PublishedLegal ? "+" : "") + fixed(100 * (x / PublishedLegal - 1), 1) + "%"; };
  return percent(e.estimate) + " (interval " + percent(e.low) + " to " + percent(e.high) + ")";
}

}  // namespace

std::string search_text(const legality::SearchLimits& limits) {
  return std::to_string(limits.kernel_nodes) + "," + std::to_string(limits.forced_moves) + "," +
         std::to_string(limits.kernel_searches);
}

std::string format_report(const EstimateReport& r) {
  const Tally& t = r.tally;
  std::string out;
  out += "model " + r.model + ": N = " + r.space.get_str() + " (" + sci(r.space.get_d()) + ")\n";
  out += "rules " + std::string(legality::rule_set_name(r.rules));
  if (r.rules == legality::RuleSet::Default && !(r.limits == legality::SearchLimits{}))
    out += " with a smaller search budget (" + std::to_string(r.limits.kernel_nodes) + " states): weaker";
  out += ", seed " + std::to_string(r.seed) + "\n";
  out += "samples drawn: " + std::to_string(t.samples.all);
  out += run_text(r.seconds, r.threads, r.resumed, r.processes) + (r.interrupted ? ", interrupted" : "") + "\n";
  const double rate = t.samples.all ? double(t.passed.all) / double(t.samples.all) : 0;
  out += "passing positions: " + std::to_string(t.passed.all) + " (" + fixed(100 * rate, 4) + "%)\n";
  out += bound_text(r.rules) + "\n";
  const Interval estimate = wilson_estimate(t.passed.all, t.samples.all, r.space);
  out += "estimate: " + interval_text(estimate) + " (95% Wilson interval)\n";
  if (t.samples.all)
    out += "published: (4.82 +- 0.03)e44 legal positions (Tromp 2021, every candidate of 2 million samples decided); "
           "this estimate is " + versus_published(estimate) + "\n";
  if (r.proof) out += proof_text(r, *r.proof);
  out += "realistic subset (<= 3 queens, <= 2 rooks, <= 2 knights, <= 1 bishop per square colour, per side): " +
         std::to_string(t.passed.realistic) + " passing, " +
         interval_text(wilson_estimate(t.passed.realistic, t.samples.all, r.space)) + "\n";
  out += "\nrejections by check:\n";
  const auto& names = legality::check_names(r.rules);
  for (std::size_t i = 0; i < names.size() && i < t.rejected.size(); ++i)
    out += "  " + pad(names[i], 36) + pad(std::to_string(t.rejected[i]), 12, true) + "  " +
           pad(fixed(t.samples.all ? 100.0 * double(t.rejected[i]) / double(t.samples.all) : 0, 3), 8, true) + "%\n";
  for (int s = 0; s < 4; ++s) {
    out += std::string("\nby ") + SubsetTitles[s] + ":\n";
    out += "  " + pad("", 8) + pad("samples", 12, true) + pad("passing", 12, true) + "  estimate   95% interval\n";
    for (const Row& row : subset_rows(t, Subsets[s]))
      out += "  " + pad(row.label, 8) + pad(std::to_string(row.samples), 12, true) +
             pad(std::to_string(row.passed), 12, true) + "  " +
             interval_text(wilson_estimate(row.passed, t.samples.all, r.space)) + "\n";
  }
  return out;
}

std::string report_json(const EstimateReport& r) {
  const Tally& t = r.tally;
  nlohmann::ordered_json o;
  o["model"] = r.model;
  o["space"] = r.space.get_str();  // a string: N exceeds what JSON readers keep exactly in a number
  o["rules"] = legality::rule_set_name(r.rules);
  o["search_states"] = r.limits.kernel_nodes;
  o["seed"] = r.seed;
  o["chunk_size"] = r.chunk_size;
  o["samples"] = t.samples.all;
  o["passed"] = t.passed.all;
  o["upper_estimate"] = legality::is_sound(r.rules);
  // The seconds, threads (per process) and processes are this run's; a resumed one went on from a
  // checkpoint's samples.
  o["seconds"] = std::round(r.seconds * 1000) / 1000;
  o["threads"] = r.threads;
  o["processes"] = r.processes;
  o["resumed"] = r.resumed;
  o["interrupted"] = r.interrupted;
  o["estimate"] = json_interval(wilson_estimate(t.passed.all, t.samples.all, r.space));
  if (r.proof) {
    const ProofPhase& p = *r.proof;
    const TwoSidedEstimate e = two_sided_estimate(r, p);
    o["proof"] = {{"searched", p.searched},
                  {"nodes", p.nodes},
                  {"legal", p.legal},
                  {"illegal", p.illegal},
                  {"unknown", p.unknown},
                  {"lower", json_interval(e.lower)},
                  {"upper", json_interval(e.upper)},
                  {"legal_positions", {{"estimate", e.point}, {"low", e.low}, {"high", e.high}}}};
  }
  o["published"] = {{"estimate", PublishedLegal}, {"error", PublishedLegalError}, {"source", "Tromp 2021"}};
  o["realistic"] = {{"samples", t.samples.realistic},
                    {"passed", t.passed.realistic},
                    {"count", json_interval(wilson_estimate(t.passed.realistic, t.samples.all, r.space))}};
  nlohmann::ordered_json rejections = nlohmann::ordered_json::array();
  const auto& names = legality::check_names(r.rules);
  for (std::size_t i = 0; i < names.size() && i < t.rejected.size(); ++i)
    rejections.push_back({{"check", names[i]}, {"count", t.rejected[i]}});
  o["rejections"] = rejections;
  for (int s = 0; s < 4; ++s) {
    nlohmann::ordered_json rows = nlohmann::ordered_json::array();
    for (const Row& row : subset_rows(t, Subsets[s]))
      rows.push_back({{"subset", row.label},
                      {"samples", row.samples},
                      {"passed", row.passed},
                      {"count", json_interval(wilson_estimate(row.passed, t.samples.all, r.space))}});
    o[std::string("by_") + Subsets[s]] = rows;
  }
  o["history"] = r.history;
  return o.dump(2) + "\n";
}

std::string report_svg(const EstimateReport& r) {
  const Tally& t = r.tally;
  const double W = 800, H = 300, left = 90, right = 20, top = 30, bottom = 40;
  std::string s = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"800\" height=\"640\" font-family=\"sans-serif\" "
                  "font-size=\"12\">\n<rect width=\"800\" height=\"640\" fill=\"white\"/>\n";
  // Panel 1: the running estimate and its 95% band against samples.
  s += "<text x=\"" + fixed(left, 0) + "\" y=\"18\">running estimate (" + r.model + ", rules " +
       std::string(legality::rule_set_name(r.rules)) + ") with 95% band; " +
       (legality::is_sound(r.rules) ? "upper estimate" : "not a bound") + "</text>\n";
  double lo = 1e300, hi = 0;
  std::vector<Interval> ivs;
  // Scale to the band after the first tenth of the samples; the early, wide band is clipped.
  const double tenth = r.history.empty() ? 0 : double(r.history.back()[0]) / 10;
  for (const auto& h : r.history) {
    ivs.push_back(wilson_estimate(h[1], h[0], r.space));
    if (double(h[0]) < tenth && &h != &r.history.back()) continue;
    lo = std::min(lo, ivs.back().low);
    hi = std::max(hi, ivs.back().high);
  }
  if (ivs.empty() || hi <= lo) {
    lo = 0;
    hi = std::max(1.0, hi);
  }
  const double max_samples = r.history.empty() ? 1 : double(r.history.back()[0]);
  const auto px = [&](double n) { return left + (W - left - right) * n / max_samples; };
  const auto py = [&](double v) {
    return top + (H - top - bottom) * (1 - std::clamp((v - lo) / (hi - lo), 0.0, 1.0));
  };
  s += "<rect x=\"" + fixed(left, 0) + "\" y=\"" + fixed(top, 0) + "\" width=\"" + fixed(W - left - right, 0) +
       "\" height=\"" + fixed(H - top - bottom, 0) + "\" fill=\"none\" stroke=\"black\"/>\n";
  if (!ivs.empty()) {
    std::string band = "<polygon fill=\"#9ecae1\" stroke=\"none\" points=\"";
    for (std::size_t i = 0; i < ivs.size(); ++i)
      band += fixed(px(double(r.history[i][0])), 1) + "," + fixed(py(ivs[i].high), 1) + " ";
    for (std::size_t i = ivs.size(); i-- > 0;)
      band += fixed(px(double(r.history[i][0])), 1) + "," + fixed(py(ivs[i].low), 1) + " ";
    s += band + "\"/>\n<polyline fill=\"none\" stroke=\"#08519c\" stroke-width=\"1.5\" points=\"";
    for (std::size_t i = 0; i < ivs.size(); ++i)
      s += fixed(px(double(r.history[i][0])), 1) + "," + fixed(py(ivs[i].estimate), 1) + " ";
    s += "\"/>\n";
  }
  for (int k = 0; k <= 4; ++k) {
    const double v = lo + (hi - lo) * k / 4;
    s += "<text x=\"" + fixed(left - 5, 0) + "\" y=\"" + fixed(py(v) + 4, 1) + "\" text-anchor=\"end\">" + sci(v, 2) +
         "</text>\n";
  }
  s += "<text x=\"" + fixed(W - right, 0) + "\" y=\"" + fixed(H - 15, 0) + "\" text-anchor=\"end\">samples: " +
       std::to_string(t.samples.all) + "</text>\n";
  // Panel 2: the estimate by men on the board.
  const double top2 = 340, H2 = 260;
  s += "<text x=\"" + fixed(left, 0) + "\" y=\"" + fixed(top2 - 10, 0) + "\">estimate by men on the board</text>\n";
  double peak = 0;
  for (int m = 0; m <= 32; ++m)
    peak = std::max(peak, wilson_estimate(t.passed.by_men[m], t.samples.all, r.space).estimate);
  if (peak <= 0) peak = 1;
  const double bw = (W - left - right) / 33;
  for (int m = 0; m <= 32; ++m) {
    const double v = wilson_estimate(t.passed.by_men[m], t.samples.all, r.space).estimate;
    const double h = (H2 - 30) * v / peak;
    s += "<rect x=\"" + fixed(left + m * bw + 1, 1) + "\" y=\"" + fixed(top2 + H2 - 30 - h, 1) + "\" width=\"" +
         fixed(bw - 2, 1) + "\" height=\"" + fixed(h, 1) + "\" fill=\"#3182bd\"/>\n";
    if (m % 4 == 0)
      s += "<text x=\"" + fixed(left + (m + 0.5) * bw, 1) + "\" y=\"" + fixed(top2 + H2 - 12, 0) +
           "\" text-anchor=\"middle\">" + std::to_string(m) + "</text>\n";
  }
  s += "<text x=\"" + fixed(left - 5, 0) + "\" y=\"" + fixed(top2 + 4, 0) + "\" text-anchor=\"end\">" + sci(peak, 2) +
       "</text>\n</svg>\n";
  return s;
}

std::string format_nopromo_report(const NopromoEstimate& e) {
  const auto percent = [](double x) { return std::isnan(x) ? std::string("none") : fixed(100 * x, 3) + "%"; };
  const Interval share = e.pass_share();
  const NopromoTally& t = e.tally;
  std::string out = "sample: " + plural((long long)t.draws, "uniform placement") +
                    " of rules 1-3 (kings anywhere: " + e.placements.get_str() + " of them), seed " +
                    std::to_string(e.seed);
  out += run_text(e.seconds, e.threads, e.resumed) + "\n";
  out += "in the set: " + std::to_string(t.inside) + " (" +
         percent(t.draws ? double(t.inside) / double(t.draws) : 0) + "; the exact count gives " +
         percent(e.set_size.get_d() / e.placements.get_d()) + ")\n";
  out += "passing the default legality checks with white or black to move: " + std::to_string(t.passing) + " of " +
         std::to_string(t.inside) + " (" + percent(share.estimate) + ", 95% interval " + percent(share.low) + " to " +
         percent(share.high) + ")\n";
  out += "diagrams of the set passing them, estimated: " + interval_text(e.passing_members()) +
         " (95% Wilson interval)\n";
  out += "rejected, by the first failing check with white to move:";
  const std::vector<std::string>& names = legality::check_names(legality::RuleSet::Default);
  const char* separator = " ";
  for (std::size_t i = 0; i < names.size(); ++i)
    if (t.rejected_by[i]) out += separator + names[i] + " " + std::to_string(t.rejected_by[i]), separator = "; ";
  return out + "\n";
}

nlohmann::ordered_json nopromo_report_json(const NopromoEstimate& e) {
  const NopromoTally& t = e.tally;
  nlohmann::ordered_json rejected = nlohmann::ordered_json::object();
  const std::vector<std::string>& names = legality::check_names(legality::RuleSet::Default);
  for (std::size_t i = 0; i < names.size(); ++i) rejected[names[i]] = t.rejected_by[i];
  return {{"draws", t.draws},
          {"seed", e.seed},
          {"placements", e.placements.get_str()},
          {"inside", t.inside},
          {"inside_expected_share", e.set_size.get_d() / e.placements.get_d()},
          {"passing", t.passing},
          {"pass_share", json_interval(e.pass_share())},
          {"estimate", json_interval(e.passing_members())},
          {"seconds", std::round(e.seconds * 1000) / 1000},
          {"threads", e.threads},
          {"resumed", e.resumed},
          {"rejected_by", rejected}};
}

}  // namespace chessrank::estimator
