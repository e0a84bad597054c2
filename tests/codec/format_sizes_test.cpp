// Computes the bytes-per-position figures of docs/formats.md ("Comparison") on the shared corpus and
// prints them as table rows; it asserts only consistency, the figures are for the document.
#include <gtest/gtest.h>

#include <cstdio>
#include <vector>

#include "codec/rank_code.h"
#include "codec/slot26.h"
#include "core/bigint.h"
#include "core/fen.h"
#include "rank/model.h"
#include "tests/support/corpus.h"

namespace chessrank::codec {
namespace {

std::size_t leb128_bytes(unsigned v) {
  std::size_t n = 1;
  while (v >= 128) {
    v >>= 7;
    ++n;
  }
  return n;
}

// Size of lichess's variable-length binary FEN (scalachess BinaryFen) as we model it: the occupancy
// bitboard (8 bytes), one nibble per man (castling rooks, the en passant pawn and "black king, black to
// move" have nibbles of their own), then LEB128 halfmove clock and ply, omitted from the end when they
// are 0 and 1 (the defaults).
std::size_t binary_fen_bytes(const Position& pos) {
  const std::size_t men = std::size_t(popcount(pos.pieces()));
  std::size_t n = 8 + (men + 1) / 2;
  const unsigned ply = unsigned(2 * (pos.fullmove_number() - 1) + (pos.side_to_move() == Black));
  const unsigned half = unsigned(pos.halfmove_clock());
  if (ply > 0) n += leb128_bytes(half) + leb128_bytes(ply);
  else if (half > 0) n += leb128_bytes(half);
  return n;
}

TEST(FormatSizes, CorpusFigures) {
  const std::vector<Position> corpus = testing::random_game_corpus(100000);
  const rank::RankModel& model = **rank_code_model();
  std::size_t fen_total = 0, fen_max = 0, fen4_total = 0, bin_total = 0, bin_max = 0;
  std::size_t slot_total = 0, slot_max = 0, counted_total = 0, rank_total = 0, rank_max = 0;
  for (const Position& p : corpus) {
    const std::size_t f = to_fen(p).size() + 1, f4 = to_fen4(p).size() + 1, b = binary_fen_bytes(p);
    fen_total += f;
    fen4_total += f4;
    fen_max = std::max(fen_max, f);
    bin_total += b;
    bin_max = std::max(bin_max, b);
    const auto slot = encode_slot26(p);
    const auto counters = encode_counters(p);
    const auto ranked = encode_rank(model, p);
    ASSERT_TRUE(slot.ok() && counters.ok() && ranked.ok()) << to_fen(p);
    slot_total += slot->size();
    slot_max = std::max(slot_max, slot->size());
    counted_total += slot->size() + counters->size();
    rank_total += ranked->size();
    rank_max = std::max(rank_max, ranked->size());
  }
  const double n = double(corpus.size());
  std::printf("| format | bytes/position (mean) | max on corpus |\n");
  std::printf("| FEN text + newline | %.2f | %zu |\n", double(fen_total) / n, fen_max);
  std::printf("| FEN, 4 fields + newline | %.2f | - |\n", double(fen4_total) / n);
  std::printf("| binary FEN (variable) | %.2f | %zu |\n", double(bin_total) / n, bin_max);
  std::printf("| slot26 | %.2f | %zu |\n", double(slot_total) / n, slot_max);
  std::printf("| slot26 --counters | %.2f | - |\n", double(counted_total) / n);
  std::printf("| rank (%s) | %.2f | %zu |  log2 N = %.3f\n", std::string(model.name()).c_str(), double(rank_total) / n,
              rank_max, log2_big(model.size()));
  // Fixed-size codes: every position takes the same bytes.
  EXPECT_EQ(slot_total, slot_max * corpus.size());
  EXPECT_EQ(rank_total, rank_max * corpus.size());
  EXPECT_LT(double(bin_total) / n, double(fen_total) / n);
  EXPECT_LE(bin_max, 28u);
}

}  // namespace
}  // namespace chessrank::codec
