// talec vocab: every word a writer may use, by role, from a vocabulary.
#include <filesystem>
#include <iostream>

#include "compiler/driver/installed_vocabularies.hpp"
#include "compiler/text/text.hpp"
#include "tools/talec/commands.hpp"

namespace talec {
namespace fs = std::filesystem;
namespace {

const char* help = R"(usage: talec vocab [--lang LANGUAGE | PATH]

Lists every word a book may use, by role: the skills, statuses and wealth
levels (headings and awards), the heading words, the award words, the
reaction matrices' options and the terrains; a word's other spellings follow
it after "or". The vocabulary is the one installed with talec for LANGUAGE,
or the one of the book or vocabulary file PATH; by default, the one of the book
of the current folder (the nearest book.json upward), else English.

options:
  --lang LANGUAGE  an installed vocabulary (the list of them: --lang list)
  -h, --help       show this help

exit codes: 0 listed, 2 usage or I/O failure.
)";

constexpr std::size_t width = 100;

// The words of one role, wrapped at `width` columns under an indent of two.
void print_role(std::ostream& out, const talebook::Vocabulary& v, talebook::VocabKind kind) {
  const auto& entries = v.entries(kind);
  out << talebook::json_key(kind) << " (" << entries.size() << "):\n";
  std::string line = " ";
  for (std::size_t i = 0; i < entries.size(); ++i) {
    std::string word = entries[i].name;
    for (const std::string& alias : entries[i].aliases)
      word += " or " + alias;
    if (i + 1 < entries.size()) word += ",";
    if (line.size() > 1 &&
        talebook::text::display_width(line) + 1 + talebook::text::display_width(word) > width) {
      out << line << '\n';
      line = " ";
    }
    line += " " + word;
  }
  out << line << '\n';
}

} // namespace

int cmd_vocab(const Args& args) {
  std::string language, path;
  ArgScanner scan(args, "vocab", help);
  for (std::string a; scan.next(a);) {
    if (scan.value(a, {"--lang"}, language)) continue;
    if (!scan.positional(a)) break;
    if (!path.empty()) return scan.fail("one book or vocabulary only");
    path = a;
  }
  if (scan.done) return *scan.done;
  if (!language.empty() && !path.empty()) return usage_error("vocab", "--lang or a PATH, not both");
  if (language == "list") {
    for (const std::string& l : talebook::installed_languages())
      std::cout << l << '\n';
    return exit_ok;
  }
  std::string file;
  if (!language.empty()) {
    file = talebook::installed_vocabulary(language);
    if (file.empty())
      return usage_error("vocab", "no vocabulary of language '" + language +
                                      "' is installed with talec (--lang list shows them)");
  } else {
    std::error_code ec;
    if (path.empty()) path = nearest_book();
    if (!path.empty() && (fs::is_directory(path, ec) || fs::path(path).filename() == "book.json")) {
      talebook::Manifest manifest;
      if (talebook::LoadError e = talebook::load_manifest(path, manifest); !e.empty())
        return usage_error("vocab", "cannot read the book '" + path + "': " + e.message);
      file = manifest.vocabulary;
    } else if (!path.empty()) {
      file = path;
    } else if ((file = talebook::installed_vocabulary("en")).empty()) {
      return usage_error("vocab", "no vocabulary is installed with talec (use --lang or a PATH)");
    }
  }
  talebook::Vocabulary vocabulary;
  if (talebook::LoadError e = vocabulary.load_file(file); !e.empty())
    return usage_error("vocab", "cannot read the vocabulary '" + file + "': " + e.message);
  for (int k = 0; k < talebook::vocab_kind_count; ++k) {
    if (k) std::cout << '\n';
    print_role(std::cout, vocabulary, talebook::VocabKind(k));
  }
  return exit_ok;
}

} // namespace talec
