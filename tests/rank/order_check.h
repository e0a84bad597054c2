// What the order tests of tests/rank share: a sort key packed from fields, the en passant case and file
// helpers they compute independently of the models, and the check that a model's indices sort members of
// small material sets as the key does.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <functional>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "core/fen.h"
#include "rank/uint192.h"
#include "tests/rank/members.h"

namespace chessrank::testing {

// Fields packed most significant first into Words words, so that comparing the words compares the
// fields lexicographically. Two keys may use different layouts past a field in which they differ (a count
// decides how many square fields follow), which does not matter: the comparison is decided before that.
template <int WordCount>
struct KeyWriter {
  static constexpr int Words = WordCount;
  std::array<std::uint64_t, Words> words{};
  int used = 0;
  bool overflow = false;

  void push(std::uint64_t value, int bits) {
    if (value >> bits || used + bits > 64 * Words) {
      overflow = true;
      return;
    }
    const int word = used / 64, room = 64 - used % 64;
    if (bits <= room) {
      words[word] |= value << (room - bits);
    } else {
      words[word] |= value >> (bits - room);
      words[word + 1] |= value << (64 - (bits - room));
    }
    used += bits;
  }

  // Push the members of `men` (a subset of `set`) as their indices in `set`, largest first, `bits` each:
  // for subsets of one size this compares as their colex order.
  void push_colex(Bitboard men, Bitboard set, int bits) {
    while (men) {
      const Bitboard top = Bitboard(1) << (63 - std::countl_zero(men));
      push(unsigned(std::popcount(set & (top - 1))), bits);
      men ^= top;
    }
  }
};

// Return the en passant case of a white-to-move position whose en passant square is on `file`: case 0
// is none, then per file a..h the capturer on the left (file - 1), then the capturer on the right only.
inline int ep_case_of(int file, bool capturer_left) {
  // Files a and h have one case each (capturer on b, on g), the others two.
  const int before = file == 0 ? 0 : 1 + 2 * (file - 1);
  return 1 + before + (capturer_left || file == 0 ? 0 : 1);
}

// Return the six cells (ranks 2..7, bits 0..5) of a file in a bitboard.
inline unsigned file_cells(Bitboard b, int file) {
  unsigned mask = 0;
  for (int r = 1; r <= 6; ++r) mask |= unsigned(b >> (8 * r + file) & 1) << (r - 1);
  return mask;
}

// Return the squares a leaper on s reaches with these steps (file, rank), computed here rather than
// taken from the attack tables the models use.
inline Bitboard leaps(int s, const std::vector<std::pair<int, int>>& steps) {
  Bitboard b = 0;
  for (const auto& [df, dr] : steps) {
    const int f = s % 8 + df, r = s / 8 + dr;
    if (f >= 0 && f < 8 && r >= 0 && r < 8) b |= Bitboard(1) << (8 * r + f);
  }
  return b;
}
inline Bitboard knight_squares(int s) {
  return leaps(s, {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}});
}
inline Bitboard neighbours(int s) {
  return leaps(s, {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}});
}

// A member in the white-to-move form both models rank (black to move: colours exchanged, ranks mirrored),
// with its pawns file by file, computed here rather than by the models' code.
struct KeyPosition {
  bool black = false;  // black to move
  std::array<std::array<Bitboard, PieceTypeCount>, 2> men{};
  unsigned castling = 0;           // K = 1, Q = 2, k = 4, q = 8, after the swap
  int ep_file = -1, capturer = -1;  // the en passant pawn's file and the capturer's, or -1
  int ep_case = 0;
  std::array<unsigned, 8> white{}, black_cells{};  // file_cells of the pawns
  std::array<bool, 8> opposed{};  // the lowest white pawn of the file stands below its highest black pawn
  int opposed_files = 0;
  Bitboard frame_taken = 0;  // the castling kings and rooks, the two squares the en passant pawn crossed
};

inline KeyPosition key_position(const Position& pos) {
  KeyPosition k;
  k.black = pos.side_to_move() == Black;
  for (Color c : {White, Black})  // a byte swap mirrors the ranks
    for (PieceType pt : {Pawn, Knight, Bishop, Rook, Queen, King})
      k.men[k.black ? ~c : c][pt] = k.black ? __builtin_bswap64(pos.pieces(c, pt)) : pos.pieces(c, pt);
  k.castling = pos.castling_rights();
  if (k.black) k.castling = ((k.castling & 3) << 2) | (k.castling >> 2);
  k.ep_file = pos.ep_square() == NoSquare ? -1 : int(file_of(pos.ep_square()));
  if (k.ep_file >= 0) {
    const bool left = k.ep_file > 0 && (k.men[White][Pawn] & square_bb(make_square(File(k.ep_file - 1), Rank5)));
    k.ep_case = ep_case_of(k.ep_file, left);
    k.capturer = left ? k.ep_file - 1 : k.ep_file + 1;
  }
  if (k.castling & 1) k.frame_taken |= square_bb(E1) | square_bb(H1);
  if (k.castling & 2) k.frame_taken |= square_bb(E1) | square_bb(A1);
  if (k.castling & 4) k.frame_taken |= square_bb(E8) | square_bb(H8);
  if (k.castling & 8) k.frame_taken |= square_bb(E8) | square_bb(A8);
  if (k.ep_file >= 0)
    k.frame_taken |= square_bb(make_square(File(k.ep_file), Rank6)) | square_bb(make_square(File(k.ep_file), Rank7));
  for (int f = 0; f < 8; ++f) {
    k.white[f] = file_cells(k.men[White][Pawn], f);
    k.black_cells[f] = file_cells(k.men[Black][Pawn], f);
    k.opposed[f] =
        k.white[f] && k.black_cells[f] && std::countr_zero(k.white[f]) < 31 - std::countl_zero(k.black_cells[f]);
    k.opposed_files += k.opposed[f];
  }
  return k;
}

