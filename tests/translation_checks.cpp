// Structural translation checks: mechanics must be identical, only prose differs.
#include <catch2/catch.hpp>

#include "compiler/diagnostics/diagnostics.hpp"
#include "tests/translation_fixture.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

using namespace translation_test;
using Codes = std::multiset<std::string>;

TEST_CASE("the test translation checks clean against its source", "[translation]") {
  RiverBooks books("clean");
  talebook::Compilation c;
  Codes codes = check(books.zh, c);
  std::ostringstream shown;
  talebook::render_text(shown, c.sources, c.diagnostics.all(), {});
  INFO(shown.str());
  CHECK(c.diagnostics.all().empty());
}

TEST_CASE("a missing translation is a warning with the coverage", "[translation]") {
  RiverBooks books("untranslated");
  books.edit(books.zh_tales(), "@30 status 迷路\n你找不到路了。你失去下一次移动。\n", "");
  talebook::Compilation c;
  CHECK(check(books.zh, c) == Codes{"TB0102", "TB0103"});
  for (const auto& d : c.diagnostics.all()) {
    if (d.code == talebook::Code::untranslated_paragraph) {
      CHECK(d.message == "paragraph 30 is not translated");
      CHECK(c.sources.file(d.range.file).path().find("source") !=
            std::string::npos); // points at the source
    }
    if (d.code == talebook::Code::translation_coverage)
      CHECK(d.message == "the translation covers 10 of 11 source paragraphs (90%)");
  }
}

TEST_CASE("a paragraph the source does not have is an error", "[translation]") {
  RiverBooks books("extra");
  books.edit(books.zh_tales(), "@20 treasure", "@99\n多出来的一段。\n\n@20 treasure");
  CHECK(check(books.zh) == Codes{"TB0104"});
}

TEST_CASE("a different paragraph kind is an error naming both places", "[translation]") {
  RiverBooks books("kind");
  books.edit(books.zh_tales(), "@40 place 芦苇宫", "@40");
  talebook::Compilation c;
  Codes codes = check(books.zh, c);
  CHECK(codes.count("TB0105") == 1);
  for (const auto& d : c.diagnostics.all())
    if (d.code == talebook::Code::kind_differs) {
      CHECK(d.message == "paragraph 40 is of kind 'award' but its source is of kind 'place'");
      REQUIRE(d.notes.size() == 1);
      CHECK(d.notes[0].code == talebook::Code::source_paragraph);
      CHECK(d.notes[0].message == "source paragraph 40 is here");
      CHECK(c.sources.file(d.notes[0].range.file).path().find("source") != std::string::npos);
      CHECK(c.sources.text(d.notes[0].range).substr(0, 3) == "@40");
    }
}

TEST_CASE("a status paragraph about another status is an error", "[translation]") {
  RiverBooks books("status");
  books.edit(books.zh_tales(), "@30 status 迷路", "@30 status 受伤");
  CHECK(check(books.zh) == Codes{"TB0106"});
}

TEST_CASE("a missing section falls back, another number of sections is an error", "[translation]") {
  RiverBooks books("sections");
  books.edit(books.zh_tales(), "否则：她划船经过，看都没看你一眼。[S1]\n", "");
  CHECK(check(books.zh) == Codes{"TB0130"});
  RiverBooks more("sections-more");
  more.edit(more.zh_tales(), "否则：她划船经过，看都没看你一眼。[S1]\n",
            "否则：她划船经过，看都没看你一眼。[S1]\n否则：她又划了回来。[S1]\n");
  CHECK(check(more.zh) == Codes{"TB0107"});
}

TEST_CASE("different section conditions are an error", "[translation]") {
  RiverBooks books("conditions");
  books.edit(books.zh_tales(), "女性：她把你当成", "男性：她把你当成");
  CHECK(check(books.zh) == Codes{"TB0108"});
  RiverBooks order("conditions-mandatory");
  order.edit(order.zh_tales(), "疯狂（强制）：", "疯狂：");
  CHECK(check(order.zh) == Codes{"TB0108"});
}

TEST_CASE("a different award group is an error", "[translation]") {
  RiverBooks books("award");
  books.edit(books.zh_tales(), "大海。[S1/D1]", "大海。[S1/D2]");
  talebook::Compilation c;
  CHECK(check(books.zh, c) == Codes{"TB0109"});
  for (const auto& d : c.diagnostics.all())
    if (d.code == talebook::Code::award_differs) {
      CHECK(d.message == "section 2 of paragraph 10 awards 'D2/S1' but its source awards 'D1/S1'");
      REQUIRE(d.notes.size() == 1);
      CHECK(d.notes[0].code == talebook::Code::source_section);
    }
  // The order of the items is not mechanics.
  RiverBooks swapped("award-order");
  swapped.edit(swapped.zh_tales(), "大海。[S1/D1]", "大海。[D1/S1]");
  CHECK(check(swapped.zh).empty());
  // A treasure named in Chinese is the same treasure: it is compared by its paragraph.
  RiverBooks wrong("award-treasure");
  wrong.edit(wrong.zh_tales(), "[W+1（最高：富有）/前往 15]", "[W+1（最高：富有）/前往 14]");
  CHECK(check(wrong.zh).count("TB0109") == 1);
}

