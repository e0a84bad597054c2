#include "tests/support/corpus.h"

#include <pcg_random.hpp>

#include <sstream>

#include "core/movegen.h"
#include "core/notation.h"

namespace chessrank::testing {

std::vector<Position> random_game_corpus(std::size_t count, std::uint64_t seed) {
  pcg64 rng(seed);
  std::vector<Position> out;
  out.reserve(count);
  for (int game = 0; out.size() < count; ++game) {
    const bool pawn_biased = game % 2 == 1;
    Position pos = Position::start();
    for (int ply = 0; ply < 600 && out.size() < count; ++ply) {
      out.push_back(pos);
      const MoveList moves = legal_moves(pos);
      if (moves.empty()) break;
      Move m = moves[rng(moves.size())];
      if (pawn_biased && rng(2) == 0) {
        Move pawn_moves[256];
        std::size_t n = 0;
        for (Move x : moves)
          if (type_of(pos.piece_on(x.from())) == Pawn) pawn_moves[n++] = x;
        if (n) m = pawn_moves[rng(n)];
      }
      UndoInfo undo;
      pos.do_move(m, undo);
    }
  }
  return out;
}

std::vector<Position> random_game_positions(int games, int plies, std::uint64_t seed) {
  pcg64 rng(seed);
  std::vector<Position> out;
  for (int g = 0; g < games; ++g) {
    Position pos = Position::start();
    out.push_back(pos);
    for (int p = 0; p < plies; ++p) {
      const MoveList moves = legal_moves(pos);
      if (moves.empty()) break;
      UndoInfo undo;
      pos.do_move(moves[rng() % moves.size()], undo);
      out.push_back(pos);
    }
  }
  return out;
}

Result<std::vector<Position>> play_game_positions(const std::string& moves) {
  std::vector<Position> out{Position::start()};
  std::istringstream in(moves);
  std::string token;
  while (in >> token) {
    if (token.back() == '.') continue;
    Position pos = out.back();
    const Result<Move> m = parse_move(pos, token);
    if (!m) return Error{token + ": " + m.error()};
    UndoInfo undo;
    pos.do_move(*m, undo);
    out.push_back(pos);
  }
  return out;
}

Result<Position> play_game(const std::string& moves) {
  Result<std::vector<Position>> positions = play_game_positions(moves);
  if (!positions) return Error{positions.error()};
  return positions->back();
}

}  // namespace chessrank::testing
