#include "bound/tromp2021.h"

#include <algorithm>
#include <array>

#include "bound/army.h"

namespace chessrank::bound {

namespace {

// Return opps(p, s, n): ways to give p of n files one opposed pair each, sandwiching s squares in all.
// A pair with i squares between its pawns (0..4) fits in 5 - i ways on ranks 2..7.
long opps(int p, int s, int n) {
  static std::array<std::array<std::array<long, 9>, 33>, 9> table = [] {
    std::array<std::array<std::array<long, 9>, 33>, 9> t{};
    for (int nn = 0; nn <= 8; ++nn)
      for (int pp = 0; pp <= 8; ++pp)
        for (int ss = 0; ss <= 32; ++ss) {
          long v;
          if (pp == 0) v = ss == 0;
          else if (nn == 0) v = 0;
          else {
            v = t[pp][ss][nn - 1];
            for (int i = 0; i <= std::min(ss, 4); ++i) v += (5 - i) * t[pp - 1][ss - i][nn - 1];
          }
          t[pp][ss][nn] = v;
        }
    return t;
  }();
  if (p < 0 || s < 0 || n < 0 || p > 8 || s > 32 || n > 8) return 0;
  return table[p][s][n];
}

BigInt pawns_ep(int wp, int bp, int o, int dw, int db, int ds) {
  const int o2 = o - dw - db;  // pairs on the six files away from the en passant pair
  if (o2 < 0) return 0;
  BigInt sum = 0;
  for (int s = 0; s <= 4 * o2; ++s) {
    const long w = opps(o2, s, 6);
    if (w != 0) sum += w * trinomial(44 - o - o2 - ds - s, wp + db - o, bp + dw - o);
  }
  return sum;
}

}  // namespace

BigInt tromp2021_pawns(int ep, int wp, int bp, int o) {
  BigInt sum = 0;
  if (ep == 0) {
    for (int s = 0; s <= 4 * o; ++s) {
      const long w = opps(o, s, 8);
      if (w != 0) sum += w * trinomial(48 - 2 * o - s, wp - o, bp - o);
    }
    return sum;
  }
  sum = pawns_ep(wp, bp, o, 0, 0, 0);
  if (o > 1)
    for (int ds1 = 0; ds1 <= 2; ++ds1)
      for (int ds2 = 0; ds2 <= 1; ++ds2) sum += pawns_ep(wp, bp, o, 1, 1, ds1 + ds2);
  if (o > 0) {
    for (int ds1 = 0; ds1 <= 2; ++ds1) sum += pawns_ep(wp, bp, o, 1, 0, ds1);
    for (int ds2 = 0; ds2 <= 1; ++ds2) sum += pawns_ep(wp, bp, o, 0, 1, ds2);
  }
  return sum;
}

namespace {

BigInt count_case(int fwr, int fbr, int ep, bool promotions) {
  const int np = 8 - ep;
  const int fixwk = fwr > 0, fixbk = fbr > 0;
  auto side = [&](int fr) {
    auto all = armies({np, 2 - fr, fr == 0});
    if (!promotions) std::erase_if(all, [](const ArmySummary& a) { return a.promotions > 0; });
    return all;
  };
  const auto white = side(fwr);
  const auto black = side(fbr);
  const int c1 = 32 - 2 * ep - fixwk - fixbk - fwr - fbr;
  std::array<std::array<std::array<BigInt, 17>, 9>, 9> pawn_memo;
  std::array<std::array<std::array<bool, 17>, 9>, 9> have{};
  return pair_sum(
      white, black, [&](int wp, int bp) { return 64 - 4 * ep - fixwk - fixbk - fwr - fbr - wp - bp; },
      [&](int wp, int bp, int t) -> BigInt {
        // maxuwp = bpx + caps - wproms and maxubp = wpx + caps - bproms, in terms of t.
        const int maxuwp = np + c1 - wp - 2 * bp - t;
        const int maxubp = np + c1 - 2 * wp - bp - t;
        if (maxuwp < 0 || maxubp < 0) return 0;
        const int minopp = std::max(0, ep + wp - maxuwp);
        if (minopp > 8) return 0;
        if (!have[wp][bp][minopp]) {
          pawn_memo[wp][bp][minopp] = tromp2021_pawns(ep, wp, bp, minopp);
          have[wp][bp][minopp] = true;
        }
        return pawn_memo[wp][bp][minopp];
      });
}

}  // namespace

Tromp2021Result tromp2021_count(const Tromp2021Options& options) {
  static constexpr int RookChoices[3] = {1, 2, 1};  // m(fr): which rook a single right belongs to
  static constexpr int EpChoices[2] = {1, 14};      // e(ep): 8 files * 2 sides - 2 edge files
  Tromp2021Result result;
  result.total = 0;
  const int max_fr = options.castling ? 2 : 0;
  const int max_ep = options.en_passant ? 1 : 0;
  for (int fwr = 0; fwr <= max_fr; ++fwr)
    for (int fbr = 0; fbr <= max_fr; ++fbr)
      for (int ep = 0; ep <= max_ep; ++ep) {
        BigInt c = count_case(fwr, fbr, ep, options.promotions) * (RookChoices[fwr] * RookChoices[fbr] * EpChoices[ep]);
        result.total += c;
        result.cases.push_back({fwr, fbr, ep, std::move(c)});
      }
  if (options.both_sides) result.total *= 2;
  return result;
}

}  // namespace chessrank::bound
