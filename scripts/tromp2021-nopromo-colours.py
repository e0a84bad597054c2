#!/usr/bin/env python3
"""The 2021 counting model (../shared/reference/tromp-2021-count.md) without promotions, with bishops by
square colour: the definitions docs/bounds.md compares with Tromp's published no-promotion figure
2891398339895958031893456691621753206624. A research aid, not part of the build; about 5 minutes.

Armies: king (unless castling fixes it), queen <= 1, free rooks <= 2 - fixed rooks, knights <= 2, at most
one light and one dark bishop, pawns <= 8 - en passant pawns. The pawns are counted, as in the model,
once per choice of designated opposed pairs, by a DP over the files that also counts the pawns on light
squares; bishops then go on free squares of their colour, the other pieces anywhere left.

Self-check: without the colour split the same code gives the model's case 0 0 0 without promotions
(8932998258872778996105271178879172718656, docs/bounds.md).
"""
import itertools
from collections import defaultdict
from math import factorial

TROMP = 2891398339895958031893456691621753206624
CASE000_ANY_COLOUR = 8932998258872778996105271178879172718656


def light(f, r):  # file, rank 0..7; a1 is dark
    return (f + r) % 2 == 1


def tri(n, a, b):
    if a < 0 or b < 0 or a + b > n:
        return 0
    return factorial(n) // (factorial(a) * factorial(b) * factorial(n - a - b))


def file_patterns(f, ranks, designated):
    """Pawn patterns on the given ranks (1-based) of file f: (white, black, light, designated pair choices)."""
    out = defaultdict(int)
    for pat in itertools.product(range(3), repeat=len(ranks)):  # 0 empty, 1 white, 2 black
        w, b = pat.count(1), pat.count(2)
        lt = sum(1 for i, x in enumerate(pat) if x and light(f, ranks[i] - 1))
        out[(w, b, lt, designated(pat))] += 1
    return out


def plain_pairs(pat):  # a white pawn with a black pawn next above it (no pawn between)
    seq = [x for x in pat if x]
    return sum(1 for i in range(len(seq) - 1) if seq[i] == 1 and seq[i + 1] == 2)


def below_fixed_black(pat):  # ranks 2-4 of the en passant file: the pawn next below rank 5 is white
    seq = [x for x in pat if x]
    return int(bool(seq) and seq[-1] == 1)


def above_fixed_white(pat):  # ranks 2-4, 6-7 of the capturer's file: the pawn next above rank 5 is black
    seq = [x for x in pat[3:] if x]
    return int(bool(seq) and seq[0] == 2)


def pawn_table(ep_file=None, capturer_file=None):
    """(white, black, light, designated pairs) -> placements, for the free pawns; with en passant the black
    pawn on rank 5 of ep_file and the white one beside it on capturer_file are fixed, and ranks 6-7 of
    ep_file empty. There a pair is the fixed black pawn with a white one below, or the fixed white pawn
    with a black one above (the model's dw and db)."""
    files = []
    for f in range(8):
        if f == ep_file:
            files.append(file_patterns(f, [2, 3, 4], below_fixed_black))
        elif f == capturer_file:
            files.append(file_patterns(f, [2, 3, 4, 6, 7], above_fixed_white))
        else:
            files.append(file_patterns(f, [2, 3, 4, 5, 6, 7], plain_pairs))
    state = {(0, 0, 0, 0): 1}
    for pats in files:
        nxt = defaultdict(int)
        for (W, B, L, O), c in state.items():
            for (w, b, lt, d), k in pats.items():
                nxt[(W + w, B + b, L + lt, O)] += c * k
                if d:
                    nxt[(W + w, B + b, L + lt, O + 1)] += c * k * d
        state = nxt
    return state


def armies(fixed_rooks, ep):
    """(other pieces, bishops, pawns) -> ways to order the other pieces' kinds."""
    out = defaultdict(int)
    king = 1 if fixed_rooks == 0 else 0
    for q, r, n, b in itertools.product(range(2), range(3 - fixed_rooks), range(3), range(3)):
        m = king + q + r + n
        for p in range(9 - ep):
            out[(m, b, p)] += factorial(m) // (factorial(king) * factorial(q) * factorial(r) * factorial(n))
    return out


def bishop_ways(wb, bb, free_light, free_dark):
    """Ways to place white's wb and black's bb bishops, at most one per colour and side."""
    options = {0: [(0, 0)], 1: [(1, 0), (0, 1)], 2: [(1, 1)]}
    return sum(tri(free_light, wl, bl) * tri(free_dark, wd, bd)
               for wl, wd in options[wb] for bl, bd in options[bb])


