// talec init: a new book folder that checks, builds and plays at once.
#include <filesystem>
#include <fstream>
#include <iostream>

#include "compiler/driver/installed_vocabularies.hpp"
#include "tools/talec/commands.hpp"
#include "tools/talec/init_books.hpp"

namespace talec {
namespace fs = std::filesystem;
namespace {

const char* help = R"(usage: talec init [DIR] [--lang LANGUAGE]

Writes a new book into DIR (default: the current folder; made if missing):
book.json, whose "vocabulary" names the language of the vocabulary installed
with talec, and tales.tales: a character card, an encounter chart, a reaction
matrix and the three paragraphs its cell leads to, so that at once
  cd DIR && talec check && talec build -o book.tbook && talec play book.tbook
work, and talec simulate. Nothing is overwritten: a folder that already holds
a book.json or a tales.tales is a usage error.

options:
  --lang LANGUAGE  the book's language: en, zh or ar (default en); its
                   vocabulary must be installed (talec vocab --lang LANGUAGE)
  -h, --help       show this help

exit codes: 0 the book was written, 2 usage or I/O failure.
)";

bool write_file(const fs::path& path, std::string_view text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  out.close();
  return bool(out);
}

} // namespace

int cmd_init(const Args& args) {
  std::string dir, language = "en";
  ArgScanner scan(args, "init", help);
  for (std::string a; scan.next(a);) {
    if (scan.value(a, {"--lang"}, language)) continue;
    if (!scan.positional(a)) break;
    if (!dir.empty()) return scan.fail("one folder only (got '" + dir + "' and '" + a + "')");
    dir = a;
  }
  if (scan.done) return *scan.done;
  const FirstBook* book = first_book(language);
  if (!book)
    return usage_error("init", "no first book in '" + language + "' (talec init knows " +
                                   std::string(first_book_languages()) + ")");
  if (talebook::installed_vocabulary(language).empty())
    return usage_error("init", "no vocabulary of language '" + language +
                                   "' is installed with talec (talec vocab lists them)");
  const fs::path folder = dir.empty() ? fs::path(".") : fs::path(dir);
  const fs::path manifest = folder / "book.json", tales = folder / "tales.tales";
  std::error_code ec;
  for (const fs::path& p : {manifest, tales})
    if (fs::exists(fs::symlink_status(p, ec)))
      return usage_error("init",
                         "'" + p.string() + "' already exists; talec init overwrites nothing");
  if (fs::exists(folder, ec) && !fs::is_directory(folder, ec))
    return usage_error("init", "'" + folder.string() + "' is not a folder");
  fs::create_directories(folder, ec);
  if (ec)
    return usage_error("init", "cannot make the folder '" + folder.string() + "': " + ec.message());
  std::string json = "{\n  \"title\": \"" + std::string(book->title) + "\",\n  \"language\": \"" +
                     std::string(book->language) + "\",\n  \"vocabulary\": \"" +
                     std::string(book->language) + "\",\n  \"sources\": [\"*.tales\"]\n}\n";
  if (!write_file(manifest, json) || !write_file(tales, book->tales))
    return usage_error("init", "cannot write into '" + folder.string() + "'");
  std::cout << "wrote " << manifest.string() << " and " << tales.string() << " (a book in '"
            << language << "')\n";
  return exit_ok;
}

} // namespace talec
