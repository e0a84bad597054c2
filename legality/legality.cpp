// The rule sets and the judging loop.
#include "legality/legality.h"

#include "legality/checks.h"

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
      {"last move", check_last_move},
      {"proof kernel", check_proof_kernel},
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

Verdict judge(const Position& pos, RuleSet rules, bool explain) {
  Verdict v;
  if (rules == RuleSet::Tromp2021) {
    const int index = detail::tromp2021_classify(pos);
    if (index < detail::TrompIllegalVerdicts) v.check = index;
    if (explain) v.reason = detail::tromp2021_verdict_names()[index];
    return v;
  }
  const std::vector<NamedCheck>& checks = checks_of(rules);
  for (std::size_t i = 0; i < checks.size(); ++i) {
    if (checks[i].fn(pos, explain ? &v.reason : nullptr)) continue;
    v.check = int(i);
    return v;
  }
  return v;
}

std::string_view tromp2021_verdict(const Position& pos) {
  return detail::tromp2021_verdict_names()[detail::tromp2021_classify(pos)];
}

}  // namespace chessrank::legality
