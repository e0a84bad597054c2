// Runs the `chessrank` binary (fen, replay, check, perft) and checks stdout, stderr and the exit status.

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/fen.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/perft.h"
#include "tests/support/cli.h"

namespace chessrank {
namespace {

using Outcome = testing::CliResult;
using testing::run_cli;
using testing::run_cli_shell;

const std::string StartFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

TEST(CliFen, PrintsCanonicalFenPerArgument) {
  const Outcome r = run_cli({"fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w qkQK -",
                     "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"});
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, StartFen + "\nrnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n");
  EXPECT_EQ(r.err, "");
}

TEST(CliFen, ReportsErrorsWithTheirPlaceAndFails) {
  const Outcome r = run_cli({"fen", StartFen, "rnbqkbnr/pppppppp/4p4/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, StartFen + "\n");
  EXPECT_EQ(r.err, "error: argument 2: FEN field 1 (placement): rank 6 describes 9 squares\n");
}

TEST(CliFen, ReadsStdinLinesSkippingBlankOnes) {
  const Outcome r =
      run_cli({"fen"}, StartFen + "\n\n  8/8/8/8/8/8/8/8 w - - 0 1\n4k3/8/8/8/8/8/8/4K3 b - -\r\n\f\v \n");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, StartFen + "\n4k3/8/8/8/8/8/8/4K3 b - - 0 1\n");
  EXPECT_EQ(r.err, "error: line 3: FEN field 1 (placement): white has no king\n");
}

// A byte order mark at the start of the input is skipped (files saved by Windows editors); a line too long
// to be an item is refused by its number without being held in memory, and the lines after it still come.
TEST(CliFen, SkipsAByteOrderMarkAndRefusesOverlongLines) {
  const std::string fen = "4k3/8/8/8/8/8/8/4K3 w - -";
  const Outcome r = run_cli({"fen"}, "\xEF\xBB\xBF" + fen + "\n" + std::string((1 << 20) + 1, 'x') + "\n" + fen + "\n");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, fen + " 0 1\n" + fen + " 0 1\n");
  EXPECT_EQ(r.err, "error: line 2: longer than 1048576 bytes\n");
}

// A program that feeds positions a line at a time and waits for each answer must get it before it
// sends the next line: output is buffered, but flushed before every read that may wait, even one in the
// middle of a line.
TEST(CliFen, AnswersEachLineBeforeTheNextArrives) {
  // Each write ends in the middle of the next line: the answer must not wait for that line's end.
  const std::string first = "4k3/8/8/8/8/8/8/4K3 w - -", second = "4k3/8/8/8/8/8/8/4K3 b - -";
  const testing::Conversation talk = testing::converse({"fen"}, {first + "\n4k3/8/8/", "8/8/8/8/4K3 b - -\n"});
  EXPECT_EQ(talk.answers, (std::vector<std::string>{first + " 0 1\n", second + " 0 1\n"}));
  EXPECT_EQ(talk.status, 0);
}

TEST(CliReplay, PlaysSanAndUciFromTheStart) {
  const Outcome r =
      run_cli({"replay", "1.", "e4", "e5", "2.", "Nf3", "Nc6", "3.", "f1b5", "a6", "4.", "Bxc6", "dxc6", "5.", "O-O"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "r1bqkbnr/1pp2ppp/p1p5/4p3/4P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 1 5\n");
  EXPECT_EQ(r.err, "");
}

// An "e.p." standing alone is a note on the move before it, checked as when written on the move.
TEST(CliReplay, ChecksAnEnPassantNote) {
  const Outcome ok = run_cli({"replay"}, "1. e4 a6 2. e5 d5 3. exd6 e.p. *\n");
  EXPECT_EQ(ok.status, 0) << ok.err;
  EXPECT_EQ(ok.out, "rnbqkbnr/1pp1pppp/p2P4/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3\n");
  const Outcome wrong = run_cli({"replay"}, "1. e4 d5 2. exd5 e.p. *\n");
  EXPECT_EQ(wrong.status, 1);
  EXPECT_EQ(wrong.out, "");
  EXPECT_EQ(wrong.err, "error: ply 3 (2. exd5): marked e.p. but it is not an en passant capture\n");
  const Outcome first = run_cli({"replay", "e.p.", "e4"});
  EXPECT_EQ(first.status, 1);
  EXPECT_EQ(first.err, "error: 'e.p.' follows no move\n");
}

TEST(CliReplay, IgnoresPgnDecorationOnStdin) {
  const Outcome r = run_cli(
      {"replay"}, "[Event \"x\"]\n1.e4 {a comment\nover lines} e5 2.Nf3 (2.f4 exf4) 2...Nc6 $1 ; rest\n3. Bb5 1-0\n");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3\n");
}

// A variation's comments may hold brackets ("1)", smileys); they do not open or close the variation.
TEST(CliReplay, SkipsCommentsInsideVariationsWhole) {
  const std::string after = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3\n";
  for (const std::string text : {"1. e4 e5 2. Nf3 (2. Nc3 {1) develop, 2) castle} Nf6) 2... Nc6 *\n",
                                 "1. e4 e5 2. Nf3 (2. Nc3 {:-(} Nf6) 2... Nc6 *\n",
                                 "1. e4 e5 2. Nf3 (2. Nc3 ; comment )\n Nf6 (2... d6 {(}) ) Nc6 *\n"}) {
    const Outcome r = run_cli({"replay"}, text);
    EXPECT_EQ(r.status, 0) << text << r.err;
    EXPECT_EQ(r.out, after) << text;
  }
  const Outcome open = run_cli({"replay"}, "1. e4 e5 2. Nf3 (2. Nc3 {unclosed) Nc6 *\n");
  EXPECT_EQ(open.status, 1);
  EXPECT_EQ(open.err, "error: unterminated '(' opened in line 1\n");
}

// A result ends the game: a second game on stdin would otherwise continue the first.
// replay reads stdin as the line commands do: past a byte order mark, waiting on a non-blocking
// descriptor, and up to a bound, so that input without end (/dev/zero) is refused rather than read until
// memory runs out.
TEST(CliReplay, ReadsStandardInputAsTheLineCommandsDo) {
  const std::string after_e4_c5 = "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\n";
  Outcome r = run_cli({"replay"}, "\xEF\xBB\xBF" "1. e4 c5\n");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, after_e4_c5);
  r = testing::run_cli_nonblocking({"replay"}, "1. e4 c5\n");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, after_e4_c5);
  r = run_cli_shell("replay < /dev/zero");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "error: standard input: longer than 67108864 bytes: replay plays one game\n");
}

