// Cross-check of perft and perft_divide against Stockfish (`go perft N`) on random game positions chosen
// to be rich in en passant squares, castling rights and promotions. One Stockfish process, driven
// through two pipes, serves every position. The binary is required: CI installs it, so a missing one
// fails the test instead of skipping it.
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <map>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/fen.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/perft.h"
#include "tests/support/build_flavour.h"

namespace chessrank {
namespace {

constexpr const char* StockfishPath = "/usr/games/stockfish";

constexpr int Depth = testing::unless_sanitized(3, 2);

// A child process with its stdin and stdout connected to us, spoken to line by line.
class Engine {
 public:
  explicit Engine(const char* path) {
    int to_child[2], from_child[2];
    if (pipe(to_child) != 0 || pipe(from_child) != 0) return;
    pid_ = fork();
    if (pid_ == 0) {
      dup2(to_child[0], STDIN_FILENO);
      dup2(from_child[1], STDOUT_FILENO);
      close(to_child[0]), close(to_child[1]), close(from_child[0]), close(from_child[1]);
      execl(path, path, static_cast<char*>(nullptr));
      _exit(127);
    }
    close(to_child[0]);
    close(from_child[1]);
    in_ = fdopen(to_child[1], "w");
    out_ = fdopen(from_child[0], "r");
  }
  ~Engine() {
    if (in_) {
      send("quit");
      std::fclose(in_);
    }
    if (out_) std::fclose(out_);
    if (pid_ > 0) waitpid(pid_, nullptr, 0);
  }
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  bool running() const { return pid_ > 0 && in_ && out_; }
  void send(const std::string& line) {
    std::fputs((line + "\n").c_str(), in_);
    std::fflush(in_);
  }
  // Read one line without its newline; false at end of stream.
  bool read_line(std::string& line) {
    line.clear();
    int c;
    while ((c = std::fgetc(out_)) != EOF && c != '\n') line += char(c);
    return c != EOF || !line.empty();
  }

 private:
  pid_t pid_ = -1;
  FILE* in_ = nullptr;
  FILE* out_ = nullptr;
};

struct EngineDivide {
  std::map<std::string, std::uint64_t> moves;
  std::uint64_t total = 0;
  bool complete = false;
};

// Ask the engine for `go perft depth` and collect its per-move lines and total.
EngineDivide engine_perft(Engine& engine, const std::string& fen, int depth) {
  EngineDivide result;
  engine.send("position fen " + fen);
  engine.send("go perft " + std::to_string(depth));
  std::string line;
  while (engine.read_line(line)) {
    if (line.rfind("Nodes searched: ", 0) == 0) {
      result.total = std::stoull(line.substr(16));
      result.complete = true;
      break;
    }
    const std::size_t colon = line.find(": ");
    if (colon != std::string::npos && colon >= 4 && colon <= 5 && line.find(' ') == colon + 1)
      result.moves[line.substr(0, colon)] = std::stoull(line.substr(colon + 2));
  }
  return result;
}

bool creates_en_passant(Position& pos, Move m) {
  UndoInfo undo;
  pos.do_move(m, undo);
  const bool ep = pos.ep_square() != NoSquare;
  pos.undo_move(m, undo);
  return ep;
}

// Play `plies` random moves from `fen`, mostly preferring promotions. When `hunt_en_passant`, go on for
// up to 16 more plies until a move leaves an en passant square, and stop right after it: the sample then
// holds many of these positions, which random play alone rarely ends on.
Position random_position(const std::string& fen, int plies, bool hunt_en_passant, std::mt19937_64& rng) {
  Position pos = parse_fen(fen).value();
  const int limit = hunt_en_passant ? plies + 16 : plies;
  for (int ply = 0; ply < limit; ++ply) {
    const MoveList moves = legal_moves(pos);
    if (moves.empty()) break;
    std::vector<Move> promotions, en_passant;
    for (const Move m : moves) {
      if (m.kind() == MoveKind::Promotion) promotions.push_back(m);
      if (hunt_en_passant && ply >= plies - 1 && creates_en_passant(pos, m)) en_passant.push_back(m);
    }
    Move m = moves[rng() % moves.size()];
    if (!en_passant.empty())
      m = en_passant[rng() % en_passant.size()];
    else if (!promotions.empty() && rng() % 3 != 0)
      m = promotions[rng() % promotions.size()];
    UndoInfo undo;
    pos.do_move(m, undo);
    if (!en_passant.empty() || (ply >= plies - 1 && !hunt_en_passant)) break;
  }
  return pos;
}

std::vector<Position> sample_positions() {
  std::mt19937_64 rng(0x5eedc0ffeeULL);
  std::vector<Position> sample;
  const std::string start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  for (int i = 0; i < 1200; ++i) sample.push_back(random_position(start, 1 + int(rng() % 120), i % 2 == 0, rng));
  const std::string rich[] = {
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
      "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
      "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
      "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",  // promotions on both sides
  };
  for (int i = 0; i < 400; ++i) sample.push_back(random_position(rich[i % 5], int(rng() % 30), i % 2 == 0, rng));
  return sample;
}

TEST(StockfishPerft, AgreesWithStockfishOnRandomPositions) {
  ASSERT_EQ(access(StockfishPath, X_OK), 0)
      << StockfishPath << " is missing or not executable: install the stockfish package (apt install stockfish)";
  signal(SIGPIPE, SIG_IGN);  // a dead engine must fail the test, not kill it
  Engine engine(StockfishPath);
  ASSERT_TRUE(engine.running()) << "could not start " << StockfishPath;
  engine.send("uci");
  std::string line;
  bool ready = false;
  while (engine.read_line(line))
    if (line == "uciok") {
      ready = true;
      break;
    }
  ASSERT_TRUE(ready) << "no uciok from " << StockfishPath;

  const std::vector<Position> sample = sample_positions();
  int with_ep = 0, with_castling = 0, with_promotion = 0;
  for (Position pos : sample) {
    const std::string fen = to_fen(pos);
    with_ep += pos.ep_square() != NoSquare;
    with_castling += pos.castling_rights() != NoCastling;
    const MoveList moves = legal_moves(pos);
    bool promotes = false;
    for (const Move m : moves) promotes |= m.kind() == MoveKind::Promotion;
    with_promotion += promotes;

    const EngineDivide theirs = engine_perft(engine, fen, Depth);
    ASSERT_TRUE(theirs.complete) << "Stockfish gave no node count for " << fen;
    std::map<std::string, std::uint64_t> ours;
    std::uint64_t total = 0;
    for (const auto& [m, n] : perft_divide(pos, Depth)) {
      ours[to_uci(m)] = n;
      total += n;
    }
    ASSERT_EQ(total, theirs.total) << fen;
    ASSERT_EQ(perft(pos, Depth), theirs.total) << fen;
    ASSERT_EQ(ours, theirs.moves) << fen;
  }
  EXPECT_GE(int(sample.size()), 1000);
  EXPECT_GE(with_ep, 100);
  EXPECT_GE(with_castling, 300);
  EXPECT_GE(with_promotion, 20);
  std::printf("checked %d positions at depth %d: %d with en passant, %d with castling rights, %d with promotions\n",
              int(sample.size()), Depth, with_ep, with_castling, with_promotion);
}

}  // namespace
}  // namespace chessrank