def case(fwr, fbr, ep, table, fixed_light, fixed_dark, fixed_pawn_light, colours=True):
    """One case of the model (white to move), for one placement of the fixed men given by their colours."""
    fixed = int(fwr > 0) + int(fbr > 0) + fwr + fbr + 4 * ep  # kings, rooks, en passant squares
    total = 0
    for (wm, wb, wp), wmult in armies(fwr, ep).items():
        for (bm, bb, bp), bmult in armies(fbr, ep).items():
            caps = 32 - 2 * ep - int(fwr > 0) - int(fbr > 0) - fwr - fbr - wp - bp - wm - wb - bm - bb
            max_unopposed = (8 - ep - bp) + caps  # white pawns captures can have made unopposed
            if max_unopposed < 0 or (8 - ep - wp) + caps < 0:
                continue
            opposed = max(0, ep + wp - max_unopposed)
            space = 64 - fixed - wp - bp
            for lt in range(wp + bp + 1):
                c = table.get((wp, bp, lt, opposed), 0)
                if not c:
                    continue
                if colours:
                    free_light = 32 - fixed_light - fixed_pawn_light - lt
                    free_dark = 32 - fixed_dark - (2 * ep - fixed_pawn_light) - (wp + bp - lt)
                    ways = bishop_ways(wb, bb, free_light, free_dark) * tri(space - wb - bb, wm, bm)
                else:  # the model itself: bishops like the other pieces
                    ways = tri(space, wm + wb, bm + bb) * factorial(wm + wb) * factorial(bm + bb)
                    ways //= factorial(wm) * factorial(wb) * factorial(bm) * factorial(bb)
                total += c * ways * wmult * bmult
    return total


def model_pawns(ep, wp, bp, o):
    """The reference's pawns(ep, wp, bp, o), to check pawn_table against."""
    from functools import lru_cache

    @lru_cache(None)
    def opps(p, s, n):
        if p == 0:
            return 1 if s == 0 else 0
        if n == 0:
            return 0
        return opps(p, s, n - 1) + sum((5 - i) * opps(p - 1, s - i, n - 1) for i in range(min(s, 4) + 1))

    if ep == 0:
        return sum(opps(o, s, 8) * tri(48 - 2 * o - s, wp - o, bp - o) for s in range(4 * o + 1))

    def pe(dw, db, ds):
        o2 = o - dw - db
        if o2 < 0:
            return 0
        return sum(opps(o2, s, 6) * tri(44 - o - o2 - ds - s, wp + db - o, bp + dw - o) for s in range(4 * o2 + 1))

    t = pe(0, 0, 0)
    if o > 1:
        t += sum(pe(1, 1, a + b) for a in range(3) for b in range(2))
    if o > 0:
        t += sum(pe(1, 0, a) for a in range(3)) + sum(pe(0, 1, b) for b in range(2))
    return t


def check_pawn_table(table, ep):
    for wp, bp, o in [(8 - ep, 8 - ep, 0), (7, 7, 2), (6, 5, 1), (5, 5, 3)]:
        got = sum(c for (w, b, _, d), c in table.items() if (w, b, d) == (wp, bp, o))
        assert got == model_pawns(ep, wp, bp, o), (ep, wp, bp, o)


# Squares castling fixes, as (light, dark) counts: white king e1 is dark; rook a1 dark, h1 light; black
# king e8 light; rook a8 light, h8 dark. One right (factor 2 in the model) has either rook.
WHITE_FIXED = {0: [(0, 0)], 1: [(0, 2), (1, 1)], 2: [(1, 2)]}
BLACK_FIXED = {0: [(0, 0)], 1: [(2, 0), (1, 1)], 2: [(2, 1)]}


def castling_cases(table):
    out = {}
    for fwr, fbr in itertools.product(range(3), repeat=2):
        out[(fwr, fbr)] = sum(case(fwr, fbr, 0, table, wl + bl, wd + bd, 0)
                              for wl, wd in WHITE_FIXED[fwr] for bl, bd in BLACK_FIXED[fbr])
    return out


def en_passant_cases():
    out = defaultdict(int)
    for f in range(8):
        for g in (f - 1, f + 1):
            if not 0 <= g < 8:
                continue
            table = pawn_table(f, g)
            check_pawn_table(table, 1)
            pawn_light = int(light(f, 4)) + int(light(g, 4))  # the two fixed pawns on rank 5
            crossed_light = int(light(f, 5)) + int(light(f, 6))  # f6 and f7, empty
            for fwr, fbr in itertools.product(range(3), repeat=2):
                out[(fwr, fbr)] += sum(
                    case(fwr, fbr, 1, table, wl + bl + crossed_light, wd + bd + 2 - crossed_light, pawn_light)
                    for wl, wd in WHITE_FIXED[fwr] for bl, bd in BLACK_FIXED[fbr])
    return out


def main():
    table = pawn_table()
    check_pawn_table(table, 0)
    any_colour = case(0, 0, 0, table, 0, 0, 0, colours=False)
    assert any_colour == CASE000_ANY_COLOUR, any_colour
    castling = castling_cases(table)
    diagrams, with_castling = castling[(0, 0)], sum(castling.values())
    en_passant = sum(en_passant_cases().values())
    rows = [
        ("diagrams (case 0 0 0)", diagrams),
        ("white to move, castling cases, no en passant", with_castling),
        ("white to move, all cases", with_castling + en_passant),
        ("white to move, castling cases and half the en passant cases", with_castling + en_passant // 2),
    ]
    for name, value in rows:
        print(f"{name}: {value} ({value / TROMP:.6f} x Tromp's figure){' EQUAL' if value == TROMP else ''}")
    if en_passant % 2:
        print("(the en passant total is odd: the last row is rounded down)")


if __name__ == "__main__":
    main()
