#include "core/perft.h"

#include "core/movegen.h"

namespace chessrank {

std::uint64_t perft(Position& pos, int depth) {
  if (depth <= 0) return 1;
  if (depth == 1) return count_legal_moves(pos);
  std::uint64_t nodes = 0;
  UndoInfo undo;
  for (const Move m : legal_moves(pos)) {
    pos.do_move(m, undo);
    const std::uint64_t below = perft(pos, depth - 1);
    pos.undo_move(m, undo);
    if ((nodes = perft_add(nodes, below)) == PerftSaturated) return PerftSaturated;
  }
  return nodes;
}

std::vector<std::pair<Move, std::uint64_t>> perft_divide(Position& pos, int depth,
                                                         const std::function<void(std::size_t, std::size_t)>& progress) {
  std::vector<std::pair<Move, std::uint64_t>> result;
  if (depth < 1) return result;
  UndoInfo undo;
  const MoveList moves = legal_moves(pos);
  for (const Move m : moves) {
    pos.do_move(m, undo);
    result.emplace_back(m, perft(pos, depth - 1));
    pos.undo_move(m, undo);
    if (progress) progress(result.size(), moves.size());
  }
  return result;
}

}  // namespace chessrank
