// talec fmt over whole books: the sample book, the Chinese book and generated
// books with untidy layouts. Two properties, checked independently of the
// check inside format_book: formatting is idempotent, and the formatted book
// compiles to the same model JSON (the shape `talec dump` prints, without
// source positions) as the original.
#include <catch2/catch.hpp>

#include <filesystem>
#include <random>

#include "compiler/emit/emit.hpp"
#include "compiler/format/format.hpp"
#include "compiler/model/model_json.hpp"
#include "tests/support.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

namespace {

namespace fs = std::filesystem;
namespace f = talebook::format;
using nlohmann::json;

// With `bracket`, bare and bracketed groups mean the same.
json every_group_bracketed(json j) {
  if (j.is_object()) {
    if (j.contains("bracketed")) j["bracketed"] = true;
    for (auto& [key, value] : j.items())
      value = every_group_bracketed(value);
  } else if (j.is_array()) {
    for (auto& value : j)
      value = every_group_bracketed(value);
  }
  return j;
}

json meaning_of(const std::string& book) {
  talebook::Compilation c;
  REQUIRE(talebook::read_book(book, c.sources, c));
  REQUIRE(c.diagnostics.errors() == 0);
  return talebook::model_json(c.book, c.vocabulary);
}

// Formats every source of the book on disk; the files it changed.
std::vector<std::string> format_on_disk(const std::string& book, bool bracket) {
  talebook::Compilation c;
  REQUIRE(talebook::read_book(book, c.sources, c));
  std::vector<std::uint32_t> files;
  for (std::uint32_t id = 1; id <= c.sources.size(); ++id)
    files.push_back(id);
  std::vector<f::FormattedFile> out;
  REQUIRE(f::format_book(c, c.sources, files, {bracket}, out).empty());
  std::vector<std::string> changed;
  for (const auto& file : out)
    if (file.changed) {
      REQUIRE(talebook::write_file_atomically(file.path, file.text).empty());
      changed.push_back(fs::path(file.path).filename().string());
    }
  return changed;
}

// book/ and locales/ copied side by side, so the Chinese book still
// translates ../../book/book.json.
fs::path copy_books(const test::TempDir& temp) {
  const fs::path& dir = temp.path;
  fs::copy(test::source_dir() + "/book", dir / "book", fs::copy_options::recursive);
  fs::copy(test::source_dir() + "/locales", dir / "locales", fs::copy_options::recursive);
  return dir;
}

bool has(const std::vector<std::string>& list, const std::string& s) {
  return std::find(list.begin(), list.end(), s) != list.end();
}

} // namespace

TEST_CASE("fmt: the sample and Chinese books keep their meaning and format once", "[format]") {
  test::TempDir temp("fmt-books");
  fs::path dir = copy_books(temp);
  for (const char* book : {"book", "locales/zh"}) {
    INFO(book);
    std::string path = (dir / book).string();
    json before = meaning_of(path);
    std::vector<std::string> changed = format_on_disk(path, false);
    // Both books have charts and matrices to align; the sample has `W + 1`.
    CHECK(has(changed, "charts.tales"));
    CHECK(has(changed, "matrices.tales"));
    CHECK(meaning_of(path) == before);
    CHECK(format_on_disk(path, false).empty());
  }
  CHECK(test::read_file((dir / "book/elders.tales").string())
            .find("D2/S1/W+1 (Max: Poor)/Wisdom\n") != std::string::npos);
}

TEST_CASE("fmt --bracket: the sample book's bare groups are bracketed, nothing else changes",
          "[format]") {
  test::TempDir temp("fmt-bracket");
  fs::path dir = copy_books(temp);
  std::string path = (dir / "book").string();
  json before = meaning_of(path);
  CHECK(before.dump().find("\"bracketed\":false") != std::string::npos);
  format_on_disk(path, true);
  json after = meaning_of(path);
  CHECK(after.dump().find("\"bracketed\":false") == std::string::npos);
  CHECK(after == every_group_bracketed(before));
  CHECK(format_on_disk(path, true).empty());
  CHECK(test::read_file((dir / "book/elders.tales").string())
            .find("leave. [D2/S1/W+1 (Max: Poor)/Wisdom]\n") != std::string::npos);
}

