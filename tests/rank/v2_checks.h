// The checks the tests of `v2` and `v3` share: their constraint list judged by the tests' oracle
// (tests/rank/constraint_oracle.h), the brute force of a material set against it, and the positions of
// games. `exceptions` says whether the list leaves the bishop colours and the knights out of the en passant
// frames, as `v2` does; `v3` has no exceptions.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "core/bigint.h"
#include "core/fen.h"
#include "rank/cpr_model.h"
#include "rank/v2_model.h"
#include "tests/rank/constraint_oracle.h"
#include "tests/rank/material_count.h"
#include "tests/rank/members.h"
#include "tests/rank/model_checks.h"
#include "tests/support/or_fail.h"
#include "tests/support/random_placement.h"

namespace chessrank::testing {

// Return the constraints `v2` (with `exceptions`) or `v3` keep at a position: `v2` leaves the bishop colours
// and the knights out where there is an en passant square.
inline rank::Constraints v2_list(const Position& p, bool exceptions) {
  using rank::Constraint;
  return exceptions && p.ep_square() != NoSquare
             ? rank::V2Model::All.without({Constraint::BishopColours, Constraint::KnightCheck})
             : rank::V2Model::All;
}
// Return the first of those a position that keeps constraints 1-3 breaks, by the tests' oracle.
inline std::optional<rank::Constraint> broken_constraint(const Position& p, bool exceptions) {
  return first_broken(p, v2_list(p, exceptions));
}

// Enumerate every placement of a material set with every side to move, castling subset and en passant
// square it allows. On every candidate the model's violation() must agree with the independent predicate.
// Among the cpr members (their number checked against cpr_material_count), those that break the model's own
// constraints must be refused and the others must rank, below size() and in the half of their side to move,
// to distinct indices, and unrank back; their number is v2_material_count, a count without the model
// (tests/rank/material_count.h). With `where`, man i stands only on where[i] and the counts are not compared.
inline void check_v2_material(const rank::V2Model& model, bool exceptions,
                              const std::vector<Piece>& men, const std::vector<Bitboard>& where = {}) {
  std::array<std::array<int, PieceTypeCount>, 2> counts{};
  for (Piece p : men) counts[color_of(p)][type_of(p)]++;
  const std::string refused = "not in model " + std::string(model.name()) + ": ";
  Failures failures;
  std::size_t members = 0, rejected = 0;
  for (Color stm : {White, Black}) {
    const auto is_cpr_member = [&](const Position& p) {
      const bool cpr_member = in_set(p, rank::CprModel::All);
      const bool member = cpr_member && !broken_constraint(p, exceptions);
      if (const auto why = model.violation(p); member == why.has_value())
        failures.add(to_fen(p) + ": violation() says " + (why ? *why : "member") + ", the predicate says " +
                     (member ? "member" : "not a member"));
      return cpr_member;
    };
    for_each_member(is_cpr_member, men, stm, [&](const Position& p) {
      const Result<rank::UInt192> r = model.rank_fast(p);
      if (const std::optional<rank::Constraint> c = broken_constraint(p, exceptions)) {
        ++rejected;
        if (r.ok())
          failures.add(to_fen(p) + " breaks " + describe(*c) + " but ranks to " +
                       r.value().to_big().get_str());
        else if (r.error().rfind(refused, 0) != 0)
          failures.add(to_fen(p) + ": refused as " + r.error());
        return;
      }
      if (!r.ok()) return failures.add(to_fen(p) + ": " + r.error());
      if (!(r.value() < model.half_size()) != (stm == Black))
        return failures.add(to_fen(p) + " ranks in the wrong half: " + r.value().to_big().get_str());
      ++members;
      const Position back = model.unrank_fast(r.value());
      if (!back.same_position(p))
        failures.add(to_fen(p) + " ranks to " + r.value().to_big().get_str() + ", which unranks to " + to_fen(back));
    }, where);
  }
  EXPECT_GT(members, 0u);
  if (!where.empty()) return;
  EXPECT_EQ(BigInt(members + rejected), cpr_material_count(counts));
  EXPECT_EQ(BigInt(members), v2_material_count(counts, exceptions));
}

// Check that random placements (seed `seed`, legal or not) rank exactly when they keep the cpr constraints
// and the independent predicate, that the others are refused as "not in model M", and that every index
// given unranks back.
inline void expect_v2_random_placements(const rank::V2Model& model, bool exceptions, std::uint64_t seed,
                                        int scale) {
  std::mt19937_64 rng(seed);
  const std::string refused_as = "not in model " + std::string(model.name()) + ": ";
  int members = 0, refused = 0;
  for (int i = 0; i < 200000 / scale; ++i) {
    const Position p = random_placement(rng);
    const Result<BigInt> r = model.rank(p);
    const bool member = in_set(p, v2_list(p, exceptions));
    ASSERT_EQ(r.ok(), member) << to_fen(p) << (r.ok() ? "" : ": " + r.error());
    if (!r.ok()) {
      EXPECT_EQ(r.error().rfind(refused_as, 0), 0u) << r.error();
      ++refused;
      continue;
    }
    ++members;
    const Result<Position> back = model.unrank(r.value());
    ASSERT_TRUE(back.ok()) << back.error();
    ASSERT_TRUE(back->same_position(p)) << to_fen(p) << " came back as " << to_fen(*back);
  }
  EXPECT_GT(members, 1000 / scale);
  EXPECT_GT(refused, members / 4);
}

}  // namespace chessrank::testing
