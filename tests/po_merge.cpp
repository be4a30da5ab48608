// PO files round trip as gettext's do: an export over an earlier PO file
// merges into it (msgmerge's rules), a filled entry of a fallback paragraph
// imports as a new paragraph of the translation, and msgcat and msgmerge
// leave what talec writes byte for byte. gettext is installed by
// tools/setup.sh: these tests fail without it.
#include <catch2/catch.hpp>

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

// Sets the msgstr of the entry `context` in the PO file `file`.
void fill(const fs::path& file, const std::map<std::string, std::string>& texts) {
  talebook::PoFile po = read(file);
  for (const auto& [context, text] : texts)
    entry(po, context).str = text;
  spit(file, talebook::write_po(po));
}

// msgcat and msgmerge (the file merged with itself) write `file` unchanged.
void gettext_keeps(const fs::path& file) {
  INFO(file.string());
  const fs::path by_msgcat = file.string() + ".msgcat", by_msgmerge = file.string() + ".msgmerge";
  REQUIRE(run("msgcat", {"-o", by_msgcat, file}) == 0);
  CHECK(slurp(by_msgcat) == slurp(file));
  REQUIRE(run("msgmerge", {"--quiet", "--previous", "--no-fuzzy-matching", "-o", by_msgmerge, file,
                           file}) == 0);
  CHECK(slurp(by_msgmerge) == slurp(file));
}

struct Reviewed : RiverBooks {
  explicit Reviewed(const std::string& name) : RiverBooks(name) {
    REQUIRE(talec({"review", zh, "--all"}) == 0);
  }
};

// The sample book and its translations, copied as they are laid out in the repository.
struct SampleBooks {
  test::TempDir temp;
  fs::path book, ar, zh;
  explicit SampleBooks(const std::string& name) : temp(name) {
    const fs::path repo = test::source_dir();
    fs::copy(repo / "book", temp.path / "book", fs::copy_options::recursive);
    fs::copy(repo / "locales", temp.path / "locales", fs::copy_options::recursive);
    book = temp.path / "book";
    ar = temp.path / "locales" / "ar";
    zh = temp.path / "locales" / "zh";
  }
};

} // namespace

TEST_CASE("an export over a PO file keeps its edits, and a changed source makes them fuzzy",
          "[po][gettext][merge]") {
  Reviewed books("po-merge");
  const fs::path file = books.root / "zh.po", log = books.root / "log";
  REQUIRE(talec({"po", "export", books.zh, "-o", file}) == 0);
  talebook::PoFile po = read(file);
  entry(po, "@12").str = "一位老妇人划船向你而来，唱着水獭（13）的歌。";
  entry(po, "@12").comments = {"keep the song"};
  entry(po, "@13").str = "水獭偷走了你的面包，坐在石头上看着你。";
  entry(po, "@13").flags = {"no-wrap"};
  // An entry of a unit the book does not have (any more): kept obsolete.
  talebook::PoEntry gone = entry(po, "@15");
  gone.context = "@99";
  gone.str = "一扇门。";
  po.entries.push_back(gone);
  spit(file, talebook::write_po(po));

  // The writer changes @13's source; the translator's file is exported again.
  books.edit(books.source_tales(), "The otter steals your bread", "The otter steals your cheese");
  REQUIRE(talec({"po", "export", books.zh, "-o", file}, log) == 0);
  CHECK(slurp(log).find("kept 2 translations") != std::string::npos);
  talebook::PoFile merged = read(file);
  CHECK(entry(merged, "@12").str == "一位老妇人划船向你而来，唱着水獭（13）的歌。");
  CHECK(entry(merged, "@12").comments == std::vector<std::string>{"keep the song"});
  CHECK_FALSE(entry(merged, "@12").fuzzy());
  CHECK(entry(merged, "@13").str == "水獭偷走了你的面包，坐在石头上看着你。");
  CHECK(entry(merged, "@13").flags == std::vector<std::string>{"fuzzy", "no-wrap"});
  CHECK(entry(merged, "@13").previous_id ==
        "The otter steals your bread and watches you from a rock.");
  CHECK(entry(merged, "@13").id == "The otter steals your cheese and watches you from a rock.");
  CHECK(slurp(file).find("#| msgid \"The otter steals your bread") != std::string::npos);
  REQUIRE(merged.obsolete.size() == 1);
  CHECK(merged.obsolete[0].context == "@99");
  CHECK(slurp(file).find("#~ msgctxt \"@99\"\n#~ msgid") != std::string::npos);
  // Untouched entries are the translation's text.
  CHECK(entry(merged, "@10").str == "摆渡人哼着一支关于河流源头的歌。");
  gettext_keeps(file);

  // Exported again, nothing changes; imported, the edit is written and the fuzzy one is not.
  const std::string before = slurp(file);
  REQUIRE(talec({"po", "export", books.zh, "-o", file}) == 0);
  CHECK(slurp(file) == before);
  REQUIRE(talec({"po", "import", file, books.zh}, log) == 0);
  CHECK(slurp(log).find("TB0142") != std::string::npos);
  const std::string tales = slurp(books.zh_tales());
  CHECK(tales.find("@12\n一位老妇人划船向你而来，唱着水獭（13）的歌。\n") != std::string::npos);
  CHECK(tales.find("蹲在石头上看着你") != std::string::npos);
  CHECK(talec({"check", books.zh}) == 0);
}

