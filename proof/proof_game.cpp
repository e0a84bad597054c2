#include "proof/proof_game.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <queue>
#include <unordered_map>

#include <pcg_random.hpp>

#include "core/movegen.h"
#include "legality/legality.h"
#include "proof/goal_distance.h"

namespace chessrank::proof {
namespace {

// Priority = ply + weight x estimate; the passes cycle through these weights, from nearly greedy to
// nearly shortest-first, so that one that stalls is followed by a search of another shape.
constexpr int Weights[] = {10, 20, 5};
constexpr int MaxQuietPlies = 150;
constexpr std::uint64_t FirstPassNodes = 20000;  // each pass then gets 19/16 of the last one's budget

// A position's identity (placement, side to move, castling rights, en passant square) as exact bits.
struct Key {
  std::array<Bitboard, 8> words{};
  bool operator==(const Key&) const = default;
};
struct KeyHash {
  std::size_t operator()(const Key& k) const {
    std::uint64_t h = 0x9E3779B97F4A7C15ull;
    for (Bitboard w : k.words) h = (h ^ w) * 0xBF58476D1CE4E5B9ull, h ^= h >> 31;
    return std::size_t(h);
  }
};
Key key_of(const Position& pos) {
  Key k;
  k.words[0] = pos.pieces(White);
  for (int pt = Pawn; pt <= King; ++pt) k.words[pt] = pos.pieces(PieceType(pt));
  k.words[7] = Bitboard(pos.side_to_move()) | Bitboard(pos.castling_rights()) << 1 | Bitboard(pos.ep_square()) << 8;
  return k;
}

struct Node {
  Position pos;
  std::uint32_t parent;
  Move move;
  int ply;
};

struct Entry {
  int priority, ply;
  std::uint32_t tie;  // random bits: what makes passes differ
  std::uint32_t node;
  bool operator<(const Entry& o) const {  // std::priority_queue pops the largest: the best entry is "largest"
    if (priority != o.priority) return priority > o.priority;
    if (ply != o.ply) return ply < o.ply;  // deeper first
    return tie < o.tie;
  }
};

using Clock = std::chrono::steady_clock;

// One weighted best-first pass from the initial position; returns the moves, or empty.
std::vector<Move> search_pass(const GoalDistance& distance, int weight, std::uint64_t budget, std::uint64_t seed,
                              Clock::time_point deadline, bool timed, std::uint64_t& expanded) {
  pcg32 random(seed);
  const Position& goal = distance.goal();
  const Bitboard frozen = distance.frozen();
  std::vector<Node> nodes;
  std::unordered_map<Key, int, KeyHash> best_ply;
  std::priority_queue<Entry> open;
  const Position start = Position::start();
  const int h0 = distance.estimate(start);
  if (h0 >= Unreachable) return {};
  nodes.push_back({start, 0, Move::none(), 0});
  best_ply.emplace(key_of(start), 0);
  open.push({weight * h0, 0, random(), 0});
  while (!open.empty() && expanded < budget) {
    const Entry e = open.top();
    open.pop();
    if (best_ply[key_of(nodes[e.node].pos)] < e.ply) continue;  // reached again at a lower ply since
    if (nodes[e.node].pos.same_position(goal)) {
      std::vector<Move> moves;
      for (std::uint32_t i = e.node; i != 0; i = nodes[i].parent) moves.push_back(nodes[i].move);
      std::reverse(moves.begin(), moves.end());
      return moves;
    }
    ++expanded;
    if (timed && (expanded & 255) == 0 && Clock::now() > deadline) break;
    const Position pos = nodes[e.node].pos;
    for (Move m : legal_moves(pos)) {
      if (frozen & (square_bb(m.from()) | square_bb(m.to()))) continue;
      Position child = pos;
      UndoInfo undo;
      child.do_move(m, undo);
      // The 75-move rule ends the game at 150 plies without a capture or a pawn move.
      if (child.halfmove_clock() >= MaxQuietPlies && !child.same_position(goal)) continue;
      const int ply = e.ply + 1;
      auto [it, inserted] = best_ply.try_emplace(key_of(child), ply);
      if (!inserted) {
        if (it->second <= ply) continue;
        it->second = ply;
      }
      const int h = distance.estimate(child);
      if (h >= Unreachable) continue;
      nodes.push_back({child, e.node, m, ply});
      open.push({ply + weight * h, ply, random(), std::uint32_t(nodes.size() - 1)});
    }
  }
  return {};
}

}  // namespace

bool reaches(const std::vector<Move>& moves, const Position& goal) {
  Position pos = Position::start();
  for (Move m : moves) {
    if (!legal_moves(pos).contains(m)) return false;
    UndoInfo undo;
    pos.do_move(m, undo);
  }
  return pos.same_position(goal);
}

std::vector<Move> find_proof_game(const Position& goal, const ProofLimits& limits, std::uint64_t seed,
                                  std::uint64_t* nodes) {
  std::uint64_t expanded = 0;
  if (nodes) *nodes = 0;
  // An en passant square says the last move was a double step: search for the position before it.
  Position target = goal;
  Move last = Move::none();
  if (goal.ep_square() != NoSquare) {
    const Color mover = ~goal.side_to_move();
    const Square to = Square(goal.ep_square() + pawn_push(mover)), from = Square(goal.ep_square() - pawn_push(mover));
    target.remove_piece(to);
    target.put_piece(make_piece(mover, Pawn), from);
    target.set_side_to_move(mover);
    target.set_ep_square(NoSquare);
    last = Move(from, to);
  }
  const GoalDistance distance(target);
  const bool timed = limits.seconds > 0;
  const Clock::time_point deadline =
      Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(limits.seconds));
  std::vector<Move> moves;
  double budget = double(FirstPassNodes);
  for (std::uint64_t pass = 0; expanded < limits.nodes && (!timed || Clock::now() < deadline); ++pass) {
    const std::uint64_t pass_budget = std::min<std::uint64_t>(limits.nodes, expanded + std::uint64_t(budget));
    moves = search_pass(distance, Weights[pass % std::size(Weights)], pass_budget, seed * 0x9E3779B97F4A7C15ull + pass, deadline, timed, expanded);
    if (!moves.empty() || target.same_position(Position::start())) break;
    budget *= 19.0 / 16.0;
  }
  if (nodes) *nodes = expanded;
  if (last) moves.push_back(last);
  if (!reaches(moves, goal)) return {};
  return moves;
}

ProofOutcome prove(const Position& goal, const ProofLimits& limits, std::uint64_t seed) {
  ProofOutcome outcome;
  const legality::Verdict verdict = legality::judge(goal, legality::RuleSet::Default, true, limits.legality);
  if (!verdict.passes()) {
    outcome.status = ProofStatus::Illegal;
    outcome.reason = verdict.reason;
    return outcome;
  }
  outcome.moves = find_proof_game(goal, limits, seed, &outcome.nodes);
  if (!outcome.moves.empty() || goal.same_position(Position::start())) {
    outcome.status = ProofStatus::Legal;
  } else {
    outcome.reason = "no game found in " + std::to_string(outcome.nodes) + " positions";
  }
  return outcome;
}

}  // namespace chessrank::proof
