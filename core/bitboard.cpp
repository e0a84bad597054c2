#include "core/bitboard.h"

#include <initializer_list>

#if defined(__x86_64__)
#include <cpuid.h>
#include <immintrin.h>
#endif

namespace chessrank {

namespace detail {

#if defined(__x86_64__)
Bitboard deposit_bmi2(std::uint64_t positions, Bitboard set) { return _pdep_u64(positions, set); }

namespace {

// Return whether pdep is fast here: BMI2, except on the CPUs of AMD and Hygon before Zen 3 (family 0x19),
// which run it in microcode, slower than the portable select.
bool fast_pdep() {
  __builtin_cpu_init();  // this runs among the static constructors, perhaps before libgcc's
  if (!__builtin_cpu_supports("bmi2")) return false;
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  if (!__get_cpuid(0, &eax, &ebx, &ecx, &edx)) return false;
  const bool amd = (ebx == 0x68747541 && edx == 0x69746e65 && ecx == 0x444d4163) ||  // "AuthenticAMD"
                   (ebx == 0x6f677948 && edx == 0x6e65476e && ecx == 0x656e6975);    // "HygonGenuine"
  if (!amd) return true;
  if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return false;
  const unsigned family = (eax >> 8 & 0xF) == 0xF ? 0xF + (eax >> 20 & 0xFF) : eax >> 8 & 0xF;
  return family >= 0x19;
}

}  // namespace

const bool FastDeposit = fast_pdep();
#else
const bool FastDeposit = false;
#endif

Magic BishopMagics[SquareCount];
Magic RookMagics[SquareCount];
Bitboard PawnAttacks[ColorCount][SquareCount];
Bitboard KnightAttacks[SquareCount];
Bitboard KingAttacks[SquareCount];
Bitboard BetweenBB[SquareCount][SquareCount];
Bitboard LineBB[SquareCount][SquareCount];
}  // namespace detail

namespace {

// Sizes of the shared fancy-magic tables: the sum over squares of 2^(relevant occupancy bits).
constexpr int RookTableSize = 0x19000;
constexpr int BishopTableSize = 0x1480;
Bitboard RookTable[RookTableSize];
Bitboard BishopTable[BishopTableSize];

// Return the square one step from s by (df, dr), or NoSquare when that leaves the board.
Square step(Square s, int df, int dr) {
  const int f = file_of(s) + df, r = rank_of(s) + dr;
  return f >= 0 && f < 8 && r >= 0 && r < 8 ? make_square(File(f), Rank(r)) : NoSquare;
}

constexpr int RookDirections[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int BishopDirections[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

// Walk rays square by square: the slow reference the magic tables are filled from.
Bitboard sliding_attack(const int (&dirs)[4][2], Square s, Bitboard occupied) {
  Bitboard result = 0;
  for (const auto& d : dirs)
    for (Square t = step(s, d[0], d[1]); t != NoSquare; t = step(t, d[0], d[1])) {
      result |= square_bb(t);
      if (occupied & square_bb(t)) break;
    }
  return result;
}

// Magic numbers for fancy magic bitboards, one per square. They were found by the classic trial search
// (Stockfish's: xorshift64* sparse candidates with its per-rank seeds 728, 10316, 55013, 32803, 12281,
// 15100, 16645, 255) and are recorded so start-up does no search; bitboard_test checks every occupancy
// subset of every square against a ray walk, so a wrong constant cannot go unnoticed.
constexpr Bitboard BishopMagicNumbers[SquareCount] = {
    0x40106000a1160020ULL, 0x0020010250810120ULL, 0x2010010220280081ULL, 0x002806004050c040ULL,
    0x0002021018000000ULL, 0x2001112010000400ULL, 0x0881010120218080ULL, 0x1030820110010500ULL,
    0x0000120222042400ULL, 0x2000020404040044ULL, 0x8000480094208000ULL, 0x0003422a02000001ULL,
    0x000a220210100040ULL, 0x8004820202226000ULL, 0x0018234854100800ULL, 0x0100004042101040ULL,
    0x0004001004082820ULL, 0x0010000810010048ULL, 0x1014004208081300ULL, 0x2080818802044202ULL,
    0x0040880c00a00100ULL, 0x0080400200522010ULL, 0x0001000188180b04ULL, 0x0080249202020204ULL,
    0x1004400004100410ULL, 0x00013100a0022206ULL, 0x2148500001040080ULL, 0x4241080011004300ULL,
    0x4020848004002000ULL, 0x10101380d1004100ULL, 0x0008004422020284ULL, 0x01010a1041008080ULL,
    0x0808080400082121ULL, 0x0808080400082121ULL, 0x0091128200100c00ULL, 0x0202200802010104ULL,
    0x8c0a020200440085ULL, 0x01a0008080b10040ULL, 0x0889520080122800ULL, 0x100902022202010aULL,
    0x04081a0816002000ULL, 0x0000681208005000ULL, 0x8170840041008802ULL, 0x0a00004200810805ULL,
    0x0830404408210100ULL, 0x2602208106006102ULL, 0x1048300680802628ULL, 0x2602208106006102ULL,
    0x0602010120110040ULL, 0x0941010801043000ULL, 0x000040440a210428ULL, 0x0008240020880021ULL,
    0x0400002012048200ULL, 0x00ac102001210220ULL, 0x0220021002009900ULL, 0x84440c080a013080ULL,
    0x0001008044200440ULL, 0x0004c04410841000ULL, 0x2000500104011130ULL, 0x1a0c010011c20229ULL,
    0x0044800112202200ULL, 0x0434804908100424ULL, 0x0300404822c08200ULL, 0x48081010008a2a80ULL,
};
constexpr Bitboard RookMagicNumbers[SquareCount] = {
    0x0a80004000801220ULL, 0x8040004010002008ULL, 0x2080200010008008ULL, 0x1100100008210004ULL,
    0xc200209084020008ULL, 0x2100010004000208ULL, 0x0400081000822421ULL, 0x0200010422048844ULL,
    0x0800800080400024ULL, 0x0001402000401000ULL, 0x3000801000802001ULL, 0x4400800800100083ULL,
    0x0904802402480080ULL, 0x4040800400020080ULL, 0x0018808042000100ULL, 0x4040800080004100ULL,
    0x0040048001458024ULL, 0x00a0004000205000ULL, 0x3100808010002000ULL, 0x4825010010000820ULL,
    0x5004808008000401ULL, 0x2024818004000a00ULL, 0x0005808002000100ULL, 0x2100060004806104ULL,
    0x0080400880008421ULL, 0x4062220600410280ULL, 0x010a004a00108022ULL, 0x0000100080080080ULL,
    0x0021000500080010ULL, 0x0044000202001008ULL, 0x0000100400080102ULL, 0xc020128200040545ULL,
    0x0080002000400040ULL, 0x0000804000802004ULL, 0x0000120022004080ULL, 0x010a386103001001ULL,
    0x9010080080800400ULL, 0x8440020080800400ULL, 0x0004228824001001ULL, 0x000000490a000084ULL,
    0x0080002000504000ULL, 0x200020005000c000ULL, 0x0012088020420010ULL, 0x0010010080080800ULL,
    0x0085001008010004ULL, 0x0002000204008080ULL, 0x0040413002040008ULL, 0x0000304081020004ULL,
    0x0080204000800080ULL, 0x3008804000290100ULL, 0x1010100080200080ULL, 0x2008100208028080ULL,
    0x5000850800910100ULL, 0x8402019004680200ULL, 0x0120911028020400ULL, 0x0000008044010200ULL,
    0x0020850200244012ULL, 0x0020850200244012ULL, 0x0000102001040841ULL, 0x140900040a100021ULL,
    0x000200282410a102ULL, 0x000200282410a102ULL, 0x000200282410a102ULL, 0x4048240043802106ULL,
};

// Fill the shared attack table of one slider type: each square gets 2^(mask bits) slots, indexed by
// its magic, holding the ray-walked attacks of every subset of its relevant occupancy mask.
void init_magics(const int (&dirs)[4][2], const Bitboard (&numbers)[SquareCount], detail::Magic* magics,
                 Bitboard* table) {
  Bitboard* next_slot = table;
  for (int si = 0; si < SquareCount; ++si) {
    const Square s = Square(si);
    // Edge squares never block anything behind them, so they are not part of the mask.
    const Bitboard edges = ((rank_bb(Rank1) | rank_bb(Rank8)) & ~rank_bb(s)) |
                           ((file_bb(FileA) | file_bb(FileH)) & ~file_bb(s));
    detail::Magic& m = magics[s];
    m.mask = sliding_attack(dirs, s, 0) & ~edges;
    m.shift = unsigned(64 - popcount(m.mask));
    m.magic = numbers[s];
    m.attacks = next_slot;
    // Enumerate every subset of the mask (Carry-Rippler).
    Bitboard b = 0;
    do {
      next_slot[m.index(b)] = sliding_attack(dirs, s, b);
      b = (b - m.mask) & m.mask;
    } while (b);
    next_slot += Bitboard(1) << popcount(m.mask);
  }
}

void init_steppers() {
  constexpr int KnightSteps[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
  constexpr int KingSteps[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
  for (int si = 0; si < SquareCount; ++si) {
    const Square s = Square(si);
    for (const auto& d : KnightSteps)
      if (const Square t = step(s, d[0], d[1]); t != NoSquare) detail::KnightAttacks[s] |= square_bb(t);
    for (const auto& d : KingSteps)
      if (const Square t = step(s, d[0], d[1]); t != NoSquare) detail::KingAttacks[s] |= square_bb(t);
    detail::PawnAttacks[White][s] = pawn_attacks_bb(White, square_bb(s));
    detail::PawnAttacks[Black][s] = pawn_attacks_bb(Black, square_bb(s));
  }
}

// Derive lines and segments from the slider tables: a and b share a line exactly when each is on the
// other's empty-board rook (or bishop) rays.
void init_lines() {
  for (int a = 0; a < SquareCount; ++a)
    for (int b = 0; b < SquareCount; ++b) {
      const Square sa = Square(a), sb = Square(b);
      if (a == b) continue;
      for (PieceType pt : {Bishop, Rook}) {
        if (!(attacks(pt, sa, 0) & square_bb(sb))) continue;
        detail::LineBB[a][b] = (attacks(pt, sa, 0) & attacks(pt, sb, 0)) | square_bb(sa) | square_bb(sb);
        detail::BetweenBB[a][b] = attacks(pt, sa, square_bb(sb)) & attacks(pt, sb, square_bb(sa));
      }
    }
}

// Build every table once, before main().
struct TableInit {
  TableInit() {
    init_steppers();
    init_magics(BishopDirections, BishopMagicNumbers, detail::BishopMagics, BishopTable);
    init_magics(RookDirections, RookMagicNumbers, detail::RookMagics, RookTable);
    init_lines();
  }
};
const TableInit table_init;

}  // namespace

}  // namespace chessrank
