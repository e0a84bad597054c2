#include "rank/cpr_model.h"

#include <algorithm>


namespace chessrank::rank {

std::string_view CprModel::description() const { return CprDescription; }

PieceBudget CprModel::budget(const Frame& f, int wp, int bp, int o) const {
  const int free = 64 - popcount(f.fixed_squares) - popcount(f.ep_empty) - wp - bp;
  const int men = men_bound(wp, bp, o, kept());  // docs/ranking.md, constraint 4
  return {8 - wp, 8 - bp, men, free};
}

CprModel::CprModel(Constraints keep) : FixedWidthModel(keep) {
  for (int e = 0; e < EnPassantCases; ++e) pawn_layers_.push_back(std::make_unique<PawnLayer>(ep_rules(e)));
  frames_.resize(Frames);
  for (int i = 0; i < Frames; ++i) static_cast<FrameInfo&>(frames_[i]) = frame_info(i);

  // The piece layer builds only the states these roots reach: one per non-empty block of each frame
  // (frames share most of them: the budget depends on the frame only through the fixed men and the
  // number of free squares).
  const auto nonempty = [&](const Frame& f, int wp, int bp, int o) {
    return pawn_layers_[f.ep_case]->count(wp, bp, o) != 0 && budget(f, wp, bp, o).men >= 0;
  };
  std::vector<PieceLayer::Root> roots;
  for (const Frame& f : frames_)
    for (int wp = 0; wp <= 8; ++wp)
      for (int bp = 0; bp <= 8; ++bp)
        for (int o = 0; o <= 8; ++o)
          if (nonempty(f, wp, bp, o)) roots.push_back({f.fixed, budget(f, wp, bp, o)});
  pieces_ = PieceLayer(roots);

  for (Frame& f : frames_) {
    const PawnLayer& pawns = *pawn_layers_[f.ep_case];
    f.blocks.assign([&](int b) {
      const int wp = b / 81, bp = b / 9 % 9, o = b % 9;
      f.piece_root[b] = nonempty(f, wp, bp, o) ? pieces_.find(f.fixed, budget(f, wp, bp, o)) : -1;
      return f.piece_root[b] < 0 ? UInt192() : mul(pieces_.count(f.piece_root[b]), pawns.count(wp, bp, o));
    });
  }
  set_frames([&](int i) { return frames_[i].blocks.total(); });
}

Result<UInt192> CprModel::rank_fast(const Position& input) const {
  if (auto why = violation(input)) return Error{"not in model cpr: " + *why};
  const NormalForm n = normal_form(input);
  const Men& men = n.men;
  const bool black = n.black_to_move;
  const int frame_index = n.frame;
  const Frame& f = frames_[frame_index];
  const Bitboard white_pawns = men[White][Pawn], black_pawns = men[Black][Pawn];
  const int wp = popcount(white_pawns), bp = popcount(black_pawns);
  const int o = PawnLayer::opposed_files(white_pawns, black_pawns);
  const int block = (wp * 9 + bp) * 9 + o;
  if (f.piece_root[block] < 0) return Error{"not in model cpr: an empty block"};  // violation() rules it out
  const PawnLayer& pawns = *pawn_layers_[f.ep_case];
  const std::uint64_t pawn_count = pawns.count(wp, bp, o);
  const std::uint64_t pawn_rank = pawns.rank(white_pawns, black_pawns);
  const Bitboard free = ~(white_pawns | black_pawns | f.fixed_squares | f.ep_empty);
  const UInt192 piece_rank = pieces_.rank(f.piece_root[block], men, free);
  UInt192 index = ProductLevel::rank(piece_rank, pawn_rank, pawn_count);
  index += f.blocks.start(block) + frame_start(black, frame_index);
  return index;
}

Position CprModel::unrank_fast(UInt192 index) const {
  const auto [black, frame] = locate_top(index);
  const Frame& f = frames_[frame];
  const int block = int(f.blocks.locate(index));
  const int wp = block / 81, bp = block / 9 % 9, o = block % 9;
  const PawnLayer& pawns = *pawn_layers_[f.ep_case];
  UInt192 piece_rank;
  const std::uint64_t pawn_rank = ProductLevel::unrank(index, pawns.count(wp, bp, o), piece_rank);

  // Collect the men as bitboards and build the Position once at the end.
  Men men{};
  pawns.unrank(wp, bp, o, pawn_rank, men[White][Pawn], men[Black][Pawn]);
  const Bitboard free = ~(men[White][Pawn] | men[Black][Pawn] | f.fixed_squares | f.ep_empty);
  pieces_.unrank(f.piece_root[block], piece_rank, free, men);
  return from_normal_form(men, f, black);
}

std::vector<UInt192> CprModel::block_starts() const {
  std::vector<UInt192> starts;
  for (int i = 0; i < Frames; ++i)
    for (int b = 0; b < Blocks; ++b)
      if (!frames_[i].blocks.count(b).is_zero()) starts.push_back(frame_start(false, i) + frames_[i].blocks.start(b));
  return starts;
}

}  // namespace chessrank::rank
