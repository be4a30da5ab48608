// Import and review are safe: a msgstr that changes mechanics refuses the
// whole import and leaves every file byte for byte; review refuses a
// translation with errors, shows what changed and has a dry run.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <map>

#include <nlohmann/json.hpp>

#include "compiler/text/files.hpp"
#include "compiler/text/journal.hpp"
#include "compiler/translate/po.hpp"
#include "compiler/translate/po_mechanics.hpp"
#include "compiler/translate/word_diff.hpp"
#include "tests/paths.hpp"
#include "tests/translation_fixture.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

using namespace translation_test;

namespace {

int talec(const std::vector<std::string>& arguments, const fs::path& out = "/dev/null",
          const fs::path& err = "/dev/null") {
  test::Run r = test::talec(arguments);
  test::write_file(out, r.out);
  test::write_file(err, r.err);
  return r.exit;
}

// Every file of a folder and its bytes.
std::map<std::string, std::string> snapshot(const fs::path& folder) {
  std::map<std::string, std::string> out;
  for (const auto& file : fs::recursive_directory_iterator(folder))
    if (file.is_regular_file()) out[file.path().string()] = slurp(file.path());
  return out;
}

talebook::PoFile read(const fs::path& path) {
  talebook::PoFile po;
  talebook::PoError error;
  if (!talebook::read_po(slurp(path), po, error)) throw std::runtime_error(error.message);
  return po;
}

talebook::PoEntry& entry(talebook::PoFile& po, const std::string& context) {
  for (auto& e : po.entries)
    if (e.context == context) return e;
  throw std::runtime_error("no entry '" + context + "'");
}

// The sample book and its translations copied into `temp`, the Chinese one
// exported to `temp`/zh.po; the Chinese translation's folder.
fs::path exported_sample(const test::TempDir& temp) {
  fs::copy(fs::path(test::source_dir()) / "book", temp / "book", fs::copy_options::recursive);
  fs::copy(fs::path(test::source_dir()) / "locales", temp / "locales", fs::copy_options::recursive);
  const fs::path zh = temp / "locales" / "zh";
  REQUIRE(talec({"po", "export", zh, "-o", temp / "zh.po"}) == 0);
  return zh;
}

} // namespace

TEST_CASE("the mechanics of a text are read alike in both languages", "[po]") {
  using talebook::text_mechanics;
  CHECK(text_mechanics("singing of the otter (13).") == text_mechanics("唱着关于水獭的歌（13）。"));
  CHECK(text_mechanics("[S1/Go to 522]") == text_mechanics("［S1/前往522］"));
  CHECK(text_mechanics("[W+1 (Max: Rich)]") == text_mechanics("[W+1（最高：富有）]"));
  CHECK(talebook::mechanics_summary(text_mechanics("an Old Man (H) at @12 [S5/D5]")) ==
        "(H) @ D5 S5 []");
  CHECK(text_mechanics("Sorry, Wisdom 12 days") == std::vector<std::string>{});
  CHECK(text_mechanics("you win. D2/S1") == std::vector<std::string>{"D2", "S1"});
}

TEST_CASE("each unsafe import is refused with a code and leaves every file as it was", "[po]") {
  RiverBooks books("po-unsafe");
  fs::path file = books.root / "zh.po", out = books.root / "out", err = books.root / "err";
  REQUIRE(talec({"review", books.zh, "--all"}) == 0);
  REQUIRE(talec({"po", "export", books.zh, "-o", file}) == 0);
  const talebook::PoFile exported = read(file);
  const auto before = snapshot(books.zh);
  // Each text and the code the caret must stand under.
  const std::pair<const char*, const char*> unsafe[] = {
      {"摆渡人哼着歌。[S5/D5]", "[S5"},   // an award group
      {"摆渡人哼着歌。D5", "D5"},         // a bare award code
      {"摆渡人哼着歌（999）。", "（999"}, // a paragraph reference
      {"摆渡人哼着歌（H）。", "（H"},     // a matrix reference
      {"摆渡人哼着歌 @999", "@999"},      // a header
  };
  for (const auto& [text, code] : unsafe) {
    INFO(text);
    talebook::PoFile po = exported;
    entry(po, "@10").str = text;
    entry(po, "@14").str = "一个商贩要卖给你一张地图。"; // a fine edit: not written either
    spit(file, talebook::write_po(po));
    CHECK(talec({"po", "import", file, books.zh}, out, err) == 1);
    std::string shown = slurp(err);
    CHECK(shown.find("error[TB0140]") != std::string::npos);
    // At the msgstr's line of the PO file.
    std::string po_text = slurp(file);
    std::size_t at = po_text.find("msgstr \"" + std::string(text));
    REQUIRE(at != std::string::npos);
    auto line = 1 + std::count(po_text.begin(), po_text.begin() + long(at), '\n');
    // The column (in characters) of the code the translator typed.
    std::string before_code = po_text.substr(at, po_text.find(code, at) - at);
    auto column = 1 + std::count_if(before_code.begin(), before_code.end(), [](char c) {
                    return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
                  });
    CHECK(shown.find("zh.po:" + std::to_string(line) + ":" + std::to_string(column) +
                     ": error[TB0140]") != std::string::npos);
    CHECK(snapshot(books.zh) == before);
  }
  // The same entry moved back and forth keeps its mechanics: `（13）` stays.
  talebook::PoFile po = exported;
  entry(po, "@12").str = "一位老妇人唱着关于水獭（13）的歌，划船渡河向你而来。";
  spit(file, talebook::write_po(po));
  CHECK(talec({"po", "import", file, books.zh}) == 0);
  CHECK(slurp(books.zh_tales()).find("水獭（13）的歌") != std::string::npos);
}

