#include "nulp/nulp.h"

#include <algorithm>
#include <cassert>
#include <cctype>
#include <map>

#include "core/threads.h"
#include "nulp/monomials.h"

namespace chessrank::nulp {

int Material::men() const {
  int n = 2;
  for (const Army& a : side)
    for (int k : a) n += k;
  return n;
}

bool stronger(const Army& a, const Army& b) {
  for (int k = 0; k < 5; ++k)
    if (a[k] != b[k]) return a[k] > b[k];
  return false;
}

std::string endgame_name(const Material& m) {
  const bool white_first = !stronger(m.side[1], m.side[0]);
  std::string name;
  for (const int s : {white_first ? 0 : 1, white_first ? 1 : 0}) {
    name += 'k';
    for (int k = 0; k < 5; ++k) name.append(std::size_t(m.side[s][k]), ArmyLetters[std::size_t(k)]);
  }
  return name;
}

std::optional<Material> parse_endgame(std::string_view name) {
  // Two kings, each followed by its men; "v" between the sides is allowed ("KRPvKR").
  Material m;
  int side = -1;
  for (const char raw : name) {
    const char c = char(std::tolower(static_cast<unsigned char>(raw)));
    if (c == 'k') {
      if (++side > 1) return std::nullopt;
      continue;
    }
    if (c == 'v' && side == 0) continue;
    const std::size_t k = ArmyLetters.find(c);
    if (side < 0 || k == std::string_view::npos) return std::nullopt;
    ++m.side[std::size_t(side)][k];
  }
  if (side != 1) return std::nullopt;
  return m;
}

std::optional<Board> parse_board(std::string_view text) {
  if (text.size() != 3 || text[1] != 'x' || text[0] < '1' || text[0] > '8' || text[2] < '1' || text[2] > '8')
    return std::nullopt;
  return Board{text[0] - '0', text[2] - '0'};
}

namespace {

// The kinds of men besides the kings, white (the side to move in every count below) first, as in Material.
enum Kind { WQ, WR, WB, WN, WP, BQ, BR, BB, BN, BP, Kinds };
constexpr unsigned bit(int k) { return 1u << k; }
// Black's queens, rooks, bishops and knights play the same part in every rule (white's attacks on the black
// king do not depend on them), so counts that need not tell them apart (all but the symmetric placements)
// use one kind, BX, for them: 7 kinds instead of 10 (docs/nulp.md).
constexpr int BX = Kinds;
using Poly = Monomials::Poly;

// The eight directions of the rays from a king: four orthogonal, four diagonal.
constexpr std::array<std::array<int, 2>, 8> Directions{
    {{0, 1}, {0, -1}, {1, 0}, {-1, 0}, {1, 1}, {-1, 1}, {1, -1}, {-1, -1}}};

// A man a pattern fixes on a square: a castling rook, the pawns of an en passant right.
struct Fixed {
  int square, kind;
};
// A set of placements that fix some men and kings: castling rights and en passant rights are counted by
// counting the placements that have their men (docs/nulp.md).
struct Pattern {
  std::vector<Fixed> fixed;
  std::uint64_t no_pawn = 0;   // squares on which no pawn may stand
  int white_king = -1, black_king = -1;  // the kings' squares, -1: any
};

// A reflection of the board, as a permutation of the squares.
using Reflection = std::vector<int>;

// Return the kinds (bits of Kind) that attack the black king from a square j squares away along a ray
// (diagonal or not, going down or not), when nothing stands between.
unsigned attackers(bool diagonal, int j, bool down) {
  const unsigned line = diagonal ? bit(WQ) | bit(WB) : bit(WQ) | bit(WR);
  return line | (diagonal && j == 1 && down ? bit(WP) : 0);
}

// The counts of placements, over variables that each stand for a kind of Kind, or BX.
class Counter {
 public:
  // Count with these variables: every kind for the symmetric placements, WQ..WP, BX, BP for the others,
  // or only the kinds of one endgame, each up to a cap (its most men in the endgame).
  Counter(const Board& board, int max_men, std::vector<int> variables, const Monomials::Exponents* caps = nullptr)
      : board_(board), variables_(std::move(variables)) {
    const int n = int(variables_.size());
    for (int d = 0; d <= max_men - 2; ++d) monomials_.emplace_back(n, d, caps);
    for (int v = 0; v < n; ++v) {
      const int kind = variables_[std::size_t(v)];
      if (kind < Kinds) kind_var_[std::size_t(kind)] = bit(v);
    }
    for (int s = 0; s < board.squares(); ++s) {
      const int r = s / board.files;
      unsigned mask = (1u << n) - 1;
      // Pawns: on 8x8 ranks 2 to 7; elsewhere from the side's own first rank to the rank before the last.
      const bool white_pawn = board.standard() ? r >= 1 && r <= board.ranks - 2 : r <= board.ranks - 2;
      const bool black_pawn = board.standard() ? r >= 1 && r <= board.ranks - 2 : r >= 1;
      if (!white_pawn) mask &= ~kind_var_[WP];
      if (!black_pawn) mask &= ~kind_var_[BP];
      square_mask_.push_back(mask);
    }
  }
  const Monomials& monomials(int degree) const { return monomials_[std::size_t(degree)]; }
  int max_degree() const { return int(monomials_.size()) - 1; }
  const std::vector<int>& variables() const { return variables_; }
  // Return whether a kind is one of the variables (BX stands for black's pieces).
  bool counts(int kind) const {
    const bool grouped = std::find(variables_.begin(), variables_.end(), BX) != variables_.end();
    return kind_var_[std::size_t(kind)] || (grouped && kind >= BQ && kind <= BN);
  }
  const Board& board() const { return board_; }

