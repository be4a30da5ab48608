// Mutated imports (issue "Nothing lost"): a translator's slip in a msgstr (a
// line break inside a chart entry, a separator the book does not read, a lost
// or doubled bracket) either imports into a translation that still checks, or
// is refused with a coded error and every file left as it was. Never an
// import that exits 0 and then fails `check` (31 of 286 did).
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>

#include "compiler/translate/po.hpp"
#include "tests/translation_fixture.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

using namespace translation_test;

namespace {

std::map<std::string, std::string> snapshot(const fs::path& folder) {
  std::map<std::string, std::string> out;
  for (const auto& file : fs::recursive_directory_iterator(folder))
    if (file.is_regular_file()) out[file.path().string()] = slurp(file.path());
  return out;
}

// The slips: each changes the text at one place (`at`: a byte offset on a
// character boundary) and returns it, or "" when it does not apply there.
using Slip = std::string (*)(std::string text, std::size_t at);

std::string line_break(std::string text, std::size_t at) {
  return text.insert(at, "\r\n");
}
std::string semicolon_for_list(std::string text, std::size_t) {
  for (const char* list : {"、", "，", "،", ","})
    if (std::size_t i = text.find(list); i != std::string::npos)
      return text.replace(i, std::string(list).size(), "；");
  return {};
}
std::string lost_bracket(std::string text, std::size_t) {
  for (const char* bracket : {"）", ")", "]"})
    if (std::size_t i = text.find(bracket); i != std::string::npos)
      return text.erase(i, std::string(bracket).size());
  return {};
}
std::string blanks_dropped(std::string text, std::size_t) {
  std::string out;
  for (char c : text)
    if (c != ' ') out += c;
  return out == text ? std::string() : out;
}
std::string header_line(std::string text, std::size_t at) {
  return text.insert(at, "\n@9");
}

// The byte offset of the middle character of `text`.
std::size_t middle(const std::string& text) {
  std::size_t at = text.size() / 2;
  while (at > 0 && (static_cast<unsigned char>(text[at]) & 0xC0) == 0x80)
    --at;
  return at;
}

// Each slip in turn on the translated entries of `language`'s export, one
// import per slipped entry, `per_slip` entries a slip.
void slip_imports(const std::string& language, std::size_t per_slip) {
  test::TempDir temp("po-slips-" + language);
  fs::copy(fs::path(test::source_dir()) / "book", temp / "book", fs::copy_options::recursive);
  fs::copy(fs::path(test::source_dir()) / "locales", temp / "locales", fs::copy_options::recursive);
  const fs::path book = temp / "locales" / language, po = temp / "t.po";
  REQUIRE(test::talec({"po", "export", book.string(), "-o", po.string()}).exit == 0);
  talebook::PoFile file;
  talebook::PoError error;
  REQUIRE(talebook::read_po(slurp(po), file, error));
  const auto pristine = snapshot(book);
  const std::vector<std::pair<const char*, Slip>> slips = {
      {"a line break", line_break},
      {"a semicolon for a list", semicolon_for_list},
      {"a lost bracket", lost_bracket},
      {"blanks dropped", blanks_dropped},
      {"a header line", header_line}};
  std::size_t imported = 0, refused = 0, applied = 0;
  for (const auto& [name, slip] : slips) {
    std::size_t tried = 0;
    // Entries spread over the whole file (a stride prime to its size).
    const std::size_t size = file.entries.size();
    for (std::size_t k = 0; k < size && tried < per_slip; ++k) {
      const std::size_t e = (k * 7919 + 13) % size;
      const talebook::PoEntry& original = file.entries[e];
      if (original.str.empty()) continue;
      const std::string slipped = slip(original.str, middle(original.str));
      if (slipped.empty() || slipped == original.str) continue;
      ++tried;
      INFO(language << ": " << name << " in '" << original.context << "': " << slipped);
      talebook::PoFile changed = file;
      changed.entries[e].str = slipped;
      auto& flags = changed.entries[e].flags;
      flags.erase(std::remove(flags.begin(), flags.end(), "fuzzy"), flags.end());
      test::write_file(po, talebook::write_po(changed));
      const test::Run run = test::talec({"po", "import", po.string(), book.string()});
      if (run.exit == 0) {
        ++imported;
        const test::Run check = test::talec({"check", book.string()});
        INFO(check.err);
        CHECK(check.exit == 0);
      } else {
        ++refused;
        CHECK(run.exit == 1);
        CHECK(run.err.find("error[TB0") != std::string::npos);
        CHECK(run.err.find("nothing was written") != std::string::npos);
        CHECK(snapshot(book) == pristine);
      }
      // The next slip starts from the translation as it was.
      for (const auto& [path, bytes] : pristine)
        spit(path, bytes);
      for (const auto& f : fs::directory_iterator(book))
        if (!pristine.count(f.path().string())) fs::remove_all(f.path());
    }
    // A slip that has no place in this language's texts (no blanks in Chinese).
    applied += tried == per_slip;
  }
  CHECK(applied >= slips.size() - 1);
  // Both happen: slips that change only prose import, the others are refused.
  CHECK(imported > 0);
  CHECK(refused > 0);
}

} // namespace

TEST_CASE("a slipped msgstr imports into a translation that checks, or is refused (zh, ar)",
          "[po]") {
  slip_imports("zh", 4);
  slip_imports("ar", 3);
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