TEST_CASE("msgcat and msgmerge leave talec's PO files byte for byte", "[po][gettext][merge]") {
  SampleBooks books("po-msgcat");
  for (const fs::path& book : {books.zh, books.ar, books.book}) {
    const fs::path file = books.temp.path / (book.filename().string() + ".po");
    const fs::path log = books.temp.path / "log";
    INFO(book.string());
    INFO(talec({"po", "export", book, "-o", file}, log));
    INFO(slurp(log));
    REQUIRE(slurp(log).empty());
    gettext_keeps(file);
  }
  // `#:` paths are relative to the book, wherever talec runs.
  const std::string zh = slurp(books.temp.path / "zh.po");
  CHECK(zh.find("#: ../../book/charts.tales:5 charts.tales:5\n") != std::string::npos);

  // What is hard to write: long words, escapes, CJK and Arabic at the page's edge, a file
  // name with a space, previous contexts, obsolete entries.
  talebook::PoFile po;
  po.header = {{"Content-Type", "text/plain; charset=UTF-8"},
               {"Plural-Forms", "nplurals=6; plural=(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 "
                                "&& n%100<=10 ? 3 : n%100>=11 ? 4 : 5);"}};
  const std::vector<std::string> texts = {
      std::string(100, 'x') + " end",
      "Tabs\tand \"quotes\" and a \\ backslash, then a line\nand another line\n",
      "A line that ends just at the edge of the page: it has a closing quote at col 78.",
      "你的跪拜如此优雅，这位曾经侍奉过哈里发的老人给你写了一封推荐信，让你带往宫廷。"
      "“很久以前，我也是个像你一样的商人，”老人说。",
      "يتحدث الماكر عن كنز مخبأ بين الصخور خارج المدينة، ويقول إن الكنز ينتظر من يجرؤ على "
      "البحث عنه؟ نعم.",
      "Bell\a, backspace\b, form feed\f, vertical tab\v, carriage return\r.",
      "Trailing spaces at a break                                                          x",
      "\n\nStarts with blank lines and ends with one\n\n"};
  for (std::size_t i = 0; i < texts.size(); ++i) {
    talebook::PoEntry e;
    e.has_context = true;
    e.context = "@" + std::to_string(i + 1);
    e.id = texts[i];
    e.str = i % 2 ? texts[i] : "";
    e.comments = {"a translator's note", ""};
    e.extracted = {"the prose of paragraph " + std::to_string(i + 1), ""};
    e.references = {"../../book/my book.tales:" + std::to_string(i), "a/b/c/d/e/f/g.tales:1",
                    "a/b/c/d/e/f/h.tales:2", "a/b/c/d/e/f/i.tales:3"};
    if (i % 2) {
      e.flags = {"fuzzy"};
      e.has_previous_context = true;
      e.previous_context = "@" + std::to_string(i + 1) + " section 1";
      e.previous_id = texts[(i + 1) % texts.size()];
    }
    po.entries.push_back(e);
  }
  talebook::PoEntry obsolete = po.entries[1];
  obsolete.context = "@99";
  obsolete.extracted.clear();
  obsolete.references.clear();
  po.obsolete.push_back(obsolete);
  const fs::path file = books.temp.path / "hard.po";
  spit(file, talebook::write_po(po));
  REQUIRE(run("msgcat", {"-o", file.string() + ".msgcat", file}) == 0);
  CHECK(slurp(file.string() + ".msgcat") == slurp(file));
  // Read back, every string is what was written.
  talebook::PoFile back = read(file);
  REQUIRE(back.entries.size() == po.entries.size());
  for (std::size_t i = 0; i < po.entries.size(); ++i) {
    INFO(i);
    CHECK(back.entries[i].id == po.entries[i].id);
    CHECK(back.entries[i].str == po.entries[i].str);
    CHECK(back.entries[i].previous_id == po.entries[i].previous_id);
    CHECK(back.entries[i].previous_context == po.entries[i].previous_context);
    CHECK(back.entries[i].references == po.entries[i].references);
  }
  REQUIRE(back.obsolete.size() == 1);
  CHECK(back.obsolete[0].str == obsolete.str);
  CHECK(back.obsolete[0].previous_context == obsolete.previous_context);
}

