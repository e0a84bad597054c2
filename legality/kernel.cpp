// The proof kernel search. docs/legality.md ("Proof kernel") states the abstraction, its moves, the
// completion test and the pruning rules, each with the argument that it loses no real game.
#include "legality/kernel.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/plural.h"
#include "legality/checks.h"
#include "legality/extended_kernel.h"
#include "legality/kernel_state.h"

namespace chessrank::legality {

namespace {

using namespace kernel;

std::string_view group_name(Group g) { return g == Nrq ? "N/R/Q" : g == LightBishop ? "light B" : "dark B"; }

// Write a capture in the notation of docs/legality.md: "w cxd" (pawn takes pawn), "w cxd:N/R/Q" (pawn
// takes a piece of that group), "w cxd:Pf" (pawn takes a pawn that promoted on file f), "w gxh:N/R/Q=B"
// (and promotes, to that group), "w *xh" (a piece takes the pawn at the far end of file h).
std::string capture_text(const Capture& m) {
  const auto file = [](int f) { return std::string(1, char('a' + f)); };
  std::string s = m.side == White ? "w " : "b ";
  if (m.kind == Capture::PieceTakesEnd) return s.append("*x").append(file(m.to));
  s.append(file(m.from)).append("x").append(file(m.to));
  if (m.kind == Capture::PawnTakesPiece) s.append(":").append(group_name(m.victim));
  if (m.kind == Capture::PawnTakesPromoted) s.append(":P").append(file(m.source));
  if (m.promotion >= 0) s.append(m.promotion == Nrq ? "=N/R/Q" : "=B");
  return s;
}

// A set of states, compared exactly (a hash set keyed by the whole state).
class FailedStates {
 public:
  FailedStates() : slots_(64) {}

  bool contains(const StateKey& k) const {
    for (std::size_t i = k.hash() & (slots_.size() - 1);; i = (i + 1) & (slots_.size() - 1)) {
      if (!slots_[i].used) return false;
      if (slots_[i].key == k) return true;
    }
  }

  void insert(const StateKey& k) {
    if (2 * (size_ + 1) > slots_.size()) grow();
    place(k);
  }

 private:
  struct Slot {
    StateKey key;
    bool used = false;
  };

  void place(const StateKey& k) {
    for (std::size_t i = k.hash() & (slots_.size() - 1);; i = (i + 1) & (slots_.size() - 1)) {
      if (!slots_[i].used) {
        slots_[i] = {k, true};
        ++size_;
        return;
      }
      if (slots_[i].key == k) return;
    }
  }

  void grow() {
    std::vector<Slot> old(slots_.size() * 2);
    old.swap(slots_);
    size_ = 0;
    for (const Slot& s : old)
      if (s.used) place(s.key);
  }

  std::vector<Slot> slots_;
  std::size_t size_ = 0;
};

class Search {
 public:
  Search(const Goal& goal, std::uint64_t node_limit) : goal_(goal), node_limit_(node_limit) {}

