#include "bound/v1_colours.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cassert>
#include <iterator>
#include <map>
#include <memory>
#include <mutex>
#include <optional>

#include "core/promoted_men.h"
#include "core/threads.h"
#include "rank/binomial.h"
#include "rank/constraints.h"
#include "rank/flat_index.h"
#include "rank/frame.h"
#include "rank/pawn_layer.h"

namespace chessrank::bound {

using rank::UInt192;
using u64 = std::uint64_t;
using u128 = rank::UInt128;

namespace {

u128 choose(int n, int k) { return rank::Binomial(n, k); }

// Return a memoised count, computing it first unless `done` says it is there: once, under `lock`, for the
// threads that share the slot, and read without a lock once the flag is set.
template <class Compute>
u128 once(std::atomic<bool>& done, u128& value, std::mutex& lock, Compute&& compute) {
  if (done.load(std::memory_order_acquire)) return value;
  const std::lock_guard<std::mutex> guard(lock);
  if (!done.load(std::memory_order_acquire)) {
    value = compute();
    done.store(true, std::memory_order_release);
  }
  return value;
}

// The squares around a king that v1's classes track: its knight squares (A), its orthogonal and diagonal
// neighbours (B), and the squares of its colour.
struct KingZone {
  Bitboard a, orth, diag, colour;
  explicit KingZone(Square king)
      : a(knight_attacks(king)),
        orth(king_attacks(king) & (rank_bb(rank_of(king)) | file_bb(file_of(king)))),
        diag(king_attacks(king) & ~orth),
        colour(colour_squares(king)) {}
};

// Counts over (men budget, free squares of the king's colour, of the other colour) for each (fixed rooks,
// promotion budgets), memoised for the threads that share them (once(), a lock per stripe of slots). The
// row of a (fixed rooks, budgets, men) is allocated when first used (18 KB): the budgets and the men
// follow from the pawn block, so a whole count uses a few thousand of the 28,431 rows.
class Memo {
 public:
  static constexpr int MaxMen = 39;  // U <= 38

  template <class Compute>
  u128 get(int fw, int fb, int wp, int bp, int men, int rc, int rn, Compute&& compute) {
    Row& row = row_of((((fw * 3 + fb) * 9 + wp) * 9 + bp) * MaxMen + men);
    // Slots by (rc + rn, rc): the front's colour splits of one (queens, knights) read adjacent slots.
    const int sum = rc + rn;
    const std::size_t i = std::size_t(Diagonal[sum] + rc - std::max(0, sum - 32));
    return once(row.done[i], row.value[i], stripes_[i % stripes_.size()], compute);
  }

 private:
  static constexpr std::size_t RowSize = 33 * 33;
  // Diagonal[sum]: the slots of the (rc, rn) with rc + rn below sum, both in 0..32.
  static constexpr auto Diagonal = [] {
    std::array<int, 65> d{};
    for (int sum = 1; sum <= 64; ++sum) d[sum] = d[sum - 1] + std::min(sum - 1, 32) - std::max(0, sum - 1 - 32) + 1;
    return d;
  }();
  struct Row {
    std::array<u128, RowSize> value;
    std::array<std::atomic<bool>, RowSize> done{};
  };

  Row& row_of(int r) {
    if (Row* p = rows_[r].load(std::memory_order_acquire)) return *p;
    const std::lock_guard<std::mutex> lock(allocation_);
    if (!rows_[r].load(std::memory_order_relaxed)) {
      owned_.push_back(std::make_unique<Row>());
      rows_[r].store(owned_.back().get(), std::memory_order_release);
    }
    return *rows_[r].load(std::memory_order_acquire);
  }

  // On the heap: 227 KB, and a Tail (two Memos) is often a local.
  std::unique_ptr<std::atomic<Row*>[]> rows_ = std::make_unique<std::atomic<Row*>[]>(729 * MaxMen);
  std::vector<std::unique_ptr<Row>> owned_;
  std::mutex allocation_;

