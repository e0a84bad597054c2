// The extended kernel: a kernel's captures replayed with named pawns, and the ranks those pawns can stand on.
#include "legality/extended_kernel.h"

#include <algorithm>
#include <array>
#include <vector>

namespace chessrank::legality::kernel {

namespace {

// Ranks (1 to 8) bound by differences x <= y + c and by parities, decided by propagating the bounds: at the
// fixpoint, every variable at its lower bound satisfies every constraint (each lower bound has its parity,
// and lower(y) >= lower(x) - c for each x <= y + c), so a problem is solvable exactly when no domain empties.
class RankProblem {
 public:
  int var(int low, int high) {
    low_.push_back(low);
    high_.push_back(high);
    parity_.push_back(-1);
    return int(low_.size()) - 1;
  }
  void reserve(std::size_t n) {
    low_.reserve(n), high_.reserve(n), parity_.reserve(n), diffs_.reserve(2 * n);
  }
  void at_most(int x, int y, int c) { diffs_.push_back({x, y, c}); }  // x <= y + c
  void equal_plus(int x, int y, int c) {  // x == y + c
    at_most(x, y, c);
    at_most(y, x, -c);
  }
  void bound(int x, int low, int high) {
    low_[std::size_t(x)] = std::max(low_[std::size_t(x)], low);
    high_[std::size_t(x)] = std::min(high_[std::size_t(x)], high);
  }
  void parity(int x, int p) {
    int& q = parity_[std::size_t(x)];
    if (q >= 0 && q != p) contradiction_ = true;
    q = p;
  }

  bool solvable() {
    if (contradiction_) return false;
    for (bool changed = true; changed;) {
      changed = false;
      for (std::size_t x = 0; x < low_.size(); ++x) {
        if (parity_[x] >= 0) {
          if ((low_[x] & 1) != parity_[x]) ++low_[x];
          if ((high_[x] & 1) != parity_[x]) --high_[x];
        }
        if (low_[x] > high_[x]) return false;
      }
      for (const Diff& d : diffs_) {
        int& hx = high_[std::size_t(d.x)];
        int& ly = low_[std::size_t(d.y)];
        if (hx > high_[std::size_t(d.y)] + d.c) hx = high_[std::size_t(d.y)] + d.c, changed = true;
        if (ly < low_[std::size_t(d.x)] - d.c) ly = low_[std::size_t(d.x)] - d.c, changed = true;
      }
    }
    return true;
  }

 private:
  struct Diff {
    int x, y, c;
  };
  std::vector<int> low_, high_, parity_;
  std::vector<Diff> diffs_;
  bool contradiction_ = false;
};

// A capture with its pawns named.
struct Event {
  Capture move;
  int pawn = -1;    // the pawn that captures, or -1 for a piece
  int victim = -1;  // the pawn it takes (in its place, at a file's end, or promoted), or -1
  int slot = -1;    // where the capturing pawn stands in `to` afterwards (not for a capturing promotion)
};

// A file's pawns by name, bottom to top.
class NamedFile {
 public:
  int size() const { return n_; }
  bool empty() const { return n_ == 0; }
  int operator[](int i) const { return p_[std::size_t(i)]; }
  int& operator[](int i) { return p_[std::size_t(i)]; }
  int front() const { return p_[0]; }
  int back() const { return p_[std::size_t(n_ - 1)]; }
  void insert(int i, int pawn) {
    for (int k = n_; k > i; --k) p_[std::size_t(k)] = p_[std::size_t(k - 1)];
    p_[std::size_t(i)] = std::int8_t(pawn);
    ++n_;
  }
  void erase(int i) {
    for (int k = i; k + 1 < n_; ++k) p_[std::size_t(k)] = p_[std::size_t(k + 1)];
    --n_;
  }
  void erase_pawn(int pawn) {
    for (int k = 0; k < n_; ++k)
      if (p_[std::size_t(k)] == pawn) return erase(k);
  }
  int index_of(int pawn) const {
    for (int k = 0; k < n_; ++k)
      if (p_[std::size_t(k)] == pawn) return k;
    return -1;
  }

