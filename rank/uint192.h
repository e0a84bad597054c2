// UInt192: a fixed-width unsigned integer of three 64-bit limbs, the hot-path type of the ranking.
// Every count the ranking models handle is below 2^160, so 192 bits leave room and keep the tables
// small and allocation-free; BigInt (GMP) is used at the boundaries. Overflow is a programming error
// and aborts rather than wrapping silently.
#pragma once

#include <gmp.h>

#include <cstdint>
#include <cstdlib>
#include <span>

#if defined(__x86_64__)
#include <x86intrin.h>
#endif

#include "core/bigint.h"

namespace chessrank::rank {

__extension__ using UInt128 = unsigned __int128;  // GCC extension; __extension__ silences -Wpedantic

class UInt192 {
 public:
  using u64 = std::uint64_t;
  using u128 = UInt128;

  constexpr UInt192() = default;
  constexpr UInt192(u64 v) : l_{v, 0, 0} {}  // NOLINT: implicit from small integers by design
  constexpr static UInt192 from_u128(u128 v) {
    UInt192 r;
    r.l_[0] = u64(v);
    r.l_[1] = u64(v >> 64);
    return r;
  }

  // Return the number with these limbs, least significant first.
  constexpr static UInt192 from_limbs(u64 l0, u64 l1, u64 l2) {
    UInt192 r;
    r.l_[0] = l0, r.l_[1] = l1, r.l_[2] = l2;
    return r;
  }

  constexpr bool is_zero() const { return (l_[0] | l_[1] | l_[2]) == 0; }
  constexpr bool fits_u64() const { return (l_[1] | l_[2]) == 0; }
  constexpr u64 low() const { return l_[0]; }
  constexpr bool fits_u128() const { return l_[2] == 0; }
  constexpr u128 low128() const { return (u128(l_[1]) << 64) | l_[0]; }
  // Return the number of significant bits (0 for zero).
  constexpr int bit_width() const {
    for (int i = 2; i >= 0; --i)
      if (l_[i]) return 64 * i + 64 - __builtin_clzll(l_[i]);
    return 0;
  }
  // Return the low 64 bits of the number shifted right by `shift` (0 <= shift < 192).
  constexpr u64 bits_from(int shift) const {
    const int limb = shift / 64, bit = shift % 64;
    const u64 low = l_[limb] >> bit;
    return bit && limb < 2 ? low | l_[limb + 1] << (64 - bit) : low;
  }

  friend constexpr bool operator==(const UInt192& a, const UInt192& b) {
    return a.l_[0] == b.l_[0] && a.l_[1] == b.l_[1] && a.l_[2] == b.l_[2];
  }
  friend constexpr bool operator<(const UInt192& a, const UInt192& b) {
    if (a.l_[2] != b.l_[2]) return a.l_[2] < b.l_[2];
    if (a.l_[1] != b.l_[1]) return a.l_[1] < b.l_[1];
    return a.l_[0] < b.l_[0];
  }
  friend constexpr bool operator<=(const UInt192& a, const UInt192& b) { return !(b < a); }
  friend constexpr bool operator>(const UInt192& a, const UInt192& b) { return b < a; }
  friend constexpr bool operator>=(const UInt192& a, const UInt192& b) { return !(a < b); }

  UInt192& operator+=(const UInt192& b) {
    unsigned char carry = 0;
    carry = add_carry(carry, l_[0], b.l_[0], l_[0]);
    carry = add_carry(carry, l_[1], b.l_[1], l_[1]);
    carry = add_carry(carry, l_[2], b.l_[2], l_[2]);
    if (carry) overflow();
    return *this;
  }
  // Subtract b <= *this.
  UInt192& operator-=(const UInt192& b) {
    if (!try_sub(b)) overflow();
    return *this;
  }
  // Subtract b and return true when b <= *this; otherwise return false and leave *this as it was. One
  // borrow chain does the comparison and the subtraction of the scans "r < block ? stop : r -= block".
  bool try_sub(const UInt192& b) {
    u64 d[3];
    unsigned char borrow = 0;
    borrow = sub_borrow(borrow, l_[0], b.l_[0], d[0]);
    borrow = sub_borrow(borrow, l_[1], b.l_[1], d[1]);
    borrow = sub_borrow(borrow, l_[2], b.l_[2], d[2]);
    if (borrow) return false;
    l_[0] = d[0], l_[1] = d[1], l_[2] = d[2];
    return true;
  }
  friend UInt192 operator+(UInt192 a, const UInt192& b) { return a += b; }
  friend UInt192 operator-(UInt192 a, const UInt192& b) { return a -= b; }

