#include "proof/kernel_opening.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <optional>
#include <utility>

#include "legality/extended_kernel.h"
#include "legality/kernel.h"
#include "proof/goal_distance.h"

namespace chessrank::proof {
namespace {

using legality::kernel::Capture;
using legality::kernel::Group;

// The pawns of file f, bottom (rank 1) to top: the order of the kernel's file indices.
std::vector<Square> pawns_of_file(const Position& pos, int f) {
  std::vector<Square> squares;
  for (int r = 0; r < 8; ++r) {
    const Square s = make_square(File(f), Rank(r));
    if (type_of(pos.piece_on(s)) == Pawn) squares.push_back(s);
  }
  return squares;
}

// Moves a pawn needs from relative rank `from` to `to` (a double step from its start rank).
int pawn_moves(int from, int to) { return to - from - (from == 1 && to >= 3 ? 1 : 0); }

// A stage's pawn moves: the straight walks that make room on the two files and bring the capturer (and a
// pawn victim) to the capture, and what they cost each side.
class Plan {
 public:
  Plan(const Position& pos, const Position& goal) : pos_(pos), goal_(goal) {}

  bool ok() const { return ok_; }
  const std::vector<std::pair<Square, Square>>& walks() const { return walks_; }
  int cost() const { return 16 * std::max(moves_[White], moves_[Black]) + moves_[White] + moves_[Black]; }
  void add_moves(Color c, int n) { moves_[c] += n; }

  // Walk the pawn on `from` straight on to rank `rank`: forward only, short of promotion, and never a pawn
  // the goal keeps unmoved on its start square.
  void walk(Square from, int rank) {
    if (rank == rank_of(from)) return;
    if (rank < 0 || rank > 7) {
      ok_ = false;
      return;
    }
    const Color c = color_of(pos_.piece_on(from));
    const int a = relative_rank(c, from), b = relative_rank(c, Rank(rank));
    if (b <= a || b > 6 || (a == 1 && goal_.piece_on(from) == pos_.piece_on(from))) {
      ok_ = false;
      return;
    }
    moves_[c] += pawn_moves(a, b);
    walks_.emplace_back(from, make_square(file_of(from), Rank(rank)));
  }
  // Walk the pawns of `file` (bottom up) from index i up so that each stands on `floor` or above.
  void raise(const std::vector<Square>& file, int i, int floor) {
    for (std::size_t j = std::size_t(std::max(i, 0)); j < file.size(); ++j) {
      const int r = std::max<int>(rank_of(file[j]), floor);
      walk(file[j], r);
      floor = r + 1;
    }
  }
  // Walk the pawns of `file` from index i down so that each stands on `ceiling` or below.
  void lower(const std::vector<Square>& file, int i, int ceiling) {
    for (int j = std::min(i, int(file.size()) - 1); j >= 0; --j) {
      const int r = std::min<int>(rank_of(file[std::size_t(j)]), ceiling);
      walk(file[std::size_t(j)], r);
      ceiling = r - 1;
    }
  }

