#include "rank/frame.h"

#include <algorithm>
#include <bit>
#include <cstdlib>

#include "core/fen.h"

namespace chessrank::rank {

namespace {

const char* const FileNames = "abcdefgh";

// Mirror a set of squares top to bottom: rank i goes to rank 7 - i, one byte each.
inline Bitboard flip_ranks(Bitboard b) { return __builtin_bswap64(b); }

// Exchange white's castling rights with black's.
inline CastlingRights swap_castling(CastlingRights cr) {
  return CastlingRights(((cr & WhiteCastling) << 2) | ((cr & BlackCastling) >> 2));
}

}  // namespace

const std::array<EpCase, EnPassantCases>& ep_cases() {
  static const std::array<EpCase, EnPassantCases> cases = [] {
    std::array<EpCase, EnPassantCases> c{};
    int n = 1;
    for (int file = 0; file < 8; ++file)
      for (int side : {-1, +1}) {
        if (file + side < 0 || file + side > 7) continue;
        c[n++] = {file, file + side, side > 0 && file > 0};
      }
    return c;
  }();
  return cases;
}

std::string describe_ep_case(int ep_case) {
  if (ep_case <= 0 || ep_case >= EnPassantCases) return ep_case == 0 ? "none" : "?";
  const EpCase& ec = ep_cases()[ep_case];
  return std::string{FileNames[ec.file], '6'} + ", capturer on " + FileNames[ec.capturer] + "5" +
         (ec.left_free ? " only" : "");
}

namespace {

// CaseOf[file][capturer on the left]: the en passant case, the inverse of ep_cases() (0 where none).
const auto CaseOf = [] {
  std::array<std::array<int, 2>, 8> t{};
  for (int e = 1; e < EnPassantCases; ++e) t[ep_cases()[e].file][ep_cases()[e].capturer < ep_cases()[e].file] = e;
  return t;
}();

}  // namespace

PawnRules ep_rules(int ep_case) {
  const EpCase& ec = ep_cases()[ep_case];
  PawnRules rules;
  for (auto& file : rules) file.fill(CellRule::Any);
  if (ec.file >= 0) {
    rules[ec.file][3] = CellRule::Black;  // rank 5: the pawn that just moved
    rules[ec.file][4] = CellRule::Empty;  // rank 6 and 7: the squares it crossed
    rules[ec.file][5] = CellRule::Empty;
    rules[ec.capturer][3] = CellRule::White;
    if (ec.left_free) rules[ec.file - 1][3] = CellRule::NoWhite;
  }
  return rules;
}

FileOrder pawn_file_order(int ep_case, Square king, bool ep_first, bool by_parity) {
  FileOrder order{};
  int placed = 0;
  unsigned used = 0;
  const auto add = [&](int file) {
    if (file >= 0 && file < 8 && !(used >> file & 1)) used |= 1u << file, order[placed++] = file;
  };
  const PawnRules rules = ep_rules(ep_case);
  const auto add_en_passant = [&] {
    for (int f = 0; f < 8; ++f)
      if (std::any_of(rules[f].begin(), rules[f].end(), [](CellRule r) { return r != CellRule::Any; })) add(f);
  };
  if (ep_first) add_en_passant();
  for (int d : {0, -1, 1, -2, 2}) add(file_of(king) + d);
  add_en_passant();
  for (int parity : {0, 1})
    for (int f = 0; f < 8; ++f)
      if (!by_parity || std::abs(f - file_of(king)) % 2 == parity) add(f);
  return order;
}

FrameInfo frame_info(int frame) {
  FrameInfo f;
  f.rights = CastlingRights(frame / EnPassantCases);
  f.ep_case = frame % EnPassantCases;
  for (CastlingRights right : {WhiteKingside, WhiteQueenside, BlackKingside, BlackQueenside}) {
    if (!(f.rights & right)) continue;
    const Color c = right & WhiteCastling ? White : Black;
    f.fixed.rooks[c] += 1;
    f.fixed.king[c] = true;
    f.fixed_squares |= square_bb(castling_rook_square(right)) | square_bb(relative_square(c, E1));
  }
  if (const int file = ep_cases()[f.ep_case].file; file >= 0) {
    f.ep_square = make_square(File(file), Rank6);
    f.ep_empty = square_bb(f.ep_square) | square_bb(make_square(File(file), Rank7));
  }
  return f;
}

std::optional<PawnRules> king_pawn_rules(int ep_case, Square king, bool pawn_check) {
  if (frame_info(ep_case).ep_empty & square_bb(king)) return std::nullopt;
  PawnRules rules = ep_rules(ep_case);
  const auto cell = [&](Square s) -> CellRule& { return rules[file_of(s)][rank_of(s) - 1]; };
  if (PawnCellsBB & square_bb(king)) {
    if (cell(king) == CellRule::White || cell(king) == CellRule::Black) return std::nullopt;
    cell(king) = CellRule::Empty;
  }
  for (Bitboard b = pawn_check ? pawn_attacks(Black, king) & PawnCellsBB : 0; b;) {
    CellRule& r = cell(pop_lsb(b));
    if (r == CellRule::White) return std::nullopt;
    if (r == CellRule::Any) r = CellRule::NoWhite;
  }
  return rules;
}

PieceFamily piece_family(const FrameInfo& frame) {
  const int taken = popcount(frame.fixed_squares | frame.ep_empty) + (frame.fixed.king[Black] ? 0 : 1);
  return {frame.fixed.king[White], frame.fixed.rooks[White], frame.fixed.rooks[Black], taken};
}

bool black_king_fits(const FrameInfo& frame, Square king, bool kings_apart) {
  if (frame.fixed.king[Black] ? king != E8 : bool((frame.fixed_squares | frame.ep_empty) & square_bb(king)))
    return false;
  return !(kings_apart && frame.fixed.king[White] && (king_attacks(king) & square_bb(E1)));
}

NormalForm normal_form(const Position& pos) {
  // Black to move: swap the men as bitboards (a byte swap mirrors the ranks) rather than building a second
  // Position.
  NormalForm n;
  n.black_to_move = pos.side_to_move() == Black;
  const bool black = n.black_to_move;
  for (Color c : {White, Black})
    for (PieceType pt : {Pawn, Knight, Bishop, Rook, Queen, King})
      n.men[c][pt] = black ? flip_ranks(pos.pieces(~c, pt)) : pos.pieces(c, pt);
  const CastlingRights cr = black ? swap_castling(pos.castling_rights()) : pos.castling_rights();
  const Square ep = pos.ep_square() == NoSquare ? NoSquare : black ? flip_rank(pos.ep_square()) : pos.ep_square();
  int ep_case = 0;
  if (ep != NoSquare) {
    const int f = file_of(ep);
    ep_case = CaseOf[f][f > 0 && (n.men[White][Pawn] & square_bb(make_square(File(f - 1), Rank5)))];
  }
  n.frame = cr * EnPassantCases + ep_case;
  return n;
}

Position from_normal_form(Men men, const FrameInfo& f, bool black) {
  for (CastlingRights right : {WhiteKingside, WhiteQueenside, BlackKingside, BlackQueenside}) {
    if (!(f.rights & right)) continue;
    const Color c = right & WhiteCastling ? White : Black;
    men[c][Rook] |= square_bb(castling_rook_square(right));
    men[c][King] |= square_bb(relative_square(c, E1));
  }
  Bitboard by_piece[PieceCount] = {};
  for (Color c : {White, Black})
    for (PieceType pt : {Pawn, Knight, Bishop, Rook, Queen, King})
      by_piece[make_piece(c, pt)] = black ? flip_ranks(men[~c][pt]) : men[c][pt];
  Position pos;
  pos.set_placement(by_piece);
  pos.set_side_to_move(black ? Black : White);
  pos.set_castling_rights(black ? swap_castling(f.rights) : f.rights);
  pos.set_ep_square(f.ep_square == NoSquare ? NoSquare : black ? flip_rank(f.ep_square) : f.ep_square);
  return pos;
}

}  // namespace chessrank::rank