template <std::size_t N>
std::string hex(const std::array<std::uint64_t, N>& words) {
  std::ostringstream out;
  out << std::hex;
  for (std::uint64_t w : words) out << w << ' ';
  return out.str();
}

// Men, and when `where` is not empty the squares each may stand on (see for_each_member).
struct Material {
  std::vector<Piece> men;
  std::vector<Bitboard> where;
};

inline constexpr Bitboard Anywhere = ~Bitboard(0);
inline const Bitboard Rank1Squares = rank_bb(Rank1), Rank8Squares = rank_bb(Rank8);

// Return the kings on their back ranks (white on rank 1, black on rank 8) and these men anywhere.
inline Material kings_on_back_ranks(const std::vector<Piece>& men) {
  Material m{{WhiteKing, BlackKing}, {Rank1Squares, Rank8Squares}};
  for (Piece p : men) m.men.push_back(p), m.where.push_back(Anywhere);
  return m;
}

// Sort every member of these material sets (the positions the model's violation() admits) by
// order_key(p) and check that the model's fast ranks strictly increase (so they are distinct too), one
// side to move at a time (every white-to-move index is below every black-to-move one). Several sets
// together check the order of the blocks between them. Return the number of members.
//
// A set too large to hold in memory (KQRvKR: about 9e8 members a side, 56 bytes each) is checked in
// `slices` ranges of the key, each from an enumeration of its own: a first enumeration samples the keys
// to place the ranges' bounds, every range is then sorted and checked as above, and its ranks must lie
// above those of the range before. Equal keys fall in one range, so no pair escapes the check.
template <class Model, class KeyFn>
std::size_t check_order(const Model& model, KeyFn order_key, const std::vector<Material>& sets, int slices = 1) {
  using Key = decltype(order_key(std::declval<const Position&>()));
  using Words = std::array<std::uint64_t, Key::Words>;
  struct Entry {
    Words key;
    rank::UInt192 rank;
  };
  rank::UInt192 last_of_white;
  std::size_t total = 0;
  for (Color stm : {White, Black}) {
    const auto enumerate = [&](const std::function<void(const Position&)>& visit) {
      for (const Material& m : sets)
        for_each_member([&](const Position& p) { return !model.violation(p); }, m.men, stm, visit, m.where);
    };
    // bounds[j]: the least key of range j + 1, from a uniform sample of the keys (a fixed seed).
    std::vector<Words> bounds;
    std::size_t members = 0;
    if (slices > 1) {
      const std::size_t want = 256 * std::size_t(slices);
      std::vector<Words> sample;
      std::uint64_t state = 1;
      enumerate([&](const Position& p) {
        const Words key = order_key(p).words;
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;  // an LCG: any fixed sequence will do
        if (++members <= want) sample.push_back(key);
        else if (const std::size_t j = (state >> 11) % members; j < want) sample[j] = key;
      });
      std::sort(sample.begin(), sample.end());
      for (std::size_t j = 1; j < std::size_t(slices) && !sample.empty(); ++j)
        bounds.push_back(sample[sample.size() * j / std::size_t(slices)]);
    }
    std::vector<Entry> entries;
    bool overflow = false, refused = false;
    std::optional<rank::UInt192> first;  // the least rank of the members, once a range has any
    rank::UInt192 last;
    for (std::size_t range = 0; range <= bounds.size(); ++range) {
      entries.clear();
      if (slices > 1) entries.reserve(members / std::size_t(slices) * 5 / 4);
      enumerate([&](const Position& p) {
        const Key key = order_key(p);
        if ((range > 0 && key.words < bounds[range - 1]) || (range < bounds.size() && !(key.words < bounds[range])))
          return;
        overflow |= key.overflow;
        const Result<rank::UInt192> r = model.rank_fast(p);
        if (!r.ok()) {
          refused = true;
          return;
        }
        entries.push_back({key.words, r.value()});
      });
      if (entries.empty()) continue;
      std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) { return a.key < b.key; });
      int bad = 0;
      for (std::size_t i = 1; i < entries.size() && bad < 5; ++i) {
        const Entry &a = entries[i - 1], &b = entries[i];
        // Equal keys would be two positions the key cannot tell apart: an incomplete key.
        if (!(a.key < b.key) || !(a.rank < b.rank)) {
          ++bad;
          ADD_FAILURE() << "out of order: " << to_fen(model.unrank_fast(a.rank)) << " (index " << a.rank.to_big()
                        << ", key " << hex(a.key) << ") sorts before " << to_fen(model.unrank_fast(b.rank))
                        << " (index " << b.rank.to_big() << ", key " << hex(b.key) << ")";
        }
      }
      EXPECT_EQ(bad, 0);
      if (first)
        EXPECT_TRUE(last < entries.front().rank) << "range " << range << " starts below the range before";
      else
        first = entries.front().rank;
      last = entries.back().rank;
      total += entries.size();
    }
    EXPECT_FALSE(overflow) << "a key field does not fit";
    EXPECT_FALSE(refused) << "rank_fast refused a member";
    if (!first) {
      ADD_FAILURE() << "no members";
      return 0;
    }
    if (stm == White) {
      last_of_white = last;
      EXPECT_TRUE(last_of_white < model.half_size());
    } else {
      EXPECT_TRUE(last_of_white < *first);
      EXPECT_FALSE(*first < model.half_size());
      EXPECT_TRUE(last < model.half_size() + model.half_size());
    }
  }
  return total;
}

}  // namespace chessrank::testing
