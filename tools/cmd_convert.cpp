// `chessrank convert IN OUT`: bulk conversion between FEN/EPD text (one position per line) and raw
// fixed-size records, on all cores. The input is read in batches; each batch is cut into one piece per
// thread at line (or record) boundaries, the pieces are converted in parallel and written in order, so
// the output order is the input order and memory stays bounded whatever the file size.
#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include <sys/stat.h>
#include <unistd.h>

#include "codec/record.h"
#include "core/fen.h"
#include "core/plural.h"
#include "core/threads.h"
#include "rank/model.h"
#include "tools/command.h"
#include "tools/input.h"
#include "tools/model_option.h"
#include "tools/progress.h"

namespace chessrank::cli::convert_command {

namespace {

struct ConvertOptions {
  std::string input, output;
  std::string format = "slot26";
  std::string model;
  std::string to = "raw";
  bool counters = false;
  bool strict = false;
  unsigned threads = 0;
};

struct ItemError {
  std::size_t number;  // line or record number within the piece, 0-based
  std::string message;
};

// What one thread produced from one piece of a batch.
struct PieceResult {
  std::string out;  // records or FEN lines
  std::vector<ItemError> errors;
  std::size_t items = 0;       // lines (text) or records (raw) consumed, for numbering
  std::size_t consumed = 0;    // bytes read: all of the piece but what follows a --strict stop
  std::size_t positions = 0;   // successfully converted
  std::size_t code_bytes = 0;  // of the codes made or read for them
};

// Convert the text lines of `text` (every line complete, the last one possibly without newline).
void encode_piece(const codec::RecordFormat& format, std::string_view text, bool strict, PieceResult& r) {
  const std::size_t size = format.record_size();
  r.out.reserve(text.size() / 2);
  std::vector<std::uint8_t> record(size);
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    const std::size_t length = end - pos;
    const std::string_view line = trim(text.substr(pos, length));
    pos = end + 1;
    const std::size_t number = r.items++;
    if (length > MaxLineBytes) {
      r.errors.push_back({number, too_long_message()});
      if (strict) break;
      continue;
    }
    if (line.empty()) continue;
    const Result<Position> p = parse_fen_or_epd(line);
    if (!p) {
      r.errors.push_back({number, p.error()});
      if (strict) break;
      continue;
    }
    const Result<bool> ok = format.encode(*p, record);
    if (!ok) {
      r.errors.push_back({number, ok.error()});
      if (strict) break;
      continue;
    }
    r.out.append(reinterpret_cast<const char*>(record.data()), size);
    ++r.positions;
    r.code_bytes += size;
  }
  r.consumed = std::min(pos, text.size());
}

void decode_piece(const codec::RecordFormat& format, std::string_view bytes, bool strict, PieceResult& r) {
  const std::size_t size = format.record_size();
  r.out.reserve(bytes.size() / size * 64);
  // A few hundred records at a time, decoded together (RecordFormat::decode_many).
  const std::size_t per_call = 256 * size;
  std::vector<Result<Position>> decoded;
  for (std::size_t at = 0; at + size <= bytes.size(); at += per_call) {
    const std::size_t n = std::min(per_call, bytes.size() - at) / size;
    format.decode_many(std::span(reinterpret_cast<const std::uint8_t*>(bytes.data() + at), n * size), decoded);
    for (std::size_t k = 0; k < n; ++k) {
      const std::size_t number = r.items++;
      r.consumed = at + (k + 1) * size;
      const Result<Position>& p = decoded[k];
      if (!p) {
        r.errors.push_back({number, p.error()});
        if (strict) return;
        continue;
      }
      r.out += to_fen(*p);
      r.out += '\n';
      ++r.positions;
      r.code_bytes += size;
    }
  }
}

// Close a file the command opened, but not standard input.
int close_input(std::FILE* f) { return f == stdin ? 0 : std::fclose(f); }

int run_convert(ConvertOptions opt) {
  // "-" is standard input or output, under the names the same-file check below resolves.
  if (opt.input == "-") opt.input = "/dev/stdin";
  opt.output = output_path(opt.output);
  if (opt.format == "rank") built_model(opt.model);  // its tables, with a progress line
  const Result<codec::RecordFormat> format = codec::RecordFormat::find(opt.format, opt.counters, opt.model);
  if (!format) {
    report_error("", format.error());
    return ExitUsage;
  }
  // Standard input is read where it already points, as the other commands read it: reopening
  // /dev/stdin would start a file the caller has partly read over from its beginning, and would make a
  // closed one (main fills it with a descriptor that cannot be read) look empty.
  const bool from_stdin = opt.input == "/dev/stdin";
  const std::string input = input_name(from_stdin ? "" : opt.input);
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> in(from_stdin ? stdin : std::fopen(opt.input.c_str(), "rb"),
                                                      &close_input);
  std::error_code ec;
  if (!in || (!from_stdin && std::filesystem::is_directory(opt.input, ec))) {  // a directory opens, but reads nothing
    if (in) errno = EISDIR;
    report_error("", io_failure(in ? "read" : "open", input));
    return ExitFailure;
  }
  // Opening the output truncates it: refuse an output that is the input under another name (or a link).
  const std::string clash = same_file_error({{"the input", opt.input}, {"the output", opt.output}});
  if (!clash.empty()) {
    report_error("", clash + ": converting would erase the input");
    return ExitUsage;
  }
  // Standard output is written where it already points: reopening /dev/stdout would truncate a file the
  // shell opened for appending (`>> file`).
  const bool to_stdout = opt.output == "/dev/stdout";
  const std::string output_name = to_stdout ? "standard output" : "output file '" + opt.output + "'";
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> out(
      to_stdout ? ::fdopen(::dup(STDOUT_FILENO), "wb") : std::fopen(opt.output.c_str(), "wb"), &std::fclose);
  if (!out) {
    report_error("", io_failure("open", output_name));
    return ExitFailure;
  }
  // The bytes left to read, when the input is a regular file (a device such as /dev/zero has size 0).
  long long total = -1;
  struct stat st {};
  if (const long long here = std::ftell(in.get());
      here >= 0 && ::fstat(::fileno(in.get()), &st) == 0 && S_ISREG(st.st_mode) && st.st_size >= here)
    total = st.st_size - here;

  const bool to_raw = opt.to == "raw";
  const unsigned threads = worker_threads(opt.threads);
  const std::size_t record = format->record_size();
  // Batch: about 4 MB per thread up to 256 MB, but no more than the input and one record (so that one
  // read meets its end); a multiple of the record size when reading records.
  std::size_t batch_bytes = std::min(std::size_t(threads) * (std::size_t(4) << 20), std::size_t(256) << 20);
  if (total >= 0) batch_bytes = std::min(batch_bytes, std::size_t(total) + record);
  if (!to_raw) batch_bytes -= batch_bytes % record;

  const char* what = to_raw ? "line " : "record ";
  std::string buffer, carry;
  std::vector<char> chunk(batch_bytes);
  std::size_t base = 1, positions = 0, code_bytes = 0, failures = 0, bytes_in = 0, bytes_out = 0;
  std::vector<std::size_t> rejected;
  // Progress in MB read, as the other long runs show theirs (an input whose size is unknown shows none).
  Progress progress("MB", 0);
  bool stop = false;
  // A line longer than MaxLineBytes is refused as the line readers refuse it, and the rest of it is
  // skipped as it comes, so that input without newlines (/dev/zero) takes neither all memory nor
  // quadratic time carrying it from batch to batch.
  bool skipping = false;

  while (!stop) {
    std::size_t buffer_start = bytes_in - carry.size();  // where this batch's buffer starts in the input
    const std::size_t got = read_input_block(in.get(), chunk.data(), chunk.size());
    if (std::ferror(in.get())) {  // a directory, say, opens but does not read
      report_error("", io_failure("read", input));
      return ExitFailure;
    }
    const bool eof = got < chunk.size();
    bytes_in += got;
    buffer.assign(carry);
    buffer.append(chunk.data(), got);
    carry.clear();
    if (to_raw && buffer_start == 0 && buffer.compare(0, 3, "\xEF\xBB\xBF") == 0) {  // a UTF-8 byte order mark
      buffer.erase(0, 3);
      buffer_start = 3;
    }
    if (skipping) {
      const std::size_t nl = buffer.find('\n');
      const std::size_t skipped = nl == std::string::npos ? buffer.size() : nl + 1;
      buffer.erase(0, skipped);
      buffer_start += skipped;
      if (nl != std::string::npos || eof) {
        skipping = false;
        ++base;
      }
    }
    // Keep an incomplete last line or record for the next batch.
    bool long_line = false;
    if (!eof) {
      std::size_t keep = 0;
      if (to_raw) {
        const std::size_t nl = buffer.rfind('\n');
        keep = nl == std::string::npos ? buffer.size() : buffer.size() - nl - 1;
      } else {
        keep = buffer.size() % record;
      }
      if (to_raw && keep > MaxLineBytes)
        long_line = true;  // reported after the lines before it
      else
        carry = buffer.substr(buffer.size() - keep);
      buffer.resize(buffer.size() - keep);
    }
    std::size_t truncated = 0;
    if (eof && !to_raw) {
      truncated = buffer.size() % record;
      buffer.resize(buffer.size() - truncated);
    }

    // Cut into pieces at line or record boundaries.
    std::vector<std::string_view> pieces;
    const std::string_view all(buffer);
    std::size_t start = 0;
    for (unsigned t = 0; t < threads && start < all.size(); ++t) {
      std::size_t end = t + 1 == threads ? all.size() : start + (all.size() - start) / (threads - t);
      if (to_raw) {
        const std::size_t nl = all.find('\n', end == 0 ? 0 : end - 1);
        end = nl == std::string_view::npos ? all.size() : nl + 1;
      } else {
        end = start + (end - start + record - 1) / record * record;
        end = std::min(end, all.size());
      }
      pieces.push_back(all.substr(start, end - start));
      start = end;
    }
    std::vector<PieceResult> results(pieces.size());
    run_on_threads(unsigned(pieces.size()), [&](unsigned i) {
      if (to_raw)
        encode_piece(*format, pieces[i], opt.strict, results[i]);
      else
        decode_piece(*format, pieces[i], opt.strict, results[i]);
    });

    for (std::size_t k = 0; k < results.size(); ++k) {
      const PieceResult& r = results[k];
      for (const ItemError& e : r.errors) {
        report_error(what + std::to_string(base + e.number), e.message);
        rejected.push_back(base + e.number);
        ++failures;
        if (opt.strict) break;
      }
      if (std::fwrite(r.out.data(), 1, r.out.size(), out.get()) != r.out.size()) {
        report_error("", io_failure("write", output_name));
        return ExitFailure;
      }
      bytes_out += r.out.size();
      positions += r.positions;
      code_bytes += r.code_bytes;
      base += r.items;
      if (opt.strict && failures) {
        // Count the input up to the item that stopped the run, not the batch read ahead for the threads.
        bytes_in = buffer_start + std::size_t(pieces[k].data() - buffer.data()) + r.consumed;
        stop = true;
        break;
      }
    }
    if (!stop && long_line) {
      report_error(what + std::to_string(base), too_long_message());
      rejected.push_back(base);
      ++failures;
      skipping = true;
      if (opt.strict) {
        bytes_in = buffer_start + buffer.size();
        stop = true;
      }
    }
    if (!stop && truncated) {
      report_error(what + std::to_string(base), "truncated: " + std::to_string(truncated) + " of " +
                                                    std::to_string(record) + " bytes");
      rejected.push_back(base);
      ++failures;
    }
    if (total > 0) progress.update(bytes_in >> 20, std::max<std::uint64_t>(1, std::uint64_t(total) >> 20));
    if (eof) break;
  }
  progress.finish();
  if (std::fflush(out.get()) != 0 || std::ferror(out.get())) {
    report_error("", io_failure("write", output_name));
    return ExitFailure;
  }

  std::string list;  // " (lines 3, 7)"
  if (!rejected.empty()) {
    list = std::string(" (") + (to_raw ? "line" : "record") + (rejected.size() > 1 ? "s " : " ");
    for (std::size_t i = 0; i < rejected.size() && i < 20; ++i) list += (i ? ", " : "") + std::to_string(rejected[i]);
    list += rejected.size() > 20 ? ", ...)" : ")";
  }
  std::fprintf(stderr, "convert: %s, %zu bytes in, %zu bytes out, %.2f bytes/position, %zu rejected%s, %.2f s\n",
               plural((long long)positions, "position").c_str(), bytes_in, bytes_out,
               positions ? double(code_bytes) / double(positions) : 0.0, failures, list.c_str(), progress.seconds());
  return failures ? ExitFailure : ExitOk;
}

const bool registered = register_command(
    {"convert", "Convert a file of FEN/EPD lines to raw code records (or back), multi-threaded", 32,
     [](CLI::App& cmd) {
       auto opt = std::make_shared<ConvertOptions>();
       cmd.add_option("input", opt->input,
                      "Input file: FEN/EPD lines (--to raw) or raw records (--to fen); -: standard input")
           ->required()
           ->check(file_name());
       cmd.add_option("output", opt->output, "Output file (- or /dev/stdout: standard output)")
           ->required()
           ->check(output_file());
       cmd.add_option("--to", opt->to, "Output kind: raw records or fen lines")
           ->check(CLI::IsMember({"raw", "fen"}))
           ->capture_default_str();
       cmd.add_option("--format", opt->format, "Code format: slot26 or rank")
           ->check(CLI::IsMember(codec::RecordFormat::names()))
           ->capture_default_str();
       cmd.add_option("--model", opt->model, "Ranking model of the rank format (default: the default model)")
           ->check(CLI::IsMember(rank::model_names()));
       cmd.add_flag("--counters", opt->counters, "Records carry 3 bytes of move counters");
       cmd.add_flag("--strict", opt->strict, "Stop at the first bad line or record");
       whole_number(cmd.add_option("--threads", opt->threads, "Worker threads (default and 0: all cores)"), 0, 1024);
       return [opt] { return run_convert(*opt); };
     }});

}  // namespace

}  // namespace chessrank::cli::convert_command
