// PO files as gettext users expect them: one fuzzy entry per changed source
// text with its previous msgid, notes and translator comments, stable contexts,
// and the real gettext tools (msgfmt, msgmerge) on what talec writes. gettext
// is installed by tools/setup.sh: these tests fail without it.
#include <catch2/catch.hpp>

#include <cstdlib>

#include "compiler/text/text.hpp"
#include "compiler/translate/po.hpp"
#include "tests/paths.hpp"
#include "tests/po_tools.hpp"
#include "tests/translation_fixture.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

using namespace translation_test;

namespace {

using po_test::entry;
using po_test::read;
using po_test::run;
using po_test::talec;

std::vector<std::string> fuzzy_contexts(const talebook::PoFile& po) {
  std::vector<std::string> out;
  for (const auto& e : po.entries)
    if (e.fuzzy()) out.push_back(e.context);
  return out;
}

// The river translation, reviewed once: its state keeps every unit's source text.
struct Reviewed : RiverBooks {
  explicit Reviewed(const std::string& name) : RiverBooks(name) {
    REQUIRE(talec({"review", zh, "--all"}) == 0);
  }
};

} // namespace

TEST_CASE("one edited sentence makes one entry fuzzy, with its previous msgid", "[po][gettext]") {
  Reviewed books("po-one-fuzzy");
  fs::path file = books.root / "zh.po";
  books.edit(books.source_tales(), "The otter steals your bread", "The otter steals your cheese");
  REQUIRE(talec({"po", "export", books.zh, "-o", file}) == 0);
  talebook::PoFile po = read(file);
  CHECK(fuzzy_contexts(po) == std::vector<std::string>{"@13"});
  CHECK(entry(po, "@13").previous_id == "The otter steals your bread and watches you from a rock.");
  CHECK(entry(po, "@13").id == "The otter steals your cheese and watches you from a rock.");
  CHECK(slurp(file).find("#| msgid \"The otter steals your bread") != std::string::npos);
  CHECK(entry(po, "@13 section 2").previous_id.empty());
  CHECK(run("msgfmt", {"--check", "--statistics", "-o", "/dev/null", file}) == 0);

  // msgmerge --previous, given the same change, marks the same entry with the same old text.
  fs::path old_po = books.root / "old.po", pot = books.root / "new.pot",
           merged = books.root / "merged.po";
  books.edit(books.source_tales(), "your cheese", "your bread");
  REQUIRE(talec({"po", "export", books.zh, "-o", old_po}) == 0);
  books.edit(books.source_tales(), "your bread and", "your cheese and");
  REQUIRE(talec({"po", "export", books.source, "-o", pot}) == 0);
  REQUIRE(run("msgmerge", {"--quiet", "--previous", "-o", merged, old_po, pot}) == 0);
  talebook::PoFile by_gettext = read(merged);
  CHECK(fuzzy_contexts(by_gettext) == fuzzy_contexts(po));
  CHECK(talebook::text::collapse_space(entry(by_gettext, "@13").previous_id) ==
        entry(po, "@13").previous_id);

  // What msgmerge wrote (its own line wrapping) imports as a no-op.
  std::string before = slurp(books.zh_tales());
  REQUIRE(talec({"po", "import", merged, books.zh}) == 0);
  CHECK(slurp(books.zh_tales()) == before);
}

TEST_CASE("renaming a heading makes its unit fuzzy, never orphaned", "[po][gettext]") {
  Reviewed books("po-heading");
  fs::path file = books.root / "zh.po";
  books.edit(books.source_tales(), "Seamanship: You take", "Wisdom: You take");
  REQUIRE(talec({"po", "export", books.zh, "-o", file}) == 0);
  talebook::PoFile po = read(file);
  CHECK(fuzzy_contexts(po) == std::vector<std::string>{"@10 section 2"});
  CHECK(entry(po, "@10 section 2").extracted.at(0) == "section 2 of paragraph 10, under 'Wisdom:'");
  CHECK(entry(po, "@10 section 2").extracted.at(1) == "awards [S1/D1]");
}

