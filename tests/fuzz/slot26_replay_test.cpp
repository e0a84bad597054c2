// fuzz_slot26_decode's checks (slot26_decode_fuzz.cpp: a 26-byte string is refused with a reason, or
// decodes to a position core accepts and that encodes back to the same bytes) on inputs made here: codes of
// random-game positions and of random placements, the same with one to three bits flipped, and random bytes.
#include <gtest/gtest.h>

#include <random>
#include <span>
#include <string>
#include <vector>

#include "codec/slot26.h"
#include "tests/fuzz/replay.h"
#include "tests/support/corpus.h"
#include "tests/support/random_placement.h"

namespace chessrank::testing {
namespace {

TEST(FuzzSlot26, GeneratedBytesKeepEveryInvariant) {
  std::mt19937_64 rng(2026);
  std::vector<Position> positions = random_game_corpus(20000, 78);
  for (int i = 0; i < 20000; ++i) positions.push_back(random_placement(rng));
  int flipped_decoded = 0, flipped_refused = 0;
  for (const Position& pos : positions) {
    const Result<codec::Slot26Code> code = codec::encode_slot26(pos);
    if (!code) continue;  // crowded placements slot26 cannot hold
    std::string bytes(code->begin(), code->end());
    run_fuzz_target(bytes, true);
    const int flips = 1 + int(rng() % 3);
    for (int f = 0; f < flips; ++f) bytes[rng() % bytes.size()] ^= char(1 << (rng() % 8));
    run_fuzz_target(bytes, true);
    const auto* data = reinterpret_cast<const std::uint8_t*>(bytes.data());
    const bool decoded = codec::decode_slot26(std::span<const std::uint8_t>(data, codec::Slot26Bytes)).ok();
    (decoded ? flipped_decoded : flipped_refused)++;
    for (char& c : bytes) c = char(rng());
    run_fuzz_target(bytes, true);
  }
  EXPECT_GT(flipped_decoded, 100);
  EXPECT_GT(flipped_refused, 100);
}

}  // namespace
}  // namespace chessrank::testing