TEST_CASE("po: octal and hexadecimal escapes read as gettext reads them", "[po][gettext]") {
  talebook::PoFile po;
  talebook::PoError error;
  REQUIRE(talebook::read_po("msgid \"\"\nmsgstr \"\"\n\nmsgctxt \"@1\"\nmsgid \"a\\101\\x42\\0\"\n"
                            "msgstr \"\\x4a\\x4B\\1234\"\n",
                            po, error));
  REQUIRE(po.entries.size() == 1);
  CHECK(po.entries[0].id == std::string("aAB\0", 4));
  CHECK(po.entries[0].str == "JKS4");
  CHECK_FALSE(talebook::read_po("msgid \"\"\nmsgstr \"\\xg\"\n", po, error));
  CHECK(std::string(error.kind) == "unknown_escape");
}

TEST_CASE("a filled entry of a fallback paragraph imports it where the source has it (zh)",
          "[po][gettext][fallback]") {
  RiverBooks books("po-fill-zh");
  // A section of an award group alone, right after its heading.
  books.edit(books.source_tales(), "[W+1 (Max: Rich)/Go to 15]\n",
             "[W+1 (Max: Rich)/Go to 15]\nPiety: [S1]\n");
  // The translation has no @14 yet: it falls back to the source's.
  std::string tales = slurp(books.zh_tales());
  const std::size_t begin = tales.find("@14\n"), end = tales.find("@15\n");
  REQUIRE(begin != std::string::npos);
  tales.erase(begin, end - begin);
  spit(books.zh_tales(), tales);
  const fs::path file = books.root / "zh.po", log = books.root / "log";
  REQUIRE(talec({"po", "export", books.zh, "-o", file}) == 0);
  talebook::PoFile po = read(file);
  CHECK(entry(po, "@14").str.empty());
  CHECK(entry(po, "@14 section 1").str.empty());
  fill(file, {{"@14", "一个商贩要卖给你一张河中暗道的地图。"},
              {"@14 section 1", "地图是假的。"},
              {"@14 section 2", "你只付了一半的价钱，地图却是真的。"}});
  REQUIRE(talec({"po", "import", file, books.zh}, log) == 0);
  INFO(slurp(log));
  CHECK(slurp(log).find("TB0126") == std::string::npos);
  CHECK(slurp(log).find("wrote 1 paragraph that fell back to the source (@14)") !=
        std::string::npos);
  tales = slurp(books.zh_tales());
  // Between @13 and @15, as in the source, headings and awards in the translation's words and
  // its full-width punctuation (`无技能：`, `（最高：富有）`, no blank before an award group).
  const std::size_t at =
      tales.find("\n\n@14\n一个商贩要卖给你一张河中暗道的地图。\n"
                 "无技能：地图是假的。[W-1/迷路（1回合）]\n"
                 "讨价还价：你只付了一半的价钱，地图却是真的。[W+1（最高：富有）/前往 15]\n"
                 "虔诚：[S1]\n"
                 "\n@15\n");
  INFO(tales.substr(tales.find("@14\n"), 300));
  CHECK(at != std::string::npos);
  CHECK(tales.find("@13\n") < at);
  CHECK(talec({"check", books.zh}, log) == 0);
  CHECK(slurp(log).find("TB0102") == std::string::npos); // no fallback left
  // Exported again, the entries are the translation's.
  REQUIRE(talec({"po", "export", books.zh, "-o", books.root / "again.po"}) == 0);
  talebook::PoFile again = read(books.root / "again.po");
  CHECK(entry(again, "@14 section 1").str == "地图是假的。");
  CHECK(entry(again, "@14 section 1").references.size() == 2);
}

