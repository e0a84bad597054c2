// PawnLayer: counts, ranks and unranks the pawn placements of one set of cell rules, split by the number
// of white pawns, black pawns, opposed files and, optionally, pawns on two tracked sets of cells.
//
// Pawns stand on the 48 cells of ranks 2..7. A file is *opposed* when a white pawn stands somewhere
// below a black pawn on it. An en passant case pins some cells (the pawn that just moved, its capturer)
// and empties others (the two squares the pawn crossed); every cell carries a rule:
//
//   rule       | may hold
//   -----------+-------------------------------
//   Any        | nothing, white pawn, black pawn
//   NoWhite    | nothing, black pawn
//   White      | white pawn
//   Black      | black pawn
//   Empty      | nothing
//
// A model that constrains the pieces near a king (`v1`) needs the number of pawns on that king's knight
// squares and on its neighbours: those are the two tracked sets; `cpr` tracks none.
//
// A placement is ranked file by file, in a..h order unless the layer is given another, as a mixed-radix
// number: within a file, configurations are ordered by (white count, black count, opposed, pawns on
// tracked set 1, on tracked set 2) and then by their cell masks; a file's digit weighs the number of ways
// to complete the files after it. The same suffix tables serve count, rank and unrank; layers whose
// files agree (rules and tracked cells) from some position on share those tables.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <memory>
#include <vector>

#include "core/bitboard.h"
#include "rank/uint192.h"

namespace chessrank::rank {

enum class CellRule : std::uint8_t { Any, NoWhite, White, Black, Empty };

// The rules of the six cells of every file, cell 0 = rank 2.
using PawnRules = std::array<std::array<CellRule, 6>, 8>;

// The 48 cells of ranks 2..7, where pawns stand.
inline constexpr Bitboard PawnCellsBB = 0x00FFFFFFFFFFFF00ULL;

// Return whether a cell with this rule may hold what it holds: a white pawn (w), a black pawn (b) or neither.
constexpr bool cell_allows(CellRule rule, bool w, bool b) {
  switch (rule) {
    case CellRule::Any: return true;
    case CellRule::NoWhite: return !w;
    case CellRule::White: return w;
    case CellRule::Black: return b;
    case CellRule::Empty: return !w && !b;
  }
  return false;
}

// Return a file's cell rules packed in 18 bits, three a cell, cell 0 highest (the file tables' keys), and back.
constexpr std::uint32_t pack_rules(const std::array<CellRule, 6>& rules) {
  std::uint32_t key = 0;
  for (CellRule r : rules) key = key << 3 | unsigned(r);
  return key;
}
constexpr std::array<CellRule, 6> unpack_rules(std::uint32_t key) {
  std::array<CellRule, 6> rules{};
  for (int i = 5; i >= 0; --i, key >>= 3) rules[i] = CellRule(key & 7);
  return rules;
}

// Below, a file's cells are a 6-bit mask, bit i = rank i + 2.

// Call visit(white, black) for each configuration of a file's cells that its rules allow, by white mask,
// then black mask.
template <class Visit>
void for_each_file_config(const std::array<CellRule, 6>& rules, Visit&& visit) {
  for (unsigned w = 0; w < 64; ++w)
    for (unsigned b = 0; b < 64; ++b) {
      bool ok = !(w & b);
      for (int i = 0; i < 6 && ok; ++i) ok = cell_allows(rules[i], w >> i & 1, b >> i & 1);
      if (ok) visit(w, b);
    }
}

// Return whether some white cell lies below some black cell: the file is opposed.
constexpr bool file_opposed(unsigned white, unsigned black) {
  return white && black && std::countr_zero(white) < 31 - std::countl_zero(black);
}
// Return the 6-bit mask of a file's cells (bit i = rank i + 2) in a bitboard: the cells of the file moved to
// bits 0, 8, ..., 40 and gathered by a multiplication that puts bit 8i at bit 56 + i (the other partial
// products land at distinct places below bit 56 or above bit 63, so no carry disturbs the result).
inline unsigned file_cells(Bitboard b, int file) {
  constexpr Bitboard FileCells = 0x0001010101010100ULL;
  constexpr Bitboard GatherMagic =
      (1ULL << 56) | (1ULL << 49) | (1ULL << 42) | (1ULL << 35) | (1ULL << 28) | (1ULL << 21);
  return unsigned((((b >> file) & FileCells) >> 8) * GatherMagic >> 56);
}
// CellSpread[mask]: the cells of a mask on file a.
inline constexpr std::array<Bitboard, 64> CellSpread = [] {
  std::array<Bitboard, 64> t{};
  for (unsigned mask = 0; mask < 64; ++mask)
    for (int i = 0; i < 6; ++i)
      if (mask >> i & 1) t[mask] |= Bitboard(1) << (8 * (i + 1));
  return t;
}();
// Return the cells of a mask on `file` as a bitboard.
inline Bitboard cells_to_bitboard(unsigned mask, int file) { return CellSpread[mask] << file; }
// The files in ranking order, most significant first.
using FileOrder = std::array<int, 8>;
inline constexpr FileOrder FilesAtoH = {0, 1, 2, 3, 4, 5, 6, 7};

// The 285 pawn blocks (white pawns, black pawns, opposed files), opposed <= min(white, black), numbered
// in lexicographic order.
struct PawnBlocks {
  static constexpr int Count = 285;
  std::array<std::array<std::array<std::int16_t, 9>, 9>, 9> index{};  // -1: impossible
  std::array<std::array<std::int8_t, 3>, Count> counts{};
  constexpr PawnBlocks() {
    int n = 0;
    for (int w = 0; w <= 8; ++w)
      for (int b = 0; b <= 8; ++b)
        for (int o = 0; o <= 8; ++o) {
          index[w][b][o] = -1;
          if (o > (w < b ? w : b)) continue;
          counts[n] = {std::int8_t(w), std::int8_t(b), std::int8_t(o)};
          index[w][b][o] = std::int16_t(n++);
        }
  }
};
inline constexpr PawnBlocks PawnBlock{};

class PawnLayer {
 public:
  // The counts that split placements into blocks.
  struct Counts {
    int white = 0, black = 0, opposed = 0, tracked1 = 0, tracked2 = 0;
  };

