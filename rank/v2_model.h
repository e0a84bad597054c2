// The `v2` and `v3` ranking models: every constraint of the ranking issue. The `cpr` constraints with a
// side's bishops counted by square colour (constraint 3 in full: one original bishop per colour), the kings
// not adjacent (5), and the king of the side not to move attacked by no pawn and no knight of the side to
// move (6). docs/ranking.md states the set, proves each constraint and says where it differs from `v1` (no
// queen rule). `v2` leaves the colour count and the knights out of its en passant frames, so that its
// tables stay near 160 MB; `v3` has them in every frame, the exact set of the constraints, for 566 MB. In
// the white-to-move normal form (rank/frame.h) the king of the side not to move is the black king, "the
// king" below.
//
// docs/models/v2.md specifies the index: levels side to move, frame, the black king's square, pawn block,
// class (men on the king's knight squares, men on its colour), then piece rank (ClassPieceLayer) times
// placements plus the placement's rank (PawnKingLayer: pawns and the white king).
#pragma once

#include <algorithm>
#include <array>
#include <cassert>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <tuple>
#include <vector>

#include "rank/class_levels.h"
#include "rank/class_piece_layer.h"
#include "rank/fixed_width_model.h"
#include "rank/frame.h"
#include "rank/large_allocator.h"
#include "rank/level.h"
#include "rank/pawn_king_layer.h"
#include "rank/uint192.h"

namespace chessrank::rank {

class V2Model : public FixedWidthModel<V2Model> {
 public:
  static constexpr int Blocks = PawnBlocks::Count;
  static constexpr int MaxTrack = 9, MaxColour = 18;  // men on the tracked set: 0..8, on the colour: 0..17

  // The constraints it states (rank/constraints.h); a model built without some of them counts a larger
  // set (with the bishop colours and 5-6 left out, cpr's) and refuses to rank and unrank.
  static constexpr Constraints All = {Constraint::OpposedFiles, Constraint::CaptureAccounting,
                                      Constraint::BishopColours, Constraint::KingsApart, Constraint::PawnCheck,
                                      Constraint::KnightCheck};

  // The set: `v2` counts the bishops without colours and lets the knights be in its en passant frames; `v3`
  // does not. Both rank each frame without an en passant square alike, position for position.
  enum class Edition { V2, V3 };

  // `progress` hears of each pawn layer built (nearly all of a build's time).
  explicit V2Model(const ProgressCallback& progress = {});
  explicit V2Model(Constraints keep);
  V2Model(Edition edition, Constraints keep, const ProgressCallback& progress = {},
          FrameZero frame_zero = FrameZero::Accelerated);
  ~V2Model() override;

  std::string_view name() const override { return exact_ ? "v3" : "v2"; }
  std::string_view description() const override;
  std::vector<std::pair<std::string, BigInt>> without_each_constraint(
      const ProgressCallback& progress = {}) const override;

  // Fixed-width versions for hot loops, of a strict model; unrank_fast requires index < size().
  Result<UInt192> rank_fast(const Position& pos) const;
  Position unrank_fast(UInt192 index) const;
  // Unrank indices[i] into out[i] (of the same size), each below size(): the positions of unrank_fast,
  // about a fifth faster for many indices (docs/performance.md).
  void unrank_many(std::span<const UInt192> indices, std::span<Position> out) const;

  // Return the number of positions with white to move in a frame with the black king on `king`.
  UInt192 king_size(int frame, Square king) const;
  // Return the first index of every non-empty level-4 block of the white-to-move half, in order.
  std::vector<UInt192> block_starts() const;
  // Return the memory the model's tables hold, in bytes (an estimate of the main ones).
  std::size_t table_bytes() const;

  // Return why a position (any side to move) is not in the model, or nullopt when it is: the check of the
  // constraints its frame keeps (kept_in).
  std::optional<std::string> violation(const Position& pos) const;