 private:
  const Position& pos_;
  const Position& goal_;
  std::vector<std::pair<Square, Square>> walks_;
  std::array<int, 2> moves_{};
  bool ok_ = true;
};

// Moves a `pt` needs from `from` to `to` when the men on `walls` stand still; NoWay when it cannot.
constexpr int NoWay = 1 << 10;
int moves_around(PieceType pt, Square from, Square to, Bitboard walls) {
  Bitboard seen = square_bb(from), frontier = seen;
  for (int d = 1; frontier; ++d) {
    Bitboard next = 0;
    for (Bitboard f = frontier; f;) next |= attacks(pt, pop_lsb(f), walls);
    if (next & square_bb(to)) return d;
    frontier = next & ~walls & ~seen;
    seen |= frontier;
  }
  return NoWay;
}

// How a piece comes to be taken on a capture square: its moves there, after the step of a pawn of its side
// (if any) that lets it out.
struct Approach {
  Square victim = NoSquare;
  int moves = NoWay;
  Square pawn = NoSquare, pawn_to = NoSquare;
};

// The cheapest approach of the piece on `victim` to `to` on `board`: every other man stays where it stands
// (`walls`, the men of `board` and the capturer waiting), after at most one step (one square or two) of a
// pawn of its side off its start square (one the goal shows moved). When there is none, the other pieces
// make way: the piece needs a way past the pawns, after such a step, and is charged 4 moves more.
Approach approach(const Position& board, const Position& goal, Square victim, Square to, Bitboard walls) {
  const PieceType pt = type_of(board.piece_on(victim));
  const Color c = color_of(board.piece_on(victim));
  const Piece pawn = make_piece(c, Pawn);
  walls &= ~square_bb(victim);
  Approach best{victim, moves_around(pt, victim, to, walls)};
  Approach past_pawns{victim, moves_around(pt, victim, to, board.pieces(Pawn)) == NoWay ? NoWay : distance(victim, to) + 4};
  for (int steps : {1, 2})
    for (Bitboard b = board.pieces(c, Pawn) & rank_bb(relative_rank(c, Rank2)); b;) {
      const Square s = pop_lsb(b), ahead = Square(s + steps * pawn_push(c));
      const Bitboard path = square_bb(Square(s + pawn_push(c))) | square_bb(ahead);
      if (goal.piece_on(s) == pawn || (path & (walls | square_bb(to)))) continue;
      const Bitboard stepped = (walls & ~square_bb(s)) | square_bb(ahead);
      const int moves = moves_around(pt, victim, to, stepped) + 1;
      if (moves < best.moves) best = {victim, moves, s, ahead};
      if (past_pawns.moves == NoWay &&
          moves_around(pt, victim, to, (board.pieces(Pawn) & ~square_bb(s)) | square_bb(ahead)) != NoWay)
        past_pawns = {victim, distance(victim, to) + 5, s, ahead};
    }
  return best.moves < NoWay ? best : past_pawns;
}

// The victim of a pawn taking a piece of group g on `to`, with its approach: the man of `them` (not a rook
// of a castling right the goal keeps) of least approach, a kind the goal has fewer of counting 8 moves less.
Approach piece_victim(const Position& board, const Position& goal, Color them, Group g, Square to, Bitboard walls) {
  Approach victim;
  int best = NoWay;
  for (Bitboard b = board.pieces(them) & ~board.pieces(them, Pawn) & ~board.pieces(them, King); b;) {
    const Square s = pop_lsb(b);
    const PieceType pt = type_of(board.piece_on(s));
    const bool in_group = g == Group::Nrq ? (pt == Knight || pt == Rook || pt == Queen)
                                          : (pt == Bishop && is_dark(s) == (g == Group::DarkBishop));
    bool castles = false;
    for (CastlingRights cr : {WhiteKingside, WhiteQueenside, BlackKingside, BlackQueenside})
      castles |= goal.can_castle(cr) && castling_rook_square(cr) == s;
    if (!in_group || castles) continue;
    const Approach a = approach(board, goal, s, to, walls);
    const int cost = a.moves + (board.count(them, pt) > goal.count(them, pt) ? 0 : 8);
    if (a.moves < NoWay && cost < best) best = cost, victim = a;
  }
  return victim;
}

// Return the position after the stage of capture `c` from `pos`, with its cost, for the capture square on
// rank `rank`; nothing when the board does not allow it there.
std::optional<std::pair<Position, int>> stage_at(const Position& pos, const Position& goal, const Capture& c,
                                                 int rank) {
  const Color us = c.side;
  const int ahead = us == White ? 1 : -1;
  const std::vector<Square> from_file = pawns_of_file(pos, c.from), to_file = pawns_of_file(pos, c.to);
  const Square from = from_file[std::size_t(c.from_index)];
  const Square to = make_square(File(c.to), Rank(rank));
  Plan plan(pos, goal);
  plan.walk(from, rank - ahead);
  if (us == White) plan.raise(from_file, c.from_index + 1, rank);  // the pawns ahead of the capturer
  else plan.lower(from_file, c.from_index - 1, rank);
  Square victim = NoSquare;
  if (c.kind == Capture::PawnTakesPawn) {
    victim = to_file[std::size_t(c.index)];
    plan.walk(victim, rank);
    if (us == White) plan.lower(to_file, c.index - 1, rank - 1);  // the pawns behind the victim
    else plan.raise(to_file, c.index + 1, rank + 1);
  } else {
    if (c.victim != Group::Nrq && is_dark(to) != (c.victim == Group::DarkBishop)) return std::nullopt;
    plan.raise(to_file, c.index, rank + 1);  // the capturer enters the file at c.index
    plan.lower(to_file, c.index - 1, rank - 1);
  }
  if (!plan.ok()) return std::nullopt;
  Position next = pos;
  for (const auto& [a, b] : plan.walks()) next.remove_piece(a);
  if (!next.empty(from)) next.remove_piece(from);
  for (const auto& [a, b] : plan.walks()) {
    if (a == from || a == victim) continue;
    if (!next.empty(b)) return std::nullopt;
    next.put_piece(pos.piece_on(a), b);
  }
  if (c.kind == Capture::PawnTakesPiece) {
    if (!next.empty(to)) return std::nullopt;
    const Square waiting = make_square(File(c.from), Rank(rank - ahead));  // the capturer, before it takes
    const Approach a = piece_victim(next, goal, ~us, c.victim, to, next.pieces() | square_bb(waiting));
    if (a.victim == NoSquare) return std::nullopt;
    victim = a.victim;
    if (a.pawn != NoSquare) {
      next.remove_piece(a.pawn);
      next.put_piece(make_piece(~us, Pawn), a.pawn_to);
    }
    plan.add_moves(~us, a.moves);
  }
  if (!next.empty(victim)) next.remove_piece(victim);
  if (!next.empty(to)) return std::nullopt;
  next.put_piece(make_piece(us, Pawn), to);
  plan.add_moves(us, 1);
  next.set_side_to_move(~us);
  next.set_ep_square(NoSquare);
  next.canonicalize();  // a rook taken, or gone to be taken, has lost its castling right
  return std::pair{next, plan.cost()};
}

// A stage's target: the position after it, the rank (1 to 8) of its capture square and the cost of its
// pawn walks (Plan::cost).
struct Stage {
  Position pos;
  int rank;
  int cost;
};

// Return the targets of the stage of capture `c`, one per capture square on a rank `fits` accepts from which
// the goal stays in reach (by `distance`'s estimate), the least costly first.
template <class Fits>
std::vector<Stage> stages_of(const Position& pos, const GoalDistance& distance, const Capture& c, Fits fits) {
  const Position& goal = distance.goal();
  if (c.kind != Capture::PawnTakesPawn && c.kind != Capture::PawnTakesPiece) return {};
  const std::vector<Square> from_file = pawns_of_file(pos, c.from), to_file = pawns_of_file(pos, c.to);
  if (c.from_index < 0 || c.from_index >= int(from_file.size()) ||
      pos.piece_on(from_file[std::size_t(c.from_index)]) != make_piece(c.side, Pawn))
    return {};
  if (c.kind == Capture::PawnTakesPawn &&
      (c.index < 0 || c.index >= int(to_file.size()) ||
       pos.piece_on(to_file[std::size_t(c.index)]) != make_piece(~c.side, Pawn)))
    return {};
  if (c.kind == Capture::PawnTakesPiece && (c.index < 0 || c.index > int(to_file.size()))) return {};
  // Pawns of one colour next to each other on a file are alike to the kernel: the capturer may be any pawn
  // of its run, and a piece's taker may enter anywhere in the run of its colour it enters at.
  const Piece ours = make_piece(c.side, Pawn);
  int first_taker = c.from_index, last_taker = c.from_index;
  while (first_taker > 0 && pos.piece_on(from_file[std::size_t(first_taker - 1)]) == ours) --first_taker;
  while (last_taker + 1 < int(from_file.size()) && pos.piece_on(from_file[std::size_t(last_taker + 1)]) == ours) ++last_taker;
  int last_slot = c.index;
  if (c.kind == Capture::PawnTakesPiece)
    while (last_slot < int(to_file.size()) && pos.piece_on(to_file[std::size_t(last_slot)]) == ours) ++last_slot;
  std::vector<Stage> targets;
  for (int rank = 1; rank <= 6; ++rank) {
    std::optional<std::pair<Position, int>> best;
    Capture alike = c;
    for (alike.from_index = first_taker; alike.from_index <= last_taker; ++alike.from_index)
      for (alike.index = c.index; alike.index <= last_slot; ++alike.index) {
        const auto stage = stage_at(pos, goal, alike, rank);
        if (stage && (!best || stage->second < best->second)) best = stage;
      }
    if (best && distance.estimate(best->first) < Unreachable && fits(rank + 1))
      targets.push_back({best->first, rank + 1, best->second});
  }
  std::stable_sort(targets.begin(), targets.end(), [](const Stage& a, const Stage& b) { return a.cost < b.cost; });
  return targets;
}

// The stages played depth first: each capture's targets in order, up to StageTries of them, and when no
// target of a later capture is reached, the next target of an earlier one. The deepest line is the opening.
// A target's capture square must leave the kernel a placing on ranks (the extended kernel) with the
// captures before it where their stages made them.
class StageWalk {
 public:
  StageWalk(const Position& goal, const legality::KernelSearch& kernel, const GoalDistance& distance,
            const ProofLimits& limits, std::uint64_t seed)
      : kernel_goal_(legality::kernel::make_goal(goal)), kernel_(kernel), pinned_(kernel.captures.size(), 0),
        distance_(distance), limits_(limits), seed_(seed), start_(std::chrono::steady_clock::now()) {}

