#include "proof/proof_game.h"

#include <algorithm>
#include <chrono>
#include <optional>
#include <queue>
#include <sstream>

#include <pcg_random.hpp>

#include "core/movegen.h"
#include "legality/last_move.h"
#include "legality/legality.h"
#include "proof/goal_distance.h"
#include "proof/kernel_opening.h"

namespace chessrank::proof {
namespace {

// Priority = ply + weight x estimate; the passes cycle through these weights, from nearly greedy to
// nearly shortest-first, so that one that stalls is followed by a search of another shape.
constexpr int Weights[] = {10, 20, 5};
constexpr int MaxQuietPlies = 150;
constexpr std::uint64_t FirstPassNodes = 20000;  // each pass then gets 19/16 of the last one's budget
constexpr int ContinuationSteps = 3;             // searches from the closest position after a failed pass
constexpr std::uint64_t FirstSearchNodes = 25000;  // the search before the kernel opening, at most
constexpr std::size_t MaxLastMoves = 5;  // so many possible last moves, all captures, at most: a search through each
constexpr std::uint64_t FirstShareNodes = 100000;  // what each of them gets in the first round

// A hash of a position's identity (placement, side to move, castling rights, en passant square). A
// collision can only make a pass skip a position, never accept a wrong game: games are replayed at the end.
std::uint64_t hash_of(const Position& pos) {
  std::uint64_t h = 0x9E3779B97F4A7C15ull;
  const auto mix = [&h](std::uint64_t w) {
    h = (h ^ w) * 0xBF58476D1CE4E5B9ull;
    h ^= h >> 31;
  };
  mix(pos.pieces(White));
  for (int pt = Pawn; pt <= King; ++pt) mix(pos.pieces(PieceType(pt)));
  mix(std::uint64_t(pos.side_to_move()) | std::uint64_t(pos.castling_rights()) << 1 | std::uint64_t(pos.ep_square()) << 8);
  return h;
}

// The lowest ply at which a pass reached each position, by hash_of: open addressing with linear probing in
// a power-of-two table kept at most three quarters full, 10 bytes a slot (plies fit 16 bits, as in Node), no
// allocation per entry.
class PlyTable {
 public:
  // Return the ply stored for `key`, storing `ply` first when there is none, and whether it did.
  std::pair<std::uint16_t*, bool> try_emplace(std::uint64_t key, int ply) {
    if (4 * (size_ + 1) > 3 * keys_.size()) grow();
    key |= key == Empty;
    const std::size_t i = find(key);
    const bool inserted = keys_[i] == Empty;
    if (inserted) keys_[i] = key, plies_[i] = std::uint16_t(ply), ++size_;
    return {&plies_[i], inserted};
  }
  // Return the ply stored for `key`, which must be there.
  int ply_of(std::uint64_t key) const { return plies_[find(key | (key == Empty))]; }