TEST_CASE("filled entries of fallback paragraphs import into the Arabic translation's files",
          "[po][gettext][fallback]") {
  SampleBooks books("po-fill-ar");
  const fs::path file = books.temp.path / "ar.po", log = books.temp.path / "log";
  REQUIRE(talec({"po", "export", books.ar, "-o", file}) == 0);
  REQUIRE_FALSE(fs::exists(books.ar / "rogues.tales"));
  const std::string storms = slurp(books.ar / "storms.tales");
  // @611 is in book/rogues.tales, which the translation does not have; @503 in storms.tales.
  fill(file, {{"@611", "يتحدث الماكر عن كنز مخبأ بين الصخور خارج المدينة."},
              {"@611 section 1", "تتبع الإرشادات."},
              {"@503", "تهدأ الريح قليلا."},
              // The Arabic vocabulary has no word for the award `Master`: @634 is not written.
              {"@634", "تفر إلى التلال."}});
  REQUIRE(talec({"po", "import", file, books.ar}, log) == 0);
  INFO(slurp(log));
  CHECK(slurp(log).find("TB0126") == std::string::npos);
  CHECK(slurp(log).find("warning[TB0090]: paragraph 634 is not written into the translation: "
                        "its vocabulary has no word for 'Master'") != std::string::npos);
  CHECK_FALSE(fs::exists(books.ar / "foes.tales"));
  CHECK(slurp(log).find("wrote 2 paragraphs that fell back to the source") != std::string::npos);
  CHECK(slurp(log).find("in 1 new file") != std::string::npos);
  const std::string rogues = slurp(books.ar / "rogues.tales");
  CHECK(rogues.rfind("@611\nيتحدث الماكر عن كنز مخبأ بين الصخور خارج المدينة.\n"
                     "بلا مهارة: تتبع الإرشادات. [",
                     0) == 0);
  // Appended to storms.tales, after its last paragraph; the rest of the file as it was.
  const std::string now = slurp(books.ar / "storms.tales");
  CHECK(now.rfind(storms, 0) == 0);
  CHECK(now.find("\n@503\nتهدأ الريح قليلا.\n", storms.size() - 1) != std::string::npos);
  CHECK(talec({"check", books.ar}) == 0);
  // Exported again, the filled units are the translation's, the others still empty.
  REQUIRE(talec({"po", "export", books.ar, "-o", file}) == 0);
  talebook::PoFile again = read(file);
  CHECK(entry(again, "@611 section 1").str == "تتبع الإرشادات.");
  CHECK(entry(again, "@611 section 1").references.at(1) == "rogues.tales:3");
}