  // Return the placements of the other men with white (to move) not attacking the black king, the kings on
  // ks and ko, a pattern's fixed men, and (with a reflection) symmetric under it, by the kinds of the men
  // the pattern does not fix: a polynomial over monomials_[degree].
  Poly placements(int ks, int ko, const Pattern& p, const Reflection* g, int degree) const {
    const Monomials& mono = monomials_[std::size_t(degree)];
    const int n = board_.squares();
    std::vector<int> fixed_kind(std::size_t(n), -1);
    for (const Fixed& f : p.fixed) fixed_kind[std::size_t(f.square)] = f.kind;
    // Per square: the kinds it may hold, the cell it belongs to (itself, or the pair it forms with its
    // image), and whether the count has placed it.
    std::vector<unsigned> mask(square_mask_);
    std::vector<bool> done(std::size_t(n), false);
    for (int s = 0; s < n; ++s) {
      if (p.no_pawn >> s & 1) mask[std::size_t(s)] &= ~(kind_var_[WP] | kind_var_[BP]);
      if (knight_move(s, ko)) mask[std::size_t(s)] &= ~kind_var_[WN];  // a white knight there attacks the king
    }
    const auto cell = [&](int s) { return g ? std::min(s, (*g)[std::size_t(s)]) : s; };
    const auto cell_mask = [&](int c) {
      return mask[std::size_t(c)] & (g ? mask[std::size_t((*g)[std::size_t(c)])] : ~0u);
    };
    const auto cell_size = [&](int c) { return g && (*g)[std::size_t(c)] != c ? 2 : 1; };
    done[std::size_t(ks)] = done[std::size_t(ko)] = true;
    for (const Fixed& f : p.fixed) done[std::size_t(f.square)] = true;

    Poly open = mono.one(), blocked(mono.size());
    const int kf = ko % board_.files, kr = ko / board_.files;
    for (const auto& [df, dr] : Directions) {
      const bool diagonal = df != 0 && dr != 0;
      if (!on_board(kf + df, kr + dr)) continue;
      // A mirror image of an earlier ray has the same cells: its placements were counted with them.
      const int first = (kr + dr) * board_.files + kf + df;
      if (first != ks && fixed_kind[std::size_t(first)] < 0 && done[std::size_t(cell(first))]) continue;
      std::fill(blocked.begin(), blocked.end(), 0);
      for (int j = 1; on_board(kf + j * df, kr + j * dr); ++j) {
        const int s = (kr + j * dr) * board_.files + kf + j * df;
        if (s == ks) break;  // the white king, two squares away or more: no attack, and it blocks
        // White's men that attack the king from here when nothing stands between.
        const unsigned attacking = attackers(diagonal, j, dr == -1);
        if (const int k = fixed_kind[std::size_t(s)]; k >= 0) {
          if (attacking >> k & 1) std::fill(open.begin(), open.end(), 0);
          break;
        }
        unsigned attacking_vars = 0;
        for (int kind = WQ; kind <= WP; ++kind)
          if (attacking >> kind & 1) attacking_vars |= kind_var_[std::size_t(kind)];
        const int c = cell(s);
        const unsigned all = cell_mask(c);
        mono.ray_step(blocked, open, all, all & ~attacking_vars, cell_size(c));
        done[std::size_t(c)] = true;
      }
      for (std::size_t i = 0; i < open.size(); ++i) open[i] += blocked[i];
    }
    for (int s = 0; s < n; ++s)
      if (!done[std::size_t(s)] && fixed_kind[std::size_t(s)] < 0) {
        const int c = cell(s);
        if (done[std::size_t(c)]) continue;
        mono.multiply_linear(open, cell_mask(c), cell_size(c));
        done[std::size_t(c)] = true;
      }
    return open;
  }