// Messages quote option values and file names with their control bytes escaped: one line each, and
// nothing for a terminal to act on.
TEST(Cli, MessagesEscapeControlBytes) {
  Outcome r = run_cli({"sample", "--count", "1\n2"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "error: --count: '1\\x0a2' is not a whole number from 0 to 1000000000000\n");
  r = run_cli({"encode", "--input", "no\x1b[31mfile"});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "error: cannot open input file 'no\\x1b[31mfile': No such file or directory\n");
  r = run_cli({"fen\nx"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;
}

TEST(CliReplay, RefusesMovesAfterTheResult) {
  const Outcome r = run_cli({"replay"}, "1. e4 e5 2. Nf3 Nc6 1-0\n1. d4 d5 *\n");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "error: ply 5 ('d4') comes after the result 1-0: replay plays one game\n");
}

// A second game's tags, result or not, and a move number that is not the game's are errors: two games
// are never played as one.
TEST(CliReplay, RefusesASecondGameAndWrongMoveNumbers) {
  Outcome r = run_cli({"replay"}, "[Event \"a\"]\n1. e4 e5 2. Nf3 Nc6\n\n[Event \"b\"]\n1. d4 d5 2. c4\n");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "error: a tag section ('[') in line 4 after the movetext: replay plays one game\n");
  r = run_cli({"replay", "1...", "e4"});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "error: ply 1: move number '1...' where the game is at '1.' (white to move)\n");
  r = run_cli({"replay", "1.", "e4", "e5", "7.", "Nf3"});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "error: ply 3: move number '7.' where the game is at '2.' (white to move)\n");
  r = run_cli({"replay"}, "1.e4 1.e5\n");
  EXPECT_EQ(r.err, "error: ply 2: move number '1.' where the game is at '1...' (black to move)\n");
  // Numbers that match, with --fen's move number and black to move.
  r = run_cli({"replay", "--fen", "4k3/8/8/8/8/8/8/4K2R b K - 0 12", "12...", "Kd7", "13.Ke2"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "8/3k4/8/8/8/8/4K3/7R b - - 2 13\n");
}

