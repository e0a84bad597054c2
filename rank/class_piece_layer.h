// ClassPieceLayer: counts, ranks and unranks the pieces the `v2` model places after the pawns and the
// white king, on free squares split into classes around the black king ("the king"):
//
//   stage   | men                          | squares                                  | promotions
//   --------+------------------------------+------------------------------------------+-------------------
//   knights | white knights                | set 1: free, off the king's knight       | max(0, n - 2)
//           |                              | squares, of the other colour than its;   |
//           |                              | set 2: free, of the king's colour        |
//   bishops | white and black bishops      | the free squares of each colour          | per side: max(0,
//           |                              |                                          | B - 2), + 1 when
//           |                              |                                          | B >= 2 on one colour
//   rest    | white rooks, black rooks, white queens, black queens, black knights: a PieceLayer
//
// A knight's move changes a square's colour, so the king's knight squares, where constraint 6 bars the
// white knights, all have the other colour: a root is (budgets, free knight squares a, set 1 n1, set 2 n2),
// and after the knights the classes are just the free squares of each colour, X and Y. Constraint 3 counts
// a side's bishops beyond one per colour as promoted men: with B bishops that is max(0, B - 2), one more
// when B >= 2 stand on one colour ("mono"). So the bishops stage places both sides' bishops at once by
// (white count, mono, black count, mono), and what follows it needs only the number of squares left, not
// their colours: its children are colour-blind, shared by every (X, Y) with the same X + Y ("a bishop
// row"), and so are the knights' children by every root with the same a + n1 and n2 ("a root group").
// Only roots, groups, bishop nodes and rows are stored; a stage's blocks are computed from them on the way.
//
// Order: a stage placing men is a sequence of blocks, one per choice (knights: (n, on set 1); bishops:
// (white count, mono, black count, mono)), each of (choices of squares) * (completions), and inside a
// block the index is (rank of the completions) * (choices of squares) + (rank of the squares): for the
// knights the colex rank on set 1 times C(n2, k2) plus that on set 2; for the bishops the white bishops'
// colour split, their squares, then the black bishops' split and squares (see bishops_rank).
//
// Without colours (v2's en passant frames, and a relaxed model; docs/models/v2.md) set 1 is every free square
// off the knight squares, set 2 is empty, and the bishops go to the rest, where a PieceLayer counts them
// without colours.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <vector>

#include "rank/binomial.h"
#include "rank/large_allocator.h"
#include "rank/piece_layer.h"
#include "rank/prefetch.h"
#include "rank/uint192.h"

namespace chessrank::rank {

class ClassPieceLayer {
 public:
  struct Root {
    bool colours = true;
    std::array<int, 2> rooks{0, 0};  // castling rooks fixed on their squares, counted by the rook stages
    int white_promotions = 0, black_promotions = 0;
    int men = 0;  // U less the two kings: promotions + pieces the stages may still use
    int a = 0;    // free knight squares of the king
    int n1 = 0;   // set 1 of the knights (see above)
    int n2 = 0;   // set 2 of the knights
  };
  // The free squares of a placement, as the knights see them.
  struct Squares {
    Bitboard a = 0, set1 = 0, set2 = 0;
  };

  ClassPieceLayer() = default;
  // Build what these roots reach; the handle of roots[i] is i.
  explicit ClassPieceLayer(const std::vector<Root>& roots);

