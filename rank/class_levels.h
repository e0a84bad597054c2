// ClassLevels: the levels of `v1`, `v2` and `v3` under the frame, written once: the black king's square (a
// KeyedSumLevel per frame), the pawn block (a StridedSumLevel per king frame) and the class (a ListedSumLevel
// of the model's listing; v1's sub-blocks). Under a square lie the positions of a king frame, shared by the
// frames and squares that agree on all that its count and its ranking read (castling rights on the far side
// of the board change nothing, say). Rank and unrank reach a class alike in every frame and get the same
// thing back, the model's record of it: in frame 0 the one its FrameZeroIndex keeps, elsewhere one the model
// packs on the way. The model is the plan; it gives
//
//   void list_classes(std::int32_t king_frame, int block, Visit&& visit) const;
//       the classes of a block (ListedSumLevel), of type Class, each with a key() below Class::Keys,
//       increasing along a block
//   Record record_of(std::int32_t king_frame, Square king, int block, const Class&, const UInt192& start) const;
//       the record of a class starting at `start` within its frame (0 for one packed on the way), with
//       Record{end}, a block's sentinel in frame 0's index, sentinel(), and start (or start()) its start
//
// and its blocks' sizes while it builds: share the squares' king frames, assign every king frame's blocks
// (each of them), then finish.
#pragma once

#include <cassert>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "core/bitboard.h"
#include "rank/flat_index.h"
#include "rank/frame.h"
#include "rank/frame_zero.h"
#include "rank/jump_table.h"
#include "rank/large_allocator.h"
#include "rank/level.h"
#include "rank/pawn_layer.h"
#include "rank/uint192.h"

namespace chessrank::rank {

template <class Class, class Record, template <class...> class Vector = LargeVector>
class ClassLevels {
 public:
  // Every frame, with no king frame yet, and `blocks` pawn blocks under each.
  explicit ClassLevels(int blocks = PawnBlocks::Count) : block_count_(blocks), frames_(Frames) {
    for (int i = 0; i < Frames; ++i) {
      frames_[i].info = frame_info(i);
      frames_[i].king.fill(-1);
    }
  }

  // Give the squares their king frames. For each frame and each square it leaves the black king
  // (black_king_fits, constraint 5 with kings_apart), key_of(frame, king) returns the key of the square's
  // king frame, or nullopt when no position has the king there. Squares with equal keys share a king frame;
  // add(frame, king) hears of each new one, in order of first use (its number is the count of those before),
  // right after key_of(frame, king), so that key_of may leave for add what it worked out.
  template <class Key, class KeyOf, class Add>
  void share(bool kings_apart, KeyOf&& key_of, Add&& add) {
    KeyIndex<Key> numbers;
    for (int i = 0; i < Frames; ++i)
      for (int k = 0; k < 64; ++k) {
        if (!black_king_fits(frames_[i].info, Square(k), kings_apart)) continue;
        const std::optional<Key> key = key_of(i, Square(k));
        if (!key) continue;
        const auto [number, added] = numbers.insert(*key);
        if (added) {
          blocks_.emplace_back();
          add(i, Square(k));
        }
        frames_[i].king[k] = number;
      }
  }
  // Lay out the blocks of king frame kf, block b of size_of(b), keeping every stride-th start (a king frame
  // at a time on any thread).
  template <class SizeOf>
  void assign(std::int32_t kf, std::size_t stride, SizeOf&& size_of) {
    blocks_[kf].assign(block_count_, stride, size_of);
  }
  // Lay out every frame's squares (a square whose king frame holds no position loses it) and, with
  // `accelerate`, index frame 0's classes.
  template <class Plan>
  void finish(const Plan& plan, bool accelerate) {
    for (KingSquareFrame& f : frames_)
      f.kings.assign([&](std::size_t k) {
        std::int32_t& kf = f.king[k];
        if (kf >= 0 && blocks_[kf].total().is_zero()) kf = -1;
        return kf < 0 ? UInt192() : blocks_[kf].total();
      });
    if (!accelerate) return;
    const auto list = [&](std::int32_t kf, int b, auto&& visit) { plan.list_classes(kf, b, visit); };
    const auto pack = [&](std::int32_t kf, Square king, int b, const Class& c, const UInt192& start) {
      return plan.record_of(kf, king, b, c, start);
    };
    fast_.build(frames_[0], block_count_, list, pack);
  }