TEST_CASE("different paragraph references are an error", "[translation]") {
  RiverBooks books("refs");
  books.edit(books.zh_tales(), "关于水獭的歌（13）", "关于水獭的歌（14）");
  CHECK(check(books.zh) == Codes{"TB0110"});
}

TEST_CASE("different matrix references are an error", "[translation]") {
  RiverBooks books("matrix-refs");
  books.edit(books.zh_tales(), "蹲在石头上看着你。", "蹲在石头上看着你，像一只狡猾的水獭（K）。");
  CHECK(check(books.zh) == Codes{"TB0111"});
}

TEST_CASE("encounter charts must match entry by entry", "[translation]") {
  RiverBooks size("chart-size");
  size.edit(size.zh_tales(), "6. 潮湿的芦苇（L）\n", "");
  CHECK(check(size.zh).count("TB0112") == 1);
  RiverBooks letter("chart-entry");
  letter.edit(letter.zh_tales(), "6. 潮湿的芦苇（L）", "6. 狡猾的芦苇（K）");
  CHECK(check(letter.zh) == Codes{"TB0113"});
}

TEST_CASE("reaction matrices must match letter, options, rows and cells", "[translation]") {
  RiverBooks missing("matrix-missing");
  missing.edit(missing.zh_tales(), "@matrix L\nOptions: 查看 | 回避\n潮湿的：NE | NE\n", "");
  CHECK(check(missing.zh).count("TB0114") == 1);
  RiverBooks extra("matrix-extra");
  extra.edit(extra.zh_tales(), "@matrix L\n",
             "@matrix M\nOptions: 交谈\n年老的：NE\n\n@matrix L\n");
  CHECK(check(extra.zh) == Codes{"TB0115"});
  RiverBooks options("matrix-options");
  options.edit(options.zh_tales(), "Options: 查看 | 回避", "Options: 回避 | 查看");
  CHECK(check(options.zh) == Codes{"TB0116"});
  RiverBooks rows("matrix-rows");
  rows.edit(rows.zh_tales(), "潮湿的：NE | NE\n", "潮湿的：NE | NE\n干燥的：NE | NE\n");
  CHECK(check(rows.zh) == Codes{"TB0117"});
  RiverBooks cells("matrix-cells");
  cells.edit(cells.zh_tales(), "年老的：11 | ★ | NE", "年老的：11 | NE | ★");
  CHECK(check(cells.zh) == Codes{"TB0118"});
}

TEST_CASE("cards must match in number and mechanics", "[translation]") {
  RiverBooks count("card-count");
  count.edit(count.zh_tales(), "@card character 船夫（K）：1，1，1\n",
             "@card character 船夫（K）：1，1，1\n@card character 渔夫（K）：1，1，1\n");
  CHECK(check(count.zh) == Codes{"TB0119"});
  // A missing card falls back to the source's (tests/translation_fallback.cpp).
  RiverBooks fewer("card-fewer");
  fewer.edit(fewer.zh_tales(), "@card character 船夫（K）：1，1，1\n", "");
  CHECK(check(fewer.zh) == Codes{"TB0131"});
  RiverBooks city("card-city");
  city.edit(city.zh_tales(), "4：[迷路（1回合）]", "4：[迷路]");
  CHECK(check(city.zh) == Codes{"TB0120"});
  RiverBooks terrain("card-terrain");
  terrain.edit(terrain.zh_tales(), "海洋 1*，海岸 1", "海洋 1，海岸 1*");
  CHECK(check(terrain.zh) == Codes{"TB0120"});
}

TEST_CASE("the source book must be readable and should be clean", "[translation]") {
  RiverBooks unreadable("source-unreadable");
  unreadable.edit(unreadable.zh / "book.json", "../source/book.json", "../nowhere/book.json");
  CHECK(check(unreadable.zh) == Codes{"TB0100"});
  RiverBooks broken("source-errors");
  broken.edit(broken.source_tales(), "@20 treasure", "@10\nA second paragraph 10.\n\n@20 treasure");
  CHECK(check(broken.zh).count("TB0101") == 1);
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