TEST_CASE("a filled fallback quest imports only with the translation's names (ar)",
          "[po][gettext][fallback]") {
  // @710 is a quest of book/quests.tales, which the Arabic translation lacks.
  SampleBooks books("po-fill-ar-quest");
  const fs::path file = books.temp.path / "ar.po", log = books.temp.path / "log";
  REQUIRE(talec({"po", "export", books.ar, "-o", file}) == 0);
  const std::map<std::string, std::string> quest = {
      {"@710", "حلم سلطان بغداد بلؤلؤة في خزانة ملك البحر."},
      {"@710 section 1", "البصرة، عدن، سرنديب، زنجبار"},
      {"@710 section 3", "لا يكلمك رسول أهل البحر."},
      {"@710 section 4", "يدلك الرسول على من يعرف الطريق."},
      {"@710 section 5", "يعطيك ملك البحر اللؤلؤة."}};
  // Its modifiers name a skill and a status in the source's words: the quest
  // would not mean its source (TB0108), so nothing is written.
  std::map<std::string, std::string> english = quest;
  english["@710 section 2"] = "+1 for each additional quest card; +1 if you have Seamanship; "
                              "-1 if you are Lost";
  fill(file, english);
  CHECK(talec({"po", "import", file, books.ar}, log) == 1);
  CHECK(slurp(log).find("error[TB0108]: section 2 of paragraph 710") != std::string::npos);
  CHECK(slurp(log).find("error[TB0143]") != std::string::npos);
  CHECK_FALSE(fs::exists(books.ar / "quests.tales"));
  // With --format json, one document on stdout holds the PO file's warnings and
  // the errors of the translation as the import would leave it.
  const test::Run json =
      test::talec({"po", "import", "--format", "json", file.string(), books.ar.string()});
  CHECK(json.exit == 1);
  nlohmann::json document;
  REQUIRE_NOTHROW(document = nlohmann::json::parse(json.out));
  std::vector<std::string> errors;
  for (const auto& d : document["diagnostics"])
    if (d["severity"] == "error")
      errors.push_back(d["code"].get<std::string>() + " " + d["file"].get<std::string>());
  CHECK(errors == std::vector<std::string>{"TB0108 " + (books.ar / "quests.tales").string(),
                                           "TB0143 " + file.string()});
  // In the translation's words (الملاحة, تائه) and its separators (، ؛) it imports.
  std::map<std::string, std::string> arabic = quest;
  arabic["@710 section 2"] = "+1 لكل بطاقة مهمة إضافية؛ +1 إن كانت لديك الملاحة؛ -1 إن كنت تائه";
  fill(file, arabic);
  CHECK(talec({"po", "import", file, books.ar}, log) == 0);
  INFO(slurp(log));
  const std::string quests = slurp(books.ar / "quests.tales");
  CHECK(quests.find("\nالخانات: البصرة، عدن، سرنديب، زنجبار\n") != std::string::npos);
  CHECK(talec({"check", books.ar}, log) == 0);
  CHECK(slurp(log).find("TB0108") == std::string::npos);
}

TEST_CASE("filled entries of fallback matrices and cards import into the translation (ar)",
          "[po][gettext][fallback]") {
  // The Arabic translation has no matrices.tales nor cards.tales: every matrix
  // and card falls back, and each is exported as empty entries.
  SampleBooks books("po-fill-ar-blocks");
  const fs::path file = books.temp.path / "ar.po", log = books.temp.path / "log";
  REQUIRE(talec({"po", "export", books.ar, "-o", file}) == 0);
  fill(file, {{"matrix G row 1", "رهيب"},
              {"matrix G row 2", "لطيف"},
              {"card character 1", "الصياد"},
              {"card terrain 1", "بيضة الرخ"},
              {"card city 1", "البصرة"}});
  REQUIRE(talec({"po", "import", file, books.ar}, log) == 0);
  INFO(slurp(log));
  CHECK(slurp(log).find("TB0126") == std::string::npos);
  CHECK(slurp(log).find("wrote 4 matrices and cards that fell back to the source (card character "
                        "1, card terrain 1, card city 1, matrix G), in 2 new files") !=
        std::string::npos);
  // As the source writes them, the filled names in place and the mechanics in
  // the translation's words (options, terrains, award groups); rows left empty
  // keep the source's adjective.
  const std::string matrices = slurp(books.ar / "matrices.tales");
  CHECK(matrices.rfind("@matrix G\nOptions: اطلب الهداية | انتظر النجدة | استغث | تفحص المكان | "
                       "انطلق | اختبئ بأمان\nرهيب: 507 | ★ | 504 | 501 | ★ | ★\nلطيف: NE |",
                       0) == 0);
  CHECK(matrices.find("\nShimmering: 519 |") != std::string::npos);
  CHECK(matrices.find("@matrix H") == std::string::npos); // not filled: still the source's
  const std::string cards = slurp(books.ar / "cards.tales");
  CHECK(cards.find("@card character الصياد (H): 1, 4, 3\n") != std::string::npos);
  CHECK(cards.find("@card terrain بيضة الرخ: جبل 4*, بحر 1, صحراء 2,") != std::string::npos);
  // The quest half as the source writes it: once the card is the translation's, its being
  // is a PO unit of its own ("card city 1 quest").
  CHECK(cards.find("@card city البصرة\nQuest: Old Sailor (710)\n1: [W-1]\n") != std::string::npos);
  CHECK(cards.find("[W+1 (الأقصى: غني) إن كنت تاجرا]") != std::string::npos);
  CHECK(talec({"check", books.ar}, log) == 0);
  CHECK(slurp(log).find("character card 'Fisherman' is not translated") == std::string::npos);
  CHECK(slurp(log).find("character card 'Dervish' is not translated") != std::string::npos);
  // Exported again, the filled units are the translation's.
  REQUIRE(talec({"po", "export", books.ar, "-o", file}) == 0);
  talebook::PoFile again = read(file);
  CHECK(entry(again, "matrix G row 1").str == "رهيب");
  CHECK(entry(again, "card city 1").str == "البصرة");
  CHECK(entry(again, "card city 2").str.empty());
}

