// Frames: what the ranking models share above the men. A position is ranked in its white-to-move normal
// form (black to move: the colour-swapped position, ranks mirrored), and a frame is its castling rights
// with its en passant case:
//
//   frame = castling rights (0..15) * 15 + en passant case (0..14)
//
// With white to move the pawn that just moved is black and stands on rank 5. Case 0 is "no en passant
// square"; the other 14 pin the file f of that pawn and one capturer: "capturer on f-1" (a white pawn on
// f-1, rank 5), or "capturer on f+1 only" (a white pawn on f+1 and none on f-1), in the order files a..h,
// left before right. Every position with an en passant square falls in exactly one case.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "core/position.h"
#include "rank/level.h"
#include "rank/pawn_layer.h"
#include "rank/piece_layer.h"
#include "rank/uint192.h"

namespace chessrank::rank {

inline constexpr int EnPassantCases = 15;
inline constexpr int Frames = 16 * EnPassantCases;

struct EpCase {
  int file = -1;           // file of the pawn that moved two squares (-1: no en passant)
  int capturer = -1;       // file of the capturing white pawn this case pins
  bool left_free = false;  // the case "capturer on the right" requires no white pawn on file - 1
};

// Return the 15 en passant cases in order.
const std::array<EpCase, EnPassantCases>& ep_cases();
// Describe an en passant case ("none", "d6, capturer on c5", ...), 0 <= ep_case < 15.
std::string describe_ep_case(int ep_case);
// Return the pawn cell rules of an en passant case: the pawn that moved on f5, f6 and f7 empty, the
// capturer on rank 5 (and no white pawn on its left for "only").
PawnRules ep_rules(int ep_case);

// Return the order in which the pawn layer of (en passant case, black king) ranks the files, most significant
// first, each file at its first mention: with `ep_first` (v3) the files on which the case pins a cell, a to h;
// the king's file and the files one and then two away, left first; the files on which the case pins a cell;
// the rest a to h, with `by_parity` (v2, v3) those an even number of files from the king's first. Files
// without special cells come last, so that layers agreeing on them share their suffix tables: with
// `by_parity` the colour set (the king's colour) agrees file for file for kings on one rank, and with
// `ep_first` only the tables that span the en passant files are the pair's own (docs/models/v3.md).
FileOrder pawn_file_order(int ep_case, Square king, bool ep_first, bool by_parity);

// What a frame fixes.
struct FrameInfo {
  CastlingRights rights = NoCastling;
  int ep_case = 0;
  FixedMen fixed;              // castling kings and rooks
  Bitboard fixed_squares = 0;  // their squares
  Bitboard ep_empty = 0;       // the two squares the en passant pawn crossed
  Square ep_square = NoSquare;
};
FrameInfo frame_info(int frame);

// A frame of `v1`, `v2` and `v3` with what lies under it (rank/class_levels.h): what it fixes, the king frame
// of each square of the black king, and the squares' starts.
struct KingSquareFrame {
  FrameInfo info;
  std::array<std::int32_t, 64> king{};  // per black-king square: its king frame, -1 if none
  KeyedSumLevel<64> kings;              // the black king's squares
};

// What v1's pieces (and those of bound/v1_colours) see of a frame: whether castling fixed the white king,
// each side's castling rooks, and the number of squares the frame and the black king take. Frames alike in
// these share their piece tables.
using PieceFamily = std::tuple<bool, int, int, int>;
PieceFamily piece_family(const FrameInfo& frame);

// Return the pawn cell rules of a frame's en passant case with the black king on `king`: the case's rules,
// the king's square empty and, with `pawn_check` (constraint 6), no white pawn where it would attack the
// king; nullopt when the case itself puts a pawn there, so that no position has the king on that square.
std::optional<PawnRules> king_pawn_rules(int ep_case, Square king, bool pawn_check = true);
// Return whether a frame leaves the black king this square before the pawns: e8 when castling fixed it,
// else any square the frame does not take, not next to a white king castling fixed on e1 (`kings_apart`,
// constraint 5).
bool black_king_fits(const FrameInfo& frame, Square king, bool kings_apart = true);

// How a model (v1, v2, v3) reaches the deepest summed level of frame 0, which holds most of its indices:
// through its accelerator (packed records in index order, found by a jump table) or by the plain path of
// every other frame (summing the sizes of the classes before). The indices are the same; Plain is for the
// tests and benchmarks that compare the two.
enum class FrameZero { Accelerated, Plain };

// A position in white-to-move normal form.
struct NormalForm {
  Men men{};
  int frame = 0;
  bool black_to_move = false;
};
// Return the normal form of a position that breaks none of constraints 1-2 (castling, en passant).
NormalForm normal_form(const Position& pos);
// Return the position of a normal form whose men hold everything but the frame's castling men, which this
// adds.
Position from_normal_form(Men men, const FrameInfo& frame, bool black_to_move);

}  // namespace chessrank::rank
