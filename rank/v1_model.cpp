#include "rank/v1_model.h"

#include <algorithm>
#include <cassert>
#include <future>
#include <tuple>

#include "core/fen.h"
#include "core/promoted_men.h"
#include "core/threads.h"
#include "rank/binomial.h"
#include "rank/flat_index.h"
#include "rank/prefetch.h"
#include "rank/search_keys.h"

namespace chessrank::rank {

namespace {

constexpr int MaxQueens = 9, MaxKnights = 10;  // the original one or two plus eight promotions

// The stages of the pieces after the front, in placement order.
const PieceLayer::Plan TailPlan = {{{
    {White, Rook, 2}, {Black, Rook, 2}, {White, Bishop, 2}, {Black, Queen, 1}, {Black, Bishop, 2}, {Black, Knight, 2},
}}, 6};

// Call visit(t1, t2, placements) for every non-empty level-5 sub-block of pawn block blk, in index order,
// until it returns true.
template <class Visit>
void for_each_sub_block(const PawnLayer& layer, int blk, Visit&& visit) {
  const std::uint64_t* counts = layer.block_counts(blk);
  const int t1_end = layer.max_tracked1() + 1, t2_end = layer.max_tracked2() + 1;
  for (int t1 = 0; t1 < t1_end; ++t1, counts += t2_end)
    for (int t2 = 0; t2 < t2_end; ++t2)
      if (const std::uint64_t p = counts[t2])
        if (visit(t1, t2, p)) return;
}

// Return the number of ways to place the white king (when `king` is set) and kq queens on a + g squares
// with exactly j of them on the g squares, and then kn knights on the b + g - j squares the knights may
// use: which of the m = king + kq men is the king, times the choice of the m squares, times the knights'.
UInt128 front_ways(bool king, int kq, int kn, int a, int b, int g, int j) {
  const int m = kq + (king ? 1 : 0);
  return UInt128(king ? m : 1) * Binomial(a, m - j) * Binomial(g, j) * UInt128(Binomial(b + g - j, kn));
}

// Return the number of ways to place the front (the white king when `king`, kq queens, kn knights) on a,
// b, g class squares: front_ways summed over j.
UInt128 front_block_ways(bool king, int kq, int kn, int a, int b, int g) {
  UInt128 ways = 0;
  for (int j = 0; j <= kq + 1; ++j) ways += front_ways(king, kq, kn, a, b, g, j);
  return ways;
}

// Return the same number as front_ways summed over j, for any classes the king, the queens and the knights
// may use (bit 0: A, bit 1: B, bit 2: G): the relaxed models. The king takes one square of its class; then
// only how many queens stand where the knights may go matters, x of them. Out of line: only the relaxed
// models, which only count, call it; pair_ways, inlined into the strict models' rank and unrank, keeps a
// call to it.
[[gnu::noinline]] UInt128 front_ways_relaxed(bool king, int kq, int kn, const std::array<int, 3>& size,
                                             unsigned king_classes, unsigned queen_classes, unsigned knight_classes) {
  UInt128 total = 0;
  for (int c0 = king ? 0 : -1; c0 < (king ? 3 : 0); ++c0) {
    std::array<int, 3> s = size;
    UInt128 ways = 1;
    if (c0 >= 0) {
      if (!(king_classes >> c0 & 1) || s[c0] == 0) continue;
      ways = UInt128(s[c0]);
      s[c0] -= 1;
    }
    int in = 0, out = 0, region = 0;  // queen squares the knights may use, the others; knight squares
    for (int c = 0; c < 3; ++c) {
      if (queen_classes >> c & 1) (knight_classes >> c & 1 ? in : out) += s[c];
      if (knight_classes >> c & 1) region += s[c];
    }
    for (int x = 0; x <= kq; ++x)
      total += ways * Binomial(in, x) * Binomial(out, kq - x) * UInt128(Binomial(region - x, kn));
  }
  return total;
}

}  // namespace

// The pieces of one level-4 block of a frame family: the white king (unless castling fixed it), kq white
// queens and kn white knights on the classed squares, then the tail.
struct V1Model::Front {
  bool king = true;  // the front places the white king
  int squares = 0;   // free squares A + B + G
  int queens = -1, knights = -1;  // the largest counts with a non-empty tail
  std::array<std::array<std::int32_t, MaxKnights + 1>, MaxQueens + 1> tail_root{};  // -1: budget overdrawn
  std::array<std::array<UInt192, MaxKnights + 1>, MaxQueens + 1> tail_count{};
  std::array<std::array<UInt192, 9>, 9> count{};  // per (A, B), when counted: those the kings need
  std::array<std::array<bool, 9>, 9> counted{};
  // The fast path, for the frames without castling or en passant: per (A, B) where its run of
  // (queens, knights) blocks begins in V1Model::fast_pairs_ (-1: not built), and the run's key shift.
  std::array<std::array<std::int32_t, 9>, 9> starts{};
  std::array<std::array<std::uint8_t, 9>, 9> shift{};
};

// One (queens, knights) block of a front's fast path, with what unranking needs of it: a 32-byte entry
// instead of reads spread over the 5 KB Front. A run lists the blocks with a non-empty tail in index order
// and ends with a sentinel (start = the run's total, queens = NoPair); fast_keys_ holds their search keys
// (rank/search_keys.h), EndKey for the sentinel.
struct V1Model::FastPair {
  static constexpr std::uint8_t NoPair = 0xFF;
  UInt192 start;  // within the sub-block's piece ranks
  std::int32_t tail_root = -1;
  std::uint8_t queens = NoPair, knights = 0;
};

struct V1Model::KingFrame {
  Square king = NoSquare;
  const PawnLayer* layer = nullptr;  // of its en passant case and king
  int front_family = 0;
  Bitboard knight = 0, near = 0;  // the king's knight squares and neighbours not fixed or crossed
};

// The record of a level-5 sub-block (ClassLevels): its start within the frame, its black king and level-4
// block, its pawn placements, and where the run of its front's (queens, knights) blocks begins in
// fast_pairs_ (with that run's key shift; NoPairs when its front has no run). In frame 0's
// index a block's sub-blocks are adjacent and end with a sentinel (start = the block's end, t1 = NoTrack),
// so that starts never decrease along the records.
struct V1Model::SubBlock {
  static constexpr std::uint8_t NoTrack = 0xFF;
  static constexpr std::uint32_t NoPairs = 0xFFFFFFFF;
  UInt192 start;
  std::uint64_t pawns = 0;
  std::uint8_t t1 = NoTrack, t2 = NoTrack, shift = 0, king = 0;
  std::uint16_t block = 0;
  std::uint32_t pairs = NoPairs;
  bool sentinel() const { return t1 == NoTrack; }
};

std::string_view V1Model::description() const { return V1Description; }

V1Model::~V1Model() = default;

template <class Visit>
void V1Model::list_classes(std::int32_t at, int blk, Visit&& visit) const {
  const KingFrame& kf = king_frames_[at];
  const Front& front = fronts_[kf.front_family * Blocks + blk];
  const int a0 = popcount(kf.knight), b0 = popcount(kf.near);
  for_each_sub_block(*kf.layer, blk, [&](int t1, int t2, std::uint64_t pawns) {
    return visit(SubBlockKey{t1, t2, pawns}, [&] {
      const int a = a0 - t1, b = b0 - t2;
      assert(front.counted[a][b]);  // the constructor counts every (A, B) a king frame reaches
      return front.count[a][b] * pawns;
    });
  });
}

inline UInt128 V1Model::pair_ways(const Front& front, int kq, int kn, int a, int b, int g) const {
  if (strict()) return front_block_ways(front.king, kq, kn, a, b, g);
  constexpr unsigned A = 1, B = 2, G = 4;
  const unsigned king_classes = A | G | (keeps(Constraint::KingsApart) ? 0 : B);
  const unsigned queen_classes = A | G | (keeps(Constraint::QueenNext) ? 0 : B);
  const unsigned knight_classes = B | G | (keeps(Constraint::KnightCheck) ? 0 : A);
  return front_ways_relaxed(front.king, kq, kn, {a, b, g}, king_classes, queen_classes, knight_classes);
}

template <class Visit>
void V1Model::list_pairs(const Front& front, int a, int b, Visit&& visit) const {
  const int g = front.squares - a - b;
  for (int kq = 0; g >= 0 && kq <= front.queens; ++kq)
    for (int kn = 0; kn <= front.knights; ++kn)
      if (front.tail_root[kq][kn] >= 0 &&
          visit(FrontPair{kq, kn}, [&] { return mul(front.tail_count[kq][kn], pair_ways(front, kq, kn, a, b, g)); }))
        return;
}

V1Model::V1Model(Constraints keep, FrameZero frame_zero) : FixedWidthModel(keep) {
  const bool accelerate = strict() && frame_zero == FrameZero::Accelerated;
  // Pawn layers per (en passant case, black king): the king's square holds no pawn, the squares from which
  // a white pawn would attack it hold no white pawn, and pawns on its knight squares and neighbours are
  // counted. None when the case already puts a pawn there.
  // They are a third of the build: build them on several threads (each layer in its own slot, and equal
  // keys give equal tables, so the result does not depend on the threads), while this one builds the
  // fronts, which do not need them.
  pawn_layers_.resize(EnPassantCases * 64);
  std::array<Bitboard, EnPassantCases> ep_empty;
  for (int e = 0; e < EnPassantCases; ++e) ep_empty[e] = frame_info(e).ep_empty;
  const auto build_layer = [&](std::size_t i) {
    const int e = int(i / 64);
    const Square king = Square(i % 64);
    const std::optional<PawnRules> rules = king_pawn_rules(e, king, keeps(Constraint::PawnCheck));
    if (!rules) return;
    const Bitboard cells = PawnCellsBB & ~ep_empty[e];
    pawn_layers_[i] = std::make_unique<PawnLayer>(*rules, knight_attacks(king) & cells, king_attacks(king) & cells,
                                                  pawn_file_order(e, king, false, false));
  };
  std::future<void> layers = std::async(
      std::launch::async, [&] { for_each_index(pawn_layers_.size(), worker_threads_up_to(4), build_layer); });

  // Frame families: the fronts depend on a frame only through the fixed men and the number of squares the
  // frame and the black king take.
  KeyIndex<PieceFamily> families;
  std::vector<PieceFamily> family_keys;
  std::vector<int> frame_family(Frames);
  for (int i = 0; i < Frames; ++i) {
    const PieceFamily key = piece_family(levels_[i].info);
    const auto [family, added] = families.insert(key);
    if (added) family_keys.push_back(key);
    frame_family[i] = family;
  }

  // Fronts: per family and block, the tail roots of every (queens, knights).
  fronts_.resize(family_keys.size() * Blocks);
  for (Front& front : fronts_)
    for (auto& row : front.starts) row.fill(-1);
  std::vector<PieceLayer::Root> roots;
  const auto for_each_tail = [&](auto&& visit) {
    for (std::size_t fam = 0; fam < family_keys.size(); ++fam) {
      const auto [king_fixed, rooks_white, rooks_black, taken] = family_keys[fam];
      for (int blk = 0; blk < Blocks; ++blk) {
        Front& front = fronts_[fam * Blocks + blk];
        const int w = PawnBlock.counts[blk][0], b = PawnBlock.counts[blk][1], o = PawnBlock.counts[blk][2];
        front.king = !king_fixed;
        front.squares = 64 - taken - w - b;
        const int men = men_bound(w, b, o, kept()) - 2;  // constraint 4's U; the two kings take 2
        for (int kq = 0; kq <= MaxQueens; ++kq)
          for (int kn = 0; kn <= MaxKnights; ++kn) {
            const int extra = promoted_of(kq, 1) + promoted_of(kn, 2);
            const PieceBudget budget{8 - w - extra, 8 - b, men - kq - kn - extra,
                                     front.squares - (front.king ? 1 : 0) - kq - kn};
            front.tail_root[kq][kn] = -1;
            if (budget.white_promotions < 0 || budget.men < 0 || budget.squares < 0) continue;
            visit(front, kq, kn, PieceLayer::Root{FixedMen{{rooks_white, rooks_black}, {false, false}}, budget});
          }
      }
    }
  };
  for_each_tail([&](Front&, int, int, const PieceLayer::Root& root) { roots.push_back(root); });
  tail_ = PieceLayer(roots, TailPlan);
  for_each_tail([&](Front& front, int kq, int kn, const PieceLayer::Root& root) {
    const int handle = tail_.find(root.fixed, root.budget);
    if (handle < 0 || tail_.count(handle) == UInt192()) return;
    front.tail_root[kq][kn] = handle;
    front.tail_count[kq][kn] = tail_.count(handle);
    front.queens = std::max(front.queens, kq);
    front.knights = std::max(front.knights, kn);
  });
  layers.get();
  // Kings and blocks. Frames that agree on the en passant case, the front family and the squares around the
  // king share its KingFrame (castling rights on the far side of the board change nothing here). First
  // the distinct king frames (ClassLevels::share); then their block sizes, a family at a time on several
  // threads (a front belongs to one family, so no two threads count the same front, and the sizes do not
  // depend on the threads); then the frames' squares and frame 0's index (ClassLevels::finish).
  KingFrame met;  // the king frame of the square key_of saw last, kept by add when it is new
  using KingKey = std::tuple<int, int, int, Bitboard, Bitboard>;  // en passant case, king, family, squares
  const auto key_of = [&](int i, Square king) -> std::optional<KingKey> {
    const FrameInfo& info = levels_[i].info;
    met.layer = pawn_layers_[info.ep_case * 64 + king].get();
    if (!met.layer) return std::nullopt;
    const Bitboard taken = info.fixed_squares | info.ep_empty;
    met.king = king;
    met.front_family = frame_family[i];
    met.knight = knight_attacks(king) & ~taken;
    met.near = king_attacks(king) & ~taken;
    return KingKey{info.ep_case, int(king), met.front_family, met.knight, met.near};
  };
  levels_.share<KingKey>(keeps(Constraint::KingsApart), key_of, [&](int, Square) { king_frames_.push_back(met); });
  std::vector<std::vector<std::size_t>> by_family(family_keys.size());
  for (std::size_t i = 0; i < king_frames_.size(); ++i) by_family[king_frames_[i].front_family].push_back(i);
  for_each_index(by_family.size(), worker_threads_up_to(4), [&](std::size_t fam) {
    for (const std::size_t i : by_family[fam]) {
      const KingFrame& kf = king_frames_[i];
      const int a0 = popcount(kf.knight), b0 = popcount(kf.near);
      levels_.assign(std::int32_t(i), 1, [&](std::size_t blk) {
        Front& front = fronts_[kf.front_family * Blocks + blk];
        UInt192 size;
        for_each_sub_block(*kf.layer, blk, [&](int t1, int t2, std::uint64_t pawns) {
          size += count_front(front, a0 - t1, b0 - t2) * pawns;
          return false;
        });
        return size;
      });
    }
  });
  // Frame 0 (no castling rights, no en passant) holds ~99% of the positions: with `accelerate` its
  // sub-blocks' starts, which rank and unrank would otherwise sum, and its fronts' runs of (queens, knights)
  // blocks are kept.
  if (accelerate) build_fast_fronts(frame_family[0]);
  levels_.finish(*this, accelerate);
  set_frames([&](int i) { return levels_.total(i); });
}

V1Model::SubBlock V1Model::record_of(std::int32_t at, Square king, int blk, const SubBlockKey& sub,
                                     const UInt192& start) const {
  const KingFrame& kf = king_frames_[at];
  const Front& front = fronts_[kf.front_family * Blocks + blk];
  const int a = popcount(kf.knight) - sub.t1, b = popcount(kf.near) - sub.t2;
  return SubBlock{start, sub.pawns, std::uint8_t(sub.t1), std::uint8_t(sub.t2), front.shift[a][b],
                  std::uint8_t(king), std::uint16_t(blk),
                  front.starts[a][b] < 0 ? SubBlock::NoPairs : std::uint32_t(front.starts[a][b])};
}

const UInt192& V1Model::count_front(Front& front, int a, int b) {
  if (!front.counted[a][b]) {
    front.count[a][b] = ListedSumLevel::total([&](auto&& visit) { list_pairs(front, a, b, visit); });
    front.counted[a][b] = true;
  }
  return front.count[a][b];
}

void V1Model::build_fast_fronts(int family) {
  // The fronts of frame 0's blocks: the start of every (queens, knights) block, per (A, B) a king reaches.
  for (int blk = 0; blk < Blocks; ++blk) {
    Front& front = fronts_[family * Blocks + blk];
    for (int a = 0; a <= 8; ++a)
      for (int b = 0; b <= 8; ++b) {
        const int g = front.squares - a - b;
        if (g < 0 || !front.counted[a][b]) continue;
        const std::size_t first = fast_pairs_.size();
        front.starts[a][b] = std::int32_t(first);
        UInt192 acc;
        list_pairs(front, a, b, [&](const FrontPair& p, auto&& size) {
          fast_pairs_.push_back({acc, front.tail_root[p.queens][p.knights], std::uint8_t(p.queens),
                                 std::uint8_t(p.knights)});
          acc += size();
          return false;
        });
        fast_pairs_.push_back({acc});
        const int shift = key_shift(acc);
        front.shift[a][b] = std::uint8_t(shift);
        for (std::size_t i = first; i + 1 < fast_pairs_.size(); ++i)
          fast_keys_.push_back(search_key(fast_pairs_[i].start, shift));
        fast_keys_.push_back(EndKey);
      }
  }
}

UInt192 V1Model::king_size(int frame, Square king) const { return levels_.size(frame, king); }

UInt192 V1Model::rank_front(const Front& front, const Men& men, Bitboard knight_free, Bitboard near_free,
                            Bitboard rest_free) const {
  const int a = popcount(knight_free), b = popcount(near_free), g = popcount(rest_free);
  const Bitboard free = knight_free | near_free | rest_free;
  const Bitboard wk = men[White][King] & free, queens = men[White][Queen] & free, knights = men[White][Knight] & free;
  const Bitboard set = wk | queens;  // on knight_free | rest_free (violation() checked)
  const int kq = popcount(queens), kn = popcount(knights), m = popcount(set), j = popcount(set & rest_free);
  const int mult = front.king ? m : 1;
  // Blocks of (queens, knights) before this one.
  UInt192 index;
  if (const int first = front.starts[a][b]; first >= 0) {
    const FastPair* p = &fast_pairs_[first];
    while (p->queens != FastPair::NoPair && (p->queens != kq || p->knights != kn)) ++p;
    assert(p->queens != FastPair::NoPair);  // violation() and the tail admit (kq, kn)
    index = p->start;
  } else {
    const auto is = [&](const FrontPair& p) { return p.queens == kq && p.knights == kn; };
    ListedSumLevel::find<FrontPair>([&](auto&& visit) { list_pairs(front, a, b, visit); }, is, index);
  }
  UInt128 within = 0;
  for (int jj = 0; jj < j; ++jj) within += front_ways(front.king, kq, kn, a, b, g, jj);
  const UInt128 set_rank = UInt128(rank_subset(set & knight_free, knight_free)) * Binomial(g, j) +
                           rank_subset(set & rest_free, rest_free);
  const int king_pos = wk ? popcount(set & (wk - 1)) : 0;
  const Bitboard knight_squares = (near_free | rest_free) & ~set;
  within += ((set_rank * mult + king_pos) * Binomial(b + g - j, kn)) + rank_subset(knights, knight_squares);
  const UInt192 tail = tail_.rank(front.tail_root[kq][kn], men, free & ~set & ~knights);
  return index + mul(front.tail_count[kq][kn], within) + tail;
}

void V1Model::unrank_front(const Front& front, UInt192 r, Bitboard knight_free, Bitboard near_free, Bitboard rest_free,
                           Men& men) const {
  const int a = popcount(knight_free), b = popcount(near_free);
  assert(front.starts[a][b] < 0);
  const FrontPair p = ListedSumLevel::locate<FrontPair>([&](auto&& visit) { list_pairs(front, a, b, visit); }, r);
  place_front(front.king, p.queens, p.knights, front.tail_root[p.queens][p.knights],
              front.tail_count[p.queens][p.knights], r, knight_free, near_free, rest_free, men);
}

const V1Model::FastPair& V1Model::fast_pair(std::size_t first, int shift, UInt192& r) const {
  const FastPair* run = &fast_pairs_[first];
  const FastPair& p = run[find_block_scan(&fast_keys_[first], shift, r, [&](std::size_t i) { return run[i].start; })];
  r -= p.start;
  return p;
}

void V1Model::place_front(bool king, int kq, int kn, int tail_root, const UInt192& tail_count, const UInt192& r,
                          Bitboard knight_free, Bitboard near_free, Bitboard rest_free, Men& men) const {
  const int a = popcount(knight_free), b = popcount(near_free), g = popcount(rest_free);
  UInt192 fi, tail_rank;
  UInt192::divmod(r, tail_count, fi, tail_rank);
  const int m = kq + (king ? 1 : 0), mult = king ? m : 1;
  int j = 0;
  for (;; ++j) {
    const UInt192 ways = UInt192::from_u128(front_ways(king, kq, kn, a, b, g, j));
    if (fi < ways) break;
    fi -= ways;
  }
  const std::uint64_t knight_count = Binomial(b + g - j, kn);
  const std::uint64_t knight_rank = fi.divmod(knight_count);
  const int king_pos = int(fi.divmod(std::uint64_t(mult)));
  const std::uint64_t rest_rank = fi.divmod(Binomial(g, j));  // fi is now the rank on the knight squares
  const Bitboard set = unrank_subset(fi.low(), knight_free, a, m - j) | unrank_subset(rest_rank, rest_free, g, j);
  Bitboard queens = set;
  if (king) {
    const Bitboard wk = square_bb(nth_square(set, king_pos));
    men[White][King] |= wk;
    queens &= ~wk;
  }
  men[White][Queen] |= queens;
  const Bitboard knight_squares = (near_free | rest_free) & ~set;
  const Bitboard knights = unrank_subset(knight_rank, knight_squares, b + g - j, kn);
  men[White][Knight] |= knights;
  tail_.unrank(tail_root, tail_rank, (knight_free | near_free | rest_free) & ~set & ~knights, men);
}

Result<UInt192> V1Model::rank_fast(const Position& input) const {
  if (auto why = violation(input)) return Error{"not in model v1: " + *why};
  const NormalForm n = normal_form(input);
  const FrameInfo& info = levels_[n.frame].info;
  const Square king = lsb(n.men[Black][King]);
  const std::int32_t at = levels_[n.frame].king[king];
  if (at < 0) return Error{"not in model v1: no position has the black king there"};  // violation() rules it out
  const KingFrame& kf = king_frames_[at];
  const PawnLayer& layer = *kf.layer;
  const Bitboard white_pawns = n.men[White][Pawn], black_pawns = n.men[Black][Pawn];
  const PawnLayer::Counts c = layer.counts(white_pawns, black_pawns);
  const int blk = PawnBlock.index[c.white][c.black][c.opposed];
  UInt192 index = frame_start(n.black_to_move, n.frame);
  // violation() admitted the position: its sub-block is there, with its pawn placements.
  const SubBlock sub = levels_.find(*this, n.frame, king, blk, SubBlockKey::key_of(c.tracked1, c.tracked2), index);
  assert(sub.t1 == c.tracked1 && sub.t2 == c.tracked2 && sub.pawns == layer.count(c));
  const Bitboard free = ~(white_pawns | black_pawns | info.fixed_squares | info.ep_empty | square_bb(king));
  const Bitboard knight_free = kf.knight & free, near_free = kf.near & free;
  const UInt192 piece_rank = rank_front(fronts_[kf.front_family * Blocks + blk], n.men, knight_free, near_free,
                                        free & ~knight_free & ~near_free);
  index += ProductLevel::rank(piece_rank, layer.rank(white_pawns, black_pawns), sub.pawns);
  return index;
}

void V1Model::prefetch_unrank(const UInt192& index) const {
  levels_.prefetch(white_index(index));  // frame 0 starts the white-to-move half
}

Position V1Model::unrank_fast(UInt192 index) const {
  // A relaxed model's tables hold its sizes, but positions outside v1 have no index here; callers get an
  // error from unrank() before reaching this.
  const auto [black, frame] = locate_top(index);
  const FrameInfo& info = levels_[frame].info;
  // The sub-block's record, which knows the king, the level-4 block and its front's run of (queens, knights)
  // blocks (frame 0: straight from the jump table).
  const SubBlock sub = levels_.locate(*this, frame, index);
  const KingFrame& kf = king_frames_[levels_[frame].king[sub.king]];
  const Square king = Square(sub.king);
  const int blk = sub.block;
  const PawnLayer& layer = *kf.layer;
  const PawnLayer::Counts c{PawnBlock.counts[blk][0], PawnBlock.counts[blk][1], PawnBlock.counts[blk][2], sub.t1,
                            sub.t2};
  const bool fast_pairs = sub.pairs != SubBlock::NoPairs;
  if (fast_pairs) {
    // The front's run is read after the pawns are placed: start loading it now.
    prefetch(&fast_keys_[sub.pairs]);
    prefetch(&fast_pairs_[sub.pairs]);
    prefetch(reinterpret_cast<const char*>(&fast_pairs_[sub.pairs]) + 64);
  }
  UInt192 piece_rank;
  const std::uint64_t pawn_rank = ProductLevel::unrank(index, sub.pawns, piece_rank);
  Men men{};
  layer.unrank(c, pawn_rank, men[White][Pawn], men[Black][Pawn]);
  if (!info.fixed.king[Black]) men[Black][King] = square_bb(king);
  const Bitboard free = ~(men[White][Pawn] | men[Black][Pawn] | info.fixed_squares | info.ep_empty | square_bb(king));
  const Bitboard knight_free = kf.knight & free, near_free = kf.near & free,
                 rest_free = free & ~knight_free & ~near_free;
  if (fast_pairs) {
    // Only frame 0's fronts have runs, and frames share a front only within a front family (which fixes
    // whether castling placed the white king): frame 0 has no castling, so the front places it.
    const FastPair& p = fast_pair(sub.pairs, sub.shift, piece_rank);
    place_front(true, p.queens, p.knights, p.tail_root, tail_.count(p.tail_root), piece_rank, knight_free, near_free,
                rest_free, men);
  } else {
    unrank_front(fronts_[kf.front_family * Blocks + blk], piece_rank, knight_free, near_free, rest_free, men);
  }
  return from_normal_form(men, info, black);
}

std::vector<UInt192> V1Model::block_starts() const {
  return levels_.block_starts(*this, [&](int frame) { return frame_start(false, frame); });
}

}  // namespace chessrank::rank
