// chessrank as a library: rank each FEN with a model, unrank the index back, and print both.
//
//   rank_fen MODEL FEN...     e.g. rank_fen v1 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
//
// Prints "index<TAB>FEN of unrank(index)" per position (four FEN fields: a model holds no move counters).
// Library calls return errors as values (Result); this program turns them into one line on stderr each.
#include <iostream>

#include "core/fen.h"
#include "rank/model.h"

int main(int argc, char** argv) {
  using namespace chessrank;
  if (argc < 3) {
    std::cerr << "usage: rank_fen MODEL FEN...\n";
    return 2;
  }
  const rank::RankModel* model = rank::find_model(argv[1]);
  if (!model) {
    std::cerr << "error: " << quote(argv[1]) << " is not a model\n";
    return 2;
  }
  int status = 0;
  for (int i = 2; i < argc; ++i) {
    const auto fail = [&](const std::string& why) {
      std::cerr << "error: argument " << i - 1 << ": " << why << '\n';
      status = 1;
    };
    const Result<Position> pos = parse_fen(argv[i]);
    if (!pos) {
      fail(pos.error());
      continue;
    }
    const Result<BigInt> index = model->rank(*pos);  // refused when the position is not in the model's set
    if (!index) {
      fail(index.error());
      continue;
    }
    const Result<Position> back = model->unrank(*index);
    if (!back) {
      fail(back.error());
      continue;
    }
    std::cout << index->get_str() << '\t' << to_fen4(*back) << '\n';
  }
  return status;
}
