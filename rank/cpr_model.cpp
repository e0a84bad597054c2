#include "rank/cpr_model.h"

#include <algorithm>

#include "core/fen.h"

namespace chessrank::rank {

namespace {

const char* const FileNames = "abcdefgh";


std::string plural(int n, const char* one, const char* many) { return std::to_string(n) + " " + (n == 1 ? one : many); }

// Mirror a set of squares top to bottom: rank i goes to rank 7 - i, one byte each.
inline Bitboard flip_ranks(Bitboard b) { return __builtin_bswap64(b); }

// Exchange white's castling rights with black's.
inline CastlingRights swap_castling(CastlingRights cr) {
  return CastlingRights(((cr & WhiteCastling) << 2) | ((cr & BlackCastling) >> 2));
}

}  // namespace

std::string_view CprModel::description() const {
  return "the 2021 constraint set (one king each, no pawn on ranks 1/8, castling and en passant "
         "consistency, promotion and capture accounting, opposed files), each position counted once";
}

std::string CprModel::describe_ep_case(int ep_case) {
  if (ep_case == 0) return "none";
  int n = 1;
  for (int file = 0; file < 8; ++file)
    for (int side : {-1, +1}) {
      if (file + side < 0 || file + side > 7) continue;
      if (n++ == ep_case)
        return std::string{FileNames[file], '6'} + ", capturer on " + FileNames[file + side] + "5" +
               (side > 0 && file > 0 ? " only" : "");
    }
  return "?";
}

PieceBudget CprModel::budget(const Frame& f, int wp, int bp, int o) const {
  const int free = 64 - popcount(f.fixed_squares) - popcount(f.ep_empty) - wp - bp;
  // U bounds promotions + pieces (docs/ranking.md, constraint 4); without the opposed-files part only
  // the two capture inequalities remain, and without constraint 4 nothing bounds it but the board.
  const int men = !relaxation_.capture_accounting ? 200
                  : !relaxation_.opposed_files    ? 40 - wp - bp - std::max(wp, bp)
                                                  : 40 - 2 * (wp + bp) + o;
  return {8 - wp, 8 - bp, men, free};
}

CprModel::CprModel() : CprModel(Relaxation{}) {}

CprModel::CprModel(Relaxation relaxation) : relaxation_(relaxation) {
  // En passant cases: none, then per file the capturer on the left, then on the right (left empty).
  int n = 1;
  for (int file = 0; file < 8; ++file)
    for (int side : {-1, +1}) {
      if (file + side < 0 || file + side > 7) continue;
      ep_cases_[n++] = {file, file + side, side > 0 && file > 0};
    }
  for (const EpCase& ec : ep_cases_) {
    PawnRules rules;
    for (auto& file : rules) file.fill(CellRule::Any);
    if (ec.file >= 0) {
      rules[ec.file][3] = CellRule::Black;  // rank 5: the pawn that just moved
      rules[ec.file][4] = CellRule::Empty;  // rank 6 and 7: the squares it crossed
      rules[ec.file][5] = CellRule::Empty;
      rules[ec.capturer][3] = CellRule::White;
      if (ec.left_free) rules[ec.file - 1][3] = CellRule::NoWhite;
    }
    pawn_layers_.push_back(std::make_unique<PawnLayer>(rules));
  }

  frames_.resize(Frames);
  for (int cr = 0; cr < 16; ++cr)
    for (int e = 0; e < EnPassantCases; ++e) {
      Frame& f = frames_[cr * EnPassantCases + e];
      f.ep_case = e;
      for (CastlingRights right : {WhiteKingside, WhiteQueenside, BlackKingside, BlackQueenside}) {
        if (!(cr & right)) continue;
        const Color c = right & WhiteCastling ? White : Black;
        f.fixed.rooks[c] += 1;
        f.fixed.king[c] = true;
        f.fixed_squares |= square_bb(castling_rook_square(right)) | square_bb(relative_square(c, E1));
      }
      if (ep_cases_[e].file >= 0)
        f.ep_empty = square_bb(make_square(File(ep_cases_[e].file), Rank6)) |
                     square_bb(make_square(File(ep_cases_[e].file), Rank7));
    }

  // The piece layer builds only the states these roots reach: one per non-empty block of each frame
  // (frames share most of them: the budget depends on the frame only through the fixed men and the
  // number of free squares).
  const auto nonempty = [&](const Frame& f, int wp, int bp, int o) {
    return pawn_layers_[f.ep_case]->count(wp, bp, o) != 0 && budget(f, wp, bp, o).men >= 0;
  };
  std::vector<PieceLayer::Root> roots;
  for (const Frame& f : frames_)
    for (int wp = 0; wp <= 8; ++wp)
      for (int bp = 0; bp <= 8; ++bp)
        for (int o = 0; o <= 8; ++o)
          if (nonempty(f, wp, bp, o)) roots.push_back({f.fixed, budget(f, wp, bp, o)});
  pieces_ = PieceLayer(roots);

  for (Frame& f : frames_) {
    const PawnLayer& pawns = *pawn_layers_[f.ep_case];
    UInt192 acc;
    for (int wp = 0; wp <= 8; ++wp)
      for (int bp = 0; bp <= 8; ++bp)
        for (int o = 0; o <= 8; ++o) {
          const int b = (wp * 9 + bp) * 9 + o;
          f.cumulative[b] = acc;
          f.piece_root[b] = -1;
          if (!nonempty(f, wp, bp, o)) continue;
          f.piece_root[b] = pieces_.find(f.fixed, budget(f, wp, bp, o));
          acc += mul(pieces_.count(f.piece_root[b]), pawns.count(wp, bp, o));
        }
    f.cumulative[Blocks] = acc;
    f.total = acc;
  }
  for (int i = 0; i < Frames; ++i) frame_offset_[i + 1] = frame_offset_[i] + frames_[i].total;
  half_ = frame_offset_[Frames];
  size192_ = half_ + half_;
  size_ = size192_.to_big();
}

int CprModel::frame_of(const Men& men, CastlingRights cr, Square ep) const {
  int ep_case = 0;
  if (ep != NoSquare) {
    const int f = file_of(ep);
    const bool left = f > 0 && (men[White][Pawn] & square_bb(make_square(File(f - 1), Rank5)));
    for (int e = 1; e < EnPassantCases; ++e)
      if (ep_cases_[e].file == f && ep_cases_[e].capturer == (left ? f - 1 : f + 1)) ep_case = e;
  }
  return cr * EnPassantCases + ep_case;
}

std::optional<std::string> CprModel::violation(const Position& pos) const {
  for (Color c : {White, Black}) {
    const int kings = pos.count(c, King);
    if (kings != 1)
      return std::string(color_name(c)) + " has " + (kings == 0 ? "no king" : std::to_string(kings) + " kings");
  }
  if (const Bitboard back = pos.pieces(Pawn) & (rank_bb(Rank1) | rank_bb(Rank8)))
    return "pawn on " + square_name(lsb(back));
  const auto name = [](Color c) { return std::string(color_name(c)); };

  // Castling: every right needs its king and rook at home.
  for (CastlingRights right : {WhiteKingside, WhiteQueenside, BlackKingside, BlackQueenside}) {
    if (!pos.can_castle(right)) continue;
    const Color c = right & WhiteCastling ? White : Black;
    const Square king = relative_square(c, E1), rook = castling_rook_square(right);
    if (pos.piece_on(king) != make_piece(c, King) || pos.piece_on(rook) != make_piece(c, Rook))
      return std::string("castling right ") + "KQkq"[std::countr_zero(unsigned(right))] + " without the " + name(c) +
             " king on " + square_name(king) + " and rook on " + square_name(rook);
  }
  // En passant: the opponent's pawn just moved two squares and a pawn of the side to move stands beside it.
  if (const Square ep = pos.ep_square(); ep != NoSquare) {
    const Color us = pos.side_to_move(), them = ~us;
    if (relative_rank(us, ep) != Rank6)
      return "en passant square " + square_name(ep) + " is not on rank " + (us == White ? "6" : "3") + " with " +
             name(us) + " to move";
    const Square pushed = Square(ep - pawn_push(us));
    const Square origin = Square(ep + pawn_push(us));
    if (pos.piece_on(pushed) != make_piece(them, Pawn))
      return "en passant square " + square_name(ep) + " without a " + name(them) + " pawn on " + square_name(pushed);
    if (!pos.empty(ep) || !pos.empty(origin))
      return "en passant square " + square_name(ep) + " but " + square_name(ep) + " and " + square_name(origin) +
             " are not both empty";
    if (!ep_capturable(pos, us, ep))
      return "en passant square " + square_name(ep) + " but no " + name(us) + " pawn stands beside " + square_name(pushed);
  }
  // Promotions and the captures they need.
  int wprom = 0, bprom = 0, men = 0;
  PieceLayer::army_cost(pos, wprom, bprom, men);
  const int wp = pos.count(White, Pawn), bp = pos.count(Black, Pawn);
  for (Color c : {White, Black}) {
    const int prom = c == White ? wprom : bprom, pawns = c == White ? wp : bp;
    if (prom + pawns > 8)
      return name(c) + " has " + plural(prom, "promoted piece", "promoted pieces") + " but only " +
             plural(8 - pawns, "missing pawn", "missing pawns");
  }
  const int captures = 32 - popcount(pos.pieces());
  for (Color c : {White, Black}) {
    const int prom = c == White ? wprom : bprom;
    const int lost = 8 - (c == White ? bp + bprom : wp + wprom);  // the opponent's pawns captured as pawns
    if (prom > lost + captures)
      return name(c) + " has " + plural(prom, "promoted piece", "promoted pieces") + " but " + name(~c) +
             " lost only " + plural(lost, "pawn", "pawns") + " and only " + plural(captures, "capture was", "captures were") +
             " made";
  }
  const int needed = wp + bp + wprom + bprom - 8 - captures;
  const int opposed = PawnLayer::opposed_files(pos.pieces(White, Pawn), pos.pieces(Black, Pawn));
  if (opposed < needed)
    return "the pawns need " + plural(needed, "file", "files") + " with a black pawn above a white pawn but have " +
           std::to_string(opposed);
  return std::nullopt;
}

Result<UInt192> CprModel::rank_fast(const Position& input) const {
  if (auto why = violation(input)) return Error{"not in model cpr: " + *why};
  // Black to move ranks the colour-swapped position; swap the men as bitboards (a byte swap mirrors
  // the ranks) rather than building a second Position.
  const bool black = input.side_to_move() == Black;
  Men men{};
  for (Color c : {White, Black})
    for (PieceType pt : {Pawn, Knight, Bishop, Rook, Queen, King})
      men[c][pt] = black ? flip_ranks(input.pieces(~c, pt)) : input.pieces(c, pt);
  const CastlingRights cr = black ? swap_castling(input.castling_rights()) : input.castling_rights();
  const Square ep = input.ep_square() == NoSquare ? NoSquare : black ? flip_rank(input.ep_square()) : input.ep_square();
  const int frame_index = frame_of(men, cr, ep);
  const Frame& f = frames_[frame_index];
  const Bitboard white_pawns = men[White][Pawn], black_pawns = men[Black][Pawn];
  const int wp = popcount(white_pawns), bp = popcount(black_pawns);
  const int o = PawnLayer::opposed_files(white_pawns, black_pawns);
  const int block = (wp * 9 + bp) * 9 + o;
  if (f.piece_root[block] < 0) return Error{"not in model cpr: an empty block"};  // violation() rules it out
  const PawnLayer& pawns = *pawn_layers_[f.ep_case];
  const PawnLayer::u128 pawn_count = pawns.count(wp, bp, o);
  const PawnLayer::u128 pawn_rank = pawns.rank(white_pawns, black_pawns);
  const Bitboard free = ~(white_pawns | black_pawns | f.fixed_squares | f.ep_empty);
  const UInt192 piece_rank = pieces_.rank(f.piece_root[block], men, free);
  UInt192 index = mul(piece_rank, pawn_count) + UInt192::from_u128(pawn_rank);
  index += f.cumulative[block] + frame_offset_[frame_index];
  if (black) index += half_;
  return index;
}

Position CprModel::unrank_fast(UInt192 index) const {
  const bool black = index >= half_;
  if (black) index -= half_;
  const int frame_index = int(std::upper_bound(frame_offset_.begin(), frame_offset_.end(), index) - frame_offset_.begin()) - 1;
  const Frame& f = frames_[frame_index];
  index -= frame_offset_[frame_index];
  const int block = int(std::upper_bound(f.cumulative.begin(), f.cumulative.end(), index) - f.cumulative.begin()) - 1;
  index -= f.cumulative[block];
  const int wp = block / 81, bp = block / 9 % 9, o = block % 9;
  const PawnLayer& pawns = *pawn_layers_[f.ep_case];
  UInt192 piece_rank, pawn_rank;
  UInt192::divmod(index, UInt192::from_u128(pawns.count(wp, bp, o)), piece_rank, pawn_rank);

  // Collect the men as bitboards and build the Position once at the end.
  Men men{};
  pawns.unrank(wp, bp, o, pawn_rank.low128(), men[White][Pawn], men[Black][Pawn]);
  const CastlingRights cr = CastlingRights(frame_index / EnPassantCases);
  for (CastlingRights right : {WhiteKingside, WhiteQueenside, BlackKingside, BlackQueenside}) {
    if (!(cr & right)) continue;
    const Color c = right & WhiteCastling ? White : Black;
    men[c][Rook] |= square_bb(castling_rook_square(right));
    men[c][King] |= square_bb(relative_square(c, E1));
  }
  const Bitboard free = ~(men[White][Pawn] | men[Black][Pawn] | f.fixed_squares | f.ep_empty);
  pieces_.unrank(f.piece_root[block], piece_rank, free, men);
  const Square ep = ep_cases_[f.ep_case].file >= 0 ? make_square(File(ep_cases_[f.ep_case].file), Rank6) : NoSquare;

  Bitboard by_piece[PieceCount] = {};
  for (Color c : {White, Black})
    for (PieceType pt : {Pawn, Knight, Bishop, Rook, Queen, King})
      by_piece[make_piece(c, pt)] = black ? flip_ranks(men[~c][pt]) : men[c][pt];
  Position pos;
  pos.set_placement(by_piece);
  pos.set_side_to_move(black ? Black : White);
  pos.set_castling_rights(black ? swap_castling(cr) : cr);
  pos.set_ep_square(ep == NoSquare ? NoSquare : black ? flip_rank(ep) : ep);
  return pos;
}

BigInt CprModel::count_material(const std::array<std::array<int, PieceTypeCount>, 2>& men) const {
  BigInt total = 0;
  for (bool swapped : {false, true}) {  // white to move, then black to move as the colour swap
    std::array<std::array<int, PieceTypeCount>, 2> m = men;
    if (swapped) std::swap(m[0], m[1]);
    if (m[0][King] != 1 || m[1][King] != 1) return 0;
    const auto proms = [&](int c) {
      return std::max(0, m[c][Queen] - 1) + std::max(0, m[c][Rook] - 2) + std::max(0, m[c][Bishop] - 2) +
             std::max(0, m[c][Knight] - 2);
    };
    const int wp = m[0][Pawn], bp = m[1][Pawn];
    if (wp > 8 || bp > 8 || proms(0) + wp > 8 || proms(1) + bp > 8) continue;
    int pieces = 0;
    for (int c = 0; c < 2; ++c)
      for (PieceType pt : {Knight, Bishop, Rook, Queen, King}) pieces += m[c][pt];
    const int u = proms(0) + proms(1) + pieces;
    for (const Frame& f : frames_) {
      if (f.fixed.rooks[0] > m[0][Rook] || f.fixed.rooks[1] > m[1][Rook]) continue;
      const int free = 64 - popcount(f.fixed_squares) - popcount(f.ep_empty) - wp - bp;
      // Multinomial: choose the squares of each free kind in turn.
      BigInt placements = 1;
      int left = free;
      for (int c = 0; c < 2; ++c)
        for (PieceType pt : {Knight, Bishop, Rook, Queen, King}) {
          int k = m[c][pt];
          if (pt == Rook) k -= f.fixed.rooks[c];
          if (pt == King && f.fixed.king[c]) k = 0;
          placements *= binomial(left, k);
          left -= k;
        }
      for (int o = 0; o <= 8; ++o) {
        if (u > 40 - 2 * (wp + bp) + o) continue;
        const PawnLayer::u128 pc = pawn_layers_[f.ep_case]->count(wp, bp, o);
        total += placements * UInt192::from_u128(pc).to_big();
      }
    }
  }
  return total;
}

std::vector<UInt192> CprModel::block_starts() const {
  std::vector<UInt192> starts;
  for (int i = 0; i < Frames; ++i)
    for (int b = 0; b < Blocks; ++b)
      if (frames_[i].cumulative[b] < frames_[i].cumulative[b + 1]) starts.push_back(frame_offset_[i] + frames_[i].cumulative[b]);
  return starts;
}

Result<BigInt> CprModel::rank(const Position& pos) const {
  Result<UInt192> r = rank_fast(pos);
  if (!r) return Error{r.error()};
  return r.value().to_big();
}

Result<Position> CprModel::unrank(const BigInt& index) const {
  UInt192 i;
  if (sgn(index) < 0 || index >= size_ || !UInt192::from_big(index, i))
    return Error{"index out of range: the model cpr has indices 0 to " + BigInt(size_ - 1).get_str()};
  return unrank_fast(i);
}

Result<Position> CprModel::unrank_fixed(const UInt192& index) const {
  if (index >= size192_)
    return Error{"index out of range: the model cpr has indices 0 to " + BigInt(size_ - 1).get_str()};
  return unrank_fast(index);
}

}  // namespace chessrank::rank
