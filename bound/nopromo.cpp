#include "bound/nopromo.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "bound/army.h"

namespace chessrank::bound {

namespace {

using U128 = Uint128;
__extension__ typedef __int128 I128;  // signed, for Dot
// The piece factor is a polynomial in the light pawn count l: of degree <= 6 for the kings (2) and
// bishops (4) on every free square, <= 4 for the bishops after a pair of adjacent free squares.
constexpr int Moments = 7;
constexpr int AdjMoments = 5;
constexpr int MaxFiles = 8;
constexpr int MaxRanks = 8;
constexpr int MaxHeight = MaxRanks - 2;  // ranks a pawn may stand on
constexpr int Span = 2 * MaxFiles + 1;  // flow values -8..8
constexpr std::uint8_t Inf = 255;

// Adjacent square pairs by colour: orthogonal neighbours differ in colour, diagonal ones share it.
enum AdjacentKind { Orthogonal, DiagonalLight, DiagonalDark, AdjacentKinds };

using MomentVec = std::array<U128, Moments>;
using AdjVec = std::array<U128, AdjMoments>;

// What the DP carries for a set of pawn placements of the files so far, as power sums over the
// placements of l^k (l: light squares holding a pawn):
//
//   field          | sums of                                            | k
//   ---------------+----------------------------------------------------+------
//   all            | l^k                                                | 0..6
//   adjacent[x]    | l^k * (pairs of kind x of free adjacent squares)   | 0..4
//   free_on[r]     | l^k * [square on rank r + 2 of the last file free] | 0..4
//
// free_on lets the next file add the pairs that straddle the two files (docs/bounds.md, "kings").
struct Weights {
  MomentVec all{};
  std::array<AdjVec, AdjacentKinds> adjacent{};
  std::array<AdjVec, MaxHeight> free_on{};
};

// Binomial coefficients for the power sums of l = l_before + l_file.
constexpr std::array<std::array<std::uint64_t, Moments>, Moments> Pascal = [] {
  std::array<std::array<std::uint64_t, Moments>, Moments> t{};
  for (std::size_t n = 0; n < Moments; ++n) {
    t[n][0] = 1;
    for (std::size_t k = 1; k <= n; ++k) t[n][k] = t[n - 1][k - 1] + t[n - 1][k];
  }
  return t;
}();

// Add the power sums of l_a + l_b, over pairs of members of two sets, to out: out[k] += sum over t of
// C(k, t) a[t] b[k - t], for k < n.
template <std::size_t N>
void add_product(std::array<U128, N>& out, const U128* a, const U128* b) {
  for (std::size_t k = 0; k < N; ++k) {
    U128 acc = 0;
    for (std::size_t t = 0; t <= k; ++t) acc += U128(Pascal[std::size_t(k)][std::size_t(t)]) * a[t] * b[k - t];
    out[k] += acc;
  }
}

// Profile: for each flow e (pawns minus used start files on the files so far) and each c (the gap
// right of the last file is paid), the least cost so far; Inf when unreachable or over the cap.
struct Profile {
  std::array<std::uint8_t, Span * 2> v;
  std::uint8_t& at(int e, int c) { return v[std::size_t((e + MaxFiles) * 2 + c)]; }
  std::uint8_t at(int e, int c) const { return v[std::size_t((e + MaxFiles) * 2 + c)]; }
  bool dead() const {
    return std::all_of(v.begin(), v.end(), [](std::uint8_t x) { return x == Inf; });
  }
  bool operator<=(const Profile& o) const {
    for (std::size_t i = 0; i < v.size(); ++i)
      if (v[i] > o.v[i]) return false;
    return true;
  }
};

Profile start_profile() {
  Profile p;
  p.v.fill(Inf);
  p.at(0, 0) = 0;
  return p;
}

// Advance one side's profile over a file holding `a` of its pawns. `forced`: a pawn there stands on
// its start rank, so the file's start is used. `yield`: the side yields this crossed file, so a used
// start whose flow does not pass through needs a paid adjacent gap (cost 2, see docs/bounds.md).
// The flow must stay within what the remaining files (`files_after` starts, `pawns_left` pawns at
// most) can bring back to 0; costs above `cap` become Inf.
Profile advance(const Profile& p, int a, bool forced, bool yield, int files_after, int pawns_left, int cap,
                int saturated) {
  Profile out;
  out.v.fill(Inf);
  for (int e = -MaxFiles; e <= MaxFiles; ++e)
    for (int c = 0; c < 2; ++c) {
      const int v = p.at(e, c);
      if (v == Inf) continue;
      for (int u = forced ? 1 : 0; u <= 1; ++u) {
        const int e2 = e + a - u;
        if (e2 > files_after || e2 < -pawns_left || e2 < -MaxFiles || e2 > MaxFiles) continue;
        if (files_after == 0 && e2 != 0) continue;
        int cost = v + std::abs(e2), c2 = 0;
        if (yield && u == 1 && a >= 1 && e <= 0 && e2 >= 0 && c == 0) cost += 2, c2 = 1;
        if (cost > cap) continue;
        cost = std::min(cost, saturated);  // a lower bound: "at least saturated"
        std::uint8_t& slot = out.at(e2, c2);
        slot = std::uint8_t(std::min<int>(slot, cost));
      }
    }
  return out;
}

int final_cost(const Profile& p) { return std::min<int>(p.at(0, 0), p.at(0, 1)); }

struct FileClass {
  int a, b;
  bool crossed, white_home, black_home;
  MomentVec sums{};                                // sum over the class's patterns of light^k
  AdjVec vertical{};                               // ... times the free orthogonal pairs inside the file
  std::array<AdjVec, MaxHeight> free_on{};         // ... times [rank r + 2 free]
  std::array<AdjVec, MaxRanks> beside{}, slanted{};  // ... times the free squares of this file beside
                                                     // (same rank) and diagonal to rank R of the last file
};

// Group the 3^height pawn patterns of one file by what the constraints see; the file's colour pattern
// depends only on file parity.
std::vector<FileClass> file_classes(const NopromoShape& s, int file) {
  const int height = s.ranks - 2;
  std::vector<FileClass> classes;
  std::array<int, MaxHeight + 1> pow3{};
  pow3[0] = 1;
  for (int i = 0; i < height; ++i) pow3[std::size_t(i + 1)] = pow3[std::size_t(i)] * 3;
  const int total = pow3[std::size_t(height)];
  for (int code = 0; code < total; ++code) {
    int a = 0, b = 0, light = 0, lowest_white = 99, highest_black = -1, c = code;
    bool white_home = false, black_home = false;
    for (int r = 0; r < height; ++r, c /= 3) {
      const int v = c % 3;  // 0 empty, 1 white pawn, 2 black pawn; r = 0 is rank 2
      if (v == 0) continue;
      light += ((file + r + 1) & 1) != 0;
      if (v == 1) ++a, lowest_white = std::min(lowest_white, r), white_home |= r == 0;
      else ++b, highest_black = std::max(highest_black, r), black_home |= r == height - 1;
    }
    const bool crossed = s.crossings && a > 0 && b > 0 && lowest_white > highest_black;
    if (!s.home_pawns) white_home = black_home = false;
    auto it = std::find_if(classes.begin(), classes.end(), [&](const FileClass& k) {
      return k.a == a && k.b == b && k.crossed == crossed && k.white_home == white_home && k.black_home == black_home;
    });
    if (it == classes.end()) {
      FileClass k{};
      k.a = a, k.b = b, k.crossed = crossed, k.white_home = white_home, k.black_home = black_home;
      it = classes.insert(classes.end(), k);
    }
    // Free squares of the file by rank 1..ranks (index 0..ranks-1); ranks 1 and `ranks` never hold pawns.
    std::array<bool, MaxRanks> free{};
    for (int r = 0; r < s.ranks; ++r)
      free[std::size_t(r)] = r == 0 || r == s.ranks - 1 || (code / pow3[std::size_t(r - 1)]) % 3 == 0;
    int vertical = 0;
    for (int r = 0; r + 1 < s.ranks; ++r) vertical += free[std::size_t(r)] && free[std::size_t(r + 1)];
    U128 pw = 1;
    for (int k = 0; k < Moments; ++k, pw *= U128(light)) {
      const std::size_t i = std::size_t(k);
      it->sums[i] += pw;
      if (k >= AdjMoments) continue;
      it->vertical[i] += pw * U128(vertical);
      for (int r = 0; r < height; ++r) it->free_on[std::size_t(r)][i] += free[std::size_t(r + 1)] ? pw : 0;
      for (int r = 0; r < s.ranks; ++r) {
        it->beside[std::size_t(r)][i] += free[std::size_t(r)] ? pw : 0;
        const int diagonal = (r > 0 && free[std::size_t(r - 1)]) + (r + 1 < s.ranks && free[std::size_t(r + 1)]);
        it->slanted[std::size_t(r)][i] += pw * U128(diagonal);
      }
    }
  }
  return classes;
}

// Return the coefficients of fall(x0 - l, kl) * fall(y0 + l, kd) as a polynomial in l. With
// |x0|, |y0| <= 64 and kl + kd < Moments, each is below 2^42.
using Poly = std::array<std::int64_t, Moments>;
Poly piece_poly(long x0, int kl, long y0, int kd) {
  assert(kl + kd < Moments);
  Poly p{};
  p[0] = 1;
  auto multiply = [&](long c, long sign) {  // multiply by (c + sign * l)
    for (std::size_t i = Moments - 1; i > 0; --i) p[i] = p[i] * c + p[i - 1] * sign;
    p[0] *= c;
  };
  for (int i = 0; i < kl; ++i) multiply(x0 - i, -1);
  for (int i = 0; i < kd; ++i) multiply(y0 - i, +1);
  return p;
}

// Poly sums dotted with power sums, as a signed 192-bit value kept in two halves: the coefficients
// times the low and the high 64 bits of each power sum (each product below 2^106).
struct Dot {
  I128 low = 0, high = 0;
  template <std::size_t N>
  void add(const Poly& poly, const std::array<U128, N>& sums, std::int64_t factor = 1) {
    for (std::size_t k = 0; k < N; ++k) {
      const I128 c = I128(poly[k]) * factor;
      low += c * I128(std::uint64_t(sums[k]));
      high += c * I128(std::uint64_t(sums[k] >> 64));
    }
    for (std::size_t k = N; k < Moments; ++k) assert(poly[k] == 0);
  }
  BigInt value() const {
    BigInt r = 0;
    for (const I128 v : {high, low}) {
      r <<= 64;
      addmul_u128(r, v < 0 ? -1 : 1, v < 0 ? U128(-(v + 1)) + 1 : U128(v));  // |v|, also for the least I128
    }
    return r;
  }
};

// A joint DP state: pawn counts and the Pareto set of (white, black) profile pairs, one pair per
// choice of yielding sides on the crossed files so far (dominated pairs dropped), as a byte string.
using Pair = std::pair<Profile, Profile>;

void encode(int pw, int pb, std::vector<Pair>& pairs, std::string& key) {
  std::sort(pairs.begin(), pairs.end(), [](const Pair& x, const Pair& y) {
    const int c = std::memcmp(x.first.v.data(), y.first.v.data(), x.first.v.size());
    return c != 0 ? c < 0 : std::memcmp(x.second.v.data(), y.second.v.data(), x.second.v.size()) < 0;
  });
  key.clear();
  key.push_back(char(pw));
  key.push_back(char(pb));
  for (const Pair& q : pairs) {
    key.append(reinterpret_cast<const char*>(q.first.v.data()), q.first.v.size());
    key.append(reinterpret_cast<const char*>(q.second.v.data()), q.second.v.size());
  }
}

// The DP states of one file, numbered in order of discovery: an open-addressing table of key hashes
// (std::unordered_map's separately allocated nodes missed the cache on most of the 1.6 million lookups).
class StateIds {
 public:
  // Return the id of key, adding it when new.
  std::uint32_t insert(const std::string& key) {
    if (2 * (keys.size() + 1) > slots_.size()) grow();
    const std::uint64_t h = std::hash<std::string>{}(key);
    for (std::size_t i = h & (slots_.size() - 1);; i = (i + 1) & (slots_.size() - 1)) {
      Slot& slot = slots_[i];
      if (slot.id == 0) {
        keys.push_back(key);
        slot = {h, std::uint32_t(keys.size())};
        return slot.id - 1;
      }
      if (slot.hash == h && keys[slot.id - 1] == key) return slot.id - 1;
    }
  }
  void clear() {
    keys.clear();
    std::fill(slots_.begin(), slots_.end(), Slot{});
  }
  std::vector<std::string> keys;

