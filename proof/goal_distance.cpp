#include "proof/goal_distance.h"

#include <algorithm>
#include <cstdlib>

#include <boost/container/small_vector.hpp>

#include "proof/assignment.h"

namespace chessrank::proof {
namespace {

// One entry per man of a side, and one per pair of them: on the stack for the 16 men a game leaves a side
// at most, so that an estimate does not allocate.
template <typename T>
using PerMan = boost::container::small_vector<T, 16>;
template <typename T>
using PerPair = boost::container::small_vector<T, 16 * 16>;

constexpr std::uint8_t NoPath = 255;
constexpr int VictimCap = 8;  // moves a surplus man is charged at most to reach where it is taken
constexpr int BlockedRunCost = 4;  // what a straight pawn run an enemy pawn stands on adds

// The home square and kind of each original piece of white; black's are their mirror images.
constexpr std::pair<Square, PieceType> HomePieces[] = {{A1, Rook},   {B1, Knight}, {C1, Bishop}, {D1, Queen},
                                                      {E1, King},   {F1, Bishop}, {G1, Knight}, {H1, Rook}};

// Fill `table[from][to]` with the moves a man whose targets from a square are `step(square)` needs, never
// entering `avoid`.
template <class Step>
void breadth_first(std::array<std::array<std::uint8_t, SquareCount>, SquareCount>& table, Bitboard avoid, Step step) {
  for (auto& row : table) row.fill(NoPath);
  for (int from = 0; from < SquareCount; ++from) {
    auto& dist = table[from];
    dist[from] = 0;
    Bitboard frontier = square_bb(Square(from)), seen = frontier;
    for (int d = 1; frontier; ++d) {
      Bitboard next = 0;
      for (Bitboard f = frontier; f;) next |= step(pop_lsb(f));
      next &= ~seen & ~avoid;
      for (Bitboard n = next; n;) dist[pop_lsb(n)] = std::uint8_t(d);
      seen |= next;
      frontier = next;
    }
  }
}

}  // namespace

// One side's part of the estimate: its men's cheapest assignment, the captures its pawns' file changes
// need, and the men it has to lose (the enemy's victims).
struct GoalDistance::Side {
  struct Man {
    PieceType type;
    Square square;
    Square target = NoSquare;  // capturers: the goal square assigned, NoSquare for a surplus man
  };
  // A pawn that captures on its way to `target` (its goal square, or where it promotes).
  struct PawnNeed {
    Square from, target;
    int captures;
  };
  int moves = 0;
  int captures_available = 0;  // the enemy's surplus men
  int captures_needed = 0;     // captures of this side's pawns on their walks
  int blocked_runs = 0;        // straight pawn runs an enemy pawn stands on
  PerMan<PawnNeed> pawn_needs;
  PerMan<Man> surplus;    // men assigned to capture slots
  PerMan<Man> capturers;  // pieces, kings included, that may take the enemy's surplus
  bool unreachable = false;
};

GoalDistance::GoalDistance(const Position& goal) : goal_(goal) {
  for (Color c : {White, Black}) frozen_ |= goal.pieces(c, Pawn) & rank_bb(relative_rank(c, Rank2));
  for (CastlingRights cr : {WhiteKingside, WhiteQueenside, BlackKingside, BlackQueenside})
    if (goal.can_castle(cr)) {
      const Color c = (cr & WhiteCastling) ? White : Black;
      frozen_ |= square_bb(relative_square(c, E1)) | square_bb(castling_rook_square(cr));
    }
  // A home piece whose every first step lands on a frozen square never moved: none of those men ever
  // left, so it could neither leave nor come back.
  for (bool changed = true; changed;) {
    changed = false;
    for (Color c : {White, Black})
      for (auto [home, pt] : HomePieces) {
        const Square s = relative_square(c, home);
        if (frozen_ & square_bb(s) || goal.piece_on(s) != make_piece(c, pt)) continue;
        const Bitboard first_steps = attacks(pt, s, ~Bitboard(0));
        if ((first_steps & ~frozen_) == 0) {
          frozen_ |= square_bb(s);
          changed = true;
        }
      }
  }
  checkers_ = goal.checkers();
  if (checkers_) checked_king_ = goal.king_square(goal.side_to_move());
  for (PieceType pt : {Knight, Bishop, Rook, Queen})
    breadth_first(distance_[pt], frozen_, [pt, this](Square s) { return attacks(pt, s, frozen_); });
  for (Color c : {White, Black}) {
    const Bitboard attacked = pawn_attacks_bb(~c, goal.pieces(~c, Pawn) & frozen_);
    breadth_first(king_distance_[c], frozen_ | attacked, [](Square s) { return king_attacks(s); });
  }
  // Pawn walks rank by rank: a step ahead or a capture onto the next rank, never onto a frozen square
  // (frozen men neither move out of the way nor are taken).
  for (Color c : {White, Black})
    for (int from = 0; from < SquareCount; ++from) {
      auto& captures = pawn_captures_[c][from];
      captures.fill(NoPath);
      captures[from] = 0;
      for (int r = relative_rank(c, Square(from)); r < Rank8; ++r)
        for (int f = 0; f < 8; ++f) {
          const int here = captures[make_square(File(f), relative_rank(c, Rank(r)))];
          if (here == NoPath) continue;
          for (int df = -1; df <= 1; ++df) {
            if (f + df < 0 || f + df > 7) continue;
            const Square next = make_square(File(f + df), relative_rank(c, Rank(r + 1)));
            if (frozen_ & square_bb(next)) continue;
            captures[next] = std::uint8_t(std::min<int>(captures[next], here + (df != 0)));
          }
        }
    }
}

int GoalDistance::pawn_walk(Color c, Square from, Square to, int captures_available) const {
  const int needed = pawn_captures_[c][from][to];
  if (needed == NoPath || needed > captures_available) return NoPath;
  const int rank_from = relative_rank(c, from), ahead = relative_rank(c, to) - rank_from;
  // A double step on the way when the walk has two straight steps and the two squares are not frozen.
  const bool double_step = rank_from == Rank2 && ahead - needed >= 2 &&
                           !(frozen_ & (square_bb(Square(from + pawn_push(c))) | square_bb(Square(from + 2 * pawn_push(c)))));
  return ahead - (double_step ? 1 : 0);
}

GoalDistance::Promotion GoalDistance::promotion(Color c, Square from, PieceType pt, Square to,
                                                int captures_available) const {
  Promotion best;
  const int file = file_of(from);
  for (int f = std::max(0, file - captures_available); f <= std::min(7, file + captures_available); ++f) {
    const Square square = make_square(File(f), relative_rank(c, Rank8));
    const int walk = pawn_walk(c, from, square, captures_available);
    const int after = piece_distance(c, pt, square, to);
    if (walk == NoPath || after == NoPath || frozen_ & square_bb(square)) continue;
    best.captures = std::min<int>(best.captures, pawn_captures_[c][from][square]);
    if (walk + after < best.moves) best.moves = walk + after, best.square = square;
  }
  return best;
}

int GoalDistance::fewest_captures(const Position& pos, Color c, int captures_available) const {
  PerMan<std::pair<PieceType, Square>> men, targets;
  for (Bitboard b = pos.pieces(c) & ~frozen_; b;) {
    const Square s = pop_lsb(b);
    men.emplace_back(type_of(pos.piece_on(s)), s);
  }
  for (Bitboard b = goal_.pieces(c) & ~frozen_; b;) {
    const Square s = pop_lsb(b);
    targets.emplace_back(type_of(goal_.piece_on(s)), s);
  }
  const int n = int(men.size());
  // Columns: the goal men, then capture slots (no capture needed); bishops keep their square colour.
  PerPair<int> cost(n * n, 0);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      const auto [pt, from] = men[i];
      int captures = pt == King ? AssignmentInfinity : 0;
      if (j < int(targets.size())) {
        const auto [goal_pt, to] = targets[j];
        int fewest = NoPath;
        if (pt == goal_pt)
          fewest = pt == Pawn ? pawn_captures_[c][from][to] : piece_distance(c, pt, from, to) == NoPath ? NoPath : 0;
        else if (pt == Pawn && goal_pt != King)
          fewest = promotion(c, from, goal_pt, to, captures_available).captures;
        captures = fewest == NoPath ? AssignmentInfinity : fewest;
      }
      cost[i * n + j] = captures;
    }
  return min_cost_assignment({cost.data(), cost.size()}, n);
}

