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
#include "legality/kernel_state.h"

namespace chessrank::legality {

namespace {

using namespace kernel;

// A move of the abstraction: a capture by side `side`.
struct Capture {
  enum Kind : std::uint8_t {
    PawnTakesPawn,      // a pawn of `from` takes the pawn at `index` of file `to` and takes its place
    PawnTakesPiece,     // a pawn of `from` takes a piece of group `victim`, landing at `index` of `to`
    PawnTakesPromoted,  // a pawn of `from` takes a pawn of file `source` that promoted, landing at `index` of `to`
    PieceTakesEnd,      // a piece takes the enemy pawn at the far end of file `to` (top for white)
  };
  Kind kind;
  Color side;
  std::int8_t from = -1, to = -1, source = -1, index = -1;
  Group victim = Nrq;
  std::int8_t promotion = -1;  // the group a capturing promotion gives, or -1
};

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
  FailedStates() : slots_(1 << 12) {}

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
    bool found = useful_slack(goal_, tally, useful) >= 0 && depth_first(root, tally, useful);
    std::vector<Capture> path = path_;
    if (!found && out_of_budget_ && node_limit_ > DepthFirstNodes) {
      out_of_budget_ = false;
      phase_limit_ = node_limit_;
      seen_.insert(root.key());
      push(root, useful, -1, Capture{}, 0, 0);
      std::int32_t last = -1;
      while (!open_.empty() && last < 0 && !out_of_budget_) {
        std::pop_heap(open_.begin(), open_.end(), Later{});
        const Open top = open_.back();
        open_.pop_back();
        last = expand(top.node);
      }
      if (last >= 0) {
        found = true;
        path.clear();
        for (std::int32_t i = last; nodes_of_[std::size_t(i)].parent >= 0; i = nodes_of_[std::size_t(i)].parent)
          path.push_back(nodes_of_[std::size_t(i)].move);
        std::reverse(path.begin(), path.end());
      }
    }
    result.nodes = nodes_;
    if (found) {
      result.outcome = KernelOutcome::Found;
      for (const Capture& m : path) result.path.push_back(capture_text(m));
      result.completion = completion_;
    } else {
      result.outcome = out_of_budget_ || truncated_ ? KernelOutcome::OutOfBudget : KernelOutcome::None;
    }
    return result;
  }

 private:
  static constexpr std::uint64_t DepthFirstNodes = 4096;

  // Count a state met; false (and out of budget) past the phase's limit.
  bool count_node() {
    if (++nodes_ <= phase_limit_) return true;
    out_of_budget_ = true;
    return false;
  }

  bool depth_first(const State& s, const Tally& t, const Useful& useful) {
    if (out_of_budget_ || !count_node()) return false;
    if (completes(goal_, s, t, &completion_)) return true;
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
    failed_.insert(key);
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
        return std::int32_t(nodes_of_.size() - 1);
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
            pawn_captures(base, c, f, g, out);
            if (at_end) capture_promotions(base, c, f, g, out);
          }
        }
      }
    }
  }

  // The non-promoting captures of a pawn of c leaving file f for file g (`base` has it removed from f).
  void pawn_captures(const State& base, Color c, int f, int g, std::vector<Child>& out) {
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
        m.from = std::int8_t(f), m.to = std::int8_t(g), m.index = std::int8_t(j);
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
        m.from = std::int8_t(f), m.to = std::int8_t(g), m.index = std::int8_t(index), m.victim = v;
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
        m.from = std::int8_t(f), m.to = std::int8_t(g), m.index = std::int8_t(index), m.source = std::int8_t(h);
        add(out, t, m);
      });
    }
  }

  // The captures by which the pawn at c's promotion end of file f takes on g's last rank and promotes.
  void capture_promotions(const State& base, Color c, int f, int g, std::vector<Child>& out) {
    if (!goal_.capture_from[c][f] || !goal_.capture_onto[c][g]) return;
    const Color d = ~c;
    const bool dark = goal_.promotion_dark[c][g];
    const Group bishop = dark ? DarkBishop : LightBishop;
    const auto promote = [&](const State& victimless, Capture m) {
      for (Group p : {Nrq, bishop}) {
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
      m.from = std::int8_t(f), m.to = std::int8_t(g), m.victim = v;
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
      m.from = std::int8_t(f), m.to = std::int8_t(g), m.source = std::int8_t(h);
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
  static constexpr int UsefulMemoBits = 12;

  const Goal& goal_;
  std::uint64_t node_limit_;
  std::vector<UsefulMemo> useful_memo_ = std::vector<UsefulMemo>(std::size_t(1) << UsefulMemoBits);
  std::uint64_t nodes_ = 0;
  bool out_of_budget_ = false;
  bool truncated_ = false;  // a file outgrew the state: a "no kernel" would not be a proof
  std::uint64_t phase_limit_ = 0;
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
