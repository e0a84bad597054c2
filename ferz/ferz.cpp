#include "ferz/ferz.h"

#include <algorithm>
#include <cstdlib>

#include "core/fen.h"
#include "core/threads.h"
#include "core/types.h"

namespace chessrank::ferz {
namespace {

// Squares are core's (0 = a1 ... 63 = h8), held as int so that a taken ferz can be -1.
int file_of(int s) { return chessrank::file_of(Square(s)); }
int rank_of(int s) { return chessrank::rank_of(Square(s)); }
// Not core's distance() == 1: these two run for every move of every position the solver looks at, and
// distance's branches made the solve a third slower.
bool next_to(int a, int b) {
  return a != b && std::abs(file_of(a) - file_of(b)) <= 1 && std::abs(rank_of(a) - rank_of(b)) <= 1;
}
bool diagonal_to(int a, int b) {
  return std::abs(file_of(a) - file_of(b)) == 1 && std::abs(rank_of(a) - rank_of(b)) == 1;
}

// The steps (file, rank) of the men, in the order moves are listed: by file, left first, and within a file
// from the top. The seed's principal variation lists its moves in this order, main move first, at every
// ply where it gives alternatives.
constexpr std::array<std::array<int, 2>, 8> KingSteps{
    {{-1, 1}, {-1, 0}, {-1, -1}, {0, 1}, {0, -1}, {1, 1}, {1, 0}, {1, -1}}};
constexpr std::array<std::array<int, 2>, 4> FerzSteps{{{-1, 1}, {-1, -1}, {1, 1}, {1, -1}}};

// Return whether side c (its king men[2c], its ferz men[2c + 1], -1 when taken) attacks square s.
bool attacks(const std::array<int, 4>& men, int c, int s) {
  const int ferz = men[std::size_t(2 * c + 1)];
  return next_to(men[std::size_t(2 * c)], s) || (ferz >= 0 && diagonal_to(ferz, s));
}

// Return why four men on squares, with a side to move, are not a position that can be played, or nullptr
// when they are (no allocation: the solver asks this of every index).
const char* fault(const Position& p) {
  for (int i = 0; i < 4; ++i)
    for (int j = i + 1; j < 4; ++j)
      if (p.men[std::size_t(i)] == p.men[std::size_t(j)]) return "two men on one square";
  if (next_to(p.men[WhiteKing], p.men[BlackKing])) return "the kings stand side by side";
  if (attacks(p.men, p.side, p.men[std::size_t(2 * (1 - p.side))])) return "the side not to move is in check";
  return nullptr;
}
bool playable(const Position& p) { return !fault(p); }

// Call visit(move) for each legal move of the side to move, in the listed order.
template <class Visit>
void for_each_move(const Position& p, Visit&& visit) {
  const int c = p.side, o = 1 - c;
  for (int piece = 0; piece < 2; ++piece) {
    const int man = 2 * c + piece, from = p.men[std::size_t(man)];
    const auto step = [&](int df, int dr) {
      const int f = file_of(from) + df, r = rank_of(from) + dr;
      if (f < 0 || f > 7 || r < 0 || r > 7) return;
      const int to = r * 8 + f;
      if (to == p.men[std::size_t(2 * c + 1 - piece)] || to == p.men[std::size_t(2 * o)]) return;
      std::array<int, 4> after = p.men;
      const bool capture = to == p.men[std::size_t(2 * o + 1)];
      if (capture) after[std::size_t(2 * o + 1)] = -1;
      after[std::size_t(man)] = to;
      if (attacks(after, o, after[std::size_t(2 * c)])) return;  // the mover's king would be attacked
      visit(Move{man, from, to, capture});
    };
    if (piece == 0)
      for (const auto& [df, dr] : KingSteps) step(df, dr);
    else
      for (const auto& [df, dr] : FerzSteps) step(df, dr);
  }
}

// Return whether a capture of Black's ferz by White wins: Black's king cannot take White's ferz at once.
bool winning_capture(const Position& before, const Move& m) {
  const Position after = play(before, m);
  const int ferz = after.men[WhiteFerz], king = after.men[BlackKing];
  return !(next_to(king, ferz) && !next_to(after.men[WhiteKing], ferz));
}

Position position_at(std::uint32_t i) {
  return {{int(i >> 18 & 63), int(i >> 12 & 63), int(i >> 6 & 63), int(i & 63)}, int(i >> 24)};
}

}  // namespace

Result<Position> parse_position(std::string_view text) {
  const std::size_t space = text.find(' ');
  if (space == std::string_view::npos)
    return Error{"expected a placement and a side to move (w or b), such as '8/8/8/3k4/8/1KF5/8/f7 w'"};
  const std::string_view placement = text.substr(0, space), side = text.substr(space + 1);
  Position p;
  p.men.fill(-1);
  int rank = 7, file = 0;
  for (const char c : placement) {
    if (c == '/') {
      if (file != 8 || rank == 0)
        return Error{"placement: rank " + std::to_string(rank + 1) + " does not have 8 squares"};
      --rank, file = 0;
      continue;
    }
    const std::size_t man = std::string_view("KFkf").find(c);
    if (man == std::string_view::npos && (c < '1' || c > '8'))
      return Error{std::string("placement: '") + c +
                   "' is not a man (K and F for White, k and f for Black) or a digit"};
    if (man != std::string_view::npos && file < 8) {
      if (p.men[man] >= 0) return Error{std::string("placement: a second '") + c + "'"};
      p.men[man] = rank * 8 + file;
    }
    file += man == std::string_view::npos ? c - '0' : 1;
    if (file > 8) return Error{"placement: rank " + std::to_string(rank + 1) + " has more than 8 squares"};
  }
  if (rank != 0 || file != 8) return Error{"placement: it does not have 8 ranks of 8 squares"};
  for (int man = 0; man < 4; ++man)
    if (p.men[std::size_t(man)] < 0) return Error{std::string("placement: no '") + "KFkf"[man] + "'"};
  if (side != "w" && side != "b") return Error{"side to move: '" + std::string(side) + "' is not w or b"};
  p.side = side == "b";
  if (const char* f = fault(p)) return Error{f};
  return p;
}

std::string to_text(const Position& p) {
  std::string s;
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      const auto it = std::find(p.men.begin(), p.men.end(), rank * 8 + file);
      if (it == p.men.end()) {
        ++empty;
        continue;
      }
      if (empty) s += char('0' + empty), empty = 0;
      s += "KFkf"[it - p.men.begin()];
    }
    if (empty) s += char('0' + empty);
    if (rank) s += '/';
  }
  return s + (p.side ? " b" : " w");
}