GoalDistance::Side GoalDistance::assign(const Position& pos, Color c, Bitboard settled) const {
  Side side;
  side.captures_available = popcount(pos.pieces(~c)) - popcount(goal_.pieces(~c));
  // Men already on their goal squares stay there: the assignment is of the others (a settled piece may
  // still leave to take a man, see victim_moves).
  PerMan<Side::Man> men, targets;
  for (Bitboard b = pos.pieces(c) & ~settled; b;) {
    const Square s = pop_lsb(b);
    men.push_back({type_of(pos.piece_on(s)), s});
  }
  for (Bitboard b = goal_.pieces(c) & ~settled; b;) {
    const Square s = pop_lsb(b);
    targets.push_back({type_of(goal_.piece_on(s)), s});
  }
  for (Bitboard b = pos.pieces(c) & settled & ~frozen_ & ~pos.pieces(Pawn); b;) {
    const Square s = pop_lsb(b);
    side.capturers.push_back({type_of(pos.piece_on(s)), s, s});
  }
  const int n = int(men.size());
  // A pawn's straight run past an enemy pawn that can never leave the file: the enemy has no captures
  // left, and this side has none to take it with, or one (too few to walk around it) while the pawn stands
  // where the goal keeps one that nothing could replace (no pawn of its side behind it).
  const bool enemy_can_capture = popcount(pos.pieces(c)) > popcount(goal_.pieces(c));
  const auto locked_out = [&](Square from, Square to) {
    if (enemy_can_capture || side.captures_available >= 2 || file_of(from) != file_of(to)) return false;
    for (Bitboard b = (between(from, to) | square_bb(to)) & pos.pieces(~c, Pawn); b;) {
      const Square e = pop_lsb(b);
      if (side.captures_available == 0 ||
          (goal_.piece_on(e) == pos.piece_on(e) && !(ahead_on_file(c, square_bb(e)) & pos.pieces(~c, Pawn))))
        return true;
    }
    return false;
  };
  if (side.captures_available < 0 || n < int(targets.size())) {
    side.unreachable = true;
    return side;
  }
  // Columns: the goal men, then n - targets capture slots. `via` keeps a promotion's square.
  PerPair<int> cost(n * n, 0);
  PerPair<Square> via(n * n, NoSquare);
  for (int i = 0; i < n; ++i) {
    const Side::Man man = men[i];
    for (int j = 0; j < n; ++j) {
      int& entry = cost[i * n + j];
      if (j >= int(targets.size())) {
        entry = man.type == King ? AssignmentInfinity : 0;
        continue;
      }
      const Side::Man goal_man = targets[j];
      int moves = NoPath;
      if (man.type == goal_man.type) {
        moves = man.type != Pawn ? piece_distance(c, man.type, man.square, goal_man.square)
                : locked_out(man.square, goal_man.square) ? NoPath
                                                          : pawn_walk(c, man.square, goal_man.square, side.captures_available);
      } else if (man.type == Pawn && goal_man.type != King) {
        const Promotion p = promotion(c, man.square, goal_man.type, goal_man.square, side.captures_available);
        // Without captures the pawn promotes on its own file, the only square promotion() tries.
        moves = side.captures_available == 0 && p.square != NoSquare && locked_out(man.square, p.square) ? NoPath : p.moves;
        via[i * n + j] = p.square;
      }
      entry = moves == NoPath ? AssignmentInfinity : moves;
    }
  }
  PerMan<int> column(n, -1);
  side.moves = min_cost_assignment({cost.data(), cost.size()}, n, {column.data(), column.size()});
  if (side.moves >= AssignmentInfinity) {
    side.unreachable = true;
    return side;
  }
  for (int i = 0; i < n; ++i) {
    const int j = column[i];
    if (men[i].type != Pawn)
      side.capturers.push_back({men[i].type, men[i].square, j < int(targets.size()) ? targets[j].square : NoSquare});
    if (j >= int(targets.size())) {
      side.surplus.push_back(men[i]);
      continue;
    }
    if (men[i].type != Pawn) {
      side.moves += settled_detour(pos, settled, c, men[i].type, men[i].square, targets[j].square);
      continue;
    }
    const Square target = targets[j].type == Pawn ? targets[j].square : via[i * n + j];
    if (targets[j].type != Pawn)  // the promoted piece's way on
      side.moves += settled_detour(pos, settled, c, targets[j].type, target, targets[j].square);
    const int files = std::abs(int(file_of(target)) - int(file_of(men[i].square)));
    const int captures = pawn_captures_[c][men[i].square][target];
    if (files == 0 && target != men[i].square) {
      const Bitboard run = between(men[i].square, target) | square_bb(target);
      // An enemy pawn on the run has to get out of the way, by capturing or being taken, first; any other
      // man already in place there steps aside and comes back.
      if (run & pos.pieces(~c, Pawn)) side.blocked_runs++;
      side.moves += 2 * popcount(run & settled & pos.pieces() & ~pos.pieces(~c, Pawn));
    }
    side.captures_needed += captures;
    if (captures) side.pawn_needs.push_back({men[i].square, target, captures});
  }
  // These pawns take more men than the enemy can lose: out of reach unless another assignment of all the
  // men (settled ones included) needs fewer captures.
  if (side.captures_needed > side.captures_available &&
      fewest_captures(pos, c, side.captures_available) > side.captures_available)
    side.unreachable = true;
  return side;
}

