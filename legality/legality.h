// Legality checks: necessary conditions for a position to be reachable from the starting position by
// legal moves. A position that fails a check is certainly illegal; one that passes them all may still be
// illegal ("legal?"), which is why an estimate built on them is an upper estimate.
//
// Three rule sets:
// - Default: the strongest sound set (check geometry, material, pawn structure, enclosure, last move).
//   Every check has its soundness argument in docs/legality.md: none rejects a legal position.
// - Seed000: ChessCounter's fourteen rules as published, some of them unsound (docs/legality.md).
// - Tromp2021: the cascade of the 2021 ranking's simple filter, verdict strings included.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/position.h"
#include "core/result.h"
#include "legality/limits.h"

namespace chessrank::legality {

enum class RuleSet : unsigned char { Default, Seed000, Tromp2021 };

std::optional<RuleSet> parse_rule_set(std::string_view name);  // "default", "seed000", "tromp2021"
std::string_view rule_set_name(RuleSet rules);
// Return true when no check of the rule set rejects a legal position (each has its proof in
// docs/legality.md), so an estimate built on it is an upper estimate. Only Default is: Seed000 rejects
// legal positions, and Tromp2021's double-check table is not a proof.
constexpr bool is_sound(RuleSet rules) { return rules == RuleSet::Default; }

// The outcome of judging one position: the first check that rejects it, or none. A check rejects a
// position as illegal, or as a duplicate: the same position as another FEN (an en passant square with no
// legal en passant capture is the position without it), which a count of positions counts once.
struct Verdict {
  int check = -1;          // index into check_names(rules) of the rejecting check; -1 when all pass
  std::string reason;      // why it failed (filled only when asked); for Tromp2021 the verdict string always
  bool duplicate = false;  // the rejection says the position is another one, not that it is illegal
  bool passes() const { return check < 0; }
};

// Return the names of the checks of a rule set, in the order they are applied.
const std::vector<std::string>& check_names(RuleSet rules);
// Return the index in check_names(RuleSet::Default) of the first stage that searches: the checks before it
// are the cheap ones (microseconds), the stages from it on take about a millisecond.
std::size_t first_searching_check();

// Judge a position (one king per side, no pawn on rank 1 or 8: what parse_fen and unrank produce).
// Set `explain` to get the reason of a failure. The stages that search stop at `limits` and then pass the
// position: a smaller budget makes judging faster and the verdicts weaker, never wrong.
Verdict judge(const Position& pos, RuleSet rules, bool explain = true, const SearchLimits& limits = {});

// Return the argument of the default rules' searching stages for `pos`, one line each: what the last-move
// analysis found (the moves possible or forced, the retractions rejected and why) and what the proof kernel
// search found (a kernel, or how many states it searched). For `chessrank legal --explain`.
std::vector<std::string> explain_searches(const Position& pos, const SearchLimits& limits = {});

// Return the verdict of the 2021 filter: "Illegal Adjacent Kings", ..., "Single Check", "No Checks".
std::string_view tromp2021_verdict(const Position& pos);

// Return the promoted men `c` must have, at least: men beyond the initial set of each kind, bishops counted
// per square colour. (The material check goes further: a bishop's colour whose original bishop is walled
// in by its pawns on their start squares counts all its bishops.)
int min_promoted(const Position& pos, Color c);

}  // namespace chessrank::legality

namespace chessrank::legality {

// Parse a FEN or EPD for the 2021 filter, which looks at placement and side to move only: when
// parse_fen_or_epd refuses it and its castling and en passant fields are well-formed (letters of KQkq,
// each at most once, a square on rank 3 or 6; data files of that project carry rights without the king
// at home), parse again with both "-". Anything else it refuses (fields, placement, counters, EPD
// operations) stays an error.
Result<Position> parse_fen_for_tromp2021(std::string_view fen);

}  // namespace chessrank::legality