 private:
  struct Slot {
    std::uint64_t hash = 0;
    std::uint32_t id = 0;  // 1 + index in keys; 0 when empty
  };
  void grow() {
    std::vector<Slot> old(std::max<std::size_t>(1024, 2 * slots_.size()));
    old.swap(slots_);
    for (const Slot& slot : old) {
      if (slot.id == 0) continue;
      std::size_t i = slot.hash & (slots_.size() - 1);
      while (slots_[i].id != 0) i = (i + 1) & (slots_.size() - 1);
      slots_[i] = slot;
    }
  }
  std::vector<Slot> slots_;
};

std::vector<Pair> decode(const std::string& key) {
  std::vector<Pair> pairs((key.size() - 2) / (Span * 4));
  const char* p = key.data() + 2;
  for (Pair& q : pairs) {
    std::memcpy(q.first.v.data(), p, q.first.v.size());
    std::memcpy(q.second.v.data(), p + q.first.v.size(), q.second.v.size());
    p += Span * 4;
  }
  return pairs;
}

// Drop dead and dominated pairs (and duplicates), in place (no allocation: it runs on every transition).
void prune(std::vector<Pair>& pairs) {
  std::size_t kept = 0;  // pairs[0, kept): the pairs kept so far, in their original order
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    const Pair q = pairs[i];
    if (q.first.dead() || q.second.dead()) continue;
    const auto dominates = [](const Pair& x, const Pair& y) { return x.first <= y.first && x.second <= y.second; };
    const auto end = pairs.begin() + std::ptrdiff_t(kept);
    if (std::any_of(pairs.begin(), end, [&](const Pair& k) { return dominates(k, q); })) continue;
    kept =
        std::size_t(std::remove_if(pairs.begin(), end, [&](const Pair& k) { return dominates(q, k); }) - pairs.begin());
    pairs[kept++] = q;  // kept <= i: q was copied before
  }
  pairs.resize(kept);
}

// Add w to out (only the field `all` without kings).
void add(Weights& out, const Weights& w, bool kings) {
  for (std::size_t k = 0; k < Moments; ++k) out.all[k] += w.all[k];
  if (!kings) return;
  for (std::size_t x = 0; x < AdjacentKinds; ++x)
    for (std::size_t k = 0; k < AdjMoments; ++k) out.adjacent[x][k] += w.adjacent[x][k];
  for (std::size_t r = 0; r < MaxHeight; ++r)
    for (std::size_t k = 0; k < AdjMoments; ++k) out.free_on[r][k] += w.free_on[r][k];
}

// Add to `out` the weights of the placements w extended by the patterns of class k on file `file`.
// With `kings`, also count the free adjacent pairs the file adds: inside it, and with the last file.
void extend(Weights& out, const Weights& w, const FileClass& k, int file, const NopromoShape& s, bool kings) {
  add_product(out.all, w.all.data(), k.sums.data());
  if (!kings) return;
  for (std::size_t x = 0; x < AdjacentKinds; ++x) add_product(out.adjacent[x], w.adjacent[x].data(), k.sums.data());
  add_product(out.adjacent[Orthogonal], w.all.data(), k.vertical.data());
  const int height = s.ranks - 2;
  for (std::size_t r = 0; r < std::size_t(height); ++r) add_product(out.free_on[r], w.all.data(), k.free_on[r].data());
  if (file == 0) return;
  for (int r = 0; r < s.ranks; ++r) {
    // The last file's square on rank r: always free on the edge ranks, else as recorded.
    const bool edge = r == 0 || r == s.ranks - 1;
    const U128* before = edge ? w.all.data() : w.free_on[std::size_t(r - 1)].data();
    const bool light = ((file - 1 + r) & 1) != 0;
    add_product(out.adjacent[Orthogonal], before, k.beside[std::size_t(r)].data());
    add_product(out.adjacent[light ? DiagonalLight : DiagonalDark], before, k.slanted[std::size_t(r)].data());
  }
}

// The weights summed over the pawn placements a class of final DP states admits.
struct Totals {
  MomentVec all{};
  std::array<AdjVec, AdjacentKinds> adjacent{};
  void add(const Weights& w) {
    for (std::size_t k = 0; k < Moments; ++k) all[k] += w.all[k];
    for (std::size_t x = 0; x < AdjacentKinds; ++x)
      for (std::size_t k = 0; k < AdjMoments; ++k) adjacent[x][k] += w.adjacent[x][k];
  }
};

}  // namespace

