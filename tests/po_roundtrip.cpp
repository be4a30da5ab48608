// PO export and import on the river books: templates, fuzzy entries, the
// byte-identical round trip, exact span replacement and msgfmt --check.
#include <catch2/catch.hpp>

#include <cstdlib>

#include "compiler/translate/po.hpp"
#include "tests/paths.hpp"
#include "tests/translation_fixture.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

using namespace translation_test;

namespace {

int talec(const std::vector<std::string>& arguments, const fs::path& log = "/dev/null") {
  test::Run r = test::talec(arguments);
  test::write_file(log, r.err + r.out);
  return r.exit;
}

bool msgfmt_check(const fs::path& po) {
  return test::run("msgfmt", {"--check", "-o", "/dev/null", po}).exit == 0;
}

talebook::PoFile read(const fs::path& path) {
  talebook::PoFile po;
  talebook::PoError error;
  if (!talebook::read_po(slurp(path), po, error)) throw std::runtime_error(error.message);
  return po;
}

talebook::PoEntry* entry(talebook::PoFile& po, const std::string& context) {
  for (auto& e : po.entries)
    if (e.context == context) return &e;
  return nullptr;
}

} // namespace

TEST_CASE("a source book exports a PO template with prose only", "[po]") {
  RiverBooks books("po-template");
  fs::path pot = books.root / "river.pot";
  REQUIRE(talec({"po", "export", books.source.string(), "-o", pot.string()}) == 0);
  talebook::PoFile po = read(pot);
  CHECK(po.header_field("Content-Type") == "text/plain; charset=UTF-8");
  auto* prose = entry(po, "@10");
  REQUIRE(prose);
  CHECK(prose->id == "The ferryman hums a song about the river's source.");
  CHECK(prose->str.empty());
  auto* section = entry(po, "@10 section 2");
  REQUIRE(section);
  CHECK(section->id ==
        "You take the oars for him, and he tells you where the river bends toward the sea.");
  auto* two_lines = entry(po, "@13 section 2");
  REQUIRE(two_lines);
  CHECK(two_lines->id == "You trade it a bright button for the bread and a stone that "
                         "glitters.\nThe stone is a mirror.");
  // The context is the section's place; its heading is a `#.` note.
  REQUIRE(entry(po, "@11 section 2"));
  CHECK(entry(po, "@11 section 2")->extracted.at(0) ==
        "section 2 of paragraph 11, under 'Wisdom, Piety:'");
  CHECK(entry(po, "@15 section 2") != nullptr);
  CHECK(entry(po, "@50 section 1") != nullptr);
  for (const auto& e : po.entries) {
    INFO(e.context);
    CHECK(e.id.find('[') == std::string::npos);  // no award group
    CHECK(e.id.find("% ") == std::string::npos); // no comment
    CHECK(e.references.size() == 1);
  }
  // Beings, row adjectives and card names are text too.
  REQUIRE(entry(po, "@1 entry 6"));
  CHECK(entry(po, "@1 entry 6")->id == "Wet Reeds");
  REQUIRE(entry(po, "matrix K row 2"));
  CHECK(entry(po, "matrix K row 2")->id == "Sly");
  REQUIRE(entry(po, "card city 1"));
  CHECK(entry(po, "card city 1")->id == "Baghdad");
  REQUIRE(entry(po, "card terrain 1"));
  CHECK(entry(po, "card terrain 1")->id == "Reed Marsh");
  // The comment inside paragraph 11 is not part of its prose.
  CHECK(entry(po, "@11")->id ==
        "The heron stands on one leg and studies you, as if it knew your name.");
  TEST_REQUIRE_TOOL("msgfmt", "gettext");
  CHECK(msgfmt_check(pot));
}

