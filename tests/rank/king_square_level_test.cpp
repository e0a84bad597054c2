#include "rank/king_square_level.h"

#include <gtest/gtest.h>

#include <map>
#include <optional>
#include <utility>
#include <vector>

namespace chessrank::rank {
namespace {

// A key that squares of many frames share: the en passant case and the king's file; none on rank 1.
using Key = std::pair<int, int>;
std::optional<Key> key_of(const KingSquareLevel& level, int frame, Square king) {
  if (rank_of(king) == 0) return std::nullopt;
  return Key{level[frame].info.ep_case, file_of(king)};
}

// Squares with equal keys share a king frame, numbered in order of first use, each announced once; squares
// the king cannot take (constraint 5 included) or without a key have none.
TEST(KingSquareLevel, SharesAKingFrameBetweenEqualKeys) {
  for (const bool kings_apart : {false, true}) {
    KingSquareLevel level;
    std::vector<Key> added;
    level.share<Key>(
        kings_apart, [&](int frame, Square king) { return key_of(level, frame, king); },
        [&](int frame, Square king) { added.push_back(*key_of(level, frame, king)); });
    std::map<Key, int> first_use;
    for (int i = 0; i < Frames; ++i)
      for (int k = 0; k < 64; ++k) {
        const std::optional<Key> key = key_of(level, i, Square(k));
        if (!key || !black_king_fits(level[i].info, Square(k), kings_apart)) {
          EXPECT_EQ(level[i].king[k], -1);
          continue;
        }
        const int number = first_use.emplace(*key, int(first_use.size())).first->second;
        EXPECT_EQ(level[i].king[k], number) << "frame " << i << ", square " << k;
      }
    ASSERT_EQ(added.size(), first_use.size());
    for (const auto& [key, number] : first_use) EXPECT_EQ(added[number], key);
  }
}

// The layout gives each square its king frame's size, drops the squares of empty king frames, and the
// block starts follow from it: walking every square's blocks gives the same starts.
TEST(KingSquareLevel, LaysOutTheSquaresAndTheirBlocks) {
  KingSquareLevel level;
  level.share<Key>(
      true, [&](int frame, Square king) { return key_of(level, frame, king); }, [](int, Square) {});
  const auto size_of = [](std::int32_t kf) { return UInt192(kf % 3 == 0 ? 0 : 2 * kf); };
  KingSquareLevel before = level;
  level.assign(size_of);
  constexpr int Blocks = 3;
  const auto block_size = [](std::int32_t kf, int b) { return UInt192(b == 1 ? 0 : kf); };  // 2 kf in all
  const auto frame_start = [](int frame) { return UInt192(1000000) * std::uint64_t(frame); };
  std::vector<UInt192> starts;
  int squares = 0;
  for (int i = 0; i < Frames; ++i) {
    UInt192 at;
    for (int k = 0; k < 64; ++k) {
      const std::int32_t kf = before[i].king[k];
      const UInt192 size = kf < 0 ? UInt192() : size_of(kf);
      EXPECT_EQ(level.size(i, Square(k)), size);
      EXPECT_EQ(level[i].king[k], size.is_zero() ? -1 : kf);
      if (size.is_zero()) continue;
      ++squares;
      starts.push_back(frame_start(i) + at);
      starts.push_back(frame_start(i) + at + UInt192(kf));
      at += size;
    }
    EXPECT_EQ(level.total(i), at);
  }
  int visited = 0;
  level.for_each([&](int frame, Square king, std::int32_t kf) {
    EXPECT_EQ(level[frame].king[king], kf);
    ++visited;
  });
  EXPECT_EQ(visited, squares);
  EXPECT_EQ(level.block_starts(frame_start, Blocks, block_size), starts);
}

}  // namespace
}  // namespace chessrank::rank