 private:
  std::array<int, 16> p_{};
  int n_ = 0;
};

// The pawns, named 0 to 15: white's on files a-h, then black's; and the captures so far, named.
struct Named {
  std::array<NamedFile, 8> files;
  std::array<Event, 32> events;
  int event_count = 0;
  void add(const Event& e) { events[std::size_t(event_count++)] = e; }
};

Color colour_of(int pawn) { return pawn < 8 ? White : Black; }

class Fitter {
 public:
  Fitter(const Goal& g, const std::vector<Capture>& path, const State& last, const CaptureRanks& pinned)
      : g_(g), path_(path), needs_(make_tally(g, last).needs), pinned_(pinned) {
    for (int f = 0; f < 8; ++f) {
      start_.files[f].insert(0, f);
      start_.files[f].insert(1, 8 + f);
      locked_[f] = g.lock_bottom[f];
      locked_[8 + f] = g.lock_top[f];
    }
  }

  bool fits() { return replay(0, start_); }

 private:
  // The limit on the rank problems tried (namings times placings of the goal's pawns): beyond it the kernel
  // counts as fitting (nothing is proven).
  static constexpr int MaxProblems = 256;

  static int end_of(const NamedFile& file, Color c) { return c == White ? file.size() - 1 : 0; }

  // Name the pawns of capture k onwards, every way the kernel leaves open, and try each completion.
  bool replay(std::size_t k, const Named& named) {
    if (k == path_.size()) return problems_ > MaxProblems || complete(named);
    const Capture& m = path_[k];
    const Color c = m.side, d = ~c;
    if (m.kind == Capture::PieceTakesEnd) {
      Named next = named;
      NamedFile& file = next.files[m.to];
      const int end = end_of(file, c);  // white's piece takes the top pawn, black's the bottom one
      next.add({m, -1, file[end], -1});
      file.erase(end);
      return replay(k + 1, next);
    }
    // The capturing pawn: the end pawn for a capturing promotion, else any free pawn of its run.
    const NamedFile& from = named.files[m.from];
    std::array<int, 16> takers{};
    int choices = 0;
    if (m.promotion >= 0) {
      takers[std::size_t(choices++)] = end_of(from, c);
    } else {
      int low = m.from_index, high = m.from_index;
      while (low > 0 && colour_of(from[low - 1]) == c) --low;
      while (high + 1 < from.size() && colour_of(from[high + 1]) == c) ++high;
      for (int i = low; i <= high; ++i)
        if (!locked_[std::size_t(from[i])]) takers[std::size_t(choices++)] = i;
    }
    for (int t = 0; t < choices; ++t) {
      const int i = takers[std::size_t(t)];
      Named base = named;
      const int pawn = base.files[m.from][i];
      base.files[m.from].erase(i);
      int victim = -1;
      if (m.kind == Capture::PawnTakesPawn) {
        NamedFile& to = base.files[m.to];
        victim = to[m.index];
        to[m.index] = pawn;
        base.add({m, pawn, victim, m.index});
        if (replay(k + 1, base)) return true;
        continue;
      }
      if (m.kind == Capture::PawnTakesPromoted) {
        NamedFile& source = base.files[m.source];
        const int end = end_of(source, d);
        victim = source[end];
        source.erase(end);
      }
      if (m.promotion >= 0) {
        base.add({m, pawn, victim, -1});
        if (replay(k + 1, base)) return true;
        continue;
      }
      // Entering `to` next to pawns of its own colour gives the same file on either side of each of them.
      const NamedFile& to = base.files[m.to];
      int last = m.index;
      while (last < to.size() && colour_of(to[last]) == c) ++last;
      for (int slot = m.index; slot <= last; ++slot) {
        if (slot == 0 && !to.empty() && locked_[std::size_t(to.front())] && colour_of(to.front()) == White) continue;
        if (slot == to.size() && !to.empty() && locked_[std::size_t(to.back())] && colour_of(to.back()) == Black) continue;
        Named next = base;
        next.files[m.to].insert(slot, pawn);
        next.add({m, pawn, victim, slot});
        if (replay(k + 1, next)) return true;
      }
    }
    return false;
  }

  // The placings of the goal's pawns of a file among its named pawns: which pawns stay (matched, in order)
  // and how many of each side's pawns left over promote, by their promotion square's colour.
  struct Placing {
    std::vector<int> kept;
    std::array<std::array<int, 2>, 2> promotions{};  // [side][dark]
  };

