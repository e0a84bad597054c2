#include "rank/pawn_layer.h"

#include <algorithm>
#include <bit>
#include <tuple>

namespace chessrank::rank {

namespace {

// Return the 6-bit mask of a file's cells (bit i = rank i + 2) in a bitboard.
inline unsigned file_cells(Bitboard b, int file) {
  unsigned m = 0;
  for (int i = 0; i < 6; ++i) m |= unsigned((b >> (8 * (i + 1) + file)) & 1) << i;
  return m;
}

inline Bitboard cells_to_bitboard(unsigned mask, int file) {
  Bitboard b = 0;
  for (int i = 0; i < 6; ++i)
    if (mask >> i & 1) b |= Bitboard(1) << (8 * (i + 1) + file);
  return b;
}

// Return whether some white cell lies below some black cell.
inline bool opposed(unsigned white, unsigned black) {
  if (!white || !black) return false;
  return std::countr_zero(white) < 31 - std::countl_zero(black);
}

bool allowed(CellRule rule, bool w, bool b) {
  switch (rule) {
    case CellRule::Any: return true;
    case CellRule::NoWhite: return !w;
    case CellRule::White: return w;
    case CellRule::Black: return b;
    case CellRule::Empty: return !w && !b;
  }
  return false;
}

}  // namespace

PawnLayer::PawnLayer(const PawnRules& rules) {
  for (int f = 0; f < 8; ++f) {
    FileTable& t = files_[f];
    t.group_of.fill(-1);
    struct Config {
      unsigned white, black;
      bool opp;
    };
    std::vector<Config> configs;
    for (unsigned w = 0; w < 64; ++w)
      for (unsigned b = 0; b < 64; ++b) {
        if (w & b) continue;
        bool ok = true;
        for (int i = 0; i < 6 && ok; ++i) ok = allowed(rules[f][i], w >> i & 1, b >> i & 1);
        if (ok) configs.push_back({w, b, opposed(w, b)});
      }
    std::sort(configs.begin(), configs.end(), [](const Config& x, const Config& y) {
      const auto kx = std::make_tuple(popcount(x.white), popcount(x.black), x.opp, x.white, x.black);
      const auto ky = std::make_tuple(popcount(y.white), popcount(y.black), y.opp, y.white, y.black);
      return kx < ky;
    });
    for (const Config& c : configs) {
      const auto a = std::uint8_t(popcount(c.white)), b = std::uint8_t(popcount(c.black));
      if (t.groups.empty() || t.groups.back().white != a || t.groups.back().black != b ||
          t.groups.back().opposed != c.opp)
        t.groups.push_back({a, b, std::uint8_t(c.opp), std::uint16_t(t.configs.size()), 0});
      Group& g = t.groups.back();
      const unsigned key = c.white | c.black << 6;
      t.group_of[key] = std::int16_t(t.groups.size() - 1);
      t.index_in_group[key] = g.size++;
      t.configs.push_back(std::uint16_t(key));
    }
  }

  suffix_[8][0][0][0] = 1;
  for (int f = 7; f >= 0; --f)
    for (int w = 0; w <= 8; ++w)
      for (int b = 0; b <= 8; ++b)
        for (int o = 0; o <= 8; ++o) {
          u128 total = 0;
          for (const Group& g : files_[f].groups)
            if (g.white <= w && g.black <= b && g.opposed <= o)
              total += u128(g.size) * suffix_[f + 1][w - g.white][b - g.black][o - g.opposed];
          suffix_[f][w][b][o] = total;
        }
}

bool PawnLayer::admissible(Bitboard white, Bitboard black) const {
  for (int f = 0; f < 8; ++f)
    if (files_[f].group_of[file_cells(white, f) | file_cells(black, f) << 6] < 0) return false;
  return true;
}

int PawnLayer::opposed_files(Bitboard white, Bitboard black) {
  int n = 0;
  for (int f = 0; f < 8; ++f) n += opposed(file_cells(white, f), file_cells(black, f));
  return n;
}

PawnLayer::u128 PawnLayer::rank(Bitboard white, Bitboard black) const {
  int w = popcount(white), b = popcount(black), o = opposed_files(white, black);
  u128 r = 0;
  for (int f = 0; f < 8; ++f) {
    const FileTable& t = files_[f];
    const unsigned key = file_cells(white, f) | file_cells(black, f) << 6;
    const int gi = t.group_of[key];
    for (int i = 0; i < gi; ++i) {
      const Group& g = t.groups[i];
      if (g.white <= w && g.black <= b && g.opposed <= o)
        r += u128(g.size) * suffix_[f + 1][w - g.white][b - g.black][o - g.opposed];
    }
    const Group& g = t.groups[gi];
    w -= g.white, b -= g.black, o -= g.opposed;
    r += u128(t.index_in_group[key]) * suffix_[f + 1][w][b][o];
  }
  return r;
}

void PawnLayer::unrank(int w, int b, int o, u128 r, Bitboard& white, Bitboard& black) const {
  white = black = 0;
  for (int f = 0; f < 8; ++f) {
    const FileTable& t = files_[f];
    for (const Group& g : t.groups) {
      if (g.white > w || g.black > b || g.opposed > o) continue;
      const u128 completions = suffix_[f + 1][w - g.white][b - g.black][o - g.opposed];
      const u128 block = u128(g.size) * completions;
      if (r >= block) {
        r -= block;
        continue;
      }
      const unsigned key = t.configs[g.first + unsigned(r / completions)];
      r %= completions;
      white |= cells_to_bitboard(key & 63, f);
      black |= cells_to_bitboard(key >> 6, f);
      w -= g.white, b -= g.black, o -= g.opposed;
      break;
    }
  }
}

}  // namespace chessrank::rank
