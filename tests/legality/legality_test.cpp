// The checks on hand-made positions: legal ones (many given by proof games) pass, illegal ones fail with
// the expected check and reason; the 2021 filter reproduces its published verdicts; the seed-000 rules
// reject the documented legal counterexamples.
#include "legality/legality.h"
#include "legality/checks.h"
#include "legality/last_move.h"
#include "tests/support/corpus.h"

#include <fstream>
#include <random>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "core/fen.h"
#include "core/notation.h"
#include "tests/support/or_fail.h"
#include "tests/support/random_placement.h"
#include "tests/support/build_flavour.h"

namespace chessrank::legality {
namespace {

using testing::fen_or_fail;
using testing::replay_or_fail;

std::string check_name(const Verdict& v, RuleSet rules) { return v.passes() ? "pass" : check_names(rules)[v.check]; }

void expect_pass(const std::string& text) {
  const Verdict v = judge(fen_or_fail(text), RuleSet::Default);
  EXPECT_TRUE(v.passes()) << text << " rejected: " << v.reason;
}

void expect_fail(const std::string& text, const std::string& check, const std::string& reason_part) {
  const Verdict v = judge(fen_or_fail(text), RuleSet::Default);
  EXPECT_EQ(check_name(v, RuleSet::Default), check) << text << ": " << v.reason;
  EXPECT_NE(v.reason.find(reason_part), std::string::npos) << text << ": " << v.reason;
  // Judging without an explanation reaches the same check.
  EXPECT_EQ(judge(fen_or_fail(text), RuleSet::Default, false).check, v.check);
}

TEST(Legality, RuleSetNames) {
  for (RuleSet r : {RuleSet::Default, RuleSet::Seed000, RuleSet::Tromp2021}) {
    EXPECT_EQ(parse_rule_set(rule_set_name(r)), r);
    EXPECT_FALSE(check_names(r).empty());
  }
  EXPECT_FALSE(parse_rule_set("strict"));
}

// The promoted men a side must have: one per man beyond the initial set of its kind, bishops per square
// colour (two bishops on one colour need one promotion, one on each colour none).
TEST(Legality, MinPromotedCountsBishopsPerSquareColour) {
  const struct {
    const char* fen;
    int white, black;
  } cases[] = {
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0, 0},
      {"4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", 0, 0},        // c1 dark, f1 light
      {"4k3/8/8/8/8/8/8/1B2KB2 w - - 0 1", 1, 0},        // b1 and f1 both light
      {"4k3/8/8/8/8/8/8/BB1BKB2 w - - 0 1", 2, 0},       // a1 and c1 dark, b1 and f1 light
      {"qqq1k3/8/8/8/8/8/8/RRR1K1NN w - - 0 1", 1, 2},   // a third rook; three queens
      {"nnnbkb2/8/8/8/8/8/8/4K3 w - - 0 1", 0, 2},       // a third knight; d8 and f8 both dark
  };
  for (const auto& c : cases) {
    const Position pos = fen_or_fail(c.fen);
    EXPECT_EQ(min_promoted(pos, White), c.white) << c.fen;
    EXPECT_EQ(min_promoted(pos, Black), c.black) << c.fen;
  }
}

TEST(Legality, OrdinaryPositionsPass) {
  expect_pass("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  expect_pass("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
  expect_pass("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");  // en passant available
  expect_pass("r3k2r/8/p7/8/8/8/P7/R3K2R w KQkq - 0 1");
  // Only men that never moved: black cannot have made the last move.
  expect_fail("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "last move", "black has no last move");
  expect_pass("4k3/8/8/8/8/8/8/4K3 b - - 0 1");
}

TEST(Legality, PlacementAndCheckCounts) {
  expect_fail("8/8/8/8/8/8/8/Kk6 w - - 0 1", "placement", "adjacent");
  expect_fail("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", "opponent in check", "black is in check from the rook on e1");
  expect_fail("k3r3/8/8/8/1b6/3n4/8/4K3 w - - 0 1", "checker count",
              "white is in check from a rook and a bishop and a knight");
  // Men no FEN parser lets through, in a position built by hand (a library user's): outside judge()'s
  // contract, but the default rules refuse them, with why (the published rule sets assume them away).
  Position two_kings = fen_or_fail("4k3/8/8/8/8/8/8/4K3 w - - 0 1"), pawn_on_8 = two_kings;
  two_kings.put_piece(WhiteKing, A1);
  pawn_on_8.put_piece(BlackPawn, A8);
  for (const auto& [pos, reason] : {std::pair{two_kings, "white has 2 kings"},
                                    std::pair{pawn_on_8, "black pawn on a8 (rank 1 or 8)"}}) {
    const Verdict v = judge(pos, RuleSet::Default);
    EXPECT_EQ(check_name(v, RuleSet::Default), "placement") << reason;
    EXPECT_EQ(v.reason, reason);
  }
}

TEST(Legality, DoubleChecks) {
  // Two rooks on one rank: neither can have uncovered the other.
  expect_fail("4k3/8/8/8/8/8/8/r3K2r w - - 0 1", "check origin", "white is in check from two rooks, a double check");
  // A knight uncovering a rook from e5.
  expect_pass("k3r3/8/8/8/8/3n4/8/4K3 w - - 0 1");
  // Promotion with capture: exd8=R checks with the new rook and uncovers the rook on e1 (two rooks!).
  expect_pass("3Rk3/8/8/8/8/8/8/K3R3 b - - 0 1");
  // En passant exd3 uncovering a rook through e4 and a bishop through d4.
  expect_pass("4r2k/b7/8/8/8/3pK3/8/8 w - - 0 1");
  // The same with d2 occupied: the white pawn cannot have made the double push, nothing explains it.
  expect_fail("4r2k/b7/8/8/8/3pK3/3N4/8 w - - 0 1", "check origin", "a double check no move of black");
}

TEST(Legality, SingleChecks) {
  expect_fail("k7/4p3/3K4/8/8/8/8/8 w - - 0 1", "check origin", "white is in check from the pawn on e7");
  // A rook on h8 beside its knight checks along the h-file: only a discovery explains it (by the bishop).
  expect_pass("k5nr/8/8/5b2/8/8/8/7K w - - 0 1");
  // A knight check is always from somewhere when a square around it is free.
  expect_pass("4k3/8/8/8/8/5n2/8/4K3 w - - 0 1");
}

TEST(Legality, Material) {
  expect_fail("k7/pp6/8/8/8/8/PPPPPPPP/1QQQQQK1 w - - 0 1", "material",
              "white has 8 pawns and at least 4 promoted men");
  // Nine queens after eight promotions are possible when black lost enough men.
  expect_pass("7k/6pp/8/8/8/8/QQ6/QQQQQQQK b - - 0 1");
  // Three dark-squared bishops: two promoted.
  expect_fail("4k3/8/8/8/8/8/PPPPPPP1/B1B1KB1B w - - 0 1", "material", "promoted");
  // The c1 bishop walled in by b2 and d2: a dark bishop elsewhere is promoted, one pawn too many.
  expect_fail("4k3/8/8/4B3/8/8/PPPPPPPP/4K3 w - - 0 1", "material", "white has 8 pawns and at least 1 promoted");
  expect_pass("4k3/8/8/4B3/8/8/1P1P4/4K3 w - - 0 1");
  expect_pass("4k3/8/8/8/8/8/1P1P4/2B1K3 w - - 0 1");
  // The promotion square's colour: black's pawns a7-g7 at home and the h8 rook its castling right keeps
  // there leave white's h-pawn only g8, a light square, to promote on. A second dark-squared bishop is then
  // impossible; a light-squared one (the f1 bishop, walled in by e2 and g2, was captured at home) is not.
  expect_fail("4k2r/ppppppp1/8/n7/8/4B3/PPPPPPP1/2B1K3 w k - 0 1", "material",
              "white has a promoted dark-squared bishop but can have promoted only on light squares");
  expect_pass("4k2r/ppppppp1/8/n7/8/3B4/PPPPPPP1/2B1K3 w k - 0 1");
  // Without the castling right h8 is open to it too, a dark square: this check lets the bishop be; the
  // enclosure check finds that it cannot have come from h8 to e3 past the g7 pawn.
  expect_fail("4k2r/ppppppp1/8/n7/8/4B3/PPPPPPP1/2B1K3 w - - 0 1", "enclosure",
              "the white bishop on e3 cannot have got there past the men that never moved");
}

TEST(Legality, PawnStructure) {
  expect_fail("rnbqkbnr/3ppppp/p7/p7/p7/8/PPPPPP2/RNBQKBNR w KQkq - 0 1", "pawn structure",
              "black's pawns need 3 captures but only 2 white men are missing");
  // a2, b2 at home and a pawn on a3: it has no start square left.
  expect_fail("4k3/8/8/8/8/P7/PP6/4K3 w - - 0 1", "pawn structure", "different start squares");
  expect_pass("4k3/8/8/8/8/1P6/P1P5/4K3 w - - 0 1");
}

TEST(Legality, OpposedPawns) {
  // Eight pawns each and all eight files passed by each other with no capture.
  expect_fail("rnbqkbnr/8/PPPPPPPP/8/8/pppppppp/8/RNBQKBNR w - - 0 1", "opposed pawns", "0 files have");
  // With captures the pawns can pass: here 14 missing men leave plenty.
  expect_pass("8/PPPPPPPP/8/3k4/8/3K4/pppppppp/8 w - - 0 1");
}

TEST(Legality, PawnCharges) {
  // Opposed files allow it (check 7), but white's h5/h7 pair needs a pawn from f (two captures: all of
  // white's), a5 stands with no black pawn ahead and three white pawns promoted without capturing: four
  // black pawns gone from their files, and black made one capture and lost two pawns.
  expect_fail("B2k1KRR/4R2P/2B1b1Np/P4QnP/4rn1q/bp1Np1p1/Q4bPr/B2n4 w - - 0 1", "pawn charges",
              "white's pawns and 3 promoted men need 6 charges (pawn captures, or black pawns gone from their files) "
              "but 3 captures and 2 black pawns lost allow 5");
  // Exactly at the limit: 1. e4 d5 2. exd5. The d5 pawn came from e (one capture), d2 has no black pawn
  // ahead (one charge): two, and one capture plus one lost black pawn allow two.
  expect_pass("rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2");
  // The e-pawn took two knights to reach c6 (both of white's captures); with the h-pawn still on h2 that
  // is legal, but an extra queen for it means it got past h7 with no capture left and no black pawn gone.
  // The opposed files (check 7) allow it: a, b, c, d, f and g, for 7 pawns and 1 promoted man.
  expect_pass("r1bqkb1r/1ppppppp/p1P5/8/8/8/PPPP1PPP/RNBQKBNR b - - 0 1");
  expect_fail("r1bqkb1r/1ppppppp/p1P5/8/3Q4/8/PPPP1PP1/RNBQKBNR b - - 0 1", "pawn charges",
              "need 3 charges (pawn captures, or black pawns gone from their files) but 2 captures and 0 black "
              "pawns lost allow 2");
}

TEST(Legality, Enclosure) {
  expect_fail("4k3/8/8/8/8/8/1P6/B3K3 w - - 0 1", "enclosure", "the white bishop on a1 cannot have got there");
  expect_fail("4k3/8/8/8/8/8/PP6/b3K3 w - - 0 1", "enclosure", "the black bishop on a1");
  // b1 behind a2 and c2 is a black promotion square (b2-b1=B), a1 is reached along the first rank.
  expect_pass("4k3/8/8/8/8/8/P1P5/1b2K3 w - - 0 1");
  expect_pass("4k3/8/8/8/8/8/PP6/Q3K3 w - - 0 1");
}

// b1 to d1 are shut in by the castling rook, the king and five unmoved pawns: each queen there can have
// come from d1 (so check 10 passes), but only one of them, and no promoted queen gets in.
TEST(Legality, Origins) {
  expect_fail("rnbqkbnr/ppppp3/8/8/8/8/PPPPP3/RQQ1K3 w Q - 0 1", "origins",
              "white's 3 pieces cannot all have come from different origins: at most 2");
  expect_fail("rqq1k3/ppppp3/8/8/8/8/PPP5/RNBQKBNR w q - 0 1", "origins", "black's 3 pieces");
  // One queen shut in, the other promoted on the open kingside.
  expect_pass("rnbqkbnr/ppppp3/8/8/7Q/8/PPPPP3/R1Q1K3 w Q - 0 1");
  // Without the castling right the a1 rook may have moved: nothing is shut in.
  expect_pass("rnbqkbnr/ppppp3/8/8/8/8/PPPPP3/RQQ1K3 w - - 0 1");
}

TEST(Legality, LastMove) {
  expect_fail("kn6/pppp4/N1N5/8/8/8/8/4K3 w - - 0 1", "last move", "black has no last move");
  // The same with c6 free: the knight came from c6.
  expect_pass("kn6/pppp4/N7/8/8/8/8/4K3 w - - 0 1");
  // Black's last move was the double push: legal unless it gave a check it could not give.
  expect_pass("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
}

// The last-move analysis gives the positions before the last moves it leaves, each of which replays to
// the position: a forced one (a checking pawn push that could not have been a capture), and, when asked
// for up to six, every possible one (a pawn's capture with check, of any man but a king).
TEST(LastMoveAnalysis, GivesThePositionsBeforeTheLastMovesLeft) {
  const auto replays = [](const Retraction& r, const Position& pos) {
    Position after = r.before;
    UndoInfo undo;
    after.do_move(r.move, undo);
    return after.same_position(pos);
  };
  const Position pushed = fen_or_fail("rn3b1r/3bp1kp/7n/pP4N1/3P1P2/4p3/3KB2P/R1BQ3R w - - 0 21");
  const LastMoveAnalysis push = analyse_last_move(pushed, false);
  ASSERT_FALSE(push.forced.empty());
  EXPECT_EQ(retraction_text(push.forced.front()), "e4-e3");
  EXPECT_EQ(push.forced.front().move, Move(E4, E3));
  EXPECT_TRUE(replays(push.forced.front(), pushed));

  const Position taken = fen_or_fail("1rb1kbnr/1pp4p/8/7R/5pp1/P1qP4/3pP1P1/R2QKBN1 w Qk - 0 16");
  EXPECT_EQ(analyse_last_move(taken, false).possible.size(), 2u);  // two by default: not forced
  const LastMoveAnalysis capture = analyse_last_move(taken, false, {}, 6);
  EXPECT_TRUE(capture.forced.empty());
  ASSERT_EQ(capture.possible.size(), 5u);
  std::string kinds;
  for (const Retraction& r : capture.possible) {
    EXPECT_EQ(r.move, Move(E3, D2));
    EXPECT_TRUE(replays(r, taken));
    kinds += "PNBRQ"[type_of(r.captured) - Pawn];
  }
  EXPECT_EQ(kinds, "PNBRQ");
}

// Extremes of material and state that games can reach: they must not be rejected.
TEST(Legality, ExtremesPass) {
  expect_pass("kqqqqqqq/qq6/8/8/8/8/6QQ/QQQQQQQK b - - 0 1");            // nine queens a side
  expect_pass("nnnnk3/nnnnnn2/8/8/8/8/NNNNNN2/NNNNK3 w - - 0 1");        // ten knights a side
  expect_pass("rqqrkbbr/nn6/8/8/8/8/NN6/RQQRKBBR w - - 0 1");            // promotions of every kind
  expect_pass("r3k2r/pp1ppppp/8/8/2pP4/8/PPP1PPPP/R3K2R b KQkq d3 0 1");  // all rights and en passant
  expect_pass("r3k2r/p1pp1ppp/8/1pP1pP2/8/8/PP1P1PPP/R3K2R w KQkq e6 0 1");
  expect_pass("r3k2r/p1pp1ppp/8/1pP1pP2/8/8/PP1P1PPP/R3K2R w KQkq b6 0 1");
  expect_pass("4k2r/8/2n5/8/8/8/8/R3K3 w Qk - 0 1");
  expect_pass("r3k3/8/8/8/8/2B5/8/4K2R b Kq - 0 1");
}

// The 2021 rule set drops castling rights and en passant squares parse_fen refuses, as that project's
// data files need, and nothing else: a FEN malformed anywhere else is refused as by parse_fen.
TEST(Legality, Tromp2021ParsingDropsOnlyCastlingAndEnPassant) {
  const Result<Position> dropped = parse_fen_for_tromp2021("k7/8/8/8/8/8/8/K7 w KQkq e3 3 9");
  ASSERT_TRUE(dropped.ok()) << dropped.error();
  EXPECT_EQ(to_fen(*dropped), "k7/8/8/8/8/8/8/K7 w - - 3 9");
  // EPD records too, with their operations checked as everywhere.
  const Result<Position> epd = parse_fen_for_tromp2021("k7/8/8/8/8/8/8/K7 w KQkq e3 bm Kb2; hmvc 3;");
  ASSERT_TRUE(epd.ok()) << epd.error();
  EXPECT_EQ(to_fen(*epd), "k7/8/8/8/8/8/8/K7 w - - 3 1");
  for (const char* bad : {"k7/8/8/8/8/8/8/K7 w KQkq", "k7/8/8/8/8/8/8/K7 w - - x 1", "k7/8/8/8/8/8/8/K7 w KQkq - 0 0",
                          "k7/8/8/8/8/8/8/K7 w Z -", "k7/8/8/8/8/8/8/K7 w - e4", "k7/8/8/8/8/8/8/K8 w KQkq -",
                          "k7/8/8/8/8/8/8/K7 w KKQQ -", "k7/8/8/8/8/8/8/K7 w KQkq - bm Kb2"}) {
    const Result<Position> pos = parse_fen_for_tromp2021(bad);
    const Result<Position> strict = parse_fen_or_epd(bad);
    ASSERT_FALSE(pos.ok()) << bad;
    ASSERT_FALSE(strict.ok()) << bad;
    if (std::string_view(bad).find("KQkq") == std::string_view::npos) {
      EXPECT_EQ(pos.error(), strict.error()) << bad;
    }
  }
}

TEST(Legality, SameVerdictWithoutExplanation) {
  const std::string data = std::string(CHESSRANK_SHARED_DIR) + "/data/tromp-sample-1k-verdicts.txt";
  std::ifstream in(data);
  ASSERT_TRUE(in) << data;
  std::string line;
  int n = 0;
  while (std::getline(in, line)) {
    const Result<Position> pos = parse_fen_for_tromp2021(line.substr(0, line.find('\t')));
    ASSERT_TRUE(pos.ok()) << line;
    for (RuleSet r : {RuleSet::Default, RuleSet::Seed000})
      EXPECT_EQ(judge(*pos, r, true).check, judge(*pos, r, false).check);
    ++n;
  }
  EXPECT_EQ(n, 1000);
}

// Random placements, legal or not (tests/support/random_placement.h): every rule set gives a verdict,
// the same with and without explanation and with a reason when it fails; the default set rejects every
// position with the side not to move in check or the kings side by side, and the 2021 filter says so too.
// Crowded random boards send the searching stages to their budgets; a small one keeps the test quick and
// changes no verdict the cheap checks give.
constexpr SearchLimits SmallSearch{2000, 2, 4};

TEST(Legality, JudgesRandomPlacements) {
  std::mt19937_64 rng(3);
  int passes = 0;
  for (int i = 0; i < testing::unless_sanitized(100000, 10000); ++i) {
    const Position p = testing::random_placement(rng);
    for (RuleSet r : {RuleSet::Default, RuleSet::Seed000, RuleSet::Tromp2021}) {
      const Verdict v = judge(p, r, true, SmallSearch);
      EXPECT_EQ(v.check, judge(p, r, false, SmallSearch).check) << to_fen(p);
      if (!v.passes()) {
        EXPECT_FALSE(v.reason.empty()) << to_fen(p);
      }
    }
    const Color us = p.side_to_move();
    const bool other_in_check = p.attacked_by(us, p.king_square(~us));
    const bool kings_apart = !(king_attacks(p.king_square(White)) & p.pieces(Black, King));
    const Verdict v = judge(p, RuleSet::Default, false, SmallSearch);
    if (other_in_check || !kings_apart) {
      EXPECT_FALSE(v.passes()) << to_fen(p);
    }
    if (!kings_apart) {
      EXPECT_EQ(tromp2021_verdict(p), "Illegal Adjacent Kings") << to_fen(p);
    }
    passes += v.passes();
  }
  EXPECT_GT(passes, 0);
}

// Each check alone, not only after those before it have passed: none may rely on the order of its rule
// set to stay within its arrays (a seed000 rule once did), and a failure always says why.
TEST(Legality, EachCheckAloneTakesRandomPlacements) {
  std::mt19937_64 rng(19);
  std::vector<detail::NamedCheck> checks = detail::default_checks();
  checks.insert(checks.end(), detail::seed000_checks().begin(), detail::seed000_checks().end());
  for (int i = 0; i < testing::unless_sanitized(20000, 2000); ++i) {
    const Position p = testing::random_placement(rng);
    for (const detail::NamedCheck& c : checks) {
      const auto run = [&](std::string* reason) { return c.fn ? c.fn(p, reason) : c.search(p, reason, SmallSearch); };
      std::string reason;
      const bool ok = run(&reason);
      EXPECT_EQ(ok, run(nullptr)) << c.name << " " << to_fen(p);
      if (!ok) {
        EXPECT_FALSE(reason.empty()) << c.name << " " << to_fen(p);
      }
    }
  }
}

TEST(Tromp2021, ReproducesAllThousandVerdicts) {
  const std::string data = std::string(CHESSRANK_SHARED_DIR) + "/data/tromp-sample-1k-verdicts.txt";
  std::ifstream in(data);
  ASSERT_TRUE(in) << data;
  std::string line;
  int n = 0, same = 0;
  while (std::getline(in, line)) {
    const std::size_t tab = line.find('\t');
    ASSERT_NE(tab, std::string::npos) << line;
    std::string want = line.substr(tab + 1);
    want = want.substr(want.find_first_not_of(' '));
    want = want.substr(0, want.find('\t'));
    const Result<Position> pos = parse_fen_for_tromp2021(line.substr(0, tab));
    ASSERT_TRUE(pos.ok()) << line;
    const std::string got(tromp2021_verdict(*pos));
    EXPECT_EQ(got, want) << line;
    EXPECT_EQ(judge(*pos, RuleSet::Tromp2021).reason, got);
    EXPECT_EQ(judge(*pos, RuleSet::Tromp2021).passes(), got.rfind("Illegal", 0) != 0);
    same += got == want;
    ++n;
  }
  EXPECT_EQ(n, 1000);
  EXPECT_EQ(same, 1000);
}

// Seed 000's unsound rules: each counterexample is reached by a proof game, passes the default rules,
// and is rejected by the named seed rule (docs/legality.md lists the same games).
struct Counterexample {
  const char* game;
  const char* fen;
  const char* rule;
};
const Counterexample Counterexamples[] = {
    {"1. Nc3 e6 2. Nd5 exd5 3. e4 Ke7 4. Qh5 Kd6 5. e5+ Kc6 6. e6 Kb6 7. e7 Ka5 8. e8=B",
     "rnbqBbnr/pppp1ppp/8/k2p3Q/8/8/PPPP1PPP/R1B1KBNR b KQ - 0 8", "rule 7 bishop walls"},
    {"1. Nf3 Nc6 2. Ng1 Na5 3. Nf3 Nb3 4. Ng1 Nxc1", "r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNnQKBNR w KQkq - 0 5",
     "rule 8 trapped bishops"},
    {"1. c4 b5 2. cxb5 Na6 3. b6 Nh6 4. b7 Ng8 5. b8=Q Nh6 6. Qb5 Ng8 7. Qba4 Nh6 8. b4 Ng8 9. b5 Nh6 10. b6 Ng8 "
     "11. b7 Nh6 12. b8=Q",
     "rQbqkb1r/p1pppppp/n6n/8/Q7/8/P2PPPPP/RNBQKBNR b KQkq - 0 12", "rule 5 promotion captures"},
    {"1. a4 b5 2. axb5 a5 3. b4 axb4 4. d4 Nf6 5. Kd2 Nd5 6. c4 Nb6 7. Kc2 Na4 8. Kb3 Bb7 9. Ka2 Nc5+",
     "rn1qkb1r/1bpppppp/8/1Pn5/1pPP4/8/K3PPPP/RNBQ1BNR w kq - 7 10", "rule 14 single check"},
};

TEST(Seed000, UnsoundRulesRejectLegalPositions) {
  for (const Counterexample& c : Counterexamples) {
    const Position pos = replay_or_fail(c.game);
    EXPECT_EQ(to_fen(pos), c.fen);
    EXPECT_TRUE(judge(pos, RuleSet::Default).passes()) << c.fen << ": " << judge(pos, RuleSet::Default).reason;
    const Verdict v = judge(pos, RuleSet::Seed000);
    EXPECT_EQ(check_name(v, RuleSet::Seed000), c.rule) << c.fen << ": " << v.reason;
  }
}

TEST(Seed000, SoundRulesReject) {
  const auto name = [](const std::string& text) {
    return check_name(judge(fen_or_fail(text), RuleSet::Seed000), RuleSet::Seed000);
  };
  EXPECT_EQ(name("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), "pass");
  EXPECT_EQ(name("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1"), "rule 11 opponent in check");
  EXPECT_EQ(name("k3r3/8/8/8/1b6/3n4/8/4K3 w - - 0 1"), "rule 12 triple check");
  EXPECT_EQ(name("4k3/8/8/8/8/8/8/r3K2r w - - 0 1"), "rule 13 double check");
  EXPECT_EQ(name("k3r3/8/8/8/8/3n4/8/4K3 w - - 0 1"), "pass");
  EXPECT_EQ(name("k7/4p3/3K4/8/8/8/8/8 w - - 0 1"), "rule 14 single check");
  EXPECT_EQ(name("4k3/8/8/8/8/P7/PP6/4K3 w - - 0 1"), "rule 9 pawn structures");
  EXPECT_EQ(name("4k3/8/8/8/8/8/1P6/B3K3 w - - 0 1"), "rule 7 bishop walls");
  EXPECT_EQ(name("k7/pp6/8/8/8/8/PPPPPPPP/1QQQQQK1 w - - 0 1"), "rule 4 promotions");
}

}  // namespace
}  // namespace chessrank::legality
