// The rule sets and the judging loop.
#include "legality/legality.h"

#include <algorithm>
#include <utility>

#include "core/plural.h"
#include "legality/checks.h"
#include "legality/kernel.h"
#include "legality/last_move.h"

namespace chessrank::legality::detail {

// Cheap checks first: random positions mostly fail on checks, so the history checks rarely run.
const std::vector<NamedCheck>& default_checks() {
  static const std::vector<NamedCheck> checks = {
      {"placement", check_placement},
      {"opponent in check", check_opponent_in_check},
      {"checker count", check_checker_count},
      {"check origin", check_check_origin},
      {"material", check_material},
      {"pawn structure", check_pawn_structure},
      {"opposed pawns", check_opposed_pawns},
      {"pawn charges", check_pawn_charges},
      {"crossed pawns", check_crossed_pawns},
      {"enclosure", check_enclosure},
      {"origins", check_origins},
      {"last move", check_last_move},
      {"en passant", check_en_passant_capture, nullptr, true},
      {"last move analysis", nullptr, check_last_move_analysis},
      {"proof kernel", nullptr, check_proof_kernel},
  };
  return checks;
}

}  // namespace chessrank::legality::detail

namespace chessrank::legality {

namespace {

using detail::NamedCheck;

const std::vector<NamedCheck>& checks_of(RuleSet rules) {
  return rules == RuleSet::Seed000 ? detail::seed000_checks() : detail::default_checks();
}

std::vector<std::string> names_of(const std::vector<NamedCheck>& checks) {
  std::vector<std::string> names;
  for (const NamedCheck& c : checks) names.emplace_back(c.name);
  return names;
}

}  // namespace

std::optional<RuleSet> parse_rule_set(std::string_view name) {
  if (name == "default") return RuleSet::Default;
  if (name == "seed000") return RuleSet::Seed000;
  if (name == "tromp2021") return RuleSet::Tromp2021;
  return std::nullopt;
}

std::string_view rule_set_name(RuleSet rules) {
  switch (rules) {
    case RuleSet::Seed000: return "seed000";
    case RuleSet::Tromp2021: return "tromp2021";
    default: return "default";
  }
}

const std::vector<std::string>& check_names(RuleSet rules) {
  static const std::vector<std::string> default_names = names_of(detail::default_checks());
  static const std::vector<std::string> seed_names = names_of(detail::seed000_checks());
  static const std::vector<std::string> tromp_names = [] {
    const auto& all = detail::tromp2021_verdict_names();
    return std::vector<std::string>(all.begin(), all.begin() + detail::TrompIllegalVerdicts);
  }();
  switch (rules) {
    case RuleSet::Seed000: return seed_names;
    case RuleSet::Tromp2021: return tromp_names;
    default: return default_names;
  }
}

Verdict judge(const Position& pos, RuleSet rules, bool explain, const SearchLimits& limits) {
  Verdict v;
  if (rules == RuleSet::Tromp2021) {
    const int index = detail::tromp2021_classify(pos);
    if (index < detail::TrompIllegalVerdicts) v.check = index;
    if (explain) v.reason = detail::tromp2021_verdict_names()[index];
    return v;
  }
  const std::vector<NamedCheck>& checks = checks_of(rules);
  for (std::size_t i = 0; i < checks.size(); ++i) {
    std::string* reason = explain ? &v.reason : nullptr;
    if (checks[i].fn ? checks[i].fn(pos, reason) : checks[i].search(pos, reason, limits)) continue;
    v.check = int(i);
    v.duplicate = checks[i].duplicate;
    return v;
  }
  return v;
}

std::size_t first_searching_check() {
  const auto& checks = detail::default_checks();
  std::size_t i = 0;
  while (i < checks.size() && checks[i].fn) ++i;
  return i;
}

std::string_view tromp2021_verdict(const Position& pos) {
  return detail::tromp2021_verdict_names()[detail::tromp2021_classify(pos)];
}

namespace {

std::string joined(const std::vector<std::string>& items, const char* separator) {
  std::string s;
  for (const std::string& item : items) s += (s.empty() ? "" : separator) + item;
  return s;
}

// The last moves `moves` as text, separated by commas.
std::string joined(const std::vector<Retraction>& moves) {
  std::vector<std::string> texts;
  for (const Retraction& r : moves) texts.push_back(retraction_text(r));
  return joined(texts, ", ");
}

}  // namespace

std::vector<std::string> explain_searches(const Position& pos, const SearchLimits& limits) {
  std::vector<std::string> lines;
  const LastMoveAnalysis a = analyse_last_move(pos, true, limits);
  std::string last = "last move analysis: ";
  if (a.outcome == LastMoveOutcome::Impossible) last += a.reason;
  else if (a.possible.size() > 1) last += "at least two last moves possible: " + joined(a.possible);
  else if (!a.possible.empty()) last += "the last move can only have been " + retraction_text(a.possible.front());
  else last += "no last move found possible, within the search's bounds";
  lines.push_back(last);
  if (a.forced.size() > 1) lines.push_back("  forced last moves, latest first: " + joined(a.forced));
  if (!a.rejected.empty()) {
    // Group the rejected retractions ("Qd4-e5: why") by why, in the order met.
    std::vector<std::pair<std::string, std::vector<std::string>>> by_reason;
    for (const std::string& r : a.rejected) {
      const std::size_t colon = r.find(": ");
      const std::string move = r.substr(0, colon), why = r.substr(colon + 2);
      auto it = std::find_if(by_reason.begin(), by_reason.end(), [&](const auto& g) { return g.first == why; });
      if (it == by_reason.end()) by_reason.push_back({why, {move}});
      else it->second.push_back(move);
    }
    lines.push_back("  " + plural((long long)a.rejected.size(), "retraction") + " rejected:");
    for (const auto& [why, moves] : by_reason)
      lines.push_back("    " + plural((long long)moves.size(), "move") + " (" + joined(moves, ", ") + "): " + why);
  }
  const KernelSearch k = find_proof_kernel(pos, limits);
  const std::string searched = plural((long long)k.nodes, "state") + " searched";
  switch (k.outcome) {
    case KernelOutcome::Found:
      lines.push_back("proof kernel: found (" + searched + "): " + (k.path.empty() ? "no pawn capture" : joined(k.path, ", ")) +
                      "; then " + k.completion);
      break;
    case KernelOutcome::None: lines.push_back("proof kernel: none (" + searched + ")"); break;
    case KernelOutcome::NoExtended:
      lines.push_back("proof kernel: kernels exist, but none fits on ranks (" + searched + ")");
      break;
    default: lines.push_back("proof kernel: not decided, the search stopped at its budget (" + searched + ")");
  }
  return lines;
}

}  // namespace chessrank::legality