TEST_CASE("TB0140's caret follows PO escapes and continuation lines to the code", "[po]") {
  RiverBooks books("po-caret");
  fs::path file = books.root / "zh.po", out = books.root / "out", err = books.root / "err";
  REQUIRE(talec({"po", "export", books.zh, "-o", file}) == 0);
  const talebook::PoFile exported = read(file);
  const auto before = snapshot(books.zh);
  auto shown_for = [&](const std::string& text) {
    talebook::PoFile po = exported;
    entry(po, "@10").str = text;
    spit(file, talebook::write_po(po));
    CHECK(talec({"po", "import", file, books.zh}, out, err) == 1);
    CHECK(snapshot(books.zh) == before);
    return slurp(err);
  };
  auto line_of = [&](const std::string& needle) {
    std::string po_text = slurp(file);
    std::size_t at = po_text.find(needle);
    REQUIRE(at != std::string::npos);
    return std::to_string(1 + std::count(po_text.begin(), po_text.begin() + long(at), '\n'));
  };
  // Escapes before the code: `msgstr "摆渡人\"哼着\"歌（999）。"`: 18 characters before `（`.
  std::string shown = shown_for("摆渡人\"哼着\"歌（999）。");
  CHECK(shown.find("zh.po:" + line_of("msgstr \"摆渡人") + ":19: error[TB0140]") !=
        std::string::npos);
  // On a continuation line: `"他说 [S5]"`, the group at column 5 of its own line.
  shown = shown_for("摆渡人\"哼着\"歌。\n他说 [S5]");
  CHECK(shown.find("zh.po:" + line_of("\"他说 [S5]\"") + ":5: error[TB0140]") != std::string::npos);
  // A code the source has but the msgstr lacks has no place: the msgstr keyword.
  talebook::PoFile po = exported;
  REQUIRE(entry(po, "@12").str.find("（13）") != std::string::npos);
  entry(po, "@12").str = "一位老妇人唱着歌。";
  spit(file, talebook::write_po(po));
  CHECK(talec({"po", "import", file, books.zh}, out, err) == 1);
  CHECK(slurp(err).find("zh.po:" + line_of("msgstr \"一位老妇人唱着歌。\"") +
                        ":1: error[TB0140]") != std::string::npos);
}

TEST_CASE("import writes all its files or none, and json output is one document", "[po]") {
  RiverBooks books("po-all-or-none");
  fs::path file = books.root / "zh.po", out = books.root / "out", err = books.root / "err";
  REQUIRE(talec({"review", books.zh, "--all"}) == 0);
  REQUIRE(talec({"po", "export", books.zh, "-o", file}) == 0);
  talebook::PoFile po = read(file);
  entry(po, "@10").str = "摆渡人哼着一支歌。";
  entry(po, "@10").comments = {"a comment the state file keeps"};
  spit(file, talebook::write_po(po));
  CHECK(talec({"po", "import", "--format", "json", file, books.zh}, out, err) == 0);
  nlohmann::json document;
  CHECK_NOTHROW(document = nlohmann::json::parse(slurp(out)));
  CHECK(slurp(books.zh_tales()).find("摆渡人哼着一支歌。") != std::string::npos);
  CHECK(slurp(books.zh / "translation-state.json").find("a comment the state file keeps") !=
        std::string::npos);

  // The book's files are checked before any is written (a folder is no file,
  // a link to nothing none either), and nothing is written then.
  fs::path a = books.root / "a.txt", b = books.root / "b.txt", folder = books.root / "folder";
  spit(a, "old");
  fs::create_directory(folder);
  CHECK_FALSE(talebook::commit_files(books.root.string(), "test",
                                     {{a.string(), "new"}, {folder.string(), "x"}})
                  .empty());
  CHECK(slurp(a) == "old");
  fs::path dangling = books.root / "dangling";
  fs::create_symlink(books.root / "nowhere" / "file", dangling);
  CHECK_FALSE(
      talebook::commit_files(books.root.string(), "test",
                             {{a.string(), "new"}, {b.string(), "new"}, {dangling.string(), "x"}})
          .empty());
  CHECK(slurp(a) == "old");
  CHECK_FALSE(fs::exists(b));
  CHECK_FALSE(talebook::write_interrupted(books.root.string()));
}

