// PawnLayer: counts, ranks and unranks the pawn placements of one en passant case, split by the number
// of white pawns, black pawns and opposed files.
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
// A placement is ranked file by file (a..h) as a mixed-radix number: within a file, configurations are
// ordered by (white count, black count, opposed) and then by their cell masks; a file's digit weighs
// the number of ways to complete files to its right. The same suffix table serves count, rank and unrank.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "core/bitboard.h"
#include "rank/uint192.h"

namespace chessrank::rank {

enum class CellRule : std::uint8_t { Any, NoWhite, White, Black, Empty };

// The rules of the six cells of every file, cell 0 = rank 2.
using PawnRules = std::array<std::array<CellRule, 6>, 8>;

class PawnLayer {
 public:
  using u128 = UInt128;
  static constexpr int MaxPawns = 8;

  explicit PawnLayer(const PawnRules& rules);

  // Return the number of placements with exactly wp white pawns, bp black pawns, o opposed files.
  u128 count(int wp, int bp, int o) const { return suffix_[0][wp][bp][o]; }

  // Return the rank of a placement among those with its counts (white pawns, black pawns, opposed files).
  // The placement must obey the cell rules: callers check admissible() first. Pawns are given as
  // bitboards (only ranks 2..7 may be set).
  u128 rank(Bitboard white, Bitboard black) const;
  // Return the placement of rank r among count(wp, bp, o).
  void unrank(int wp, int bp, int o, u128 r, Bitboard& white, Bitboard& black) const;

  // Return whether the placement obeys every cell rule (counts are not limited here).
  bool admissible(Bitboard white, Bitboard black) const;
  // Return the number of opposed files of a placement.
  static int opposed_files(Bitboard white, Bitboard black);

 private:
  struct Group {
    std::uint8_t white, black, opposed;
    std::uint16_t first;  // index of its first configuration in configs_
    std::uint16_t size;
  };
  struct FileTable {
    std::vector<Group> groups;                  // in rank order
    std::vector<std::uint16_t> configs;         // white mask | black mask << 6, grouped
    std::array<std::int16_t, 4096> group_of{};  // per (white | black << 6): group index, -1 if not allowed
    std::array<std::uint16_t, 4096> index_in_group{};
  };

  std::array<FileTable, 8> files_;
  // suffix_[f][w][b][o]: placements of files f..h with w white pawns, b black pawns, o opposed files.
  // Every count fits 64 bits (at most C(48, 8) * C(40, 8) < 2^55; the constructor checks), so the hot
  // paths multiply and divide in 64 bits.
  std::array<std::array<std::array<std::array<std::uint64_t, 9>, 9>, 9>, 9> suffix_{};
};

}  // namespace chessrank::rank
