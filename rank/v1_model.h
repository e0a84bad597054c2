// The `v1` ranking model: the `cpr` constraints plus those that tie the king of the side not to move to
// the men around it: the kings are not adjacent, no pawn or knight of the side to move attacks that king,
// and no queen of the side to move stands next to it. docs/ranking.md states the set and proves each
// constraint. In the white-to-move normal form (rank/frame.h) that king is the black king, "the king"
// below.
//
// docs/models/v1.md specifies the index: levels side to move, frame, the black king's square, pawn block,
// sub-block (pawns on the king's knight squares and on its neighbours), then piece rank times pawn count
// plus pawn rank. After the pawns the free squares fall into three classes, the king's free knight squares
// (A), its free neighbours (B) and the rest (G): the white king and queens stand on A or G, the white
// knights on B or G, the other pieces anywhere.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "rank/class_levels.h"
#include "rank/fixed_width_model.h"
#include "rank/frame.h"
#include "rank/level.h"
#include "rank/pawn_layer.h"
#include "rank/piece_layer.h"
#include "rank/uint192.h"

namespace chessrank::rank {

class V1Model final : public FixedWidthModel<V1Model> {
 public:
  // Level-4 blocks: (white pawns, black pawns, opposed files) with opposed <= min(white, black).
  static constexpr int Blocks = PawnBlocks::Count;

  // The constraints it states (rank/constraints.h); a model built without some of them counts a larger
  // set (with all of 5-7 left out, cpr's) and refuses to rank and unrank.
  static constexpr Constraints All = {Constraint::OpposedFiles, Constraint::CaptureAccounting, Constraint::KingsApart,
                                      Constraint::PawnCheck, Constraint::KnightCheck, Constraint::QueenNext};

  V1Model() : V1Model(All) {}
  explicit V1Model(Constraints keep, FrameZero frame_zero = FrameZero::Accelerated);
  ~V1Model() override;

  std::string_view name() const override { return "v1"; }
  std::string_view description() const override;

  // Fixed-width versions for hot loops, of a strict model; unrank_fast requires index < size().
  Result<UInt192> rank_fast(const Position& pos) const;
  Position unrank_fast(UInt192 index) const;
  // Ask for the jump table's lines that unrank_fast(index) reads first (FixedWidthModel batches many
  // unranks with it; docs/performance.md).
  void prefetch_unrank(const UInt192& index) const;

  // Return the number of positions with white to move in a frame with the black king on `king`.
  UInt192 king_size(int frame, Square king) const;
  // Return the first index of every non-empty level-4 block of the white-to-move half, in order.
  std::vector<UInt192> block_starts() const;

 private:
  struct Front;
  struct KingFrame;
  struct SubBlock;
  struct FastPair;

  // What a level-5 sub-block is: the pawns on the king's knight squares and on its neighbours, and its
  // number of placements.
  struct SubBlockKey {
    int t1 = 0, t2 = 0;
    std::uint64_t pawns = 0;
    // Return the number that tells a block's sub-blocks apart (FrameZeroIndex), below Keys: t1 and t2 count
    // pawns on at most 8 squares each, the king's knight squares and its neighbours.
    static constexpr int Keys = 9 * 9;
    static int key_of(int t1, int t2) { return t1 * 9 + t2; }
    int key() const { return key_of(t1, t2); }
  };
  // The plan of levels_ (ClassLevels), whose classes are the sub-blocks. List the sub-blocks of a block of a
  // king frame with pawn placements, in index order, to visit(sub, size) until it returns true
  // (ListedSumLevel).
  template <class Visit>
  void list_classes(std::int32_t at, int blk, Visit&& visit) const;
  // Return the record of a sub-block of a block of a king frame.
  SubBlock record_of(std::int32_t at, Square king, int blk, const SubBlockKey& sub, const UInt192& start) const;
  template <class, class, template <class...> class>
  friend class ClassLevels;

  // A (queens, knights) block of a front: the white queens and knights it places.
  struct FrontPair {
    int queens = 0, knights = 0;
  };
  // Return the number of ways to place the front's white king, kq queens and kn knights on a free knight
  // squares, b free neighbours and g other free squares, as far as the kept constraints allow.
  // Inlined: a call for every (queens, knights) block costs the plain path's unrank about 8%.
  [[gnu::always_inline]] inline UInt128 pair_ways(const Front& front, int kq, int kn, int a, int b, int g) const;
  // List the (queens, knights) blocks of a front with a free knight squares and b free neighbours in index
  // order, to visit(pair, size) until it returns true (ListedSumLevel): a block's size is its front
  // placements times its tail's.
  template <class Visit>
  void list_pairs(const Front& front, int a, int b, Visit&& visit) const;
  // Count (once) the piece placements of a front with a free knight squares and b free neighbours.
  const UInt192& count_front(Front& front, int a, int b);
  // Store the (queens, knights) block starts of the fronts of a family (the fast path of frame 0).
  void build_fast_fronts(int family);
  UInt192 rank_front(const Front& front, const Men& men, Bitboard knight_free, Bitboard near_free,
                     Bitboard rest_free) const;
  // Place the pieces of rank r of a front without a run of (queens, knights) blocks (unrank_fast reaches a
  // run through its sub-block's record), summing the blocks before.
  void unrank_front(const Front& front, UInt192 r, Bitboard knight_free, Bitboard near_free, Bitboard rest_free,
                    Men& men) const;
  // Return the block of a fast-path run that holds r, and make r relative to it.
  const FastPair& fast_pair(std::size_t first, int shift, UInt192& r) const;
  // Place the front's men and the tail of rank r within their (kq queens, kn knights) block.
  void place_front(bool king, int kq, int kn, int tail_root, const UInt192& tail_count, const UInt192& r,
                   Bitboard knight_free, Bitboard near_free, Bitboard rest_free, Men& men) const;

  std::vector<std::unique_ptr<PawnLayer>> pawn_layers_;  // per (en passant case, king square), or null
  std::vector<Front> fronts_;
  std::vector<KingFrame> king_frames_;
  std::vector<FastPair> fast_pairs_;      // fast path: see Front::starts
  std::vector<std::uint64_t> fast_keys_;  // fast path: per entry of fast_pairs_, its search key
  PieceLayer tail_;
  // The black king's square, the pawn blocks (every start kept) and the sub-blocks; frame 0's index on the
  // heap, where it takes less than in whole 2 MiB pages.
  ClassLevels<SubBlockKey, SubBlock, std::vector> levels_;
};

// The constraints of v1, as description() gives them.
inline constexpr std::string_view V1Description =
    "the cpr constraints (bishops counted without their square colours) plus: the kings are not adjacent, the king "
    "of the side not to move is not attacked by a pawn or a knight and has no queen of the side to move next to it";

}  // namespace chessrank::rank