Bitboard GoalDistance::settled_men(const Position& pos) const {
  Bitboard b = frozen_;
  for (Bitboard m = pos.pieces() & goal_.pieces(); m;) {
    const Square s = pop_lsb(m);
    if (pos.piece_on(s) == goal_.piece_on(s)) b |= square_bb(s);
  }
  // A pawn on its goal square is not settled when its side has no captures left (the enemy has no man to
  // spare) and more of its pawns stand behind it on its file than the goal has there, from the rearmost
  // of them on: one of them has to pass it, so it moves on to promote and another takes its square.
  for (Bitboard m = b & pos.pieces(Pawn) & ~frozen_; m;) {
    const Square s = pop_lsb(m);
    const Color c = color_of(pos.piece_on(s));
    const Bitboard below = square_bb(s) - 1, behind = file_bb(s) & (c == White ? below : ~below & ~square_bb(s));
    const Bitboard own = pos.pieces(c, Pawn) & behind;
    if (!own || popcount(pos.pieces(~c)) > popcount(goal_.pieces(~c))) continue;
    const Square rear = c == White ? lsb(own) : msb(own);
    const Bitboard from_rear = behind & (c == White ? ~(square_bb(rear) - 1) : square_bb(rear) | (square_bb(rear) - 1));
    if (popcount(own) > popcount(goal_.pieces(c, Pawn) & from_rear)) b &= ~square_bb(s);
  }
  return b;
}

