// `chessrank legal`: the legality verdict of each given position under a rule set.
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "core/fen.h"
#include "legality/legality.h"
#include "tools/command.h"
#include "tools/input.h"
#include "tools/json_lines.h"

namespace chessrank::cli::legal_command {
namespace {

std::function<int()> setup(CLI::App& cmd) {
  auto fens = std::make_shared<std::vector<std::string>>();
  auto rules_name = std::make_shared<std::string>("default");
  auto explain = std::make_shared<bool>(false);
  auto nodes = std::make_shared<std::uint64_t>(legality::SearchLimits{}.kernel_nodes);
  cmd.add_option("--rules", *rules_name, "rule set: default (sound), seed000 or tromp2021")
      ->check(CLI::IsMember({"default", "seed000", "tromp2021"}));
  cmd.add_flag("--explain", *explain,
               "after each verdict, the argument of the searching stages (default rules): the last moves "
               "found possible or forced, the retractions rejected, the proof kernel found or the states searched");
  add_nodes_option(cmd, *nodes);
  cmd.add_option("FEN", *fens, "positions in FEN or EPD, one per argument (quote each); none: one per stdin line");
  auto format = std::make_shared<Format>(Format::Text);
  add_format_option(cmd, *format);
  cmd.footer(
      "With --format json: {\"verdict\": \"legal?\", \"illegal\", \"duplicate\" (or the 2021 filter's), \"reason\",\n"
      "\"check\" (the rule that decided), and \"explain\" (a list) with --explain}.\n"
      "Prints one line per position: \"legal? (passes all checks)\", \"illegal: <reason>\" or \"duplicate: <reason>\"\n"
      "(an en passant square no legal move uses: the position without it); with\n"
      "--rules tromp2021 the 2021 filter's verdict (\"Single Check\", \"Illegal Double Check\", ...).\n"
      "Passing is necessary, not sufficient, for legality. Positions outside the ranking models (adjacent\n"
      "kings, a king in check by a knight) are verdicts, not errors; a malformed FEN or EPD is an error (exit 1).\n"
      "The checks and their soundness arguments: docs/legality.md.");
  return [fens, rules_name, explain, nodes, format] {
    legality::SearchLimits limits;
    limits.kernel_nodes = *nodes;
    const legality::RuleSet rules = *legality::parse_rule_set(*rules_name);
    if (*explain && rules != legality::RuleSet::Default) {
      report_error("--explain", "explains the default rules' searching stages; it does not go with --rules " + *rules_name);
      return ExitUsage;
    }
    const std::size_t failures = for_each_item(*fens, [&](const std::string& item, const ItemSource& src) {
      const Result<Position> pos =
          rules == legality::RuleSet::Tromp2021 ? legality::parse_fen_for_tromp2021(item) : parse_fen_or_epd(item);
      if (!pos) {
        report_error(src, pos.error());
        return false;
      }
      const legality::Verdict v = legality::judge(*pos, rules, true, limits);
      if (*format == Format::Json) {
        nlohmann::ordered_json out;
        out["verdict"] = rules == legality::RuleSet::Tromp2021 ? v.reason
                         : v.passes()                          ? "legal?"
                         : v.duplicate                         ? "duplicate"
                                                               : "illegal";
        if (rules != legality::RuleSet::Tromp2021 && !v.passes()) out["reason"] = v.reason;
        if (!v.passes()) out["check"] = legality::check_names(rules)[v.check];
        if (*explain) out["explain"] = legality::explain_searches(*pos, limits);
        print_json(out);
        return true;
      }
      if (rules == legality::RuleSet::Tromp2021)
        std::cout << v.reason << '\n';
      else if (v.passes())
        std::cout << "legal? (passes all checks)\n";
      else
        std::cout << (v.duplicate ? "duplicate: " : "illegal: ") << v.reason << '\n';
      if (*explain)
        for (const std::string& line : legality::explain_searches(*pos, limits)) std::cout << "  " << line << '\n';
      return true;
    });
    return failures ? ExitFailure : ExitOk;
  };
}

const bool registered = register_command({"legal", "Judge whether positions can be legal", 50, setup});

}  // namespace
}  // namespace chessrank::cli::legal_command