  // Depth first for DepthFirstNodes states (the move order finds most kernels at once, and small searches
  // finish), then best first with the rest of the budget: the open states in a queue, the most promising
  // first, so that a kernel is reached without first exhausting the subtrees of worse early moves. Both
  // are exhaustive and take each state at most once (`failed_` and `seen_` compare whole states); the second
  // skips the states the first proved to lead to no kernel. An empty queue means no kernel.
  KernelSearch run(const State& root) {
    KernelSearch result;
    Useful useful;
    for (int f = 0; f < 8; ++f) set_useful(goal_, useful, f, useful_of(f, root.col[f]));
    Tally tally = make_tally(goal_, root);
    add_distances(goal_, root, tally);
    phase_limit_ = std::min<std::uint64_t>(node_limit_, DepthFirstNodes);
    const bool possible = useful_slack(goal_, tally, useful) >= 0;
    bool found = possible && depth_first(root, tally, useful);
    std::vector<Capture> path = path_;
    if (!found && out_of_budget_ && node_limit_ > DepthFirstNodes) {
      out_of_budget_ = false;
      phase_limit_ = node_limit_;
      seen_.insert(root.key());
      push(root, useful, -1, Capture{}, 0, 0);
      std::int32_t end = -1;
      while (!open_.empty() && end < 0 && !out_of_budget_ && !misfit_) {
        std::pop_heap(open_.begin(), open_.end(), Later{});
        const Open top = open_.back();
        open_.pop_back();
        end = expand(top.node);
      }
      if (end >= 0) {
        found = true;
        path = line_to(end);
      }
    }
    // Kernels were met but none fitted on ranks: the best-first phase takes each state once, but the ranks
    // depend on the line to a state, so every line is tried, depth first, within a budget of its own.
    if (!found && kernels_ && !truncated_) {
      out_of_budget_ = false;
      phase_limit_ = nodes_ + std::min<std::uint64_t>(node_limit_, LineByLineNodes);
      fits_left_ = int(std::min<std::uint64_t>(LineByLineFits, 1 + node_limit_ / 20));
      path_.clear();
      if (depth_first(root, tally, useful)) {
        found = true;
        path = path_;
      } else if (!out_of_budget_ && !truncated_) {
        result.nodes = nodes_;
        result.outcome = KernelOutcome::NoExtended;
        return result;
      }
    }
    result.nodes = nodes_;
    if (found) {
      result.outcome = KernelOutcome::Found;
      for (const Capture& m : path) result.path.push_back(capture_text(m));
      result.captures = path;
      result.last = last_;
      result.completion = completion_;
    } else {
      result.outcome = out_of_budget_ || truncated_ ? KernelOutcome::OutOfBudget : KernelOutcome::None;
    }
    return result;
  }

 private:
  static constexpr std::uint64_t DepthFirstNodes = 4096;
  // The line-by-line phase's bounds: it checks the ranks of every kernel it meets, which is costly, and the
  // first kernels the search meets often stand pawns where no pawn can stand (a kernel places pawns in
  // order only, not on ranks), so on a legal position it may meet many before one fits.
  static constexpr std::uint64_t LineByLineNodes = 50000;
  static constexpr int LineByLineFits = 10000;

  // Count a state met; false (and out of budget) past the phase's limit.
  bool count_node() {
    if (++nodes_ <= phase_limit_) return true;
    out_of_budget_ = true;
    return false;
  }

  // A kernel ends at a completing state; it counts when it fits on ranks.
  bool kernel_fits(const State& s, const std::vector<Capture>& path) {
    ++kernels_;
    if (fits_left_ == 0) {  // out of rank checks: nothing more can be proven
      out_of_budget_ = true;
      return false;
    }
    if (fits_left_ > 0) --fits_left_;
    if (!fits_on_ranks(goal_, path, s)) return false;
    last_ = s;
    return true;
  }

  // Depth first until a kernel fits on ranks. A state below which no kernel lies is recorded and never
  // searched again; one below which kernels lie that did not fit is searched again along every other line
  // that reaches it, since the ranks depend on the line: the first and the line-by-line phases.
  bool depth_first(const State& s, const Tally& t, const Useful& useful) {
    if (out_of_budget_ || !count_node()) return false;
    const std::uint64_t kernels_before = kernels_;
    if (completes(goal_, s, t, &completion_) && kernel_fits(s, path_)) return true;
    if (!feasible(goal_, s, t)) return false;
    const StateKey key = s.key();
    if (failed_.contains(key)) return false;
    std::vector<Child> children;
    parent_useful_ = &useful;
    parent_ = &s;
    generate(s, t, children);
    std::stable_sort(children.begin(), children.end(),
                     [](const Child& a, const Child& b) { return a.score < b.score; });
    for (const Child& c : children) {
      path_.push_back(c.move);
      if (depth_first(c.state, c.tally, c.useful)) return true;
      path_.pop_back();
      if (out_of_budget_) return false;
    }
    if (kernels_ == kernels_before) failed_.insert(key);  // no kernel below: none along any other line either
    return false;
  }

  // A state reached by the best-first phase, with how: its parent (-1 for the root) and the capture.
  struct Node {
    State state;
    Useful useful;
    std::int32_t parent;
    Capture move;
  };
  // An entry of the open queue: lower scores first, then deeper states, then older ones.
  struct Open {
    int score, depth;
    std::int32_t node;
  };
  struct Later {
    bool operator()(const Open& a, const Open& b) const {
      if (a.score != b.score) return a.score > b.score;
      if (a.depth != b.depth) return a.depth < b.depth;
      return a.node > b.node;
    }
  };

