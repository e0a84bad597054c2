// The checks the tests of `v2` and `v3` share: an independent predicate of their constraints beyond cpr
// (file and rank distances and square colours by parity, no attack tables), the brute force of a material
// set against it, and the positions of games. `exceptions` says whether the predicate leaves the bishop
// colours and the knights out of the en passant frames, as `v2` does; `v3` has no exceptions.
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
#include "tests/rank/members.h"
#include "tests/rank/model_checks.h"
#include "tests/support/or_fail.h"
#include "tests/support/random_placement.h"

namespace chessrank::testing {

// Return the number of a side's men beyond the original army, a side's bishops counted by square colour
// (a1 dark: file + rank even) when `colours`.
inline int promoted(const Position& p, Color c, bool colours) {
  int light = 0, dark = 0;
  for (Bitboard b = p.pieces(c, Bishop); b;) {
    const Square s = pop_lsb(b);
    ((int(file_of(s)) + int(rank_of(s))) % 2 ? light : dark) += 1;
  }
  const int bishops = colours ? std::max(0, light - 1) + std::max(0, dark - 1) : std::max(0, light + dark - 2);
  return std::max(0, p.count(c, Queen) - 1) + std::max(0, p.count(c, Rook) - 2) + bishops +
         std::max(0, p.count(c, Knight) - 2);
}

// Return which constraint of v2 or v3 beyond cpr (docs/ranking.md) a position that keeps the cpr constraints
// breaks, the lowest if several, 0 if none: 3 for the promotions with bishops by colour (p + promoted <= 8
// and the captures they need, constraint 4 with that count), 5 for adjacent kings, 6 for a pawn or a knight
// attacking the king of the side not to move. With `exceptions` (v2), a position with an en passant square
// is not judged for 3 nor for knights. Written from file and rank distances, square parities and a scan of
// the files alone, unlike V2Model::violation.
inline int broken_constraint(const Position& p, bool exceptions) {
  const bool exempt = exceptions && p.ep_square() != NoSquare;
  if (!exempt) {
    const int wp = p.count(White, Pawn), bp = p.count(Black, Pawn);
    const int wprom = promoted(p, White, true), bprom = promoted(p, Black, true);
    const int captures = 32 - popcount(p.pieces());
    int opposed = 0;
    for (int f = 0; f < 8; ++f) {
      bool found = false;
      for (int lo = 1; lo < 7; ++lo)
        for (int hi = lo + 1; hi < 7; ++hi)
          found |= p.piece_on(make_square(File(f), Rank(lo))) == WhitePawn &&
                   p.piece_on(make_square(File(f), Rank(hi))) == BlackPawn;
      opposed += found;
    }
    if (wp + wprom > 8 || bp + bprom > 8 || wprom > 8 - bp - bprom + captures ||
        bprom > 8 - wp - wprom + captures || opposed < wp + bp + wprom + bprom - 8 - captures)
      return 3;
  }
  const Color us = p.side_to_move();
  const Square king = p.king_square(~us);
  int broken = 0;
  for (Bitboard men = p.pieces(us); men;) {
    const Square s = pop_lsb(men);
    const int df = std::abs(int(file_of(s)) - int(file_of(king)));
    const int dr = int(rank_of(s)) - int(rank_of(king));  // signed: pawns attack forwards only
    int c = 0;
    switch (type_of(p.piece_on(s))) {
      case King: c = std::max(df, std::abs(dr)) == 1 ? 5 : 0; break;
      case Pawn: c = df == 1 && dr == (us == White ? -1 : 1) ? 6 : 0; break;
      case Knight: c = !exempt && df * std::abs(dr) == 2 ? 6 : 0; break;  // (1, 2) or (2, 1)
      default: break;
    }
    if (c && (!broken || c < broken)) broken = c;
  }
  return broken;
}

// Enumerate every placement of a material set with every side to move, castling subset and en passant
// square it allows. On every candidate the model's violation() must agree with the independent predicate.
// Among the cpr members (their number checked against CprModel::count_material), those that break the
// model's own constraints must be refused and the others must rank, below size() and in the half of their
// side to move, to distinct indices, and unrank back; their number is V2Model::count_material, a count that
// uses neither the piece graph nor the stored starts nor the index order. With `where`, man i stands only on
// where[i] and the counts are not compared.
inline void check_v2_material(const rank::V2Model& model, const rank::CprModel& cpr, bool exceptions,
                              const std::vector<Piece>& men, const std::vector<Bitboard>& where = {}) {
  std::array<std::array<int, PieceTypeCount>, 2> counts{};
  for (Piece p : men) counts[color_of(p)][type_of(p)]++;
  const std::string refused = "not in model " + std::string(model.name()) + ": ";
  Failures failures;
  std::size_t members = 0, rejected = 0;
  for (Color stm : {White, Black}) {
    const auto is_cpr_member = [&](const Position& p) {
      const bool cpr_member = !rank::cpr_violation(p);
      const bool member = cpr_member && broken_constraint(p, exceptions) == 0;
      if (const auto why = model.violation(p); member == why.has_value())
        failures.add(to_fen(p) + ": violation() says " + (why ? *why : "member") + ", the predicate says " +
                     (member ? "member" : "not a member"));
      return cpr_member;
    };
    for_each_member(is_cpr_member, men, stm, [&](const Position& p) {
      const Result<rank::UInt192> r = model.rank_fast(p);
      if (const int c = broken_constraint(p, exceptions)) {
        ++rejected;
        if (r.ok())
          failures.add(to_fen(p) + " breaks constraint " + std::to_string(c) + " but ranks to " +
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
  EXPECT_EQ(BigInt(members + rejected), cpr.count_material(counts));
  EXPECT_EQ(BigInt(members), model.count_material(counts));
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
    const bool member = !rank::cpr_violation(p) && broken_constraint(p, exceptions) == 0;
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