 private:
  // What a king's classes need to become piece roots: the frame's fixed men and the free squares before
  // the pawns and the white king. King frames with equal families share the root of each class.
  struct RootFamily {
    bool colours = true;
    std::array<int, 2> rooks{0, 0};
    int a0 = 0;      // the king's knight squares not taken by the frame
    int y0 = 0;      // squares of the king's colour not taken (the king's own is taken)
    int free0 = 0;   // squares not taken, less the white king's when the layer places it
    std::vector<std::int32_t> roots;  // per class (ClassIndex): its ClassPieceLayer root
    auto key() const { return std::make_tuple(colours, rooks, a0, y0, free0); }
  };
  struct KingFrame {
    Square king = NoSquare;
    int layer = -1;
    int family = -1;
    bool king_placed = true;  // the layer places the white king (false: castling fixed it on e1)
    Bitboard taken = 0;       // the black king, the frame's fixed men, the squares en passant empties
    Bitboard knight = 0;      // the king's knight squares not taken (the tracked set; 0 without constraint 6)
    Bitboard colour = 0;      // squares of the king's colour not taken (0 without colours)
    int frame = 0;  // the first frame that uses it
  };
  // The record of a level-5 class (ClassLevels): its start within the frame, its placements, its pieces'
  // knights choices (ClassPieceLayer::Knights: what rank and unrank read of its root, kept here to save that
  // dependent read), black king, level-4 block and counts, packed in 32 bytes so that a record of frame 0's
  // index never straddles two cache lines. There a block's classes are adjacent and end with a sentinel
  // (start = the block's end, track = NoClass), so that starts never decrease along the records.
  //
  //   word | bits                                  (a frame holds fewer than 2^151 positions, a class fewer
  //   -----+-------------------------------------   than 2^56 placements of pawns and king, the piece layer
  //     0  | start, bits 0-63                        fewer than 2^21 knights choices: v3's has 1.35M, as
  //     1  | start, bits 64-127                       the build checks)
  //     2  | start, bits 128-150 | knights.first << 23 (21 bits) | king << 44 (6) | block << 50 (9) |
  //        | track << 59 (4) | knights.colours << 63
  //     3  | placements (59 bits) | colour << 59 (5)
  class alignas(32) SubBlock {
   public:
    static constexpr int NoClass = 15;
    // Return whether a class with these values fits the record.
    static bool fits(const UInt192& at, std::uint64_t p, const ClassPieceLayer::Knights& k) {
      return at.bit_width() <= 151 && p >> 59 == 0 && k.first < (1 << 21);
    }
    SubBlock() = default;
    explicit SubBlock(const UInt192& end) : SubBlock(end, 0, {}, NoClass, 0, Square(0), 0) {}
    SubBlock(const UInt192& at, std::uint64_t p, const ClassPieceLayer::Knights& k, int track, int colour, Square king,
             int block)
        : w_{at.bits_from(0), at.bits_from(64),
             at.bits_from(128) | std::uint64_t(k.first) << 23 | std::uint64_t(king) << 44 |
                 std::uint64_t(block) << 50 | std::uint64_t(track) << 59 | std::uint64_t(k.colours) << 63,
             p | std::uint64_t(colour) << 59} {}
    UInt192 start() const { return UInt192::from_limbs(w_[0], w_[1], w_[2] & 0x7FFFFF); }
    std::uint64_t pawns() const { return w_[3] & ((std::uint64_t(1) << 59) - 1); }
    ClassPieceLayer::Knights knights() const { return {std::uint32_t(w_[2] >> 23 & 0x1FFFFF), bool(w_[2] >> 63)}; }
    Square king() const { return Square(w_[2] >> 44 & 63); }
    int block() const { return int(w_[2] >> 50 & 511); }
    int track() const { return int(w_[2] >> 59 & 15); }
    bool sentinel() const { return track() == NoClass; }
    int colour() const { return int(w_[3] >> 59); }

   private:
    std::array<std::uint64_t, 4> w_{};
  };
  static_assert(sizeof(SubBlock) == 32);
  static_assert(MaxTrack < SubBlock::NoClass && MaxColour <= 32 && Blocks <= 512, "the record's fields");

