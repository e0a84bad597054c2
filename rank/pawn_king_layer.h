// PawnKingLayer: counts, ranks and unranks the placements of the pawns together with the white king, split
// by what the `v2` model's pieces need to know of them: the white pawns, black pawns and opposed files (as
// PawnLayer), the men (pawns and king) on a tracked set of squares (the black king's knight squares), the
// men on a colour set (the squares of the black king's colour), and whether the king is placed.
//
// The white king goes with the pawns because the squares it may take depend on the black king alone (not
// next to it, constraint 5), while the class of its square (a knight square of the black king or not, which
// colour) changes what the pieces after it may use. Placed here, it costs the tables a dimension of two
// values; placed with the pieces, it would need the king's neighbours split by colour (docs/models/v2.md).
//
// A file holds up to six pawns (its cells, ranks 2..7, each with a CellRule as in PawnLayer) and, when the
// layer places the king, possibly the king on any of its eight squares that the layer allows and no pawn
// takes. A placement is ranked file by file in the layer's order, as a mixed-radix number: within a file the
// configurations are ordered by (white, black, opposed, king, tracked, colour) and then by their pawn masks
// and the king's rank, and a file's digit weighs the number of ways to complete the files after it. The
// same suffix tables serve count, rank and unrank, and layers whose files from some position on are the same,
// in any order, share them through a PawnKingTables.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "core/bitboard.h"
#include "rank/large_allocator.h"
#include "rank/pawn_layer.h"
#include "rank/prefetch.h"

namespace chessrank::rank {

// The rules of one layer.
struct PawnKingRules {
  PawnRules pawns{};    // the six cells of every file
  Bitboard king = 0;    // the squares the white king may take; 0: the layer places no king
  Bitboard track = 0;   // pawns and the king on these squares are counted
  Bitboard colour = 0;  // and on these (0: not counted)
};

// The file tables and suffix tables the layers of one model share; thread-safe.
class PawnKingTables {
 public:
  // Within a file, bit i of a pawn mask is rank i + 2; the king's rank is 0..7, or NoKing.
  static constexpr unsigned NoKing = 8;
  // A file's configurations with equal counts, and the groups with equal (white, black, opposed, king):
  // those read one block of the next position's table, at offsets given by their tracked and colour counts.
  struct Group {
    std::uint8_t track, colour;
    std::uint16_t first;  // its first configuration in FileTable::configs
    std::uint16_t size;
  };
  struct Set {
    std::uint8_t white, black, opposed, king, men;
    std::uint16_t first, end;  // its groups
    std::uint32_t lanes;       // white, black, opposed and king: lanes(white, black, opposed, king)
  };
  // Return four counts below 128 in the bytes of a word, for PawnKingLayer's checks of a set against
  // what is left (PawnKingLayer::block_after).
  static constexpr std::uint32_t lanes(int white, int black, int opposed, int king) {
    return std::uint32_t(white) | std::uint32_t(black) << 8 | std::uint32_t(opposed) << 16 | std::uint32_t(king) << 24;
  }
  struct Slot {
    std::int16_t group = -1;  // -1: not allowed
    std::uint16_t index = 0;
  };
  struct FileTable {
    std::vector<Set> sets;               // in rank order: by men, then king, white, black, opposed
    std::vector<Group> groups;           // in rank order: by set, then tracked, colour
    std::vector<std::uint16_t> configs;  // white | black << 6 | king rank << 12, by group
    // Before the rank's 8 KB of slots, so that an unrank finds all it reads of a file in its first line.
    int max_track = 0, max_colour = 0;
    bool king = false;   // some configuration holds the king
    bool empty = false;  // the file may be empty: then its first set, of one group and one configuration
    std::array<std::int16_t, 4096> pawn_id{};  // per white | black << 6: a row of slots, -1 if not allowed
    std::vector<std::array<Slot, 9>> slots;    // per row, per king rank (NoKing last)
  };
  // The extent of the counts of the files from some position on: king 0..king-1, and so on.
  struct Dims {
    int king = 1, track = 1, colour = 1;
    // Return the extent of block blk's tracked (colour) counts.
    int tracks(int blk) const { return std::min(track, men(blk)); }
    int colours(int blk) const { return std::min(colour, men(blk)); }
    int men(int blk) const { return PawnBlock.counts[blk][0] + PawnBlock.counts[blk][1] + king; }
  };
  // The counts of the files from some position on. A block's counts are a [king][track][colour] array cut
  // to what its men can reach (w + b pawns and the king count at most w + b + 1 on any set): the tables
  // shrink by half, and the few pawns of most positions keep their counts in a few cache lines.
  struct Suffix {
    // Per block: its offset, the size of a king value's slice, and its tracked and colour extents (the
    // walks' lookups read them in one entry instead of computing them).
    struct BlockRef {
      std::uint32_t offset;
      std::uint16_t size;
      std::uint8_t tracks, colours;
    };
    using BlockRefs = std::array<BlockRef, PawnBlocks::Count>;