namespace {

// A book of one file with an untidy layout: blanks everywhere a writer might
// put them, bare and bracketed groups, trailing blanks, maybe no final newline.
struct Generator {
  std::mt19937 rng;
  explicit Generator(unsigned seed) : rng(seed) {}
  std::size_t pick(std::size_t n) {
    return std::uniform_int_distribution<std::size_t>(0, n - 1)(rng);
  }
  std::string blanks() {
    const char* b[] = {"", "", " ", "  ", "\t"};
    return b[pick(5)];
  }
  std::string line_end() { return std::string(pick(4) == 0 ? "  " : "") + "\n"; }
  std::string coded() {
    switch (pick(4)) {
    case 0:
      return "D" + blanks() + (pick(2) ? "-" : "") + blanks() + std::to_string(1 + pick(3));
    case 1:
      return "S" + blanks() + std::to_string(1 + pick(3));
    case 2:
      return "W" + blanks() + "+" + blanks() + "1";
    default: { // a gain has a Max, a loss a Min
      bool gain = pick(2);
      return "W" + blanks() + (gain ? "+" : "-") + blanks() + "2" + (pick(2) ? " " : "") + "(" +
             blanks() + (gain ? "Max" : "Min") + blanks() + ":" + blanks() + "Poor" + blanks() +
             ")";
    }
    }
  }
  std::string item() {
    const char* named[] = {"Trea*",         "Wisdom",       "Blessed",
                           "Lost (1 turn)", "Magic(1 use)", "Luck ( 7 or less )",
                           "Lose Piety",    "Q:S"};
    return pick(2) ? coded() : named[pick(8)];
  }
  std::string group(bool& bare) {
    std::string items = coded();
    for (std::size_t n = pick(3); n > 0; --n)
      items += blanks() + "/" + blanks() + item();
    bare = pick(3) == 0;
    if (bare) return items + (pick(2) ? blanks() + "." : "");
    return "[" + blanks() + items + blanks() + "]";
  }
  std::string book() {
    std::string s = "% a generated   book  " + blanks() + "\n";
    s += "@matrix H" + line_end();
    s += "Options:" + blanks() + "Grovel" + blanks() + "|" + blanks() + "Converse" + blanks() +
         "|" + blanks() + "Attack" + line_end();
    int next = 101;
    std::vector<int> cells;
    for (const char* row : {"Old", "Fierce", "Generous"}) {
      s += blanks() + row + blanks() + ":" + blanks();
      for (int c = 0; c < 3; ++c) {
        if (c) s += blanks() + "|" + blanks();
        std::size_t kind = pick(3);
        if (kind == 0) {
          s += std::to_string(next);
          cells.push_back(next);
          next += 3;
        } else {
          s += kind == 1 ? "NE" : (pick(2) ? "★" : "*");
        }
      }
      s += line_end();
    }
    s += "\n@1 chart" + line_end() + "Along  the  road." + line_end();
    const char* beings[] = {"Old Man",    "Fierce Wolf",  "Generous Widow",
                            "Old Hermit", "Fierce Ghoul", "Generous Caliph"};
    for (int i = 1; i <= 6; ++i)
      s += blanks() + std::to_string(i) + "." + blanks() + beings[i - 1] + blanks() + "(H)" +
           line_end();
    for (int cell : cells)
      for (int n = cell - 1; n <= cell + 1; ++n) {
        s += "\n@" + std::to_string(n) + line_end();
        s += "You  meet someone (1) on the road," + line_end() + "  as one does." + line_end();
        for (const char* heading : {"No Skill", "Wisdom", "Luck"}) {
          bool bare = false;
          std::string g = group(bare);
          if (bare && pick(2))
            s += std::string(heading) + ":" + blanks() + g + line_end();
          else
            s += std::string(heading) + ":" + blanks() + "You walk on." + (bare ? " " : blanks()) +
                 g + line_end();
        }
      }
    s += "\n@card city Basra" + line_end();
    for (int r = 1; r <= 6; ++r) {
      bool bare = false;
      std::string g;
      do
        g = group(bare);
      while (bare);
      s += std::to_string(r) + ":" + blanks() + g +
           (r % 2 ? " if any status, otherwise [S1]" : "") + line_end();
    }
    if (pick(2)) s.pop_back(); // no final newline
    return s;
  }
};

} // namespace

TEST_CASE("fmt: generated books keep their meaning and format once", "[format]") {
  for (unsigned seed = 1; seed <= 40; ++seed) {
    for (bool bracket : {false, true}) {
      std::string text = Generator(seed).book();
      INFO("seed " << seed << (bracket ? " --bracket" : "") << "\n" << text);
      talebook::Compilation original;
      test::compile(original, text);
      INFO(Catch::StringMaker<std::vector<std::string>>::convert(test::codes(original)));
      REQUIRE(original.diagnostics.errors() == 0);
      std::vector<f::FormattedFile> out;
      REQUIRE(f::format_book(original, original.sources, {1}, {bracket}, out).empty());
      const std::string& formatted = out.at(0).text;
      CHECK(out[0].changed);
      // Trailing blanks gone, one final newline.
      CHECK(formatted.find(" \n") == std::string::npos);
      CHECK(formatted.find("\t\n") == std::string::npos);
      CHECK(formatted.back() == '\n');
      CHECK(formatted.substr(formatted.size() - 2) != "\n\n");

      talebook::Compilation again;
      test::compile(again, formatted);
      REQUIRE(again.diagnostics.errors() == 0);
      json a = talebook::model_json(original.book, original.vocabulary);
      json b = talebook::model_json(again.book, again.vocabulary);
      CHECK((bracket ? every_group_bracketed(a) : a) == b);

      std::vector<f::FormattedFile> twice;
      REQUIRE(f::format_book(again, again.sources, {1}, {bracket}, twice).empty());
      CHECK(twice.at(0).text == formatted);
      CHECK_FALSE(twice[0].changed);
    }
  }
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