 private:
  bool on_board(int f, int r) const { return f >= 0 && f < board_.files && r >= 0 && r < board_.ranks; }
  bool knight_move(int a, int b) const {
    const int df = std::abs(a % board_.files - b % board_.files), dr = std::abs(a / board_.files - b / board_.files);
    return (df == 1 && dr == 2) || (df == 2 && dr == 1);
  }

  Board board_;
  std::vector<int> variables_;
  std::array<unsigned, Kinds> kind_var_{};  // per kind, the bit of its variable (0: none)
  std::vector<Monomials> monomials_;  // by degree
  std::vector<unsigned> square_mask_;
};

std::uint64_t choose(int n, int k) {
  std::uint64_t c = 1;
  for (int i = 1; i <= k; ++i) c = c * std::uint64_t(n - k + i) / std::uint64_t(i);
  return c;
}

bool adjacent(const Board& b, int x, int y) {
  return std::abs(x % b.files - y % b.files) <= 1 && std::abs(x / b.files - y / b.files) <= 1;
}

// The counts of each material with white to move, over the materials with at most max_men men (indexed
// by Monomials(Kinds, max_men - 2)).
struct Tallies {
  std::vector<std::uint64_t> normal;    // legal placements: positions without castling or en passant rights
  std::vector<std::uint64_t> en_passant;  // positions without castling rights, with an en passant right
  std::vector<std::uint64_t> castling;  // positions with castling rights (and any en passant right)
  std::vector<std::uint64_t> fixed_pawnless, fixed_pawns;  // sums of Fix(g) over the classes' reflections
};

// Return the patterns of the en passant rights with white to move: per file, the black pawn that has just
// stepped two squares and a white pawn beside it, left, right, or both (counted with sign -1, since a
// right needs one or the other).
std::vector<std::pair<Pattern, int>> en_passant_patterns(const Board& b) {
  std::vector<std::pair<Pattern, int>> out;
  if (!b.standard()) return out;
  const auto sq = [&](int f, int r) { return r * b.files + f; };
  for (int f = 0; f < b.files; ++f)
    for (int side = 0; side < 3; ++side) {  // left, right, both
      const bool left = side != 1, right = side != 0;
      if ((left && f == 0) || (right && f == b.files - 1)) continue;
      Pattern p;
      p.fixed.push_back({sq(f, 4), BP});
      if (left) p.fixed.push_back({sq(f - 1, 4), WP});
      if (right) p.fixed.push_back({sq(f + 1, 4), WP});
      p.no_pawn = std::uint64_t(1) << sq(f, 5) | std::uint64_t(1) << sq(f, 6);
      out.emplace_back(p, side == 2 ? -1 : 1);
    }
  return out;
}

// Return the patterns of the non-empty sets of castling rights with white to move: the kings and rooks
// on their squares.
std::vector<Pattern> castling_patterns(const Board& b) {
  std::vector<Pattern> out;
  if (!b.standard()) return out;
  for (int rights = 1; rights < 16; ++rights) {  // K, Q, k, q
    Pattern p;
    if (rights & 3) p.white_king = 4;
    if (rights & 12) p.black_king = 60;
    if (rights & 1) p.fixed.push_back({7, WR});
    if (rights & 2) p.fixed.push_back({0, WR});
    if (rights & 4) p.fixed.push_back({63, BR});
    if (rights & 8) p.fixed.push_back({56, BR});
    out.push_back(p);
  }
  return out;
}

// Add `weight` times the placements of a pattern (over every pair of kings it allows, or only those a
// reflection fixes) to a table of materials (indexed by Monomials(Kinds, the counter's degree)). With
// `mirror`, the pairs whose black king stands right of the middle file are left out and those left of it
// count twice: the left-right mirror maps the placements of a pair to those of its image, kind for kind.
void add_pattern(const Counter& counter, const Pattern& p, const Reflection* g, int weight, bool mirror,
                 unsigned threads, const Monomials& materials, std::vector<std::uint64_t>& table) {
  const Board& b = counter.board();
  const int degree = counter.max_degree() - int(p.fixed.size());
  if (degree < 0) return;
  struct Kings {
    int ks, ko, weight;
  };
  std::vector<Kings> kings;
  for (int ks = 0; ks < b.squares(); ++ks)
    for (int ko = 0; ko < b.squares(); ++ko) {
      if (adjacent(b, ks, ko) || (p.white_king >= 0 && ks != p.white_king) || (p.black_king >= 0 && ko != p.black_king))
        continue;
      if (g && ((*g)[std::size_t(ks)] != ks || (*g)[std::size_t(ko)] != ko)) continue;
      if (std::any_of(p.fixed.begin(), p.fixed.end(), [&](const Fixed& f) { return f.square == ks || f.square == ko; }))
        continue;
      const int file = ko % b.files, image = b.files - 1 - file;
      if (mirror && file > image) continue;
      kings.push_back({ks, ko, mirror && file < image ? 2 : 1});
    }
  // Each thread sums the pairs t, t + threads, ...; the sums are exact, so their order does not matter.
  const unsigned n = std::max(1u, std::min<unsigned>(threads, unsigned(kings.size())));
  const Monomials& sub = counter.monomials(degree);
  std::vector<Poly> sums(n, Poly(sub.size()));
  run_on_threads(n, [&](unsigned t) {
    for (std::size_t i = t; i < kings.size(); i += n) {
      const Poly one = counter.placements(kings[i].ks, kings[i].ko, p, g, degree);
      for (std::size_t j = 0; j < one.size(); ++j) sums[t][j] += std::uint64_t(kings[i].weight) * one[j];
    }
  });
  for (unsigned t = 1; t < n; ++t)
    for (std::size_t j = 0; j < sub.size(); ++j) sums[0][j] += sums[t][j];
  // Each monomial becomes its materials: the men the pattern fixes join it, and a grouped count's BX men
  // are shared out among black's queens, rooks, bishops and knights in every way.
  Monomials::Exponents fixed{};
  for (const Fixed& f : p.fixed) ++fixed[std::size_t(f.kind)];
  const std::vector<int>& variables = counter.variables();
  for (std::size_t i = 0; i < sub.size(); ++i) {
    const std::uint64_t count = sums[0][i] * std::uint64_t(weight);  // modulo 2^64: a weight may be -1
    if (!count) continue;
    const Monomials::Exponents& e = sub.exponents(i);
    Monomials::Exponents m = fixed;
    int x = 0;  // BX men
    for (std::size_t v = 0; v < variables.size(); ++v) {
      if (variables[v] == BX) x = e[v];
      else m[std::size_t(variables[v])] = std::uint8_t(m[std::size_t(variables[v])] + e[v]);
    }
    for (int q = 0; q <= x; ++q)
      for (int r = 0; q + r <= x; ++r)
        for (int bb = 0; q + r + bb <= x; ++bb) {
          const int nn = x - q - r - bb;
          Monomials::Exponents split = m;
          split[BQ] = std::uint8_t(split[BQ] + q), split[BR] = std::uint8_t(split[BR] + r);
          split[BB] = std::uint8_t(split[BB] + bb), split[BN] = std::uint8_t(split[BN] + nn);
          // x! / (q! r! bb! nn!): the ways to give the x grouped men their kinds.
          const std::uint64_t ways = choose(x, q) * choose(x - q, r) * choose(x - q - r, bb);
          table[std::size_t(materials.index(split))] += count * ways;
        }
  }
}

// Return the board's reflections that fix two squares or more, with the classes they belong to: the
// left-right mirror (odd files) for every position without castling rights, the others for pawnless ones.
struct Reflections {
  std::vector<Reflection> pawnless, pawns;
};
Reflections reflections(const Board& b) {
  const auto make = [&](auto image) {
    Reflection g(std::size_t(b.squares()));
    for (int s = 0; s < b.squares(); ++s) {
      const auto [f, r] = image(s % b.files, s / b.files);
      g[std::size_t(s)] = r * b.files + f;
    }
    return g;
  };
  Reflections out;
  const int w = b.files, h = b.ranks;
  if (w % 2) {
    const Reflection lr = make([&](int f, int r) { return std::pair{w - 1 - f, r}; });
    out.pawnless.push_back(lr);
    out.pawns.push_back(lr);
  }
  if (h % 2) out.pawnless.push_back(make([&](int f, int r) { return std::pair{f, h - 1 - r}; }));
  if (w == h) {
    out.pawnless.push_back(make([&](int f, int r) { return std::pair{r, f}; }));
    out.pawnless.push_back(make([&](int f, int r) { return std::pair{w - 1 - r, h - 1 - f}; }));
  }
  return out;
}

// Return the tallies of every material of up to max_men men, or, given `most` (per kind), of those with at
// most that many men of each kind: then the counts have a variable per kind present, each capped, and far
// fewer monomials (256 for kqbnkrbn instead of 1,716).
Tallies tally(const Board& b, int max_men, unsigned threads, const Monomials::Exponents* most = nullptr,
              const Progress& progress = {}) {
  std::vector<int> some;
  Monomials::Exponents caps{};
  for (int k = 0; k < Kinds; ++k)
    if (most && (*most)[std::size_t(k)]) caps[some.size()] = (*most)[std::size_t(k)], some.push_back(k);
  const Counter main = most ? Counter(b, max_men, some, &caps) : Counter(b, max_men, {WQ, WR, WB, WN, WP, BX, BP});
  // The symmetric placements need black's pieces apart: every kind, unless main already has them apart.
  const std::optional<Counter> full =
      most ? std::nullopt : std::optional<Counter>(Counter(b, max_men, {WQ, WR, WB, WN, WP, BQ, BR, BB, BN, BP}));
  const Counter& symmetric = full ? *full : main;
  const Monomials materials(Kinds, max_men - 2);
  const std::size_t size = materials.size();
  Tallies t{std::vector<std::uint64_t>(size), std::vector<std::uint64_t>(size), std::vector<std::uint64_t>(size),
            std::vector<std::uint64_t>(size), std::vector<std::uint64_t>(size)};
  // The en passant rights of files e-h are the mirror images of those of files d-a.
  const auto passant = en_passant_patterns(b);
  const auto castling = castling_patterns(b);
  const Reflections refl = reflections(b);
  const std::size_t patterns =
      1 + passant.size() + castling.size() * (1 + passant.size()) + refl.pawnless.size() + refl.pawns.size();
  std::size_t done = 0;
  const auto tick = [&] {
    ++done;
    if (progress) progress(done, patterns);
  };
  const auto add = [&](const Counter& c, const Pattern& p, const Reflection* g, int weight, bool mirror,
                       std::vector<std::uint64_t>& table) {
    // A pattern that fixes a man of a kind the count leaves out adds to no material it asks for.
    if (std::all_of(p.fixed.begin(), p.fixed.end(), [&](const Fixed& f) { return c.counts(f.kind); }))
      add_pattern(c, p, g, weight, mirror, threads, materials, table);
    tick();
  };
  add(main, Pattern{}, nullptr, 1, true, t.normal);
  for (const auto& [p, sign] : passant)
    if (p.fixed.front().square % b.files < b.files / 2) add(main, p, nullptr, 2 * sign, false, t.en_passant);
    else
      tick();  // counted by its mirror image
  for (const Pattern& c : castling) {
    add(main, c, nullptr, 1, false, t.castling);
    for (const auto& [p, sign] : passant) {
      Pattern both = p;
      both.white_king = c.white_king, both.black_king = c.black_king;
      both.fixed.insert(both.fixed.end(), c.fixed.begin(), c.fixed.end());
      add(main, both, nullptr, sign, false, t.castling);
    }
  }
  // Symmetric placements pair men of one kind: these counts tell black's pieces apart.
  for (const Reflection& g : refl.pawnless) add(symmetric, Pattern{}, &g, 1, false, t.fixed_pawnless);
  for (const Reflection& g : refl.pawns) add(symmetric, Pattern{}, &g, 1, false, t.fixed_pawns);
  assert(done == patterns);
  return t;
}

static_assert(sizeof(unsigned long) == sizeof(std::uint64_t));
BigInt big(std::uint64_t x) { return BigInt(static_cast<unsigned long>(x)); }

// Return the classes of the positions of material m with white to move and of its colour swap with black
// to move (a set the symmetries map to itself), and of them those with castling rights (docs/nulp.md,
// "Classes by Burnside's lemma").
std::pair<BigInt, BigInt> classes(const Board& b, const Tallies& t, std::size_t i, const Material& m) {
  // The symmetries without colour swap of the positions without castling rights.
  const int group = m.pawnless() ? (b.files == b.ranks ? 8 : 4) : 2;
  const std::uint64_t fixed = m.pawnless() ? t.fixed_pawnless[i] : t.fixed_pawns[i];
  const std::uint64_t sum = t.normal[i] + t.en_passant[i] + fixed;
  assert(sum % std::uint64_t(group) == 0 && "Burnside's sum is a multiple of the group's order");
  return {big(sum / std::uint64_t(group)) + big(t.castling[i]), big(t.castling[i])};
}

Monomials::Exponents exponents_of(const Material& m) {
  Monomials::Exponents e{};
  for (std::size_t k = 0; k < 5; ++k) e[k] = std::uint8_t(m.side[0][k]), e[k + 5] = std::uint8_t(m.side[1][k]);
  return e;
}

std::vector<EndgameCount> assemble(const Board& b, int max_men, const Tallies& t, const std::optional<Material>& only) {
  const Monomials materials(Kinds, max_men - 2);
  std::map<std::pair<int, std::string>, EndgameCount> out;
  for (std::size_t i = 0; i < materials.size(); ++i) {
    const Monomials::Exponents& e = materials.exponents(i);
    Material m;
    for (std::size_t k = 0; k < 5; ++k) m.side[0][k] = e[k], m.side[1][k] = e[k + 5];
    if (m.men() > b.squares() || stronger(m.side[1], m.side[0])) continue;  // the stronger side as white
    if (only && m != *only) continue;
    const Material s = m.swapped();
    const std::size_t j = std::size_t(materials.index(exponents_of(s)));
    EndgameCount c;
    c.material = m;
    c.name = endgame_name(m);
    const auto [strong, strong_castling] = classes(b, t, i, m);
    c.stronger_to_move = strong;
    c.positions = 2 * (big(t.normal[i]) + big(t.en_passant[i]) + big(t.castling[i]));
    if (s == m) {
      c.unique = strong, c.castling = strong_castling;
    } else {
      const auto [weak, weak_castling] = classes(b, t, j, s);
      c.weaker_to_move = weak;
      c.unique = strong + weak, c.castling = strong_castling + weak_castling;
      c.positions += 2 * (big(t.normal[j]) + big(t.en_passant[j]) + big(t.castling[j]));
    }
    if (c.unique == 0) continue;
    out.emplace(std::pair{m.men(), c.name}, std::move(c));
  }
  std::vector<EndgameCount> v;
  for (auto& [key, c] : out) v.push_back(std::move(c));
  return v;
}

}  // namespace

std::vector<EndgameCount> count_endgames(const Board& board, int max_men, unsigned threads, const Progress& progress) {
  max_men = std::min({max_men, MaxMen, board.squares()});
  if (max_men < 2) return {};
  return assemble(board, max_men, tally(board, max_men, worker_threads(threads), nullptr, progress), std::nullopt);
}

std::optional<EndgameCount> count_endgame(const Board& board, const Material& material, unsigned threads) {
  Material m = material;
  if (stronger(m.side[1], m.side[0])) m = m.swapped();
  const int men = m.men();
  if (men > MaxMen || men > board.squares()) return std::nullopt;
  // The count needs the men of m and of its colour swap only: per kind, the most of either.
  Monomials::Exponents most = exponents_of(m);
  for (std::size_t k = 0; k < 5; ++k) most[k] = most[k + 5] = std::max(most[k], most[k + 5]);
  std::vector<EndgameCount> v = assemble(board, men, tally(board, men, worker_threads(threads), &most), m);
  if (v.empty()) return EndgameCount{m, endgame_name(m), 0, 0, 0, 0, 0};  // no legal position
  return v.front();
}

}  // namespace chessrank::nulp
