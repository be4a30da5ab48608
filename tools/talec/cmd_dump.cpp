// talec dump: a .tbook as JSON, read through the reader library only.
#include <iostream>
#include <stdexcept>

#include "talebook/dump/dump.hpp"
#include "talebook/reader.hpp"
#include "tools/talec/commands.hpp"

namespace talec {
namespace {

const char* help = R"(usage: talec dump FILE.tbook [--paragraph N | --records [--section TAG]]

Prints a .tbook file as JSON on stdout: the title, language, the vocabulary
the book carries, every paragraph (sections, conditions, awards decoded by
kind with vocabulary ids and the book's names, references, charts), the
reaction matrices and the cards; a game of the family's deck, or its story
tiles and verdicts, under "game". With --paragraph N, only paragraph N.
With --records, the records as stored instead: each record section by its
tag, each record's fields by their names in the format's schema (numbers as
written, a string field's text under "strings"; docs/binary-format.md).
The file is read through the reader library, which validates it first: a
damaged file is reported as TB0078, with the reader's check that refused it.

options:
  --paragraph N   print one paragraph
  --records       print the records as stored
  --section TAG   with --records: only that section (PARA, AWRD, CELL...)
  -h, --help      show this help

exit codes: 0 printed, 1 damaged file or no such paragraph, 2 usage or I/O failure.
)";

} // namespace

int cmd_dump(const Args& args) {
  std::string file;
  std::optional<std::uint32_t> number;
  bool records = false;
  std::string section;
  ArgScanner scan(args, "dump", help);
  for (std::string a; scan.next(a);) {
    std::uint64_t n = 0;
    if (a == "--records") {
      records = true;
      continue;
    }
    if (scan.value(a, {"--section"}, section)) continue;
    if (scan.number(a, {"--paragraph"}, n, 0xFFFFFFFFu)) {
      number = static_cast<std::uint32_t>(n);
      continue;
    }
    if (!scan.positional(a)) break;
    if (!file.empty()) return scan.fail("one file at a time");
    file = a;
  }
  if (scan.done) return *scan.done;
  if (file.empty()) return usage_error("dump", "no file: give a .tbook");
  if (records && number) return usage_error("dump", "--records and --paragraph: one at a time");
  if (!section.empty() && !records) return usage_error("dump", "--section needs --records");

  // One paragraph: the file is mapped, and only what it reads is checked.
  talebook::tbook::ReadError error;
  auto book = number ? talebook::tbook::Book::open_mapped(file, error)
                     : talebook::tbook::Book::open_file(file, error);
  if (!book) return refuse_tbook("dump", error, file);
  nlohmann::json out;
  if (number) {
    try {
      auto paragraph = book->find_paragraph(*number);
      if (!paragraph) {
        std::cerr << "talec dump: error: no paragraph " << *number << " in '" << shown(file)
                  << "'\n";
        return exit_errors;
      }
      out = talebook::tbook_paragraph_json(*book, *paragraph);
    } catch (const talebook::tbook::BadBookError& e) {
      return refuse_tbook("dump", e.error(), file);
    }
  } else if (records) {
    try {
      std::cout << talebook::tbook_records_json(*book, section).dump(2) << '\n';
      return exit_ok;
    } catch (const std::invalid_argument&) {
      return usage_error("dump", "no record section '" + section + "' in the format");
    }
  } else {
    out = talebook::tbook_json(*book);
    auto v = book->version();
    out["format"] = std::to_string(v.major) + "." + std::to_string(v.minor);
  }
  std::cout << out.dump(2) << '\n';
  return exit_ok;
}

} // namespace talec