std::string move_name(const Move& m) {
  return std::string(m.man % 2 ? "F" : "K") + (m.capture ? "x" : "") + square_name(Square(m.to));
}

std::vector<Move> legal_moves(const Position& p) {
  std::vector<Move> out;
  for_each_move(p, [&](const Move& m) { out.push_back(m); });
  return out;
}

Position play(const Position& p, const Move& m) {
  Position q = p;
  if (m.capture) q.men[std::size_t(2 * (1 - p.side) + 1)] = -1;
  q.men[std::size_t(m.man)] = m.to;
  q.side = 1 - p.side;
  return q;
}

Solution::Solution(const ProgressCallback& progress) : dtw_(std::size_t(1) << 25, 0) {
  // Retrograde analysis, by breadth-first search from the wins: a position with White to move is won in
  // d + 1 plies when one of its moves reaches a Black position won in d; a position with Black to move,
  // when the last of its moves to be decided is (so its distance is the longest). Every move but a capture
  // of a ferz is reversible, and a capture ends the game, so the positions before one are found by moving a
  // man of the side that has just moved back one step.
  constexpr std::uint8_t Never = 255;  // Black can take White's ferz (or has no move): never won for White
  std::vector<std::uint8_t> left(dtw_.size(), 0);  // Black to move: moves not yet known to lose
  // The positions won in one ply, and the moves of Black's: each thread takes a range of indices and
  // lists its wins in order, so the queue is the same whatever the number of threads.
  const unsigned threads = worker_threads_up_to(8);
  std::vector<std::vector<std::uint32_t>> wins(threads);
  constexpr std::uint32_t Tick = 1 << 16;  // positions per progress report
  StepCounter steps(progress, 2 * dtw_.size());
  run_on_threads(threads, [&](unsigned t) {
    const auto bound = [&](unsigned k) { return std::uint32_t(dtw_.size() * k / threads); };
    const std::uint32_t begin = bound(t), end = bound(t + 1);
    for (std::uint32_t i = begin; i < end; ++i) {
      if ((i - begin) % Tick == Tick - 1) steps.step(Tick);
      const Position p = position_at(i);
      if (!playable(p)) continue;
      if (p.side == 0) {
        bool won = false;
        for_each_move(p, [&](const Move& m) { won = won || (m.capture && winning_capture(p, m)); });
        if (won) dtw_[i] = 1, wins[t].push_back(i);
      } else {
        int moves = 0;
        bool takes = false;
        for_each_move(p, [&](const Move& m) { ++moves, takes = takes || m.capture; });
        left[i] = takes || moves == 0 ? Never : std::uint8_t(moves);
      }
    }
    steps.step((end - begin) % Tick);
  });
  std::vector<std::uint32_t> queue;
  for (const auto& w : wins) queue.insert(queue.end(), w.begin(), w.end());
  for (std::size_t head = 0; head < queue.size(); ++head) {
    if (head % Tick == Tick - 1) steps.step(Tick);
    const std::uint32_t i = queue[head];
    const Position p = position_at(i);
    const int c = 1 - p.side;  // the side that has just moved
    for (int piece = 0; piece < 2; ++piece) {
      const int man = 2 * c + piece, at = p.men[std::size_t(man)];
      const auto unmove = [&](int df, int dr) {
        const int f = file_of(at) + df, r = rank_of(at) + dr;
        if (f < 0 || f > 7 || r < 0 || r > 7) return;
        Position before = p;
        before.side = c;
        before.men[std::size_t(man)] = r * 8 + f;
        if (!playable(before)) return;  // p itself can be played, so the move from `before` is legal
        const std::uint32_t j = index(before);
        if (dtw_[j]) return;
        if (c == 1 && (left[j] == Never || --left[j] != 0)) return;
        dtw_[j] = std::uint8_t(dtw_[i] + 1);
        queue.push_back(j);
      };
      if (piece == 0)
        for (const auto& [df, dr] : KingSteps) unmove(df, dr);
      else
        for (const auto& [df, dr] : FerzSteps) unmove(df, dr);
    }
  }
  steps.step(dtw_.size() - queue.size() / Tick * Tick);  // the rest of the search's most
  for (const std::uint32_t i : queue) ++won_[i >> 24];
}

