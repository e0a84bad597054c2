#include "bound/nopromo.h"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <cstring>
#include <string>
#include <unordered_map>
#include <vector>

#include "bound/army.h"

namespace chessrank::bound {

namespace {

using U128 = Uint128;
constexpr int Moments = 5;  // the piece factor is a polynomial of degree <= 4 in the light pawn count
constexpr int MaxFiles = 8;
constexpr int Span = 2 * MaxFiles + 1;  // flow values -8..8
constexpr std::uint8_t Inf = 255;

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
  std::array<U128, Moments> sums{};  // sum over the class's patterns of light^k
};

// Group the 3^height pawn patterns of one file by what the constraints see; the file's colour pattern
// depends only on file parity.
std::vector<FileClass> file_classes(const NopromoShape& s, int file) {
  const int height = s.ranks - 2;
  std::vector<FileClass> classes;
  int total = 1;
  for (int i = 0; i < height; ++i) total *= 3;
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
    if (it == classes.end()) it = classes.insert(classes.end(), FileClass{a, b, crossed, white_home, black_home, {}});
    U128 pw = 1;
    for (int k = 0; k < Moments; ++k, pw *= U128(light)) it->sums[std::size_t(k)] += pw;
  }
  return classes;
}

// Return the coefficients of fall(x0 - l, kl) * fall(y0 + l, kd) as a polynomial in l.
std::array<BigInt, Moments> piece_poly(long x0, int kl, long y0, int kd) {
  std::array<BigInt, Moments> p{};
  p[0] = 1;
  auto multiply = [&](long c, long sign) {  // multiply by (c + sign * l)
    std::array<BigInt, Moments> q{};
    for (int i = 0; i < Moments; ++i) {
      q[i] += p[i] * c;
      if (i + 1 < Moments) q[i + 1] += p[i] * sign;
    }
    p = q;
  };
  for (int i = 0; i < kl; ++i) multiply(x0 - i, -1);
  for (int i = 0; i < kd; ++i) multiply(y0 - i, +1);
  return p;
}

// A joint DP state: pawn counts and the Pareto set of (white, black) profile pairs, one pair per
// choice of yielding sides on the crossed files so far (dominated pairs dropped), as a byte string.
using Pair = std::pair<Profile, Profile>;

std::string encode(int pw, int pb, std::vector<Pair>& pairs) {
  std::sort(pairs.begin(), pairs.end(), [](const Pair& x, const Pair& y) {
    const int c = std::memcmp(x.first.v.data(), y.first.v.data(), x.first.v.size());
    return c != 0 ? c < 0 : std::memcmp(x.second.v.data(), y.second.v.data(), x.second.v.size()) < 0;
  });
  std::string key;
  key.reserve(2 + pairs.size() * Span * 4);
  key.push_back(char(pw));
  key.push_back(char(pb));
  for (const Pair& q : pairs) {
    key.append(reinterpret_cast<const char*>(q.first.v.data()), q.first.v.size());
    key.append(reinterpret_cast<const char*>(q.second.v.data()), q.second.v.size());
  }
  return key;
}

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

// Drop dead and dominated pairs (and duplicates).
void prune(std::vector<Pair>& pairs) {
  std::vector<Pair> kept;
  for (const Pair& q : pairs) {
    if (q.first.dead() || q.second.dead()) continue;
    bool dominated = false;
    for (const Pair& k : kept)
      if (k.first <= q.first && k.second <= q.second) { dominated = true; break; }
    if (dominated) continue;
    kept.erase(std::remove_if(kept.begin(), kept.end(),
                              [&](const Pair& k) { return q.first <= k.first && q.second <= k.second; }),
               kept.end());
    kept.push_back(q);
  }
  pairs = std::move(kept);
}

using MomentVec = std::array<U128, Moments>;

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

