// talec dump: a .tbook as JSON, read through the reader library only.
#include <charconv>
#include <iostream>

#include "compiler/emit_json.hpp"
#include "talebook/reader.hpp"
#include "tools/talec/commands.hpp"

namespace talec {
namespace {

const char* help = R"(usage: talec dump FILE.tbook [--paragraph N]

Prints a .tbook file as JSON on stdout: the title, language, the vocabulary
the book carries, every paragraph (sections, conditions, awards decoded by
kind with vocabulary ids and the book's names, references, charts), the
reaction matrices and the cards. With --paragraph N, only paragraph N.
The file is read through the reader library, which validates it first: a
damaged file gives the reader's message ("bad book file: ...").

options:
  --paragraph N   print one paragraph
  -h, --help      show this help

exit codes: 0 printed, 1 damaged file or no such paragraph, 2 usage or I/O failure.
)";

} // namespace

int cmd_dump(const Args& args) {
  std::string file;
  std::optional<std::uint32_t> number;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (is_help(a)) {
      std::cout << help;
      return exit_ok;
    }
    if (a == "--paragraph" || a.rfind("--paragraph=", 0) == 0) {
      std::string value;
      if (a == "--paragraph") {
        if (i + 1 >= args.size()) return usage_error("dump", "'--paragraph' needs a number");
        value = args[++i];
      } else {
        value = a.substr(12);
      }
      std::uint32_t n = 0;
      auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
      if (ec != std::errc() || end != value.data() + value.size() || value.empty())
        return usage_error("dump", "'" + value + "' is not a paragraph number");
      number = n;
      continue;
    }
    if (a.size() > 1 && a[0] == '-') return usage_error("dump", "unknown option '" + a + "'");
    if (!file.empty()) return usage_error("dump", "one file at a time");
    file = a;
  }
  if (file.empty()) return usage_error("dump", "no file: give a .tbook");

  std::string error;
  auto book = talebook::tbook::Book::open_file(file, error);
  if (!book) {
    std::cerr << "talec dump: error: " << error << "\n";
    return error.rfind("bad book file", 0) == 0 ? exit_errors : exit_usage;
  }
  nlohmann::json out;
  if (number) {
    auto paragraph = book->find_paragraph(*number);
    if (!paragraph) {
      std::cerr << "talec dump: error: no paragraph " << *number << " in '" << file << "'\n";
      return exit_errors;
    }
    out = talebook::tbook_paragraph_json(*book, *paragraph);
  } else {
    out = talebook::tbook_json(*book);
    auto v = book->version();
    out["format"] = std::to_string(v.major) + "." + std::to_string(v.minor);
  }
  std::cout << out.dump(2) << '\n';
  return exit_ok;
}

} // namespace talec