TEST_CASE("the PO header says plural forms and creation date", "[po][gettext]") {
  RiverBooks books("po-header");
  fs::path file = books.root / "zh.po", pot = books.root / "river.pot";
  REQUIRE(talec({"po", "export", books.zh, "-o", file}) == 0);
  // SOURCE_DATE_EPOCH makes the date reproducible.
  REQUIRE(run(test::talec_path(), {"po", "export", books.source, "-o", pot}, "/dev/null",
              test::with_env({{"SOURCE_DATE_EPOCH", "1764549300"}})) == 0);
  talebook::PoFile po = read(file);
  CHECK(po.header_field("Plural-Forms") == "nplurals=1; plural=0;");
  CHECK(po.header_field("POT-Creation-Date").size() == 21); // "2026-12-01 00:35+0000"
  CHECK(read(pot).header_field("Plural-Forms").empty());    // the translation's to say
  CHECK(read(pot).header_field("POT-Creation-Date") == "2025-12-01 00:35+0000");
  CHECK(entry(po, "@40").extracted.at(0) == "the prose of paragraph 40 (place 'Reed Palace')");
  CHECK(run("msgfmt", {"--check", "--statistics", "-o", "/dev/null", file}) == 0);
  CHECK(run("msgfmt", {"--check", "-o", "/dev/null", pot}) == 0);
}

TEST_CASE("translator comments survive import and export", "[po][gettext]") {
  Reviewed books("po-comments");
  fs::path file = books.root / "zh.po", again = books.root / "again.po";
  REQUIRE(talec({"po", "export", books.zh, "-o", file}) == 0);
  talebook::PoFile po = read(file);
  entry(po, "@12").comments = {"keep the song's rhyme"};
  spit(file, talebook::write_po(po));
  // Exported over itself, the comment stays.
  REQUIRE(talec({"po", "export", books.zh, "-o", file}) == 0);
  talebook::PoFile over = read(file);
  CHECK(entry(over, "@12").comments == std::vector<std::string>{"keep the song's rhyme"});
  // Imported, the translation keeps it, and a fresh export writes it again.
  REQUIRE(talec({"po", "import", file, books.zh}) == 0);
  REQUIRE(talec({"po", "export", books.zh, "-o", again}) == 0);
  talebook::PoFile fresh = read(again);
  CHECK(entry(fresh, "@12").comments == std::vector<std::string>{"keep the song's rhyme"});
  CHECK(entry(fresh, "@13").comments.empty());
}

TEST_CASE("an edit re-wrapped as Poedit writes it imports exactly", "[po][gettext]") {
  RiverBooks books("po-rewrap");
  fs::path file = books.root / "zh.po";
  REQUIRE(talec({"po", "export", books.zh, "-o", file}) == 0);
  std::string text = slurp(file);
  const std::string old_str = "msgstr \"摆渡人哼着一支关于河流源头的歌。\"\n";
  std::size_t at = text.find(old_str);
  REQUIRE(at != std::string::npos);
  // A long line broken into pieces at spaces and between characters, as PO editors wrap.
  text.replace(at, old_str.size(),
               "msgstr \"\"\n\"摆渡人哼着一支 \"\n\"关于河流\"\n\"源头的老歌。\"\n");
  spit(file, text);
  REQUIRE(talec({"po", "import", file, books.zh}) == 0);
  std::string tales = slurp(books.zh_tales());
  CHECK(tales.find("@10\n摆渡人哼着一支 关于河流源头的老歌。\n") != std::string::npos);
  CHECK(talec({"check", books.zh}) == 0);
}

TEST_CASE("a PO file's language matches through ICU locales", "[po][gettext]") {
  RiverBooks books("po-language");
  fs::path file = books.root / "zh.po", log = books.root / "log";
  REQUIRE(talec({"po", "export", books.zh, "-o", file}) == 0);
  talebook::PoFile po = read(file);
  for (const char* tag : {"zh", "zh_CN", "zh-Hans-CN", "zh-CN"}) {
    INFO(tag);
    for (auto& [key, value] : po.header)
      if (key == "Language") value = tag;
    spit(file, talebook::write_po(po));
    CHECK(talec({"po", "import", file, books.zh}) == 0);
  }
  for (const char* tag : {"zh_TW", "en", "ja"}) {
    INFO(tag);
    for (auto& [key, value] : po.header)
      if (key == "Language") value = tag;
    spit(file, talebook::write_po(po));
    CHECK(talec({"po", "import", file, books.zh}, log) == 1);
    CHECK(slurp(log).find("TB0141") != std::string::npos);
  }
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