int nopromo_side_cost(int files, const int* pawns, const bool* home, const bool* yields) {
  int total = 0;
  for (int f = 0; f < files; ++f) total += pawns[f];
  if (files > MaxFiles || total > files) return -1;
  Profile p = start_profile();
  int seen = 0;
  for (int f = 0; f < files; ++f) {
    seen += pawns[f];
    p = advance(p, pawns[f], home[f], yields[f], files - 1 - f, total - seen, Inf - 1, Inf - 1);
  }
  const int c = final_cost(p);
  return c == Inf ? -1 : c;
}

std::vector<std::uint64_t> nopromo_piece_orders(const NopromoShape& s) {
  std::vector<std::uint64_t> ways(std::size_t(s.queens + s.rooks + s.knights + 1), 0);
  for (int q = 0; q <= s.queens; ++q)
    for (int r = 0; r <= s.rooks; ++r)
      for (int n = 0; n <= s.knights; ++n)
        ways[std::size_t(q + r + n)] += factorial(q + r + n) / (factorial(q) * factorial(r) * factorial(n));
  return ways;
}

bool nopromo_contains(const NopromoShape& s, const Position& pos) {
  assert(s.files == 8 && s.ranks == 8);
  int men[2] = {0, 0};
  for (Color c : {White, Black}) {
    const Bitboard bishops = pos.pieces(c, Bishop);
    if (pos.count(c, King) != 1 || pos.count(c, Queen) > s.queens || pos.count(c, Rook) > s.rooks ||
        pos.count(c, Knight) > s.knights || popcount(bishops & LightSquaresBB) > s.light_bishops ||
        popcount(bishops & DarkSquaresBB) > s.dark_bishops || pos.count(c, Pawn) > s.files)
      return false;
    men[c] = popcount(pos.pieces(c));
  }
  if ((pos.pieces(White, Pawn) | pos.pieces(Black, Pawn)) & (rank_bb(Rank1) | rank_bb(Rank8))) return false;
  const Square wk = lsb(pos.pieces(White, King)), bk = lsb(pos.pieces(Black, King));
  if (s.kings_apart && (king_attacks(wk) & square_bb(bk))) return false;
  if (!s.file_constraints) return true;

  // The file facts file_classes() groups patterns by, for this diagram.
  std::array<int, MaxFiles> a{}, b{};
  std::array<bool, MaxFiles> white_home{}, black_home{}, crossed{};
  unsigned crossed_mask = 0;
  for (int f = 0; f < 8; ++f) {
    const Bitboard white = pos.pieces(White, Pawn) & file_bb(File(f)),
                   black = pos.pieces(Black, Pawn) & file_bb(File(f));
    a[f] = popcount(white), b[f] = popcount(black);
    crossed[f] = s.crossings && white && black && rank_of(lsb(white)) > rank_of(msb(black));
    crossed_mask |= unsigned(crossed[f]) << f;
    white_home[f] = s.home_pawns && (white & rank_bb(Rank2));
    black_home[f] = s.home_pawns && (black & rank_bb(Rank7));
  }
  // Each choice of yielding sides is one of the DP's profile pairs; the diagram is in the set when one
  // pair ends within both budgets. The steps mirror nopromo_count's exactly (caps from the pawns so far).
  const int full = original_men(s), sat = std::max(0, s.exact_costs) + 1;
  for (unsigned y = 0;; y = (y - crossed_mask) & crossed_mask) {  // bit f set: white yields crossed file f
    Profile pw = start_profile(), pb = start_profile();
    int seen_w = 0, seen_b = 0;
    for (int f = 0; f < 8; ++f) {
      seen_w += a[f], seen_b += b[f];
      const bool white_yields = crossed[f] && ((y >> f) & 1), black_yields = crossed[f] && !((y >> f) & 1);
      pw = advance(pw, a[f], white_home[f], white_yields, 7 - f, s.files - seen_w, full - 1 - seen_b, sat);
      pb = advance(pb, b[f], black_home[f], black_yields, 7 - f, s.files - seen_b, full - 1 - seen_w, sat);
    }
    if (final_cost(pw) <= full - men[Black] && final_cost(pb) <= full - men[White]) return true;
    if (y == crossed_mask) return false;
  }
}

