// FrameZeroIndex: the accelerator of frame 0 (no castling, no en passant), which holds about 99% of the
// indices of `v1`, `v2` and `v3`. The frame's deepest summed level (v1's sub-blocks, v2's classes) is kept
// as records in index order, each with its start within the frame and what the model reads of its branch;
// the records of each (king frame, pawn block) end with a sentinel (start = the block's end, sentinel()
// true), so that starts never decrease. Rank finds a record through the run of its (king frame, block);
// unrank through a JumpTable over the records. The packing of a record and of a run is the model's; this
// holds, builds and searches them alike for every model, in vectors of the model's choice (`Vector`: the
// large tables' allocator by default). A model built with FrameZero::Plain (rank/frame.h) leaves it empty.
#pragma once

#include <cstddef>

#include "rank/jump_table.h"
#include "rank/large_allocator.h"
#include "rank/uint192.h"

namespace chessrank::rank {

template <class Record, class Run, template <class...> class Vector = LargeVector>
class FrameZeroIndex {
 public:
  Vector<Record>& records() { return records_; }
  const Vector<Record>& records() const { return records_; }
  Vector<Run>& runs() { return runs_; }
  const Run& run(std::size_t i) const { return runs_[i]; }

  // Index the records, all in place, of a frame of `total` indices.
  void build(const UInt192& total) { jump_.build(records_, total); }
  bool empty() const { return jump_.empty(); }

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
  Vector<Record> records_;
  Vector<Run> runs_;
  JumpTable<Record> jump_;
};

}  // namespace chessrank::rank
