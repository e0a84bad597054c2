#include "rank/pawn_king_layer.h"

#include <algorithm>
#include <cassert>
#include <tuple>

namespace chessrank::rank {

namespace {

// Return the 8-bit mask of a file's squares (bit r = rank r) in a bitboard: the file moved to file a and
// gathered into the top byte by one multiplication (bit 8r meets bit 56 - 7r; every partial product lands
// on a bit of its own, so nothing carries).
inline unsigned file_squares(Bitboard b, int file) {
  return unsigned(((b >> file) & FileABB) * 0x0102040810204080ULL >> 56);
}

// A file type's key: its cell rules, and which of its squares are tracked, of the colour, open to the king.
std::uint64_t file_key(const std::array<CellRule, 6>& rules, unsigned track, unsigned colour, unsigned king) {
  return pack_rules(rules) | std::uint64_t(track) << 18 | std::uint64_t(colour) << 26 | std::uint64_t(king) << 34;
}

}  // namespace

std::shared_ptr<const PawnKingTables::FileTable> PawnKingTables::file(std::uint64_t key) {
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    if (const auto it = files_.find(key); it != files_.end()) return it->second;
  }
  const std::array<CellRule, 6> rules = unpack_rules(std::uint32_t(key & 0x3FFFF));
  const unsigned track = key >> 18 & 0xFF, colour = key >> 26 & 0xFF, king = key >> 34 & 0xFF;

  struct Config {
    std::array<std::uint8_t, 6> stats;  // white, black, opposed, king, track, colour
    std::uint16_t code;                 // white | black << 6 | king rank << 12
    std::uint8_t men;                   // pawns and king
    // Return the rank order: by the men of the file first (an empty file first, as most files are; then
    // pawns before the king, as more files hold pawns), then by the counts and the code.
    auto order() const { return std::tie(men, stats[3], stats, code); }
  };
  std::vector<Config> configs;
  for_each_file_config(rules, [&](unsigned w, unsigned b) {
    const unsigned occupied = (w | b) << 1;  // by rank
    const auto pawns = std::uint16_t(w | b << 6);
    const std::array<std::uint8_t, 6> s = {std::uint8_t(std::popcount(w)),
                                           std::uint8_t(std::popcount(b)),
                                           std::uint8_t(file_opposed(w, b)),
                                           0,
                                           std::uint8_t(std::popcount(occupied & track)),
                                           std::uint8_t(std::popcount(occupied & colour))};
    configs.push_back({s, std::uint16_t(pawns | NoKing << 12), std::uint8_t(s[0] + s[1])});
    for (unsigned q = 0; q < 8; ++q) {
      if (!(king >> q & 1) || (occupied >> q & 1)) continue;
      std::array<std::uint8_t, 6> k = s;
      k[3] = 1, k[4] += track >> q & 1, k[5] += colour >> q & 1;
      configs.push_back({k, std::uint16_t(pawns | q << 12), std::uint8_t(k[0] + k[1] + 1)});
    }
  });
  std::sort(configs.begin(), configs.end(), [](const Config& x, const Config& y) { return x.order() < y.order(); });

  auto t = std::make_shared<FileTable>();
  t->pawn_id.fill(-1);
  for (std::size_t i = 0; i < configs.size(); ++i) {
    const Config& c = configs[i];
    const auto& s = c.stats;
    const bool new_set = i == 0 || std::tie(s[0], s[1], s[2], s[3]) != std::tie(configs[i - 1].stats[0],
                                                                              configs[i - 1].stats[1],
                                                                              configs[i - 1].stats[2],
                                                                              configs[i - 1].stats[3]);
    if (new_set) {
      if (!t->sets.empty()) t->sets.back().end = std::uint16_t(t->groups.size());
      t->sets.push_back({s[0], s[1], s[2], s[3], c.men, std::uint16_t(t->groups.size()), 0,
                         lanes(s[0], s[1], s[2], s[3])});
    }
    if (new_set || c.stats != configs[i - 1].stats)
      t->groups.push_back({s[4], s[5], std::uint16_t(t->configs.size()), 0});
    Group& g = t->groups.back();
    const unsigned pawns = c.code & 0xFFF, q = c.code >> 12;
    if (t->pawn_id[pawns] < 0) {
      t->pawn_id[pawns] = std::int16_t(t->slots.size());
      t->slots.emplace_back();
    }
    t->slots[t->pawn_id[pawns]][q] = {std::int16_t(t->groups.size() - 1), g.size++};
    t->configs.push_back(c.code);
    t->max_track = std::max(t->max_track, int(s[4]));
    t->max_colour = std::max(t->max_colour, int(s[5]));
    t->king = t->king || s[3];
  }
  t->sets.back().end = std::uint16_t(t->groups.size());
  t->empty = t->sets.front().men == 0;
  const std::lock_guard<std::mutex> lock(mutex_);
  return files_.emplace(key, std::move(t)).first->second;  // a table built twice at once: the first one stays
}

