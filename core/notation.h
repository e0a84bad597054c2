// Moves as text: UCI (e2e4, e7e8q, e1g1) and SAN (Nbd7, exd6, e8=Q+, O-O-O#).
//
// SAN input accepts what real files contain: promotion with or without '=' (e8=Q, e8Q), check and mate
// marks present, absent or wrong, annotation suffixes (!, ?, !?), O-O and 0-0, and a leading piece letter
// that is redundant for pawns is refused. Ambiguous and illegal moves are errors that say which.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/position.h"
#include "core/result.h"
#include "core/types.h"

namespace chessrank {

std::string to_uci(Move m);
// Parse a UCI move and check it is legal in `pos`.
Result<Move> parse_uci(const Position& pos, std::string_view text);

// Write a legal move in SAN with disambiguation and a check (+) or mate (#) mark.
std::string to_san(const Position& pos, Move m);
// Parse a SAN move and check it is legal and unambiguous in `pos`.
Result<Move> parse_san(const Position& pos, std::string_view text);
// Parse either notation: UCI first when the text looks like UCI, else SAN.
Result<Move> parse_move(const Position& pos, std::string_view text);

// Write legal moves played one after another from the initial position as SAN separated by spaces, as
// `chessrank replay` reads them.
std::string to_san_game(const std::vector<Move>& moves);
// Parse moves in SAN or UCI separated by blanks, played one after another from the initial position: the
// inverse of to_san_game. An error names the ply and the move that is not legal.
Result<std::vector<Move>> parse_game(std::string_view text);

}  // namespace chessrank
