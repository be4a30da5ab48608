// Full-width forms of the code characters and case-folded names, through the parser.
#include <catch2/catch.hpp>

#include "compiler/driver/book_loader.hpp"
#include "compiler/translate/translation_mechanics.hpp"
#include "tests/paths.hpp"
#include "tests/translation_fixture.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

using namespace translation_test;

namespace {

// A one-file book in a temporary folder with a locale's vocabulary.
struct TinyBook {
  test::TempDir temp;
  fs::path dir;
  talebook::Compilation c;
  TinyBook(const std::string& name, const std::string& language, const std::string& tales)
      : temp(name), dir(temp.path) {
    nlohmann::json manifest = {
        {"title", name},
        {"language", language},
        {"vocabulary",
         (fs::path(test::source_dir()) / "locales" / language / "vocabulary.json").string()},
        {"sources", {"*.tales"}}};
    spit(dir / "book.json", manifest.dump());
    spit(dir / "a.tales", tales);
    REQUIRE(talebook::compile_book(dir.string(), c));
  }
  const talebook::Paragraph& paragraph(std::uint32_t number) const {
    for (const auto& p : c.book.paragraphs)
      if (p.number == number) return p;
    throw std::runtime_error("no paragraph " + std::to_string(number));
  }
  std::vector<std::string> codes() const {
    std::vector<std::string> out;
    for (const auto& d : c.diagnostics.all())
      out.push_back(talebook::info(d.code).code);
    return out;
  }
};

} // namespace

TEST_CASE("full-width code characters and case-folded headings in an English book", "[text]") {
  TinyBook book("fullwidth-en", "en",
                "＠１２ status Ｗｏｕｎｄｅｄ\n"
                "A cut that will not close (１３).\n"
                "ＮＯ　ＳＫＩＬＬ：Nothing happens. ［Ｓ１］\n"
                "COURTLY GRACES, wisdom: The sultan's physician sees you. ［Ｄ２／Ｓ１／Ｗ＋１ "
                "（Ｍａｘ： Ｒｉｃｈ）］\n"
                "Straße: not a heading, only prose.\n"
                "\n"
                "@13\n"
                "A second cut.\n"
                "No skill: Nothing. S1.\n");
  // `Straße:` stands after an award group: prose there is a lint (TB0321).
  CHECK(book.codes() == std::vector<std::string>{"TB0321"});
  const talebook::Paragraph& p = book.paragraph(12);
  talebook::Mechanics mechanics(book.c.book);
  CHECK(p.kind == talebook::ParagraphKind::Status);
  CHECK(p.name_id() == "wounded");
  CHECK(mechanics.refs(p) == "13");
  REQUIRE(p.sections.size() == 2);
  CHECK(mechanics.conditions(p.sections[0]) == "no_skill");
  CHECK(mechanics.award(p.sections[0].award()) == "S1");
  CHECK(mechanics.conditions(p.sections[1]) == "courtly_graces, wisdom");
  CHECK(mechanics.award(p.sections[1].award()) == "D2/S1/W+1 (max rich)");
  // Prose keeps what the writer typed.
  CHECK(p.prose.view().find("(１３)") != std::string::npos);
}

TEST_CASE("full-width code characters in a Chinese book", "[text]") {
  TinyBook book("fullwidth-zh", "zh",
                "＠１２\n"
                "渔夫在海边撒网，捞起了一只铜瓶（１３）。\n"
                "无技能：他把瓶子扔回海里。［Ｓ１］\n"
                "宫廷礼仪、智慧：他把瓶子献给了苏丹。［Ｄ２／Ｓ１／Ｗ＋１（最高：富有）］\n"
                "\n"
                "@13\n"
                "铜瓶里冒出一缕青烟。\n"
                "无技能：青烟散去。[S1]\n");
  CHECK(book.codes().empty());
  const talebook::Paragraph& p = book.paragraph(12);
  talebook::Mechanics mechanics(book.c.book);
  CHECK(mechanics.refs(p) == "13");
  REQUIRE(p.sections.size() == 2);
  CHECK(mechanics.conditions(p.sections[0]) == "no_skill");
  CHECK(mechanics.award(p.sections[0].award()) == "S1");
  CHECK(mechanics.conditions(p.sections[1]) == "courtly_graces, wisdom");
  CHECK(mechanics.award(p.sections[1].award()) == "D2/S1/W+1 (max rich)");
}

// docs/format.md: the bare 1985 form after sentence-final punctuation (a Chinese
// full stop too), with full-width digits and letters.
TEST_CASE("a bare full-width award after a Chinese full stop", "[text]") {
  TinyBook book("fullwidth-bare", "zh", "@13\n铜瓶里冒出一缕青烟。\n无技能：青烟散去。Ｓ１。\n");
  CHECK(book.codes().empty());
  REQUIRE(book.paragraph(13).sections.size() == 1);
  CHECK(talebook::Mechanics(book.c.book).award(book.paragraph(13).sections[0].award()) == "S1");
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