std::shared_ptr<const PawnKingTables::Suffix> PawnKingTables::empty() {
  const std::lock_guard<std::mutex> lock(mutex_);
  if (!empty_) {
    auto t = std::make_shared<Suffix>();
    // One way with no men: block (0, 0, 0) holds a 1. Every other block keeps its (zero) count too, since
    // readers find a block's extent from the dimensions, not from the offsets.
    lay_out(*t, {});
    const int none = PawnBlock.index[0][0][0];
    std::vector<std::uint64_t> data(t->size, 0);
    data[t->start(none)] = 1;
    t->data = counts_.copy(data);
    t->live = {std::uint16_t(none)};
    empty_ = std::move(t);
  }
  return empty_;
}

std::shared_ptr<const PawnKingTables::Suffix> PawnKingTables::suffix(const std::vector<std::uint64_t>& keys,
                                                                      const FileTable& first,
                                                                      const std::shared_ptr<const Suffix>& rest) {
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    if (const auto it = suffixes_.find(keys); it != suffixes_.end()) return it->second;
  }
  // Push every live block of the table after this file through every group of the file: a shifted copy
  // over the king, tracked and colour counts. The dimensions only grow towards the front and the counts
  // of 16 pawns and a king stay below them, so every target is in range.
  const Dims n = rest->dims;
  const Dims d{n.king > 1 || first.king ? 2 : 1, n.track + first.max_track, std::min(n.colour + first.max_colour, 18)};
  auto t = std::make_shared<Suffix>();
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    lay_out(*t, d);
  }
  std::vector<std::uint64_t> data(t->size, 0);
  for (const Set& s : first.sets)
    for (const std::uint16_t from : rest->live) {
      const auto& c = PawnBlock.counts[from];
      const int w = c[0] + s.white, b = c[1] + s.black, o = c[2] + s.opposed;
      if (w > 8 || b > 8) continue;
      const int to = PawnBlock.index[w][b][o];
      const int ft = n.tracks(from), fc = n.colours(from), tt = d.tracks(to), tc = d.colours(to);
      for (int k = 0; k + s.king < d.king && k < n.king; ++k) {
        const std::uint64_t* src = &rest->data[rest->start(from) + std::size_t(k) * ft * fc];
        // The source slice counts at most its men, c[0] + c[1] + k, on each set: with this file's men that
        // is at most the target's, so every count lands inside the target's extent.
        const int most = c[0] + c[1] + k + 1, ta = std::min(ft, most), ca = std::min(fc, most);
        for (int gi = s.first; gi < s.end; ++gi) {
          const Group& g = first.groups[gi];
          std::uint64_t* dst = &data[t->start(to) + (std::size_t(k + s.king) * tt + g.track) * tc + g.colour];
          assert(ta + g.track <= tt && ca + g.colour <= tc);
          for (int a = 0; a < ta; ++a)
            for (int col = 0; col < ca; ++col) dst[a * tc + col] += g.size * src[a * fc + col];
        }
      }
    }
  for (int blk = 0; blk < PawnBlocks::Count; ++blk) {
    if (std::any_of(data.begin() + t->start(blk), data.begin() + t->end(blk),
                    [](std::uint64_t x) { return x != 0; }))
      t->live.push_back(std::uint16_t(blk));
  }
  const std::lock_guard<std::mutex> lock(mutex_);
  // A table built twice at once: the first one stays, and only it goes to the arena.
  if (const auto it = suffixes_.find(keys); it != suffixes_.end()) return it->second;
  t->data = counts_.copy(data);
  return suffixes_.emplace(keys, std::move(t)).first->second;
}