int GoalDistance::settled_detour(const Position& pos, Bitboard settled, Color c, PieceType pt, Square from,
                                 Square to) const {
  const int free = piece_distance(c, pt, from, to);
  if (free <= 1 && !(between(from, to) & pos.pieces())) return 0;
  // The way around the men already in place: each settled man the free path needs is one that steps
  // aside and back.
  Bitboard avoid = settled & ~square_bb(to);
  if (pt == King) {  // nor steps onto a square a settled enemy man attacks
    avoid |= pawn_attacks_bb(~c, pos.pieces(~c, Pawn) & avoid);
    for (Bitboard b = pos.pieces(~c) & settled & ~pos.pieces(Pawn); b;) {
      const Square s = pop_lsb(b);
      avoid |= attacks(type_of(pos.piece_on(s)), s, pos.pieces()) & ~square_bb(to);
    }
  }
  Bitboard seen = square_bb(from), frontier = seen;
  for (int d = 1; d <= free + 1 && frontier; ++d) {
    Bitboard next = 0;
    for (Bitboard f = frontier; f;) {
      const Square s = pop_lsb(f);
      next |= pt == King ? king_attacks(s) : attacks(pt, s, avoid);
    }
    next &= ~seen & ~avoid;
    if (next & square_bb(to)) return d - free;
    seen |= next;
    frontier = next;
  }
  return 2;
}

