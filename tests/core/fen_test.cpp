#include "core/fen.h"

#include <cstdint>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/movegen.h"
#include "tests/support/build_flavour.h"
#include "tests/support/corpus.h"

#include <pcg_random.hpp>

namespace chessrank {
namespace {

const std::string StartFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

constexpr int GameCount = testing::unless_sanitized(200, 20);


using testing::random_game_positions;

struct Malformed {
  std::string fen;
  std::string message;
};

// Each entry is one distinct malformation with the exact message the parser must give.
const std::vector<Malformed> MalformedFens = {
    {"", "FEN is empty"},
    {" \t ", "FEN is empty"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", "FEN has 3 fields, expected 4 or 6"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "FEN has 1 field, expected 4 or 6"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0", "FEN has 5 fields, expected 4 or 6"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra", "FEN has 7 fields, expected 4 or 6"},
    {"rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "FEN field 1 (placement): 7 ranks, expected 8"},
    {"rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "FEN field 1 (placement): 9 ranks, expected 8"},
    {"rnbqkbnr/pppppppp/4p4/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
     "FEN field 1 (placement): rank 6 describes 9 squares"},
    {"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "FEN field 1 (placement): rank 7 describes 7 squares"},
    {"rnbqkbnr/pppppppp//8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "FEN field 1 (placement): rank 6 describes 0 squares"},
    {"rnbqkbnr/pppppppp/8/8/3x4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
     "FEN field 1 (placement): bad character 'x' in rank 4"},
    {"rnbqkbnr/pppppppp/8/8/\x01\x37/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
     "FEN field 1 (placement): bad character '\\x01' in rank 4"},
    {"rnbqkbnr/pppppppp/8/8/08/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
     "FEN field 1 (placement): digit '0' in rank 4 (runs of empty squares are 1 to 8)"},
    {"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
     "FEN field 1 (placement): digit '9' in rank 6 (runs of empty squares are 1 to 8)"},
    {"rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
     "FEN field 1 (placement): two digits in a row in rank 6"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1", "FEN field 1 (placement): white has no king"},
    {"4k3/8/8/8/8/8/8/k3K3 w - - 0 1", "FEN field 1 (placement): black has 2 kings"},
    {"8/8/8/8/8/8/8/4K3 w - - 0 1", "FEN field 1 (placement): black has no king"},
    {"P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
     "FEN field 1 (placement): white pawn on a8 (pawns never stand on rank 1 or 8)"},
    {"4k3/8/8/8/8/8/8/p3K3 w - - 0 1",
     "FEN field 1 (placement): black pawn on a1 (pawns never stand on rank 1 or 8)"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "FEN field 2 (side to move): 'x' is not w or b"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1", "FEN field 2 (side to move): 'W' is not w or b"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR wb KQkq - 0 1", "FEN field 2 (side to move): 'wb' is not w or b"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKq - 0 1", "FEN field 3 (castling): right K given twice"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQH - 0 1", "FEN field 3 (castling): right K given twice"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1", "FEN field 3 (castling): bad character 'x'"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w K- - 0 1", "FEN field 3 (castling): '-' must stand alone"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w C - 0 1",
     "FEN field 3 (castling): 'C' names a rook on another file than a or h (Chess960 is not supported)"},
    {"r3k2r/8/8/8/8/8/8/R3K3 w KQkq - 0 1", "FEN field 3 (castling): right K needs a white rook on h1"},
    {"r3k2r/8/8/8/8/8/8/R2K3R w K - 0 1", "FEN field 3 (castling): right K needs the white king on e1"},
    {"4k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1", "FEN field 3 (castling): right q needs a black rook on a8"},
    {"r3k2r/8/8/8/8/8/8/R3K2R b KQkQ - 0 1", "FEN field 3 (castling): right Q given twice"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
     "FEN field 4 (en passant): 'e9' is not a square or '-'"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq E6 0 1",
     "FEN field 4 (en passant): 'E6' is not a square or '-'"},
    {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 1",
     "FEN field 4 (en passant): e3 is not on rank 6 with white to move"},
    {"rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR b KQkq e6 0 1",
     "FEN field 4 (en passant): e6 is not on rank 3 with black to move"},
    {"4k3/8/4p3/3Pp3/8/8/8/4K3 w - e6 0 1", "FEN field 4 (en passant): e6 is not empty"},
    {"4k3/4p3/8/3Pp3/8/8/8/4K3 w - e6 0 1",
     "FEN field 4 (en passant): e7 is not empty, so no pawn can just have left it"},
    {"4k3/8/8/3P4/8/8/8/4K3 w - e6 0 1", "FEN field 4 (en passant): no black pawn on e5 in front of e6"},
    {"4k3/8/8/3PP3/8/8/8/4K3 w - e6 0 1", "FEN field 4 (en passant): no black pawn on e5 in front of e6"},
    {"4k3/8/8/8/3pP3/8/8/4K3 b - e3 0x 1", "FEN field 5 (halfmove clock): '0x' is not a number"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", "FEN field 5 (halfmove clock): 'x' is not a number"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", "FEN field 5 (halfmove clock): '-1' is negative"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -0 1", "FEN field 5 (halfmove clock): '-0' is not a number"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 65536 1",
     "FEN field 5 (halfmove clock): '65536' is too large (at most 65535)"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 99999999999999999999 1",
     "FEN field 5 (halfmove clock): '99999999999999999999' is too large (at most 65535)"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",
     "FEN field 6 (fullmove number): 0 is not a move number (the first move is 1)"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1.5",
     "FEN field 6 (fullmove number): '1.5' is not a number"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 +3",
     "FEN field 6 (fullmove number): '+3' is not a number"},
};

TEST(Fen, MalformedInputsGiveTheirExactMessage) {
  std::set<std::string> messages;
  for (const Malformed& m : MalformedFens) {
    const Result<Position> r = parse_fen(m.fen);
    ASSERT_FALSE(r.ok()) << m.fen;
    EXPECT_EQ(r.error(), m.message) << m.fen;
    messages.insert(r.error());
  }
  EXPECT_GE(messages.size(), 30u);
}

TEST(Fen, ParsesTheStartPosition) {
  const Result<Position> r = parse_fen(StartFen);
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(*r, Position::start());
  EXPECT_EQ(to_fen(*r), StartFen);
  EXPECT_EQ(to_fen4(*r), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -");
}

TEST(Fen, PlacesPiecesOnTheNamedSquares) {
  const Result<Position> r = parse_fen("r3k2r/1p6/8/2Pp4/8/5N2/6q1/R3K2R w KQkq d6 3 17");
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(r->piece_on(A8), BlackRook);
  EXPECT_EQ(r->piece_on(E8), BlackKing);
  EXPECT_EQ(r->piece_on(B7), BlackPawn);
  EXPECT_EQ(r->piece_on(C5), WhitePawn);
  EXPECT_EQ(r->piece_on(D5), BlackPawn);
  EXPECT_EQ(r->piece_on(F3), WhiteKnight);
  EXPECT_EQ(r->piece_on(G2), BlackQueen);
  EXPECT_EQ(r->piece_on(H1), WhiteRook);
  EXPECT_EQ(popcount(r->pieces()), 11);
  EXPECT_EQ(r->side_to_move(), White);
  EXPECT_EQ(r->castling_rights(), AnyCastling);
  EXPECT_EQ(r->ep_square(), D6);
  EXPECT_EQ(r->halfmove_clock(), 3);
  EXPECT_EQ(r->fullmove_number(), 17);
}

// Normalisations: each input is accepted and written in canonical form.
// A position built by hand may hold castling bits beyond KQkq: they have no letter, and the field is "-"
// rather than empty (which no FEN reader accepts).
TEST(Fen, CastlingBitsWithoutALetterWriteADash) {
  Position pos = Position::start();
  pos.set_castling_rights(CastlingRights(0x10));
  EXPECT_EQ(to_fen(pos), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1");
  pos.set_castling_rights(CastlingRights(0x10 | WhiteKingside));
  EXPECT_EQ(to_fen(pos), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w K - 0 1");
}

TEST(Fen, NormalisesToTheCanonicalForm) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      // Four fields: counters 0 and 1.
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", StartFen},
      // Blanks around and between fields.
      {"  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR \t w   KQkq  -  0   1 \r\n", StartFen},
      // Castling letters in any order, and Shredder-FEN file letters for a- and h-file rooks.
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w qkQK - 0 1", StartFen},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", StartFen},
      // Leading zeros in the counters.
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 00 001", StartFen},
      // An en passant square no pawn can capture on is dropped (what many tools write after a double push).
      {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
       "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"},
      // A capturing pawn on the wrong side of the board does not count (a-file wrap).
      {"4k3/8/8/7P/p7/8/8/4K3 w - - 0 1", "4k3/8/8/7P/p7/8/8/4K3 w - - 0 1"},
      {"4k3/8/8/Pp6/8/8/8/4K3 w - b6 0 1", "4k3/8/8/Pp6/8/8/8/4K3 w - b6 0 1"},
      {"4k3/8/8/1pP5/8/8/8/4K3 w - b6 0 1", "4k3/8/8/1pP5/8/8/8/4K3 w - b6 0 1"},
      {"4k3/8/8/P1p5/8/8/8/4K3 w - c6 0 1", "4k3/8/8/P1p5/8/8/8/4K3 w - - 0 1"},
      {"4k3/8/8/8/6pP/8/8/4K3 b - h3 5 9", "4k3/8/8/8/6pP/8/8/4K3 b - h3 5 9"},
      {"4k3/8/8/8/pP6/8/8/4K3 b - b3 0 1", "4k3/8/8/8/pP6/8/8/4K3 b - b3 0 1"},
      {"4k3/8/8/8/P6p/8/8/4K3 b - a3 0 1", "4k3/8/8/8/P6p/8/8/4K3 b - - 0 1"},
      // The side not to move in check is a legality matter, not a FEN error.
      {"4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1"},
      // Largest counters.
      {"4k3/8/8/8/8/8/8/4K3 b - - 65535 65535", "4k3/8/8/8/8/8/8/4K3 b - - 65535 65535"},
  };
  for (const auto& [in, out] : cases) {
    const Result<Position> r = parse_fen(in);
    ASSERT_TRUE(r.ok()) << in << ": " << r.error();
    EXPECT_EQ(to_fen(*r), out) << in;
  }
}

// Cross-check the parser's en passant normalisation against Position::canonicalize on hand-built boards.
TEST(Fen, EnPassantNormalisationAgreesWithCanonicalize) {
  int kept = 0, dropped = 0;
  for (int attacker_file = 0; attacker_file < 8; ++attacker_file) {
    for (int pushed_file = 0; pushed_file < 8; ++pushed_file) {
      if (attacker_file == pushed_file) continue;
      Position built;
      built.put_piece(WhiteKing, A1);
      built.put_piece(BlackKing, H8);
      built.put_piece(WhitePawn, make_square(File(attacker_file), Rank5));
      built.put_piece(BlackPawn, make_square(File(pushed_file), Rank5));
      built.set_ep_square(make_square(File(pushed_file), Rank6));
      const std::string raw = to_fen(built);  // writes the square as set
      const bool changed = built.canonicalize();
      const Result<Position> parsed = parse_fen(raw);
      ASSERT_TRUE(parsed.ok()) << raw << ": " << parsed.error();
      EXPECT_EQ(*parsed, built) << raw;
      (changed ? dropped : kept) += 1;
    }
  }
  EXPECT_EQ(kept, 14);  // 7 adjacent file pairs, both ways
  EXPECT_EQ(dropped, 56 - 14);
}

TEST(Fen, RoundTripsRandomGamePositions) {
  const std::vector<Position> positions = random_game_positions(GameCount, 300, 12345);
  int with_ep = 0, with_castling = 0;
  for (const Position& pos : positions) {
    const std::string fen = to_fen(pos);
    const Result<Position> r = parse_fen(fen);
    ASSERT_TRUE(r.ok()) << fen << ": " << r.error();
    EXPECT_EQ(*r, pos) << fen;
    EXPECT_EQ(to_fen(*r), fen);
    const Result<Position> r4 = parse_fen(to_fen4(pos));
    ASSERT_TRUE(r4.ok()) << r4.error();
    EXPECT_TRUE(r4->same_position(pos)) << fen;
    with_ep += pos.ep_square() != NoSquare;
    with_castling += pos.castling_rights() != NoCastling;
  }
  EXPECT_GT(positions.size(), 1000u);
  EXPECT_GT(with_ep, 0);
  EXPECT_GT(with_castling, 0);
}

// Mutated FENs either fail with a "FEN ..." message or parse to a position whose canonical FEN is a
// fixed point; nothing crashes (this runs under the sanitizers in CI).
TEST(Fen, MutatedInputsFailCleanlyOrReachAFixedPoint) {
  const std::vector<Position> positions = random_game_positions(GameCount / 10 + 1, 120, 5);
  const std::string alphabet = "pnbrqkPNBRQK12345678/ wb-KQkqAHahe36x0 \t9";
  pcg64 rng(42);
  int accepted = 0, refused = 0;
  for (const Position& pos : positions) {
    std::string fen = to_fen(pos);
    for (int edit = 0; edit < 3; ++edit) {
      const std::size_t at = rng() % (fen.size() + 1);
      const char c = alphabet[rng() % alphabet.size()];
      switch (rng() % 3) {
        case 0: if (at < fen.size()) fen[at] = c; break;
        case 1: fen.insert(fen.begin() + std::ptrdiff_t(at), c); break;
        default: if (at < fen.size()) fen.erase(at, 1); break;
      }
    }
    const Result<Position> r = parse_fen(fen);
    if (!r.ok()) {
      EXPECT_EQ(r.error().rfind("FEN ", 0), 0u) << r.error();
      ++refused;
      continue;
    }
    ++accepted;
    const Result<Position> again = parse_fen(to_fen(*r));
    ASSERT_TRUE(again.ok()) << fen << " -> " << to_fen(*r) << ": " << again.error();
    EXPECT_EQ(*again, *r) << fen;
  }
  EXPECT_GT(refused, 0);
  EXPECT_GT(accepted + refused, 100);
}

TEST(Fen, RoundTripsTheSharedSample) {
  std::ifstream in(std::string(CHESSRANK_SHARED_DIR) + "/data/tromp-sample-1k-verdicts.txt");
  ASSERT_TRUE(in) << "missing shared data";
  std::string line;
  int n = 0;
  while (std::getline(in, line)) {
    const std::string fen = line.substr(0, line.find('\t'));
    const Result<Position> r = parse_fen(fen);
    ASSERT_TRUE(r.ok()) << fen << ": " << r.error();
    EXPECT_EQ(to_fen(*r), fen);
    ++n;
  }
  EXPECT_EQ(n, 1000);
}

TEST(Epd, ParsesOperationsAndRoundTrips) {
  const Result<Epd> r = parse_epd("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -   bm e4; id \"start\";  ");
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(r->position, Position::start());
  EXPECT_EQ(r->operations, "bm e4; id \"start\";");
  EXPECT_EQ(to_epd(*r), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4; id \"start\";");

  const Result<Epd> bare = parse_epd("4k3/8/8/8/8/8/8/4K3 b - -");
  ASSERT_TRUE(bare.ok()) << bare.error();
  EXPECT_EQ(bare->operations, "");
  EXPECT_EQ(to_epd(*bare), "4k3/8/8/8/8/8/8/4K3 b - -");

  for (const Position& pos : random_game_positions(5, 100, 99)) {
    const Epd epd{pos, "id \"x\";"};
    const Result<Epd> back = parse_epd(to_epd(epd));
    ASSERT_TRUE(back.ok()) << back.error();
    EXPECT_TRUE(back->position.same_position(pos));
    EXPECT_EQ(back->operations, epd.operations);
  }
}

// parse_fen_or_epd reads EPD records, but a FEN with a bad counter stays a FEN error.
TEST(Epd, FenOrEpdKeepsFenErrorsForCounters) {
  const Result<Position> epd = parse_fen_or_epd("4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; id \"x\";");
  ASSERT_TRUE(epd.ok());
  EXPECT_EQ(to_fen(*epd), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
  const Result<Position> fen = parse_fen_or_epd("4k3/8/8/8/8/8/8/4K3 w - - 7 40");
  ASSERT_TRUE(fen.ok());
  EXPECT_EQ(to_fen(*fen), "4k3/8/8/8/8/8/8/4K3 w - - 7 40");
  for (const char* bad : {"4k3/8/8/8/8/8/8/4K3 w - - 70000 1", "4k3/8/8/8/8/8/8/4K3 w - - 0 0",
                          "4k3/8/8/8/8/8/8/4K3 w - - 0", "4k3/8/8/8/8/8/8/4K3 w - - -1 1"}) {
    const Result<Position> r = parse_fen_or_epd(bad);
    EXPECT_FALSE(r.ok()) << bad;
    if (!r.ok()) {
      EXPECT_EQ(r.error(), parse_fen(bad).error()) << bad;
    }
  }
}

TEST(Epd, RefusesMalformedRecordsNamingTheField) {
  const std::vector<Malformed> cases = {
      {"", "EPD is empty"},
      {"4k3/8/8/8/8/8/8/4K3 w -", "EPD has 3 fields, expected at least 4"},
      {"4k3/8/8/8/8/8/8/4K3/8 w - - bm e4;", "EPD field 1 (placement): 9 ranks, expected 8"},
      {"4k3/8/8/8/8/8/8/4K3 - - - bm e4;", "EPD field 2 (side to move): '-' is not w or b"},
      {"4k3/8/8/8/8/8/8/4K3 w K - bm e4;", "EPD field 3 (castling): right K needs a white rook on h1"},
      {"4k3/8/8/8/8/8/8/4K3 w - e5 bm e4;", "EPD field 4 (en passant): e5 is not on rank 6 with white to move"},
  };
  for (const Malformed& m : cases) {
    const Result<Epd> r = parse_epd(m.fen);
    ASSERT_FALSE(r.ok()) << m.fen;
    EXPECT_EQ(r.error(), m.message);
    // What the commands read: a record with an opcode gets the EPD error, not a FEN field count.
    if (m.fen.find(" bm ") != std::string::npos) {
      const Result<Position> either = parse_fen_or_epd(m.fen);
      ASSERT_FALSE(either.ok()) << m.fen;
      EXPECT_EQ(either.error(), m.message);
    }
  }
  // Without the en passant field the opcode stands where it would be.
  EXPECT_EQ(parse_fen_or_epd("4k3/8/8/8/8/8/8/4K3 w - bm e4;").error(),
            "EPD field 4 (en passant): 'bm' is not a square or '-'");
}

// Operations are `opcode operand ...;` (the PGN standard's EPD), so that a mistyped FEN is not read as an
// EPD with counters 0 and 1; hmvc and fmvn give the counters.
TEST(Epd, ChecksOperationsAndReadsTheCounters) {
  const std::string k = "4k3/8/8/8/8/8/8/4K3 w - - ";
  const Result<Epd> r = parse_epd(k + "bm Kd2 Ke2; id \"a; \\\"b\\\"\"; hmvc 7; fmvn 40;c0 \"x\";");
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(to_fen(r->position), k + "7 40");
  EXPECT_EQ(r->operations, "bm Kd2 Ke2; id \"a; \\\"b\\\"\"; hmvc 7; fmvn 40;c0 \"x\";");
  const std::vector<Malformed> cases = {
      {k + "bm e4", "EPD operation 1 (bm): no ';' at its end"},
      {k + "bm e4; id \"x;", "EPD operation 2 (id): a string with no closing '\"'"},
      {k + "bm e4; 3x y;", "EPD operation 2: '3x' is not an opcode (a letter, then up to 14 letters, digits or _)"},
      {k + "b-m e4;", "EPD operation 1: 'b-m' is not an opcode (a letter, then up to 14 letters, digits or _)"},
      {k + "bm e4; bm d4;", "EPD operation 2 (bm): the opcode comes twice"},
      {k + "hmvc;", "EPD operation 1 (hmvc): 0 operands, expected 1"},
      {k + "hmvc x;", "EPD operation 1 (hmvc): 'x' is not a number"},
      {k + "fmvn 0;", "EPD operation 1 (fmvn): 0 is not a move number (the first move is 1)"},
      {k + "hmvc 70000;", "EPD operation 1 (hmvc): '70000' is too large (at most 65535)"},
  };
  for (const Malformed& m : cases) {
    const Result<Position> either = parse_fen_or_epd(m.fen);
    ASSERT_FALSE(either.ok()) << m.fen;
    EXPECT_EQ(either.error(), m.message);
  }
  // Six fields ending in a number: a FEN with a mistyped counter, not an EPD missing its ';'.
  EXPECT_EQ(parse_fen_or_epd(k + "l0 30").error(), "FEN field 5 (halfmove clock): 'l0' is not a number");
}

TEST(Square, NamesAndParsesEverySquare) {
  std::set<std::string> names;
  for (int s = 0; s < SquareCount; ++s) {
    const std::string name = square_name(Square(s));
    names.insert(name);
    const Result<Square> back = parse_square(name);
    ASSERT_TRUE(back.ok()) << back.error();
    EXPECT_EQ(*back, Square(s));
    EXPECT_EQ(file_of(Square(s)), name[0] - 'a');
    EXPECT_EQ(rank_of(Square(s)), name[1] - '1');
  }
  EXPECT_EQ(names.size(), 64u);
  EXPECT_EQ(square_name(NoSquare), "-");
  for (const char* bad : {"", "e", "e44", "i1", "a0", "a9", "E4", "4e", "-"}) {
    const Result<Square> r = parse_square(bad);
    ASSERT_FALSE(r.ok()) << bad;
    EXPECT_EQ(r.error(), std::string("'").append(bad).append("' is not a square name"));
  }
}

}  // namespace
}  // namespace chessrank