TEST_CASE("a translation exports its text, fuzzy where stale", "[po]") {
  RiverBooks books("po-translation");
  fs::path file = books.root / "zh.po";
  REQUIRE(talec({"po", "export", books.zh.string(), "-o", file.string()}) == 0);
  talebook::PoFile po = read(file);
  CHECK(po.header_field("Language") == "zh");
  REQUIRE(entry(po, "@10"));
  CHECK(entry(po, "@10")->str == "摆渡人哼着一支关于河流源头的歌。");
  CHECK(entry(po, "@13 section 2")->str ==
        "你用一枚亮闪闪的纽扣换回了面包，还换来一块闪光的石头。\n那块石头是一面镜子。");
  for (const auto& e : po.entries) {
    INFO(e.context);
    CHECK_FALSE(e.str.empty());
    CHECK_FALSE(e.fuzzy());
    CHECK(e.references.size() == 2);
  }
  CHECK(msgfmt_check(file));

  // Exporting again over the file keeps the translator's header fields.
  for (auto& [key, value] : po.header)
    if (key == "Last-Translator") value = "Li Wei <li.wei@example.org>";
  spit(file, talebook::write_po(po));
  books.edit(books.source_tales(), "The otter steals your bread", "The otter steals your cheese");
  REQUIRE(talec({"po", "export", books.zh.string(), "-o", file.string()}) == 0);
  po = read(file);
  for (const auto& e : po.entries) {
    INFO(e.context);
    CHECK(e.fuzzy() ==
          (e.context.rfind("@13", 0) == 0)); // every unit of paragraph 13, and only those
  }
  CHECK(msgfmt_check(file));
}

TEST_CASE("export then import without edits changes nothing", "[po]") {
  RiverBooks books("po-identity");
  // CRLF line ends survive too.
  std::string lf = slurp(books.zh_tales()), crlf;
  for (char c : lf)
    crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
  for (const std::string& original : {lf, crlf}) {
    spit(books.zh_tales(), original);
    fs::path file = books.root / "zh.po";
    REQUIRE(talec({"po", "export", books.zh.string(), "-o", file.string()}) == 0);
    REQUIRE(talec({"po", "import", file.string(), books.zh.string()}) == 0);
    CHECK(slurp(books.zh_tales()) == original);
  }
}

TEST_CASE("import replaces exactly the translated spans", "[po]") {
  RiverBooks books("po-import");
  const std::string original = slurp(books.zh_tales());
  fs::path file = books.root / "zh.po";
  REQUIRE(talec({"po", "export", books.zh.string(), "-o", file.string()}) == 0);
  talebook::PoFile po = read(file);
  entry(po, "@11")->str = "一只苍鹭单腿而立，\n盯着你看。";
  entry(po, "@13 section 2")->str = "你拿纽扣换回了面包。\n"; // the "\n" is trimmed
  entry(po, "@12 section 2")->str = "她从你身旁划过。";
  entry(po, "@12 section 2")->flags = {"fuzzy"}; // left out
  spit(file, talebook::write_po(po));
  fs::path log = books.root / "import.log";
  REQUIRE(talec({"po", "import", file.string(), books.zh.string()}, log) == 0);
  CHECK(slurp(log).find("imported 2 changed") != std::string::npos);

  std::string expected = original;
  auto replace = [&](const std::string& from, const std::string& to) {
    std::size_t at = expected.find(from);
    REQUIRE(at != std::string::npos);
    expected.replace(at, from.size(), to);
  };
  replace("苍鹭单腿站着打量你，仿佛知道你的名字。", "一只苍鹭单腿而立，\n盯着你看。");
  replace("你用一枚亮闪闪的纽扣换回了面包，还换来一块闪光的石头。\n那块石头是一面镜子。",
          "你拿纽扣换回了面包。");
  CHECK(slurp(books.zh_tales()) == expected);
  CHECK(expected.find("% 苍鹭是任务（50）的守护者。") != std::string::npos); // the comment stayed
  // Mechanics are untouched: the translation still checks clean against its source.
  CHECK(check(books.zh).empty());
}

TEST_CASE("import renames a matrix row and its beings together", "[po]") {
  RiverBooks books("po-names");
  fs::path file = books.root / "zh.po";
  REQUIRE(talec({"po", "export", books.zh.string(), "-o", file.string()}) == 0);
  talebook::PoFile po = read(file);
  REQUIRE(entry(po, "matrix L row 1"));
  entry(po, "matrix L row 1")->str = "湿漉漉的";
  entry(po, "@1 entry 6")->str = "湿漉漉的芦苇";
  entry(po, "card character 1")->str = "老船夫";
  spit(file, talebook::write_po(po));
  REQUIRE(talec({"po", "import", file.string(), books.zh.string()}) == 0);
  std::string text = slurp(books.zh_tales());
  CHECK(text.find("\n6. 湿漉漉的芦苇（L）\n") != std::string::npos);
  CHECK(text.find("\n湿漉漉的：NE | NE\n") != std::string::npos);
  CHECK(text.find("@card character 老船夫（K）：1，1，1\n") != std::string::npos);
  CHECK(check(books.zh).empty());
}

