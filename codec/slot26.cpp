#include "codec/slot26.h"

#include <algorithm>
#include <optional>
#include <string>

#include "core/fen.h"
#include "core/plural.h"

namespace chessrank::codec {

namespace {

// Field widths, most significant first (docs/formats.md, "slot26 layout").
constexpr int SideBits = 1, KingBits = 6, PromotionBits = 9, PiecesBits = 39, PawnsBits = 48, ReservedBits = 3;
static_assert(SideBits + 2 * (KingBits + PromotionBits + PiecesBits + PawnsBits) + ReservedBits == 208);

// Radices of the piece digits: queen square, dark bishop, light bishop, knight pair, rook pair.
constexpr std::uint64_t QueenRadix = 64, BishopRadix = 33, KnightRadix = 2080, RookRadix = 2208;
constexpr std::uint64_t PiecesRange = QueenRadix * BishopRadix * BishopRadix * KnightRadix * RookRadix;
static_assert(PiecesRange <= (std::uint64_t(1) << PiecesBits));
// Radices of pawn-slot digits: an unpromoted slot (48 squares, captured, 8 en passant files) and a
// promoted one (a square).
constexpr std::uint64_t PawnRadix = 57, PromotedRadix = 64;
constexpr int PawnCaptured = 48, PawnEnPassant = 49;  // 49 + file
constexpr int BishopCaptured = 32;
// Rook pair digit: [0, 2080) sorted pair, no castling; [2080, 2144) queenside castles, the other slot
// follows; [2144, 2208) kingside castles only, the other slot follows.
constexpr int RookQueensideBase = 2080, RookKingsideBase = 2144;


// The sorted pair (a <= b) of two 6-bit values and its index b*(b+1)/2 + a.
struct Pair {
  std::uint8_t lo, hi;
};
constexpr auto PairTable = [] {
  std::array<Pair, 2080> t{};
  for (int b = 0; b < 64; ++b)
    for (int a = 0; a <= b; ++a) t[b * (b + 1) / 2 + a] = Pair{std::uint8_t(a), std::uint8_t(b)};
  return t;
}();
constexpr int pair_index(int a, int b) { return a <= b ? b * (b + 1) / 2 + a : a * (a + 1) / 2 + b; }

// Promotion strings in lexicographic order of the sorted 8-symbol string.
struct PromotionTables {
  std::array<PromotionCounts, PromotionStrings> counts{};
  std::array<std::int16_t, 9 * 9 * 9 * 9> index{};  // by (n, b, r, q) counts
};
constexpr PromotionTables make_promotion_tables() {
  PromotionTables t{};
  for (auto& i : t.index) i = -1;
  int n = 0;
  // A sorted string is fixed by its symbol counts; lexicographic order of strings is descending order
  // of the count of 0s, then of 1s, then of 2s, then of 3s.
  for (int c0 = 8; c0 >= 0; --c0)
    for (int c1 = 8 - c0; c1 >= 0; --c1)
      for (int c2 = 8 - c0 - c1; c2 >= 0; --c2)
        for (int c3 = 8 - c0 - c1 - c2; c3 >= 0; --c3) {
          const int c4 = 8 - c0 - c1 - c2 - c3;
          t.counts[n] = PromotionCounts{{std::uint8_t(c0), std::uint8_t(c1), std::uint8_t(c2), std::uint8_t(c3),
                                         std::uint8_t(c4)}};
          t.index[((c1 * 9 + c2) * 9 + c3) * 9 + c4] = std::int16_t(n);
          ++n;
        }
  return t;
}
constexpr PromotionTables Promotions = make_promotion_tables();
static_assert(Promotions.counts[494].count[4] == 8);

// Product of the pawn-slot radices for a side with `unpromoted` unpromoted slots.
constexpr auto PawnRange = [] {
  std::array<std::uint64_t, 9> r{};
  for (int u = 0; u <= 8; ++u) {
    std::uint64_t p = 1;
    for (int i = 0; i < 8; ++i) p *= i < u ? PawnRadix : PromotedRadix;
    r[u] = p;
  }
  return r;
}();
static_assert(PawnRange[0] == (std::uint64_t(1) << PawnsBits));

// Dark and light squares numbered 0..31 by sq >> 1 (each square pair 2k, 2k+1 holds one of each).
constexpr Square dark_square(int k) { return Square(2 * k + ((k >> 2) & 1)); }
constexpr Square light_square(int k) { return Square(2 * k + 1 - ((k >> 2) & 1)); }
static_assert(is_dark(dark_square(0)) && is_dark(dark_square(31)) && !is_dark(light_square(5)));

class BitWriter {
 public:
  explicit BitWriter(std::uint8_t* out) : out_(out) {}
  void put(std::uint64_t v, int n) {
    acc_ = (acc_ << n) | v;
    bits_ += n;
    while (bits_ >= 8) {
      bits_ -= 8;
      *out_++ = std::uint8_t(acc_ >> bits_);
    }
  }