// The game ends without a claim at a fivefold repetition or after 75 moves each without a capture or a
// pawn move (unless that last move mates): a move after either is refused, as after mate.
TEST(CliReplay, RefusesMovesAfterAFivefoldRepetitionOrThe75MoveRule) {
  std::vector<std::string> args{"replay"};
  for (int i = 0; i < 40; ++i)
    for (const char* m : {"Nf3", "Nf6", "Ng1", "Ng8"}) args.push_back(m);
  const Outcome r = run_cli(args);
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "error: ply 17 (9. Nf3): the game is over: this position has occurred five times (fivefold "
                   "repetition)\n");
  args.resize(17);  // the fifth occurrence ends the moves: that position prints
  EXPECT_EQ(run_cli(args).out, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 16 9\n");
  // After e4 the FEN names e3, but dxe3 would leave the rook on h4 checking the king on a4: the position
  // is the one the king moves come back to, so its fifth occurrence comes after four rounds.
  std::vector<std::string> pinned{"replay", "--fen", "8/8/8/8/k2p3R/8/4P3/4K3 w - - 0 1", "e4"};
  for (int i = 0; i < 5; ++i)
    for (const char* m : {"Ka3", "Kd1", "Ka4", "Ke1"}) pinned.push_back(m);
  const Outcome ep = run_cli(pinned);
  EXPECT_EQ(ep.status, 1);
  EXPECT_NE(ep.err.find("ply 18 (9... Ka3): the game is over: this position has occurred five times"),
            std::string::npos) << ep.err;
  const Outcome clock = run_cli({"replay", "--fen", "4k3/8/8/8/8/8/8/4K2R w K - 150 100", "Kf1"});
  EXPECT_EQ(clock.status, 1);
  EXPECT_EQ(clock.err, "error: ply 1 (100. Kf1): the game is over: 75 moves by each side without a capture or a "
                       "pawn move (the 75-move rule)\n");
  EXPECT_EQ(run_cli({"replay", "--fen", "4k3/8/8/8/8/8/8/4K2R w K - 149 100", "Kf1"}).status, 0);
  // A mate on the 150th half-move stands: the game is over by mate.
  const Outcome mate = run_cli({"replay", "--fen", "6k1/5ppp/8/8/8/8/8/R3K3 w Q - 149 100", "Ra8", "Kh8"});
  EXPECT_EQ(mate.err, "error: ply 2 (100... Kh8): the game is over: black is checkmated\n");
}

