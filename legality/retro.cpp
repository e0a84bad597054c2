// The last move: retract every move the side not to move (T) could just have made and look for one whose
// previous position did not have the side to move (S) in check, since in that position T was to move and
// S's king could not stand attacked. An un-move puts the mover back on its origin and may restore a man
// of S it captured; restoring only adds a blocker of S, which never attacks S's own king, so trying each
// retraction with the restore (when one is possible) decides whether any variant of it passes that test.
// A retraction that changes material or pawns (capture, promotion, pawn move) must also leave a previous
// position that passes the static checks, for some kind of restored man; for checks (depth 3) the previous
// position must in turn have a last move of S, and so on, three plies. docs/legality.md has the argument.
#include <array>
#include <string>
#include <vector>

#include "core/fen.h"
#include "legality/checks.h"

namespace chessrank::legality::detail {

namespace {

using Army = std::array<Bitboard, PieceTypeCount>;  // men of one colour by kind

// Return whether the men of `army` attack `k` (a king of colour `victim`) with `occ` blocking sliders.
bool attacked(Square k, Color victim, Bitboard occ, const Army& army) {
  return (pawn_attacks(victim, k) & army[Pawn]) || (knight_attacks(k) & army[Knight]) ||
         (king_attacks(k) & army[King]) || (bishop_attacks(k, occ) & (army[Bishop] | army[Queen])) ||
         (rook_attacks(k, occ) & (army[Rook] | army[Queen]));
}

class Retractor {
 public:
  // `depth` > 1 also requires the previous position to have a last move of its own, `depth` - 1 deep.
  explicit Retractor(const Position& pos, int depth = 1)
      : depth_(depth), pos_(pos), us_(pos.side_to_move()), them_(~us_), ksq_(pos.king_square(us_)), occ_(pos.pieces()) {
    for (int pt = Pawn; pt <= King; ++pt) army_[pt] = pos.pieces(them_, PieceType(pt));
    // A capture needs a missing man of S to restore; which kind does not matter for the attack test.
    can_uncapture_ = popcount(pos.pieces(us_)) < 16;
    checkers_ = pos.checkers();
  }

  // Return whether some retraction works: first one that leaves the material and pawns as they are
  // (a piece moving without capture), else one whose previous position also passes the static checks.
  bool any() {
    if (retract()) return true;
    for (const Pending& p : pending_)
      if (previous_position_possible(p)) return true;
    return false;
  }

  // Return whether the position before retraction `p` (with `restore_type` restored, if any) can itself
  // have been reached: S has a last move leading to it.
  bool deeper_ok(const Position& prev) const {
    return depth_ < 2 || (check_checker_count(prev, nullptr) && Retractor(prev, depth_ - 1).any());
  }

 private:
  struct Pending {
    Square from, to;
    PieceType before, after;
    Square restore;  // where a man of S comes back, or NoSquare
    bool ep;         // the man restored is the pawn taken en passant
    bool check_static = true;  // false for a quiet piece move: the previous position has the same men
  };

  // Record a retraction, when it is safe, for the static checks of its previous position.
  void pend(Square from, Square to, PieceType before, PieceType after, Square restore, bool ep = false) {
    const Bitboard r = restore == NoSquare ? 0 : square_bb(restore);
    if (safe(from, to, before, after, r)) pending_.push_back({from, to, before, after, restore, ep});
  }

  // Return whether some man of S restored on p.restore (if any) gives a previous position that passes
  // the checks of material and pawn structure.
  bool previous_position_possible(const Pending& p) const {
    Position prev = pos_;
    prev.remove_piece(p.to);
    prev.put_piece(make_piece(them_, p.before), p.from);
    prev.set_side_to_move(them_);
    prev.set_ep_square(NoSquare);
    if (p.restore == NoSquare) return (!p.check_static || static_ok(prev)) && deeper_ok(prev);
    for (PieceType pt : {Pawn, Knight, Bishop, Rook, Queen}) {
      if (p.ep && pt != Pawn) break;
      if (pt == Pawn && (pos_.count(us_, Pawn) >= 8 || relative_rank(us_, p.restore) == Rank1 ||
                         relative_rank(us_, p.restore) == Rank8))
        continue;
      Position with = prev;
      with.put_piece(make_piece(us_, pt), p.restore);
      if (static_ok(with) && deeper_ok(with)) return true;
    }
    return false;
  }