  std::array<std::mutex, 256> stripes_;
};

// The tail of v1 (white rooks, black rooks, white bishops, black queens, black bishops, black knights) on
// rc free squares of the king's colour and rn of the other: the white bishops on squares of their colours,
// then the black ones, then the rest anywhere, each stage memoised.
class Tail {
 public:
  explicit Tail(bool colours) : colours_(colours), rest_(RestSize), rest_done_(RestSize) {}

  u128 count(int fw, int fb, int wp, int bp, int men, int rc, int rn) {
    if (wp < 0 || bp < 0 || men < 0 || rc < 0 || rn < 0) return 0;
    assert(men < MaxMen && rc <= 32 && rn <= 32);  // the sizes of the tables
    wp = std::min(wp, 8), bp = std::min(bp, 8);  // a budget beyond 8 promotions buys nothing more
    return white_.get(fw, fb, wp, bp, men, rc, rn, [&] {
      return bishops(wp, men, rc, rn, [&](int wp1, int men1, int rc1, int rn1) {
        return black(fw, fb, wp1, bp, men1, rc1, rn1);
      });
    });
  }

 private:
  static constexpr int MaxMen = Memo::MaxMen;
  static constexpr std::size_t RestSize = std::size_t(9) * 9 * 9 * MaxMen * 65;

  // Return the promotions a side's bishops cost: beyond one per colour, or (as v1) beyond two.
  int cost(int l, int d) const {
    return colours_ ? promoted_of(l, 1) + promoted_of(d, 1) : promoted_of(l + d, 2);
  }

  // Place one side's bishops, l on the king's colour and d on the other, with `budget` promotions, then
  // call next(budget left, men left, rc left, rn left) for the rest. The inner loop stops at the first
  // count the budget refuses, since every cost grows with it.
  template <class Next>
  u128 bishops(int budget, int men, int rc, int rn, Next&& next) {
    u128 total = 0;
    for (int l = 0; l <= rc; ++l)
      for (int d = 0; d <= rn; ++d) {
        const int c = cost(l, d);
        if (budget - c < 0 || men - l - d - c < 0) break;
        if (const u128 n = next(budget - c, men - l - d - c, rc - l, rn - d))
          total += choose(rc, l) * choose(rn, d) * n;
      }
    return total;
  }

  // The black bishops, then the rest.
  u128 black(int fw, int fb, int wp, int bp, int men, int rc, int rn) {
    return black_.get(fw, fb, wp, bp, men, rc, rn, [&] {
      return bishops(bp, men, rc, rn, [&](int bp1, int men1, int rc1, int rn1) {
        return rest(fw, fb, wp, bp1, men1, rc1 + rn1);
      });
    });
  }

  // Rooks of both sides (the fixed ones counted in the totals), black queens and black knights on r squares.
  u128 rest(int fw, int fb, int wp, int bp, int men, int r) {
    const std::size_t i = ((((std::size_t(fw) * 3 + fb) * 9 + wp) * 9 + bp) * MaxMen + men) * 65 + r;
    return once(rest_done_[i], rest_[i], rest_stripes_[i % rest_stripes_.size()], [&] {
      u128 total = 0;
      for (int wr = 0; wr <= r; ++wr) {
        const int t = wr + fw, e = promoted_of(t, 2), wp1 = wp - e, men1 = men - t - e;
        if (wp1 < 0 || men1 < 0) break;
        for (int br = 0; br <= r - wr; ++br) {
          const int tb = br + fb, eb = promoted_of(tb, 2), bp1 = bp - eb, men2 = men1 - tb - eb;
          if (bp1 < 0 || men2 < 0) break;
          for (int q = 0; q <= r - wr - br; ++q) {
            const int eq = promoted_of(q, 1), bp2 = bp1 - eq, men3 = men2 - q - eq;
            if (bp2 < 0 || men3 < 0) break;
            for (int n = 0; n <= r - wr - br - q; ++n) {
              const int en = promoted_of(n, 2);
              if (bp2 - en < 0 || men3 - n - en < 0) break;
              total += choose(r, wr) * choose(r - wr, br) * choose(r - wr - br, q) * choose(r - wr - br - q, n);
            }
          }
        }
      }
      return total;
    });
  }