  std::vector<Placing> placings(int f, const NamedFile& file) const {
    std::vector<Placing> out;
    const Column goal = g_.col[f];
    const int m = length(goal), n = file.size();
    const auto add = [&](const std::vector<int>& idx, int cut) {
      Placing p;
      for (int i : idx) p.kept.push_back(file[i]);
      const int first = idx.empty() ? cut : idx.front(), last = idx.empty() ? cut - 1 : idx.back();
      for (int i = 0; i < n; ++i) {
        const Color c = colour_of(file[i]);
        if (c == Black && i < first && g_.straight[Black][f]) ++p.promotions[Black][g_.promotion_dark[Black][f]];
        if (c == White && i > last && g_.straight[White][f]) ++p.promotions[White][g_.promotion_dark[White][f]];
      }
      out.push_back(p);
    };
    if (m == 0) {
      for (int cut = 0; cut <= n; ++cut) add({}, cut);
      return out;
    }
    std::vector<int> idx;
    const auto rec = [&](auto&& self, int j, int from) -> void {
      if (j == m) {
        if (g_.lock_top[f] && idx.back() != n - 1) return;
        add(idx, 0);
        return;
      }
      for (int i = from; i < n; ++i) {
        if (colour_of(file[i]) != colour_at(goal, j)) continue;
        if (j == 0 && g_.lock_bottom[f] && i != 0) break;
        idx.push_back(i);
        self(self, j + 1, i + 1);
        idx.pop_back();
      }
    };
    rec(rec, 0, 0);
    return out;
  }

  bool complete(const Named& named) {
    std::array<std::vector<Placing>, 8> options;
    for (int f = 0; f < 8; ++f) {
      options[f] = placings(f, named.files[f]);
      if (options[f].empty()) return false;
    }
    std::array<const Placing*, 8> chosen{};
    const auto rec = [&](auto&& self, int f, std::array<std::array<int, 2>, 2> supply) -> bool {
      if (f == 8) {
        for (Color c : {White, Black}) {
          const int light = supply[c][0], dark = supply[c][1];
          if (light < needs_[c].light || dark < needs_[c].dark || light + dark < needs_[c].total()) return false;
        }
        if (++problems_ > MaxProblems) return true;  // too many to try: nothing proven
        return solvable(named, chosen);
      }
      for (const Placing& p : options[f]) {
        auto next = supply;
        for (int c = 0; c < 2; ++c)
          for (int dark = 0; dark < 2; ++dark) next[c][dark] += p.promotions[c][dark];
        chosen[f] = &p;
        if (self(self, f + 1, next)) return true;
      }
      return false;
    };
    return rec(rec, 0, {});
  }

