#include "core/notation.h"

#include <algorithm>
#include <cstdint>
#include <random>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/fen.h"
#include "core/movegen.h"
#include "tests/support/build_flavour.h"
#include "tests/support/corpus.h"
#include "tests/support/or_fail.h"
#include "tests/support/random_placement.h"

namespace chessrank {
namespace {

using testing::fen_or_fail;

constexpr int GameCount = testing::unless_sanitized(30, 4);
constexpr int PlacementCount = testing::unless_sanitized(20000, 4000);

using testing::random_game_positions;

Move uci(const Position& pos, const std::string& text) {
  const Result<Move> r = parse_uci(pos, text);
  EXPECT_TRUE(r.ok()) << text << ": " << r.error();
  return r.ok() ? *r : Move::none();
}

bool is_uci_of_piece(const Position& pos, const std::string& s) {
  return (s.size() == 4 || s.size() == 5) && s[0] >= 'a' && s[0] <= 'h' && s[1] >= '1' && s[1] <= '8' &&
         s[2] >= 'a' && s[2] <= 'h' && s[3] >= '1' && s[3] <= '8' &&
         type_of(pos.piece_on(make_square(File(s[0] - 'a'), Rank(s[1] - '1')))) != Pawn;
}

// Expect every spelling in `inputs` to parse to the move written `expected_uci`, through parse_move and,
// unless it is UCI for a piece (which SAN spells with a letter), through parse_san.
void expect_san_parses(const Position& pos, const std::vector<std::string>& inputs, const std::string& expected_uci) {
  const Move expected = uci(pos, expected_uci);
  for (const std::string& in : inputs) {
    if (!is_uci_of_piece(pos, in)) {
      const Result<Move> r = parse_san(pos, in);
      ASSERT_TRUE(r.ok()) << in << ": " << r.error();
      EXPECT_EQ(*r, expected) << in;
    }
    const Result<Move> any = parse_move(pos, in);
    ASSERT_TRUE(any.ok()) << in << ": " << any.error();
    EXPECT_EQ(*any, expected) << in;
  }
}

void expect_san_error(const Position& pos, const std::string& input, const std::string& message) {
  const Result<Move> r = parse_san(pos, input);
  ASSERT_FALSE(r.ok()) << input << " parsed as " << to_uci(*r);
  EXPECT_EQ(r.error(), message);
}

// Messages quote the input as FEN messages do: control bytes escaped, long text cut short.
TEST(Notation, MessagesQuoteControlBytesAndLongText) {
  const Position pos = Position::start();
  const Result<Move> control = parse_move(pos, "e4\x01");
  ASSERT_FALSE(control.ok());
  EXPECT_EQ(control.error().find('\x01'), std::string::npos) << control.error();
  EXPECT_NE(control.error().find("'e4\\x01'"), std::string::npos) << control.error();
  const Result<Move> long_text = parse_move(pos, std::string(40, 'Q'));
  ASSERT_FALSE(long_text.ok());
  EXPECT_NE(long_text.error().find("'" + std::string(24, 'Q') + "...'"), std::string::npos) << long_text.error();
}

// For every legal move: SAN and UCI round trip, SAN strings are distinct, and disambiguation is present
// exactly when another piece of the same kind can legally reach the same square.
struct SanStats {
  std::size_t moves = 0, disambiguated = 0, by_square = 0, checks = 0, castles = 0;
};

// Check that every legal move of `pos` goes through SAN, UCI and parse_move and back, that SAN names are
// distinct, and that a piece move is disambiguated exactly when another piece of its kind can go there.
void check_round_trips(const Position& pos, SanStats& stats) {
  const MoveList legal = legal_moves(pos);
  std::set<std::string> sans;
  for (Move m : legal) {
    const std::string san = to_san(pos, m);
    sans.insert(san);
    const Result<Move> back = parse_san(pos, san);
    ASSERT_TRUE(back.ok()) << to_fen(pos) << " " << san << ": " << back.error();
    EXPECT_EQ(*back, m) << to_fen(pos) << " " << san;
    const Result<Move> back_uci = parse_uci(pos, to_uci(m));
    ASSERT_TRUE(back_uci.ok()) << back_uci.error();
    EXPECT_EQ(*back_uci, m);
    const Result<Move> back_any = parse_move(pos, to_uci(m));
    ASSERT_TRUE(back_any.ok()) << back_any.error();
    EXPECT_EQ(*back_any, m);

    const PieceType pt = type_of(pos.piece_on(m.from()));
    if (pt != Pawn && pt != King) {
      int rivals = 0;
      for (Move o : legal) rivals += o.to() == m.to() && o.from() != m.from() && type_of(pos.piece_on(o.from())) == pt;
      // Body length without capture and marks: letter + square (3), or + 1 or 2 disambiguation chars.
      std::string body = san;
      while (!body.empty() && (body.back() == '+' || body.back() == '#')) body.pop_back();
      body.erase(std::remove(body.begin(), body.end(), 'x'), body.end());
      EXPECT_EQ(body.size() > 3, rivals > 0) << to_fen(pos) << " " << san;
      stats.disambiguated += body.size() > 3;
      stats.by_square += body.size() == 5;
    }
    stats.checks += san.back() == '+';
    stats.castles += m.kind() == MoveKind::Castling;
    ++stats.moves;
  }
  EXPECT_EQ(sans.size(), legal.size()) << to_fen(pos);
}

TEST(Notation, RoundTripsEveryLegalMoveOfRandomGames) {
  SanStats stats;
  for (const Position& pos : random_game_positions(GameCount, 200, 2024)) check_round_trips(pos, stats);
  EXPECT_GT(stats.moves, 10000u);
  EXPECT_GT(stats.disambiguated, 0u);
  EXPECT_GT(stats.checks, 0u);
  EXPECT_GT(stats.castles, 0u);
}

// The same on random placements (tests/support/random_placement.h), legal or not: crowded boards where
// three queens reach one square and need file and rank both.
TEST(Notation, RoundTripsEveryLegalMoveOfRandomPlacements) {
  std::mt19937_64 rng(11);
  SanStats stats;
  for (int i = 0; i < PlacementCount; ++i) check_round_trips(testing::random_placement(rng), stats);
  EXPECT_GT(stats.moves, std::size_t(PlacementCount) * 10) << stats.moves;
  EXPECT_GT(stats.by_square, 0u);
  EXPECT_GT(stats.castles, 0u);
}

// The check mark agrees with an independent computation: the reply count after the move.
TEST(Notation, CheckAndMateMarksAgreeWithMoveGeneration) {
  for (const Position& pos : random_game_positions(GameCount / 3 + 1, 200, 77)) {
    for (Move m : legal_moves(pos)) {
      Position next = pos;
      UndoInfo undo;
      next.do_move(m, undo);
      const std::string san = to_san(pos, m);
      const char expected = !next.in_check() ? 0 : legal_moves(next).empty() ? '#' : '+';
      const char mark = san.back() == '+' || san.back() == '#' ? san.back() : 0;
      EXPECT_EQ(mark, expected) << to_fen(pos) << " " << san;
    }
  }
}

TEST(Notation, DisambiguatesByFileThenRankThenBoth) {
  const Position rooks_rank = fen_or_fail("6k1/8/8/8/8/8/4K3/R6R w - - 0 1");
  EXPECT_EQ(to_san(rooks_rank, uci(rooks_rank, "a1d1")), "Rad1");
  EXPECT_EQ(to_san(rooks_rank, uci(rooks_rank, "h1d1")), "Rhd1");
  EXPECT_EQ(to_san(rooks_rank, uci(rooks_rank, "h1h5")), "Rh5");
  expect_san_error(rooks_rank, "Rd1", "'Rd1' is ambiguous: it could be Rad1 or Rhd1");

  const Position rooks_file = fen_or_fail("8/7k/8/R7/8/8/4K3/R7 w - - 0 1");
  EXPECT_EQ(to_san(rooks_file, uci(rooks_file, "a1a3")), "R1a3");
  EXPECT_EQ(to_san(rooks_file, uci(rooks_file, "a5a3")), "R5a3");
  expect_san_parses(rooks_file, {"R1a3", "Ra1a3", "Ra1-a3"}, "a1a3");
  expect_san_error(rooks_file, "Raa3", "'Raa3' is ambiguous: it could be R1a3 or R5a3");

  const Position queens = fen_or_fail("8/7k/8/8/8/Q7/8/Q1Q1K3 w - - 0 1");
  EXPECT_EQ(to_san(queens, uci(queens, "a1b2")), "Qa1b2");
  EXPECT_EQ(to_san(queens, uci(queens, "a3b2")), "Q3b2");
  EXPECT_EQ(to_san(queens, uci(queens, "c1b2")), "Qcb2");
  expect_san_parses(queens, {"Qa1b2", "Qa1-b2"}, "a1b2");
  expect_san_error(queens, "Qb2", "'Qb2' is ambiguous: it could be Qa1b2, Qcb2 or Q3b2");
  expect_san_error(queens, "Qab2", "'Qab2' is ambiguous: it could be Qa1b2 or Q3b2");
  expect_san_error(queens, "Q1b2", "'Q1b2' is ambiguous: it could be Qa1b2 or Qcb2");
}

TEST(Notation, PinnedPieceDoesNotCountForDisambiguation) {
  // The knight on c3 is pinned by the bishop on d4 against the king on a1.
  const Position pos = fen_or_fail("4k3/8/8/8/3b4/2N3N1/8/K7 w - - 0 1");
  EXPECT_EQ(to_san(pos, uci(pos, "g3e4")), "Ne4");
  expect_san_parses(pos, {"Ne4", "Nge4", "Ng3e4", "Ne4!"}, "g3e4");
  expect_san_error(pos, "Nce4", "'Nce4' is not a legal move");
}

TEST(Notation, PromotionsAndPromotionCaptures) {
  const Position pos = fen_or_fail("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
  EXPECT_EQ(to_san(pos, uci(pos, "a7b8q")), "axb8=Q+");
  EXPECT_EQ(to_san(pos, uci(pos, "a7b8r")), "axb8=R+");
  EXPECT_EQ(to_san(pos, uci(pos, "a7b8n")), "axb8=N");
  EXPECT_EQ(to_san(pos, uci(pos, "a7a8b")), "a8=B");
  expect_san_parses(pos, {"axb8=Q", "axb8Q", "axb8(Q)", "axb8=Q+", "axb8/Q", "axb8=q", "ab8=Q", "a7b8q"}, "a7b8q");
  expect_san_parses(pos, {"axb8=N", "axb8N"}, "a7b8n");
  expect_san_parses(pos, {"a8=Q", "a8Q", "a8=Q+!"}, "a7a8q");
  expect_san_error(pos, "axb8", "'axb8' needs a promotion piece (=Q, =R, =B or =N)");
  expect_san_error(pos, "a8", "'a8' needs a promotion piece (=Q, =R, =B or =N)");
  expect_san_error(pos, "a8=K", "'a8=K' is not a move in SAN or UCI");
  expect_san_error(pos, "Ka8=Q", "'Ka8=Q': only pawns promote");
  expect_san_error(pos, "a8=", "'a8=': '=' without a promotion piece");
  EXPECT_FALSE(parse_uci(pos, "a7a8").ok());
  EXPECT_EQ(parse_uci(pos, "a7a8").error(), "'a7a8' needs a promotion letter (q, r, b or n)");
}

TEST(Notation, EnPassant) {
  const Position pos = fen_or_fail("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
  const Move ep = uci(pos, "e5d6");
  EXPECT_EQ(ep.kind(), MoveKind::EnPassant);
  EXPECT_EQ(to_san(pos, ep), "exd6");
  expect_san_parses(pos, {"exd6", "exd6e.p.", "exd6e.p.+", "exd6+e.p.", "ed6", "e5d6"}, "e5d6");
  expect_san_error(pos, "d6", "'d6' is not a legal move");
  expect_san_error(pos, "exd6e.p.e.p.", "'exd6e.p.e.p.' is not a move in SAN or UCI");
  // The note is checked: it marks no other capture, and no piece's move.
  const Position plain = fen_or_fail("4k3/8/8/3p4/4P3/2N5/8/4K3 w - - 0 1");
  expect_san_parses(plain, {"exd5"}, "e4d5");
  expect_san_error(plain, "exd5e.p.", "'exd5e.p.': marked e.p. but it is not an en passant capture");
  expect_san_error(plain, "Nxd5e.p.", "'Nxd5e.p.': only pawns capture en passant");
  expect_san_error(pos, "exe6", "'exe6' is not legal: nothing to capture on e6");
  expect_san_error(pos, "e7", "'e7' is not legal: no pawn can move to e7");
}

TEST(Notation, CastlingWithCheckAndMateMarks) {
  const Position pos = fen_or_fail("5k2/8/8/8/8/8/8/R3K2R w KQ - 0 1");
  EXPECT_EQ(to_san(pos, uci(pos, "e1g1")), "O-O+");
  EXPECT_EQ(to_san(pos, uci(pos, "e1c1")), "O-O-O");
  expect_san_parses(pos, {"O-O", "O-O+", "0-0", "0-0+", "o-o", "e1g1", "e1h1"}, "e1g1");
  expect_san_parses(pos, {"O-O-O", "0-0-0", "e1c1", "e1a1"}, "e1c1");

  const Position no_rights = fen_or_fail("5k2/8/8/8/8/8/8/R3K2R w Q - 0 1");
  expect_san_error(no_rights, "O-O", "'O-O' is not legal: white cannot castle kingside: it has no right to");
  // Each reason castling is refused is named; "Kg1" for a castling that is legal says how to write it.
  expect_san_error(fen_or_fail("4k3/8/8/8/8/8/8/R3K1NR w KQ - 0 1"), "O-O",
                   "'O-O' is not legal: white cannot castle kingside: g1 is occupied");
  expect_san_error(fen_or_fail("4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1"), "O-O-O",
                   "'O-O-O' is not legal: white cannot castle queenside: b1 is occupied");
  expect_san_error(fen_or_fail("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"), "Kg1",
                   "'Kg1' is not legal: no king can move to g1 (castling is written O-O)");
  expect_san_error(fen_or_fail("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"), "Kc1",
                   "'Kc1' is not legal: no king can move to c1 (castling is written O-O-O)");
  expect_san_error(fen_or_fail("r3k2r/8/8/8/8/8/8/K3R3 b kq - 0 1"), "O-O",
                   "'O-O' is not legal: black cannot castle kingside: its king is in check");
  expect_san_error(fen_or_fail("r3k2r/8/8/8/8/8/8/3RK3 b kq - 0 1"), "O-O-O",
                   "'O-O-O' is not legal: black cannot castle queenside: the king would pass or land on d8, which "
                   "is attacked");
  expect_san_parses(fen_or_fail("r3k2r/8/8/8/8/8/8/1R2K3 b kq - 0 1"), {"O-O-O"}, "e8c8");  // b8 may be attacked

  const Position mate = fen_or_fail("6k1/5ppp/8/8/8/8/8/R3K3 w Q - 0 1");
  EXPECT_EQ(to_san(mate, uci(mate, "a1a8")), "Ra8#");
  EXPECT_EQ(to_san(mate, uci(mate, "e1c1")), "O-O-O");
  expect_san_parses(mate, {"Ra8#", "Ra8", "Ra8+", "Ra8#!!"}, "a1a8");

  // Queenside castling that mates: the rook lands on d1 against a king boxed in on d8.
  const Position long_mate = fen_or_fail("2rkr3/2p1p3/8/8/8/8/8/R3K3 w Q - 0 1");
  EXPECT_EQ(to_san(long_mate, uci(long_mate, "e1c1")), "O-O-O#");
  expect_san_parses(long_mate, {"O-O-O#", "O-O-O", "0-0-0+"}, "e1c1");
}

TEST(Notation, CaptureMarksAndOverDisambiguation) {
  const Position start = Position::start();
  expect_san_parses(start, {"Nf3", "Ngf3", "Ng1f3", "Nf3+", "Nf3?!", "g1f3"}, "g1f3");
  expect_san_parses(start, {"e4", "e4!", "e2e4", "e2-e4"}, "e2e4");
  expect_san_parses(start, {"Ng1-f3"}, "g1f3");
  // A hyphen joins two squares; after less than one it is no notation.
  for (const char* bad : {"N-f3", "Ng-f3", "N1-f3", "-e4", "e-e4"})
    expect_san_error(start, bad, std::string("'") + bad + "' is not a move in SAN or UCI");
  expect_san_error(start, "Nxf3", "'Nxf3' is not legal: nothing to capture on f3");
  expect_san_error(start, "Nf6", "'Nf6' is not legal: no knight can move to f6");
  expect_san_error(start, "e5", "'e5' is not legal: no pawn can move to e5");
  expect_san_error(start, "Pe4", "'Pe4': pawn moves are written without 'P' in SAN");
  expect_san_error(start, "Nbf3", "'Nbf3' is not a legal move");
  expect_san_error(start, "O-O", "'O-O' is not legal: white cannot castle kingside: f1 is occupied");
  expect_san_error(start, "", "'' is not a move");
  expect_san_error(start, "Zf3", "'Zf3' is not a move in SAN or UCI");
  expect_san_error(start, "e4e4e4", "'e4e4e4' is not a move in SAN or UCI");

  // A capture written without 'x' is accepted.
  const Position pos = fen_or_fail("4k3/8/8/3p4/8/2N5/8/4K3 w - - 0 1");
  expect_san_parses(pos, {"Nxd5", "Nd5", "Ncxd5"}, "c3d5");
}

TEST(Notation, UciErrors) {
  const Position start = Position::start();
  EXPECT_EQ(to_uci(uci(start, "g1f3")), "g1f3");
  EXPECT_EQ(to_uci(Move::none()), "0000");
  EXPECT_EQ(parse_uci(start, "e2e5").error(), "'e2e5' is not a legal move");
  EXPECT_EQ(parse_uci(start, "e3e4").error(), "'e3e4': no piece on e3");
  EXPECT_EQ(parse_uci(start, "e7e5").error(), "'e7e5': the piece on e7 is not white's");
  EXPECT_EQ(parse_uci(start, "e2e4q").error(), "'e2e4q' is not a promotion");
  EXPECT_EQ(parse_uci(start, "0000").error(), "'0000' (a null move) is not a legal move");
  // parse_move names the null move in either notation's spelling.
  for (const char* null_move : {"0000", "--", "Z0"})
    EXPECT_EQ(parse_move(start, null_move).error(),
              std::string("'") + null_move + "' (a null move) is not a legal move");
  EXPECT_EQ(parse_uci(start, "e2").error(), "'e2' is not a UCI move (like e2e4 or e7e8q)");
}

}  // namespace
}  // namespace chessrank

namespace chessrank {
namespace {

TEST(Notation, GameTextIsSanFromTheInitialPosition) {
  EXPECT_EQ(to_san_game({}), "");
  EXPECT_EQ(to_san_game({Move(E2, E4), Move(F7, F6), Move(D2, D4), Move(G7, G5), Move(D1, H5)}),
            "e4 f6 d4 g5 Qh5#");
}

// parse_game reads what to_san_game writes, UCI too, and names the ply of a move that is not legal.
TEST(Notation, GameTextParsesBackToTheMoves) {
  const std::vector<Move> moves{Move(E2, E4), Move(F7, F6), Move(D2, D4), Move(G7, G5), Move(D1, H5)};
  EXPECT_EQ(parse_game(to_san_game(moves)).value(), moves);
  EXPECT_EQ(parse_game(" e2e4\tf7f6\n d4  g5 Qh5 ").value(), moves);
  EXPECT_TRUE(parse_game("").value().empty());
  const Result<std::vector<Move>> bad = parse_game("e4 e5 Ke3");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().rfind("ply 3 ('Ke3'): ", 0), 0u) << bad.error();
}

}  // namespace
}  // namespace chessrank