 private:
  std::uint8_t* out_;
  std::uint64_t acc_ = 0;
  int bits_ = 0;
};

class BitReader {
 public:
  explicit BitReader(const std::uint8_t* in) : in_(in) {}
  std::uint64_t get(int n) {
    while (bits_ < n) {
      acc_ = (acc_ << 8) | *in_++;
      bits_ += 8;
    }
    bits_ -= n;
    return (acc_ >> bits_) & ((std::uint64_t(1) << n) - 1);
  }

 private:
  const std::uint8_t* in_;
  std::uint64_t acc_ = 0;
  int bits_ = 0;
};

std::string side_name(Color c) { return color_name(c); }

// What encode needs per side: the digits of the side's fields.
struct SideDigits {
  int promotion = 0;
  std::uint64_t pieces = 0;
  std::uint64_t pawns = 0;
};

// Compute the three numbers of one side; refuse a side with more than 8 pawns and promoted pieces.
Result<SideDigits> encode_side(const Position& pos, Color c) {
  const Square ko = pos.king_square(c), kx = pos.king_square(~c);
  Bitboard promoted[5] = {0, 0, 0, 0, 0};  // by promotion symbol 1..4

  // Queen: the lowest queen takes the slot, the others are promoted.
  Bitboard b = pos.pieces(c, Queen);
  int queen = kx;
  if (b) queen = pop_lsb(b);
  promoted[4] = b;

  // Bishops by square colour.
  b = pos.pieces(c, Bishop) & DarkSquaresBB;
  int dark = BishopCaptured;
  if (b) dark = pop_lsb(b) >> 1;
  promoted[2] = b;
  b = pos.pieces(c, Bishop) & LightSquaresBB;
  int light = BishopCaptured;
  if (b) light = pop_lsb(b) >> 1;
  promoted[2] |= b;

  // Knights: the two lowest take the slots.
  b = pos.pieces(c, Knight);
  int n1 = kx, n2 = kx;
  if (b) n1 = pop_lsb(b);
  if (b) n2 = pop_lsb(b);
  promoted[1] = b;

  // Rooks: castling rooks point at their king; the lowest others fill the remaining slots.
  b = pos.pieces(c, Rook);
  const bool castle_q = pos.can_castle(c == White ? WhiteQueenside : BlackQueenside);
  const bool castle_k = pos.can_castle(c == White ? WhiteKingside : BlackKingside);
  int rook_digit;
  if (castle_q) b &= ~square_bb(relative_square(c, A1));
  if (castle_k) b &= ~square_bb(relative_square(c, H1));
  int r1 = kx, r2 = kx;
  if (!castle_q || !castle_k) {
    if (b) r1 = pop_lsb(b);
    if (!castle_q && !castle_k && b) r2 = pop_lsb(b);
  }
  promoted[3] = b;
  if (castle_q)
    rook_digit = RookQueensideBase + (castle_k ? ko : r1);
  else if (castle_k)
    rook_digit = RookKingsideBase + r1;
  else
    rook_digit = pair_index(r1, r2);

  // Pawns: the en passant pawn (if it is ours) is marked, the others sorted by square.
  Bitboard pawns = pos.pieces(c, Pawn);
  int ep_digit = -1;
  if (pos.ep_square() != NoSquare && pos.side_to_move() != c) {
    const Square s = Square(pos.ep_square() + pawn_push(c));
    pawns &= ~square_bb(s);
    ep_digit = PawnEnPassant + file_of(s);
  }
  const int pawn_count = popcount(pos.pieces(c, Pawn));
  PromotionCounts pc{};
  int promoted_total = 0;
  for (int t = 1; t <= 4; ++t) {
    pc.count[t] = std::uint8_t(popcount(promoted[t]));
    promoted_total += pc.count[t];
  }
  if (pawn_count + promoted_total > 8)
    return Error{side_name(c) + " has " + plural(pawn_count, "pawn") + " and " +
                 plural(promoted_total, "promoted piece") +
                 " (queens beyond 1, rooks beyond 2, bishops beyond 1 per square colour, knights beyond 2): more "
                 "than 8"};
  pc.count[0] = std::uint8_t(8 - promoted_total);

  SideDigits d;
  d.promotion = promotion_index(pc);
  d.pieces = (((std::uint64_t(queen) * BishopRadix + std::uint64_t(dark)) * BishopRadix + std::uint64_t(light)) *
                  KnightRadix +
              std::uint64_t(pair_index(n1, n2))) *
                 RookRadix +
             std::uint64_t(rook_digit);
  std::uint64_t x = 0;
  int digits = 0;
  while (pawns) {
    x = x * PawnRadix + (pop_lsb(pawns) - 8);
    ++digits;
  }
  const int captured = pc.count[0] - digits - (ep_digit >= 0);
  for (int i = 0; i < captured; ++i) x = x * PawnRadix + PawnCaptured;
  if (ep_digit >= 0) x = x * PawnRadix + std::uint64_t(ep_digit);
  for (int t = 1; t <= 4; ++t)
    for (Bitboard p = promoted[t]; p;) x = (x << 6) | pop_lsb(p);
  d.pawns = x;
  return d;
}

// Check what encode needs beyond the slot counts: kings, pawn ranks, canonical castling and en passant.
std::optional<Error> check_position(const Position& pos) {
  for (Color c : {White, Black}) {
    const int kings = pos.count(c, King);
    if (kings != 1) return Error{side_name(c) + " has " + std::to_string(kings) + " kings, slot26 needs exactly 1"};
  }
  if (const Bitboard b = pos.pieces(Pawn) & (rank_bb(Rank1) | rank_bb(Rank8)))
    return Error{"pawn on " + square_name(lsb(b)) + " (rank 1 or 8)"};
  // A hand-built position may hold bits no FEN gives; the code has no room for them, so they would be lost.
  if (unsigned(pos.castling_rights()) & ~unsigned(AnyCastling)) return Error{"castling rights hold bits beyond KQkq"};
  if (unsigned(pos.side_to_move()) > 1) return Error{"the side to move is neither white nor black"};
  for (CastlingRights cr : {WhiteKingside, WhiteQueenside, BlackKingside, BlackQueenside})
    if (pos.can_castle(cr) && !castling_men_home(pos, cr))
      return Error{"castling right of " + side_name((cr & WhiteCastling) ? White : Black) +
                   " without king and rook at home (not canonical)"};
  if (ep_fault(pos) != EpFault::None)
    return Error{"en passant square " + square_name(pos.ep_square()) + " is not canonical (core/position.h)"};
  return std::nullopt;
}

// Why a byte string is not a code: a kind plus the side, piece type and square it concerns. Messages
// are built only on failure, so the decoder's hot path handles no strings.
enum class Fault : std::uint8_t {
  None, TwoMen, OwnKing, SamePair, BothCastleKingsideCode, CastleKingAway, PawnOrder, EpSideToMove, TwoEp,
  PromotedCaptured, PromotedOrder, PromotedSlotEmpty, PromotedBelow,
};
struct Failure {
  Fault fault = Fault::None;
  Color color = White;
  PieceType type = NoPieceType;
  Square square = NoSquare;
};


[[gnu::cold]] std::string describe(const Failure& f) {
  const std::string who = side_name(f.color) + " ";
  const std::string type = piece_type_name(PieceType(f.type));
  switch (f.fault) {
    case Fault::TwoMen: return "two men on " + square_name(f.square);
    case Fault::OwnKing:
      return who + type + " slot points at its own king (only castling rooks and the en passant pawn may)";
    case Fault::SamePair: return who + type + " slots both name " + square_name(f.square);
    case Fault::BothCastleKingsideCode:
      return who + "rook pair uses the kingside-only code with both rooks castling (not canonical)";
    case Fault::CastleKingAway:
      return who + "rook points at its king for castling but the king is not on " +
             square_name(relative_square(f.color, E1));
    case Fault::PawnOrder:
      return who + "pawn slots are not in canonical order (squares ascending, then captured, then en passant)";
    case Fault::EpSideToMove: return who + "en passant pawn belongs to the side to move";
    case Fault::TwoEp: return who + "has two en passant pawns";
    case Fault::PromotedCaptured:
      return who + "promoted " + type +
             " points at the opposing king (a captured promoted man is stored as a captured pawn)";
    case Fault::PromotedOrder: return who + "promoted " + type + "s are not in ascending square order";
    case Fault::PromotedSlotEmpty:
      return who + "has a promoted " + type + " while an original " + type + " slot is empty (not canonical)";
    case Fault::PromotedBelow:
      return who + "promoted " + type + " on " + square_name(f.square) +
             " stands below an original one (the lowest men take the original slots)";
    case Fault::None: break;
  }
  return "invalid code";
}

// Decoding state: the men found so far by piece, and the occupied squares.
struct Placement {
  // Zero only the entries of real pieces (set_placement reads no others): 2 x 48 bytes the compiler
  // clears with a few vector stores, where zeroing the whole struct became a slow-starting rep stos.
  Placement() {
    std::fill(by_piece + WhitePawn, by_piece + WhiteKing + 1, Bitboard(0));
    std::fill(by_piece + BlackPawn, by_piece + BlackKing + 1, Bitboard(0));
  }
  Bitboard by_piece[PieceCount];
  Bitboard occupied = 0;
  CastlingRights castling = NoCastling;
  Square ep = NoSquare;
  Failure failure;