  // Build and solve the rank problem of one naming and one completion.
  bool solvable(const Named& named, const std::array<const Placing*, 8>& chosen) const {
    // When each pawn must stand on the board: at its own captures (as the taker, or taken by a pawn) and,
    // if it stays to the end, always. Any other pawn (taken by a piece, promoted, taken as a promoted man)
    // may have left at once; it counts only when it enters a file.
    std::array<int, 16> last_act{}, goal_rank{};
    last_act.fill(-1);
    goal_rank.fill(0);
    for (int k = 0; k < named.event_count; ++k) {
      const Event& e = named.events[std::size_t(k)];
      if (e.pawn >= 0) last_act[std::size_t(e.pawn)] = k + 1;
      if (e.victim >= 0 && e.move.kind == Capture::PawnTakesPawn) last_act[std::size_t(e.victim)] = k + 1;
    }
    std::array<bool, 16> kept{};
    for (int f = 0; f < 8; ++f) {
      const std::vector<int>& k = chosen[f]->kept;
      for (std::size_t j = 0; j < k.size(); ++j) {
        kept[std::size_t(k[j])] = true;
        goal_rank[std::size_t(k[j])] = g_.pawn_rank[f][j];
      }
    }
    RankProblem p;
    p.reserve(256);
    std::array<int, 16> cur{}, entered{};
    for (int q = 0; q < 16; ++q) {
      const int home = colour_of(q) == White ? 2 : 7;
      cur[std::size_t(q)] = p.var(home, home);
    }
    const auto present = [&](int q, int t) {
      return kept[std::size_t(q)] || last_act[std::size_t(q)] >= t || entered[std::size_t(q)] == t;
    };
    // A new rank for pawn q: it only advances (up for white, down for black).
    const auto advance = [&](int q) {
      const int x = locked_[q] ? p.var(colour_of(q) == White ? 2 : 7, colour_of(q) == White ? 2 : 7) : p.var(2, 7);
      if (colour_of(q) == White) p.at_most(cur[std::size_t(q)], x, 0);
      else p.at_most(x, cur[std::size_t(q)], 0);
      return cur[std::size_t(q)] = x;
    };
    // The pawns of a file that stand on it at time t are in order, each below the next; `fresh` already
    // has its rank for this time.
    const auto in_order = [&](const NamedFile& file, int t, int fresh) {
      int below = -1;
      for (int i = 0; i < file.size(); ++i) {
        const int q = file[i];
        if (!present(q, t)) continue;
        const int x = q == fresh ? cur[std::size_t(q)] : advance(q);
        if (below >= 0) p.at_most(below, x, -1);
        below = x;
      }
    };
    Named sim = start_;
    for (int k = 0; k < named.event_count; ++k) {
      const int t = k + 1;
      const Event& e = named.events[std::size_t(k)];
      const Capture& m = e.move;
      if (e.pawn < 0) {  // a piece takes an end pawn: nothing to place
        sim.files[m.to].erase_pawn(e.victim);
        continue;
      }
      const Color c = colour_of(e.pawn);
      const int up = c == White ? 1 : -1;
      // Before: the taker on its file, in order with the pawns there.
      const int before = advance(e.pawn);
      if (m.promotion >= 0) p.bound(before, c == White ? 7 : 2, c == White ? 7 : 2);
      in_order(sim.files[m.from], t, e.pawn);
      sim.files[m.from].erase_pawn(e.pawn);
      if (m.kind == Capture::PawnTakesPromoted) sim.files[m.source].erase_pawn(e.victim);
      if (m.promotion >= 0) continue;  // it left the board as a piece
      // After: one rank on, on the next file.
      const int after = p.var(c == White ? 3 : 2, c == White ? 7 : 6);
      if (std::size_t(k) < pinned_.size() && pinned_[std::size_t(k)] > 0)
        p.bound(after, pinned_[std::size_t(k)], pinned_[std::size_t(k)]);
      p.equal_plus(after, before, up);
      cur[std::size_t(e.pawn)] = after;
      entered[std::size_t(e.pawn)] = t;
      auto& to = sim.files[m.to];
      if (m.kind == Capture::PawnTakesPawn) {
        // The pawn taken stood where the taker lands, or just behind it (en passant).
        const int victim = advance(e.victim);
        if (c == White) p.at_most(victim, after, 0), p.at_most(after, victim, 1);
        else p.at_most(after, victim, 0), p.at_most(victim, after, 1);
        to[to.index_of(e.victim)] = e.pawn;
      } else {
        if (m.kind == Capture::PawnTakesPiece && m.victim != Nrq) {
          // A bishop was taken on a square of its colour: (file + rank - 1) even for dark squares.
          const bool dark = m.victim == DarkBishop;
          p.parity(after, dark ? (m.to + 1) & 1 : m.to & 1);
        }
        to.insert(e.slot, e.pawn);
      }
      in_order(to, t, e.pawn);
    }
    // The pawns that stay end on their goal ranks, which they reach by advancing.
    for (int q = 0; q < 16; ++q) {
      if (!kept[std::size_t(q)]) continue;
      if (colour_of(q) == White) p.bound(cur[std::size_t(q)], 2, goal_rank[std::size_t(q)]);
      else p.bound(cur[std::size_t(q)], goal_rank[std::size_t(q)], 7);
    }
    return p.solvable();
  }

  const Goal& g_;
  const std::vector<Capture>& path_;
  std::array<Needs, 2> needs_;
  Named start_;
  std::array<bool, 16> locked_{};
  int problems_ = 0;
  const CaptureRanks& pinned_;
};

}  // namespace

bool fits_on_ranks(const Goal& g, const std::vector<Capture>& path, const State& last, const CaptureRanks& pinned) {
  return Fitter(g, path, last, pinned).fits();
}

}  // namespace chessrank::legality::kernel
