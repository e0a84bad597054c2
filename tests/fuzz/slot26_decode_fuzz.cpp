// libFuzzer target: every 26-byte string either is rejected by decode_slot26 or decodes to a position
// that core accepts (its FEN parses back to it) and that encodes back to the same bytes.
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "codec/slot26.h"
#include "core/fen.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace chessrank;
  if (size < codec::Slot26Bytes) return 0;
  const Result<Position> pos = codec::decode_slot26(std::span<const std::uint8_t>(data, codec::Slot26Bytes));
  if (!pos) {
    if (pos.error().empty()) std::abort();  // a rejection must say why
    return 0;
  }
  const Result<Position> reparsed = parse_fen(to_fen(*pos));
  if (!reparsed || !reparsed->same_position(*pos)) std::abort();
  const Result<codec::Slot26Code> again = codec::encode_slot26(*pos);
  if (!again || std::memcmp(again->data(), data, codec::Slot26Bytes) != 0) std::abort();
  return 0;
}