TEST(CliReplay, StartsFromFen) {
  const Outcome r = run_cli({"replay", "--fen", "4k3/8/8/8/8/8/8/4K2R w K - 0 1", "O-O", "Kd7", "Rf7+"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "8/3k1R2/8/8/8/8/8/6K1 b - - 3 2\n");
}

TEST(CliReplay, ReportsTheFirstBadMoveAndPrintsNothing) {
  Outcome r = run_cli({"replay", "1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf6 4. Bxc6 Nxc6 5. d4"});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "error: ply 8 (4... Nxc6): 'Nxc6' is not legal: no knight can move to c6\n");

  r = run_cli({"replay", "--fen", "6k1/8/8/8/8/8/4K3/R6R w - - 0 1", "Rd1"});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "error: ply 1 (1. Rd1): 'Rd1' is ambiguous: it could be Rad1 or Rhd1\n");

  // Control bytes in the move are escaped in the ply label too: one line on stderr.
  r = run_cli({"replay", "e4", "e\x01\x07"});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "error: ply 2 (1... e\\x01\\x07): 'e\\x01\\x07' is not a move in SAN or UCI\n");

  r = run_cli({"replay", "e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#", "Ke7"});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "error: ply 8 (4... Ke7): the game is over: black is checkmated\n");

  // Kings side by side: white has no move, but no game ends here, so it is not called a checkmate.
  r = run_cli({"replay", "--fen", "8/8/8/8/8/8/1k6/K7 w - - 0 1", "Ka2"});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err,
            "error: ply 1 (1. Ka2): no legal move, and the position is illegal: black is not to move but is in "
            "check\n");

  r = run_cli({"replay", "--fen", "8/8 w - -", "e4"});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "error: --fen: FEN field 1 (placement): 2 ranks, expected 8\n");

  r = run_cli({"replay"}, "1. e4 e5\n2. Nf3 {never closed\n");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "error: unterminated '{' opened in line 2\n");
  r = run_cli({"replay", "e4", "(e5"});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "error: unterminated '(' opened in argument 2\n");

  // An empty --fen is refused, not read as "no --fen".
  r = run_cli({"replay", "--fen", "", "Nf3"});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "error: --fen: FEN is empty\n");

  // '$' followed by other than digits is no NAG, so it is a bad move.
  r = run_cli({"replay", "e4", "$a"});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "error: ply 2 (1... $a): '$a' is not a move in SAN or UCI\n");
}

