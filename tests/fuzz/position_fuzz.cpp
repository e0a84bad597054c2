// libFuzzer target: any text that parse_fen_or_epd accepts, however far from a legal position (24 queens,
// 48 pawns, both kings in check), must go through every part that takes a position without a crash, a
// sanitizer report or a broken round trip. The first line is the position; the rest is read as a move.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "codec/slot26.h"
#include "core/fen.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "legality/legality.h"
#include "rank/model.h"

namespace {

using namespace chessrank;

void require(bool ok) {
  if (!ok) std::abort();
}

void check_moves(const Position& pos, std::string_view move_text) {
  const MoveList moves = legal_moves(pos);
  require(count_legal_moves(pos) == moves.size());
  for (const Move m : moves) {
    const Result<Move> san = parse_san(pos, to_san(pos, m));
    require(san && *san == m);
    const Result<Move> uci = parse_uci(pos, to_uci(m));
    require(uci && *uci == m);
    Position after = pos;
    UndoInfo undo;
    after.do_move(m, undo);
    const Result<Position> child = parse_fen(to_fen(after));
    require(child && *child == after);
    after.undo_move(m, undo);
    require(after == pos);
  }
  const Result<Move> typed = parse_move(pos, move_text);
  require(!typed ? !typed.error().empty() : moves.contains(*typed));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const std::size_t newline = text.find('\n');
  const std::string_view line = text.substr(0, newline);
  const std::string_view rest = newline == std::string_view::npos ? std::string_view() : text.substr(newline + 1);

  const Result<Position> parsed = parse_fen_or_epd(line);
  if (!parsed) {
    require(!parsed.error().empty());  // a refusal must say why
    return 0;
  }
  const Position& pos = *parsed;
  const Result<Position> again = parse_fen(to_fen(pos));
  require(again && *again == pos);

  check_moves(pos, rest);
  for (const auto rules : {legality::RuleSet::Default, legality::RuleSet::Seed000, legality::RuleSet::Tromp2021})
    (void)legality::judge(pos, rules);

  const Result<codec::Slot26Code> code = codec::encode_slot26(pos);
  if (code) {
    const Result<Position> decoded = codec::decode_slot26(*code);
    require(decoded && decoded->same_position(pos));
  }
  for (const std::string& name : rank::model_names()) {
    const rank::RankModel* model = rank::find_model(name);
    const Result<BigInt> index = model->rank(pos);
    if (!index) {
      require(!index.error().empty());
      continue;
    }
    const Result<Position> back = model->unrank(*index);
    require(back && back->same_position(pos));
  }
  return 0;
}