TEST_CASE("import renames a space of the map and the routes that name it", "[po][map]") {
  test::TempDir temp("po-map");
  for (const char* folder : {"book", "locales"})
    fs::copy(fs::path(test::source_dir()) / folder, temp.path / folder,
             fs::copy_options::recursive);
  const fs::path zh = temp.path / "locales" / "zh", file = temp.path / "zh.po";
  REQUIRE(talec({"po", "export", zh.string(), "-o", file.string()}) == 0);
  talebook::PoFile po = read(file);
  talebook::PoEntry* mosul = entry(po, "space 2");
  REQUIRE(mosul);
  CHECK(mosul->id == "Mosul");
  CHECK(mosul->str == "摩苏尔");
  mosul->str = "毛夕里";
  spit(file, talebook::write_po(po));
  REQUIRE(talec({"po", "import", file.string(), zh.string()}) == 0);
  const std::string map = slurp(zh / "map.tales");
  CHECK(map.find("@space 毛夕里（城市）\n") != std::string::npos);
  CHECK(map.find("Land：毛夕里、巴士拉、叙利亚沙漠、扎格罗斯山脉\n") != std::string::npos);
  CHECK(map.find("摩苏尔") == std::string::npos);
  // The map still matches its source's; the quest that names the old word is warned of.
  CHECK(check(zh).empty());
  test::Run again = test::talec({"check", zh.string()});
  CHECK(again.exit == 0);
  CHECK(again.err.find("warning[TB0223]: quest space '摩苏尔' is not a space of the map") !=
        std::string::npos);
}

TEST_CASE("import renames a product of the Merchant Display and the cities that list it",
          "[po][display]") {
  test::TempDir temp("po-display");
  for (const char* folder : {"book", "locales"})
    fs::copy(fs::path(test::source_dir()) / folder, temp.path / folder,
             fs::copy_options::recursive);
  const fs::path zh = temp.path / "locales" / "zh", file = temp.path / "zh.po";
  REQUIRE(talec({"po", "export", zh.string(), "-o", file.string()}) == 0);
  talebook::PoFile po = read(file);
  talebook::PoEntry* pearls = entry(po, "product 1");
  REQUIRE(pearls);
  CHECK(pearls->id == "Pearls");
  CHECK(pearls->str == "珍珠");
  pearls->str = "明珠";
  spit(file, talebook::write_po(po));
  REQUIRE(talec({"po", "import", file.string(), zh.string()}) == 0);
  const std::string display = slurp(zh / "display.tales"), map = slurp(zh / "map.tales");
  CHECK(display.find("明珠 | . | 乳香") != std::string::npos);
  CHECK(map.find("Products：明珠、椰枣\n") != std::string::npos);
  CHECK(map.find("Products：乳香、香料、明珠\n") != std::string::npos);
  CHECK(map.find("珍珠") == std::string::npos);
  CHECK(check(zh).empty());
}

TEST_CASE("import writes text where the translation has none yet", "[po]") {
  RiverBooks books("po-insert");
  books.edit(books.zh_tales(), "@10\n摆渡人哼着一支关于河流源头的歌。\n", "@10\n");
  books.edit(books.zh_tales(), "无技能：你听着歌，付了船钱。[S1]", "无技能：[S1]");
  fs::path file = books.root / "zh.po";
  REQUIRE(talec({"po", "export", books.zh.string(), "-o", file.string()}) == 0);
  talebook::PoFile po = read(file);
  REQUIRE(entry(po, "@10"));
  CHECK(entry(po, "@10")->str.empty());
  CHECK(entry(po, "@10 section 1")->str.empty());
  entry(po, "@10")->str = "摆渡人哼着歌。";
  entry(po, "@10 section 1")->str = "你付了船钱。";
  spit(file, talebook::write_po(po));
  REQUIRE(talec({"po", "import", file.string(), books.zh.string()}) == 0);
  CHECK(slurp(books.zh_tales()).find("@10\n摆渡人哼着歌。\n无技能：你付了船钱。[S1]\n") !=
        std::string::npos);
  CHECK(check(books.zh).empty());
}