  const KingSquareFrame& operator[](int frame) const { return frames_[frame]; }
  std::size_t king_frames() const { return blocks_.size(); }
  // Return the positions of a frame (white to move), and those with the black king on a square.
  const UInt192& total(int frame) const { return frames_[frame].kings.total(); }
  UInt192 size(int frame, Square king) const { return frames_[frame].kings.count(king); }

  // Return the record of the class with this key in block blk under the black king on `king` in `frame` (a
  // class with positions), and add the class's start within the frame to `at`.
  template <class Plan>
  Record find(const Plan& plan, int frame, Square king, int blk, int key, UInt192& at) const {
    assert(blk >= 0 && blk < block_count_);
    if (frame == 0 && !fast_.empty()) {
      const Record& record = fast_.find(king, blk, key);
      at += JumpTable<Record>::start_of(record);
      return record;
    }
    const std::int32_t kf = frames_[frame].king[king];
    at += frames_[frame].kings.start(king) + block_start(plan, kf, blk);
    const auto is = [&](const Class& c) { return c.key() == key; };
    return plan.record_of(kf, king, blk, ListedSumLevel::find<Class>(listing(plan, kf, blk), is, at), UInt192());
  }
  // Return the record of the class holding r, an index within `frame`, and make r relative to the class.
  template <class Plan>
  Record locate(const Plan& plan, int frame, UInt192& r) const {
    if (frame == 0 && !fast_.empty()) return fast_.locate(r);
    const KingSquareFrame& f = frames_[frame];
    const Square king = Square(f.kings.locate(r));
    const std::int32_t kf = f.king[king];
    const int blk = int(blocks_[kf].locate(r, [&](std::size_t b) { return block_size(plan, kf, int(b)); }));
    return plan.record_of(kf, king, blk, ListedSumLevel::locate<Class>(listing(plan, kf, blk), r), UInt192());
  }
  // Return the positions of block blk of king frame kf, summed from the plan's listing.
  template <class Plan>
  static UInt192 block_size(const Plan& plan, std::int32_t kf, int blk) {
    return ListedSumLevel::total(listing(plan, kf, blk));
  }
  // Ask for the lines locate(0, r) reads first.
  void prefetch(const UInt192& r) const { fast_.prefetch(r); }

  // Return the first index of every non-empty block of the white-to-move half, frame i starting at
  // frame_start(i), in order.
  template <class Plan, class FrameStart>
  std::vector<UInt192> block_starts(const Plan& plan, FrameStart&& frame_start) const {
    std::vector<UInt192> starts;
    for (int i = 0; i < Frames; ++i) {
      UInt192 at = frame_start(i);
      for (int k = 0; k < 64; ++k)
        if (const std::int32_t kf = frames_[i].king[k]; kf >= 0)
          for (int b = 0; b < block_count_; ++b)
            if (const UInt192 size = block_size(plan, kf, b); !size.is_zero()) {
              starts.push_back(at);
              at += size;
            }
    }
    return starts;
  }
  // Return the memory the block starts and frame 0's index hold, in bytes.
  std::size_t bytes() const {
    std::size_t starts = 0;
    for (const StridedSumLevel& b : blocks_) starts += sizeof(b) + b.bytes();
    return starts + fast_.bytes();
  }

 private:
  template <class Plan>
  static auto listing(const Plan& plan, std::int32_t kf, int blk) {
    return [&plan, kf, blk](auto&& visit) { plan.list_classes(kf, blk, visit); };
  }
  template <class Plan>
  UInt192 block_start(const Plan& plan, std::int32_t kf, int blk) const {
    return blocks_[kf].start(std::size_t(blk), [&](std::size_t b) { return block_size(plan, kf, int(b)); });
  }

  int block_count_;
  std::vector<KingSquareFrame> frames_;
  std::vector<StridedSumLevel> blocks_;  // per king frame
  FrameZeroIndex<Record, Class::Keys, Vector> fast_;
};

}  // namespace chessrank::rank
