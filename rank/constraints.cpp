#include "rank/constraints.h"

#include <array>
#include <bit>
#include <iterator>

#include "core/fen.h"
#include "core/plural.h"
#include "core/promoted_men.h"
#include "rank/pawn_layer.h"

namespace chessrank::rank {

namespace {

std::string name(Color c) { return std::string(color_name(c)); }

// Return why a position breaks constraints 1-2 (or holds values no FEN gives), or nullopt.
std::optional<std::string> frame_violation(const Position& pos) {
  // A position built by hand may hold values no FEN gives: refuse them before they index a table.
  if (unsigned(pos.castling_rights()) & ~unsigned(AnyCastling)) return "castling rights hold bits beyond KQkq";
  if (unsigned(pos.side_to_move()) > 1) return "the side to move is neither white nor black";
  if (ep_fault(pos) == EpFault::OffBoard) return "en passant square out of range";
  for (Color c : {White, Black}) {
    const int kings = pos.count(c, King);
    if (kings != 1)
      return name(c) + " has " + (kings == 0 ? "no king" : std::to_string(kings) + " kings");
  }
  if (const Bitboard back = pos.pieces(Pawn) & (rank_bb(Rank1) | rank_bb(Rank8)))
    return "pawn on " + square_name(lsb(back));

  // Castling: every right needs its king and rook at home.
  for (CastlingRights right : {WhiteKingside, WhiteQueenside, BlackKingside, BlackQueenside}) {
    if (!pos.can_castle(right) || castling_men_home(pos, right)) continue;
    const Color c = right & WhiteCastling ? White : Black;
    return std::string("castling right ") + "KQkq"[std::countr_zero(unsigned(right))] + " without the " + name(c) +
           " king on " + square_name(relative_square(c, E1)) + " and rook on " +
           square_name(castling_rook_square(right));
  }
  // En passant: the opponent's pawn just moved two squares and a pawn of the side to move stands beside it.
  if (const EpFault fault = ep_fault(pos); fault != EpFault::None) {  // on the board: refused above
    const Color us = pos.side_to_move(), them = ~us;
    const Square ep = pos.ep_square(), pushed = Square(ep - pawn_push(us)), origin = Square(ep + pawn_push(us));
    const std::string where = "en passant square " + square_name(ep);
    switch (fault) {
      case EpFault::WrongRank:
        return where + " is not on rank " + (us == White ? "6" : "3") + " with " + name(us) + " to move";
      case EpFault::NoPushedPawn: return where + " without a " + name(them) + " pawn on " + square_name(pushed);
      case EpFault::NotEmpty:
        return where + " but " + square_name(ep) + " and " + square_name(origin) + " are not both empty";
      case EpFault::NoCapturer:
        return where + " but no " + name(us) + " pawn stands beside " + square_name(pushed);
      case EpFault::OffBoard:
      case EpFault::None: break;
    }
  }
  return std::nullopt;
}

// Return why a position whose sides need wprom and bprom promotions breaks constraint 3 (pawns + promotions
// <= 8) or those of 4 that `kept` holds (the captures they need), or nullopt.
std::optional<std::string> promotion_violation(const Position& pos, int wprom, int bprom, Constraints kept) {
  const int wp = pos.count(White, Pawn), bp = pos.count(Black, Pawn);
  for (Color c : {White, Black}) {
    const int prom = c == White ? wprom : bprom, pawns = c == White ? wp : bp;
    if (pawns > 8) return name(c) + " has " + std::to_string(pawns) + " pawns, more than the 8 a side starts with";
    if (prom + pawns > 8)
      return name(c) + " has " + plural(prom, "promoted piece", "promoted pieces") + " but only " +
             plural(8 - pawns, "missing pawn", "missing pawns");
  }
  if (!kept.has(Constraint::CaptureAccounting)) return std::nullopt;
  const int captures = 32 - popcount(pos.pieces());
  for (Color c : {White, Black}) {
    const int prom = c == White ? wprom : bprom;
    const int lost = 8 - (c == White ? bp + bprom : wp + wprom);  // the opponent's pawns captured as pawns
    if (prom > lost + captures)
      return name(c) + " has " + plural(prom, "promoted piece", "promoted pieces") + " but " + name(~c) +
             " lost only " + plural(lost, "pawn", "pawns") + " and only " +
             plural(captures, "capture was", "captures were") + " made";
  }
  if (!kept.has(Constraint::OpposedFiles)) return std::nullopt;
  const int needed = wp + bp + wprom + bprom - 8 - captures;
  const int opposed = PawnLayer::opposed_files(pos.pieces(White, Pawn), pos.pieces(Black, Pawn));
  if (opposed < needed)
    return "the pawns need " + plural(needed, "file", "files") + " with a black pawn above a white pawn but have " +
           std::to_string(opposed);
  return std::nullopt;
}

// Return why the king of the side not to move breaks one of constraints 5-7 that `kept` holds, or nullopt.
std::optional<std::string> king_violation(const Position& pos, Constraints kept) {
  const Color us = pos.side_to_move(), them = ~us;
  const Square king = lsb(pos.pieces(them, King));
  if (const Bitboard b = king_attacks(king) & pos.pieces(us, King); b && kept.has(Constraint::KingsApart))
    return "the kings stand next to each other (" + square_name(lsb(b)) + " and " + square_name(king) + ")";
  // The messages are built only for a position that breaks a constraint: members pass on the hot path.
  const auto attacked = [&](const char* by, Bitboard b) {
    return "the " + name(them) + " king on " + square_name(king) + " is attacked by the " + name(us) + " " + by +
           square_name(lsb(b)) + " with " + name(us) + " to move";
  };
  if (const Bitboard b = pawn_attacks(them, king) & pos.pieces(us, Pawn); b && kept.has(Constraint::PawnCheck))
    return attacked("pawn on ", b);
  if (const Bitboard b = knight_attacks(king) & pos.pieces(us, Knight); b && kept.has(Constraint::KnightCheck))
    return attacked("knight on ", b);
  if (const Bitboard b = king_attacks(king) & pos.pieces(us, Queen); b && kept.has(Constraint::QueenNext))
    return attacked("queen next to it on ", b);
  return std::nullopt;
}

// What leaving each constraint out is called, in the order of Constraint.
constexpr std::string_view LeftOut[] = {
    "opposed files (constraint 4, second part)", "promotions need captures (constraint 4)",
    "bishops by square colour (constraint 3)",   "kings not adjacent (constraint 5)",
    "no pawn check (constraint 6)",              "no knight check (constraint 6)",
    "no queen next to the king (constraint 7)",
};
static_assert(std::size(LeftOut) == ConstraintCount);

}  // namespace

std::vector<Relaxed> relaxations(Constraints all) {
  std::vector<Relaxed> out;
  for (int i = 0; i < ConstraintCount; ++i)
    if (const Constraint c = Constraint(i); all.has(c)) out.push_back({std::string(LeftOut[i]), all.without(c)});
  if (all.without(CprConstraints) != Constraints{})
    out.push_back({"all of the above but constraint 4 (the cpr model)", all & CprConstraints});
  return out;
}

std::optional<std::string> violation(const Position& pos, Constraints kept) {
  if (auto why = frame_violation(pos)) return why;
  // Promotions and the captures they need; again with the bishops counted by square colour, where the list
  // holds that and it counts more (a side with two or more bishops, all on one colour), so that the message
  // says why.
  const std::array<int, 2> plain{promoted_men(pos, White), promoted_men(pos, Black)};
  if (auto why = promotion_violation(pos, plain[White], plain[Black], kept)) return why;
  if (kept.has(Constraint::BishopColours)) {
    const std::array<int, 2> by_colour{promoted_men_by_colour(pos, White), promoted_men_by_colour(pos, Black)};
    if (by_colour != plain)
      if (auto why = promotion_violation(pos, by_colour[White], by_colour[Black], kept))
        return *why + " (bishops counted by square colour)";
  }
  return king_violation(pos, kept);
}

}  // namespace chessrank::rank
