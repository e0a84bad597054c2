// `chessrank encode` and `chessrank decode`: positions to fixed-size codes and back, one item per
// line (hex or base64) or as a stream of raw records. See docs/formats.md.
#include <cerrno>
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "codec/record.h"
#include "codec/text_codes.h"
#include "core/fen.h"
#include "core/plural.h"
#include "rank/model.h"
#include "tools/command.h"
#include "tools/input.h"
#include "tools/model_option.h"
#include "tools/json_lines.h"

namespace chessrank::cli::encode_command {

namespace {

struct CodecOptions {
  std::string format = "slot26";
  std::string model;
  std::string encoding = "hex";
  std::string output = "fen";  // decode: fen or json
  std::string input;
  bool counters = false;
  bool strict = false;
  std::vector<std::string> items;
};

void add_common_options(CLI::App& cmd, CodecOptions& opt) {
  // The other commands' --format json is --output json here: say so to whoever tries it.
  const CLI::Validator not_json(
      [](const std::string& v) {
        return v == "json" ? std::string("json is not a code (slot26, rank): for JSON lines use --output json")
                           : std::string();
      },
      "", "not json");
  cmd.add_option("--format", opt.format, "Code format: slot26 (26 bytes) or rank (the index in a ranking model)")
      ->check(not_json)
      ->check(CLI::IsMember(codec::RecordFormat::names()))
      ->capture_default_str();
  cmd.add_option("--model", opt.model,
                 "Ranking model of the rank format (default: " + std::string(rank::DefaultModel) +
                     "); a rank code decodes only with the model that made it")
      ->check(CLI::IsMember(rank::model_names()));
  cmd.add_option("--input", opt.input, "Read items from this file instead of stdin (not with arguments)")
      ->check(file_name());
  cmd.add_flag("--counters", opt.counters, "Append (encode) or expect (decode) 3 bytes of move counters");
  cmd.add_flag("--strict", opt.strict, "Stop at the first bad item");
}

// Report a bad record or code (`where`: "record 3", "line 3"), as an object too with --output json.
void report_record_error(const CodecOptions& opt, const std::string& where, const std::string& message) {
  if (opt.output == "json") print_json({{"source", where}, {"error", message}});
  report_error(where, message);
}

int run_encode(const CodecOptions& opt) {
  set_item_errors_as_json(opt.encoding == "json");
  if (opt.format == "rank") built_model(opt.model);  // its tables, with a progress line
  const Result<codec::RecordFormat> format = codec::RecordFormat::find(opt.format, opt.counters, opt.model);
  if (!format) {
    report_error("", format.error());
    return ExitUsage;
  }
  const bool raw = opt.encoding == "raw";
  if (raw) std::cout.flush();
  std::vector<std::uint8_t> record(format->record_size());
  const std::size_t failures = for_each_position(
      opt.items,
      [&](const Position& pos, const std::string&, const ItemSource& src) {
        const Result<bool> ok = format->encode(pos, record);
        if (!ok) {
          report_error(src, ok.error());
          return false;
        }
        if (raw) {
          std::cout.write(reinterpret_cast<const char*>(record.data()), std::streamsize(record.size()));
        } else if (opt.encoding == "json") {
          print_json({{"hex", codec::to_hex(record)}, {"base64", codec::to_base64(record)}});
        } else {
          std::cout << (opt.encoding == "hex" ? codec::to_hex(record) : codec::to_base64(record)) << '\n';
        }
        return true;
      },
      {opt.input, opt.strict});
  if (raw) std::cout.flush();
  return failures ? ExitFailure : ExitOk;
}

int run_decode(const CodecOptions& opt) {
  set_item_errors_as_json(opt.output == "json");
  if (opt.format == "rank") built_model(opt.model);  // its tables, with a progress line
  const Result<codec::RecordFormat> format = codec::RecordFormat::find(opt.format, opt.counters, opt.model);
  if (!format) {
    report_error("", format.error());
    return ExitUsage;
  }
  const auto emit = [&](std::span<const std::uint8_t> record, const std::string& where) {
    const Result<Position> pos = format->decode(record);
    if (!pos) {
      report_record_error(opt, where, pos.error());
      return false;
    }
    if (opt.output == "json")
      print_json({{"fen", to_fen(*pos)}});
    else
      std::cout << to_fen(*pos) << '\n';
    return true;
  };

  if (opt.encoding != "raw") {
    const std::size_t failures = for_each_item(opt.items, [&](const std::string& item, const ItemSource& src) {
      const Result<std::vector<std::uint8_t>> bytes =
          opt.encoding == "hex" ? codec::from_hex(item) : codec::from_base64(item);
      if (!bytes) {
        report_error(src, bytes.error());
        return false;
      }
      if (bytes->size() != format->record_size()) {
        report_error(src, opt.encoding + " code of " + plural(bytes->size(), "byte") + ", expected " +
                              std::to_string(format->record_size()) + " for " + format->describe());
        return false;
      }
      return emit(*bytes, src.describe());
    }, {opt.input, opt.strict});
    return failures ? ExitFailure : ExitOk;
  }

  // Raw records from --input or stdin.
  if (!opt.items.empty()) {
    report_error("", "raw input comes from --input or stdin, not from arguments");
    return ExitUsage;
  }
  std::FILE* in = stdin;
  if (!opt.input.empty()) {
    in = std::fopen(opt.input.c_str(), "rb");
    if (!in) {
      report_error("", io_failure("open", input_name(opt.input)));
      return ExitFailure;
    }
  }
  std::size_t failures = 0;
  std::vector<std::uint8_t> record(format->record_size());
  errno = 0;
  for (std::size_t n = 1;; ++n) {
    // A byte at a time through the reader of the line commands, so that each record is answered
    // before we wait for the next one.
    std::size_t got = 0;
    for (int c = 0; got < record.size() && (c = read_input_byte(in)) != EOF; ++got) record[got] = std::uint8_t(c);
    if (got == 0 || std::ferror(in)) break;
    const std::string where = "record " + std::to_string(n);
    if (got < record.size()) {
      report_record_error(opt, where, "truncated: " + std::to_string(got) + " of " + std::to_string(record.size()) + " bytes");
      ++failures;
      break;
    }
    if (!emit(record, where)) ++failures;
    if (failures && opt.strict) break;
  }
  const bool unread = std::ferror(in);
  if (unread) report_error("", io_failure("read", input_name(opt.input)));
  if (in != stdin) std::fclose(in);
  return failures || unread ? ExitFailure : ExitOk;
}

const bool registered_encode = register_command(
    {"encode", "Encode positions (FEN or EPD) as fixed-size codes: slot26 or rank", 30, [](CLI::App& cmd) {
       auto opt = std::make_shared<CodecOptions>();
       add_common_options(cmd, *opt);
       cmd.add_option("--output", opt->encoding,
                      "Output: hex or base64 (one code per line), raw (records), or json (one object per input line, "
                      "{\"hex\", \"base64\"}, errors included)")
           ->check(CLI::IsMember({"hex", "base64", "raw", "json"}))
           ->capture_default_str();
       cmd.add_option("fens", opt->items, "FENs (default: one per line from --input or stdin)")
           ->excludes(cmd.get_option("--input"));
       return [opt] { return run_encode(*opt); };
     }});

const bool registered_decode = register_command(
    {"decode", "Decode fixed-size codes back to FEN", 31, [](CLI::App& cmd) {
       auto opt = std::make_shared<CodecOptions>();
       add_common_options(cmd, *opt);
       cmd.add_option("--input-encoding", opt->encoding, "Input: hex or base64 (one code per line) or raw (records)")
           ->check(CLI::IsMember({"hex", "base64", "raw"}))
           ->capture_default_str();
       cmd.add_option("--output", opt->output,
                      "Output: fen, or json (one object per input line or record, {\"fen\"}, errors included)")
           ->check(CLI::IsMember({"fen", "json"}))
           ->capture_default_str();
       cmd.add_option("codes", opt->items, "Codes (default: one per line from --input or stdin)")
           ->excludes(cmd.get_option("--input"));
       return [opt] { return run_decode(*opt); };
     }});

}  // namespace

}  // namespace chessrank::cli::encode_command