  bool place(Piece p, Square s) {
    const Bitboard b = square_bb(s);
    if (occupied & b) {
      failure = Failure{Fault::TwoMen, color_of(p), type_of(p), s};
      return false;
    }
    occupied |= b;
    by_piece[p] |= b;
    return true;
  }
  bool fail(Fault f, Color c, PieceType pt = NoPieceType, Square s = NoSquare) {
    failure = Failure{f, c, pt, s};
    return false;
  }
};

// Decode one side's pieces and pawns. Return false with the failure set when the digits are not canonical.
bool decode_side(Placement& b, Color c, Square ko, Square kx, std::uint64_t pieces, int promotion,
                 std::uint64_t pawns, Color to_move) {
  const int rook_digit = int(pieces % RookRadix);
  pieces /= RookRadix;
  const int knight_digit = int(pieces % KnightRadix);
  pieces /= KnightRadix;
  const int light = int(pieces % BishopRadix);
  pieces /= BishopRadix;
  const int dark = int(pieces % BishopRadix);
  pieces /= BishopRadix;
  const int queen = int(pieces);  // < 64: the caller checked the range

  // Place a man from a square-valued slot; `kx` means captured.
  const auto place_slot = [&](PieceType pt, int v) {
    if (v == kx) return true;
    if (v == ko) return b.fail(Fault::OwnKing, c, pt);
    return b.place(make_piece(c, pt), Square(v));
  };

  if (!place_slot(Queen, queen)) return false;
  const Square dark_sq = dark_square(dark), light_sq = light_square(light);
  if (dark != BishopCaptured && !b.place(make_piece(c, Bishop), dark_sq)) return false;
  if (light != BishopCaptured && !b.place(make_piece(c, Bishop), light_sq)) return false;
  const Pair knights = PairTable[knight_digit];
  if (knights.lo == knights.hi && knights.lo != kx) return b.fail(Fault::SamePair, c, Knight, Square(knights.lo));
  if (!place_slot(Knight, knights.lo) || !place_slot(Knight, knights.hi)) return false;

  // Rooks.
  int ra, rh;  // slot values; -1 for a castling rook
  CastlingRights rights = NoCastling;
  if (rook_digit < RookQueensideBase) {
    ra = PairTable[rook_digit].lo;
    rh = PairTable[rook_digit].hi;
    if (ra == rh && ra != kx) return b.fail(Fault::SamePair, c, Rook, Square(ra));
  } else if (rook_digit < RookKingsideBase) {
    ra = -1;
    rh = rook_digit - RookQueensideBase;
    rights = c == White ? WhiteQueenside : BlackQueenside;
    if (rh == ko) {
      rh = -1;
      rights |= c == White ? WhiteKingside : BlackKingside;
    }
  } else {
    rh = -1;
    ra = rook_digit - RookKingsideBase;
    rights = c == White ? WhiteKingside : BlackKingside;
    if (ra == ko) return b.fail(Fault::BothCastleKingsideCode, c, Rook);
  }
  if (rights != NoCastling) {
    if (ko != relative_square(c, E1)) return b.fail(Fault::CastleKingAway, c, Rook);
    if (ra == -1 && !b.place(make_piece(c, Rook), relative_square(c, A1))) return false;
    if (rh == -1 && !b.place(make_piece(c, Rook), relative_square(c, H1))) return false;
    b.castling |= rights;
  }
  if (ra >= 0 && !place_slot(Rook, ra)) return false;
  if (rh >= 0 && !place_slot(Rook, rh)) return false;

  // Pawn slots: promoted digits are the low end (6 bits each, in order N, B, R, Q ascending).
  const PromotionCounts& pc = Promotions.counts[promotion];
  const int unpromoted = pc.count[0];
  std::uint8_t digit[8];
  for (int i = 7; i >= unpromoted; --i) {
    digit[i] = std::uint8_t(pawns & 63);
    pawns >>= 6;
  }
  for (int i = unpromoted - 1; i >= 0; --i) {
    digit[i] = std::uint8_t(pawns % PawnRadix);
    pawns /= PawnRadix;
  }
  // pawns is now 0: the caller checked the range.

  // On-board pawns: strictly ascending squares, then captured (48) any number of times, then at most
  // one en passant digit.
  int i = 0;
  int last = -1;
  Bitboard pawn_bb = 0;
  for (; i < unpromoted && digit[i] < PawnCaptured; ++i) {
    if (digit[i] <= last) return b.fail(Fault::PawnOrder, c, Pawn);
    last = digit[i];
    pawn_bb |= square_bb(Square(last + 8));
  }
  if (pawn_bb & b.occupied) return b.fail(Fault::TwoMen, c, Pawn, lsb(pawn_bb & b.occupied));
  b.occupied |= pawn_bb;
  b.by_piece[make_piece(c, Pawn)] |= pawn_bb;
  while (i < unpromoted && digit[i] == PawnCaptured) ++i;
  if (i < unpromoted) {
    if (digit[i] < PawnEnPassant) return b.fail(Fault::PawnOrder, c, Pawn);  // a square after "captured"
    if (i + 1 < unpromoted) return b.fail(digit[i + 1] >= PawnEnPassant ? Fault::TwoEp : Fault::PawnOrder, c, Pawn);
    if (c == to_move) return b.fail(Fault::EpSideToMove, c, Pawn);
    const Square s = make_square(File(digit[i] - PawnEnPassant), relative_rank(c, Rank4));
    if (!b.place(make_piece(c, Pawn), s)) return false;
    b.ep = Square(s - pawn_push(c));
    ++i;
  }

  // Promoted men: ascending within a kind, and only when every original slot of that kind is on the
  // board, above the squares of the original men (the lowest men take the original slots).
  for (int t = 1; t <= 4; ++t) {
    const PieceType pt = PieceType(t + 1);
    int prev = -1;
    for (int k = 0; k < pc.count[t]; ++k, ++i) {
      const int s = digit[i];
      if (s == kx) return b.fail(Fault::PromotedCaptured, c, pt);
      if (s <= prev) return b.fail(Fault::PromotedOrder, c, pt);
      prev = s;
      int floor = -1;  // the highest original man of this kind; -1 when a slot is empty (an error)
      switch (pt) {
        case Knight: floor = (knights.lo == kx || knights.hi == kx) ? -1 : knights.hi; break;
        case Bishop:
          if (is_dark(Square(s)))
            floor = dark == BishopCaptured ? -1 : dark_sq;
          else
            floor = light == BishopCaptured ? -1 : light_sq;
          break;
        case Rook:
          if (ra == kx || rh == kx) {
            floor = -1;
          } else {
            floor = 0;  // castling rooks stand at home and take part in no order
            if (ra > floor) floor = ra;
            if (rh > floor) floor = rh;
          }
          break;
        default: floor = queen == kx ? -1 : queen; break;
      }
      if (floor < 0) return b.fail(Fault::PromotedSlotEmpty, c, pt);
      if (s < floor) return b.fail(Fault::PromotedBelow, c, pt, Square(s));
      if (!b.place(make_piece(c, pt), Square(s))) return false;
    }
  }
  return true;
}

}  // namespace

std::optional<PromotionCounts> promotion_string(int index) {
  if (index < 0 || index >= PromotionStrings) return std::nullopt;
  return Promotions.counts[index];
}

int promotion_index(const PromotionCounts& pc) {
  int slots = 0;
  for (const std::uint8_t c : pc.count) slots += c;  // each count is at most 8 when they sum to 8
  if (slots != 8) return -1;
  return Promotions.index[((pc.count[1] * 9 + pc.count[2]) * 9 + pc.count[3]) * 9 + pc.count[4]];
}

Result<Slot26Code> encode_slot26(const Position& pos) {
  if (auto e = check_position(pos)) return *e;
  const Result<SideDigits> w = encode_side(pos, White);
  if (!w) return Error{w.error()};
  const Result<SideDigits> bl = encode_side(pos, Black);
  if (!bl) return Error{bl.error()};
  Slot26Code code{};
  BitWriter out(code.data());
  out.put(pos.side_to_move(), SideBits);
  out.put(pos.king_square(White), KingBits);
  out.put(pos.king_square(Black), KingBits);
  out.put(std::uint64_t(w->promotion), PromotionBits);
  out.put(std::uint64_t(bl->promotion), PromotionBits);
  out.put(w->pieces, PiecesBits);
  out.put(bl->pieces, PiecesBits);
  out.put(w->pawns, PawnsBits);
  out.put(bl->pawns, PawnsBits);
  out.put(0, ReservedBits);
  return code;
}

Result<Position> decode_slot26(std::span<const std::uint8_t> code) {
  if (code.size() != Slot26Bytes)
    return Error{"slot26 code has " + plural(code.size(), "byte") + ", expected 26"};
  BitReader in(code.data());
  const Color to_move = Color(in.get(SideBits));
  const Square king[2] = {Square(in.get(KingBits)), Square(in.get(KingBits))};
  const int promotion[2] = {int(in.get(PromotionBits)), int(in.get(PromotionBits))};
  const std::uint64_t pieces[2] = {in.get(PiecesBits), in.get(PiecesBits)};
  const std::uint64_t pawns[2] = {in.get(PawnsBits), in.get(PawnsBits)};
  if (in.get(ReservedBits) != 0) return Error{"reserved bits (the last 3) are not zero"};
  if (king[White] == king[Black]) return Error{"both kings on " + square_name(king[White])};
  for (Color c : {White, Black}) {
    if (promotion[c] >= PromotionStrings)
      return Error{side_name(c) + " promotion string " + std::to_string(promotion[c]) + " is not below 495"};
    if (pieces[c] >= PiecesRange) return Error{side_name(c) + " piece number is out of range"};
    if (pawns[c] >= PawnRange[Promotions.counts[promotion[c]].count[0]])
      return Error{side_name(c) + " pawn number is out of range for its promotion string"};
  }

  Placement b;
  b.place(WhiteKing, king[White]);
  b.place(BlackKing, king[Black]);
  for (Color c : {White, Black})
    if (!decode_side(b, c, king[c], king[~c], pieces[c], promotion[c], pawns[c], to_move))
      return Error{describe(b.failure)};

  if (b.ep != NoSquare) {
    const Square ep = b.ep;
    const Square origin = Square(ep + pawn_push(to_move));  // where the pawn started
    if (b.occupied & (square_bb(ep) | square_bb(origin)))
      return Error{"en passant pawn cannot just have moved: " + square_name(ep) + " or " + square_name(origin) +
                   " is occupied"};
    if (!(pawn_attacks_bb(~to_move, square_bb(ep)) & b.by_piece[make_piece(to_move, Pawn)]))
      return Error{"en passant pawn with no pawn beside it to capture it (not canonical)"};
  }

  Result<Position> result{Position()};
  Position& pos = result.value();
  pos.set_placement(b.by_piece);
  pos.set_side_to_move(to_move);
  pos.set_castling_rights(b.castling);
  pos.set_ep_square(b.ep);
  return result;
}

Result<std::array<std::uint8_t, CounterBytes>> encode_counters(const Position& pos) {
  const int half = pos.halfmove_clock(), full = pos.fullmove_number();
  if (half < 0 || half > MaxHalfmoveClock)
    return Error{"halfmove clock " + std::to_string(half) + " does not fit the counter bytes (at most 1023)"};
  if (full < 1 || full > MaxFullmoveNumber)
    return Error{"fullmove number " + std::to_string(full) + " does not fit the counter bytes (1 to 16384)"};
  const std::uint32_t v = std::uint32_t(half) * 16384 + std::uint32_t(full - 1);
  return std::array<std::uint8_t, CounterBytes>{std::uint8_t(v >> 16), std::uint8_t(v >> 8), std::uint8_t(v)};
}

std::optional<Error> decode_counters(std::span<const std::uint8_t> bytes, Position& pos) {
  if (bytes.size() != CounterBytes)
    return Error{"move counters take " + std::to_string(CounterBytes) + " bytes, not " + std::to_string(bytes.size())};
  const std::uint32_t v = (std::uint32_t(bytes[0]) << 16) | (std::uint32_t(bytes[1]) << 8) | bytes[2];
  pos.set_halfmove_clock(int(v >> 14));
  pos.set_fullmove_number(int(v & 16383) + 1);
  return std::nullopt;
}

}  // namespace chessrank::codec
