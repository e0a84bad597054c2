// The constraints of docs/ranking.md a ranking model may keep beyond 1-3, as data. A model declares the
// list it keeps (`All`), and that one list is read by its membership check (violation), by the builds of
// its tables, by its relaxations (`chessrank count --breakdown`: the model built without each constraint)
// and by the tests' oracles.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/position.h"

namespace chessrank::rank {

enum class Constraint : std::uint8_t {
  OpposedFiles,       // 4, second part: the pawns leave enough opposed files for the captures they need
  CaptureAccounting,  // 4: promotions need captures (both inequalities; the opposed files rest on it)
  BishopColours,      // 3 with a side's bishops counted by square colour
  KingsApart,         // 5: the kings are not adjacent
  PawnCheck,          // 6: no pawn of the side to move attacks the other king
  KnightCheck,        // 6: no knight of the side to move attacks the other king
  QueenNext,          // 7: no queen of the side to move stands next to the other king
};
inline constexpr int ConstraintCount = int(Constraint::QueenNext) + 1;

// A set of constraints.
class Constraints {
 public:
  constexpr Constraints() = default;
  constexpr Constraints(std::initializer_list<Constraint> list) {
    for (Constraint c : list) bits_ |= bit(c);
  }

  constexpr bool has(Constraint c) const { return bits_ & bit(c); }
  // Return the set without c, and without the opposed files when c is the capture accounting they rest on.
  constexpr Constraints without(Constraint c) const {
    Constraints s = *this;
    s.bits_ &= ~bit(c);
    if (c == Constraint::CaptureAccounting) s.bits_ &= ~bit(Constraint::OpposedFiles);
    return s;
  }
  // Return the set without each constraint of `other` (and what rests on them).
  constexpr Constraints without(Constraints other) const {
    Constraints s = *this;
    for (int i = 0; i < ConstraintCount; ++i)
      if (other.has(Constraint(i))) s = s.without(Constraint(i));
    return s;
  }
  // Return the constraints of both sets, and of either.
  constexpr Constraints operator&(Constraints other) const { return from_bits(bits_ & other.bits_); }
  constexpr Constraints operator|(Constraints other) const { return from_bits(bits_ | other.bits_); }
  constexpr bool operator==(const Constraints&) const = default;

 private:
  static constexpr std::uint8_t bit(Constraint c) { return std::uint8_t(1u << unsigned(c)); }
  static constexpr Constraints from_bits(std::uint8_t bits) {
    Constraints s;
    s.bits_ = bits;
    return s;
  }
  std::uint8_t bits_ = 0;
};

// The constraints of the 2021 ranking's set, `cpr`'s.
inline constexpr Constraints CprConstraints{Constraint::OpposedFiles, Constraint::CaptureAccounting};

// Return the bound constraint 4 puts on U, the promotions plus the pieces (kings included), with w white and
// b black pawns on o opposed files, as far as `kept` holds its parts: 40 - 2 (w + b) + o; without the
// opposed files 40 - w - b - max(w, b); without either 200, more than any army can use.
constexpr int men_bound(int w, int b, int o, Constraints kept) {
  if (!kept.has(Constraint::CaptureAccounting)) return 200;
  if (!kept.has(Constraint::OpposedFiles)) return 40 - w - b - (w > b ? w : b);
  return 40 - 2 * (w + b) + o;
}

// A model's set with constraints left out, named by what it leaves out.
struct Relaxed {
  std::string left_out;  // "kings not adjacent (constraint 5)"
  Constraints kept;
};
// Return the relaxations of a model that keeps `all`: each of its constraints left out in turn, in the
// order of Constraint (with what rests on it), then, when it keeps more than cpr's, all of those: cpr's set.
std::vector<Relaxed> relaxations(Constraints all);

// Return why a position breaks constraints 1-3 or one of `kept`, or nullopt. Positions built by hand may
// hold values no FEN gives (castling bits, side to move, en passant square): those are refused first.
std::optional<std::string> violation(const Position& pos, Constraints kept);
// Return why a position breaks constraints 1-4 (the `cpr` set), or nullopt.
inline std::optional<std::string> cpr_violation(const Position& pos) { return violation(pos, CprConstraints); }

}  // namespace chessrank::rank