  // Where the root of class (track, colour) of block blk is in a family's roots: per block a [track][colour]
  // array cut, as the pawn tables are, to what w + b pawns and a king can reach (0..w + b + 1).
  struct ClassIndex {
    std::array<std::uint32_t, Blocks + 1> offset{};
    static int extent(int blk) { return PawnBlock.counts[blk][0] + PawnBlock.counts[blk][1] + 2; }
    ClassIndex() {
      for (int blk = 0; blk < Blocks; ++blk)
        offset[blk + 1] =
            offset[blk] + std::uint32_t(std::min(extent(blk), MaxTrack) * std::min(extent(blk), MaxColour));
    }
    std::size_t at(int blk, int track, int colour) const {
      return offset[blk] + std::size_t(track) * std::min(extent(blk), MaxColour) + colour;
    }
  };
  static const ClassIndex Classes;
  // Return the ClassPieceLayer root of a class.
  std::int32_t root_of(const KingFrame& kf, int blk, int track, int colour) const {
    return families_[kf.family].roots[Classes.at(blk, track, colour)];
  }
  ClassPieceLayer::Root root_for(const RootFamily& f, int blk, int track, int colour) const;
  // A level-5 class: its counts on the tracked set and on the king's colour, its placements of pawns and
  // white king, and the root of its pieces.
  struct Class {
    int track = 0, colour = 0;
    std::uint64_t placements = 0;
    std::int32_t root = -1;
    // Return the number that tells a block's classes apart (FrameZeroIndex), below Keys.
    static constexpr int Keys = MaxTrack * MaxColour;
    static int key_of(int track, int colour) { return track * MaxColour + colour; }
    int key() const { return key_of(track, colour); }
  };
  // The plan of levels_ (ClassLevels). List the classes of a block of a king frame with placements, in index
  // order, to visit(class, size) until it returns true (ListedSumLevel).
  template <class Visit>
  void list_classes(std::int32_t at, int blk, Visit&& visit) const {
    const KingFrame& kf = king_frames_[at];
    const PawnKingLayer::Block classes = layers_[kf.layer]->classes(blk, kf.king_placed);
    for (int t = 0; t < classes.tracks; ++t)
      for (int c = 0; c < classes.colours; ++c)
        if (const std::uint64_t p = classes.at(t, c)) {
          const std::int32_t root = root_of(kf, blk, t, c);
          if (visit(Class{t, c, p, root}, [&] { return pieces_.count(root) * p; })) return;
        }
  }
  // Return the record of a class of a block of a king frame.
  SubBlock record_of(std::int32_t at, Square king, int blk, const Class& c, const UInt192& start) const;
  template <class, class, template <class...> class>
  friend class ClassLevels;
  ClassPieceLayer::Squares squares(const KingFrame& kf, Bitboard free) const;
  // An unrank up to the pawn walk: the king frame, the counts of the pawns and white king, the pieces'
  // knights choices, and the ranks of both.
  struct Pending {
    const KingFrame* kf = nullptr;
    int frame = 0;
    bool black = false;
    PawnKingLayer::Counts counts;
    ClassPieceLayer::Knights knights;
    UInt192 piece_rank;
    std::uint64_t placement_rank = 0;
  };
  // Return the unrank of index up to its pawn walk. This and unrank_end are inlined: as calls, they made an
  // unrank of tables in cache 2% slower.
  [[gnu::always_inline]] inline Pending unrank_begin(UInt192 index) const;
  // Return the position of an unrank whose pawn walk is done.
  [[gnu::always_inline]] inline Position unrank_end(const Pending& p, const PawnKingLayer::Walk& w) const;


  bool exact_ = false;  // v3: the en passant frames with the colours and the knights
  // Return whether frames with an en passant square (true) or without one are v2's exception, which v3
  // does not make: they leave the bishop colours and the knight check out (and so keep few block starts).
  bool exempt(bool en_passant) const { return en_passant && !exact_; }
  // Return the constraints of the frames with an en passant square (true) or without one. The tables, the
  // counts and violation() take their constraints from here.
  Constraints kept_in(bool en_passant) const {
    return exempt(en_passant) ? kept().without({Constraint::BishopColours, Constraint::KnightCheck}) : kept();
  }
  PawnKingTables tables_;
  std::vector<std::unique_ptr<PawnKingLayer>> layers_;
  std::vector<RootFamily> families_;
  ClassPieceLayer pieces_;
  std::vector<KingFrame> king_frames_;
  // The black king's square, the pawn blocks and the classes; every block's start kept in frames without an
  // en passant square, every 16th in v2's with one.
  ClassLevels<Class, SubBlock> levels_;
};

// The `v3` model: `v2` with bishops by colour and the knight check in the en passant frames too.
class V3Model final : public V2Model {
 public:
  explicit V3Model(const ProgressCallback& progress = {});
};

// The constraints of v2 and of v3 (v2's without the en passant exception after the semicolon), as
// description() gives them.
inline constexpr std::string_view V2Description =
    "the cpr constraints with bishops counted by square colour, plus: the kings are not adjacent, the king of "
    "the side not to move is not attacked by a pawn or a knight; with an en passant square, bishops counted "
    "without their colours and knights not checked";
inline constexpr std::string_view V3Description = V2Description.substr(0, V2Description.find(';'));

}  // namespace chessrank::rank
