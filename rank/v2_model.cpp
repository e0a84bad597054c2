#include "rank/v2_model.h"

#include <algorithm>
#include <cassert>
#include <cstdlib>
#include <future>
#include <tuple>

#include "core/fen.h"
#include "core/threads.h"
#include "rank/flat_index.h"
#include "rank/prefetch.h"

namespace chessrank::rank {

std::string_view V2Model::description() const { return exact_ ? V3Description : V2Description; }

const V2Model::ClassIndex V2Model::Classes;

V2Model::~V2Model() = default;

V2Model::V2Model(const ProgressCallback& progress) : V2Model(Edition::V2, All, progress) {}

V2Model::V2Model(Constraints keep) : V2Model(Edition::V2, keep) {}

V3Model::V3Model(const ProgressCallback& progress) : V2Model(Edition::V3, All, progress) {}

ClassPieceLayer::Root V2Model::root_for(const RootFamily& f, int blk, int track, int colour) const {
  const int w = PawnBlock.counts[blk][0], b = PawnBlock.counts[blk][1], o = PawnBlock.counts[blk][2];
  const int men = men_bound(w, b, o, kept()) - 2;  // constraint 4's U; the two kings take 2
  ClassPieceLayer::Root r;
  r.colours = f.colours;
  r.rooks = f.rooks;
  r.white_promotions = 8 - w;
  r.black_promotions = 8 - b;
  r.men = std::min(men, 63);
  r.a = f.a0 - track;
  r.n2 = f.colours ? f.y0 - colour : 0;
  r.n1 = f.free0 - w - b - r.a - r.n2;
  return r;
}

V2Model::V2Model(Edition edition, Constraints keep, const ProgressCallback& progress, FrameZero frame_zero)
    : FixedWidthModel(keep), exact_(edition == Edition::V3) {
  const bool accelerate = strict() && frame_zero == FrameZero::Accelerated;
  // Frames and their black kings: the layer of pawns and white king each needs, and the king frames,
  // shared by frames that agree on everything the count and the ranking of a king's positions read.
  struct LayerSpec {
    PawnKingRules rules;
    FileOrder order;
  };
  std::vector<LayerSpec> specs;
  KeyIndex<std::tuple<int, int, Bitboard, Bitboard, Bitboard>> layer_of;
  KeyIndex<std::tuple<bool, std::array<int, 2>, int, int, int>> family_of;
  KingFrame met;  // the king frame of the square key_of saw last, kept by add when it is new
  using KingKey = std::tuple<int, bool, Bitboard, bool, std::array<int, 2>>;  // layer, placed, taken, colours, rooks
  const auto key_of = [&](int i, Square king) -> std::optional<KingKey> {
    const FrameInfo& info = levels_[i].info;
    // v2's en passant frames (1.5% of its positions) count the bishops without colours and let the white
    // knights stand on the king's knight squares: with those, their pawn tables would be their own for every
    // (en passant case, king) pair and cost over ten times all the others (docs/models/v2.md). v3 pays that.
    const Constraints kept = kept_in(info.ep_case != 0);
    const bool colours = kept.has(Constraint::BishopColours), knights = kept.has(Constraint::KnightCheck);
    const bool placed = !info.fixed.king[White];
    const std::optional<PawnRules> pawns = king_pawn_rules(info.ep_case, king, keeps(Constraint::PawnCheck));
    if (!pawns) return std::nullopt;
    const Bitboard taken = info.fixed_squares | info.ep_empty | square_bb(king);
    // A frame whose castling fixed the white king reads, in the layer of its en passant case and king
    // without castling, the placements without the king: the same pawns, none on the castling men's ranks,
    // so the same counts.
    const Bitboard layer_taken = placed ? taken : info.ep_empty | square_bb(king);
    PawnKingRules rules;
    rules.pawns = *pawns;
    rules.king = ~(layer_taken | (keeps(Constraint::KingsApart) ? king_attacks(king) : 0));
    rules.track = knights ? knight_attacks(king) & ~layer_taken : 0;
    rules.colour = colours ? colour_squares(king) & ~layer_taken : 0;
    const auto [layer, new_layer] = layer_of.insert({info.ep_case, int(king), rules.king, rules.track, rules.colour});
    if (new_layer) specs.push_back({rules, pawn_file_order(info.ep_case, king, exact_, true)});

    RootFamily family;
    family.colours = colours;
    family.rooks = info.fixed.rooks;
    met.knight = knights ? knight_attacks(king) & ~taken : 0;
    met.colour = colours ? colour_squares(king) & ~taken : 0;
    family.a0 = popcount(met.knight);
    family.y0 = popcount(met.colour);
    family.free0 = 64 - popcount(taken) - (placed ? 1 : 0);
    const auto [family_number, new_family] = family_of.insert(family.key());
    if (new_family) families_.push_back(std::move(family));

    met.frame = i;
    met.king = king;
    met.layer = layer;
    met.family = family_number;
    met.king_placed = placed;
    met.taken = taken;
    return KingKey{layer, placed, taken, colours, info.fixed.rooks};
  };
  levels_.share<KingKey>(keeps(Constraint::KingsApart), key_of, [&](int, Square) { king_frames_.push_back(met); });

  // The piece roots of every class a family's king frames may hold (every count of pawns and king on the
  // knight squares and on the king's colour that the free squares allow: a few more than the layers hold,
  // so that the pieces need not wait for them), one per distinct key.
  std::vector<ClassPieceLayer::Root> roots;
  {
    FlatIndex root_of_key(1 << 18);
    for (RootFamily& f : families_) {
      f.roots.assign(Classes.offset[Blocks], -1);
      for (int blk = 0; blk < Blocks; ++blk)
        for (int t = 0; t <= std::min(ClassIndex::extent(blk) - 1, f.a0); ++t)
          for (int c = 0; c <= std::min(ClassIndex::extent(blk) - 1, f.colours ? f.y0 : 0); ++c) {
            const ClassPieceLayer::Root r = root_for(f, blk, t, c);
            if (r.n1 < 0) continue;
            const auto [id, added] = root_of_key.insert(ClassPieceLayer::root_key(r));
            if (added) roots.push_back(r);
            f.roots[Classes.at(blk, t, c)] = std::int32_t(id);
          }
    }
  }
  // The pieces on one thread while the layers build on the others: neither needs the other.
  std::future<void> pieces = std::async(std::launch::async, [&] { pieces_ = ClassPieceLayer(roots); });
  // The layers, on several threads (each in its own slot; tables of equal keys are equal, so the result
  // does not depend on the threads).
  layers_.resize(specs.size());
  StepCounter steps(progress, specs.size());
  for_each_index(specs.size(), worker_threads_up_to(4), [&](std::size_t i) {
    layers_[i] = std::make_unique<PawnKingLayer>(specs[i].rules, specs[i].order, tables_);
    steps.step();
  });

  pieces.get();
  // Every record, frame 0's or one packed on the way, holds its class's knights choices.
  for (std::size_t r = 0; r < roots.size(); ++r)
    if (!SubBlock::fits(UInt192(), 0, pieces_.knights(int(r)))) std::abort();  // never: the figures in v2_model.h

  // Block sizes per king frame, on several threads (each king frame in its own slot).
  for_each_index(king_frames_.size(), worker_threads_up_to(4), [&](std::size_t i) {
    const std::int32_t at = std::int32_t(i);
    // v2's en passant frames' blocks hold one class each (no tracked counts): those king frames, the
    // most numerous, keep every 16th block's start and count the blocks between when asked. v3's have
    // as many classes as the others, and keep every start.
    levels_.assign(at, exempt(frame_info(king_frames_[i].frame).ep_case != 0) ? 16 : 1,
                   [&](std::size_t blk) { return levels_.block_size(*this, at, int(blk)); });
  });
  levels_.finish(*this, accelerate);
  set_frames([&](int i) { return levels_.total(i); });
}

V2Model::SubBlock V2Model::record_of(std::int32_t, Square king, int blk, const Class& c, const UInt192& start) const {
  const ClassPieceLayer::Knights knights = pieces_.knights(c.root);
  if (!SubBlock::fits(start, c.placements, knights)) std::abort();  // never: the figures in v2_model.h
  return SubBlock(start, c.placements, knights, c.track, c.colour, king, blk);
}

UInt192 V2Model::king_size(int frame, Square king) const { return levels_.size(frame, king); }

ClassPieceLayer::Squares V2Model::squares(const KingFrame& kf, Bitboard free) const {
  ClassPieceLayer::Squares s;
  s.a = kf.knight & free;
  s.set2 = kf.colour & free;
  s.set1 = free & ~s.a & ~s.set2;
  return s;
}

std::optional<std::string> V2Model::violation(const Position& pos) const {
  return rank::violation(pos, kept_in(pos.ep_square() != NoSquare));
}

Result<UInt192> V2Model::rank_fast(const Position& input) const {
  if (auto why = violation(input)) return Error{"not in model " + std::string(name()) + ": " + *why};
  const NormalForm n = normal_form(input);
  const Square king = lsb(n.men[Black][King]);
  const std::int32_t at = levels_[n.frame].king[king];
  if (at < 0) return Error{"not in model " + std::string(name()) + ": no position has the black king there"};
  const KingFrame& kf = king_frames_[at];
  const PawnKingLayer& layer = *layers_[kf.layer];
  const Bitboard white_pawns = n.men[White][Pawn], black_pawns = n.men[Black][Pawn];
  const Bitboard white_king = kf.king_placed ? n.men[White][King] : 0;
  const PawnKingLayer::Counts c = layer.counts(white_pawns, black_pawns, white_king);
  const int blk = PawnBlock.index[c.white][c.black][c.opposed];
  UInt192 index = frame_start(n.black_to_move, n.frame);
  // violation() admitted the position: its class is there.
  const SubBlock sub = levels_.find(*this, n.frame, king, blk, Class::key_of(c.track, c.colour), index);
  assert(sub.track() == c.track && sub.colour() == c.colour);
  const ClassPieceLayer::Knights knights = sub.knights();
  const Bitboard free = ~(white_pawns | black_pawns | white_king | kf.taken);
  // The pawns first, while the pieces' first line comes into the cache, as in unrank_fast.
  pieces_.prefetch(knights);
  const std::uint64_t pawn_rank = layer.rank(white_pawns, black_pawns, white_king);
  index += ProductLevel::rank(pieces_.rank(knights, n.men, squares(kf, free)), pawn_rank, sub.pawns());
  return index;
}

V2Model::Pending V2Model::unrank_begin(UInt192 index) const {
  Pending p;
  const Top top = locate_top(index);
  p.black = top.black, p.frame = top.frame;
  // The class's record, which knows the king, the level-4 block, the placements and the pieces' knights
  // choices (frame 0: straight from the jump table).
  const SubBlock sub = levels_.locate(*this, p.frame, index);
  p.kf = &king_frames_[levels_[p.frame].king[sub.king()]];
  const int blk = sub.block();
  PawnKingLayer::Counts& c = p.counts;
  c.track = sub.track(), c.colour = sub.colour();
  p.knights = sub.knights();
  // The pieces are placed after the pawns: start loading their first line now.
  pieces_.prefetch(p.knights);
  c.white = PawnBlock.counts[blk][0], c.black = PawnBlock.counts[blk][1], c.opposed = PawnBlock.counts[blk][2];
  c.king = p.kf->king_placed;
  p.placement_rank = ProductLevel::unrank(index, sub.pawns(), p.piece_rank);
  return p;
}

Position V2Model::unrank_end(const Pending& p, const PawnKingLayer::Walk& w) const {
  const FrameInfo& info = levels_[p.frame].info;
  Men men{};
  men[White][Pawn] = w.white, men[Black][Pawn] = w.black, men[White][King] = w.king;
  if (!info.fixed.king[Black]) men[Black][King] = square_bb(p.kf->king);
  const Bitboard free = ~(w.white | w.black | w.king | p.kf->taken);
  pieces_.unrank(p.knights, p.piece_rank, squares(*p.kf, free), men);
  return from_normal_form(men, info, p.black);
}

Position V2Model::unrank_fast(UInt192 index) const {
  const Pending p = unrank_begin(index);
  PawnKingLayer::Walk w;
  layers_[p.kf->layer]->unrank(p.counts, p.placement_rank, w.white, w.black, w.king);
  return unrank_end(p, w);
}

void V2Model::unrank_many(std::span<const UInt192> indices, std::span<Position> out) const {
  assert(indices.size() == out.size());
  // Unrank a batch at a time, each stage for the whole batch before the next, so that the cache misses of
  // one stage overlap across the batch instead of following each other within an unrank: the jump table's
  // lines, asked for first, have come in when the batch looks them up; the pawn walks go a file at a time,
  // each asking for its next count before the other walks step.
  constexpr std::size_t Batch = 16;
  std::array<Pending, Batch> p;
  std::array<PawnKingLayer::Walk, Batch> w;
  for (std::size_t at = 0; at < indices.size(); at += Batch) {
    const std::size_t n = std::min(Batch, indices.size() - at);
    for (std::size_t i = 0; i < n; ++i)
      levels_.prefetch(white_index(indices[at + i]));  // frame 0 starts the white-to-move half
    for (std::size_t i = 0; i < n; ++i) {
      p[i] = unrank_begin(indices[at + i]);
      w[i] = layers_[p[i].kf->layer]->start(p[i].counts, p[i].placement_rank);
      prefetch(w[i].empty);
    }
    for (int file = 0; file < 8; ++file)
      for (std::size_t i = 0; i < n; ++i) layers_[p[i].kf->layer]->step(w[i]);
    for (std::size_t i = 0; i < n; ++i) out[at + i] = unrank_end(p[i], w[i]);
  }
}

std::vector<UInt192> V2Model::block_starts() const {
  return levels_.block_starts(*this, [&](int frame) { return frame_start(false, frame); });
}

std::size_t V2Model::table_bytes() const {
  return tables_.bytes() + pieces_.bytes() + levels_.bytes() + families_.size() * Classes.offset[Blocks] * 4 +
         king_frames_.size() * sizeof(KingFrame);
}

std::vector<std::pair<std::string, BigInt>> V2Model::without_each_constraint(const ProgressCallback& progress) const {
  // Two builds at a time when two such tables fit in about 512 MB (v2's), else one (v3's: 590 MB each).
  const unsigned at_once = table_bytes() < (std::size_t(256) << 20) ? 2 : 1;
  return relaxed_sizes(
      progress, [this](Constraints kept) { return V2Model(exact_ ? Edition::V3 : Edition::V2, kept).size(); }, at_once);
}

}  // namespace chessrank::rank
