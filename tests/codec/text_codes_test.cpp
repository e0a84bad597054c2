// Codes as text (codec/text_codes.h): RFC 4648's base64 vectors, round trips of every length, and the
// refusals that keep one text form per byte string.
#include "codec/text_codes.h"

#include <gtest/gtest.h>

#include <cctype>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace chessrank::codec {
namespace {

std::vector<std::uint8_t> bytes_of(const std::string& s) { return {s.begin(), s.end()}; }

// The test vectors of RFC 4648, section 10, both ways.
TEST(TextCodes, Base64MatchesTheRfcVectors) {
  const std::pair<const char*, const char*> vectors[] = {{"", ""},         {"f", "Zg=="},         {"fo", "Zm8="},
                                                         {"foo", "Zm9v"}, {"foob", "Zm9vYg=="}, {"fooba", "Zm9vYmE="},
                                                         {"foobar", "Zm9vYmFy"}};
  for (const auto& [plain, code] : vectors) {
    EXPECT_EQ(to_base64(bytes_of(plain)), code) << plain;
    const auto back = from_base64(code);
    ASSERT_TRUE(back.ok()) << code << ": " << back.error();
    EXPECT_EQ(back.value(), bytes_of(plain)) << code;
  }
  EXPECT_EQ(to_hex(bytes_of("foobar")), "666f6f626172");
}

// Every length from 0 to 40 and every byte value come back from both text forms; hex reads either case.
TEST(TextCodes, EveryLengthRoundTrips) {
  for (std::size_t n = 0; n <= 40; ++n) {
    std::vector<std::uint8_t> bytes(n);
    for (std::size_t i = 0; i < n; ++i) bytes[i] = std::uint8_t(37 * i + 11 * n + (i == n / 2 ? 255 : 0));
    const std::string hex = to_hex(bytes), base64 = to_base64(bytes);
    EXPECT_EQ(hex.size(), 2 * n);
    EXPECT_EQ(base64.size(), (n + 2) / 3 * 4);
    ASSERT_TRUE(from_hex(hex).ok()) << hex;
    EXPECT_EQ(from_hex(hex).value(), bytes) << hex;
    std::string upper = hex;
    for (char& c : upper) c = char(std::toupper(static_cast<unsigned char>(c)));
    ASSERT_TRUE(from_hex(upper).ok()) << upper;
    EXPECT_EQ(from_hex(upper).value(), bytes) << upper;
    ASSERT_TRUE(from_base64(base64).ok()) << base64;
    EXPECT_EQ(from_base64(base64).value(), bytes) << base64;
  }
  std::vector<std::uint8_t> all(256);
  for (int i = 0; i < 256; ++i) all[std::size_t(i)] = std::uint8_t(i);
  EXPECT_EQ(from_base64(to_base64(all)).value(), all);
  EXPECT_EQ(from_hex(to_hex(all)).value(), all);
}

// A bad code is refused with where and why, never read as something else.
TEST(TextCodes, BadCodesAreRefusedWithTheReason) {
  const auto hex_error = [](const char* text) {
    const auto r = from_hex(text);
    return r.ok() ? std::string("accepted") : r.error();
  };
  EXPECT_EQ(hex_error("abc"), "hex code has an odd number of digits (3)");
  EXPECT_EQ(hex_error("0g"), "character 2 of the hex code is not a hex digit");
  EXPECT_EQ(hex_error("00 11"), "character 3 of the hex code is not a hex digit");
  const auto base64_error = [](const char* text) {
    const auto r = from_base64(text);
    return r.ok() ? std::string("accepted") : r.error();
  };
  EXPECT_EQ(base64_error("Zm9"), "base64 code has 3 characters, not a multiple of 4");
  EXPECT_EQ(base64_error("Zm9v!m9v"), "character 5 of the base64 code is not base64");
  EXPECT_EQ(base64_error("Zg==Zm9v"), "character 3 of the base64 code is not base64");  // padding in the middle
  EXPECT_EQ(base64_error("Z==="), "character 2 of the base64 code is not base64");
  EXPECT_EQ(base64_error("=AAA"), "character 1 of the base64 code is not base64");
  // "Zh==" and "Zm9=" would be a second text form of "f" and "fo": the bits the padding drops must be zero.
  EXPECT_EQ(base64_error("Zh=="), "base64 code is not canonical (nonzero padding bits)");
  EXPECT_EQ(base64_error("Zm9="), "base64 code is not canonical (nonzero padding bits)");
}

}  // namespace
}  // namespace chessrank::codec
