// Checks that need no history: king count and distance, men counts, checks on the side not to move, the
// number of checkers. Also the naming helpers of the checks' messages.
#include <string>

#include "core/fen.h"
#include "core/movegen.h"
#include "legality/checks.h"

namespace chessrank::legality::detail {

const char* piece_name(PieceType pt) { return pt == NoPieceType ? "man" : piece_type_name(pt); }

std::string plural_men(int n, PieceType pt) {
  constexpr const char* Numbers[] = {"no", "a", "two", "three", "four", "five", "six", "seven", "eight"};
  std::string s = n >= 0 && n <= 8 ? Numbers[n] : std::to_string(n);
  s += ' ';
  s += piece_name(pt);
  if (n != 1) s += 's';
  return s;
}

std::string describe_checkers(const Position& pos, Bitboard checkers) {
  if (!more_than_one(checkers)) {
    const Square s = lsb(checkers);
    return std::string("the ") + piece_name(type_of(pos.piece_on(s))) + " on " + square_name(s);
  }
  // Group by kind, strongest first: "two rooks", "a queen and a knight".
  std::string out;
  int groups = 0;
  for (PieceType pt : {Queen, Rook, Bishop, Knight, Pawn, King}) {
    const int n = popcount(checkers & pos.pieces(pt));
    if (!n) continue;
    if (groups++) out += " and ";
    out += plural_men(n, pt);
  }
  return out;
}

bool check_placement(const Position& pos, std::string* reason) {
  for (Color c : {White, Black}) {
    const int kings = pos.count(c, King);
    if (kings != 1) {
      if (reason) *reason = std::string(color_name(c)) + " has " + std::to_string(kings) + " kings";
      return false;
    }
    if (const Bitboard p = pos.pieces(c, Pawn) & (rank_bb(Rank1) | rank_bb(Rank8))) {
      if (reason) *reason = std::string(color_name(c)) + " pawn on " + square_name(lsb(p)) + " (rank 1 or 8)";
      return false;
    }
    if (pos.count(c, Pawn) > 8) {
      if (reason) *reason = std::string(color_name(c)) + " has " + std::to_string(pos.count(c, Pawn)) + " pawns";
      return false;
    }
    if (popcount(pos.pieces(c)) > 16) {
      if (reason) *reason = std::string(color_name(c)) + " has " + std::to_string(popcount(pos.pieces(c))) + " men";
      return false;
    }
  }
  if (distance(pos.king_square(White), pos.king_square(Black)) <= 1) {
    if (reason) *reason = "the kings stand on adjacent squares";
    return false;
  }
  return true;
}

bool check_opponent_in_check(const Position& pos, std::string* reason) {
  const Color them = ~pos.side_to_move();
  // Most random positions fail here: test with early exits (leapers first) and collect the checkers only
  // to explain.
  if (!pos.attacked_by(pos.side_to_move(), pos.king_square(them))) return true;
  const Bitboard checkers = pos.attackers_to(pos.king_square(them)) & pos.pieces(pos.side_to_move());
  if (reason)
    *reason = std::string(color_name(them)) + " is in check from " + describe_checkers(pos, checkers) + " but " +
              color_name(pos.side_to_move()) + " is to move";
  return false;
}

bool check_checker_count(const Position& pos, std::string* reason) {
  const Bitboard checkers = pos.checkers();
  if (popcount(checkers) <= 2) return true;
  if (reason)
    *reason = std::string(color_name(pos.side_to_move())) + " is in check from " + describe_checkers(pos, checkers) +
              " (no move gives more than two checks)";
  return false;
}

bool check_en_passant_capture(const Position& pos, std::string* reason) {
  const Square ep = pos.ep_square();
  if (ep == NoSquare) return true;
  for (Move m : legal_moves(pos))
    if (m.kind() == MoveKind::EnPassant) return true;
  if (reason) {
    Position without = pos;
    without.set_ep_square(NoSquare);
    const Bitboard capturers = pawn_attacks(~pos.side_to_move(), ep) & pos.pieces(pos.side_to_move(), Pawn);
    const std::string who = more_than_one(capturers) ? "neither pawn beside it can"
                            : capturers ? "the pawn on " + square_name(lsb(capturers)) + " cannot"
                                        : "no pawn can";
    *reason = "the en passant square " + square_name(ep) + " allows no legal capture (" + who +
              " take without leaving its king in check), so this is the position '" + to_fen4(without) + "'";
  }
  return false;
}

}  // namespace chessrank::legality::detail
