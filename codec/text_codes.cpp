#include "codec/text_codes.h"

#include <array>

#include "core/plural.h"

namespace chessrank::codec {

namespace {

constexpr const char* HexDigits = "0123456789abcdef";
constexpr const char* Base64Digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

constexpr auto Base64Value = [] {
  std::array<int, 256> t{};
  for (int& v : t) v = -1;
  for (int i = 0; i < 64; ++i) t[static_cast<unsigned char>(Base64Digits[i])] = i;
  return t;
}();

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

std::string to_hex(std::span<const std::uint8_t> bytes) {
  std::string s(bytes.size() * 2, '0');
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    s[2 * i] = HexDigits[bytes[i] >> 4];
    s[2 * i + 1] = HexDigits[bytes[i] & 15];
  }
  return s;
}

Result<std::vector<std::uint8_t>> from_hex(std::string_view text) {
  // Characters first: a blank inside a code would otherwise be reported as an odd digit count.
  for (std::size_t i = 0; i < text.size(); ++i)
    if (hex_value(text[i]) < 0)
      return Error{"character " + std::to_string(i + 1) + " of the hex code is not a hex digit"};
  if (text.size() % 2) return Error{"hex code has an odd number of digits (" + std::to_string(text.size()) + ")"};
  std::vector<std::uint8_t> out(text.size() / 2);
  for (std::size_t i = 0; i < out.size(); ++i)
    out[i] = std::uint8_t(hex_value(text[2 * i]) * 16 + hex_value(text[2 * i + 1]));
  return out;
}

std::string to_base64(std::span<const std::uint8_t> bytes) {
  std::string s;
  s.reserve((bytes.size() + 2) / 3 * 4);
  for (std::size_t i = 0; i < bytes.size(); i += 3) {
    const std::size_t n = bytes.size() - i < 3 ? bytes.size() - i : 3;
    std::uint32_t v = std::uint32_t(bytes[i]) << 16;
    if (n > 1) v |= std::uint32_t(bytes[i + 1]) << 8;
    if (n > 2) v |= bytes[i + 2];
    s += Base64Digits[(v >> 18) & 63];
    s += Base64Digits[(v >> 12) & 63];
    s += n > 1 ? Base64Digits[(v >> 6) & 63] : '=';
    s += n > 2 ? Base64Digits[v & 63] : '=';
  }
  return s;
}

Result<std::vector<std::uint8_t>> from_base64(std::string_view text) {
  if (text.size() % 4)
    return Error{"base64 code has " + plural(text.size(), "character") + ", not a multiple of 4"};
  std::vector<std::uint8_t> out;
  out.reserve(text.size() / 4 * 3);
  for (std::size_t i = 0; i < text.size(); i += 4) {
    const bool last = i + 4 == text.size();
    int pad = 0;
    if (last && text[i + 3] == '=') pad = text[i + 2] == '=' ? 2 : 1;
    std::uint32_t v = 0;
    for (int k = 0; k < 4; ++k) {
      const char c = text[i + std::size_t(k)];
      int d = 0;
      if (k < 4 - pad) {
        d = Base64Value[static_cast<unsigned char>(c)];
        if (d < 0)
          return Error{"character " + std::to_string(i + std::size_t(k) + 1) + " of the base64 code is not base64"};
      }
      v = (v << 6) | std::uint32_t(d);
    }
    // Canonical form: the bits a padded group drops must be zero.
    if ((pad == 1 && (v & 0xff)) || (pad == 2 && (v & 0xffff)))
      return Error{"base64 code is not canonical (nonzero padding bits)"};
    out.push_back(std::uint8_t(v >> 16));
    if (pad < 2) out.push_back(std::uint8_t(v >> 8));
    if (pad < 1) out.push_back(std::uint8_t(v));
  }
  return out;
}

}  // namespace chessrank::codec