  // The captures from the root to node i.
  std::vector<Capture> line_to(std::int32_t i) const {
    std::vector<Capture> line;
    for (; nodes_of_[std::size_t(i)].parent >= 0; i = nodes_of_[std::size_t(i)].parent)
      line.push_back(nodes_of_[std::size_t(i)].move);
    std::reverse(line.begin(), line.end());
    return line;
  }

  void push(const State& s, const Useful& useful, std::int32_t parent, const Capture& m, int score, int depth) {
    nodes_of_.push_back({s, useful, parent, m});
    open_.push_back({score, depth, std::int32_t(nodes_of_.size() - 1)});
    std::push_heap(open_.begin(), open_.end(), Later{});
  }

  // Expand node i: return the index of a child that completes, or -1.
  std::int32_t expand(std::int32_t i) {
    const State s = nodes_of_[std::size_t(i)].state;
    const Useful useful = nodes_of_[std::size_t(i)].useful;
    int depth = 0;
    for (std::int32_t k = i; nodes_of_[std::size_t(k)].parent >= 0; k = nodes_of_[std::size_t(k)].parent) ++depth;
    const Tally t = make_tally(goal_, s);
    std::vector<Child> children;
    parent_useful_ = &useful;
    parent_ = &s;
    generate(s, t, children);
    for (const Child& c : children) {
      if (!count_node()) return -1;
      if (completes(goal_, c.state, c.tally, &completion_)) {
        nodes_of_.push_back({c.state, c.useful, i, c.move});
        const std::int32_t end = std::int32_t(nodes_of_.size() - 1);
        if (kernel_fits(c.state, line_to(end))) return end;
        // A kernel that does not fit: this phase takes each state once, but whether a kernel fits depends
        // on the line to its state, which the last phase tries line by line.
        nodes_of_.pop_back();
        misfit_ = true;
        return -1;
      }
      if (!feasible(goal_, c.state, c.tally)) continue;
      const StateKey key = c.state.key();
      if (seen_.contains(key) || failed_.contains(key)) continue;
      seen_.insert(key);
      push(c.state, c.useful, i, c.move, c.score, depth + 1);
    }
    return -1;
  }

  struct Child {
    State state;
    Capture move;
    Tally tally;
    Useful useful;
    int score;
  };

  // Keep a child unless the useful-pawn bound rules it out; order children by that bound's slack (the
  // most first), then by how many files are still unsettled.
  void add(std::vector<Child>& out, const State& s, const Capture& m) {
    Useful useful = *parent_useful_;
    for (int f = 0; f < 8; ++f)
      if (s.col[f] != parent_->col[f]) set_useful(goal_, useful, f, useful_of(f, s.col[f]));
    Tally t = make_tally(goal_, s);
    if (useful_slack(goal_, t, useful) < 0) return;
    add_distances(goal_, s, t);
    out.push_back({s, m, t, useful, shortfall(goal_, s, t) - 16 * useful_slack_all(goal_, t, useful)});
  }

  // Insert a pawn of colour `c` into file g at every place that gives a distinct file, calling
  // emit(state, index) for each.
  template <class Emit>
  void insertions(const State& s, int g, Color c, Emit emit) {
    const Column col = s.col[g];
    const int n = length(col);
    if (n >= MaxColumn) {
      truncated_ = true;
      return;
    }
    const int low = goal_.lock_bottom[g] ? 1 : 0;     // nothing goes below an unmoved white pawn
    const int high = goal_.lock_top[g] ? n - 1 : n;   // nor above an unmoved black one
    for (int i = low; i <= high; ++i) {
      // Inserting just above a pawn of colour c gives the same file as inserting just below it: skip the
      // place above when the place below is allowed.
      if (i > low && colour_at(col, i - 1) == c) continue;
      State t = s;
      t.col[g] = insert_at(col, i, c);
      emit(t, i);
    }
  }