BigInt nopromo_count(const NopromoShape& shape) {
  assert(shape.files >= 1 && shape.files <= MaxFiles && shape.ranks >= 3 && shape.ranks <= MaxRanks);
  const int files = shape.files, men = original_men(shape), maxp = files;
  const bool constrained = shape.file_constraints;
  const bool kings = shape.kings_apart;

  // The DP states of the files so far: keys (see encode) and the weights of their placements.
  std::vector<std::string> keys;
  std::vector<Weights> weights(1);
  {
    std::vector<Pair> init{{start_profile(), start_profile()}};
    keys.emplace_back();
    encode(0, 0, init, keys.back());
    weights[0].all[0] = 1;
  }
  // Each file: find the transitions (source, class) -> next state, then sum the sources of each
  // (next state, class) and extend that sum once. extend is the costly step: this calls it about 7
  // times less often on the full board than once per transition.
  StateIds next;
  std::vector<std::uint64_t> moves, sorted;  // next state << 40 | class << 32 | source
  std::vector<Pair> out;
  std::string key;
  for (int f = 0; f < files; ++f) {
    const std::vector<FileClass> classes = file_classes(shape, f);
    next.clear();
    moves.clear();
    for (std::size_t from = 0; from < keys.size(); ++from) {
      const int pw = keys[from][0], pb = keys[from][1];
      const std::vector<Pair> pairs = decode(keys[from]);
      for (std::uint32_t c = 0; c < classes.size(); ++c) {
        const FileClass& k = classes[c];
        const int pw2 = pw + k.a, pb2 = pb + k.b;
        if (pw2 > maxp || pb2 > maxp) continue;
        out.clear();
        if (!constrained) {
          out = pairs;
        } else {
          // A side pays with captures of enemy men; the enemy keeps its king and its pawns.
          const int cap_w = men - 1 - pb2, cap_b = men - 1 - pw2, after = files - 1 - f;
          const int sat = std::max(0, shape.exact_costs) + 1;
          for (const Pair& q : pairs)
            for (int y = 0; y < (k.crossed ? 2 : 1); ++y) {
              const bool white_yields = k.crossed && y == 0, black_yields = k.crossed && y == 1;
              out.push_back({advance(q.first, k.a, k.white_home, white_yields, after, maxp - pw2, cap_w, sat),
                             advance(q.second, k.b, k.black_home, black_yields, after, maxp - pb2, cap_b, sat)});
            }
          prune(out);
          if (out.empty()) continue;
        }
        encode(pw2, pb2, out, key);
        moves.push_back(std::uint64_t(next.insert(key)) << 40 | std::uint64_t(c) << 32 | from);
      }
    }
    assert(keys.size() < (std::size_t(1) << 32) && next.keys.size() < (std::size_t(1) << 24) && classes.size() < 256);
    // Sort the moves by next state (counting sort), then each state's few moves by class.
    std::vector<std::uint32_t> start(next.keys.size() + 1, 0);
    for (const std::uint64_t m : moves) ++start[(m >> 40) + 1];
    for (std::size_t i = 1; i < start.size(); ++i) start[i] += start[i - 1];
    sorted.resize(moves.size());
    for (const std::uint64_t m : moves) sorted[start[m >> 40]++] = m;  // start[i] becomes the end of state i
    for (std::size_t i = 0, from = 0; i + 1 < start.size(); from = start[i++])
      std::sort(sorted.begin() + std::ptrdiff_t(from), sorted.begin() + std::ptrdiff_t(start[i]));
    moves.swap(sorted);
    std::vector<Weights> reached(next.keys.size());
    for (std::size_t i = 0; i < moves.size();) {
      const std::uint64_t group = moves[i] >> 32;
      Weights sum{};
      for (; i < moves.size() && moves[i] >> 32 == group; ++i) {
        // The sources are scattered: fetch one a few moves ahead (a Weights spans 13 cache lines).
        if (i + 4 < moves.size()) {
          const char* ahead = reinterpret_cast<const char*>(&weights[std::uint32_t(moves[i + 4])]);
          for (std::size_t b = 0; b < (kings ? sizeof(Weights) : sizeof(MomentVec)); b += 64)
            __builtin_prefetch(ahead + b);
        }
        add(sum, weights[std::uint32_t(moves[i])], kings);
      }
      extend(reached[group >> 8], sum, classes[group & 0xff], f, shape, kings);
    }
    weights.swap(reached);
    keys.swap(next.keys);
  }

  // agg[pw][pb][nw][nb]: the weights of the pawn placements allowed when white has nw men and black nb.
  const int np = maxp + 1, nm = men + 1;
  std::vector<Totals> agg(std::size_t(np) * np * nm * nm);
  auto agg_at = [&](int pw, int pb, int nw, int nb) -> Totals& {
    return agg[((std::size_t(pw) * np + pb) * nm + nw) * nm + nb];
  };
  for (std::size_t i = 0; i < keys.size(); ++i) {
    const int pw = keys[i][0], pb = keys[i][1];
    std::vector<std::pair<int, int>> costs;  // (white cost, black cost) per surviving pair
    for (const Pair& q : decode(keys[i])) costs.emplace_back(final_cost(q.first), final_cost(q.second));
    for (int nw = 1 + pw; nw <= men; ++nw)
      for (int nb = 1 + pb; nb <= men; ++nb) {
        // White pawns captured at least cost_w black men: cost_w <= men - nb; likewise black.
        const bool ok = !constrained || std::any_of(costs.begin(), costs.end(), [&](const auto& c) {
                          return c.first <= men - nb && c.second <= men - nw;
                        });
        if (ok) agg_at(pw, pb, nw, nb).add(weights[i]);
      }
  }

  // Pieces other than king and bishops.
  const std::vector<std::uint64_t> ways = nopromo_piece_orders(shape);
  const int cmax = int(ways.size()) - 1;
  const int squares = files * shape.ranks;
  int light_squares = 0;
  for (int f = 0; f < files; ++f)
    for (int r = 0; r < shape.ranks; ++r) light_squares += ((f + r) & 1) != 0;
  const int dark_squares = squares - light_squares;

  BigInt total = 0;
  for (int pw = 0; pw <= maxp; ++pw)
    for (int pb = 0; pb <= maxp; ++pb) {
      const int p = pw + pb;
      for (int cw = 0; cw <= cmax; ++cw)
        for (int cb = 0; cb <= cmax; ++cb)
          for (int lw = 0; lw <= shape.light_bishops; ++lw)
            for (int dkw = 0; dkw <= shape.dark_bishops; ++dkw)
              for (int lb = 0; lb <= shape.light_bishops; ++lb)
                for (int dkb = 0; dkb <= shape.dark_bishops; ++dkb) {
                  const int nw = 1 + cw + lw + dkw + pw, nb = 1 + cb + lb + dkb + pb;
                  const Totals& a = agg_at(pw, pb, nw, nb);
                  const int kl = lw + lb, kd = dkw + dkb;
                  const int rest = squares - p - 2 - kl - kd;  // for the other pieces, after kings and bishops
                  if (a.all[0] == 0 || rest < cw + cb) continue;
                  const long light = light_squares, dark = long(dark_squares) - p;  // free: light - l, dark + l
                  // Kings first, on two free squares, then the bishops on their colours: ordered king
                  // pairs of each colour kind, less twice the adjacent unordered pairs of that kind.
                  Dot dot;
                  dot.add(piece_poly(light, kl + 2, dark, kd), a.all);
                  dot.add(piece_poly(light, kl, dark, kd + 2), a.all);
                  dot.add(piece_poly(light, kl + 1, dark, kd + 1), a.all, 2);
                  if (kings) {
                    dot.add(piece_poly(light - 1, kl, dark - 1, kd), a.adjacent[Orthogonal], -2);
                    dot.add(piece_poly(light - 2, kl, dark, kd), a.adjacent[DiagonalLight], -2);
                    dot.add(piece_poly(light, kl, dark - 2, kd), a.adjacent[DiagonalDark], -2);
                  }
                  // The other pieces on the squares left.
                  const BigInt others = trinomial(rest, cw, cb);
                  total += dot.value() * others * ways[std::size_t(cw)] * ways[std::size_t(cb)];
                }
    }
  return total;
}

}  // namespace chessrank::bound
