#include "rank/pawn_layer.h"

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <mutex>
#include <map>
#include <tuple>
#include <unordered_map>

namespace chessrank::rank {

namespace {

// Return the key of a file's type: its rules, and its tracked cells above them.
std::uint32_t file_key(const std::array<CellRule, 6>& rules, unsigned track1, unsigned track2) {
  return (track1 | track2 << 6) << 18 | pack_rules(rules);
}

}  // namespace

std::shared_ptr<const PawnLayer::FileTable> PawnLayer::file_table(std::uint32_t key) {
  const std::array<CellRule, 6> rules = unpack_rules(key & 0x3FFFF);
  const unsigned track1 = key >> 18 & 63, track2 = key >> 24 & 63;
  static std::mutex mutex;
  static std::unordered_map<std::uint32_t, std::shared_ptr<const FileTable>> cache;
  const std::lock_guard<std::mutex> lock(mutex);
  if (const auto it = cache.find(key); it != cache.end()) return it->second;

  auto t = std::make_shared<FileTable>();
  t->group_of.fill(-1);
  struct Config {
    unsigned white, black;
    bool opp;
    int t1, t2;
  };
  std::vector<Config> configs;
  for_each_file_config(rules, [&](unsigned w, unsigned b) {
    configs.push_back({w, b, file_opposed(w, b), popcount((w | b) & track1), popcount((w | b) & track2)});
  });
  const auto order = [](const Config& c) {
    return std::make_tuple(popcount(c.white), popcount(c.black), c.opp, c.t1, c.t2, c.white, c.black);
  };
  std::sort(configs.begin(), configs.end(), [&](const Config& x, const Config& y) { return order(x) < order(y); });
  for (const Config& c : configs) {
    const auto a = std::uint8_t(popcount(c.white)), b = std::uint8_t(popcount(c.black));
    const Group* last = t->groups.empty() ? nullptr : &t->groups.back();
    if (!last || last->white != a || last->black != b || last->opposed != c.opp || last->tracked1 != c.t1 ||
        last->tracked2 != c.t2)
      t->groups.push_back({a, b, std::uint8_t(c.opp), std::uint8_t(c.t1), std::uint8_t(c.t2),
                           std::uint16_t(t->configs.size()), 0});
    Group& g = t->groups.back();
    const unsigned key2 = c.white | c.black << 6;
    t->group_of[key2] = std::int16_t(t->groups.size() - 1);
    t->index_in_group[key2] = g.size++;
    t->configs.push_back(std::uint16_t(key2));
  }
  cache.emplace(key, t);
  return t;
}

PawnLayer::PawnLayer(const PawnRules& rules, Bitboard track1, Bitboard track2, const FileOrder& order)
    : order_(order), track1_(track1), track2_(track2) {
  std::array<std::uint32_t, 8> keys;
  for (int i = 0; i < 8; ++i) {
    const int f = order[i];
    keys[i] = file_key(rules[f], file_cells(track1, f), file_cells(track2, f));
    files_[i] = file_table(keys[i]);
  }
  for (int i = 7; i >= 0; --i)
    dims_[i] = {dims_[i + 1].t1 + popcount(file_cells(track1, order[i])),
                dims_[i + 1].t2 + popcount(file_cells(track2, order[i]))};

  // The table from position i on depends only on the types of those files: keep every table built, by
  // that sequence of types, for the layers that follow. Tables are built outside the lock, so that layers
  // build in parallel; two threads may build the same table at once, and the first one stored is the one
  // kept (both are equal: a table is a function of its key).
  static std::mutex mutex;
  static std::map<std::vector<std::uint32_t>, std::shared_ptr<const Table>> cache;
  static const auto last = [] {  // after the last file: one way, with no pawns
    auto t = std::make_shared<Table>(PawnBlocks::Count, 0);
    (*t)[PawnBlock.index[0][0][0]] = 1;
    return std::shared_ptr<const Table>(t);
  }();
  suffix_[8] = last;
  for (int i = 7; i >= 0; --i) {
    const std::vector<std::uint32_t> key(keys.begin() + i, keys.end());
    {
      const std::lock_guard<std::mutex> lock(mutex);
      if (const auto it = cache.find(key); it != cache.end()) {
        suffix_[i] = it->second;
        continue;
      }
    }
    // Push every block of the next position through every group of this file: a shifted copy over the
    // tracked counts (dims only grow towards the front, so every target is in range).
    const Dims d = dims_[i], n = dims_[i + 1];
    const Table& next = *suffix_[i + 1];
    auto table = std::make_shared<Table>(std::size_t(PawnBlocks::Count) * d.t1 * d.t2, 0);
    for (const Group& g : files_[i]->groups)
      for (int from = 0; from < PawnBlocks::Count; ++from) {
        const auto& c = PawnBlock.counts[from];
        const int w = c[0] + g.white, b = c[1] + g.black, o = c[2] + g.opposed;
        if (w > 8 || b > 8) continue;
        const int to = PawnBlock.index[w][b][o];
        const std::uint64_t* src = &next[std::size_t(from) * n.t1 * n.t2];
        std::uint64_t* dst = &(*table)[(std::size_t(to) * d.t1 + g.tracked1) * d.t2 + g.tracked2];
        for (int t1 = 0; t1 < n.t1; ++t1)
          for (int t2 = 0; t2 < n.t2; ++t2) dst[t1 * d.t2 + t2] += g.size * src[t1 * n.t2 + t2];
      }
    const std::lock_guard<std::mutex> lock(mutex);
    suffix_[i] = cache.emplace(key, std::move(table)).first->second;
  }
  for (int i = 0; i <= 8; ++i) data_[i] = suffix_[i]->data();
  for (int i = 0; i < 8; ++i)
    groups_[i] = files_[i]->groups.data(), group_count_[i] = std::uint16_t(files_[i]->groups.size()),
    configs_[i] = files_[i]->configs.data();
}

bool PawnLayer::admissible(Bitboard white, Bitboard black) const {
  for (int i = 0; i < 8; ++i)
    if (files_[i]->group_of[file_cells(white, order_[i]) | file_cells(black, order_[i]) << 6] < 0) return false;
  return true;
}

int PawnLayer::opposed_files(Bitboard white, Bitboard black) {
  // All files at once: the black cells strictly above a white one, folded onto their files.
  return popcount(files_of(ahead_on_file(White, white & PawnCellsBB) & black & PawnCellsBB));
}

std::uint64_t PawnLayer::rank(Bitboard white, Bitboard black) const {
  Counts c = counts(white, black);
  std::uint64_t r = 0;
  for (int i = 0; i < 8; ++i) {
    const FileTable& t = *files_[i];
    const unsigned key = file_cells(white, order_[i]) | file_cells(black, order_[i]) << 6;
    const int gi = t.group_of[key];
    for (int j = 0; j < gi; ++j) r += t.groups[j].size * suffix_after(i, c, t.groups[j]);
    const Group& g = t.groups[gi];
    c = {c.white - g.white, c.black - g.black, c.opposed - g.opposed, c.tracked1 - g.tracked1, c.tracked2 - g.tracked2};
    r += t.index_in_group[key] * suffix(i + 1, c.white, c.black, c.opposed, c.tracked1, c.tracked2);
  }
  return r;
}

void PawnLayer::unrank(Counts c, std::uint64_t r, Bitboard& white, Bitboard& black) const {
  white = black = 0;
  for (int i = 0; i < 8; ++i) {
    const int f = order_[i];
    for (const Group *g_at = groups_[i], *end = g_at + group_count_[i]; g_at != end; ++g_at) {
      const Group& g = *g_at;
      const std::uint64_t completions = suffix_after(i, c, g);
      if (!completions) continue;
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
      const unsigned key = configs_[i][g.first + index];
      white |= cells_to_bitboard(key & 63, f);
      black |= cells_to_bitboard(key >> 6, f);
      c = {c.white - g.white, c.black - g.black, c.opposed - g.opposed, c.tracked1 - g.tracked1,
           c.tracked2 - g.tracked2};
      break;
    }
  }
}

}  // namespace chessrank::rank
