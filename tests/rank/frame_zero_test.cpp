// FrameZeroIndex on a plan of its own: the records it lays out start where summing the classes before says,
// find(king, block, key) returns the record of each class with positions, and locate(r) the record that holds r.
#include "rank/frame_zero.h"

#include <gtest/gtest.h>

#include <array>
#include <pcg_random.hpp>
#include <vector>

namespace chessrank::rank {
namespace {

constexpr int Blocks = 5, KingFrames = 3, Keys = 150;  // keys in all three words of a run

struct Record {
  UInt192 start;
  int king = -1, block = -1, key = -1;  // key -1: a block's sentinel
  Record() = default;
  explicit Record(const UInt192& end) : start(end) {}
  Record(const UInt192& at, int k, int b, int c) : start(at), king(k), block(b), key(c) {}
  bool sentinel() const { return key < 0; }
};

struct Class {
  int k = 0;
  UInt192 size;
  int key() const { return k; }
};

// A class expected at a place of frame 0.
struct Expected {
  UInt192 start, size;
  int king, block, key;
};

TEST(FrameZeroIndex, FindsAndLocatesTheRecordsOfItsPlan) {
  pcg64 rng(7);
  // Per (king frame, block): classes with increasing keys, some of them empty; king frame 2 has none with
  // positions, so its squares drop out of the layout.
  std::array<std::array<std::vector<Class>, Blocks>, KingFrames> classes;
  for (int kf = 0; kf < KingFrames; ++kf)
    for (int b = 0; b < Blocks; ++b)
      for (int key = 0; key < Keys; ++key) {
        if (rng() % 8 != 0) continue;
        UInt192 size;
        if (kf != 2 && rng() % 4 != 0) size = UInt192::from_limbs(rng(), rng() >> (rng() % 64), 0);
        classes[kf][b].push_back({key, size});
      }
  // The squares of frame 0: none on rank 7; king frames by file, those of king frame 2 without positions.
  KingSquareFrame frame;
  frame.king.fill(-1);
  frame.kings.assign([&](std::size_t k) {
    const std::int32_t kf = file_of(Square(k)) % KingFrames;
    UInt192 total;
    for (const auto& block : classes[kf])
      for (const Class& c : block) total += c.size;
    if (rank_of(Square(k)) != 6 && !total.is_zero()) frame.king[k] = kf;
    return frame.king[k] < 0 ? UInt192() : total;
  });
  const auto list = [&](std::int32_t kf, int b, auto&& visit) {
    for (const Class& c : classes[kf][b])
      if (visit(c, [&] { return c.size; })) return;
  };
  const auto pack = [](std::int32_t, Square king, int b, const Class& c, const UInt192& start) {
    return Record(start, int(king), b, c.k);
  };
  FrameZeroIndex<Record, Keys, std::vector> index;
  index.build(frame, Blocks, list, pack);

  // Every class with positions found by its square, block and key.
  std::vector<Expected> expected;
  for (int k = 0; k < 64; ++k) {
    const std::int32_t kf = frame.king[k];
    if (kf < 0) continue;
    UInt192 at = frame.kings.start(Square(k));
    for (int b = 0; b < Blocks; ++b)
      for (const Class& c : classes[kf][b]) {
        if (c.size.is_zero()) continue;
        const Record& r = index.find(Square(k), b, c.k);
        EXPECT_EQ(r.start, at);
        EXPECT_EQ(r.king, k);
        EXPECT_EQ(r.block, b);
        EXPECT_EQ(r.key, c.k);
        expected.push_back({at, c.size, k, b, c.k});
        at += c.size;
      }
  }
  ASSERT_FALSE(expected.empty());
  EXPECT_EQ(expected.back().start + expected.back().size, frame.kings.total());

  // Indices at the ends of every class and at random: the holder by walking, and the offset within it.
  std::vector<UInt192> probes;
  for (const Expected& e : expected) probes.insert(probes.end(), {e.start, e.start + e.size - UInt192(1)});
  for (int i = 0; i < 2000; ++i) {
    UInt192 quotient, r;
    UInt192::divmod(UInt192::from_limbs(rng(), rng(), rng()), frame.kings.total(), quotient, r);
    probes.push_back(r);
  }
  for (const UInt192& probe : probes) {
    std::size_t holder = 0;
    while (holder + 1 < expected.size() && !(probe < expected[holder + 1].start)) ++holder;
    UInt192 r = probe;
    const Record& found = index.locate(r);
    EXPECT_EQ(found.king, expected[holder].king);
    EXPECT_EQ(found.block, expected[holder].block);
    EXPECT_EQ(found.key, expected[holder].key);
    EXPECT_EQ(r, probe - expected[holder].start);
  }
}

}  // namespace
}  // namespace chessrank::rank