 private:
  static constexpr std::uint64_t Empty = 0;  // a key of 0 is stored as 1, which a collision could be anyway
  // The slot of `key`, or the empty slot where it goes.
  std::size_t find(std::uint64_t key) const {
    const std::size_t mask = keys_.size() - 1;
    std::size_t i = key & mask;
    while (keys_[i] != key && keys_[i] != Empty) i = (i + 1) & mask;
    return i;
  }
  void grow() {
    const std::size_t slots = std::max<std::size_t>(1024, 2 * keys_.size());
    std::vector<std::uint64_t> keys(slots, Empty);
    std::vector<std::uint16_t> plies(slots);
    keys.swap(keys_);
    plies.swap(plies_);
    for (std::size_t i = 0; i < keys.size(); ++i)
      if (keys[i] != Empty) {
        const std::size_t j = find(keys[i]);
        keys_[j] = keys[i], plies_[j] = plies[i];
      }
  }
  std::vector<std::uint64_t> keys_;
  std::vector<std::uint16_t> plies_;
  std::size_t size_ = 0;
};

// A position the pass reached: its parent and the move from there. Positions are not stored but replayed
// from the root when expanded, which keeps a node at 8 bytes.
struct Node {
  std::uint32_t parent;
  Move move;
  std::uint16_t ply;
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

struct PassResult {
  bool found = false;
  std::vector<Move> moves;  // from the root: to the goal when found, else to the position of least estimate
  int closest = Unreachable;  // that position's estimate
  bool exhausted = false;     // not found with every position in reach (by the estimate) expanded
};

// When a search stops before its budget: at the time limit, or when the caller asks.
struct StopRule {
  bool timed = false;
  Clock::time_point deadline;
  bool (*requested)() = nullptr;
  bool now() const { return (timed && Clock::now() >= deadline) || (requested && requested()); }
};

// One weighted best-first pass from `root`, expanding until `budget` positions in all have been expanded.
PassResult search_pass(const GoalDistance& distance, const Position& root, int weight, std::uint64_t budget,
                       std::uint64_t seed, const StopRule& stop, std::uint64_t& expanded) {
  pcg32 random(seed);
  const Position& goal = distance.goal();
  const Bitboard frozen = distance.frozen();
  std::vector<Node> nodes;
  PlyTable best_ply;
  std::priority_queue<Entry> open;
  PassResult result;
  const auto line_to = [&nodes](std::uint32_t node) {
    std::vector<Move> moves;
    for (std::uint32_t i = node; i != 0; i = nodes[i].parent) moves.push_back(nodes[i].move);
    std::reverse(moves.begin(), moves.end());
    return moves;
  };
  const int h0 = distance.estimate(root);
  if (h0 >= Unreachable) return result;
  nodes.push_back({0, Move::none(), 0});
  best_ply.try_emplace(hash_of(root), 0);
  open.push({weight * h0, 0, random(), 0});
  std::uint32_t closest = 0;
  result.closest = h0;
  bool stopped = false;
  while (!open.empty() && expanded < budget) {
    const Entry e = open.top();
    open.pop();
    Position pos = root;
    for (Move m : line_to(e.node)) {
      UndoInfo undo;
      pos.do_move(m, undo);
    }
    if (best_ply.ply_of(hash_of(pos)) < e.ply) continue;  // reached again at a lower ply since
    if (pos.same_position(goal)) {
      result.found = true;
      result.moves = line_to(e.node);
      return result;
    }
    ++expanded;
    if ((expanded & 255) == 0 && stop.now()) {
      stopped = true;
      break;
    }
    for (Move m : legal_moves(pos)) {
      if (frozen & (square_bb(m.from()) | square_bb(m.to()))) continue;
      Position child = pos;
      UndoInfo undo;
      child.do_move(m, undo);
      // The 75-move rule ends the game at 150 plies without a capture or a pawn move.
      if (child.halfmove_clock() >= MaxQuietPlies && !child.same_position(goal)) continue;
      const int ply = e.ply + 1;
      const auto [best, inserted] = best_ply.try_emplace(hash_of(child), ply);
      if (!inserted) {
        if (*best <= ply) continue;
        *best = ply;
      }
      const int h = distance.estimate(child);
      if (h >= Unreachable) continue;
      nodes.push_back({e.node, m, std::uint16_t(ply)});
      if (h < result.closest) result.closest = h, closest = std::uint32_t(nodes.size() - 1);
      open.push({ply + weight * h, ply, random(), std::uint32_t(nodes.size() - 1)});
    }
  }
  result.moves = line_to(closest);
  result.exhausted = !stopped && open.empty();
  return result;
}

// Return the position `moves` reach from the initial position, or nothing when one of them is not legal.
std::optional<Position> play_line(const std::vector<Move>& moves) {
  Position pos = Position::start();
  for (Move m : moves) {
    if (!legal_moves(pos).contains(m)) return std::nullopt;
    UndoInfo undo;
    pos.do_move(m, undo);
  }
  return pos;
}

}  // namespace

bool reaches(const std::vector<Move>& moves, const Position& goal) {
  const std::optional<Position> end = play_line(moves);
  return end && end->same_position(goal);
}

GameSearch search_proof_game(const Position& goal, const ProofLimits& limits, std::uint64_t seed,
                             const std::vector<Move>& opening) {
  GameSearch result;
  const std::optional<Position> start = play_line(opening);
  if (!start) return result;
  result.closest = opening;
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
  if (start->same_position(goal)) {
    result.moves = opening;
    return result;
  }
  const GoalDistance distance(target);
  int closest = distance.estimate(*start);
  if (closest >= Unreachable) {
    result.cut = true;
    return result;
  }
  const auto seconds = std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(limits.seconds));
  const StopRule stop{limits.seconds > 0, Clock::now() + seconds, limits.stop};
  // Each pass searches from the opening's end; when it fails, searches from the position it came closest
  // to (by the estimate) follow, each with half the budget, while they come closer.
  std::vector<Move> moves = opening;
  bool found = start->same_position(target);
  double budget = double(FirstPassNodes);
  std::uint64_t stream = seed * 0x9E3779B97F4A7C15ull;
  std::uint64_t& expanded = result.nodes;
  for (std::uint64_t pass = 0; !found && expanded < limits.nodes && !stop.now(); ++pass) {
    const int weight = Weights[pass % std::size(Weights)];
    std::vector<Move> line = opening;
    Position root = *start;
    // Run a search from `root` with `share` of the budget and move `root` and `line` on to where it ended.
    const auto run = [&](double share) {
      const std::uint64_t cap = std::min<std::uint64_t>(limits.nodes, expanded + std::uint64_t(share));
      const PassResult r = search_pass(distance, root, weight, cap, stream++, stop, expanded);
      for (Move m : r.moves) {
        UndoInfo undo;
        root.do_move(m, undo);
      }
      line.insert(line.end(), r.moves.begin(), r.moves.end());
      if (!r.found && r.closest < closest) closest = r.closest, result.closest = line;
      return r;
    };
    PassResult r = run(budget);
    if (!r.found && r.exhausted) {  // every position in reach was expanded: another pass expands them again
      result.exhausted = true;
      break;
    }
    for (int step = 0; !r.found && step < ContinuationSteps && expanded < limits.nodes && !stop.now(); ++step) {
      const int before = r.closest;
      r = run(budget / 2);
      if (!r.found && r.closest >= before) break;
    }
    if (r.found) found = true, moves = line;
    budget = std::min(budget * 19.0 / 16.0, double(limits.nodes));
  }
  if (!found) return result;
  if (last) moves.push_back(last);
  if (reaches(moves, goal)) result.moves = moves, result.closest.clear();
  return result;
}

namespace {

// find_proof_game for a goal whose last move is left to the search.
GameSearch find_game(const Position& goal, const ProofLimits& limits, std::uint64_t seed,
                     const std::vector<Move>& opening) {
  if (!opening.empty()) return search_proof_game(goal, limits, seed, opening);
  const Clock::time_point start = Clock::now();
  const auto seconds = [start] { return std::chrono::duration<double>(Clock::now() - start).count(); };
  // From the initial position first, with an eighth of the budget, at most FirstSearchNodes: most positions
  // of games whose pawns made few captures are found so, at once.
  ProofLimits plain_limits = limits;
  plain_limits.nodes = std::min(limits.nodes / 8, FirstSearchNodes);
  plain_limits.seconds /= 8;
  GameSearch plain = search_proof_game(goal, plain_limits, seed, {});
  if (!plain.moves.empty() || plain.cut || plain.exhausted) return plain;
  ProofLimits stages = limits.after(plain.nodes, seconds());
  stages.nodes /= 2;  // what the stages may take at most
  stages.seconds /= 2;
  const KernelOpening kernel = kernel_opening(goal, stages, seed);
  // From the initial position again, with what is left after `used` expansions.
  const auto again = [&](std::uint64_t used) {
    GameSearch rest = search_proof_game(goal, limits.after(used, seconds()), seed + 1, {});
    rest.nodes += used;
    return rest;
  };
  if (kernel.moves.empty()) return again(plain.nodes + kernel.nodes);
  GameSearch result = search_proof_game(goal, limits.after(plain.nodes + kernel.nodes, seconds()), seed, kernel.moves);
  result.nodes += plain.nodes + kernel.nodes;
  if (result.exhausted) return again(result.nodes);  // the opening leads nowhere
  if (result.moves.empty() && result.cut) result.closest = std::move(plain.closest), result.cut = false;
  return result;
}

// Whether the position before `r` may have held a castling right that `after`, the position it leads to,
// lacks (its king or rook left home, or the rook was taken there): the position before that the
// retraction lists holds only the rights of `after`, and a game may pass through the other one instead.
bool may_have_taken_a_right(const legality::Retraction& r, const Position& after) {
  const Bitboard touched = square_bb(r.move.from()) | square_bb(r.move.to());
  for (CastlingRights cr : {WhiteKingside, WhiteQueenside, BlackKingside, BlackQueenside}) {
    const Color c = (cr & WhiteCastling) ? White : Black;
    const Bitboard men = square_bb(relative_square(c, E1)) | square_bb(castling_rook_square(cr));
    if (!after.can_castle(cr) && castling_men_home(r.before, cr) && (touched & men)) return true;
  }
  return false;
}

}  // namespace

GameSearch find_proof_game(const Position& goal, const ProofLimits& limits, std::uint64_t seed,
                           const std::vector<Move>& opening) {
  const std::optional<Position> start = play_line(opening);
  if (goal.ep_square() != NoSquare || !start || start->same_position(goal))  // en passant: search_proof_game
    return find_game(goal, limits, seed, opening);
  // Every game ends with one of the last moves the legality checks leave possible: the search looks for
  // the position before it and plays it after; forced moves in a row are retracted together.
  const legality::LastMoveAnalysis last = legality::analyse_last_move(goal, false, limits.legality, MaxLastMoves + 1);
  const auto through = [&](const std::vector<legality::Retraction>& line, const ProofLimits& l) {
    GameSearch s = find_game(line.back().before, l, seed, opening);
    for (auto r = line.rbegin(); r != line.rend() && !s.moves.empty(); ++r) s.moves.push_back(r->move);
    if (!s.moves.empty() && !reaches(s.moves, goal)) s.moves.clear();
    return s;
  };
  // A move that may have taken a castling right ends the line of forced moves retracted, and keeps the
  // goal's own search when it is one of several.
  std::vector<legality::Retraction> forced;
  for (const legality::Retraction& r : last.forced) {
    if (may_have_taken_a_right(r, forced.empty() ? goal : forced.back().before)) break;
    forced.push_back(r);
  }
  if (!forced.empty()) return through(forced, limits);
  std::vector<legality::Retraction> left = last.possible;
  // One left whose predecessor's kernel search ran out of budget is not called forced, yet is the only one.
  if (left.size() == 1 && !may_have_taken_a_right(left.front(), goal)) return through(left, limits);
  const auto unfit = [&](const legality::Retraction& r) {
    return r.captured == NoPiece || may_have_taken_a_right(r, goal);
  };
  if (left.size() < 2 || left.size() > MaxLastMoves || std::any_of(left.begin(), left.end(), unfit))
    return find_game(goal, limits, seed, opening);
  // A few captures (as a rule the same move taking men of different kinds): each in turn, with budgets
  // that double round by round, while it is not ruled out.
  const Clock::time_point begin = Clock::now();
  GameSearch result;
  for (std::uint64_t share = FirstShareNodes; !left.empty(); share *= 2) {
    const std::uint64_t cap = std::max<std::uint64_t>(1, limits.nodes / std::size(left));
    for (auto r = left.begin(); r != left.end();) {
      ProofLimits l = limits.after(result.nodes, std::chrono::duration<double>(Clock::now() - begin).count());
      if (l.nodes == 0 || (limits.seconds > 0 && l.seconds <= 1e-9) || (limits.stop && limits.stop())) return result;
      l.nodes = std::min({l.nodes, share, cap});
      GameSearch s = through({*r}, l);
      s.nodes += result.nodes;
      const bool out = s.moves.empty() && (s.cut || s.exhausted);
      if (!s.moves.empty() || r == left.begin()) result = std::move(s);
      else result.nodes = s.nodes;
      if (!result.moves.empty()) return result;
      r = out ? left.erase(r) : r + 1;
    }
    if (share >= cap) break;
  }
  return result;
}

ProofOutcome prove(const Position& goal, const ProofLimits& limits, std::uint64_t seed,
                   const std::vector<Move>& opening) {
  ProofOutcome outcome;
  const legality::Verdict verdict = legality::judge(goal, legality::RuleSet::Default, true, limits.legality);
  if (!verdict.passes()) {
    outcome.status = ProofStatus::Illegal;
    outcome.reason = verdict.reason;
    return outcome;
  }
  if (!play_line(opening)) {
    outcome.reason = "the opening is not a legal line from the initial position";
    return outcome;
  }
  GameSearch search = find_proof_game(goal, limits, seed, opening);
  outcome.nodes = search.nodes;
  if (!search.moves.empty() || (opening.empty() && goal.same_position(Position::start()))) {
    outcome.status = ProofStatus::Legal;
    outcome.moves = std::move(search.moves);
    return outcome;
  }
  outcome.closest = std::move(search.closest);
  if (search.cut) {
    outcome.reason = std::string("no search: the search's estimate rules the goal out from ") +
                     (opening.empty() ? "the initial position" : "the opening's last position");
    return outcome;
  }
  outcome.reason = "no game found in " + std::to_string(outcome.nodes) + " positions";
  if (search.exhausted) {
    outcome.reason += ": all the positions in reach by the search's estimate";
  } else if (limits.stop && limits.stop()) {
    outcome.reason += " (stopped)";
  } else if (limits.seconds > 0 && outcome.nodes < limits.nodes) {
    std::ostringstream seconds;
    seconds << limits.seconds;
    outcome.reason += " (the time limit of " + seconds.str() + " s)";
  }
  return outcome;
}

}  // namespace chessrank::proof
