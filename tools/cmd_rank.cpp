// The ranking commands: count, rank, unrank, sample.
#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <iostream>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/fen.h"
#include "core/threads.h"
#include "legality/legality.h"
#include "proof/proof_game.h"
#include "rank/frame.h"
#include "rank/model.h"
#include "rank/sample.h"
#include "tools/command.h"
#include "tools/input.h"
#include "tools/json_lines.h"
#include "tools/interrupt.h"
#include "tools/model_option.h"
#include "tools/progress.h"
#include "tools/proof_line.h"

namespace chessrank::cli::rank_command {
namespace {

std::string share(const BigInt& part, const BigInt& whole) {
  if (part == 0) return "0%";  // log2_big needs a positive number
  const double x = std::exp2(log2_big(part) - log2_big(whole)) * 100;
  return fixed(x, x < 0.01 ? 6 : 4) + "%";
}

// Parse a decimal or 0x-prefixed hexadecimal non-negative integer.
bool parse_index(const std::string& text, BigInt& out) {
  const bool hex = text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
  const std::string digits = hex ? text.substr(2) : text;
  if (digits.empty()) return false;
  for (char c : digits)
    if (!(hex ? std::isxdigit(static_cast<unsigned char>(c)) : std::isdigit(static_cast<unsigned char>(c))))
      return false;
  return out.set_str(digits, hex ? 16 : 10) == 0;
}

// The breakdown of a model's size: by side to move, castling rights and en passant case, and what each
// constraint removes. It needs the model's tables and the relaxed models' sizes (v3: about 8 s).
struct Breakdown {
  BigInt white, black;
  std::vector<std::pair<std::string, BigInt>> castling, en_passant;  // of the white-to-move half
  std::vector<std::pair<std::string, BigInt>> without;               // constraint, the size without it
};

Breakdown breakdown_of(const rank::RankModel& model) {
  Breakdown b;
  // Each half is 240 frames (rank/frame.h); black to move is the colour swap of white to move.
  const rank::FrameTable frames = rank::frame_table(model);
  for (const auto& row : frames)
    for (const BigInt& f : row) b.white += f;
  b.black = model.size() - b.white;
  const char* const names[] = {"-", "K",  "Q",  "KQ",  "k",  "Kk",  "Qk",  "KQk",
                               "q", "Kq", "Qq", "KQq", "kq", "Kkq", "Qkq", "KQkq"};
  for (int cr = 0; cr < 16; ++cr) {
    BigInt total = 0;
    for (const BigInt& f : frames[cr]) total += f;
    b.castling.emplace_back(names[cr], total);
  }
  for (int e = 0; e < rank::EnPassantCases; ++e) {
    BigInt total = 0;
    for (int cr = 0; cr < 16; ++cr) total += frames[cr][e];
    b.en_passant.emplace_back(rank::describe_ep_case(e), total);
  }
  Progress progress("models without a constraint", 0);
  b.without = model.without_each_constraint(progress.counter());
  progress.finish();
  return b;
}

int run_count(const std::string& model_name, bool breakdown, Format format) {
  // The size and constraints are known without the model's tables; the breakdown needs them.
  const rank::ModelFacts facts = *rank::model_facts(model_name);  // add_model_option checked the name
  const BigInt n(std::string(facts.size));
  const std::optional<Breakdown> parts =
      breakdown ? std::optional<Breakdown>(breakdown_of(built_model(model_name))) : std::nullopt;
  if (format == Format::Json) {
    nlohmann::ordered_json out = {{"model", model_name}, {"constraints", facts.description},
                                  {"positions", n.get_str()}, {"log2", log2_big(n)},
                                  {"log10", log10_big(n)}, {"code_bytes", code_bytes(n)}};
    if (parts) {
      // Counts as decimal strings, as "positions" (they exceed a double's exact integers).
      const auto object = [](const std::vector<std::pair<std::string, BigInt>>& rows) {
        nlohmann::ordered_json o = nlohmann::ordered_json::object();
        for (const auto& [key, count] : rows) o[key] = count.get_str();
        return o;
      };
      out["side_to_move"] = {{"white", parts->white.get_str()}, {"black", parts->black.get_str()}};
      out["castling_white_to_move"] = object(parts->castling);
      out["en_passant_white_to_move"] = object(parts->en_passant);
      out["without_constraint"] = nlohmann::ordered_json::array();
      for (const auto& [what, bigger] : parts->without)
        out["without_constraint"].push_back({{"constraint", what}, {"positions", bigger.get_str()}});
    }
    print_json(out);
    return ExitOk;
  }
  std::cout << "model: " << model_name << "\n"
            << "constraints: " << facts.description << "\n"
            << "positions: " << n.get_str() << "\n"
            << "log2: " << fixed(log2_big(n), 4) << "\n"
            << "log10: " << fixed(log10_big(n), 4) << "\n"
            << "code bytes: " << code_bytes(n) << "\n";
  if (!parts) return ExitOk;
  std::cout << "\nside to move\n"
            << "  white: " << parts->white.get_str() << " (" << share(parts->white, n) << ")\n"
            << "  black: " << parts->black.get_str() << " (" << share(parts->black, n) << ")\n";
  std::cout << "\ncastling rights (white to move; black to move is the colour swap)\n";
  for (const auto& [rights, count] : parts->castling)
    std::cout << "  " << rights << ": " << count.get_str() << " (" << share(count, parts->white) << ")\n";
  std::cout << "\nen passant (white to move)\n";
  for (const auto& [ep, count] : parts->en_passant)
    std::cout << "  " << ep << ": " << count.get_str() << " (" << share(count, parts->white) << ")\n";
  std::cout << "\nwhat each constraint removes (the model without it counts this many more positions)\n";
  for (const auto& [what, bigger] : parts->without) {
    const BigInt more = bigger - n;
    std::cout << "  " << what << ": " << more.get_str() << " (" << share(more, bigger) << " of the model without it)\n";
  }
  return ExitOk;
}

int run_rank(const std::string& model_name, const std::vector<std::string>& fens, Format format) {
  const rank::RankModel& model = built_model(model_name);
  const std::size_t failures =
      for_each_position(fens, [&](const Position& pos, const std::string&, const ItemSource& src) {
        const Result<BigInt> index = model.rank(pos);
        if (!index) return report_error(src, index.error()), false;
        if (format == Format::Json)
          print_json({{"index", index.value().get_str()}});
        else
          std::cout << index.value().get_str() << '\n';
        return true;
      });
  return failures ? ExitFailure : ExitOk;
}

int run_unrank(const std::string& model_name, const std::vector<std::string>& indices, Format format) {
  const rank::RankModel& model = built_model(model_name);
  const std::size_t failures = for_each_item(indices, [&](const std::string& text, const ItemSource& src) {
    BigInt index;
    if (!parse_index(text, index))
      return report_error(src, quote(text) + " is not a decimal or 0x-hexadecimal index"), false;
    const Result<Position> pos = model.unrank(index);
    if (!pos) return report_error(src, pos.error()), false;
    if (format == Format::Json)
      print_json({{"index", index.get_str()}, {"fen", to_fen4(pos.value())}});
    else
      std::cout << to_fen4(pos.value()) << '\n';
    return true;
  });
  return failures ? ExitFailure : ExitOk;
}

// With `legal`, only positions that pass the default legality checks count as lines: uniform over the
// members of S that pass them, a superset of the legal positions in which each is equally likely.
//
// The draws are one pcg64 stream, made in order on this thread (a draw takes a few random words, more
// when rejected, so a thread could not know where its share of the stream starts); a batch of them is
// then split between the threads, which unrank, judge and format their slices, and the lines go out in
// draw order. The lines thus never depend on --threads. With --prove, whose searches take from a
// millisecond to the whole budget, the threads take the draws of a batch one at a time instead of in
// slices, so that none waits idle for another's slow slice.
int run_sample(const std::string& model_name, long long count, long long skip, std::uint64_t seed, bool legal,
               unsigned requested_threads, const std::optional<proof::ProofLimits>& prove, Format format) {
  if (skip > count) {
    report_error("--skip", std::to_string(skip) + " is more than --count " + std::to_string(count));
    return ExitUsage;
  }
  const rank::RankModel& model = built_model(model_name);
  const unsigned threads = worker_threads(requested_threads);
  rank::Rng rng(seed);
  rank::UniformBelow uniform(model.size());
  Progress progress("positions", 0);
  long long line = 0;
  // Without --legal, draw i is line i: the draws of the skipped lines are made all the same, without
  // unranking, so the RNG stream, and every later line, is the full run's. With --legal every draw must
  // be judged to know which lines it makes.
  // With --prove every draw is a line too (drop_failures is false), and takes up to a proof search.
  const bool drop_failures = legal && !prove;
  for (BigInt index; !drop_failures && line < skip; ++line) uniform.draw(rng, index);
  progress.update(std::uint64_t(line), std::uint64_t(count));  // the rate counts from here
  // Draws per thread and batch: a few milliseconds of work, or enough proof searches that the few long ones
  // (a whole budget each) spread over the threads.
  const std::size_t per_thread = prove ? 32 : 1024;
  std::vector<BigInt> batch(per_thread * threads);
  struct Slice {
    std::string text;               // its lines, in order
    std::vector<std::size_t> ends;  // where each line ends in text
  };
  std::vector<Slice> slices(threads);
  std::vector<std::vector<rank::UInt192>> fixed(threads);
  std::vector<std::vector<Position>> unranked(threads);
  const Interrupt interrupt;  // Ctrl-C stops between batches, after whole lines only
  while (line < count && std::cout) {  // stop at a failed write: main() reports it
    if (Interrupt::requested()) {
      progress.finish();
      std::cout.flush();
      report_error("", "interrupted after " + std::to_string(line) + " lines: the same command with --skip " +
                           std::to_string(line) + " prints the rest");
      return Interrupt::interrupted_status();
    }
    const std::size_t draws =
        drop_failures ? batch.size() : std::size_t(std::min<long long>(count - line, batch.size()));
    for (std::size_t i = 0; i < draws; ++i) uniform.draw(rng, batch[i]);
    // Append the line of draw i at `pos` to `text`.
    const auto append_line = [&](std::string& text, std::size_t i, const Position& pos) {
      if (format == Format::Json) {
        nlohmann::ordered_json out{{"index", batch[i].get_str()}, {"fen", to_fen4(pos)}};
        if (prove) add_proof_members(out, proof::prove(pos, *prove, seed));
        text += out.dump() + '\n';
        return;
      }
      text += batch[i].get_str();
      text += '\t';
      text += to_fen4(pos);
      if (prove) {
        text += '\t';
        text += proof_line(proof::prove(pos, *prove, seed));
      }
      text += '\n';
    };
    if (prove) {
      // Each thread takes the next draw until none is left or Ctrl-C stops the searches (the limits' stop);
      // the lines go out up to the first draw not searched, and the interrupt check above reports the rest.
      std::vector<Position> positions(draws);
      std::vector<rank::UInt192> indices(draws);
      for (std::size_t i = 0; i < draws; ++i)
        if (!rank::UInt192::from_big(batch[i], indices[i])) throw std::logic_error("an index beyond 192 bits");
      if (const auto error = model.unrank_fixed_many(indices, positions))
        throw std::logic_error(error->message);  // never: every draw is below N
      std::vector<std::string> lines(draws);
      std::vector<char> searched(draws, 0);
      std::atomic<std::size_t> next{0}, finished{0};
      std::mutex progress_mutex;
      run_on_threads(std::min<std::size_t>(threads, draws), [&](unsigned) {
        for (std::size_t i; !Interrupt::requested() && (i = next++) < draws;) {
          append_line(lines[i], i, positions[i]);
          if (Interrupt::requested()) break;  // its search may have stopped short: not a line
          searched[i] = 1;
          const std::lock_guard lock(progress_mutex);
          progress.update(std::uint64_t(line) + ++finished, std::uint64_t(count));
        }
      });
      for (std::size_t i = 0; i < draws && searched[i]; ++i, ++line) std::cout << lines[i];
      continue;
    }
    const auto work = [&](unsigned t) {
      Slice& s = slices[t];
      s.text.clear();
      s.ends.clear();
      const std::size_t begin = draws * t / threads, end = draws * (t + 1) / threads;
      // Unranked together (RankModel::unrank_fixed_many): faster than one at a time.
      std::vector<rank::UInt192>& indices = fixed[t];
      std::vector<Position>& positions = unranked[t];
      indices.resize(end - begin);
      positions.resize(end - begin);
      for (std::size_t i = begin; i < end; ++i)
        if (!rank::UInt192::from_big(batch[i], indices[i - begin])) throw std::logic_error("an index beyond 192 bits");
      if (const auto error = model.unrank_fixed_many(indices, positions))
        throw std::logic_error(error->message);  // never: every draw is below N
      for (std::size_t i = begin; i < end; ++i) {
        const Position& pos = positions[i - begin];
        if (drop_failures && !legality::judge(pos, legality::RuleSet::Default, false).passes()) continue;
        append_line(s.text, i, pos);
        s.ends.push_back(s.text.size());
      }
    };
    run_on_threads(threads, work);
    for (const Slice& s : slices)
      for (std::size_t k = 0, begin = 0; k < s.ends.size() && line < count; begin = s.ends[k++], ++line)
        if (line >= skip) std::cout.write(s.text.data() + begin, std::streamsize(s.ends[k] - begin));
    progress.update(std::uint64_t(line), std::uint64_t(count));
  }
  progress.finish();
  return ExitOk;
}

std::function<int()> setup_count(CLI::App& cmd) {
  auto model = std::make_shared<std::string>();
  auto breakdown = std::make_shared<bool>(false);
  add_model_option(cmd, *model);
  cmd.add_flag("--breakdown", *breakdown,
               "also split N by side to move, castling rights and en passant case, and show what each constraint "
               "removes");
  auto format = std::make_shared<Format>(Format::Text);
  add_format_option(cmd, *format);
  return [=] { return run_count(*model, *breakdown, *format); };
}

std::function<int()> setup_rank(CLI::App& cmd) {
  auto model = std::make_shared<std::string>();
  auto fens = std::make_shared<std::vector<std::string>>();
  add_model_option(cmd, *model);
  cmd.add_option("fens", *fens, "positions as FEN or EPD (quote each); none: one per stdin line");
  auto format = std::make_shared<Format>(Format::Text);
  add_format_option(cmd, *format);
  return [=] { return run_rank(*model, *fens, *format); };
}

std::function<int()> setup_unrank(CLI::App& cmd) {
  auto model = std::make_shared<std::string>();
  auto indices = std::make_shared<std::vector<std::string>>();
  add_model_option(cmd, *model);
  cmd.add_option("indices", *indices, "indices in decimal or 0x-hexadecimal; none: one per stdin line");
  auto format = std::make_shared<Format>(Format::Text);
  add_format_option(cmd, *format);
  return [=] { return run_unrank(*model, *indices, *format); };
}

std::function<int()> setup_sample(CLI::App& cmd) {
  auto model = std::make_shared<std::string>();
  auto count = std::make_shared<long long>(1);
  auto seed = std::make_shared<std::uint64_t>(1);
  auto skip = std::make_shared<long long>(0);
  auto legal = std::make_shared<bool>(false);
  auto threads = std::make_shared<unsigned>(0);
  auto prove = std::make_shared<bool>(false);
  auto nodes = std::make_shared<std::uint64_t>(proof::ProofLimits{}.nodes);
  auto format = std::make_shared<Format>(Format::Text);
  add_model_option(cmd, *model);
  add_format_option(cmd, *format);
  whole_number(cmd.add_option("--count", *count, "number of positions"), 0, 1000000000000)->capture_default_str();
  whole_number(cmd.add_option("--seed", *seed, "random seed (pcg64)"))->capture_default_str();
  whole_number(cmd.add_option("--skip", *skip, "print only the lines after the first K of the run (to resume one)"), 0,
               1000000000000);
  cmd.add_flag("--legal", *legal, "keep only positions that pass the legality checks of `chessrank legal`");
  auto* prove_flag = cmd.add_flag("--prove", *prove,
                                  "with --legal: decide every draw as `chessrank prove` does and add its line "
                                  "(legal with a proof game, illegal, or unknown); no draw is dropped");
  auto* nodes_option = whole_number(
      cmd.add_option("--nodes", *nodes, "with --prove: positions each game search may expand"), 1);
  nodes_option->needs(prove_flag);
  prove_flag->needs("--legal");
  whole_number(
      cmd.add_option("--threads", *threads, "worker threads (default and 0: all cores); never changes the lines"), 0,
      1024);
  cmd.footer(
      "Prints --count lines \"index<TAB>FEN\", the index uniform below the model's size N. The same --seed\n"
      "gives the same lines. A run cut short after K lines resumes with --skip K (same --count, --seed and\n"
      "--legal): the lines that follow are the full run's. Ctrl-C (or SIGTERM) stops after whole lines and\n"
      "names the --skip to resume with. Long runs show their progress on stderr.\n"
      "The draws are made in order on one thread; --threads shares out the unranking, not the stream.\n"
      "With --legal, draws that fail a check are dropped, so the lines are uniform over the positions of\n"
      "the model that pass every check (docs/legality.md): all legal positions, equally likely, and some\n"
      "illegal ones the checks cannot tell apart. About one draw in seven passes with v2, one in nine\n"
      "with v1, one in eighteen with cpr.\n"
      "With --legal --prove every draw is a line \"index<TAB>FEN<TAB>verdict\", the verdict as `chessrank prove`\n"
      "prints it: keeping only the \"legal:\" lines gives legal positions with their games, uniform as long as\n"
      "no line says unknown (dropping unknown draws would bias the sample).\n"
      "With --format json each line is {\"index\", \"fen\"}, with --prove also `chessrank prove --format json`'s\n"
      "\"outcome\", \"proof\" and \"plies\" or \"reason\", and \"nodes\".");
  return [=] {
    std::optional<proof::ProofLimits> limits;
    if (*prove) {
      limits.emplace();
      limits->nodes = *nodes;
      limits->stop = &Interrupt::requested;  // Ctrl-C ends the searches under way, not after their budget
    }
    return run_sample(*model, *count, *skip, *seed, *legal, *threads, limits, *format);
  };
}

const bool count_registered =
    register_command({"count", "Print the exact size N of a ranking model", 20, setup_count});
const bool rank_registered = register_command(
    {"rank", "Print the index of each position (FEN or EPD arguments or stdin lines)", 21, setup_rank});
const bool unrank_registered =
    register_command({"unrank", "Print the position of each index (arguments or stdin lines)", 22, setup_unrank});
const bool sample_registered =
    register_command({"sample", "Draw uniform random positions of a model: index, tab, FEN", 23, setup_sample});

}  // namespace
}  // namespace chessrank::cli::rank_command
