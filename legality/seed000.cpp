// Seed 000 (ChessCounter): its fourteen published rules as a rule set, read as literally as the text
// allows, plus the kings-apart condition its generator builds in. The rules speak of white to move; they
// are applied to the side to move (S) and the side that just moved (T). Several are unsound: see
// docs/legality.md for the counterexamples.
#include <algorithm>
#include <string>

#include "core/fen.h"
#include "core/plural.h"
#include "core/promoted_men.h"
#include "legality/checks.h"

namespace chessrank::legality::detail {

namespace {

bool fail(std::string* reason, std::string text) {
  if (reason) *reason = std::move(text);
  return false;
}

// The seed's promoted count: 2nd+ queen, 3rd+ rook, knight, bishop, and a 2nd bishop on the colour
// of the first.
int seed_promoted(const Position& pos, Color c) { return promoted_men_by_colour(pos, c); }

int captures(const Position& pos) { return 32 - popcount(pos.pieces()); }

bool rule0(const Position& pos, std::string* reason) {
  if (distance(pos.king_square(White), pos.king_square(Black)) > 1) return true;
  return fail(reason, "the kings stand on adjacent squares (rule 0, the generator's)");
}

bool rule1(const Position& pos, std::string* reason) {
  if (!(pos.pieces(Pawn) & (rank_bb(Rank1) | rank_bb(Rank8)))) return true;
  return fail(reason, "a pawn on rank 1 or 8 (rule 1)");
}

bool rule2(const Position& pos, std::string* reason) {
  for (Color c : {White, Black})
    if (popcount(pos.pieces(c)) > 16)
      return fail(reason, std::string(color_name(c)) + " has more than 16 men (rule 2)");
  return true;
}

bool rule3(const Position& pos, std::string* reason) {
  for (Color c : {White, Black})
    if (pos.count(c, Pawn) > 8 || pos.count(c, Queen) > 9 || pos.count(c, Bishop) > 10 || pos.count(c, Rook) > 10 ||
        pos.count(c, Knight) > 10)
      return fail(reason, std::string(color_name(c)) + " has too many men of one kind (rule 3)");
  return true;
}

bool rule4(const Position& pos, std::string* reason) {
  for (Color c : {White, Black})
    if (pos.count(c, Pawn) + seed_promoted(pos, c) > 8)
      return fail(reason, std::string(color_name(c)) + "'s pawns and promoted men exceed 8 (rule 4)");
  return true;
}

bool rule5(const Position& pos, std::string* reason) {
  for (Color c : {White, Black})
    if (seed_promoted(pos, c) > captures(pos))
      return fail(reason, std::string(color_name(c)) + " has " +
                              plural(seed_promoted(pos, c), "promoted man", "promoted men") + " but only " +
                              plural(captures(pos), "capture was", "captures were") + " made (rule 5)");
  return true;
}

bool rule6(const Position& pos, std::string* reason) {
  if (seed_promoted(pos, White) + seed_promoted(pos, Black) <= 3 * captures(pos)) return true;
  return fail(reason, "more than three promotions per capture (rule 6)");
}

bool rule7(const Position& pos, std::string* reason) {
  for (Color c : {White, Black}) {
    const Rank back = relative_rank(c, Rank1);
    const Bitboard wall = pos.pieces(c, Pawn) & rank_bb(relative_rank(c, Rank2));
    for (Bitboard b = pos.pieces(Bishop) & rank_bb(back); b;) {
      const Square s = pop_lsb(b);
      const bool home = pos.piece_on(s) == make_piece(c, Bishop) && (file_of(s) == FileC || file_of(s) == FileF);
      const Bitboard exits = pawn_attacks(c, s);  // the diagonal neighbours one rank up from c's side
      if (!home && (exits & wall) == exits)
        return fail(reason, "a bishop on " + square_name(s) + " behind " + color_name(c) +
                                " pawns that never moved (rule 7)");
    }
  }
  return true;
}

bool rule8(const Position& pos, std::string* reason) {
  for (Color c : {White, Black}) {
    const Bitboard pawns = pos.pieces(c, Pawn);
    for (File f : {FileC, FileF}) {
      const Square home = relative_square(c, make_square(f, Rank1));
      const Bitboard blockers = pawn_attacks(c, home);
      if ((pawns & blockers) == blockers && pos.piece_on(home) != make_piece(c, Bishop))
        return fail(reason, std::string("no ") + color_name(c) + " bishop on " + square_name(home) +
                                " behind the pawns that never moved (rule 8)");
    }
  }
  return true;
}

bool rule9(const Position& pos, std::string* reason) {
  // The listed structures generalised: every pawn needs its own start square, from which it can have got
  // to its square (one file per rank advanced at most) without passing a pawn still at home.
  for (Color c : {White, Black}) {
    const Bitboard start = rank_bb(relative_rank(c, Rank2));
    const Bitboard pawns = pos.pieces(c, Pawn);
    unsigned free_files = 0;
    for (int f = 0; f < 8; ++f)
      if (!(pawns & start & file_bb(File(f)))) free_files |= 1u << f;
    // Each pawn off its start rank needs a free file of its own; this also keeps `options` in bounds
    // whatever the rules before this one let through.
    if (popcount(pawns & ~start) > popcount(Bitboard(free_files)))
      return fail(reason, std::string("impossible ") + color_name(c) + " pawn structure (rule 9)");
    unsigned options[8];
    int n = 0;
    for (Bitboard b = pawns & ~start; b; ++n) {
      const Square s = pop_lsb(b);
      const int reach = relative_rank(c, s) - Rank2;
      options[n] = 0;
      for (int f = 0; f < 8; ++f)
        if (std::abs(int(file_of(s)) - f) <= reach) options[n] |= 1u << f;
      options[n] &= free_files;
    }
    bool seen[256] = {};
    seen[0] = true;
    bool ok = n == 0;
    for (unsigned mask = 0; mask < 256 && !ok; ++mask) {
      if (!seen[mask]) continue;
      int i = 0;
      for (unsigned m = mask; m; m &= m - 1) ++i;
      if (i == n) { ok = true; break; }
      for (unsigned rest = options[i] & ~mask; rest; rest &= rest - 1) seen[mask | (rest & -rest)] = true;
    }
    if (!ok) return fail(reason, std::string("impossible ") + color_name(c) + " pawn structure (rule 9)");
  }
  return true;
}

bool rule10(const Position& pos, std::string* reason) {
  for (Color c : {White, Black}) {
    int extra = 0;
    for (int f = 0; f < 8; ++f) extra += std::max(0, popcount(pos.pieces(c, Pawn) & file_bb(File(f))) - 1);
    if (extra > missing(pos, ~c))
      return fail(reason, std::string(color_name(c)) + " has " + std::to_string(extra) + " doubled pawns but only " +
                              std::to_string(missing(pos, ~c)) + " " + color_name(~c) + " men are missing (rule 10)");
  }
  return true;
}

bool rule11(const Position& pos, std::string* reason) {
  const Color them = ~pos.side_to_move();
  if (!(pos.attackers_to(pos.king_square(them)) & pos.pieces(pos.side_to_move()))) return true;
  return fail(reason, std::string(color_name(them)) + " is in check but " + color_name(pos.side_to_move()) +
                          " is to move (rule 11)");
}

bool rule12(const Position& pos, std::string* reason) {
  if (popcount(pos.checkers()) < 3) return true;
  return fail(reason, "three or more checkers (rule 12)");
}

// Return the squares from which man `pt` of colour `c` can have moved to `to` (empty squares only);
// `as_pawn` asks for the origins of a pawn move onto `to` instead (a promotion when `to` is the last rank).
Bitboard origins(const Position& pos, Color c, PieceType pt, Square to, bool as_pawn) {
  const Bitboard empty = ~pos.pieces();
  if (!as_pawn) return attacks(pt, to, pos.pieces()) & empty;
  const int up = pawn_push(c);
  Bitboard b = 0;
  const Square back = Square(to - up);
  if (relative_rank(c, to) <= Rank2) return 0;
  if (pos.empty(back)) {
    b |= square_bb(back);
    if (relative_rank(c, to) == Rank4 && pos.empty(Square(back - up))) b |= square_bb(Square(back - up));
  }
  return b | (pawn_attacks(~c, to) & empty);  // captures come diagonally from behind
}

// Return whether man `pt` of colour `c` on `s` attacks `k` with occupancy `occ`.
bool gives_check(PieceType pt, Color c, Square s, Square k, Bitboard occ) {
  return pt == Pawn ? (pawn_attacks(c, s) & square_bb(k)) != 0 : (attacks(pt, s, occ) & square_bb(k)) != 0;
}

bool rule13(const Position& pos, std::string* reason) {
  const Bitboard checkers = pos.checkers();
  if (popcount(checkers) != 2) return true;
  const Color us = pos.side_to_move(), them = ~us;
  const Square k = pos.king_square(us);
  const int up = pawn_push(them);
  const Square a = lsb(checkers), b = msb(checkers);
  // A: an en passant capture uncovering two lines, one through each vacated square.
  for (Bitboard pawns = pos.pieces(them, Pawn) & rank_bb(relative_rank(them, Rank6)); pawns;) {
    const Square z = pop_lsb(pawns);
    const Square y = Square(z - up);
    for (Bitboard xs = pawn_attacks(us, z) & ~pos.pieces(); xs;) {
      const Square x = pop_lsb(xs);
      if (!pos.empty(y) || file_of(k) != file_of(x)) continue;
      if (((between(k, a) & square_bb(x)) && (between(k, b) & square_bb(y))) ||
          ((between(k, b) & square_bb(x)) && (between(k, a) & square_bb(y))))
        return true;
    }
  }
  // B and C: one checker moved (C: as a pawn that promoted) off a square on the other's line.
  for (int i = 0; i < 2; ++i) {
    const Square mover = i ? b : a, slider = i ? a : b;
    const PieceType pt = type_of(pos.piece_on(mover));
    for (bool promoted : {false, true}) {
      if (promoted && (pt == Pawn || relative_rank(them, mover) != Rank8)) continue;
      Bitboard from = origins(pos, them, pt, mover, promoted || pt == Pawn) & between(k, slider);
      while (from) {
        const Square x = pop_lsb(from);
        const Bitboard occ = (pos.pieces() ^ square_bb(mover)) | square_bb(x);
        if (!gives_check(promoted ? Pawn : pt, them, x, k, occ)) return true;
      }
    }
  }
  return fail(reason, std::string(color_name(us)) + " is in check from " + describe_checkers(pos, checkers) +
                          ", a double check none of A, B, C explains (rule 13)");
}

bool rule14(const Position& pos, std::string* reason) {
  const Bitboard checkers = pos.checkers();
  if (popcount(checkers) != 1) return true;
  const Color us = pos.side_to_move(), them = ~us;
  const Square k = pos.king_square(us), m = lsb(checkers);
  const PieceType pt = type_of(pos.piece_on(m));
  const std::string what = describe_checkers(pos, checkers);
  if (pt == Pawn && relative_rank(them, m) == Rank2)
    return fail(reason, what + " has not moved, yet gives check (rule 14)");
  // Castling can check with the rook.
  if (pt == Rook && pos.empty(relative_square(them, E1))) {
    if ((m == relative_square(them, F1) && pos.piece_on(relative_square(them, G1)) == make_piece(them, King) &&
         pos.empty(relative_square(them, H1))) ||
        (m == relative_square(them, D1) && pos.piece_on(relative_square(them, C1)) == make_piece(them, King) &&
         pos.empty(relative_square(them, A1)) && pos.empty(relative_square(them, B1))))
      return true;
  }
  for (bool as_pawn : {false, true}) {
    if (as_pawn && pt != Pawn && relative_rank(them, m) != Rank8) continue;
    if (as_pawn && pt == King) continue;
    if (!as_pawn && pt == Pawn) continue;
    for (Bitboard from = origins(pos, them, pt, m, as_pawn); from;) {
      const Square x = pop_lsb(from);
      const Bitboard occ = (pos.pieces() ^ square_bb(m)) | square_bb(x);
      if (!gives_check(as_pawn ? Pawn : pt, them, x, k, occ)) return true;
    }
  }
  return fail(reason, what + " checks from every square it can have come from (rule 14)");
}

}  // namespace

const std::vector<NamedCheck>& seed000_checks() {
  static const std::vector<NamedCheck> checks = {
      {"kings apart", rule0},         {"rule 1 pawn ranks", rule1},  {"rule 2 men", rule2},
      {"rule 3 kinds", rule3},        {"rule 4 promotions", rule4},  {"rule 5 promotion captures", rule5},
      {"rule 6 pawn captures", rule6}, {"rule 7 bishop walls", rule7}, {"rule 8 trapped bishops", rule8},
      {"rule 9 pawn structures", rule9}, {"rule 10 doubled pawns", rule10}, {"rule 11 opponent in check", rule11},
      {"rule 12 triple check", rule12}, {"rule 13 double check", rule13}, {"rule 14 single check", rule14},
  };
  return checks;
}

}  // namespace chessrank::legality::detail