int Solution::distance_after(const Position& p, const Move& m) const {
  if (m.capture) return p.side == 0 && winning_capture(p, m) ? 1 : 0;
  const int d = distance(play(p, m));
  return d ? d + 1 : 0;
}

std::vector<Move> Solution::best_moves(const Position& p) const {
  if (!distance(p)) return {};
  std::vector<Move> moves = legal_moves(p), best;
  for (const Move& m : moves)
    if (distance_after(p, m) == distance(p)) best.push_back(m);
  return best;
}

std::pair<Position, int> Solution::longest(bool same_colour_ferzes) const {
  std::pair<Position, int> out{{}, 0};
  for (std::uint32_t i = 0; i < dtw_.size() / 2; ++i) {
    if (dtw_[i] <= out.second) continue;
    const Position p = position_at(i);
    if (same_colour_ferzes && is_dark(Square(p.men[WhiteFerz])) != is_dark(Square(p.men[BlackFerz]))) continue;
    out = {p, dtw_[i]};
  }
  return out;
}

std::string principal_variation(const Solution& s, const Position& start) {
  std::string out;
  Position p = start;
  for (int ply = 0;; ++ply) {
    const std::vector<Move> best = s.best_moves(p);
    if (best.empty()) break;
    if (!out.empty()) out += ' ';
    if (p.side == 0) out += std::to_string((ply + start.side) / 2 + 1) + ' ';
    else if (ply == 0) out += "1 ... ";
    if (p.side == 1 && best.size() == legal_moves(p).size() && best.size() > 1) {
      out += '~';  // every move is as good
    } else {
      out += move_name(best.front());
      for (std::size_t i = 1; i < best.size(); ++i) out += (i == 1 ? " (" : "/") + move_name(best[i]);
      if (best.size() > 1) out += ')';
    }
    if (best.front().capture) break;
    p = play(p, best.front());
  }
  return out;
}

}  // namespace chessrank::ferz
