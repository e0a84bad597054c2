// FrameZeroIndex and ClassLevels on plans of their own: the records frame 0's index lays out start where
// summing the classes before says, find gives the record of each class with positions and locate the one that
// holds an index; ClassLevels, built with frame 0's index and without, does the same in every frame, shares
// king frames by key and gives the blocks' starts, and the two builds agree.
#include "rank/class_levels.h"

#include <gtest/gtest.h>

#include <array>
#include <map>
#include <optional>
#include <pcg_random.hpp>
#include <utility>
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
  static constexpr int Keys = rank::Keys;
  int k = 0;
  UInt192 size;
  int key() const { return k; }
};

// A class expected at a place of a frame.
struct Expected {
  UInt192 start, size;
  int king, block, key;
};

// Return indices at the ends of every class, in order, and `random` more below their end, each with the class
// that holds it (found by walking the classes).
std::vector<std::pair<UInt192, Expected>> probes(const std::vector<Expected>& expected, int random, pcg64& rng) {
  std::vector<UInt192> at;
  for (const Expected& e : expected) at.insert(at.end(), {e.start, e.start + e.size - UInt192(1)});
  const UInt192 end = expected.back().start + expected.back().size;
  for (int i = 0; i < random; ++i) {
    UInt192 quotient, r;
    UInt192::divmod(UInt192::from_limbs(rng(), rng(), rng()), end, quotient, r);
    at.push_back(r);
  }
  std::vector<std::pair<UInt192, Expected>> out;
  for (const UInt192& probe : at) {
    std::size_t holder = 0;
    while (holder + 1 < expected.size() && !(probe < expected[holder + 1].start)) ++holder;
    out.emplace_back(probe, expected[holder]);
  }
  return out;
}

// Check that locate found the record of class e for the index `probe`, leaving r, the offset within it.
void expect_located(const Record& found, const UInt192& r, const UInt192& probe, const Expected& e) {
  EXPECT_EQ(found.king, e.king);
  EXPECT_EQ(found.block, e.block);
  EXPECT_EQ(found.key, e.key);
  EXPECT_EQ(r, probe - e.start);
}

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

  for (const auto& [probe, holder] : probes(expected, 2000, rng)) {
    UInt192 r = probe;
    const Record& found = index.locate(r);
    expect_located(found, r, probe, holder);
  }
}


// Per king frame and block, classes with increasing keys, some of them empty; one king frame in five has
// none with positions, so its squares drop out of the layout.
struct Plan {
  std::vector<std::array<std::vector<Class>, Blocks>> classes;
  template <class Visit>
  void list_classes(std::int32_t kf, int b, Visit&& visit) const {
    for (const Class& c : classes[kf][b])
      if (visit(c, [&] { return c.size; })) return;
  }
  Record record_of(std::int32_t, Square king, int b, const Class& c, const UInt192& start) const {
    return Record(start, int(king), b, c.k);
  }
};

using Levels = ClassLevels<Class, Record, std::vector>;

// A key that squares of many frames share: the en passant case and the king's file; none on rank 1.
using Key = std::pair<int, int>;
std::optional<Key> key_of(const Levels& levels, int frame, Square king) {
  if (rank_of(king) == 0) return std::nullopt;
  return Key{levels[frame].info.ep_case, file_of(king)};
}

// Squares with equal keys share a king frame, numbered in order of first use, each announced once; squares
// the king cannot take (constraint 5 included) or without a key have none.
TEST(ClassLevels, SharesAKingFrameBetweenEqualKeys) {
  for (const bool kings_apart : {false, true}) {
    Levels levels;
    std::vector<Key> added;
    levels.share<Key>(
        kings_apart, [&](int frame, Square king) { return key_of(levels, frame, king); },
        [&](int frame, Square king) { added.push_back(*key_of(levels, frame, king)); });
    std::map<Key, int> first_use;
    for (int i = 0; i < Frames; ++i)
      for (int k = 0; k < 64; ++k) {
        const std::optional<Key> key = key_of(levels, i, Square(k));
        if (!key || !black_king_fits(levels[i].info, Square(k), kings_apart)) {
          EXPECT_EQ(levels[i].king[k], -1);
          continue;
        }
        const int number = first_use.emplace(*key, int(first_use.size())).first->second;
        EXPECT_EQ(levels[i].king[k], number) << "frame " << i << ", square " << k;
      }
    ASSERT_EQ(added.size(), first_use.size());
    EXPECT_EQ(levels.king_frames(), added.size());
    for (const auto& [key, number] : first_use) EXPECT_EQ(added[number], key);
  }
}