  // Multiply by a 64-bit factor.
  UInt192& operator*=(u64 m) {
    u128 p = u128(l_[0]) * m;
    l_[0] = u64(p);
    p = u128(l_[1]) * m + u64(p >> 64);
    l_[1] = u64(p);
    p = u128(l_[2]) * m + u64(p >> 64);
    l_[2] = u64(p);
    if (p >> 64) overflow();
    return *this;
  }
  friend UInt192 operator*(UInt192 a, u64 m) { return a *= m; }
  // Multiply by a 128-bit factor.
  friend UInt192 mul(const UInt192& a, u128 m) {
    UInt192 lo = a * u64(m);
    const u64 hi = u64(m >> 64);
    if (hi == 0) return lo;
    UInt192 h = a * hi;
    if (h.l_[2]) overflow();
    h.l_[2] = h.l_[1];
    h.l_[1] = h.l_[0];
    h.l_[0] = 0;
    return lo += h;
  }
  // Multiply two values whose product fits.
  friend UInt192 mul(const UInt192& a, const UInt192& b) {
    if (b.fits_u128()) return mul(a, b.low128());
    if (a.fits_u128()) return mul(b, a.low128());
    overflow();
  }

  // Divide by a 64-bit divisor d > 0; return the remainder.
  u64 divmod(u64 d) {
    // Long division limb by limb, skipping zero top limbs: each step divides (r, limb) with r < d, so
    // its quotient fits 64 bits and one hardware division does it.
    u64 r = 0;
    int i = l_[2] ? 2 : l_[1] ? 1 : 0;
    if (i > 0 && l_[i] < d) r = l_[i], l_[i] = 0, --i;  // the top limb's quotient is 0: one division less
    for (; i >= 0; --i) l_[i] = div_2by1(r, l_[i], d, r);
    return r;
  }
  // Return (hi * 2^64 + lo) / d and set rem to the remainder; requires hi < d.
  static u64 div_2by1(u64 hi, u64 lo, u64 d, u64& rem) {
#if defined(__x86_64__) && !defined(__clang_analyzer__)
    // GCC calls __udivmodti4 for any u128 division, several times slower than the one instruction
    // that suffices when the quotient fits.
    u64 q;
    __asm__("divq %4" : "=a"(q), "=d"(rem) : "a"(lo), "d"(hi), "rm"(d) : "cc");
    return q;
#else
    const u128 n = (u128(hi) << 64) | lo;
    rem = u64(n % d);
    return u64(n / d);
#endif
  }
  // Divide n by d > 0: quotient q, remainder r.
  static void divmod(const UInt192& n, const UInt192& d, UInt192& q, UInt192& r) {
    if (d.fits_u64()) {
      q = n;
      r = UInt192(q.divmod(d.low()));
      return;
    }
    if (n < d) {
      q = UInt192();
      r = n;
      return;
    }
    if (d.fits_u128()) {
      divmod_2limbs(n, d, q, r);
      return;
    }
    mp_limb_t nl[3] = {n.l_[0], n.l_[1], n.l_[2]};
    mp_limb_t dl[3] = {d.l_[0], d.l_[1], d.l_[2]};
    mp_size_t nn = 3, dn = 3;
    while (nn > 1 && nl[nn - 1] == 0) --nn;
    while (dn > 1 && dl[dn - 1] == 0) --dn;
    mp_limb_t ql[3] = {0, 0, 0}, rl[3] = {0, 0, 0};
    mpn_tdiv_qr(ql, rl, 0, nl, nn, dl, dn);
    q = UInt192();
    r = UInt192();
    for (int i = 0; i < 3; ++i) {
      q.l_[i] = ql[i];
      r.l_[i] = rl[i];
    }
  }

