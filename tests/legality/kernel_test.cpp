// The proof kernel search against a brute force of its own: an exhaustive search of the plain abstract game
// (files as words of pawn colours, every piece kind apart, every capture and promotion an explicit move in
// any order, pieces taking pawns anywhere, the goal matched exactly), sharing no code with the library. On
// positions with few captures, from games and mutated from them (many of those illegal), the two must agree
// whether a kernel exists: "none" from the library where the brute force finds a run would be an unsound
// rejection. Hand-made positions check the reasons and the men that never moved.
#include <array>
#include <cstdint>
#include <iostream>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

#include <gtest/gtest.h>
#include <pcg_random.hpp>

#include "core/fen.h"
#include "core/movegen.h"
#include "legality/extended_kernel.h"
#include "legality/kernel.h"
#include "legality/legality.h"
#include "tests/support/build_flavour.h"
#include "tests/support/corpus.h"
#include "tests/support/or_fail.h"

namespace chessrank::legality {
namespace {

// ---- The brute force -------------------------------------------------------------------------------

enum Kind { N, R, Q, LB, DB, Kinds };  // pieces other than kings; bishops by square colour

struct Plain {
  std::array<std::string, 8> file;           // pawn colours bottom to top, 'w' or 'b'
  std::array<std::array<int, Kinds>, 2> men{};  // pieces by kind
  std::array<int, 2> trapped{};              // original bishops walled in at home, still there
  std::string key() const {
    std::string k;
    for (const std::string& f : file) k += f + '/';
    for (const auto& side : men)
      for (int n : side) k += char('0' + n);
    k += char('0' + trapped[0]);
    k += char('0' + trapped[1]);
    return k;
  }
};

class BruteForce {
 public:
  explicit BruteForce(const Position& pos) {
    for (int f = 0; f < 8; ++f) {
      for (int r = Rank2; r <= Rank7; ++r) {
        const Piece p = pos.piece_on(make_square(File(f), Rank(r)));
        if (type_of(p) == Pawn) goal_.file[f] += color_of(p) == White ? 'w' : 'b';
      }
      locked_bottom_[f] = pos.piece_on(make_square(File(f), Rank2)) == WhitePawn;
      locked_top_[f] = pos.piece_on(make_square(File(f), Rank7)) == BlackPawn;
    }
    const CastlingRights cr = pos.castling_rights();
    for (Color c : {White, Black}) {
      auto& m = goal_.men[c];
      m[N] = pos.count(c, Knight), m[R] = pos.count(c, Rook), m[Q] = pos.count(c, Queen);
      m[LB] = popcount(pos.pieces(c, Bishop) & LightSquaresBB);
      m[DB] = popcount(pos.pieces(c, Bishop) & DarkSquaresBB);
      rooks_kept_[c] = popcount(unsigned(cr & (c == White ? WhiteCastling : BlackCastling)));
    }
    // Men that never moved on each side's promotion rank: the enemy king and rooks with castling rights.
    for (Color c : {White, Black}) {
      const Color d = ~c;
      const bool king = cr & (d == White ? WhiteCastling : BlackCastling);
      for (int f = 0; f < 8; ++f) {
        const Square sq = make_square(File(f), c == White ? Rank8 : Rank1);
        bool occupied = king && f == FileE;
        for (CastlingRights r : {WhiteKingside, WhiteQueenside, BlackKingside, BlackQueenside})
          if ((cr & r) && castling_rook_square(r) == sq) occupied = true;
        const bool checks_king = king && (f == FileD || f == FileF);
        push_ok_[c][f] = !occupied && !checks_king;
        from_ok_[c][f] = !checks_king;
        onto_ok_[c][f] = !occupied;
        dark_[c][f] = is_dark(sq);
        // A bishop promoted where it can never leave (its diagonal exits hold unmoved pawns) is on the board
        // at the end only if the goal has one there; a promotion to another kind covers the other cases.
        bool exits_held = true;
        const int forward = c == White ? -1 : 1;  // from the last rank towards c's side
        for (int df : {-1, 1}) {
          const int ef = f + df;
          if (ef < 0 || ef > 7) continue;
          const Square exit = make_square(File(ef), Rank(rank_of(sq) + forward));
          exits_held &= pos.piece_on(exit) == make_piece(d, Pawn) && relative_rank(d, exit) == Rank2;
        }
        bishop_ok_[c][f] = !exits_held || pos.piece_on(sq) == make_piece(c, Bishop);
      }
    }
    start_.file.fill("wb");
    for (Color c : {White, Black}) {
      start_.men[c] = {2, 2, 1, 1, 1};
      // An original bishop walled in by its unmoved neighbours: it never moves; only a piece takes it.
      for (Square home : {C1, F1}) {
        const Square h = relative_square(c, home);
        const Piece pawn = make_piece(c, Pawn);
        if (pos.piece_on(relative_square(c, Square(home + 7))) == pawn &&
            pos.piece_on(relative_square(c, Square(home + 9))) == pawn) {
          start_.men[c][is_dark(h) ? DB : LB] -= 1;
          start_.trapped[c] += 1;
          if (pos.piece_on(h) == make_piece(c, Bishop)) goal_.men[c][is_dark(h) ? DB : LB] -= 1, goal_.trapped[c] += 1;
        }
      }
    }
  }