  bool colours_;
  Memo white_, black_;
  std::vector<u128> rest_;
  std::vector<std::atomic<bool>> rest_done_;
  std::array<std::mutex, 64> rest_stripes_;
};

// The front of v1 (the white king when it is placed, kq queens on A or G, kn knights on B or G) by the
// squares of the king's colour it takes, z: ways(m, kn)[z] for m = king + queens men, without the factor
// m that picks the king among them. Rows are filled when first asked for: budgets leave most unused.
class Front {
 public:
  explicit Front(const detail::FreeSquares& s) : s_(s) {}

  const std::array<u128, 22>& ways(int m, int kn) {
    std::array<u128, 22>& row = ways_[m][kn];
    if (filled_[m][kn]) return row;
    filled_[m][kn] = true;
    for (int jc = 0; jc <= m; ++jc)          // men on G of the king's colour
      for (int ja = 0; ja + jc <= m; ++ja) {  // on A; the rest, jn, on G of the other colour
        const int jn = m - jc - ja;
        const u128 men = choose(s_.a, ja) * choose(s_.same, jc) * choose(s_.other, jn);
        if (!men) continue;
        // y knights on the king's colour (diagonal neighbours, G), the others on the orthogonal neighbours
        // and G of the other colour.
        for (int y = 0; y <= kn; ++y)
          if (const u128 k = choose(s_.diag + s_.same - jc, y) * choose(s_.orth + s_.other - jn, kn - y))
            row[jc + y] += men * k;
      }
    return row;
  }

 private:
  detail::FreeSquares s_;
  std::array<std::array<std::array<u128, 22>, 11>, 11> ways_{};
  std::array<std::array<bool, 11>, 11> filled_{};
};

UInt192 count_pieces(Front& front, const detail::FreeSquares& s, const detail::PieceBudget& b, Tail& tail) {
  const int same = s.diag + s.same, other = s.a + s.orth + s.other;
  UInt192 total;
  for (int kq = 0; kq <= 9; ++kq)
    for (int kn = 0; kn <= 10; ++kn) {
      const int extra = promoted_of(kq, 1) + promoted_of(kn, 2);
      const int wp = b.white_promotions - extra, men = b.men - kq - kn - extra;
      if (wp < 0 || men < 0) break;  // more knights cost more
      const int m = kq + (b.white_king ? 1 : 0);
      const u128 pick_king = b.white_king ? u128(m) : u128(1);
      const std::array<u128, 22>& ways = front.ways(m, kn);
      for (int z = 0; z <= m + kn; ++z) {
        const u128 f = ways[z];
        if (!f) continue;
        if (const u128 t = tail.count(b.white_rooks_fixed, b.black_rooks_fixed, wp, b.black_promotions, men, same - z,
                                      other - (m + kn - z)))
          total += mul(UInt192::from_u128(t), f * pick_king);
      }
    }
  return total;
}

// Sums of weights by key, for phase 1: open addressing with linear probing in a power-of-two table kept at
// most half full. std::unordered_map spent half the count's time on its separately allocated nodes.
class KeySums {
 public:
  // Add a weight to a key's sum. Additions wait in a batch whose slots are prefetched together, so that
  // their cache misses overlap: the table outgrows the caches.
  void add(u64 key, u128 weight) {
    pending_[pending_size_++] = {key, weight};
    if (pending_size_ == Batch) flush();
  }
  // Call f(key, sum) on every key added.
  template <class F>
  void for_each(F&& f) {
    flush();
    for (const Slot& slot : slots_)
      if (slot.key != Empty) f(slot.key, u128(slot.sum));
  }
  void clear() { *this = KeySums(); }