TEST_CASE("a filled fallback matrix is appended to the translation's own file (zh)",
          "[po][gettext][fallback]") {
  SampleBooks books("po-fill-zh-matrix");
  const fs::path file = books.temp.path / "zh.po", log = books.temp.path / "log";
  // Matrix H taken out of the Chinese matrices.tales: it falls back.
  const fs::path matrices = books.zh / "matrices.tales";
  const std::string text = slurp(matrices);
  const std::size_t h = text.find("@matrix H");
  REQUIRE(h != std::string::npos);
  spit(matrices, text.substr(0, h));
  REQUIRE(talec({"po", "export", books.zh, "-o", file}) == 0);
  fill(file, {{"matrix H row 1", "年老的"},
              {"matrix H row 2", "狡猾的"},
              {"matrix H row 3", "慷慨的"},
              {"matrix H row 4", "凶猛的"}});
  REQUIRE(talec({"po", "import", file, books.zh}, log) == 0);
  INFO(slurp(log));
  const std::string now = slurp(matrices);
  CHECK(now.rfind(text.substr(0, h), 0) == 0);
  CHECK(now.find(
            "@matrix H\nOptions: 卑躬屈膝 | 交谈 | 诓骗 | 讲价(wares) | 攻击 | 逃跑 | 回避 | 求爱\n"
            "年老的: 601 | 604 |") != std::string::npos);
  CHECK(talec({"check", books.zh}, log) == 0);
  CHECK(slurp(log).find("reaction matrix 'H'") == std::string::npos);
}

TEST_CASE("a city card's quest half is translated through the PO file (zh)", "[po][gettext]") {
  SampleBooks books("po-quest-half");
  const fs::path file = books.temp.path / "zh.po", log = books.temp.path / "log";
  REQUIRE(talec({"po", "export", books.zh, "-o", file}) == 0);
  // Its being is a unit of its own, translated in the Chinese book.
  talebook::PoFile exported = read(file);
  CHECK(entry(exported, "card city 1 quest").id == "Old Sailor");
  CHECK(entry(exported, "card city 1 quest").str == "年老的水手");
  fill(file, {{"card city 1 quest", "老水手"}});
  REQUIRE(talec({"po", "import", file, books.zh}, log) == 0);
  INFO(slurp(log));
  CHECK(slurp(books.zh / "cards.tales").find("Quest: 老水手（710）\n") != std::string::npos);
  CHECK(talec({"check", books.zh}, log) == 0);
}

TEST_CASE("an export never replaces a file it cannot merge into", "[po][gettext][merge]") {
  RiverBooks books("po-merge-refused");
  const fs::path file = books.root / "zh.po", log = books.root / "log";
  REQUIRE(talec({"po", "export", books.zh, "-o", file}) == 0);
  // A hand edit broke the file (an unescaped quote): the translator's work is in it.
  std::string broken = slurp(file);
  broken.replace(broken.find("msgstr \"摆渡人"), 12, "msgstr \"\"摆渡人");
  spit(file, broken);
  CHECK(talec({"po", "export", books.zh, "-o", file}, log) == 1);
  CHECK(slurp(log).find("error[TB0125]: malformed PO file") != std::string::npos);
  CHECK(slurp(log).find("is not written over") != std::string::npos);
  CHECK(slurp(file) == broken);
  // Not a PO file at all: left alone too.
  spit(file, "notes for the translator\n");
  CHECK(talec({"po", "export", books.zh, "-o", file}, log) == 1);
  CHECK(slurp(file) == "notes for the translator\n");
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