// The PGN forms of docs/fen.md: a promotion as e8(Q), and tag values that hold ']' or an escaped quote.
TEST(CliReplay, ReadsPromotionsInParenthesesAndBracketsInTags) {
  Outcome r = run_cli({"replay", "--fen", "8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e8(Q)"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "4Q3/8/8/8/8/8/k7/4K3 b - - 0 1\n");
  r = run_cli({"replay", "--fen", "8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e8(n)"});
  EXPECT_EQ(r.out, "4N3/8/8/8/8/8/k7/4K3 b - - 0 1\n");
  // A variation right after a move is still a variation.
  r = run_cli({"replay", "e4(d4)", "e5"});
  EXPECT_EQ(r.out, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\n");

  r = run_cli({"replay"}, "[Event \"Open [A]\"]\n[Site \"a \\\"]\\\" b\"]\n\n1. e4 e5 *\n");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\n");
  r = run_cli({"replay"}, "[Event \"never closed]\n1. e4\n");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "error: unterminated '[' opened in line 1\n");
}

// Cross-check: a random game replayed as SAN and as UCI reaches the position the library reached.
TEST(CliReplay, SanAndUciSequencesAgreeWithTheLibrary) {
  std::uint64_t state = 7;
  Position pos = Position::start();
  std::string san, uci;
  for (int ply = 0; ply < 120; ++ply) {
    const MoveList moves = legal_moves(pos);
    if (moves.empty()) break;
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    const Move m = moves[(state >> 33) % moves.size()];
    if (pos.side_to_move() == White) san += std::to_string(pos.fullmove_number()) + ". ";
    san += to_san(pos, m) + " ";
    uci += to_uci(m) + "\n";
    UndoInfo undo;
    pos.do_move(m, undo);
  }
  const Outcome by_san = run_cli({"replay", san});
  const Outcome by_uci = run_cli({"replay"}, uci);
  EXPECT_EQ(by_san.status, 0) << by_san.err;
  EXPECT_EQ(by_uci.status, 0) << by_uci.err;
  EXPECT_EQ(by_san.out, to_fen(pos) + "\n");
  EXPECT_EQ(by_uci.out, to_fen(pos) + "\n");
}

TEST(CliCheck, GivesOneVerdictPerPosition) {
  // The double check: the knight left c1 for d3, uncovering the rook.
  const Outcome r = run_cli({"check", StartFen, "4k3/8/8/8/8/5n2/8/4K3 w - - 0 1", "4k3/8/8/8/8/3n4/8/r3K3 w - - 0 1",
                     "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "ok: white to move, no check\n"
            "ok: white to move, in check from 1 piece (knight on f3)\n"
            "ok: white to move, in check from 2 pieces (rook on a1, knight on d3)\n"
            "ok: black to move, no check; note: en passant square e3 dropped: no pawn can capture there\n");
  EXPECT_EQ(r.err, "");
}

TEST(CliCheck, FlagsIllegalPositionsAndErrors) {
  const Outcome r = run_cli({"check"},
                    "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1\n"
                    "4k3/8/8/4r3/1q6/3n4/8/4K3 w - - 0 1\n"
                    "4k3/8/8/8/8/8/8/4K3 x - - 0 1\n"
                    "QQQQk3/8/8/8/8/8/PPPPPPPP/4K3 b - - 0 1\n"
                    "4k3/8/8/3pP3/8/8/8/4K2q w - d6 0 1\n"
                    "2N1r3/n1NNqN2/1P2b3/kr2KqbN/qq2p3/6QQ/BR6/r2NnRrB w - - 0 1\n"
                    "4k3/8/8/8/8/5n2/8/r3K3 w - - 0 1\n");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out,
            "illegal: black is not to move but is in check (rook on e1)\n"
            "illegal: 3 checkers\n"
            "illegal: white has at least 3 promoted pieces but only 0 missing pawns\n"
            "illegal: en passant square d6 says black just played d7-d5, which cannot have given the check "
            "(queen on h1)\n"
            // Two checkers on one line through the king (the rook on b5 and the queen on f5).
            "illegal: impossible check: white is in check from a queen and a rook, a double check no move of "
            "black can have given\n"
            // No knight move from b1, c1 or d1 reaches f3: nothing uncovered the rook.
            "illegal: impossible check: white is in check from a rook and a knight, a double check no move of "
            "black can have given\n");
  EXPECT_EQ(r.err, "error: line 3: FEN field 2 (side to move): 'x' is not w or b\n");
}

// Two bishops on one square colour mean a promotion, two on different colours need none: the original
// bishops never leave their colours.
TEST(CliCheck, CountsBishopsPerSquareColour) {
  const Outcome r =
      run_cli({"check", "4k3/8/8/8/8/8/PPPPPPPP/1B1BK3 w - - 0 1", "4k3/8/8/8/8/8/PPPPPPPP/BB2K3 w - - 0 1"});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out,
            "illegal: white has at least 1 promoted piece but only 0 missing pawns\n"
            "ok: white to move, no check\n");
  EXPECT_EQ(r.err, "");
}

// perft prints the leaf count (the published 8,902 of the start position at depth 3); --divide one line per
// root move, sorted, which must add up to the library's count; a bad FEN is one error line with status 1.
TEST(CliPerft, CountsAndDividesLikeTheLibrary) {
  Outcome r = run_cli({"perft", "3"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "8902\n");

  const std::string kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
  r = run_cli({"perft", "2", "--divide", "--fen", kiwipete});
  EXPECT_EQ(r.status, 0) << r.err;
  Position pos = *parse_fen(kiwipete);
  std::vector<std::string> expected;
  for (const auto& [move, nodes] : perft_divide(pos, 2))
    expected.push_back(to_uci(move) + ": " + std::to_string(nodes));
  std::sort(expected.begin(), expected.end());
  std::string out;
  for (const std::string& line : expected) out += line + "\n";
  EXPECT_EQ(r.out, out + "\ntotal: 2039\n");  // the published perft(2) of Kiwipete

  r = run_cli({"perft", "003"});  // leading zeros, however many
  EXPECT_EQ(r.out, "8902\n");

  r = run_cli({"perft", "2", "--fen", "8/8 w - -"});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err.rfind("error: --fen: ", 0), 0u) << r.err;
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;
}