  // Divide n by a two-limb d (2^64 <= d < 2^128): schoolbook division (Knuth's algorithm D) of the
  // normalised operands, two quotient limbs, each estimated from the top limbs by one hardware division
  // and corrected at most twice (the ranking divides by such counts on every unrank; GMP's call cost more).
  // Requires n >= d.
  static void divmod_2limbs(const UInt192& n, const UInt192& d, UInt192& q, UInt192& r) {
    const int s = __builtin_clzll(d.l_[1]);
    const auto join = [s](u64 hi, u64 lo) { return s ? hi << s | lo >> (64 - s) : hi; };  // (hi:lo) << s, top limb
    const u64 d1 = join(d.l_[1], d.l_[0]), d0 = d.l_[0] << s;
    u64 u[4] = {n.l_[0] << s, join(n.l_[1], n.l_[0]), join(n.l_[2], n.l_[1]), s ? n.l_[2] >> (64 - s) : 0};
    u64 quotient[2];
    for (int j = 1; j >= 0; --j) {
      // Divide (u[j+2], u[j+1], u[j]) by (d1, d0); (u[j+2], u[j+1]) < (d1, d0), so u[j+2] <= d1.
      u64 qh, rh;
      bool rh_big;  // rh >= 2^64: no further correction can be needed
      if (u[j + 2] == d1) {
        qh = ~u64(0);
        const u128 t = u128(u[j + 1]) + d1;  // (d1:u1) - (2^64 - 1) d1
        rh = u64(t), rh_big = (t >> 64) != 0;
      } else {
        qh = div_2by1(u[j + 2], u[j + 1], d1, rh);
        rh_big = false;
      }
      while (!rh_big && u128(qh) * d0 > (u128(rh) << 64 | u[j])) {
        --qh;
        const u128 t = u128(rh) + d1;
        rh = u64(t), rh_big = (t >> 64) != 0;
      }
      // With a two-limb divisor the test above compares qh * d with the whole partial numerator, so qh is
      // now exact and the subtraction cannot go below zero (Knuth's add-back step never runs).
      const u128 p0 = u128(qh) * d0, p1 = u128(qh) * d1 + u64(p0 >> 64);
      u128 t = u128(u[j]) - u64(p0);
      u[j] = u64(t);
      t = u128(u[j + 1]) - u64(p1) - u64(t >> 64 ? 1 : 0);
      u[j + 1] = u64(t);
      t = u128(u[j + 2]) - u64(p1 >> 64) - u64(t >> 64 ? 1 : 0);
      u[j + 2] = u64(t);
      if (t >> 64) overflow();
      quotient[j] = qh;
    }
    q = from_limbs(quotient[0], quotient[1], 0);
    r = from_limbs(s ? u[0] >> s | u[1] << (64 - s) : u[0], s ? u[1] >> s : u[1], 0);
  }

  BigInt to_big() const {
    BigInt r;
    mpz_import(r.get_mpz_t(), 3, -1, sizeof(u64), 0, 0, l_);  // one allocation, not one per limb
    return r;
  }
  // Convert 0 <= v < 2^192; return false when v does not fit.
  static bool from_big(const BigInt& v, UInt192& out) {
    if (sgn(v) < 0 || mpz_sizeinbase(v.get_mpz_t(), 2) > 192) return false;
    out = UInt192();
    std::size_t count = 0;
    mpz_export(out.l_, &count, -1, sizeof(u64), 0, 0, v.get_mpz_t());
    return true;
  }
  // Write the number big-endian (most significant byte first) into all of `out`, zeros in front; return
  // false, writing nothing, when it needs more bytes than out has.
  bool to_bytes(std::span<std::uint8_t> out) const {
    if (8 * out.size() < std::size_t(bit_width())) return false;
    for (std::size_t i = 0; i < out.size(); ++i) {
      const std::size_t byte = out.size() - 1 - i;  // its place from the least significant byte
      out[i] = byte < 24 ? std::uint8_t(l_[byte / 8] >> (8 * (byte % 8))) : 0;
    }
    return true;
  }
  // Read a big-endian number of any length; return false when it is 2^192 or more.
  static bool from_bytes(std::span<const std::uint8_t> in, UInt192& out) {
    out = UInt192();
    for (std::size_t i = 0; i < in.size(); ++i) {
      const std::size_t byte = in.size() - 1 - i;
      if (byte >= 24) {
        if (in[i]) return false;
        continue;
      }
      out.l_[byte / 8] |= u64(in[i]) << (8 * (byte % 8));
    }
    return true;
  }

 private:
  [[noreturn]] static void overflow() { std::abort(); }
  // Set out = a + b + carry and return the carry out (the x86 intrinsics compile to one adc / sbb each).
  static unsigned char add_carry(unsigned char carry, u64 a, u64 b, u64& out) {
#if defined(__x86_64__)
    unsigned long long o;
    carry = _addcarry_u64(carry, a, b, &o);
    out = o;
    return carry;
#else
    const u128 s = u128(a) + b + carry;
    out = u64(s);
    return (unsigned char)(s >> 64);
#endif
  }
  // Set out = a - b - borrow and return the borrow out.
  static unsigned char sub_borrow(unsigned char borrow, u64 a, u64 b, u64& out) {
#if defined(__x86_64__)
    unsigned long long o;
    borrow = _subborrow_u64(borrow, a, b, &o);
    out = o;
    return borrow;
#else
    const u128 d = u128(a) - b - borrow;
    out = u64(d);
    return (unsigned char)(d >> 64 ? 1 : 0);
#endif
  }
  u64 l_[3] = {0, 0, 0};
};

}  // namespace chessrank::rank