  static bool static_ok(const Position& prev) {
    return check_material(prev, nullptr) && check_pawn_structure(prev, nullptr) && check_opposed_pawns(prev, nullptr) &&
           check_pawn_charges(prev, nullptr) && check_crossed_pawns(prev, nullptr);
  }

  bool retract() {
    const int up = pawn_push(them_);
    if (pos_.ep_square() != NoSquare) {
      // S may capture en passant: T's last move was the double push past the en passant square.
      const Square ep = pos_.ep_square();
      const Square landed = Square(ep + up), origin = Square(ep - up);
      if (pos_.piece_on(landed) != make_piece(them_, Pawn) || !pos_.empty(ep) || !pos_.empty(origin)) return false;
      pend(origin, landed, Pawn, Pawn, NoSquare);
      return false;
    }
    const CastlingRights rights = pos_.castling_rights() & (them_ == White ? WhiteCastling : BlackCastling);
    Bitboard unmoved_rooks = 0;
    for (CastlingRights cr : {WhiteKingside, WhiteQueenside, BlackKingside, BlackQueenside})
      if (rights & cr) unmoved_rooks |= square_bb(castling_rook_square(cr));

    for (Bitboard b = pos_.pieces(them_); b;) {
      const Square to = pop_lsb(b);
      const PieceType pt = type_of(pos_.piece_on(to));
      const Rank rr = relative_rank(them_, to);
      if (pt == Pawn) {
        if (rr <= Rank2) continue;  // a pawn on its start square has never moved
        const Square back = Square(to - up);
        if (pos_.empty(back) && relative_rank(them_, back) >= Rank2) {
          pend(back, to, Pawn, Pawn, NoSquare);
          const Square back2 = Square(back - up);
          if (rr == Rank4 && pos_.empty(back2)) pend(back2, to, Pawn, Pawn, NoSquare);
        }
        // Captures come diagonally from behind: the squares an S pawn on `to` would attack.
        for (Bitboard from = pawn_attacks(us_, to) & ~occ_; from;) {
          const Square x = pop_lsb(from);
          if (relative_rank(them_, x) < Rank2) continue;
          if (can_uncapture_) pend(x, to, Pawn, Pawn, to);
          // En passant: the captured S pawn stood behind `to`, having crossed `to` from the square ahead.
          if (rr == Rank6 && can_uncapture_ && pos_.count(us_, Pawn) < 8) {
            const Square victim = Square(to - up), start = Square(to + up);
            if (pos_.empty(victim) && pos_.empty(start)) pend(x, to, Pawn, Pawn, victim, true);
          }
        }
        continue;
      }
      if (pt == King && rights) continue;                    // a king with castling rights never moved
      if (pt == Rook && (unmoved_rooks & square_bb(to))) continue;  // nor did a rook that keeps its right
      // Look up the attacks only when some origin could leave S out of check (a cache miss saved).
      const Bitboard allowed = unchecking_origins(to);
      for (Bitboard from = allowed ? attacks(pt, to, occ_) & ~occ_ & allowed : 0; from;) {
        const Square x = pop_lsb(from);
        if (safe(x, to, pt, pt, 0)) {  // a quiet move: the previous position has the same men
          // Try it at once: the answer is whether any retraction works, so the order does not matter,
          // and a quiet move is the likeliest to.
          if (depth_ < 2 || previous_position_possible({x, to, pt, pt, NoSquare, false, false})) return true;
        }
        if (can_uncapture_) pend(x, to, pt, pt, to);
      }
      if (pt != King && rr == Rank8 && pos_.count(them_, Pawn) < 8) {
        // Promotion: a pawn came from the seventh rank, straight (no capture) or diagonally (capture).
        const Square back = Square(to - up);
        if (pos_.empty(back)) pend(back, to, Pawn, pt, NoSquare);
        if (can_uncapture_)
          for (Bitboard from = pawn_attacks(us_, to) & ~occ_; from;) pend(pop_lsb(from), to, Pawn, pt, to);
      }
      if (pt == King && !rights && uncastle(to)) return true;
    }
    return false;
  }

