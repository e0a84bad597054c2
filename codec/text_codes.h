// Codes as text: lowercase hexadecimal and standard base64 (RFC 4648, with '=' padding), the two text
// forms of `chessrank encode --output` and `decode --input-encoding`. Parsing is strict: no blanks, no
// missing digits; hex accepts either case, base64 only its canonical form (one text per byte string).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"

namespace chessrank::codec {

std::string to_hex(std::span<const std::uint8_t> bytes);
Result<std::vector<std::uint8_t>> from_hex(std::string_view text);
std::string to_base64(std::span<const std::uint8_t> bytes);
Result<std::vector<std::uint8_t>> from_base64(std::string_view text);

}  // namespace chessrank::codec
