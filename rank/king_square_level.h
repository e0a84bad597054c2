// KingSquareLevel: the level under the frame in v1, v2 and v3, the square of the black king (in the
// white-to-move normal form, the king of the side not to move). Under a square lie the positions of a king
// frame: the model's table of the positions with that king, shared by the frames that agree on all that its
// count and its ranking read (castling rights on the far side of the board change nothing, say). The three
// models differ only in that key and in what a king frame holds; the level, its sharing and its layout are
// written here once.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "rank/flat_index.h"
#include "rank/frame.h"
#include "rank/level.h"
#include "rank/uint192.h"

namespace chessrank::rank {

// A frame of the level: what it fixes, the king frame of each square, and the squares' starts.
struct KingSquareFrame {
  FrameInfo info;
  std::array<std::int32_t, 64> king{};  // per black-king square: its king frame, -1 if none
  KeyedSumLevel<64> kings;              // the black king's squares
};

class KingSquareLevel {
 public:
  // Every frame, with no king frame yet.
  KingSquareLevel() : frames_(Frames) {
    for (int i = 0; i < Frames; ++i) {
      frames_[i].info = frame_info(i);
      frames_[i].king.fill(-1);
    }
  }

  const KingSquareFrame& operator[](int frame) const { return frames_[frame]; }

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
        if (added) add(i, Square(k));
        frames_[i].king[k] = number;
      }
  }

  // Lay out each frame's squares, a square of king frame kf holding size_of(kf) positions; a square whose
  // king frame holds none loses it.
  template <class SizeOf>
  void assign(SizeOf&& size_of) {
    for (KingSquareFrame& f : frames_)
      f.kings.assign([&](std::size_t k) {
        std::int32_t& kf = f.king[k];
        if (kf < 0) return UInt192();
        const UInt192 size = size_of(kf);
        if (size.is_zero()) kf = -1;
        return size;
      });
  }

  // Return the positions of a frame (white to move), and those with the black king on a square.
  const UInt192& total(int frame) const { return frames_[frame].kings.total(); }
  UInt192 size(int frame, Square king) const { return frames_[frame].kings.count(king); }

  // Call visit(frame, king, kf) for every square with a king frame (once assign has run: with positions), in
  // index order.
  template <class Visit>
  void for_each(Visit&& visit) const {
    for (int i = 0; i < Frames; ++i)
      for (int k = 0; k < 64; ++k)
        if (frames_[i].king[k] >= 0) visit(i, Square(k), frames_[i].king[k]);
  }

  // Return the first index of every non-empty block of the white-to-move half, in order: frame i starts at
  // frame_start(i), and a square of king frame kf holds `blocks` blocks, block b of size_of(kf, b).
  template <class FrameStart, class SizeOf>
  std::vector<UInt192> block_starts(FrameStart&& frame_start, int blocks, SizeOf&& size_of) const {
    std::vector<UInt192> starts;
    for_each([&](int frame, Square king, std::int32_t kf) {
      UInt192 at = frame_start(frame) + frames_[frame].kings.start(king);
      for (int b = 0; b < blocks; ++b)
        if (const UInt192 size = size_of(kf, b); !size.is_zero()) {
          starts.push_back(at);
          at += size;
        }
    });
    return starts;
  }

 private:
  std::vector<KingSquareFrame> frames_;
};

}  // namespace chessrank::rank