TEST_CASE("full-width comment lines stay out of the text and stay in the file", "[po]") {
  RiverBooks books("po-fullwidth-comment");
  books.edit(books.zh_tales(), "一个商贩要卖给你一张河中暗道的地图。\n",
             "一个商贩要卖给你一张河中暗道的地图。\n％ 商贩其实是水獭假扮的。\n");
  fs::path file = books.root / "zh.po";
  REQUIRE(talec({"po", "export", books.zh.string(), "-o", file.string()}) == 0);
  talebook::PoFile po = read(file);
  REQUIRE(entry(po, "@14"));
  CHECK(entry(po, "@14")->str == "一个商贩要卖给你一张河中暗道的地图。");
  entry(po, "@14")->str = "商贩要卖给你一张地图。";
  spit(file, talebook::write_po(po));
  REQUIRE(talec({"po", "import", file.string(), books.zh.string()}) == 0);
  CHECK(slurp(books.zh_tales()).find("@14\n商贩要卖给你一张地图。\n％ 商贩其实是水獭假扮的。\n") !=
        std::string::npos);
}

TEST_CASE("text after a section's award group is a unit of its own", "[po]") {
  RiverBooks books("po-after-award");
  books.edit(books.source_tales(), "gives you her blessing. [Blessed]\n",
             "gives you her blessing. [Blessed]\nShe sings on as she rows away.\n");
  books.edit(books.zh_tales(), "为你祝福。[受祝福]\n",
             "为你祝福。[受祝福]\n她一边划船离去，一边继续唱歌。\n");
  fs::path file = books.root / "zh.po";
  REQUIRE(talec({"po", "export", books.zh.string(), "-o", file.string()}) == 0);
  talebook::PoFile po = read(file);
  auto* after = entry(po, "@12 section 1 (after the award)");
  REQUIRE(after);
  CHECK(after->id == "She sings on as she rows away.");
  CHECK(after->str == "她一边划船离去，一边继续唱歌。");
  CHECK(entry(po, "@12 section 1")->str == "她把你当成了失散的女儿，为你祝福。");
  CHECK(after->fuzzy()); // the source paragraph changed: the translator reviews it
  after->str = "她划船离去。";
  after->flags.clear();
  spit(file, talebook::write_po(po));
  REQUIRE(talec({"po", "import", file.string(), books.zh.string()}) == 0);
  CHECK(slurp(books.zh_tales()).find("为你祝福。[受祝福]\n她划船离去。\n否则：") !=
        std::string::npos);
}

TEST_CASE("import reports malformed files, unknown and outdated entries", "[po]") {
  RiverBooks books("po-errors");
  fs::path file = books.root / "zh.po", log = books.root / "import.log";
  spit(file, "msgid \"\"\nmsgstr \"\"\n\nmsgctxt \"@10\"\nmsgid \"x\"\nmsgstr \"y\n");
  CHECK(talec({"po", "import", file.string(), books.zh.string()}, log) == 1);
  CHECK(slurp(log).find("TB0125") != std::string::npos);

  // A comment line inside the prose of @11: its text cannot be replaced.
  books.edit(books.zh_tales(), "站着打量你，仿佛", "站着打量你，\n% 一条注释\n仿佛");
  fs::remove(file); // an export never writes over a file that is not PO (tests/po_merge.cpp)
  REQUIRE(talec({"po", "export", books.zh.string(), "-o", file.string()}) == 0);
  talebook::PoFile po = read(file);
  entry(po, "@10")->id = "An older source text.";
  entry(po, "@10")->str = "更早的译文。";
  entry(po, "@11")->str = "苍鹭看着你。";
  talebook::PoEntry unknown;
  unknown.has_context = true;
  unknown.context = "@77";
  unknown.id = "No such paragraph.";
  unknown.str = "没有这一段。";
  po.entries.push_back(unknown);
  spit(file, talebook::write_po(po));
  CHECK(talec({"po", "import", file.string(), books.zh.string()}, log) == 0);
  std::string shown = slurp(log);
  CHECK(shown.find("TB0126") != std::string::npos);
  CHECK(shown.find("TB0127") != std::string::npos);
  CHECK(shown.find("note: comment lines stand inside this text: edit it by hand") !=
        std::string::npos);
  CHECK(slurp(books.zh_tales()).find("@10\n更早的译文。\n") != std::string::npos);
  CHECK(slurp(books.zh_tales()).find("苍鹭看着你。") == std::string::npos);

  // A PO file for another language is refused, with a code.
  po.header = {{"Language", "fr"}};
  spit(file, talebook::write_po(po));
  CHECK(talec({"po", "import", file.string(), books.zh.string()}, log) == 1);
  CHECK(slurp(log).find("TB0141") != std::string::npos);
}

