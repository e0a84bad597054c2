#include "codec/slot26.h"
#include "codec/text_codes.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <pcg_random.hpp>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "core/fen.h"
#include "tests/support/build_flavour.h"
#include "tests/support/corpus.h"
#include "tests/support/famous_games.h"
#include "tests/support/or_fail.h"
#include "tests/support/random_placement.h"

namespace chessrank::codec {
namespace {

using testing::fen_or_fail;

constexpr std::size_t Scale = testing::unless_sanitized<std::size_t>(1, 10);  // divides the work

// Check that pos encodes, decodes to itself, and that the decoded position re-encodes to the same bytes.
void expect_round_trip(const Position& pos, const std::string& what) {
  const Result<Slot26Code> code = encode_slot26(pos);
  ASSERT_TRUE(code.ok()) << what << ": " << code.error();
  const Result<Position> back = decode_slot26(*code);
  ASSERT_TRUE(back.ok()) << what << " " << to_hex(*code) << ": " << back.error();
  EXPECT_TRUE(back->same_position(pos)) << what << " came back as " << to_fen(*back);
  const Result<Slot26Code> again = encode_slot26(*back);
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(*again, *code) << what;
}

// Check a decoded position independently of the codec: FEN of it must parse back to the same position
// (so it satisfies core's rules) and it must re-encode to the same bytes (one code per position).
void expect_valid_decode(const Position& pos, std::span<const std::uint8_t> bytes) {
  const Result<Position> reparsed = parse_fen(to_fen(pos));
  ASSERT_TRUE(reparsed.ok()) << to_fen(pos) << ": " << reparsed.error() << " (code "
                             << to_hex(bytes) << ")";
  EXPECT_TRUE(reparsed->same_position(pos)) << to_fen(pos);
  Position canonical = pos;
  EXPECT_FALSE(canonical.canonicalize()) << to_fen(pos);
  const Result<Slot26Code> again = encode_slot26(pos);
  ASSERT_TRUE(again.ok()) << to_fen(pos) << ": " << again.error();
  EXPECT_TRUE(std::equal(again->begin(), again->end(), bytes.begin(), bytes.end())) << to_fen(pos);
}

TEST(Slot26, PromotionStringsMatchBruteForceEnumeration) {
  // The blog's count: sorted 8-tuples over {0..4}, here in lexicographic order.
  std::set<std::array<int, 8>> strings;
  for (int i = 0; i < 390625; ++i) {
    std::array<int, 8> t;
    int x = i;
    for (int& d : t) {
      d = x % 5;
      x /= 5;
    }
    std::sort(t.begin(), t.end());
    strings.insert(t);
  }
  ASSERT_EQ(strings.size(), std::size_t(PromotionStrings));
  int index = 0;
  for (const auto& t : strings) {
    const PromotionCounts pc = promotion_string(index).value();
    for (int s = 0; s < 5; ++s)
      EXPECT_EQ(pc.count[s], std::count(t.begin(), t.end(), s)) << "string " << index << " symbol " << s;
    EXPECT_EQ(promotion_index(pc), index);
    ++index;
  }
  // Out of range, an index or counts that are no string are refused, not read beyond the tables.
  EXPECT_FALSE(promotion_string(-1).has_value());
  EXPECT_FALSE(promotion_string(PromotionStrings).has_value());
  EXPECT_EQ(promotion_index(PromotionCounts{{8, 8, 8, 8, 8}}), -1);
  EXPECT_EQ(promotion_index(PromotionCounts{{7, 0, 0, 0, 0}}), -1);
}

TEST(Slot26, StartPositionCodeIsPinned) {
  // The worked example of docs/formats.md; a change here is a format change.
  const Result<Slot26Code> code = encode_slot26(Position::start());
  ASSERT_TRUE(code.ok());
  EXPECT_EQ(to_hex(*code), "09e000000e1f9af7922e5b97c4e000422f19aee2435e4fd3e0e0");
}

TEST(Slot26, RandomGameCorpusRoundTrips) {
  const std::vector<Position> corpus = testing::random_game_corpus(200000 / Scale);
  std::size_t promoted = 0, castling = 0, ep = 0;
  for (std::size_t i = 0; i < corpus.size(); ++i) {
    const Position& pos = corpus[i];
    expect_round_trip(pos, "corpus " + std::to_string(i) + " " + to_fen(pos));
    if (HasFatalFailure()) return;
    const Result<Slot26Code> code = encode_slot26(pos);
    promoted += (code->at(1) & 7) != 0 || code->at(2) != 0 || (code->at(3) & 0xfe) != 0;  // bits 13-30
    castling += pos.castling_rights() != NoCastling;
    ep += pos.ep_square() != NoSquare;
  }
  // The corpus must exercise every feature of the code.
  EXPECT_GT(promoted, corpus.size() / 100);
  EXPECT_GT(castling, corpus.size() / 100);
  EXPECT_GT(ep, corpus.size() / 1000);
}

TEST(Slot26, FamousGamesRoundTrip) {
  const Result<std::vector<Position>> positions = testing::famous_game_positions();
  ASSERT_TRUE(positions.ok()) << positions.error();
  for (const Position& pos : *positions) expect_round_trip(pos, to_fen(pos));
}

// Build a position from a list of (piece, square) plus state, for cases FEN would make unreadable.
Position build(std::initializer_list<std::pair<Piece, Square>> men, Color to_move = White) {
  Position p;
  for (auto [pc, s] : men) p.put_piece(pc, s);
  p.set_side_to_move(to_move);
  return p;
}

TEST(Slot26, ExtremePositionsRoundTrip) {
  const char* fens[] = {
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
      "K1k5/8/8/8/8/8/8/8 b - - 0 1",
      "k7/8/8/8/8/QQQQQQQQ/Q7/4K3 w - - 0 1",               // nine queens
      "k7/8/8/8/8/NNNNNNNN/NN6/4K3 w - - 0 1",              // ten knights
      "k7/8/8/8/RRRRRRRR/8/8/R3K2R w KQ - 0 1",             // ten rooks, two castling
      "k7/8/8/8/RRRRRRRR/8/8/R3K2R w K - 0 1",              // ten rooks, one castling
      "k7/8/8/8/RRRRRRRR/8/8/R3K2R w Q - 0 1",
      "k7/8/8/8/RRRRRRRR/8/8/R3K2R w - - 0 1",
      "k7/8/8/8/8/BBBBBBBB/8/2B1KB2 w - - 0 1",             // ten bishops
      "qqqqqqqq/qk6/8/8/8/8/QQQQQQQQ/QK6 w - - 0 1",         // nine queens each
      "nnnnnnnn/nnk5/8/8/8/8/NNNNNNNN/NNK5 b - - 0 1",      // ten knights each
      "r3k2r/rrrrrrrr/8/8/8/8/RRRRRRRR/R3K3 b Qk - 0 1",    // ten and nine rooks with castling
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
      "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
      "4k3/8/8/3PpP2/8/8/8/4K3 w - e6 0 1",                 // en passant pawn between two capturers
      "4k3/8/8/8/3pPp2/8/8/4K3 b - e3 0 1",
      "4k3/8/8/pP6/8/8/8/4K3 w - a6 0 1",
      "4k3/8/8/6Pp/8/8/8/4K3 w - h6 0 1",
      "4k3/8/8/8/Pp6/8/8/4K3 b - a3 0 1",
      "r3k2r/8/8/8/3pP3/8/8/R3K2R b KQkq e3 0 1",           // castling and en passant together
      "r3k2r/p6p/8/8/3pP3/8/P6P/R3K2R b Kq e3 0 1",
      "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
      "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
      "rnbqkbnr/1p2pppp/p7/2Pp4/3p4/8/PP1PPPPP/RNBQKB1R w KQkq d6 0 1",
      "rnb1kbnr/pp2pppp/8/2Pp4/q2p4/8/PP1PPPPP/RNB1KB1R w KQkq d6 0 1",
      "k7/PPPPPPP1/8/8/8/8/8/QQ2K3 w - - 0 1",               // 7 pawns + 1 promoted queen
      "Kk6/8/8/8/8/8/8/8 w - - 0 1",                         // kings adjacent: stored like FEN does
  };
  for (const char* f : fens) expect_round_trip(fen_or_fail(f), f);

  // All 16 castling combinations, each with and without an en passant square.
  for (int cr = 0; cr < 16; ++cr) {
    std::string letters;
    if (cr & 1) letters += 'K';
    if (cr & 2) letters += 'Q';
    if (cr & 4) letters += 'k';
    if (cr & 8) letters += 'q';
    const std::string rights = letters.empty() ? std::string("-") : letters;
    expect_round_trip(fen_or_fail("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w " + rights + " - 0 1"), rights);
    expect_round_trip(fen_or_fail("r3k2r/pp1ppppp/8/8/2pP4/8/PPP1PPPP/R3K2R b " + rights + " d3 0 1"), rights + " ep");
  }

  // Eight promotions per side with every kind, all originals on the board: 32 men, no pawns.
  expect_round_trip(fen_or_fail("rnbqkbnr/qqrrbbnn/8/8/8/8/QQRRBBNN/RNBQKBNR w KQkq - 0 1"), "8 promotions each");
  // Nine bishops on dark squares and one on a light square.
  expect_round_trip(build({{WhiteKing, E1}, {BlackKing, E8}, {WhiteBishop, A3}, {WhiteBishop, C3},
                           {WhiteBishop, E3}, {WhiteBishop, G3}, {WhiteBishop, B4}, {WhiteBishop, D4},
                           {WhiteBishop, F4}, {WhiteBishop, H4}, {WhiteBishop, C1}, {WhiteBishop, F1}}),
                    "9 dark bishops");
  // Promoted bishops when the original of that colour is missing cannot exist: two light bishops and
  // no dark one means one promotion.
  expect_round_trip(fen_or_fail("4k3/8/8/8/8/8/PPPPPPP1/4KB1B w - - 0 1"), "two light bishops, 7 pawns");
}

// Random placements, legal or not (tests/support/random_placement.h): each encodes and decodes back to
// itself, or is refused with a reason, and only when a side has more of some man than its original army
// (so it must have promoted): every position without promoted men has a code.
TEST(Slot26, RandomPlacementsRoundTripOrAreRefused) {
  std::mt19937_64 rng(13);
  int encoded = 0, refused = 0;
  for (int i = 0; i < testing::unless_sanitized(100000, 10000); ++i) {
    const Position p = testing::random_placement(rng);
    const Result<Slot26Code> code = encode_slot26(p);
    if (!code) {
      EXPECT_FALSE(code.error().empty());
      EXPECT_TRUE(testing::beyond_original_army(p)) << to_fen(p) << ": " << code.error();
      ++refused;
      continue;
    }
    ++encoded;
    const Result<Position> back = decode_slot26(*code);
    ASSERT_TRUE(back.ok()) << to_fen(p) << ": " << back.error();
    EXPECT_TRUE(back->same_position(p)) << to_fen(p) << " came back as " << to_fen(*back);
  }
  EXPECT_GT(encoded, 1000);
  EXPECT_GT(refused, 1000);
}

TEST(Slot26, RefusesPositionsOutsideTheCode) {
  const char* fens[] = {
      "k7/8/8/8/8/8/PPPPPPP1/QQQ1K3 w - - 0 1",    // 3 queens + 7 pawns
      "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1",     // 9 pawns
      "4k3/8/8/8/8/8/PPPPPPPP/2B1K1B1 w - - 0 1",  // two dark bishops + 8 pawns
      "4k3/8/8/8/8/8/PPPPPPPP/1NN1K1N1 w - - 0 1", // three knights + 8 pawns
      "4k3/8/8/8/8/8/pppppppp/4K1n1 w - - 0 1",    // control: 8 pawns and an original knight encode
  };
  for (int i = 0; i < 4; ++i) {
    const Result<Slot26Code> code = encode_slot26(fen_or_fail(fens[i]));
    EXPECT_FALSE(code.ok()) << fens[i];
    if (!code.ok()) {
      EXPECT_NE(code.error().find("more than 8"), std::string::npos) << code.error();
    }
  }
  EXPECT_TRUE(encode_slot26(fen_or_fail(fens[4])).ok());
  const Result<Slot26Code> one_pawn = encode_slot26(fen_or_fail("7k/8/8/8/8/Q7/PQQQQQQQ/QQK5 w - - 0 1"));
  ASSERT_FALSE(one_pawn.ok());
  EXPECT_EQ(one_pawn.error(),
            "white has 1 pawn and 9 promoted pieces (queens beyond 1, rooks beyond 2, bishops beyond 1 "
            "per square colour, knights beyond 2): more than 8");

  Position no_king = build({{WhiteKing, E1}});
  const Result<Slot26Code> a = encode_slot26(no_king);
  ASSERT_FALSE(a.ok());
  EXPECT_NE(a.error().find("black has 0 kings"), std::string::npos) << a.error();
  const Result<Slot26Code> pawn_on_8 = encode_slot26(build({{WhiteKing, E1}, {BlackKing, E8}, {WhitePawn, A8}}));
  ASSERT_FALSE(pawn_on_8.ok());
  EXPECT_EQ(pawn_on_8.error(), "pawn on a8 (rank 1 or 8)");

  Position bad_castling = fen_or_fail("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
  bad_castling.set_castling_rights(WhiteKingside);
  EXPECT_FALSE(encode_slot26(bad_castling).ok());
  bad_castling.set_castling_rights(CastlingRights(0x10));  // no such right: it would be lost, not coded
  const Result<Slot26Code> beyond = encode_slot26(bad_castling);
  ASSERT_FALSE(beyond.ok());
  EXPECT_EQ(beyond.error(), "castling rights hold bits beyond KQkq");
  Position no_side = fen_or_fail("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
  no_side.set_side_to_move(Color(7));  // its one bit would hold the 1 of 7: decoded as black to move
  const Result<Slot26Code> sideless = encode_slot26(no_side);
  ASSERT_FALSE(sideless.ok());
  EXPECT_EQ(sideless.error(), "the side to move is neither white nor black");

  Position bad_ep = fen_or_fail("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1");
  bad_ep.set_ep_square(C6);
  EXPECT_FALSE(encode_slot26(bad_ep).ok());
}

// Flip bits of valid codes: most mutations are rejected, the accepted ones must be valid and canonical.
TEST(Slot26, MutatedCodesRoundTripOrAreRejected) {
  const std::vector<Position> corpus = testing::random_game_corpus(20000 / Scale, 7);
  pcg64 rng(42);
  std::size_t accepted = 0, rejected = 0;
  for (const Position& pos : corpus) {
    const Slot26Code code = *encode_slot26(pos);
    for (int k = 0; k < 20; ++k) {
      Slot26Code m = code;
      const int flips = 1 + int(rng(3));
      for (int f = 0; f < flips; ++f) m[rng(Slot26Bytes)] ^= std::uint8_t(1u << rng(8));
      const Result<Position> p = decode_slot26(m);
      if (!p.ok()) {
        EXPECT_FALSE(p.error().empty());
        ++rejected;
        continue;
      }
      ++accepted;
      expect_valid_decode(*p, m);
      if (HasFailure()) return;
    }
  }
  EXPECT_GT(accepted, 1000u);
  EXPECT_GT(rejected, 1000u);
}

TEST(Slot26, RandomByteStringsRoundTripOrAreRejected) {
  pcg64 rng(1234);
  const std::size_t n = 2000000 / Scale;
  std::size_t accepted = 0;
  std::set<std::string> reasons;
  for (std::size_t i = 0; i < n; ++i) {
    Slot26Code b;
    for (std::size_t j = 0; j < Slot26Bytes; j += 8) {
      const std::uint64_t r = rng();
      for (std::size_t k = 0; k < 8 && j + k < Slot26Bytes; ++k) b[j + k] = std::uint8_t(r >> (8 * k));
    }
    if (i & 1) b[25] &= 0xf8;  // half of them with the reserved bits clear, to get further
    const Result<Position> p = decode_slot26(b);
    if (!p.ok()) {
      if (reasons.size() < 64) reasons.insert(p.error().substr(0, 20));
      continue;
    }
    ++accepted;
    expect_valid_decode(*p, b);
    if (HasFailure()) return;
  }
  EXPECT_GT(reasons.size(), 3u);  // rejections come with varied reasons
  RecordProperty("accepted", int(accepted));
}

TEST(Slot26, RejectsWrongLengthAndReservedBits) {
  Slot26Code code = *encode_slot26(Position::start());
  EXPECT_FALSE(decode_slot26(std::span<const std::uint8_t>(code.data(), 25)).ok());
  code[25] |= 1;
  const Result<Position> p = decode_slot26(code);
  ASSERT_FALSE(p.ok());
  EXPECT_NE(p.error().find("reserved"), std::string::npos);
}

TEST(Slot26, CountersRoundTripWithinLimits) {
  Position p = Position::start();
  for (int half : {0, 1, 99, 150, 1023})
    for (int full : {1, 2, 300, 5949, 16384}) {
      p.set_halfmove_clock(half);
      p.set_fullmove_number(full);
      const auto bytes = encode_counters(p);
      ASSERT_TRUE(bytes.ok());
      Position q = Position::start();
      EXPECT_FALSE(decode_counters(*bytes, q).has_value());
      EXPECT_EQ(q, p);
    }
  // Counters are 3 bytes: fewer are refused, not read beyond their end.
  Position q = Position::start();
  const std::uint8_t two[2] = {1, 2};
  const std::optional<Error> short_counters = decode_counters(two, q);
  ASSERT_TRUE(short_counters.has_value());
  EXPECT_EQ(short_counters->message, "move counters take 3 bytes, not 2");
  EXPECT_EQ(q, Position::start());
  p.set_halfmove_clock(1024);
  EXPECT_FALSE(encode_counters(p).ok());
  p.set_halfmove_clock(0);
  p.set_fullmove_number(16385);
  EXPECT_FALSE(encode_counters(p).ok());
}

}  // namespace
}  // namespace chessrank::codec