void PawnKingTables::lay_out(Suffix& s, const Dims& d) {
  auto& refs = refs_[{d.king, d.track, d.colour}];
  if (!refs) {
    // Each block a [king][track][colour] array cut to the extents its men reach, one after the other.
    auto r = std::make_unique<Suffix::BlockRefs>();
    std::uint32_t offset = 0;
    for (int blk = 0; blk < PawnBlocks::Count; ++blk) {
      (*r)[blk] = {offset, std::uint16_t(d.tracks(blk) * d.colours(blk)), std::uint8_t(d.tracks(blk)),
                   std::uint8_t(d.colours(blk))};
      offset += std::uint32_t(d.king) * (*r)[blk].size;
    }
    refs = std::move(r);
  }
  s.dims = d;
  s.refs = refs.get();
  s.size = s.end(PawnBlocks::Count - 1);
}

std::size_t PawnKingTables::bytes() const {
  const std::lock_guard<std::mutex> lock(mutex_);
  std::size_t n = 0;
  for (const auto& [key, f] : files_)
    n += sizeof(FileTable) + f->sets.size() * sizeof(Set) + f->groups.size() * sizeof(Group) + f->configs.size() * 2 +
         f->slots.size() * 36;
  for (const auto& [key, s] : suffixes_) n += s->size * 8 + s->live.size() * 2 + key.size() * 8;
  n += refs_.size() * sizeof(Suffix::BlockRefs);
  return n;
}

PawnKingLayer::PawnKingLayer(const PawnKingRules& rules, const FileOrder& order, PawnKingTables& tables) {
  // Squares nothing can take are left out of the tracked and colour sets, so that equal files get equal
  // keys whatever the sets say about them.
  Bitboard reachable = rules.king;
  for (int f = 0; f < 8; ++f)
    for (int i = 0; i < 6; ++i)
      if (rules.pawns[f][i] != CellRule::Empty) reachable |= square_bb(make_square(File(f), Rank(i + 1)));
  track_ = rules.track & reachable;
  colour_ = rules.colour & reachable;
  std::array<std::uint64_t, 8> keys;
  for (int i = 0; i < 8; ++i) {
    const int f = order[i];
    keys[i] = file_key(rules.pawns[f], file_squares(track_, f), file_squares(colour_, f), file_squares(rules.king, f));
    files_[i] = tables.file(keys[i]);
  }
  suffix_[8] = tables.empty();
  // A suffix table sums over the configurations of each of its files, so its counts do not depend on their
  // order: layers share it by the multiset of its files' keys, sorted. (Nor do its dimensions: the files'
  // tracked and colour extents add up, the colours' capped at 18, and the king's is the largest.) `v2` then
  // holds 663 tables instead of 1,242, and `v3`'s build, whose largest tables are shared more, takes about
  // 30% less time.
  for (int i = 7; i >= 0; --i) {
    std::vector<std::uint64_t> files(keys.begin() + i, keys.end());
    std::sort(files.begin(), files.end());
    suffix_[i] = tables.suffix(files, *files_[i], suffix_[i + 1]);
  }
  for (int i = 0; i <= 8; ++i)
    at_[i] = {i < 8 ? files_[i].get() : nullptr, suffix_[i]->data, suffix_[i]->refs,
              std::uint8_t(suffix_[i]->dims.king), std::uint8_t(i < 8 ? order[i] : 0)};
}

unsigned PawnKingLayer::file_config(int i, Bitboard white, Bitboard black, Bitboard king) const {
  const int f = at_[i].file;
  const Bitboard k = king & file_bb(File(f));
  return file_cells(white, f) | file_cells(black, f) << 6 |
         (k ? unsigned(rank_of(lsb(k))) : PawnKingTables::NoKing) << 12;
}

bool PawnKingLayer::admissible(Bitboard white, Bitboard black, Bitboard king) const {
  if ((white | black) & ~PawnCellsBB || more_than_one(king) || (king & (white | black))) return false;
  for (int i = 0; i < 8; ++i) {
    const unsigned config = file_config(i, white, black, king);
    const PawnKingTables::FileTable& t = *at_[i].table;
    const std::int16_t id = t.pawn_id[config & 0xFFF];
    if (id < 0 || t.slots[id][config >> 12].group < 0) return false;
  }
  return true;
}