  // Return whether some run reaches the goal, or nullopt past `limit` states.
  std::optional<bool> solve(std::size_t limit) {
    limit_ = limit;
    const bool found = search(start_);
    if (over_) return std::nullopt;
    return found;
  }

 private:
  static int men_of(const Plain& s, Color c) {
    int n = s.trapped[c];
    for (int k = 0; k < Kinds; ++k) n += s.men[c][k];
    for (const std::string& f : s.file)
      for (char x : f) n += (x == 'w') == (c == White);
    return n;
  }
  static char colour_char(Color c) { return c == White ? 'w' : 'b'; }
  bool locked(const Plain&, int f, int i, int n) const {
    return (locked_bottom_[f] && i == 0) || (locked_top_[f] && i == n - 1);
  }

  bool search(const Plain& s) {
    if (s.key() == goal_.key()) return true;
    if (failed_.count(s.key())) return false;
    if (failed_.size() > limit_) {
      over_ = true;
      return false;
    }
    for (Color c : {White, Black}) {
      // Counts never come back: a side with fewer men, pawns or pieces of a kind than the goal is lost
      // only through promotions (pieces) and captures (men).
      if (men_of(s, c) < men_of(goal_, c)) return fail(s);
      if (s.trapped[c] < goal_.trapped[c]) return fail(s);
    }
    std::vector<Plain> next;
    moves(s, next);
    for (const Plain& t : next) {
      if (search(t)) return true;
      if (over_) return false;
    }
    return fail(s);
  }
  bool fail(const Plain& s) {
    failed_.insert(s.key());
    return false;
  }

