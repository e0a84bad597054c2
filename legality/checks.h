// The individual checks behind legality.h, shared by the rule sets. Each returns true when the
// position passes; on failure it writes why into *reason (without the "illegal: " prefix) when reason
// is not null, so the estimator can judge without building strings.
#pragma once

#include <string>
#include <vector>

#include "core/bitboard.h"
#include "core/position.h"
#include "legality/limits.h"

namespace chessrank::legality::detail {

using CheckFn = bool (*)(const Position& pos, std::string* reason);
// A stage that searches, within limits.
using SearchFn = bool (*)(const Position& pos, std::string* reason, const SearchLimits& limits);

// placement.cpp: counts and attacks that need no history.
bool check_placement(const Position& pos, std::string* reason);       // one king each, kings apart, men counts
bool check_opponent_in_check(const Position& pos, std::string* reason);  // side not to move not in check
bool check_checker_count(const Position& pos, std::string* reason);   // at most two checkers
// An en passant square some legal move uses: without one, the position is the one without the square.
bool check_en_passant_capture(const Position& pos, std::string* reason);

// material.cpp: what the missing men and the pawns that never moved imply.
bool check_material(const Position& pos, std::string* reason);        // promoted men within the pawns
bool check_pawn_structure(const Position& pos, std::string* reason);  // pawn origins and their captures
bool check_enclosure(const Position& pos, std::string* reason);       // men walled in by unmoved men
bool check_origins(const Position& pos, std::string* reason);         // pieces from distinct origins that reach them
bool check_opposed_pawns(const Position& pos, std::string* reason);   // files with a black pawn above a white one
bool check_crossed_pawns(const Position& pos, std::string* reason);   // pawns that passed each other
bool check_pawn_charges(const Position& pos, std::string* reason);    // pawns and promotions need charges
// Return the fewest captures c's pawns can have made to reach their squares from distinct start files
// (InfiniteCaptures when impossible); a pawn in `looped` counts two captures when it stays on its file.
constexpr int InfiniteCaptures = 1000;
int min_pawn_captures(const Position& pos, Color c, Bitboard looped);
// Return the number of files on which some black pawn stands above some white pawn.
int opposed_files(const Position& pos);

// retro.cpp: the last move.
bool check_check_origin(const Position& pos, std::string* reason);  // a last move gives the present checks
bool check_last_move(const Position& pos, std::string* reason);     // some last move exists at all
// Return whether some move of the side not to move leads to `pos` from a position in which the side to
// move was not in check (the un-move search both checks above use).
bool has_last_move(const Position& pos);
// The same, and the positions before must have last moves in turn, three plies deep.
bool has_last_move_deep(const Position& pos);

// last_move.cpp and kernel.cpp: the stages that search (a budget spent passes: nothing is proven).
bool check_last_move_analysis(const Position& pos, std::string* reason, const SearchLimits& limits);
bool check_proof_kernel(const Position& pos, std::string* reason, const SearchLimits& limits);

// Shared helpers.
const char* piece_name(PieceType pt);
std::string plural_men(int n, PieceType pt);  // "a rook", "two rooks"
// Describe a set of checkers: "two rooks", "a rook and a knight", "the bishop on c3".
std::string describe_checkers(const Position& pos, Bitboard checkers);
// Return the men that stand where they started and cannot have moved: pawns on their start rank and the
// kings and rooks kept at home by castling rights. They stood there for the whole game.
Bitboard fixed_men(const Position& pos);
// Return the promoted men `c` must have, at least: men beyond the initial set of each kind, bishops
// counted per square colour, and bishops of a colour whose original bishop is walled in (`fixed`).
int min_promoted(const Position& pos, Color c, Bitboard fixed);
// Return the missing men of `c`: 16 minus its men on the board.
inline int missing(const Position& pos, Color c) { return 16 - popcount(pos.pieces(c)); }

}  // namespace chessrank::legality::detail

namespace chessrank::legality::detail {

// A check of a rule set: a cheap one (fn) or a stage that searches (search), which come last.
struct NamedCheck {
  const char* name;
  CheckFn fn;
  SearchFn search = nullptr;
  bool duplicate = false;  // a rejection means "the same position as another", not "illegal"
};

// legality.cpp: the default rule set, in the order judge() applies it.
const std::vector<NamedCheck>& default_checks();
// seed000.cpp: ChessCounter's rules, in its order.
const std::vector<NamedCheck>& seed000_checks();

// tromp2021.cpp: the 2021 filter's verdicts; the first `TrompIllegalVerdicts` entries of the table reject.
const std::vector<std::string>& tromp2021_verdict_names();
int tromp2021_classify(const Position& pos);  // index of the verdict
constexpr int TrompIllegalVerdicts = 7;

}  // namespace chessrank::legality::detail