    Dims dims;
    // Per block, from the dimensions alone: shared by the suffixes with equal ones. `v2`'s 663 suffixes
    // have 18 (41 KB of these, where a copy per suffix took 4 MB and a walk's reads of them missed the cache).
    const BlockRefs* refs = nullptr;
    std::uint32_t size = 0;               // the counts of all blocks
    const std::uint64_t* data = nullptr;  // `size` counts, in the tables' arena
    std::vector<std::uint16_t> live;      // the blocks with some placement
    // Return where block blk's counts start in data, and where they end.
    std::uint32_t start(int blk) const { return (*refs)[blk].offset; }
    std::uint32_t end(int blk) const { return start(blk) + std::uint32_t(dims.king) * (*refs)[blk].size; }
  };

  // Return the table of a file type (key: see PawnKingLayer's constructor), building it once.
  std::shared_ptr<const FileTable> file(std::uint64_t key);
  // Return the suffix table of a multiset of file types (keys, sorted), from the file `first` among them and
  // the table of the others.
  std::shared_ptr<const Suffix> suffix(const std::vector<std::uint64_t>& keys, const FileTable& first,
                                       const std::shared_ptr<const Suffix>& rest);
  // The table after the last file: one way, with no men.
  std::shared_ptr<const Suffix> empty();

  // Return the memory the tables hold, in bytes.
  std::size_t bytes() const;

 private:
  mutable std::mutex mutex_;
  std::unordered_map<std::uint64_t, std::shared_ptr<const FileTable>> files_;
  std::map<std::vector<std::uint64_t>, std::shared_ptr<const Suffix>> suffixes_;
  std::shared_ptr<const Suffix> empty_;
  // The block references by dimensions (king, track, colour).
  std::map<std::tuple<int, int, int>, std::unique_ptr<const Suffix::BlockRefs>> refs_;
  // Give a suffix its dimensions, and the block references and size they lay out (made on first use);
  // requires mutex_.
  void lay_out(Suffix& s, const Dims& d);
  // The suffix tables' counts: side by side on huge pages (large_allocator.h), since a uniform unrank reads
  // two or three of them at random places.
  LargeArena counts_;
};

class PawnKingLayer {
 public:
  struct Counts {
    int white = 0, black = 0, opposed = 0, track = 0, colour = 0, king = 0;
  };

  // Build (or share from `tables`) the tables of these rules, files ranked in `order`.
  PawnKingLayer(const PawnKingRules& rules, const FileOrder& order, PawnKingTables& tables);

  // Return the number of placements with exactly these counts (0 for counts no placement has).
  std::uint64_t count(const Counts& c) const {
    if ((c.white | c.black | c.opposed | c.king | c.track | c.colour) < 0 || c.white > 8 || c.black > 8 ||
        c.opposed > 8 || c.king > 1)
      return 0;
    return block_at(0, lanes(c)).at(c.track, c.colour);
  }
  // The counts of one block and king value of a suffix table by (tracked, colour): entry t * colours + c.
  // Position 0's are the classes of a whole placement; the walks read those of later positions.
  static constexpr std::uint64_t NoCount = 0;
  struct Block {
    const std::uint64_t* counts = &NoCount;
    int tracks = 0, colours = 0;  // none: no such block
    bool none() const { return tracks == 0; }
    // Return count (t, c), 0 outside the block. Masks, not tests: the walks' tests of (t, c) mispredicted.
    std::uint64_t at(int t, int c) const {
      const bool in = (unsigned(t) < unsigned(tracks)) & (unsigned(c) < unsigned(colours));
      return counts[std::size_t(t * colours + c) & -std::size_t(in)] & -std::uint64_t(in);
    }
  };
  // Return the classes of a pawn block and king value (none when the layer has no such value).
  Block classes(int blk, int king) const { return block(0, blk, king); }