int GoalDistance::victim_moves(const Side& capturer, const Side& victims, Color c) const {
  if (victims.surplus.empty()) return 0;
  // Charge each victim's way to `squares` (a pawn only straight ahead), capped.
  const auto reach = [&](const Side::Man& v, Bitboard squares) {
    int best = VictimCap;
    for (Bitboard b = squares; b;) {
      const Square s = pop_lsb(b);
      const int d = v.type == Pawn ? pawn_walk(~c, v.square, s, 0)
                                   : piece_distance(~c, v.type, v.square, s);
      best = std::min(best, d);
    }
    return best;
  };
  int total = 0;
  for (const Side::PawnNeed& need : capturer.pawn_needs) {
    // The pawn's next capture lands on a neighbouring file (the one towards its target, when it is on
    // another file), on a rank that leaves room for the captures still to come.
    const int from_file = file_of(need.from), to_file = file_of(need.target);
    Bitboard files = 0;
    for (int f : {from_file - 1, from_file + 1})
      if (f >= 0 && f <= 7 && (to_file == from_file || (f > from_file) == (to_file > from_file))) files |= file_bb(File(f));
    Bitboard squares = 0;
    for (int r = relative_rank(c, need.from) + 1; r <= relative_rank(c, need.target) - (need.captures - 1); ++r)
      squares |= rank_bb(relative_rank(c, Rank(r))) & files;
    int best = VictimCap;
    for (const Side::Man& v : victims.surplus) best = std::min(best, reach(v, squares));
    total += best;
  }
  // The captures pieces make: the cheapest approaches of a capturer to a victim.
  const int by_pieces = capturer.captures_available - capturer.captures_needed;
  if (by_pieces > 0) {
    PerMan<int> approach;
    for (const Side::Man& v : victims.surplus) {
      int best = VictimCap;
      // A capturer's detour: to the victim, then on to its own goal square.
      for (const Side::Man& m : capturer.capturers) {
        int detour = piece_distance(c, m.type, m.square, v.square);
        if (m.target != NoSquare)
          detour += piece_distance(c, m.type, v.square, m.target) - piece_distance(c, m.type, m.square, m.target);
        best = std::min(best, detour);
      }
      approach.push_back(best);
    }
    const std::size_t k = std::min<std::size_t>(by_pieces, approach.size());
    std::partial_sort(approach.begin(), approach.begin() + k, approach.end());
    for (std::size_t i = 0; i < k; ++i) total += std::max(0, approach[i] - 1);
  }
  return total;
}

int GoalDistance::check_moves(const Position& pos, Bitboard settled) const {
  if (!checkers_) return 0;
  // With the king home, only a position other than the goal with the goal's side to move pays: there the
  // king is in check from the settled checkers too, and has to step away or be screened before the goal.
  if (pos.piece_on(checked_king_) == goal_.piece_on(checked_king_) &&
      (pos.side_to_move() != goal_.side_to_move() || pos.same_position(goal_)))
    return 0;
  int moves = 0;
  for (Bitboard b = checkers_ & settled; b;) {
    const Square s = pop_lsb(b);
    const Color them = color_of(goal_.piece_on(s));
    const PieceType pt = type_of(goal_.piece_on(s));
    if (pt != Pawn) {
      if (attacks(pt, s, pos.pieces()) & square_bb(checked_king_)) moves += 2;
    } else if (popcount(pos.pieces(~them)) == popcount(goal_.pieces(~them)) &&
               !(ahead_on_file(~them, square_bb(s)) & pos.pieces(them, Pawn))) {
      return Unreachable;
    }
  }
  return moves;
}

int GoalDistance::estimate(const Position& pos) const {
  for (Bitboard b = frozen_; b;) {
    const Square s = pop_lsb(b);
    if (pos.piece_on(s) != goal_.piece_on(s)) return Unreachable;
  }
  if ((goal_.castling_rights() & ~pos.castling_rights()) != NoCastling) return Unreachable;
  const Bitboard settled = settled_men(pos);
  const Side white = assign(pos, White, settled), black = assign(pos, Black, settled);
  if (white.unreachable || black.unreachable) return Unreachable;
  int h = std::max(white.moves, white.captures_available) + std::max(black.moves, black.captures_available);
  h += victim_moves(white, black, White) + victim_moves(black, white, Black);
  for (const Side* s : {&white, &black})
    h += 2 * std::max(0, s->captures_needed - s->captures_available) + BlockedRunCost * s->blocked_runs;
  h += check_moves(pos, settled);
  if (h >= Unreachable) return Unreachable;
  // A castling right the goal lacks while its king and rook stand at home: one of them leaves and returns.
  for (CastlingRights cr : {WhiteKingside, WhiteQueenside, BlackKingside, BlackQueenside})
    if (pos.can_castle(cr) && !goal_.can_castle(cr) && castling_men_home(goal_, cr)) h += 2;
  if (h == 0 && !pos.same_position(goal_)) h = 2;  // the placement is there; a tempo or a right is not
  return h;
}

}  // namespace chessrank::proof