  KernelOpening run() {
    descend(0, Position::start(), {});
    return opening_;
  }

 private:
  // Play the stages from capture k on, from `pos` reached by `moves`; return whether the walk is over (every
  // capture that can be staged played, or the budget spent).
  bool descend(std::size_t k, const Position& pos, const std::vector<Move>& moves) {
    if (k > depth_) depth_ = k, opening_.moves = moves;
    // A capturing promotion, or a capture of a promoted man, is not staged: the walk ends there.
    const std::vector<Capture>& captures = kernel_.captures;
    if (k == captures.size() || captures[k].promotion >= 0 || captures[k].kind == Capture::PawnTakesPromoted ||
        captures[k].kind == Capture::PieceTakesEnd)
      return true;
    const std::vector<Stage> targets = stages_of(pos, distance_, captures[k], [&](int rank) {
      pinned_[k] = rank;
      return legality::kernel::fits_on_ranks(kernel_goal_, captures, kernel_.last, pinned_);
    });
    pinned_[k] = 0;
    for (std::size_t t = 0; t < std::min(targets.size(), StageTries); ++t) {
      const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
      ProofLimits stage_limits = limits_.after(opening_.nodes, seconds);
      stage_limits.nodes = std::min({stage_limits.nodes, StageNodes, OpeningNodes - std::min(opening_.nodes, OpeningNodes)});
      if (stage_limits.nodes == 0 || (limits_.seconds > 0 && seconds >= limits_.seconds) ||
          (limits_.stop && limits_.stop()))
        return true;
      const GameSearch found = search_proof_game(targets[t].pos, stage_limits, seed_++, moves);
      opening_.nodes += found.nodes;
      if (found.moves.empty()) continue;
      pinned_[k] = targets[t].rank;
      if (descend(k + 1, targets[t].pos, found.moves)) return true;
      pinned_[k] = 0;
    }
    return false;
  }

  const legality::kernel::Goal kernel_goal_;
  const legality::KernelSearch& kernel_;
  legality::kernel::CaptureRanks pinned_;  // the ranks of the captures the stages on the walk's line made
  const GoalDistance& distance_;
  const ProofLimits& limits_;
  std::uint64_t seed_;
  std::chrono::steady_clock::time_point start_;
  KernelOpening opening_;
  std::size_t depth_ = 0;
};

}  // namespace

KernelOpening kernel_opening(const Position& goal, const ProofLimits& limits, std::uint64_t seed) {
  if (goal.pieces(Pawn) & (rank_bb(Rank1) | rank_bb(Rank8))) return {};  // not a kernel search's goal
  const legality::KernelSearch kernel = legality::find_proof_kernel(goal, limits.legality);
  if (kernel.outcome != legality::KernelOutcome::Found) return {};
  const GoalDistance distance(goal);
  return StageWalk(goal, kernel, distance, limits, seed).run();
}

}  // namespace chessrank::proof
