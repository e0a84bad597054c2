#include "rank/pawn_layer.h"

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <tuple>

namespace chessrank::rank {

namespace {

// The cells of every file (ranks 2..7).
constexpr Bitboard CellsBB = 0x00FFFFFFFFFFFF00ULL;
// The cells of file a (ranks 2..7) as a bitboard.
constexpr Bitboard FileCells = 0x0001010101010100ULL;
// Multiplying the six cells of file a, shifted down to bits 0, 8, ..., 40, by this moves bit 8i to bit
// 56 + i; the other partial products land below bit 56 or above bit 63 at distinct places (8i - 7j is
// unique), so no carry disturbs the result.
constexpr Bitboard GatherMagic =
    (1ULL << 56) | (1ULL << 49) | (1ULL << 42) | (1ULL << 35) | (1ULL << 28) | (1ULL << 21);

// Return the 6-bit mask of a file's cells (bit i = rank i + 2) in a bitboard.
inline unsigned file_cells(Bitboard b, int file) {
  return unsigned((((b >> file) & FileCells) >> 8) * GatherMagic >> 56);
}

// Spread[mask]: the cells of a 6-bit mask on file a.
constexpr std::array<Bitboard, 64> Spread = [] {
  std::array<Bitboard, 64> t{};
  for (unsigned mask = 0; mask < 64; ++mask)
    for (int i = 0; i < 6; ++i)
      if (mask >> i & 1) t[mask] |= Bitboard(1) << (8 * (i + 1));
  return t;
}();

inline Bitboard cells_to_bitboard(unsigned mask, int file) { return Spread[mask] << file; }

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
          if (total >> 64) std::abort();  // cannot happen with at most 8 pawns a side (see suffix_)
          suffix_[f][w][b][o] = std::uint64_t(total);
        }
}

bool PawnLayer::admissible(Bitboard white, Bitboard black) const {
  for (int f = 0; f < 8; ++f)
    if (files_[f].group_of[file_cells(white, f) | file_cells(black, f) << 6] < 0) return false;
  return true;
}

int PawnLayer::opposed_files(Bitboard white, Bitboard black) {
  // All files at once: fill every white cell's file upwards, keep the black cells strictly above a
  // white one, and fold the ranks onto one byte of opposed files.
  Bitboard above = (white & CellsBB) << 8;
  above |= above << 8;
  above |= above << 16;
  above |= above << 32;
  Bitboard m = above & black & CellsBB;
  m |= m >> 32;
  m |= m >> 16;
  m |= m >> 8;
  return popcount(m & 0xFF);
}

PawnLayer::u128 PawnLayer::rank(Bitboard white, Bitboard black) const {
  int w = popcount(white), b = popcount(black), o = opposed_files(white, black);
  std::uint64_t r = 0;
  for (int f = 0; f < 8; ++f) {
    const FileTable& t = files_[f];
    const unsigned key = file_cells(white, f) | file_cells(black, f) << 6;
    const int gi = t.group_of[key];
    for (int i = 0; i < gi; ++i) {
      const Group& g = t.groups[i];
      if (g.white <= w && g.black <= b && g.opposed <= o)
        r += g.size * suffix_[f + 1][w - g.white][b - g.black][o - g.opposed];
    }
    const Group& g = t.groups[gi];
    w -= g.white, b -= g.black, o -= g.opposed;
    r += t.index_in_group[key] * suffix_[f + 1][w][b][o];
  }
  return r;
}

void PawnLayer::unrank(int w, int b, int o, u128 rank, Bitboard& white, Bitboard& black) const {
  std::uint64_t r = std::uint64_t(rank);  // rank < count(w, b, o) < 2^64
  white = black = 0;
  for (int f = 0; f < 8; ++f) {
    const FileTable& t = files_[f];
    for (const Group& g : t.groups) {
      if (g.white > w || g.black > b || g.opposed > o) continue;
      const std::uint64_t completions = suffix_[f + 1][w - g.white][b - g.black][o - g.opposed];
      const std::uint64_t block = g.size * completions;
      if (r >= block) {
        r -= block;
        continue;
      }
      unsigned index = 0;
      if (g.size > 1) {  // most files are empty, a group of one: skip the division
        index = unsigned(r / completions);
        r %= completions;
      }
      const unsigned key = t.configs[g.first + index];
      white |= cells_to_bitboard(key & 63, f);
      black |= cells_to_bitboard(key >> 6, f);
      w -= g.white, b -= g.black, o -= g.opposed;
      break;
    }
  }
}

}  // namespace chessrank::rank