  // Every move of the plain game from s.
  void moves(const Plain& s, std::vector<Plain>& out) const {
    for (Color c : {White, Black}) {
      const Color d = ~c;
      const char mine = colour_char(c), theirs = colour_char(d);
      // Promotions by push: the pawn at c's end of a file, where c may promote.
      for (int f = 0; f < 8; ++f) {
        const std::string& col = s.file[f];
        const int n = int(col.size());
        if (!n || !push_ok_[c][f]) continue;
        const int end = c == White ? n - 1 : 0;
        if (col[std::size_t(end)] != mine || locked(s, f, end, n)) continue;
        for (int k = 0; k < Kinds; ++k) {
          if ((k == LB && dark_[c][f]) || (k == DB && !dark_[c][f])) continue;
          if ((k == LB || k == DB) && !bishop_ok_[c][f]) continue;
          Plain t = s;
          t.file[f].erase(std::size_t(end), 1);
          ++t.men[c][k];
          out.push_back(t);
        }
      }
      if (men_of(s, d) <= men_of(goal_, d)) continue;  // c has no capture left
      // A piece of c takes a pawn of d anywhere, or a piece of d.
      for (int f = 0; f < 8; ++f)
        for (int i = 0; i < int(s.file[f].size()); ++i)
          if (s.file[f][std::size_t(i)] == theirs && !locked(s, f, i, int(s.file[f].size()))) {
            Plain t = s;
            t.file[f].erase(std::size_t(i), 1);
            out.push_back(t);
          }
      for (int k = 0; k < Kinds; ++k)
        if (s.men[d][k] > (k == R ? rooks_kept_[d] : 0)) {
          Plain t = s;
          --t.men[d][k];
          out.push_back(t);
        }
      if (s.trapped[d] > goal_.trapped[d]) {
        Plain t = s;
        --t.trapped[d];
        out.push_back(t);
      }
      // A pawn of c takes on the next file.
      for (int f = 0; f < 8; ++f) {
        const std::string& col = s.file[f];
        const int n = int(col.size());
        for (int i = 0; i < n; ++i) {
          if (col[std::size_t(i)] != mine || locked(s, f, i, n)) continue;
          for (int g : {f - 1, f + 1}) {
            if (g < 0 || g > 7) continue;
            Plain base = s;
            base.file[f].erase(std::size_t(i), 1);
            const std::string& to = base.file[g];
            const int m = int(to.size());
            // Takes a pawn and stands where it stood.
            for (int j = 0; j < m; ++j)
              if (to[std::size_t(j)] == theirs && !locked(base, g, j, m)) {
                Plain t = base;
                t.file[g][std::size_t(j)] = mine;
                out.push_back(t);
              }
            // Takes a piece and stands anywhere in g (not below a locked bottom, not above a locked top).
            for (int k = 0; k < Kinds; ++k) {
              if (s.men[d][k] <= (k == R ? rooks_kept_[d] : 0)) continue;
              const int low = locked_bottom_[g] ? 1 : 0, high = locked_top_[g] ? m - 1 : m;
              for (int j = low; j <= high; ++j) {
                Plain t = base;
                --t.men[d][k];
                t.file[g].insert(std::size_t(j), 1, mine);
                out.push_back(t);
              }
            }
            // Takes a piece on g's last-rank square and promotes: the pawn at c's end of f.
            const int end = c == White ? n - 1 : 0;
            if (i != end || !from_ok_[c][f] || !onto_ok_[c][g]) continue;
            const bool dark = dark_[c][g];
            for (int k = 0; k < Kinds; ++k) {
              if (s.men[d][k] <= (k == R ? rooks_kept_[d] : 0)) continue;
              if ((k == LB && dark) || (k == DB && !dark)) continue;
              for (int p = 0; p < Kinds; ++p) {
                if ((p == LB && dark) || (p == DB && !dark)) continue;
                if ((p == LB || p == DB) && !bishop_ok_[c][g]) continue;
                Plain t = base;
                --t.men[d][k];
                ++t.men[c][p];
                out.push_back(t);
              }
            }
          }
        }
      }
    }
  }

