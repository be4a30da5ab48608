// Parsing one `.tales` file into the book: text checks, then the grammar with
// its actions (parser_actions.hpp, parser_blocks.hpp).
#include "compiler/parse/parser_blocks.hpp"

#include "compiler/parse/parser.hpp"
#include "compiler/text/text.hpp"

namespace talebook {
namespace {

namespace pegtl = tao::pegtl;
namespace g = grammar;

// UTF-8 and NFC are checked line by line, before the grammar runs.
void check_text(std::uint32_t file, std::string_view text, Diagnostics& diagnostics) {
  std::size_t reported = 0;
  std::size_t line = 0;
  while (line < text.size()) {
    std::size_t end = text.find('\n', line);
    if (end == std::string_view::npos) end = text.size();
    std::string_view s = text.substr(line, end - line);
    if (auto bad = text::first_invalid_utf8(s)) {
      std::uint32_t at = static_cast<std::uint32_t>(line + *bad);
      if (reported++ < 50) diagnostics.report(Code::invalid_utf8, {file, at, at + 1});
    } else if (!text::is_nfc(s)) {
      if (reported++ < 50)
        diagnostics.report(Code::not_nfc, {file, static_cast<std::uint32_t>(line),
                                           static_cast<std::uint32_t>(end)});
    }
    line = end + 1;
  }
}

} // namespace

namespace pegtl = tao::pegtl;

void parse_tales(std::uint32_t file, const SourceSet& sources, const Vocabulary& vocabulary,
                 Book& book, Diagnostics& diagnostics) {
  std::string_view text = sources.file(file).text();
  check_text(file, text, diagnostics);
  // The grammar wants every line ended; offsets stay those of the file.
  std::string ended;
  if (!text.empty() && text.back() != '\n') {
    ended.reserve(text.size() + 1);
    ended.append(text).push_back('\n');
    text = ended;
  }
  ParseState state(file, text.data(), vocabulary, book, diagnostics);
  pegtl::memory_input<pegtl::tracking_mode::lazy, pegtl::eol::lf_crlf> in(
      text.data(), text.size(), sources.file(file).path());
  try {
    pegtl::parse<g::file, actions::Action, actions::ParseControl>(in, state);
  } catch (const pegtl::parse_error&) {
    // Already reported by ParseControl::raise; the rest of the file is skipped.
  }
}

} // namespace talebook
