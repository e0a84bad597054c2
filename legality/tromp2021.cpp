// The 2021 ranking's simple filter (../shared/reference/tromp-2021-filter.md): a cascade whose first
// matching test gives the verdict. Reproduced as specified, including its heuristics; it is not a sound
// rule set (see docs/legality.md).
#include <algorithm>
#include <cstdlib>
#include <string>

#include "core/fen.h"
#include "core/promoted_men.h"
#include "legality/checks.h"
#include "legality/legality.h"

namespace chessrank::legality::detail {

namespace {

// Enemy men attacking the king of `c`, kings excluded.
Bitboard tromp_checkers(const Position& pos, Color c) {
  const Square k = pos.king_square(c);
  return pos.attackers_to(k) & pos.pieces(~c) & ~pos.pieces(King);
}

int promoted(const Position& pos, Color c) { return promoted_men_by_colour(pos, c); }

int slack(const Position& pos) {
  const int wp = pos.count(White, Pawn), bp = pos.count(Black, Pawn);
  const int wproms = promoted(pos, White), bproms = promoted(pos, Black);
  const int wpx = 8 - wp - wproms, bpx = 8 - bp - bproms;
  if (wpx < 0 || bpx < 0) return -1;
  const int captures = 32 - popcount(pos.pieces());
  const int maxuwp = bpx + captures - wproms;
  const int minopp = wp - maxuwp;  // equals bp - maxubp: both are wp + bp + proms - 8 - captures
  return detail::opposed_files(pos) - minopp;
}

char letter(PieceType pt) { return " pnbrqk"[pt]; }

int min_taxi(char a, char b) {
  if (a > b) std::swap(a, b);
  const std::string pair{a, b};
  if (pair == "bn") return 7;
  if (pair == "nq" || pair == "nr") return 6;
  if (pair == "bq" || pair == "br" || pair == "pq" || pair == "pr" || pair == "qr") return 5;
  return 1000;  // bb, bp, nn, np, pp, qq, rr
}

bool discovered_double_check(const Position& pos, Bitboard checkers, int slack_value) {
  const Color us = pos.side_to_move(), them = ~us;
  const Square k = pos.king_square(us);
  const Square c0 = lsb(checkers), c1 = msb(checkers);
  const int x0 = int(file_of(c0)) - int(file_of(k)), y0 = int(rank_of(c0)) - int(rank_of(k));
  const int x1 = int(file_of(c1)) - int(file_of(k)), y1 = int(rank_of(c1)) - int(rank_of(k));
  const int inner = x0 * x1 + y0 * y1;
  const bool sharp = inner > 0, right = inner == 0;
  const int taxi = std::abs(x0) + std::abs(y0) + std::abs(x1) + std::abs(y1);
  const bool discoverable =
      taxi >= min_taxi(letter(type_of(pos.piece_on(c0))), letter(type_of(pos.piece_on(c1))));
  const Rank promo = relative_rank(them, Rank8);
  const int p = popcount(checkers & rank_bb(promo));
  const int d = std::abs(int(rank_of(k)) - int(promo));
  switch (p) {
    case 0: return sharp && discoverable;
    case 1: return (right && taxi > 2 && d <= 1 && slack_value > 0) || (sharp && (discoverable || d == 1));
    default: return sharp && (discoverable || (d == 2 && slack_value > 0));
  }
}

}  // namespace

const std::vector<std::string>& tromp2021_verdict_names() {
  static const std::vector<std::string> names = {
      "Illegal Adjacent Kings",      "Illegal Both Kings in Check",  "Illegal Side not to move in Check",
      "Illegal Triple Check",        "Illegal Bishops Too Monochromatic", "Illegal Double Knight Check",
      "Illegal Double Check",        "Discovered Double Check",      "Single Check",
      "No Checks",
  };
  return names;
}

int tromp2021_classify(const Position& pos) {
  const Color us = pos.side_to_move();
  if (distance(pos.king_square(White), pos.king_square(Black)) <= 1) return 0;
  const Bitboard ours = tromp_checkers(pos, us), theirs = tromp_checkers(pos, ~us);
  if (ours && theirs) return 1;
  if (theirs) return 2;
  if (popcount(ours) > 2) return 3;
  const int s = slack(pos);
  if (s < 0) return 4;
  if (popcount(ours) == 2) {
    if (!(ours & ~pos.pieces(Knight))) return 5;
    return discovered_double_check(pos, ours, s) ? 7 : 6;
  }
  return ours ? 8 : 9;
}

}  // namespace chessrank::legality::detail

namespace chessrank::legality {

Result<Position> parse_fen_for_tromp2021(std::string_view fen) {
  Result<Position> pos = parse_fen_or_epd(fen);
  if (pos) return pos;
  // Replace well-formed castling and en passant fields with "-" and parse again, so that everything else
  // (field count, placement, side to move, counters or EPD operations) is judged as parse_fen_or_epd
  // judges it.
  const FenFields f = split_fen_fields(fen, 4);
  if (f.count < 4) return pos;
  const std::string_view castling = f.field[2], ep = f.field[3];
  const auto once = [&](char c) { return castling.find(c) == castling.rfind(c); };
  const bool castling_letters = castling == "-" || (!castling.empty() && castling.size() <= 4 &&
                                                    castling.find_first_not_of("KQkq") == std::string_view::npos &&
                                                    once('K') && once('Q') && once('k') && once('q'));
  const bool ep_square =
      ep == "-" || (ep.size() == 2 && ep[0] >= 'a' && ep[0] <= 'h' && (ep[1] == '3' || ep[1] == '6'));
  if (!castling_letters || !ep_square) return pos;
  std::string retry;
  retry.append(f.field[0]).append(" ").append(f.field[1]).append(" - -");
  if (!f.rest.empty()) retry.append(" ").append(f.rest);
  return parse_fen_or_epd(retry);
}

}  // namespace chessrank::legality