namespace {

// The 1-based line of the PO file where the entry of `context` starts (its
// first comment line): the line after the blank line before its msgctxt.
long entry_line(const std::string& po_text, const std::string& context) {
  std::size_t at = po_text.find("msgctxt \"" + context + "\"\n");
  if (at == std::string::npos) return 0;
  std::size_t blank = po_text.rfind("\n\n", at);
  return 2 + std::count(po_text.begin(), po_text.begin() + long(blank) + 1, '\n');
}

} // namespace

TEST_CASE("a fuzzy entry is a warning at its PO line and is not imported", "[po]") {
  SECTION("Chinese") {
    RiverBooks books("po-fuzzy-zh");
    fs::path file = books.root / "zh.po";
    REQUIRE(talec({"review", books.zh.string(), "--all"}) == 0);
    REQUIRE(talec({"po", "export", books.zh.string(), "-o", file.string()}) == 0);
    talebook::PoFile po = read(file);
    REQUIRE(entry(po, "@12 section 2"));
    entry(po, "@12 section 2")->str = "她从你身旁划过。";
    entry(po, "@12 section 2")->flags = {"fuzzy"};
    const std::string written = talebook::write_po(po);
    spit(file, written);
    const std::string before = slurp(books.zh_tales());
    fs::path log = books.root / "import.log";
    CHECK(talec({"po", "import", file.string(), books.zh.string()}, log) == 0);
    const long line = entry_line(written, "@12 section 2");
    REQUIRE(line > 0);
    CHECK(written.find("#, fuzzy") != std::string::npos);
    CHECK(slurp(log).find("zh.po:" + std::to_string(line) +
                          ":1: warning[TB0142]: the PO entry '@12 section 2'") !=
          std::string::npos);
    CHECK(slurp(log).find("left out 1 fuzzy") != std::string::npos);
    CHECK(slurp(books.zh_tales()) == before);
    // A byte order mark before the file moves no line: the warning is where it was.
    spit(file, "\xEF\xBB\xBF" + written);
    CHECK(talec({"po", "import", file.string(), books.zh.string()}, log) == 0);
    CHECK(slurp(log).find("zh.po:" + std::to_string(line) +
                          ":1: warning[TB0142]: the PO entry '@12 section 2'") !=
          std::string::npos);
  }
  SECTION("Arabic") {
    test::TempDir temp("po-fuzzy-ar");
    fs::copy(fs::path(test::source_dir()) / "book", temp / "book", fs::copy_options::recursive);
    fs::copy(fs::path(test::source_dir()) / "locales", temp / "locales",
             fs::copy_options::recursive);
    fs::path ar = temp / "locales" / "ar", file = temp / "ar.po";
    REQUIRE(talec({"po", "export", ar.string(), "-o", file.string()}) == 0);
    talebook::PoFile po = read(file);
    talebook::PoEntry* translated = nullptr;
    for (auto& e : po.entries)
      if (!e.str.empty()) {
        translated = &e;
        break;
      }
    REQUIRE(translated);
    const std::string context = translated->context;
    translated->str = "نص لم يراجعه أحد بعد.";
    translated->flags = {"fuzzy"};
    // Every other fuzzy entry is left out too: count them.
    long fuzzy = 0;
    for (const auto& e : po.entries)
      fuzzy += e.fuzzy() && !e.str.empty();
    const std::string written = talebook::write_po(po);
    spit(file, written);
    std::map<std::string, std::string> before;
    for (const auto& f : fs::directory_iterator(ar))
      before[f.path().string()] = slurp(f.path());
    fs::path log = temp / "import.log";
    CHECK(talec({"po", "import", file.string(), ar.string()}, log) == 0);
    const std::string shown = slurp(log);
    CHECK(shown.find("ar.po:" + std::to_string(entry_line(written, context)) +
                     ":1: warning[TB0142]: the PO entry '" + context + "'") != std::string::npos);
    CHECK(shown.find("left out " + std::to_string(fuzzy) + " fuzzy") != std::string::npos);
    long warnings = 0;
    for (std::size_t at = shown.find("warning[TB0142]"); at != std::string::npos;
         at = shown.find("warning[TB0142]", at + 1))
      ++warnings;
    CHECK(warnings == fuzzy);
    for (const auto& [path, text] : before)
      CHECK(slurp(path) == text);
  }
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