// A command line that does not parse: one error line naming the option (or the command that does not
// exist), status 2, nothing run. Numbers with a sign or out of range are refused, not read modulo 2^64
// (CLI11 alone reads "-1" as 2^64 - 1).
TEST(Cli, BadOptionFailsWithOneLine) {
  // The option the message must name, and the command line.
  const std::vector<std::pair<std::string, std::vector<std::string>>> lines = {
      {"--no-such-option", {"replay", "--no-such-option"}},
      {"--samples", {"estimate", "--samples", "0"}},
      {"--samples", {"estimate", "--samples", "-3"}},
      {"--seed", {"estimate", "--samples", "10", "--seed", "-1"}},
      {"--threads", {"estimate", "--samples", "10", "--threads", "-2"}},
      {"--time", {"estimate", "--time", "-1"}},
      {"--seed", {"sample", "--count", "1", "--seed", "-1"}},
      {"--seed", {"sample", "--count", "1", "--seed", "18446744073709551616"}},
      {"--threads", {"convert", "--threads", "-1", "in", "out"}},
      {"--count", {"sample", "--count", "0x10"}},
      {"--seed", {"sample", "--seed", "0x10"}},
      {"--time", {"estimate", "--time", "0x10"}},
      {"--time", {"estimate", "--time", "inf"}},
      {"'frobnicate' is not a command", {"frobnicate", "--samples", "3"}},
      {"a command is required (chessrank --help lists the commands)", {}},
      {"'--bogus' is not a known option", {"--bogus", "count"}},
      // An unknown option after the command is named, not listed with the argument after it in reverse.
      {"'--threads' is not an option of perft", {"perft", "1", "--threads", "1"}},
      {"'2' is an argument perft does not take", {"perft", "1", "2"}},
      {"unknown model ''", {"bound", "--model", ""}},  // not the table of every bound
      {"--checkpoint: '/dev/full' is not a regular file", {"estimate", "--checkpoint", "/dev/full"}},
      {"--checkpoint: '/dev/full' is not a regular file",
       {"bound", "--model", "nopromo", "--sample", "10", "--checkpoint", "/dev/full"}},
      {"--time: '1e400' is not a finite number above 0", {"estimate", "--time", "1e400"}},
      {"depth 'x' is not a whole number from 0 to", {"perft", "x"}},
      {"--divide needs a depth of at least 1", {"perft", "0", "--divide"}},
      {"raw input comes from --input or stdin, not from arguments", {"decode", "--input-encoding", "raw", "00"}},
  };
  for (const auto& [option, args] : lines) {
    const Outcome r = run_cli(args);
    std::string line;
    for (const std::string& a : args) line += a + " ";
    SCOPED_TRACE(line);
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err.rfind("error: ", 0), 0u) << r.err;
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;
    EXPECT_NE(r.err.find(option), std::string::npos) << r.err;
  }
  const Outcome top = run_cli({"sample", "--count", "1", "--seed", "18446744073709551615"});
  EXPECT_EQ(top.status, 0) << top.err;
}

// A write to standard output that fails says why, as a file's does.
TEST(Cli, FailedWritesToStandardOutputSayWhy) {
  Outcome r = run_cli_shell("sample --count 100000 > /dev/full");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "error: cannot write standard output: No space left on device\n");
  r = run_cli_shell("fen '" + StartFen + "' >&-");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "error: cannot write standard output: Bad file descriptor\n");
}

