// The proof kernel: a sequence of captures and promotions that turns the initial pawn files and armies into
// those of a position. A position with no proof kernel is illegal (docs/legality.md, "Proof kernel").
//
// The search runs on an abstraction of a game that keeps only what captures change: per file, the colours
// of its pawns from bottom to top; per side, its pieces as bishops by square colour and one group for the
// knights, rooks and queens. It branches on pawn captures only; captures by pieces are settled at the end,
// when the files are matched against the goal's (pieces may take any pawn then, and pawns at the ends of a
// file promote). The search is exhaustive, its cache of failed states compares states exactly, and it
// stops at a node budget: "no kernel" is a proof, a budget spent is "not proven".
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/position.h"
#include "legality/kernel_state.h"
#include "legality/limits.h"

namespace chessrank::legality {

enum class KernelOutcome : std::uint8_t {
  Found,        // some kernel exists that fits on ranks (the position may still be illegal)
  None,         // no kernel: the position is illegal
  NoExtended,   // kernels exist, but none fits on ranks (extended_kernel.h): the position is illegal
  OutOfBudget   // the search stopped at its node budget: nothing proven
};

struct KernelSearch {
  KernelOutcome outcome = KernelOutcome::OutOfBudget;
  std::uint64_t nodes = 0;        // states expanded
  std::vector<std::string> path;  // the kernel found, one capture per entry (docs/legality.md notation)
  std::vector<kernel::Capture> captures;  // the same captures, as the search made them
  kernel::State last;                     // the state the captures end in (for kernel::fits_on_ranks)
  std::string completion;         // what the pieces and promotions do after it
};

// Search a proof kernel for `goal` (one king per side, no pawn on rank 1 or 8). The men that never moved
// (pawns on their start squares, kings and rooks that keep castling rights) constrain it.
// The search visits at most limits.kernel_nodes states.
KernelSearch find_proof_kernel(const Position& goal, const SearchLimits& limits = {});

}  // namespace chessrank::legality