 private:
  static constexpr int Batch = 16;
  void flush() {
    if (2 * (size_ + pending_size_) > slots_.size()) grow();
    const std::size_t mask = slots_.size() - 1;
    std::array<std::size_t, Batch> home;
    for (int i = 0; i < pending_size_; ++i) {
      home[i] = std::size_t(hash(pending_[i].first)) & mask;
      __builtin_prefetch(&slots_[home[i]], 1);
    }
    for (int i = 0; i < pending_size_; ++i) {
      Slot& slot = find(slots_, pending_[i].first, home[i]);
      if (slot.key == Empty) {
        slot.key = pending_[i].first;
        ++size_;
      }
      slot.sum += pending_[i].second;
    }
    pending_size_ = 0;
  }

  static constexpr u64 Empty = ~u64(0);  // keys are below 2^37
  struct Slot {
    u64 key = Empty;
    // Two limbs rather than a u128, whose 16-byte alignment would pad the slot to 32 bytes.
    struct Sum {
      u64 lo = 0, hi = 0;
      Sum& operator+=(u128 w) {
        const u128 v = ((u128(hi) << 64) | lo) + w;
        lo = u64(v), hi = u64(v >> 64);
        return *this;
      }
      explicit operator u128() const { return (u128(hi) << 64) | lo; }
    } sum;
  };
  static u64 hash(u64 h) {  // splitmix64's finaliser: every key bit moves the low bits
    h = (h ^ (h >> 30)) * 0xBF58476D1CE4E5B9ULL;
    h = (h ^ (h >> 27)) * 0x94D049BB133111EBULL;
    return h ^ (h >> 31);
  }
  // Return the slot of key, or the empty slot where it goes, probing from `home`.
  static Slot& find(std::vector<Slot>& slots, u64 key, std::size_t home) {
    const std::size_t mask = slots.size() - 1;
    for (std::size_t i = home;; i = (i + 1) & mask)
      if (slots[i].key == key || slots[i].key == Empty) return slots[i];
  }
  void grow() {
    std::vector<Slot> old(std::max<std::size_t>(1 << 16, 2 * slots_.size()));
    old.swap(slots_);
    for (const Slot& slot : old)
      if (slot.key != Empty) find(slots_, slot.key, std::size_t(hash(slot.key)) & (slots_.size() - 1)) = slot;
  }
  std::vector<Slot> slots_;
  std::size_t size_ = 0;
  std::array<std::pair<u64, u128>, Batch> pending_;
  int pending_size_ = 0;
};

// A key of phase 2: (family, pawn block, free squares by class), 6 + 9 + 22 bits; the low 22 bits are the
// free squares.
u64 make_key(int family, int block, const detail::FreeSquares& s) {
  return (((((u64(family) * 512 + u64(block)) * 16 + u64(s.a)) * 8 + u64(s.orth)) * 8 + u64(s.diag)) * 64 +
          u64(s.same)) * 64 + u64(s.other);
}
detail::FreeSquares free_of(u64 key) {
  return {int(key >> 18 & 15), int(key >> 15 & 7), int(key >> 12 & 7), int(key >> 6 & 63), int(key & 63)};
}

// The index of a pawn class: its pawn block (PawnBlock) and, within it, its tracked counts.
namespace class_index {
constexpr int DA = 9, DOr = 5, DD = 5, DC = 17, Inner = DA * DOr * DD * DC;
constexpr std::size_t States = std::size_t(rank::PawnBlocks::Count) * Inner;
constexpr int tracked(int a, int orth, int diag, int colour) { return ((a * DOr + orth) * DD + diag) * DC + colour; }
detail::PawnClass pawn_class(int block, int tracked, u64 count) {
  detail::PawnClass c;
  int x = tracked;
  c.colour = x % DC, c.diag = (x /= DC) % DD, c.orth = (x /= DD) % DOr, c.a = x / DOr;
  c.white = rank::PawnBlock.counts[block][0], c.black = rank::PawnBlock.counts[block][1];
  c.opposed = rank::PawnBlock.counts[block][2];
  c.count = count;
  return c;
}
}  // namespace class_index

// Sums of pawn class counts over several layers, dense by class index (17 MB).
class ClassSums {
 public:
  ClassSums() : sums_(class_index::States), touched_(rank::PawnBlocks::Count) {}
  void add(const std::vector<detail::PawnClass>& classes) {
    using namespace class_index;
    for (const detail::PawnClass& c : classes) {
      const int block = rank::PawnBlock.index[c.white][c.black][c.opposed];
      if (!touched_[block]) {
        touched_[block] = true;
        blocks_.push_back(block);
      }
      sums_[std::size_t(block) * Inner + std::size_t(tracked(c.a, c.orth, c.diag, c.colour))] += c.count;
    }
  }
  // Call f(class, its count summed over the layers added) on every class, and start over; the class's own
  // count field is 0.
  template <class F>
  void take(F&& f) {
    using namespace class_index;
    for (const int block : blocks_) {
      u128* const row = sums_.data() + std::size_t(block) * Inner;
      for (int i = 0; i < Inner; ++i) {
        if (!row[i]) continue;
        f(pawn_class(block, i, 0), row[i]);
        row[i] = 0;
      }
      touched_[block] = false;
    }
    blocks_.clear();
  }

