#include "codec/rank_code.h"

#include <gtest/gtest.h>

#include <pcg_random.hpp>
#include <span>
#include <utility>
#include <vector>

#include "codec/record.h"
#include "core/fen.h"
#include "rank/model.h"
#include "tests/support/build_flavour.h"
#include "tests/support/corpus.h"

namespace chessrank::codec {
namespace {

constexpr std::size_t Scale = testing::unless_sanitized<std::size_t>(1, 10);  // divides the work

const rank::RankModel& model() { return **rank_code_model(); }

TEST(RankCode, SizeIsTheBytesOfN) {
  const std::size_t n = rank_code_bytes(model());
  // The largest index, N - 1, needs all n bytes and no more: its top byte is nonzero.
  const BigInt largest = model().size() - 1, one = 1;
  EXPECT_GE(largest, BigInt(one << (8 * (n - 1))));
  EXPECT_LT(largest, BigInt(one << (8 * n)));
}

TEST(RankCode, CorpusRoundTripsAndMatchesTheIndex) {
  const std::vector<Position> corpus = testing::random_game_corpus(20000 / Scale, 5);
  for (const Position& pos : corpus) {
    const Result<std::vector<std::uint8_t>> code = encode_rank(model(), pos);
    ASSERT_TRUE(code.ok()) << to_fen(pos) << ": " << code.error();
    // Cross-check the bytes against the model's index read as a big-endian number.
    BigInt value = 0;
    for (std::uint8_t b : *code) value = value * 256 + b;
    EXPECT_EQ(value, *model().rank(pos));
    const Result<Position> back = decode_rank(model(), *code);
    ASSERT_TRUE(back.ok()) << back.error();
    EXPECT_TRUE(back->same_position(pos)) << to_fen(pos);
  }
}

TEST(RankCode, RejectsValuesAtOrAboveN) {
  const std::size_t n = rank_code_bytes(model());
  std::vector<std::uint8_t> all_ones(n, 0xff);
  EXPECT_FALSE(decode_rank(model(), all_ones).ok());
  // N itself, written big-endian.
  BigInt v = model().size();
  std::vector<std::uint8_t> bytes(n);
  for (std::size_t i = n; i-- > 0;) {
    bytes[i] = std::uint8_t(mpz_class(v % 256).get_ui());
    v /= 256;
  }
  if (v == 0) {
    const Result<Position> p = decode_rank(model(), bytes);
    ASSERT_FALSE(p.ok());
    EXPECT_NE(p.error().find("not below N"), std::string::npos) << p.error();
  }
  EXPECT_FALSE(decode_rank(model(), std::vector<std::uint8_t>(n - 1)).ok());
}

TEST(RankCode, RandomCodesRoundTripOrAreRejected) {
  pcg64 rng(3);
  const std::size_t n = rank_code_bytes(model());
  std::size_t accepted = 0;
  for (std::size_t i = 0; i < 20000 / Scale; ++i) {
    std::vector<std::uint8_t> b(n);
    for (auto& x : b) x = std::uint8_t(rng(256));
    const Result<Position> p = decode_rank(model(), b);
    if (!p) continue;
    ++accepted;
    const Result<std::vector<std::uint8_t>> again = encode_rank(model(), *p);
    ASSERT_TRUE(again.ok()) << again.error();
    EXPECT_EQ(*again, b);
  }
  EXPECT_GT(accepted, 0u);
}

// A position outside the model has no code: encode says why, in the model's words, and writes nothing.
TEST(RankCode, RefusesPositionsOutsideTheModel) {
  const Position pos = *parse_fen("QQQ1k3/8/8/8/8/8/PPPPPPPP/4K3 w - - 0 1");  // two promotions, no pawn lost
  std::vector<std::uint8_t> out(rank_code_bytes(model()), 0xAA);
  const Result<bool> code = encode_rank(model(), pos, out);
  ASSERT_FALSE(code.ok());
  EXPECT_EQ(code.error(), model().rank(pos).error());
  EXPECT_EQ(code.error().rfind("not in model " + std::string(model().name()) + ": ", 0), 0u) << code.error();
  EXPECT_EQ(out, std::vector<std::uint8_t>(out.size(), 0xAA));
}

TEST(RankCode, RecordFormatAddsCounters) {
  const Result<RecordFormat> f = RecordFormat::find("rank", true);
  ASSERT_TRUE(f.ok()) << f.error();
  EXPECT_EQ(f->record_size(), rank_code_bytes(model()) + 3);
  Position pos = *parse_fen("r3k2r/8/8/8/3pP3/8/8/R3K2R b KQkq e3 17 123");
  std::vector<std::uint8_t> rec(f->record_size());
  ASSERT_TRUE(f->encode(pos, rec).ok());
  const Result<Position> back = f->decode(rec);
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_EQ(*back, pos);
  // A buffer of another size is refused, as decode refuses a record of another size.
  std::vector<std::uint8_t> short_buffer(f->record_size() - 1);
  const Result<bool> refused = f->encode(pos, short_buffer);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error(), f->describe() + " record buffer has " + std::to_string(short_buffer.size()) +
                                 " bytes, expected " + std::to_string(f->record_size()));
  const Result<Position> short_record = f->decode(std::span(rec).first(rec.size() - 1));
  ASSERT_FALSE(short_record.ok());
  EXPECT_EQ(short_record.error(), f->describe() + " record has " + std::to_string(rec.size() - 1) + " bytes, expected " +
                                      std::to_string(f->record_size()));
  // A format of no such name: the names there are.
  const Result<RecordFormat> none = RecordFormat::find("slot25", false);
  ASSERT_FALSE(none.ok());
  EXPECT_EQ(none.error(), "unknown format 'slot25' (known: slot26, rank)");
}

// decode_many gives what decode gives each record, in order: for rank codes (unranked together) with and
// without counters, among them codes at or above N, codes of bad counters and a trailing part of a record,
// and for slot26 codes.
TEST(RankCode, DecodeManyMatchesDecode) {
  const std::vector<Position> corpus = testing::random_game_corpus(3000 / Scale, 9);
  pcg64 rng(17);
  for (const auto& [name, counters] : {std::pair{"rank", false}, std::pair{"rank", true}, std::pair{"slot26", false}}) {
    const Result<RecordFormat> f = RecordFormat::find(name, counters);
    ASSERT_TRUE(f.ok()) << f.error();
    const std::size_t size = f->record_size();
    std::vector<std::uint8_t> records;
    for (const Position& pos : corpus) {
      std::vector<std::uint8_t> rec(size);
      ASSERT_TRUE(f->encode(pos, rec).ok()) << to_fen(pos);
      switch (rng() % 16) {
        case 0: std::fill(rec.begin(), rec.end(), 0xFF); break;        // a code above N, or no slot26 code
        case 1: if (counters) rec[size - 1] = 0xFF; break;             // counters out of range
        default: break;
      }
      records.insert(records.end(), rec.begin(), rec.end());
    }
    records.push_back(0);  // a part of a record: left
    std::vector<Result<Position>> many;
    f->decode_many(records, many);
    ASSERT_EQ(many.size(), corpus.size()) << f->describe();
    std::size_t failed = 0;
    for (std::size_t i = 0; i < many.size(); ++i) {
      const Result<Position> one = f->decode(std::span(records).subspan(i * size, size));
      ASSERT_EQ(many[i].ok(), one.ok()) << f->describe() << ", record " << i;
      if (one.ok()) {
        EXPECT_EQ(*many[i], *one) << f->describe() << ", record " << i;
      } else {
        EXPECT_EQ(many[i].error(), one.error()) << f->describe() << ", record " << i;
        ++failed;
      }
    }
    EXPECT_GT(failed, corpus.size() / 40) << f->describe();  // the bad records are there, and fail
  }
}

}  // namespace
}  // namespace chessrank::codec