std::uint64_t PawnKingLayer::rank(Bitboard white, Bitboard black, Bitboard king) const {
  Counts c = counts(white, black, king);
  std::uint64_t r = 0;
  for (int i = 0; i < 8; ++i) {
    const PawnKingTables::FileTable& t = *at_[i].table;
    const unsigned config = file_config(i, white, black, king);
    const PawnKingTables::Slot slot = t.slots[t.pawn_id[config & 0xFFF]][config >> 12];
    // The blocks of the groups before this one: whole sets, then the set's groups before it.
    const std::uint32_t left = lanes(c);
    for (const PawnKingTables::Set& s : t.sets) {
      const Block b = block_after(i, left, s);
      if (slot.group >= s.first && slot.group < s.end) {
        for (int j = s.first; j < slot.group; ++j) {
          const Group& g = t.groups[j];
          r += g.size * b.at(c.track - g.track, c.colour - g.colour);
        }
        const Group& g = t.groups[slot.group];
        c = {c.white - s.white, c.black - s.black, c.opposed - s.opposed, c.track - g.track, c.colour - g.colour,
             c.king - s.king};
        r += slot.index * b.at(c.track, c.colour);
        break;
      }
      if (b.none()) continue;  // a set that needs more men than are left
      for (int j = s.first; j < s.end; ++j) {
        const Group& g = t.groups[j];
        if (g.track > c.track) break;  // groups come by tracked count
        r += g.size * b.at(c.track - g.track, c.colour - g.colour);
      }
    }
  }
  return r;
}

// Most files hold nothing, the first set of a file, and leave the counts as they are: the count that an empty
// file reads at the next position stays valid until a file holds men.
template <bool Prefetch>
void PawnKingLayer::walk_file(Walk& w, int i) const {
  const int f = at_[i].file;
  const PawnKingTables::FileTable& t = *at_[i].table;
  Counts& c = w.c;
  std::uint64_t& r = w.r;
  const auto after = [&] {  // the count the next file reads if it is empty: that of the files after it
    if (i >= 7) return;
    w.empty = empty_count(i + 2, w);
    if constexpr (Prefetch) prefetch(w.empty);
  };
  const std::uint64_t empties = t.empty ? *w.empty : 0;  // the empty file's block: one configuration
  if (r < empties) return after();
  r -= empties;
  const int men = c.white + c.black + c.king;
  for (auto s = t.sets.begin() + t.empty; s != t.sets.end() && s->men <= men; ++s) {  // sets come by men
    const Block b = block_after(i, w.left, *s);
    if (b.none()) continue;
    for (int j = s->first; j < s->end; ++j) {
      const Group& g = t.groups[j];
      if (g.track > c.track) break;  // groups come by tracked count
      const std::uint64_t completions = b.at(c.track - g.track, c.colour - g.colour);
      const std::uint64_t size = g.size * completions;  // 0 without completions: no test for it
      if (r >= size) {
        r -= size;
        continue;
      }
      unsigned index = 0;
      if (g.size > 1) {
        index = unsigned(r / completions);
        r %= completions;
      }
      const unsigned config = t.configs[g.first + index];
      w.white |= cells_to_bitboard(config & 63, f);
      w.black |= cells_to_bitboard(config >> 6 & 63, f);
      if (const unsigned q = config >> 12; q != PawnKingTables::NoKing)
        w.king = square_bb(make_square(File(f), Rank(q)));
      c = {c.white - s->white, c.black - s->black, c.opposed - s->opposed, c.track - g.track, c.colour - g.colour,
           c.king - s->king};
      w.left -= s->lanes;
      return after();
    }
  }
}

void PawnKingLayer::step(Walk& w) const {
  assert(w.next < 8);
  walk_file<true>(w, w.next++);
}

void PawnKingLayer::unrank(Counts c, std::uint64_t r, Bitboard& white, Bitboard& black, Bitboard& king) const {
  Walk w = start(c, r);
  for (int i = 0; i < 8; ++i) walk_file<false>(w, i);
  white = w.white, black = w.black, king = w.king;
}

}  // namespace chessrank::rank
