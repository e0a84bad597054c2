#include "bound/nopromo.h"

#include <algorithm>
#include <array>
#include <vector>

#include "bound/army.h"

namespace chessrank::bound {

namespace {

using U128 = Uint128;
constexpr int Moments = 5;  // the piece factor is a polynomial of degree <= 4 in the light pawn count

struct FileTable {
  // placements[a][b][crossed][light]: a white and b black pawns on one file's pawn squares, `crossed`
  // when the lowest white pawn stands above the highest black one, `light` of them on light squares.
  std::vector<std::uint64_t> placements;
  int height;
  std::uint64_t& at(int a, int b, int crossed, int light) {
    return placements[((std::size_t(a) * (height + 1) + b) * 2 + crossed) * (height + 1) + light];
  }
};

// Enumerate the 3^height colourings of one file; the file's colour pattern depends only on file parity.
FileTable file_table(int height, int file) {
  FileTable t{std::vector<std::uint64_t>(std::size_t(height + 1) * (height + 1) * 2 * (height + 1), 0), height};
  int total = 1;
  for (int i = 0; i < height; ++i) total *= 3;
  for (int code = 0; code < total; ++code) {
    int a = 0, b = 0, light = 0, lowest_white = 99, highest_black = -1, c = code;
    for (int r = 0; r < height; ++r, c /= 3) {
      const int v = c % 3;  // 0 empty, 1 white pawn, 2 black pawn; r = 0 is rank 2
      if (v == 0) continue;
      const bool dark = ((file + r + 1) & 1) == 0;
      light += !dark;
      if (v == 1) ++a, lowest_white = std::min(lowest_white, r);
      else ++b, highest_black = std::max(highest_black, r);
    }
    const int crossed = a > 0 && b > 0 && lowest_white > highest_black;
    ++t.at(a, b, crossed, light);
  }
  return t;
}

struct State {
  std::array<U128, Moments> m{};  // sum over placements of light^k
};

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

BigInt to_big(U128 v) {
  BigInt r = static_cast<unsigned long>(static_cast<std::uint64_t>(v >> 64));
  r <<= 64;
  r += static_cast<unsigned long>(static_cast<std::uint64_t>(v));
  return r;
}

}  // namespace

BigInt nopromo_count(const NopromoShape& shape) {
  const int files = shape.files, height = shape.ranks - 2, men = original_men(shape);
  const int maxp = files, maxd = files;  // displaced pawns per side; crossed files
  // State index: (white pawns, black pawns, white displaced, black displaced, crossed files).
  const int np = maxp + 1, nd = maxd + 1;
  auto index = [&](int pw, int pb, int dw, int db, int x) {
    return (((std::size_t(pw) * np + pb) * nd + dw) * nd + db) * nd + x;
  };
  const std::size_t states = std::size_t(np) * np * nd * nd * nd;
  std::vector<State> cur(states), next(states);
  std::vector<char> live(states, 0), next_live(states, 0);
  cur[index(0, 0, 0, 0, 0)].m[0] = 1;
  live[index(0, 0, 0, 0, 0)] = 1;
  static constexpr std::uint64_t Binom[Moments][Moments] = {
      {1, 0, 0, 0, 0}, {1, 1, 0, 0, 0}, {1, 2, 1, 0, 0}, {1, 3, 3, 1, 0}, {1, 4, 6, 4, 1}};

  for (int f = 0; f < files; ++f) {
    FileTable table = file_table(height, f);
    // Power sums of the light count per (a, b, crossed).
    std::vector<std::array<U128, Moments>> sums(std::size_t(height + 1) * (height + 1) * 2);
    for (int a = 0; a <= height; ++a)
      for (int b = 0; a + b <= height; ++b)
        for (int cr = 0; cr < 2; ++cr) {
          auto& s = sums[(std::size_t(a) * (height + 1) + b) * 2 + cr];
          for (int l = 0; l <= height; ++l) {
            U128 pw = table.at(a, b, cr, l);
            for (int k = 0; k < Moments; ++k, pw *= U128(l)) s[k] += pw;
          }
        }
    std::fill(next.begin(), next.end(), State{});
    std::fill(next_live.begin(), next_live.end(), 0);
    for (int pw = 0; pw <= maxp; ++pw)
      for (int pb = 0; pb <= maxp; ++pb)
        for (int dw = 0; dw <= maxd; ++dw)
          for (int db = 0; db <= maxd; ++db)
            for (int x = 0; x <= maxd; ++x) {
              const std::size_t i = index(pw, pb, dw, db, x);
              if (!live[i]) continue;
              const State& st = cur[i];
              for (int a = 0; a <= height && pw + a <= maxp; ++a)
                for (int b = 0; a + b <= height && pb + b <= maxp; ++b)
                  for (int cr = 0; cr < 2; ++cr) {
                    const auto& s = sums[(std::size_t(a) * (height + 1) + b) * 2 + cr];
                    if (s[0] == 0) continue;
                    const int dw2 = dw + std::max(a - 1, 0), db2 = db + std::max(b - 1, 0), x2 = x + cr;
                    if (dw2 > maxd || db2 > maxd || x2 > maxd) continue;
                    if (shape.file_constraints) {
                      // Prune what no material can pay for: a side's displaced pawns need as many
                      // missing enemy men, and the enemy keeps its king and its pawns.
                      if (dw2 > men - 1 - (pb + b) || db2 > men - 1 - (pw + a)) continue;
                      if (dw2 + db2 + x2 > 2 * men - 2 - (pw + a) - (pb + b)) continue;
                    }
                    const std::size_t j = index(pw + a, pb + b, dw2, db2, x2);
                    State& nx = next[j];
                    next_live[j] = 1;
                    for (int k = 0; k < Moments; ++k) {
                      U128 acc = 0;
                      for (int t = 0; t <= k; ++t) acc += U128(Binom[k][t]) * st.m[t] * s[k - t];
                      nx.m[k] += acc;
                    }
                  }
            }
    std::swap(cur, next);
    std::swap(live, next_live);
  }

  // Pieces other than king and bishops: ways[c] = sum over q + r + n = c of c! / (q! r! n!).
  std::vector<std::uint64_t> ways(std::size_t(shape.queens + shape.rooks + shape.knights + 1), 0);
  {
    auto fact = [](int n) { std::uint64_t r = 1; for (int i = 2; i <= n; ++i) r *= std::uint64_t(i); return r; };
    for (int q = 0; q <= shape.queens; ++q)
      for (int r = 0; r <= shape.rooks; ++r)
        for (int n = 0; n <= shape.knights; ++n)
          ways[std::size_t(q + r + n)] += fact(q + r + n) / (fact(q) * fact(r) * fact(n));
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
      // agg[nw][nb]: moments of pawn placements allowed when white has nw men and black nb.
      std::vector<std::array<U128, Moments>> agg(std::size_t(men + 1) * (men + 1));
      for (int dw = 0; dw <= maxd; ++dw)
        for (int db = 0; db <= maxd; ++db)
          for (int x = 0; x <= maxd; ++x) {
            const std::size_t i = index(pw, pb, dw, db, x);
            if (!live[i]) continue;
            for (int nw = 1 + pw; nw <= men; ++nw)
              for (int nb = 1 + pb; nb <= men; ++nb) {
                if (shape.file_constraints) {
                  const int bw = men - nb, bb = men - nw;  // captures available to white, to black
                  if (dw > bw || db > bb || dw + db + x > bw + bb) continue;
                }
                auto& a = agg[std::size_t(nw) * (men + 1) + nb];
                for (int k = 0; k < Moments; ++k) a[k] += cur[i].m[k];
              }
          }
      const int p = pw + pb;
      for (int cw = 0; cw <= cmax; ++cw)
        for (int cb = 0; cb <= cmax; ++cb)
          for (int lw = 0; lw <= shape.light_bishops; ++lw)
            for (int dkw = 0; dkw <= shape.dark_bishops; ++dkw)
              for (int lb = 0; lb <= shape.light_bishops; ++lb)
                for (int dkb = 0; dkb <= shape.dark_bishops; ++dkb) {
                  const int nw = 1 + cw + lw + dkw + pw, nb = 1 + cb + lb + dkb + pb;
                  const auto& a = agg[std::size_t(nw) * (men + 1) + nb];
                  if (a[0] == 0) continue;
                  const int kl = lw + lb, kd = dkw + dkb;
                  const auto poly = piece_poly(light_squares, kl, long(dark_squares) - p, kd);
                  BigInt bishops = 0;
                  for (int k = 0; k < Moments; ++k)
                    if (poly[k] != 0) bishops += poly[k] * to_big(a[k]);
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