  Plain start_, goal_;
  std::array<bool, 8> locked_bottom_{}, locked_top_{};
  std::array<int, 2> rooks_kept_{};
  std::array<std::array<bool, 8>, 2> push_ok_{}, from_ok_{}, onto_ok_{}, dark_{}, bishop_ok_{};
  std::unordered_set<std::string> failed_;
  std::size_t limit_ = 0;
  bool over_ = false;
};

// ---- Positions with few captures ------------------------------------------------------------------------

// Positions of random games biased to captures and promotions, with at most `captures` captures.
std::vector<Position> few_capture_positions(pcg64& rng, int games, int captures) {
  std::vector<Position> out;
  for (int g = 0; g < games; ++g) {
    Position pos = Position::start();
    for (int ply = 0; ply < 160; ++ply) {
      const MoveList list = legal_moves(pos);
      if (list.empty()) break;
      std::vector<Move> pool;
      for (Move m : list) {
        const bool capture = !pos.empty(m.to()) || m.kind() == MoveKind::EnPassant;
        const bool pawn = type_of(pos.piece_on(m.from())) == Pawn;
        const int w = m.kind() == MoveKind::Promotion ? 40 : capture ? 3 : pawn ? 4 : 1;
        for (int i = 0; i < w; ++i) pool.push_back(m);
      }
      UndoInfo undo;
      pos.do_move(pool[rng() % pool.size()], undo);
      if (32 - popcount(pos.pieces()) > captures) break;
      if (ply % 7 == 0) out.push_back(pos);
    }
  }
  return out;
}

// A change of one man that keeps the placement parseable: a piece of another kind, a pawn moved to another
// square of ranks 2-7, or a pawn or piece removed. Many such positions are illegal.
Position mutated(const Position& pos, pcg64& rng) {
  Position p = pos;
  for (int tries = 0; tries < 20; ++tries) {
    const Square s = Square(rng() % 64);
    const Piece x = p.piece_on(s);
    if (x == NoPiece || type_of(x) == King) continue;
    const Color c = color_of(x);
    switch (rng() % 3) {
      case 0:
        if (type_of(x) == Pawn) continue;
        p.remove_piece(s);
        p.put_piece(make_piece(c, PieceType(Knight + rng() % 4)), s);
        break;
      case 1: {
        if (type_of(x) != Pawn) continue;
        const Square to = Square(8 + rng() % 48);
        if (!p.empty(to)) continue;
        p.remove_piece(s);
        p.put_piece(x, to);
        break;
      }
      default: p.remove_piece(s);
    }
    p.set_castling_rights(NoCastling);
    p.set_ep_square(NoSquare);
    return p;
  }
  return p;
}

TEST(ProofKernel, AgreesWithABruteForceOfThePlainGame) {
  pcg64 rng(45, 1);
  const int games = testing::SlowBuild ? 20 : 160;
  int compared = 0, agree_found = 0, agree_none = 0;
  for (const Position& base : few_capture_positions(rng, games, 3)) {
    for (int variant = 0; variant < 3; ++variant) {
      const Position pos = variant == 0 ? base : mutated(base, rng);
      BruteForce brute(pos);
      const std::optional<bool> exists = brute.solve(20000);
      if (!exists) continue;  // too big for the brute force
      const KernelSearch k = find_proof_kernel(pos);
      ASSERT_NE(k.outcome, KernelOutcome::OutOfBudget) << to_fen(pos);
      ++compared;
      // The brute force knows no ranks: a kernel that fails on them (extended_kernel.h) is still a kernel.
      const bool found = k.outcome == KernelOutcome::Found || k.outcome == KernelOutcome::NoExtended;
      EXPECT_EQ(found, *exists) << to_fen(pos) << (found ? " kernel found, the plain game has no run"
                                                           : " no kernel, but the plain game has a run");
      (found ? agree_found : agree_none) += found == *exists;
    }
  }
  EXPECT_GT(compared, testing::SlowBuild ? 60 : 1000);
  EXPECT_GT(agree_none, compared / 20);  // enough positions without a kernel to test that side too
  std::cout << compared << " compared: " << agree_found << " with a kernel, " << agree_none << " without\n";
}

// ---- Hand-made positions -----------------------------------------------------------------------------

TEST(ProofKernel, TheStartHasTheEmptyKernel) {
  const KernelSearch k = find_proof_kernel(Position::start());
  EXPECT_EQ(k.outcome, KernelOutcome::Found);
  EXPECT_TRUE(k.path.empty());
}

TEST(ProofKernel, ExchangesOnOneFile) {
  // 1. e4 d5 2. exd5: the kernel is that one capture, a white e-pawn taking the black d-pawn.
  const Position pos = testing::fen_or_fail("rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2");
  const KernelSearch k = find_proof_kernel(pos);
  ASSERT_EQ(k.outcome, KernelOutcome::Found);
  ASSERT_EQ(k.path.size(), 1u);
  EXPECT_EQ(k.path[0], "w exd");
}

TEST(ProofKernel, NoPromotionWithoutACapture) {
  // An extra white queen, every man of both sides on the board: no capture happened, so no pawn passed the
  // black pawn of its file.
  const Position pos = testing::fen_or_fail("rnbqkbnr/pppppppp/8/8/4Q3/8/PPPPPPP1/RNBQKBNR b - - 0 1");
  EXPECT_EQ(find_proof_kernel(pos).outcome, KernelOutcome::None);
}

TEST(ProofKernel, OneCaptureFreesTwoPromotions) {
  // Black's g-pawn is gone, taken by white's h-pawn on the g-file: the g-file then holds two white pawns and
  // no black one, and both promote. A third promotion (the f-pawn) would need the f7 pawn gone too.
  const Position two = testing::fen_or_fail("rnbqkbnr/pppppp1p/8/8/3QQ3/8/PPPPPP2/RNBQKBNR b - - 0 1");
  const KernelSearch k = find_proof_kernel(two);
  ASSERT_EQ(k.outcome, KernelOutcome::Found);
  EXPECT_EQ(k.path, std::vector<std::string>{"w hxg"});
  const Position three = testing::fen_or_fail("rnbqkbnr/pppppp1p/8/8/2QQQ3/8/PPPPP3/RNBQKBNR b - - 0 1");
  EXPECT_EQ(find_proof_kernel(three).outcome, KernelOutcome::None);
}

// Expect no kernel for `none` and one for `found`, from the search and from the brute force alike.
void expect_kernel_only_for(const Position& none, const Position& found) {
  EXPECT_EQ(find_proof_kernel(none).outcome, KernelOutcome::None);
  EXPECT_EQ(find_proof_kernel(found).outcome, KernelOutcome::Found);
  EXPECT_EQ(BruteForce(none).solve(1000000), std::optional<bool>(false));
  EXPECT_EQ(BruteForce(found).solve(1000000), std::optional<bool>(true));
}

TEST(ProofKernel, ACastlingKingBlocksPromotionsBesideIt) {
  // Black's g-pawn took white's f-pawn, and one of the two black pawns then on the f-file promoted: the only
  // promotion black can have made. With white's castling right kept, white's king never left e1, so a black
  // pawn on f2 would have checked it and been taken at once: no kernel. Without the right, there is one.
  const Position kept = testing::fen_or_fail("rnbqkbnr/ppppp2p/5p2/q7/8/8/PPPPP1PP/RNBQKBNR w K - 0 1");
  const Position lost = testing::fen_or_fail("rnbqkbnr/ppppp2p/5p2/q7/8/8/PPPPP1PP/RNBQKBNR w - - 0 1");
  expect_kernel_only_for(kept, lost);
}

TEST(ProofKernel, ATrappedBishopWasTakenAtHome) {
  // Black's d-pawn stands on e5, so it took a white man there, and white's only missing man is its c1 bishop.
  // With b2 and d2 at home that bishop never left c1, where no pawn can take it: no kernel. With d2 on d3,
  // the bishop could have come to e5 (a dark square, as c1 is) and been taken there.
  const Position trapped = testing::fen_or_fail("rnbqkbnr/ppp1pppp/8/4p3/8/8/PPPPPPPP/RN1QKBNR w - - 0 1");
  const Position free = testing::fen_or_fail("rnbqkbnr/ppp1pppp/8/4p3/8/3P4/PPP1PPPP/RN1QKBNR w - - 0 1");
  expect_kernel_only_for(trapped, free);
  EXPECT_EQ(find_proof_kernel(free).path, std::vector<std::string>{"b dxe:dark B"});
}

TEST(ProofKernel, ABishopPromotedBehindUnmovedPawnsStaysThere) {
  // White's extra light-squared bishop can only be the g-pawn's promotion on g8 (every other white pawn is
  // at home), and with f7 and h7 at home a bishop promoted on g8 never leaves it: no kernel. With the h-pawn
  // on h6 it can leave by h7.
  const Position trapped = testing::fen_or_fail("rnbqkbnr/pppppp1p/5p2/8/2B5/8/PPPPPP1P/RNBQKB1R b - - 0 1");
  const Position free = testing::fen_or_fail("rnbqkbnr/pppppp2/5p1p/8/2B5/8/PPPPPP1P/RNBQKB1R b - - 0 1");
  expect_kernel_only_for(trapped, free);
}

TEST(ProofKernel, AKernelMustFitOnRanks) {
  // White's g-pawn stands on h3, above the unmoved h2 pawn: it took on h3 (it entered the h-file above h2
  // and never goes back). Black's only lost man is its dark-squared bishop, and black can promote no pawn to
  // replace another victim: so it took that bishop, on h3, a light square. The kernel exists; its ranks do
  // not. With the light-squared bishop lost instead, they do.
  const Position dark = testing::fen_or_fail("rnbqk1nr/pppp1ppp/4p3/8/8/7P/PPPPPP1P/RNBQKBNR b KQkq - 0 3");
  const Position light = testing::fen_or_fail("rn1qkbnr/ppp1pppp/3p4/8/8/7P/PPPPPP1P/RNBQKBNR b KQkq - 0 3");
  EXPECT_EQ(find_proof_kernel(dark).outcome, KernelOutcome::NoExtended);
  const KernelSearch k = find_proof_kernel(light);
  ASSERT_EQ(k.outcome, KernelOutcome::Found);
  EXPECT_EQ(k.path, std::vector<std::string>{"w gxh:light B"});
  EXPECT_EQ(judge(dark, RuleSet::Default, true).reason.rfind("no extended proof kernel", 0), 0u)
      << judge(dark, RuleSet::Default, true).reason;
}

// Whether the kernel of the game `moves` fits with its first capture landing on `rank`.
bool fits_with_first_capture_on(const std::string& moves, int rank) {
  const Position pos = testing::play_game(moves).value();
  const KernelSearch k = find_proof_kernel(pos);
  return k.outcome == KernelOutcome::Found && kernel::fits_on_ranks(kernel::make_goal(pos), k.captures, k.last, {rank});
}

TEST(ProofKernel, FitsWithCapturesPinnedToRanks) {
  // 1. e4 d5 2. exd5: the capture landed on d3, d4 or d5, not on d6.
  for (int rank : {3, 4, 5}) EXPECT_TRUE(fits_with_first_capture_on("e4 d5 exd5", rank)) << rank;
  EXPECT_FALSE(fits_with_first_capture_on("e4 d5 exd5", 6));
  // Black's h-pawn took the bishop on g3 below white's g4 pawn: it entered the g-file below it, on g3.
  EXPECT_TRUE(fits_with_first_capture_on("g4 h5 d3 h4 Bf4 a6 Bg3 hxg3", 3));
  EXPECT_FALSE(fits_with_first_capture_on("g4 h5 d3 h4 Bf4 a6 Bg3 hxg3", 2));
  EXPECT_FALSE(fits_with_first_capture_on("g4 h5 d3 h4 Bf4 a6 Bg3 hxg3", 4));
  // Black's h-pawn took on g6 and stands there, the g7 pawn at home: on g6 only.
  EXPECT_TRUE(fits_with_first_capture_on("g4 a6 g5 a5 g6 hxg6", 6));
  EXPECT_FALSE(fits_with_first_capture_on("g4 a6 g5 a5 g6 hxg6", 5));
}

TEST(ProofKernel, AStoppedSearchProvesNothing) {
  // A position with many captures and a budget of a few states: the search stops, and judge passes it.
  const Position pos = testing::fen_or_fail("3Rb3/1Bn2RQ1/3n1b1p/1bB3rB/n2Prk1B/3B2b1/1BBK2pb/5q1B w - - 0 1");
  const SearchLimits tiny{10, 0, 0};
  EXPECT_EQ(find_proof_kernel(pos, tiny).outcome, KernelOutcome::OutOfBudget);
  EXPECT_EQ(find_proof_kernel(pos).outcome, KernelOutcome::None);
  const Verdict v = judge(pos, RuleSet::Default, true, tiny);
  EXPECT_TRUE(v.passes() || check_names(RuleSet::Default)[std::size_t(v.check)] != "proof kernel") << v.reason;
}

}  // namespace
}  // namespace chessrank::legality