TEST_CASE("review refuses a translation with errors, and shows what changed", "[po][review]") {
  RiverBooks books("review-safe");
  fs::path out = books.root / "out", err = books.root / "err";
  fs::path state = books.zh / "translation-state.json";
  REQUIRE(talec({"review", books.zh, "--all"}) == 0);
  books.edit(books.source_tales(), "The otter steals your bread", "The otter steals your cheese");

  // A dry run shows the word diff and writes nothing.
  std::string state_text = slurp(state);
  CHECK(talec({"review", books.zh, "--paragraph", "13", "--dry-run"}, out) == 0);
  CHECK(slurp(out).find("@13: The otter steals your [-bread-]{+cheese+} and watches") !=
        std::string::npos);
  CHECK(slurp(state) == state_text);
  // So does the listing.
  CHECK(talec({"review", books.zh}, out) == 0);
  CHECK(slurp(out).find("stale: 13\n") != std::string::npos);
  CHECK(slurp(out).find("[-bread-]{+cheese+}") != std::string::npos);

  // A mechanics error (another award): exit 1, nothing marked.
  std::string zh = slurp(books.zh_tales());
  books.edit(books.zh_tales(), "你饿着肚子。[W-1", "你饿着肚子。[W-2");
  CHECK(talec({"review", books.zh, "--all"}, out, err) == 1);
  CHECK(slurp(err).find("TB0109") != std::string::npos);
  CHECK(slurp(state) == state_text);

  spit(books.zh_tales(), zh);
  CHECK(talec({"review", books.zh, "-p", "13"}, out) == 0);
  CHECK(slurp(state) != state_text);
  CHECK(talec({"review", books.zh}, out) == 0);
  CHECK(slurp(out) == "stale: none\nunreviewed: none\n");
}

TEST_CASE("a word diff follows ICU word boundaries", "[po][review]") {
  CHECK(talebook::word_diff("a red bird", "a blue bird", "en") == "a [-red-]{+blue+} bird");
  CHECK(talebook::word_diff("same", "same", "en") == "same");
  CHECK(talebook::word_diff("水獭偷走了你的面包", "水獭偷走了你的奶酪", "zh") ==
        "水獭偷走了你的[-面包-]{+奶酪+}");
}

TEST_CASE("an import that would break the translation is refused and writes nothing", "[po]") {
  // The sample book's Chinese translation: a msgstr with "\r\n" inside a chart
  // entry would split the chart (its second line names no row of matrix H).
  test::TempDir temp("po-breaks");
  const fs::path zh = exported_sample(temp), file = temp / "zh.po";
  fs::path out = temp / "out", err = temp / "err";
  talebook::PoFile po = read(file);
  entry(po, "@1 entry 1").str += "\r\n1. 巴士拉";
  spit(file, talebook::write_po(po));
  const auto before = snapshot(zh);
  CHECK(talec({"po", "import", file, zh}, out, err) == 1);
  const std::string shown = slurp(err);
  CHECK(shown.find("zh.po:1:1: error[TB0143]: the translation would have 1 new error") !=
        std::string::npos);
  CHECK(shown.find("error[TB0016]") != std::string::npos);
  CHECK(shown.find("nothing was written") != std::string::npos);
  CHECK(snapshot(zh) == before);
  CHECK(test::talec({"check", zh}).exit == 0);
}

TEST_CASE("an import that would make a section differ from its source is refused (zh)", "[po]") {
  // A quest's spaces written with a separator the book does not read as one
  // (`；`): one space where the source has four (TB0108, a translation finding
  // the translation does not have now).
  test::TempDir temp("po-differs");
  const fs::path zh = exported_sample(temp), file = temp / "zh.po";
  fs::path out = temp / "out", err = temp / "err";
  talebook::PoFile po = read(file);
  talebook::PoEntry& spaces = entry(po, "@710 section 1");
  REQUIRE(spaces.str.find("、") != std::string::npos);
  for (std::size_t at; (at = spaces.str.find("、")) != std::string::npos;)
    spaces.str.replace(at, std::string("、").size(), "；");
  spit(file, talebook::write_po(po));
  const auto before = snapshot(zh);
  CHECK(talec({"po", "import", file, zh}, out, err) == 1);
  const std::string shown = slurp(err);
  INFO(shown);
  CHECK(shown.find("error[TB0108]: section 1 of paragraph 710 has conditions 'spaces, space' but "
                   "its source has 'spaces, space, space, space, space'") != std::string::npos);
  CHECK(shown.find("error[TB0143]: the translation would have 1 new error") != std::string::npos);
  CHECK(snapshot(zh) == before);
  // With another of the book's list separators (，) the same spaces import.
  for (std::size_t at; (at = spaces.str.find("；")) != std::string::npos;)
    spaces.str.replace(at, std::string("；").size(), "，");
  spit(file, talebook::write_po(po));
  CHECK(talec({"po", "import", file, zh}, out, err) == 0);
  CHECK(test::talec({"check", zh}).exit == 0);
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