  // Return whether S's king is safe before T's man moved from `from` (as `before`) to `to` (as `after`),
  // with the squares `restore` occupied again by men of S.
  bool safe(Square from, Square to, PieceType before, PieceType after, Bitboard restore) const {
    // A present checker other than the moved man keeps checking unless the man's origin or the restored
    // man blocks its line: only those squares change from empty to occupied. Reject the rest at once.
    const Bitboard blockers = square_bb(from) | restore;
    for (Bitboard c = checkers_ & ~square_bb(to); c;)
      if (!(between(pop_lsb(c), ksq_) & blockers)) return false;
    Army a = army_;
    a[after] ^= square_bb(to);
    a[before] |= square_bb(from);
    const Bitboard occ = ((occ_ ^ square_bb(to)) | square_bb(from)) | restore;
    return !attacked(ksq_, us_, occ, a);
  }

  // Return the origins from which T's man on `to` can have moved, restoring at most a man on `to`, without
  // leaving S in check from the other present checkers: squares on all their lines (safe() tests the rest).
  Bitboard unchecking_origins(Square to) const {
    Bitboard allowed = ~Bitboard(0);
    for (Bitboard c = checkers_ & ~square_bb(to); c;) allowed &= between(pop_lsb(c), ksq_);
    return allowed;
  }

  // Retract castling when T's king and rook stand where castling puts them.
  bool uncastle(Square king_to) const {
    const Square e1 = relative_square(them_, E1);
    const Piece rook = make_piece(them_, Rook);
    for (int side = 0; side < 2; ++side) {
      const Square k_to = relative_square(them_, side == 0 ? G1 : C1);
      const Square r_to = relative_square(them_, side == 0 ? F1 : D1);
      const Square r_from = relative_square(them_, side == 0 ? H1 : A1);
      const Bitboard must_be_empty =
          square_bb(e1) | square_bb(r_from) | (side == 1 ? square_bb(relative_square(them_, B1)) : 0);
      if (king_to != k_to || pos_.piece_on(r_to) != rook || (occ_ & must_be_empty)) continue;
      Army a = army_;
      a[King] ^= square_bb(k_to) | square_bb(e1);
      a[Rook] ^= square_bb(r_to) | square_bb(r_from);
      const Bitboard occ = occ_ ^ square_bb(k_to) ^ square_bb(e1) ^ square_bb(r_to) ^ square_bb(r_from);
      if (!attacked(ksq_, us_, occ, a)) return true;
    }
    return false;
  }

  int depth_;
  const Position& pos_;
  Color us_, them_;
  Square ksq_;
  Bitboard occ_;
  Army army_{};
  bool can_uncapture_ = false;
  Bitboard checkers_ = 0;  // T's men attacking S's king now
  std::vector<Pending> pending_;
};

}  // namespace

bool has_last_move(const Position& pos) { return Retractor(pos).any(); }

bool has_last_move_deep(const Position& pos) { return Retractor(pos, 3).any(); }

bool check_check_origin(const Position& pos, std::string* reason) {
  const Bitboard checkers = pos.checkers();
  if (!checkers || has_last_move_deep(pos)) return true;
  if (reason)
    *reason = std::string(color_name(pos.side_to_move())) + " is in check from " + describe_checkers(pos, checkers) +
              (more_than_one(checkers) ? ", a double check" : ", a check") + " no move of " +
              color_name(~pos.side_to_move()) + " can have given";
  return false;
}

bool check_last_move(const Position& pos, std::string* reason) {
  if (pos.checkers() || has_last_move(pos)) return true;
  if (reason)
    *reason = std::string(color_name(~pos.side_to_move())) + " has no last move: every move it could have made " +
              "starts from a position with " + color_name(pos.side_to_move()) + " in check";
  return false;
}

}  // namespace chessrank::legality::detail