// After "--" every argument is positional, wherever the positionals began, and the null move "--" after it
// is refused as it is on standard input.
TEST(Cli, EverythingAfterDoubleDashIsPositional) {
  const Outcome split = run_cli({"replay", "e4", "--", "e5"});
  EXPECT_EQ(split.status, 0) << split.err;
  EXPECT_EQ(split.out, run_cli({"replay", "e4", "e5"}).out);
  const Outcome null_move = run_cli({"replay", "e4", "e5", "--", "--"});
  EXPECT_EQ(null_move.status, 1);
  EXPECT_EQ(null_move.err, run_cli({"replay"}, "e4 e5 --\n").err);
  EXPECT_NE(null_move.err.find("'--' (a null move) is not a legal move"), std::string::npos) << null_move.err;
  const Outcome indices = run_cli({"unrank", "5", "--", "6"});
  EXPECT_EQ(indices.status, 0) << indices.err;
  EXPECT_EQ(indices.out, run_cli({"unrank", "5", "6"}).out);
  const Outcome bad = run_cli({"unrank", "5", "--", "x"});
  EXPECT_EQ(bad.status, 1);
  EXPECT_EQ(bad.out, run_cli({"unrank", "5", "x"}).out);
  EXPECT_EQ(bad.err, "error: argument 2: 'x' is not a decimal or 0x-hexadecimal index\n");
  const Outcome extra = run_cli({"perft", "1", "--", "2"});
  EXPECT_EQ(extra.status, 2);
  EXPECT_EQ(extra.err, "error: '2' is an argument perft does not take (chessrank perft --help lists what it takes)\n");
}

// --help and --version print to stdout and succeed, for the program and for each command.
TEST(Cli, HelpAndVersionGoToStdout) {
  const Outcome version = run_cli({"--version"});
  EXPECT_EQ(version.status, 0);
  EXPECT_EQ(version.out.rfind("chessrank ", 0), 0u) << version.out;
  EXPECT_EQ(version.err, "");
  const Outcome help = run_cli({"--help"});
  EXPECT_EQ(help.status, 0);
  EXPECT_EQ(help.err, "");
  // The commands the program's help lists, one per line after "Subcommands:", each its name and then text.
  const std::size_t list = help.out.find("Subcommands:\n");
  ASSERT_NE(list, std::string::npos) << help.out;
  std::vector<std::string> commands;
  std::istringstream lines(help.out.substr(list + 13));
  for (std::string line, name; std::getline(lines, line);)
    if (std::istringstream(line) >> name) commands.push_back(name);
  EXPECT_EQ(commands.size(), 17u) << help.out;
  for (const std::string& command : commands) {
    const Outcome r = run_cli({command, "--help"});
    EXPECT_EQ(r.status, 0) << command;
    EXPECT_NE(r.out.find(std::string("Usage: chessrank ") + command), std::string::npos) << r.out;
    EXPECT_EQ(r.err, "") << command;
  }
}

// Whole numbers are decimal: CLI11 alone would read "010" as octal 8, so a zero-padded --skip would
// resume at the wrong line and a zero-padded --seed give another stream.
TEST(Cli, LeadingZerosAreDecimal) {
  const Outcome padded = run_cli({"sample", "--count", "010", "--seed", "010", "--skip", "007"});
  const Outcome plain = run_cli({"sample", "--count", "10", "--seed", "10", "--skip", "7"});
  ASSERT_EQ(padded.status, 0) << padded.err;
  EXPECT_EQ(padded.out, plain.out);
  EXPECT_EQ(std::count(plain.out.begin(), plain.out.end(), '\n'), 3);
}

// A run too short to draw anything has no estimate: an error, not "0 [0, 0]".
TEST(Cli, EstimateWithNoSampleIsAnError) {
  const Outcome r = run_cli({"estimate", "--time", "0.000000001"});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "error: no sample was drawn in the time given; give it more time\n");
}

}  // namespace
}  // namespace chessrank