TEST(ClassLevels, FindsAndLocatesAlikeWithAndWithoutFrameZerosIndex) {
  pcg64 rng(11);
  Plan plan;
  // King frames by (castling rights, en passant case, file of the king) of a few kinds, none on rank 7.
  const auto key_of = [](int frame, Square king) -> std::optional<int> {
    if (rank_of(king) == 6) return std::nullopt;
    return (frame % 7) * 8 + file_of(king) / 2;
  };
  // One king frame in five (the second of frame 0 among them) holds no position, and every king frame has
  // an empty block.
  const auto add = [&](int, Square) {
    auto& blocks = plan.classes.emplace_back();
    const int kf = int(plan.classes.size()) - 1;
    for (int b = 0; b < Blocks; ++b)
      for (int key = 0; key < Keys; ++key) {
        if (rng() % 10 != 0) continue;
        UInt192 size;
        if (kf % 5 != 1 && b != kf % Blocks && rng() % 4 != 0)
          size = UInt192::from_limbs(rng(), rng() >> (rng() % 64), 0);
        blocks[b].push_back({key, size});
      }
  };
  std::array<Levels, 2> levels{Levels(Blocks), Levels(Blocks)};  // with frame 0's index, without
  levels[0].share<int>(true, key_of, add);
  levels[1].share<int>(true, key_of, [](int, Square) {});
  ASSERT_EQ(levels[0].king_frames(), plan.classes.size());
  ASSERT_EQ(levels[1].king_frames(), plan.classes.size());
  for (auto& l : levels)
    for (std::int32_t kf = 0; kf < std::int32_t(plan.classes.size()); ++kf)
      l.assign(kf, kf % 2 ? 3 : 1, [&](std::size_t b) { return Levels::block_size(plan, kf, int(b)); });
  std::array<std::array<std::int32_t, 64>, Frames> before;
  for (int frame = 0; frame < Frames; ++frame) before[frame] = levels[0][frame].king;
  levels[0].finish(plan, true);
  levels[1].finish(plan, false);

  int dropped = 0;  // squares that lost their king frame
  for (int frame : {0, 1, 17, 45, 239}) {
    ASSERT_EQ(levels[0].total(frame), levels[1].total(frame));
    std::vector<Expected> expected;
    UInt192 at;
    for (int k = 0; k < 64; ++k) {
      const std::int32_t kf = levels[0][frame].king[k];
      EXPECT_EQ(kf, levels[1][frame].king[k]);
      // A square keeps its king frame unless that holds no position.
      const std::int32_t shared = before[frame][k];
      UInt192 size;
      for (int b = 0; shared >= 0 && b < Blocks; ++b) size += Levels::block_size(plan, shared, b);
      EXPECT_EQ(kf, size.is_zero() ? -1 : shared);
      EXPECT_EQ(levels[0].size(frame, Square(k)), size);
      dropped += shared >= 0 && kf < 0;
      if (kf < 0) continue;
      EXPECT_EQ(levels[0][frame].kings.start(Square(k)), at);
      for (int b = 0; b < Blocks; ++b)
        for (const Class& c : plan.classes[kf][b]) {
          if (c.size.is_zero()) continue;
          for (const auto& l : levels) {
            UInt192 start;
            const Record r = l.find(plan, frame, Square(k), b, c.k, start);
            EXPECT_EQ(start, at);
            EXPECT_EQ(r.king, k);
            EXPECT_EQ(r.block, b);
            EXPECT_EQ(r.key, c.k);
          }
          expected.push_back({at, c.size, k, b, c.k});
          at += c.size;
        }
    }
    EXPECT_EQ(at, levels[0].total(frame));
    if (frame == 0) {
      EXPECT_GT(dropped, 0);
    }
    if (expected.empty()) continue;

    for (const auto& [probe, holder] : probes(expected, 500, rng))
      for (const auto& l : levels) {
        UInt192 r = probe;
        const Record found = l.locate(plan, frame, r);
        expect_located(found, r, probe, holder);
      }
  }

  // Every frame's total, and the blocks' starts of frames that start far apart, against the sizes summed
  // block by block.
  const auto frame_start = [](int frame) { return UInt192::from_limbs(0, 0, 1000 * std::uint64_t(frame)); };
  std::vector<UInt192> starts;
  for (int frame = 0; frame < Frames; ++frame) {
    UInt192 at = frame_start(frame);
    for (int k = 0; k < 64; ++k) {
      const std::int32_t kf = levels[0][frame].king[k];
      if (kf < 0) continue;
      for (int b = 0; b < Blocks; ++b) {
        UInt192 size;
        for (const Class& c : plan.classes[kf][b]) size += c.size;
        if (size.is_zero()) continue;
        starts.push_back(at);
        at += size;
      }
    }
    for (const auto& l : levels) EXPECT_EQ(l.total(frame), at - frame_start(frame));
  }
  for (const auto& l : levels) EXPECT_EQ(l.block_starts(plan, frame_start), starts);
}

}  // namespace
}  // namespace chessrank::rank
