// Last-move analysis: retractions judged by the cheap checks and the proof kernel, forced ones retracted.
#include "legality/last_move.h"

#include <algorithm>
#include <string>
#include <vector>

#include "core/fen.h"
#include "core/plural.h"
#include "legality/checks.h"
#include "legality/kernel.h"
#include "legality/retraction.h"

namespace chessrank::legality {

namespace {

char piece_letter(PieceType pt) { return " PNBRQK"[pt]; }

class Analysis {
 public:
  Analysis(bool explain, const SearchLimits& limits, int wanted) : explain_(explain), limits_(limits), wanted_(wanted) {}

  LastMoveAnalysis analyse(const Position& pos, int depth) {
    LastMoveAnalysis a;
    int survivors = 0, tried = 0;
    bool proven = true;  // every rejection and the forcedness of a survivor are proven
    const auto judge = [&](const Retraction& r) {
      ++tried;
      std::string why;
      if (!cheap_checks(r.before, explain_ ? &why : nullptr)) {
        if (explain_) a.rejected.push_back(retraction_text(r) + ": " + why);
        return true;
      }
      if (r.changes_material()) {
        const KernelOutcome k = kernel(r.before);
        if (k == KernelOutcome::None || k == KernelOutcome::NoExtended) {
          if (explain_)
            a.rejected.push_back(retraction_text(r) + (k == KernelOutcome::None ? ": no proof kernel before it"
                                                                               : ": no extended proof kernel before it"));
          return true;
        }
        if (k == KernelOutcome::OutOfBudget) proven = false;
      }
      ++survivors;
      a.possible.push_back(r);
      return survivors < (depth == 0 ? wanted_ : 2);
    };
    // Moves that change no man or pawn first: their predecessor needs no kernel.
    if (for_each_retraction(pos, RetractionKinds::Quiet, judge)) for_each_retraction(pos, RetractionKinds::Material, judge);
    const Color mover = ~pos.side_to_move();
    if (survivors == 0) {
      a.outcome = LastMoveOutcome::Impossible;
      a.reason = "no possible last move: each of the " + plural((long long)tried, "move") + " " +
                 color_name(mover) + " can have made (with each man it can have taken) starts from a position " +
                 "that cannot occur";
      return a;
    }
    if (survivors > 1 || !proven || depth >= limits_.forced_moves) return a;
    // The last move is forced: the position before it must pass every stage.
    const Retraction& first = a.possible.front();
    a.forced.push_back(first);
    std::string why;
    LastMoveAnalysis deeper;
    if (!all_stages(first.before, depth + 1, why, deeper)) {
      a.outcome = LastMoveOutcome::Impossible;
      a.reason = std::string(color_name(mover)) + "'s last move can only have been " + retraction_text(first) +
                 ", and the position before it is illegal: " + why;
    }
    a.forced.insert(a.forced.end(), deeper.forced.begin(), deeper.forced.end());
    return a;
  }

 private:
  // The checks of the default rules before this stage: every predecessor must pass them.
  static bool cheap_checks(const Position& p, std::string* why) {
    for (const detail::NamedCheck& c : detail::default_checks()) {
      if (!c.fn) return true;  // the searching stages come last
      if (!c.fn(p, why)) {
        if (why) *why = std::string(c.name) + ": " + *why;
        return false;
      }
    }
    return true;
  }

  // Run every default stage on `p`, this one `depth` deep; on failure set `why`. The analysis of the last
  // move of `p` goes to `analysis`.
  bool all_stages(const Position& p, int depth, std::string& why, LastMoveAnalysis& analysis) {
    for (const detail::NamedCheck& c : detail::default_checks()) {
      if (c.search == detail::check_last_move_analysis) {
        analysis = analyse(p, depth);
        const LastMoveAnalysis& a = analysis;
        if (a.outcome == LastMoveOutcome::Impossible) {
          why = std::string(c.name) + ": " + a.reason;
          return false;
        }
        continue;
      }
      if (c.search == detail::check_proof_kernel) {
        const KernelOutcome k = kernel(p);
        if (k == KernelOutcome::None || k == KernelOutcome::NoExtended) {
          why = std::string(c.name) + (k == KernelOutcome::None ? ": no proof kernel" : ": no extended proof kernel");
          return false;
        }
        continue;
      }
      std::string reason;
      if (!c.fn(p, &reason)) {
        why = std::string(c.name) + ": " + reason;
        return false;
      }
    }
    return true;
  }

  // A proof kernel search within the analysis' budgets: searches, and states over all its searches (as
  // many as one search of the position may visit).
  KernelOutcome kernel(const Position& p) {
    if (kernels_ >= limits_.kernel_searches || nodes_left_ == 0) return KernelOutcome::OutOfBudget;
    ++kernels_;
    SearchLimits left = limits_;
    left.kernel_nodes = nodes_left_;
    const KernelSearch k = find_proof_kernel(p, left);
    nodes_left_ -= std::min(nodes_left_, k.nodes);
    return k.outcome;
  }

  bool explain_;
  const SearchLimits& limits_;
  int wanted_;  // survivors the analysis of the position asked about stops at (of those before forced moves: two)
  int kernels_ = 0;
  std::uint64_t nodes_left_ = limits_.kernel_nodes;
};

}  // namespace

std::string retraction_text(const Retraction& r) {
  const Move m = r.move;
  if (m.kind() == MoveKind::Castling) return file_of(m.to()) == FileG ? "O-O" : "O-O-O";
  const PieceType mover = type_of(r.before.piece_on(m.from()));
  std::string s;
  if (mover != Pawn) s += piece_letter(mover);
  s += square_name(m.from());
  if (r.captured != NoPiece) {
    s += 'x';
    if (type_of(r.captured) != Pawn) s += piece_letter(type_of(r.captured));
  } else {
    s += '-';
  }
  s += square_name(m.to());
  if (m.kind() == MoveKind::Promotion) s += std::string("=") + piece_letter(m.promotion());
  if (m.kind() == MoveKind::EnPassant) s += " e.p.";
  return s;
}

LastMoveAnalysis analyse_last_move(const Position& pos, bool explain, const SearchLimits& limits, int survivors) {
  Analysis analysis(explain, limits, std::max(survivors, 2));
  return analysis.analyse(pos, 0);
}

}  // namespace chessrank::legality

namespace chessrank::legality::detail {

bool check_last_move_analysis(const Position& pos, std::string* reason, const SearchLimits& limits) {
  const LastMoveAnalysis a = analyse_last_move(pos, false, limits);
  if (a.outcome == LastMoveOutcome::Possible) return true;
  if (reason) *reason = a.reason;
  return false;
}

}  // namespace chessrank::legality::detail