  // Return the key that tells roots apart (equal keys: equal counts and ranks).
  static std::uint64_t root_key(const Root& r);
  // Return the number of piece placements of a root.
  const UInt192& count(int root) const { return roots_[root].total; }
  // What rank and unrank read of a root: its group's knights choices. A caller that keeps this in place of
  // the root (`v2`'s fast path) saves the dependent read of the root's record.
  struct Knights {
    std::uint32_t first = 0;  // its first choice
    bool colours = true;
  };
  Knights knights(int root) const { return {roots_[root].first, roots_[root].colours}; }
  // Rank the pieces of `men` on the squares of a placement that the root's budgets admit.
  UInt192 rank(int root, const Men& men, const Squares& squares) const { return rank(knights(root), men, squares); }
  UInt192 rank(Knights root, const Men& men, const Squares& squares) const;
  // Add the pieces of rank r < count(root) to `men`.
  void unrank(int root, const UInt192& r, const Squares& squares, Men& men) const {
    unrank(knights(root), r, squares, men);
  }
  void unrank(Knights root, UInt192 r, const Squares& squares, Men& men) const;
  // Ask for the first entries an unrank of these choices reads: a caller with other work to do first (the
  // pawns) then finds them in the cache.
  void prefetch(Knights root) const { rank::prefetch(&children_[root.first]); }

  // Return the memory the layer holds, in bytes.
  std::size_t bytes() const;

  // The stages of the rest, with colours (the bishops placed before) and without (the bishops' then).
  static const PieceLayer::Plan RestPlan, RestPlanWithBishops;

 private:
  // A count in two 8-byte limbs, as PieceLayer's narrow edges keep theirs (a UInt128 member would align
  // the edge to 16 bytes): the rest's counts after the bishops are below 2^128 (2^108 at most in `v2` and
  // its relaxations; the model tests build them all), so an edge takes 24 bytes instead of 32 and a scan
  // of a row's edges reads fewer lines.
  struct EdgeCount {
    std::uint64_t low = 0, high = 0;
    static EdgeCount of(const UInt192& v) {
      if (!v.fits_u128()) std::abort();  // never, by the above; larger counts would need 32-byte edges
      return {v.low(), std::uint64_t(v.low128() >> 64)};
    }
    UInt192 value() const { return UInt192::from_limbs(low, high, 0); }
  };
  // A bishops choice of a row: counts and "mono" flags of each side, and what follows it, a root of the rest.
  struct BishopEdge {
    EdgeCount rest;        // the rest's count
    std::uint32_t first;   // its root in rest_[1], as the root's first edge (rest_[1] has no king stage)
    std::uint8_t white, black;
    bool white_mono, black_mono;
  };
  static constexpr int MaxBishops = 11;  // per side: none, up to two originals and eight promotions
  struct Row {
    std::uint32_t first;  // its edges in bishop_edges_
    std::uint8_t counts;  // white bishop counts 0 .. counts - 1
    std::array<std::uint16_t, MaxBishops + 1> by_white;  // the edges of white count b: [by_white[b], by_white[b + 1])
  };
  // A completion of a root group's knights: a bishop node, whose cumulative count of its blocks up to each
  // white bishop count lets unranking find that count among a dozen entries and then scan only the black
  // bishops' choices inside it; or, without colours, a root of the rest. It holds its knights choice, so
  // that a scan of a group's children needs no loops over the choices (whose exits mispredicted).
  struct Child {
    UInt192 total;
    std::uint32_t row;  // with colours: the node's row; without: the rest's root in rest_[0]
    std::uint32_t ends : 24;  // with colours: the node's first entry in bishop_ends_, one per white bishop count
    std::uint32_t knights : 4, on_set1 : 4;  // its choice: white knights, and how many of them on set 1
    // Return the ways to put its knights on n1 and n2 squares of sets 1 and 2.
    std::uint64_t ways(int n1, int n2) const { return Binomial(n1, on_set1) * Binomial(n2, int(knights - on_set1)); }
  };
  static_assert(sizeof(Child) == 32, "the knights choice shares the word of ends");
  struct RootInfo {
    UInt192 total;
    std::uint32_t first;  // its group's children in children_, by (knights, on set 1)
    bool colours;
  };
  struct Builder;
  class WhiteSplits;

  LargeVector<RootInfo> roots_;
  LargeVector<Child> children_;  // of the root groups
  LargeVector<UInt192> bishop_ends_;
  LargeVector<Row> rows_;
  LargeVector<BishopEdge> bishop_edges_;  // of the rows
  PieceLayer rest_[2];                    // [colours]: the rest with the bishops, then without
};

}  // namespace chessrank::rank