 private:
  std::vector<u128> sums_;
  std::vector<bool> touched_;
  std::vector<int> blocks_;
};

}  // namespace

namespace detail {

std::vector<PawnClass> pawn_classes(const rank::PawnRules& rules, Bitboard a, Bitboard orth, Bitboard diag,
                                    Bitboard colour) {
  // Dense counts by pawn block (white, black, opposed) and, within a block, by the tracked counts (a,
  // orth, diag, colour: class_index), reused by the thread. A file moves a block's counts into other blocks
  // by its configurations' (white, black, opposed), each shifting the tracked counts: the DP takes the
  // blocks one at a time and a shift's whole group at a time, so that its writes stay in one 30 KB block.
  using namespace class_index;
  thread_local std::vector<u64> cur(States), next(States);
  // Files without tracked neighbourhood cells first: the states stay few until the king's files come.
  std::array<int, 8> order{};
  int n = 0;
  const Bitboard near = a | orth | diag;
  for (int pass = 0; pass < 2; ++pass)
    for (int f = 0; f < 8; ++f)
      if (bool(near & file_bb(File(f))) == (pass == 1)) order[n++] = f;
  // A file's configurations with the same (white, black, opposed), by their shift of the tracked counts.
  struct Shift {
    int offset;
    u64 ways;
  };
  struct Group {
    int w, b, o;
    std::vector<Shift> shifts;
  };
  std::vector<int> live{rank::PawnBlock.index[0][0][0]}, next_live;
  std::vector<bool> next_active(rank::PawnBlocks::Count);
  std::vector<std::pair<int, u64>> from;  // a block's nonzero counts: (inner index, count)
  cur[std::size_t(live[0]) * Inner] = 1;
  for (int f : order) {
    std::map<std::array<int, 3>, std::map<int, u64>> by_counts;
    rank::for_each_file_config(rules[f], [&](unsigned wm, unsigned bm) {
      const Bitboard all = rank::cells_to_bitboard(wm | bm, f);
      by_counts[{popcount(wm), popcount(bm), rank::file_opposed(wm, bm)}]
               [tracked(popcount(all & a), popcount(all & orth), popcount(all & diag), popcount(all & colour))] += 1;
    });
    std::vector<Group> groups;
    for (const auto& [c, shifts] : by_counts) {
      groups.push_back({c[0], c[1], c[2], {}});
      for (const auto& [offset, ways] : shifts) groups.back().shifts.push_back({offset, ways});
    }
    next_live.clear();
    for (const int block : live) {
      u64* const src = cur.data() + std::size_t(block) * Inner;
      from.clear();
      for (int i = 0; i < Inner; ++i) {
        if (!src[i]) continue;
        from.emplace_back(i, src[i]);
        src[i] = 0;
      }
      const auto& [w, b, o] = rank::PawnBlock.counts[block];
      for (const Group& g : groups) {
        if (w + g.w > 8 || b + g.b > 8) continue;
        const int to = rank::PawnBlock.index[w + g.w][b + g.b][o + g.o];
        if (!next_active[to]) {
          next_active[to] = true;
          next_live.push_back(to);
        }
        u64* const dst = next.data() + std::size_t(to) * Inner;
        for (const auto& [i, v] : from)
          for (const Shift& s : g.shifts) dst[i + s.offset] += v * s.ways;
      }
    }
    for (const int block : next_live) next_active[block] = false;
    std::swap(cur, next);
    std::swap(live, next_live);
  }
  std::vector<PawnClass> out;
  for (const int block : live) {
    u64* const src = cur.data() + std::size_t(block) * Inner;
    for (int i = 0; i < Inner; ++i) {
      if (!src[i]) continue;
      out.push_back(pawn_class(block, i, src[i]));
      src[i] = 0;
    }
  }
  return out;
}

UInt192 pieces(const FreeSquares& free, const PieceBudget& budget, bool bishop_colours) {
  Tail tail(bishop_colours);
  Front front(free);
  return count_pieces(front, free, budget, tail);
}

}  // namespace detail

BigInt v1_colours_half(const V1ColoursOptions& o) {
  // Frames and their families: what the pieces see of a frame (fixed king and rooks, squares taken).
  struct FrameUse {
    rank::FrameInfo info;
    int family;
  };
  struct Family {
    bool white_king_fixed;
    int white_rooks, black_rooks;
  };
  std::vector<Family> families;
  rank::KeyIndex<rank::PieceFamily> family_of;
  std::array<std::vector<FrameUse>, rank::EnPassantCases> frames;
  for (int i = 0; i < rank::Frames; ++i) {
    const rank::FrameInfo f = rank::frame_info(i);
    if ((f.rights && !o.castling) || (f.ep_case && !o.en_passant) || (o.ep_case >= 0 && f.ep_case != o.ep_case))
      continue;
    const auto [family, added] = family_of.insert(rank::piece_family(f));
    if (added) families.push_back({f.fixed.king[White], f.fixed.rooks[White], f.fixed.rooks[Black]});
    frames[f.ep_case].push_back({f, family});
  }
  std::vector<std::pair<int, Square>> layers;
  for (int e = 0; e < rank::EnPassantCases; ++e)
    for (int k = 0; k < 64; ++k)
      if (o.kings & square_bb(Square(k)))
        for (const FrameUse& f : frames[e])
          if (rank::black_king_fits(f.info, Square(k))) {
            layers.emplace_back(e, Square(k));
            break;
          }
  const unsigned threads = worker_threads(o.threads);

  // Phase 1: per layer, its pawn classes, turned into free squares per frame, summed by key. The frames of
  // a layer that leave the pieces the same classes count once, times their number: those are its shapes.
  // Layers with the same shapes (89 groups of the 932 layers of the whole count) first sum their classes,
  // which are then turned into keys once per shape: that took 40% of the time a layer at a time.
  using Shapes = std::vector<std::pair<std::array<int, 6>, int>>;  // (family, class sizes), frames alike
  std::map<Shapes, std::vector<std::size_t>> layers_of;
  for (std::size_t l = 0; l < layers.size(); ++l) {
    const auto [e, king] = layers[l];
    const KingZone z(king);
    std::map<std::array<int, 6>, int> shapes;
    for (const FrameUse& f : frames[e]) {
      if (!rank::black_king_fits(f.info, king)) continue;
      const Bitboard free = ~(f.info.fixed_squares | f.info.ep_empty | square_bb(king));
      const Bitboard g = free & ~(z.a | z.orth | z.diag);
      shapes[{f.family, popcount(z.a & free), popcount(z.orth & free), popcount(z.diag & free),
              popcount(g & z.colour), popcount(g & ~z.colour)}] += 1;
    }
    layers_of[Shapes(shapes.begin(), shapes.end())].push_back(l);
  }
  // The largest groups first, so that the threads finish together.
  std::vector<std::pair<Shapes, std::vector<std::size_t>>> groups(layers_of.begin(), layers_of.end());
  std::stable_sort(groups.begin(), groups.end(),
                   [](const auto& x, const auto& y) { return x.second.size() > y.second.size(); });
  std::vector<KeySums> weights(threads);
  std::atomic<std::size_t> next_group{0}, layers_done{0};
  run_on_threads(threads, [&](unsigned t) {
    ClassSums sums;
    for (std::size_t i; (i = next_group++) < groups.size();) {
      for (const std::size_t l : groups[i].second) {
        const auto [e, king] = layers[l];
        if (const std::optional<rank::PawnRules> rules = rank::king_pawn_rules(e, king)) {
          const KingZone z(king);
          sums.add(detail::pawn_classes(*rules, z.a & rank::PawnCellsBB, z.orth & rank::PawnCellsBB,
                                        z.diag & rank::PawnCellsBB, z.colour & rank::PawnCellsBB));
        }
        const std::size_t done = ++layers_done;
        if (o.progress && t == 0) o.progress(done, layers.size());
      }
      sums.take([&](const detail::PawnClass& c, u128 count) {
        for (const auto& [shape, frames_alike] : groups[i].first) {
          // Pawns of the king's colour stand on its diagonal neighbours or on G; the others on A, on the
          // orthogonal neighbours or on G.
          const detail::FreeSquares s{shape[1] - c.a, shape[2] - c.orth, shape[3] - c.diag,
                                      shape[4] - (c.colour - c.diag),
                                      shape[5] - (c.white + c.black - c.colour - c.a - c.orth)};
          const int block = rank::PawnBlock.index[c.white][c.black][c.opposed];
          weights[t].add(make_key(shape[0], block, s), count * u128(frames_alike));
        }
      });
    }
  });
  for (unsigned t = 1; t < threads; ++t) {
    weights[t].for_each([&](u64 k, u128 w) { weights[0].add(k, w); });
    weights[t].clear();
  }

  // Phase 2: by free squares (one front table each), every (family, block) with them.
  std::map<u64, std::vector<std::pair<u64, u128>>> by_free;
  weights[0].for_each([&](u64 k, u128 w) { by_free[k & ((u64(1) << 22) - 1)].emplace_back(k >> 22, w); });
  weights[0].clear();
  std::vector<std::pair<u64, std::vector<std::pair<u64, u128>>>> work(std::make_move_iterator(by_free.begin()),
                                                                        std::make_move_iterator(by_free.end()));
  by_free.clear();
  std::vector<UInt192> totals(threads);
  std::atomic<std::size_t> next_free{0};
  Tail tail(o.bishop_colours);
  run_on_threads(threads, [&](unsigned t) {
    for (std::size_t i; (i = next_free++) < work.size();) {
      const detail::FreeSquares s = free_of(work[i].first);
      Front front(s);
      for (const auto& [family_block, weight] : work[i].second) {
        const Family& fam = families[family_block / 512];
        const int block = int(family_block % 512);
        const int w = rank::PawnBlock.counts[block][0], b = rank::PawnBlock.counts[block][1],
                  opp = rank::PawnBlock.counts[block][2];
        const detail::PieceBudget budget{!fam.white_king_fixed, fam.white_rooks, fam.black_rooks, 8 - w, 8 - b,
                                         rank::men_bound(w, b, opp, rank::CprConstraints) - 2};
        totals[t] += mul(count_pieces(front, s, budget, tail), weight);
      }
    }
  });
  UInt192 half;
  for (const UInt192& x : totals) half += x;
  return half.to_big();
}

}  // namespace chessrank::bound