BigInt nopromo_count(const NopromoShape& shape) {
  const int files = shape.files, men = original_men(shape), maxp = files;
  const bool constrained = shape.file_constraints;
  static constexpr std::uint64_t Binom[Moments][Moments] = {
      {1, 0, 0, 0, 0}, {1, 1, 0, 0, 0}, {1, 2, 1, 0, 0}, {1, 3, 3, 1, 0}, {1, 4, 6, 4, 1}};

  std::unordered_map<std::string, MomentVec> cur, next;
  {
    std::vector<Pair> init{{start_profile(), start_profile()}};
    MomentVec one{};
    one[0] = 1;
    cur[encode(0, 0, init)] = one;
  }
  for (int f = 0; f < files; ++f) {
    const std::vector<FileClass> classes = file_classes(shape, f);
    next.clear();
    for (const auto& [key, m] : cur) {
      const int pw = key[0], pb = key[1];
      const std::vector<Pair> pairs = decode(key);
      for (const FileClass& k : classes) {
        const int pw2 = pw + k.a, pb2 = pb + k.b;
        if (pw2 > maxp || pb2 > maxp) continue;
        std::vector<Pair> out;
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
        MomentVec& nx = next[encode(pw2, pb2, out)];
        for (int i = 0; i < Moments; ++i) {
          U128 acc = 0;
          for (int t = 0; t <= i; ++t) acc += U128(Binom[i][t]) * m[std::size_t(t)] * k.sums[std::size_t(i - t)];
          nx[std::size_t(i)] += acc;
        }
      }
    }
    std::swap(cur, next);
  }

  // agg[pw][pb][nw][nb]: moments of the pawn placements allowed when white has nw men and black nb.
  const int np = maxp + 1, nm = men + 1;
  std::vector<MomentVec> agg(std::size_t(np) * np * nm * nm);
  auto agg_at = [&](int pw, int pb, int nw, int nb) -> MomentVec& {
    return agg[((std::size_t(pw) * np + pb) * nm + nw) * nm + nb];
  };
  for (const auto& [key, m] : cur) {
    const int pw = key[0], pb = key[1];
    std::vector<std::pair<int, int>> costs;  // (white cost, black cost) per surviving pair
    for (const Pair& q : decode(key)) costs.emplace_back(final_cost(q.first), final_cost(q.second));
    for (int nw = 1 + pw; nw <= men; ++nw)
      for (int nb = 1 + pb; nb <= men; ++nb) {
        // White pawns captured at least cost_w black men: cost_w <= men - nb; likewise black.
        const bool ok = !constrained || std::any_of(costs.begin(), costs.end(), [&](const auto& c) {
                          return c.first <= men - nb && c.second <= men - nw;
                        });
        if (!ok) continue;
        MomentVec& a = agg_at(pw, pb, nw, nb);
        for (int k = 0; k < Moments; ++k) a[std::size_t(k)] += m[std::size_t(k)];
      }
  }

  // Pieces other than king and bishops: ways[c] = sum over q + r + n = c of c! / (q! r! n!).
  std::vector<std::uint64_t> ways(std::size_t(shape.queens + shape.rooks + shape.knights + 1), 0);
  {
    for (int q = 0; q <= shape.queens; ++q)
      for (int r = 0; r <= shape.rooks; ++r)
        for (int n = 0; n <= shape.knights; ++n)
          ways[std::size_t(q + r + n)] += factorial(q + r + n) / (factorial(q) * factorial(r) * factorial(n));
  }
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
                  const MomentVec& a = agg_at(pw, pb, nw, nb);
                  if (a[0] == 0) continue;
                  const int kl = lw + lb, kd = dkw + dkb;
                  const auto poly = piece_poly(light_squares, kl, long(dark_squares) - p, kd);
                  BigInt bishops = 0;
                  for (int k = 0; k < Moments; ++k)
                    if (poly[std::size_t(k)] != 0) addmul_u128(bishops, poly[std::size_t(k)], a[std::size_t(k)]);
                  // Kings and the other pieces on the squares left: S! / ((S-2-cw-cb)! cw! cb!) * ways.
                  const int rest = squares - p - kl - kd;
                  if (rest < 2 + cw + cb) continue;
                  const BigInt others = BigInt(rest) * (rest - 1) * trinomial(rest - 2, cw, cb);
                  total += bishops * others * ways[std::size_t(cw)] * ways[std::size_t(cb)];
                }
    }
  return total;
}

}  // namespace chessrank::bound