  void generate(const State& s, const Tally& t, std::vector<Child>& out) {
    for (Color c : {White, Black}) {
      const Color d = ~c;
      if (t.left[c] <= 0) continue;  // c has captured all it can
      // Piece captures that bare the far end of a file (where a pawn of c promotes, or a pawn of d that
      // promoted and was then taken by a pawn of c stood): white takes a black top pawn, black a white
      // bottom pawn. Other piece captures wait for the completion.
      for (int h = 0; h < 8; ++h) {
        const Column col = s.col[h];
        const int n = length(col);
        if (!n) continue;
        const int end = c == White ? n - 1 : 0;
        if (colour_at(col, end) != d || is_locked(goal_, h, end, n)) continue;
        State t = s;
        t.col[h] = remove_at(col, end);
        Capture m{Capture::PieceTakesEnd, c};
        m.to = std::int8_t(h);
        add(out, t, m);
      }
      for (int f = 0; f < 8; ++f) {
        const Column col = s.col[f];
        const int n = length(col);
        for (int i = 0; i < n; ++i) {
          if (colour_at(col, i) != c || is_locked(goal_, f, i, n)) continue;
          // Pawns of one run are alike: the top one that is free to move stands for it.
          if (i + 1 < n && colour_at(col, i + 1) == c && !is_locked(goal_, f, i + 1, n)) continue;
          // The run at c's promotion end (top for white, bottom for black) may promote by capturing.
          const bool at_end = c == White ? i == n - 1 : (col & low_bits(i + 1)) == low_bits(i + 1);
          State base = s;
          base.col[f] = remove_at(col, i);
          for (int g : {f - 1, f + 1}) {
            if (g < 0 || g > 7) continue;
            pawn_captures(base, c, f, i, g, out);
            if (at_end) capture_promotions(base, c, f, i, g, out);
          }
        }
      }
    }
  }

  // The non-promoting captures of a pawn of c leaving file f for file g (`base` has it removed from f).
  void pawn_captures(const State& base, Color c, int f, int i, int g, std::vector<Child>& out) {
    const Color d = ~c;
    // Pawn takes pawn: the capturer takes the victim's place in file g.
    {
      const Column col = base.col[g];
      const int n = length(col);
      for (int j = 0; j < n; ++j) {
        if (colour_at(col, j) != d || is_locked(goal_, g, j, n)) continue;
        State t = base;
        t.col[g] = col ^ Column(1u << j);  // the colour bit flips from d to c
        Capture m{Capture::PawnTakesPawn, c};
        m.from = std::int8_t(f), m.from_index = std::int8_t(i), m.to = std::int8_t(g), m.index = std::int8_t(j);
        add(out, t, m);
      }
    }
    // Pawn takes piece.
    for (Group v : {Nrq, LightBishop, DarkBishop}) {
      if (!base.army[d].can_lose(v, goal_.castle_rooks[d], goal_.nrq[d])) continue;
      State victimless = base;
      victimless.army[d].lose(v);
      insertions(victimless, g, c, [&](const State& t, int index) {
        Capture m{Capture::PawnTakesPiece, c};
        m.from = std::int8_t(f), m.from_index = std::int8_t(i), m.to = std::int8_t(g), m.index = std::int8_t(index), m.victim = v;
        add(out, t, m);
      });
    }
    // Pawn takes a pawn of d that promoted (on any file) and was then taken as a piece.
    for (int h = 0; h < 8; ++h) {
      const Column col = base.col[h];
      const int n = length(col);
      if (!n) continue;
      const int end = d == White ? n - 1 : 0;
      if (colour_at(col, end) != d || is_locked(goal_, h, end, n) || !goal_.straight[d][h]) continue;
      State victimless = base;
      victimless.col[h] = remove_at(col, end);
      insertions(victimless, g, c, [&](const State& t, int index) {
        Capture m{Capture::PawnTakesPromoted, c};
        m.from = std::int8_t(f), m.from_index = std::int8_t(i), m.to = std::int8_t(g), m.index = std::int8_t(index), m.source = std::int8_t(h);
        add(out, t, m);
      });
    }
  }