  // Build the tables for these rules; pawns on the cells of track1 and track2 (disjoint) are counted.
  explicit PawnLayer(const PawnRules& rules, Bitboard track1 = 0, Bitboard track2 = 0,
                     const FileOrder& order = FilesAtoH);

  // Return the number of placements with exactly wp white pawns, bp black pawns, o opposed files (and,
  // with tracked sets, t1 and t2 pawns on them).
  std::uint64_t count(int wp, int bp, int o) const { return count({wp, bp, o, 0, 0}); }
  std::uint64_t count(const Counts& c) const { return suffix(0, c.white, c.black, c.opposed, c.tracked1, c.tracked2); }
  // Return the counts of level-4 block blk (PawnBlock) by tracked counts: entry t1 * (max_tracked2() + 1) + t2
  // is count({w, b, o, t1, t2}) for the block's (w, b, o).
  const std::uint64_t* block_counts(int blk) const {
    return data_[0] + std::size_t(blk) * std::size_t(dims_[0].t1) * std::size_t(dims_[0].t2);
  }
  // Return the largest number of pawns tracked set 1 (2) can hold.
  int max_tracked1() const { return dims_[0].t1 - 1; }
  int max_tracked2() const { return dims_[0].t2 - 1; }
  // Return the counts of a placement.
  Counts counts(Bitboard white, Bitboard black) const {
    return {popcount(white), popcount(black), opposed_files(white, black), popcount((white | black) & track1_),
            popcount((white | black) & track2_)};
  }

  // Return the rank of a placement among those with its counts(). The placement must obey the cell rules:
  // admissible() says whether it does. Pawns are given as bitboards (only ranks 2..7 may be set).
  std::uint64_t rank(Bitboard white, Bitboard black) const;
  // Return the placement of rank r among count(wp, bp, o) (no tracked sets) or count(c).
  void unrank(int wp, int bp, int o, std::uint64_t r, Bitboard& white, Bitboard& black) const {
    unrank({wp, bp, o, 0, 0}, r, white, black);
  }
  void unrank(Counts c, std::uint64_t r, Bitboard& white, Bitboard& black) const;

  // Return whether the placement obeys every cell rule (counts are not limited here).
  bool admissible(Bitboard white, Bitboard black) const;
  // Return the number of opposed files of a placement.
  static int opposed_files(Bitboard white, Bitboard black);

 private:
  struct Group {
    std::uint8_t white, black, opposed, tracked1, tracked2;
    std::uint16_t first;  // index of its first configuration in configs_
    std::uint16_t size;
  };
  struct FileTable {
    std::vector<Group> groups;                  // in rank order
    std::vector<std::uint16_t> configs;         // white mask | black mask << 6, grouped
    std::array<std::int16_t, 4096> group_of{};  // per (white | black << 6): group index, -1 if not allowed
    std::array<std::uint16_t, 4096> index_in_group{};
  };

  // The extent of the tracked counts of the files from position i on: t1 values 0..t1-1, t2 values 0..t2-1.
  struct Dims {
    int t1 = 1, t2 = 1;
  };
  using Table = std::vector<std::uint64_t>;

  // Return the placements of the files from position i on with w white pawns, b black pawns, o opposed
  // files and t1, t2 tracked pawns (0 outside the table).
  std::uint64_t suffix(int i, int w, int b, int o, int t1, int t2) const {
    if ((w | b | o | t1 | t2) < 0 || w > 8 || b > 8 || o > 8 || t1 >= dims_[i].t1 || t2 >= dims_[i].t2) return 0;
    const int block = PawnBlock.index[w][b][o];
    return block < 0 ? 0 : data_[i][(block * dims_[i].t1 + t1) * dims_[i].t2 + t2];
  }
  std::uint64_t suffix_after(int i, const Counts& c, const Group& g) const {
    return suffix(i + 1, c.white - g.white, c.black - g.black, c.opposed - g.opposed, c.tracked1 - g.tracked1,
                  c.tracked2 - g.tracked2);
  }

  // Files with equal rules and tracked cells share their table (a model may build hundreds of layers).
  static std::shared_ptr<const FileTable> file_table(std::uint32_t key);

  FileOrder order_;
  std::array<std::shared_ptr<const FileTable>, 8> files_;  // per position
  Bitboard track1_ = 0, track2_ = 0;
  std::array<Dims, 9> dims_{};
  // suffix_[i][(block, t1, t2)]: placements of the files from position i on with those counts (see
  // suffix()). Every count fits 64 bits (at most C(48, 8) * C(40, 8) < 2^55), so the hot paths multiply
  // and divide in 64 bits.
  std::array<std::shared_ptr<const Table>, 9> suffix_{};
  std::array<const std::uint64_t*, 9> data_{};  // suffix_[i]->data(): one load less on the hot paths
  // The groups and configurations of files_[i], for the same reason.
  std::array<const Group*, 8> groups_{};
  std::array<std::uint16_t, 8> group_count_{};
  std::array<const std::uint16_t*, 8> configs_{};
};

}  // namespace chessrank::rank