  // Return the counts of a placement (king: the white king's square as a set, empty when not placed here).
  Counts counts(Bitboard white, Bitboard black, Bitboard king) const {
    const Bitboard men = white | black | king;
    return {popcount(white), popcount(black), PawnLayer::opposed_files(white, black), popcount(men & track_),
            popcount(men & colour_), popcount(king)};
  }
  // Return whether the placement obeys every rule of the layer (counts are not limited here).
  bool admissible(Bitboard white, Bitboard black, Bitboard king) const;
  // Return the rank of an admissible placement among those with its counts().
  std::uint64_t rank(Bitboard white, Bitboard black, Bitboard king) const;
  // Return the placement of rank r < count(c).
  void unrank(Counts c, std::uint64_t r, Bitboard& white, Bitboard& black, Bitboard& king) const;
  // The same in steps, a file at a time, so that a caller can interleave the walks of several unranks
  // (V2Model::unrank_many): each step asks for the count its walk reads first at the next file, which then
  // comes in while the other walks take their steps.
  struct Walk {
    Counts c;                  // the counts the files from the next one on hold
    std::uint64_t r = 0;       // the rank among their placements
    std::uint32_t left = 0;    // c's lanes
    int next = 0;              // the position of the next file
    const std::uint64_t* empty = &NoCount;  // the count of the files after the next, were the next one empty
    Bitboard white = 0, black = 0, king = 0;  // the men of the files walked
  };
  // Return the walk of rank r < count(c), before its first file.
  Walk start(Counts c, std::uint64_t r) const {
    Walk w;
    w.c = c, w.r = r, w.left = lanes(c);
    w.empty = empty_count(1, w);
    return w;
  }
  // Walk the next file (of the 8).
  void step(Walk& w) const;

 private:
  using Group = PawnKingTables::Group;

  // The walks subtract a set's counts from what is left in all four bytes at once: with bit 7 of each byte
  // of what is left set first (the counts are below 128), a byte whose bit 7 is clear after the subtraction
  // went below zero, and none borrows from the next.
  static constexpr std::uint32_t LaneGuards = 0x80808080;
  static std::uint32_t lanes(const Counts& c) { return PawnKingTables::lanes(c.white, c.black, c.opposed, c.king); }
  // Return the block of position i's table with the counts of these lanes left (white, black and opposed
  // at most 8), or none when no placement has them.
  Block block_at(int i, std::uint32_t left) const {
    const int blk = PawnBlock.index[left & 0xFF][left >> 8 & 0xFF][left >> 16 & 0xFF];
    return blk < 0 ? Block{} : block(i, blk, int(left >> 24));
  }
  // Return block blk of position i's table for king value k, or none when the table has no such value.
  Block block(int i, int blk, int k) const {
    if (k >= at_[i].kings) return {};
    const PawnKingTables::Suffix::BlockRef r = (*at_[i].refs)[blk];
    return {at_[i].data + r.offset + std::size_t(k) * r.size, r.tracks, r.colours};
  }
  // Return the block the groups of set s read at position i + 1 with the counts of lanes `left` left.
  Block block_after(int i, std::uint32_t left, const PawnKingTables::Set& s) const {
    const std::uint32_t after = (left | LaneGuards) - s.lanes;
    if ((after & LaneGuards) != LaneGuards) return {};  // the set needs more men than are left
    return block_at(i + 1, after & ~LaneGuards);
  }
  // Return where the walk's count of the files from position i on is: what an empty file before them reads.
  const std::uint64_t* empty_count(int i, const Walk& w) const {
    const Block b = block_at(i, w.left);
    const bool in = (unsigned(w.c.track) < unsigned(b.tracks)) & (unsigned(w.c.colour) < unsigned(b.colours));
    return in ? &b.counts[std::size_t(w.c.track * b.colours + w.c.colour)] : &NoCount;
  }
  // Walk the file of position i.
  template <bool Prefetch>
  void walk_file(Walk& w, int i) const;
  // Return the file of position i's configuration in a placement: its table key (pawns | king << 12).
  unsigned file_config(int i, Bitboard white, Bitboard black, Bitboard king) const;

  Bitboard track_ = 0, colour_ = 0;
  // The tables the layer uses, held: at_ points into them.
  std::array<std::shared_ptr<const PawnKingTables::FileTable>, 8> files_;
  std::array<std::shared_ptr<const PawnKingTables::Suffix>, 9> suffix_;
  // What the walks read at position i (the suffix from file i on, and file i itself), in one record: a walk
  // reads 9 records in 5 cache lines, where separate arrays of each field took twice as many.
  struct alignas(32) At {
    const PawnKingTables::FileTable* table = nullptr;  // the file's table (none at 8)
    const std::uint64_t* data = nullptr;               // the suffix's counts
    const PawnKingTables::Suffix::BlockRefs* refs = nullptr;
    std::uint8_t kings = 1;  // the suffix's king extent (dims.king)
    std::uint8_t file = 0;   // the file ranked at position i (the layer's order)
  };
  std::array<At, 9> at_{};
};

}  // namespace chessrank::rank