  // The captures by which the pawn at c's promotion end of file f takes on g's last rank and promotes.
  void capture_promotions(const State& base, Color c, int f, int i, int g, std::vector<Child>& out) {
    if (!goal_.capture_from[c][f] || !goal_.capture_onto[c][g]) return;
    const Color d = ~c;
    const bool dark = goal_.promotion_dark[c][g];
    const Group bishop = dark ? DarkBishop : LightBishop;
    const auto promote = [&](const State& victimless, Capture m) {
      for (Group p : {Nrq, bishop}) {
        if (p != Nrq && goal_.bishop_cap[c][g] == 0) continue;  // a bishop that can never leave that square
        State t = victimless;
        t.army[c].gain(p);
        m.promotion = std::int8_t(p);
        add(out, t, m);
      }
    };
    // The victim stands on g's promotion square: a bishop there has that square's colour.
    for (Group v : {Nrq, bishop}) {
      if (!base.army[d].can_lose(v, goal_.castle_rooks[d], goal_.nrq[d])) continue;
      State victimless = base;
      victimless.army[d].lose(v);
      Capture m{Capture::PawnTakesPiece, c};
      m.from = std::int8_t(f), m.from_index = std::int8_t(i), m.to = std::int8_t(g), m.victim = v;
      promote(victimless, m);
    }
    for (int h = 0; h < 8; ++h) {
      const Column col = base.col[h];
      const int n = length(col);
      if (!n) continue;
      const int end = d == White ? n - 1 : 0;
      if (colour_at(col, end) != d || is_locked(goal_, h, end, n) || !goal_.straight[d][h]) continue;
      State victimless = base;
      victimless.col[h] = remove_at(col, end);
      Capture m{Capture::PawnTakesPromoted, c};
      m.from = std::int8_t(f), m.from_index = std::int8_t(i), m.to = std::int8_t(g), m.source = std::int8_t(h);
      promote(victimless, m);
    }
  }

  // useful_pawns through a small direct-mapped memo: the same files recur all through a search.
  UsefulFile useful_of(int f, Column col) {
    const unsigned key = unsigned(f) << 16 | col;
    UsefulMemo& e = useful_memo_[(key * 0x9E3779B1u) >> (32 - UsefulMemoBits)];
    if (e.key != key) e = {key, useful_pawns(goal_, f, col)};
    return e.value;
  }

  struct UsefulMemo {
    unsigned key = ~0u;
    UsefulFile value{};
  };
  static constexpr int UsefulMemoBits = 10;

  const Goal& goal_;
  std::uint64_t node_limit_;
  std::vector<UsefulMemo> useful_memo_ = std::vector<UsefulMemo>(std::size_t(1) << UsefulMemoBits);
  std::uint64_t nodes_ = 0;
  bool out_of_budget_ = false;
  bool truncated_ = false;  // a file outgrew the state: a "no kernel" would not be a proof
  std::uint64_t phase_limit_ = 0;
  std::uint64_t kernels_ = 0;  // kernels met (completing states reached), fitting on ranks or not
  int fits_left_ = -1;         // rank checks the line-by-line phase may still make (-1: no limit)
  State last_;                 // the last state of the kernel that fitted
  bool misfit_ = false;        // the best-first phase met a kernel that does not fit
  FailedStates failed_;  // states the depth-first phase proved to lead to no kernel
  std::vector<Capture> path_;  // the depth-first phase's current line
  FailedStates seen_;    // every state the best-first phase queued
  std::vector<Node> nodes_of_;
  std::vector<Open> open_;
  const Useful* parent_useful_ = nullptr;
  const State* parent_ = nullptr;
  std::string completion_;
};

}  // namespace

KernelSearch find_proof_kernel(const Position& goal, const SearchLimits& limits) {
  const Goal g = make_goal(goal);
  Search search(g, limits.kernel_nodes);
  return search.run(initial_state(g));
}

}  // namespace chessrank::legality

namespace chessrank::legality::detail {

bool check_proof_kernel(const Position& pos, std::string* reason, const SearchLimits& limits) {
  const KernelSearch k = find_proof_kernel(pos, limits);
  if (k.outcome == KernelOutcome::NoExtended) {
    if (reason)
      *reason = "no extended proof kernel: every sequence of captures that explains the pawn files and armies "
                "fails on ranks (pawns that would have to pass each other, or stand where they cannot; " +
                plural((long long)k.nodes, "state") + " searched)";
    return false;
  }
  if (k.outcome != KernelOutcome::None) return true;
  if (reason) {
    const int by_white = 16 - popcount(pos.pieces(Black)), by_black = 16 - popcount(pos.pieces(White));
    *reason = "no proof kernel: no sequence of its " + plural(by_white + by_black, "capture") + " (" +
              std::to_string(by_white) + " by white, " + std::to_string(by_black) +
              " by black) and promotions turns the initial pawn files and armies into this position's (" +
              plural((long long)k.nodes, "state") + " searched)";
  }
  return false;
}

}  // namespace chessrank::legality::detail
