// FrameZeroIndex: the accelerator of frame 0 (no castling, no en passant), which holds about 99% of the
// indices of `v1`, `v2` and `v3`. The frame's deepest summed level (v1's sub-blocks, v2's classes) is kept
// as records in index order, each with its start within the frame and what the model reads of its branch;
// the records of each (black king's square, pawn block) end with a sentinel (start = the block's end,
// sentinel() true), so that starts never decrease. Rank finds a record through the run of its (square,
// block), which knows the block's first record and which classes it holds (by the class's key, a number
// below `Keys`: a popcount, not a scan, finds the record); unrank through a JumpTable over the records. The
// packing of a record is the model's; this lays the records out from the model's plan (ClassLevels), holds
// and searches them alike for every model, in vectors of the model's choice (`Vector`: the large tables'
// allocator by default). A model built with FrameZero::Plain (rank/frame.h) leaves it empty.
#pragma once

#include <array>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/bitboard.h"
#include "core/threads.h"
#include "rank/frame.h"
#include "rank/jump_table.h"
#include "rank/large_allocator.h"
#include "rank/uint192.h"

namespace chessrank::rank {

template <class Record, int Keys, template <class...> class Vector = LargeVector>
class FrameZeroIndex {
 public:
  // Lay out and index the records from frame 0's plan: the black king's squares of `frame`, in index order,
  // each with `blocks` pawn blocks of its king frame, and the classes of a block as list(king_frame, block,
  // visit) lists them (ListedSumLevel, rank/level.h), a class `cls` with its key cls.key() (below Keys,
  // increasing along a block's classes: find counts the keys below its own). pack(king_frame, king, block,
  // cls, start) returns the record of a class with positions; Record{end} is a block's sentinel. The records
  // are laid out a square at a time on several threads.
  template <class List, class Pack>
  void build(const KingSquareFrame& frame, int blocks, List&& list, Pack&& pack) {
    std::vector<int> squares;  // with a king frame, in index order
    for (int k = 0; k < 64; ++k)
      if (frame.king[k] >= 0) squares.push_back(k);
    std::vector<std::size_t> first(squares.size() + 1);  // per square its first record, then the end
    for_each_index(squares.size(), worker_threads_up_to(4), [&](std::size_t i) {
      std::size_t n = blocks;  // the sentinels
      for (int b = 0; b < blocks; ++b) list(frame.king[squares[i]], b, [&](const auto&, auto&& size) {
        n += size().is_zero() ? 0 : 1;
        return false;
      });
      first[i + 1] = n;
    });
    for (std::size_t i = 0; i < squares.size(); ++i) first[i + 1] += first[i];
    records_.resize(first.back());
    runs_.resize(squares.size() * blocks);
    for_each_index(squares.size(), worker_threads_up_to(4), [&](std::size_t i) {
      const Square king = Square(squares[i]);
      const std::int32_t king_frame = frame.king[king];
      std::size_t s = first[i];
      UInt192 at = frame.kings.start(king);
      for (int b = 0; b < blocks; ++b) {
        Run& run = runs_[i * blocks + b];
        run.first = std::uint32_t(s);
        [[maybe_unused]] int last_key = -1;
        list(king_frame, b, [&](const auto& cls, auto&& size_of) {
          const UInt192 size = size_of();
          if (size.is_zero()) return false;
          const int key = cls.key();
          assert(key > last_key && key < Keys);
          last_key = key;
          run.keys[key / 64] |= std::uint64_t(1) << key % 64;
          records_[s++] = pack(king_frame, king, b, cls, at);
          at += size;
          return false;
        });
        records_[s++] = Record{at};
      }
    });
    jump_.build(records_, frame.kings.total());
    first_run_.fill(-1);
    for (std::size_t i = 0; i < squares.size(); ++i) first_run_[squares[i]] = std::int32_t(i * blocks);
  }
  bool empty() const { return jump_.empty(); }

  // Return the record of the class with this key in block `block` under the black king on `king`, a class
  // with positions.
  const Record& find(Square king, int block, int key) const {
    assert(first_run_[king] >= 0 && std::size_t(first_run_[king] + block) < runs_.size());
    const Run& r = runs_[std::size_t(first_run_[king] + block)];
    const int word = key / 64;
    assert(r.keys[word] >> key % 64 & 1);
    std::uint32_t n = r.first + std::uint32_t(popcount(r.keys[word] & ((std::uint64_t(1) << key % 64) - 1)));
    for (int w = 0; w < word; ++w) n += std::uint32_t(popcount(r.keys[w]));
    return records_[n];
  }

  // Return the record holding r, an index within frame 0, and make r relative to its start. Out of line:
  // the models' unrank runs faster with it as a call.
  [[gnu::noinline]] const Record& locate(UInt192& r) const {
    const Record& record = jump_.holder(records_, r);
    r -= JumpTable<Record>::start_of(record);
    return record;
  }
  // Ask for the lines locate(r) reads first (nothing for an index of another frame).
  void prefetch(const UInt192& r) const { jump_.prefetch(r); }
  std::size_t bytes() const { return records_.size() * sizeof(Record) + runs_.size() * sizeof(Run) + jump_.bytes(); }

 private:
  // The records of one (square, block): the first, and which class keys they hold (bit key). 32 bytes,
  // aligned: within one cache line.
  struct alignas(32) Run {
    std::uint32_t first = 0;
    std::array<std::uint64_t, (Keys + 63) / 64> keys{};
  };
  static_assert(sizeof(Run) == 32, "keys below 192");

  Vector<Record> records_;
  Vector<Run> runs_;  // per (square, block), the squares in index order
  std::array<std::int32_t, 64> first_run_{};  // per square its first run, -1: none
  JumpTable<Record> jump_;
};

}  // namespace chessrank::rank
