// The PO writer and reader on hand-built entries, checked by gettext's msgfmt.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include <unistd.h>

#include "compiler/diagnostics/diagnostics.hpp"
#include "compiler/diagnostics/messages.hpp"
#include "compiler/translate/po.hpp"
#include "tests/support.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

using namespace talebook;

namespace {

PoFile sample() {
  PoFile po;
  po.header_comments = {"A test file."};
  po.header = {{"Project-Id-Version", "Test"},
               {"PO-Revision-Date", "YEAR-MO-DA HO:MI+ZONE"},
               {"Last-Translator", "FULL NAME <EMAIL@ADDRESS>"},
               {"Language-Team", "zh"},
               {"Language", "zh"},
               {"MIME-Version", "1.0"},
               {"Content-Type", "text/plain; charset=UTF-8"},
               {"Content-Transfer-Encoding", "8bit"}};
  PoEntry one;
  one.has_context = true;
  one.context = "@12";
  one.id = "The fisherman says \"enough\".\nThe net is \\ torn.";
  one.str = "渔夫说：“够了。”\n网\\破了。";
  one.references = {"book/tales-1.tales:3", "locales/zh/tales-1.tales:3"};
  PoEntry two;
  two.has_context = true;
  two.context = "@12 section 1: no_skill";
  two.id = "He goes home.";
  two.str = "他回家了。";
  two.flags = {"fuzzy"};
  two.extracted = {"a note"};
  two.previous_id = "He goes \"home\" at last.";
  PoEntry three;
  three.has_context = true;
  three.context = "@13";
  three.id = "Untranslated\ttab.";
  po.entries = {one, two, three};
  return po;
}

} // namespace

TEST_CASE("PO files round-trip through the writer and the reader", "[po]") {
  PoFile po = sample();
  std::string text = write_po(po);
  CHECK(text.find("msgctxt \"@12\"\nmsgid \"\"\n\"The fisherman says \\\"enough\\\".\\n\"\n") !=
        std::string::npos);
  CHECK(text.find("#, fuzzy\n") != std::string::npos);
  CHECK(text.find("#, fuzzy\n#| msgid \"He goes \\\"home\\\" at last.\"\nmsgctxt") !=
        std::string::npos);

  PoFile back;
  PoError error;
  REQUIRE(read_po(text, back, error));
  CHECK(back.header == po.header);
  REQUIRE(back.entries.size() == 3);
  for (std::size_t i = 0; i < 3; ++i) {
    CHECK(back.entries[i].context == po.entries[i].context);
    CHECK(back.entries[i].id == po.entries[i].id);
    CHECK(back.entries[i].str == po.entries[i].str);
    CHECK(back.entries[i].references == po.entries[i].references);
    CHECK(back.entries[i].fuzzy() == po.entries[i].fuzzy());
    CHECK(back.entries[i].previous_id == po.entries[i].previous_id);
  }
  CHECK(back.entries[1].extracted == std::vector<std::string>{"a note"});
  CHECK(write_po(back) == text);
}

TEST_CASE("malformed PO files are rejected with a line", "[po]") {
  PoFile po;
  PoError error;
  CHECK_FALSE(read_po("msgid \"a\"\nmsgstr \"b\nmsgid \"c\"\nmsgstr \"\"\n", po, error));
  CHECK(error.line == 2);
  CHECK_FALSE(read_po("msgid \"a\"\n\nmsgid \"c\"\nmsgstr \"\"\n", po, error));
  CHECK(error.line == 3);
  CHECK_FALSE(read_po("msgstr \"x\"\n", po, error));
  CHECK_FALSE(read_po("msgid \"a\\q\"\nmsgstr \"\"\n", po, error));
  CHECK(error.message.find("escape") != std::string::npos);
  CHECK(read_po("# only a comment\n", po, error));
}

TEST_CASE("a malformed PO file's error is a kind and what it quotes, worded by each language "
          "(TB0125)",
          "[po]") {
  struct Case {
    const char* text;
    const char* kind;
    const char* subject;
    const char* english;
  };
  const Case cases[] = {
      {"msgid \"a\\q\"\nmsgstr \"\"\n", "unknown_escape", "\\q", "unknown escape '\\q'"},
      {"msgstr \"x\"\n", "msgstr_without_msgid", "", "msgstr without msgid"},
      {"msgid \"a\"\nmsgid \"b\"\nmsgstr \"\"\n", "second_msgid", "",
       "a second msgid in one entry"},
      {"msgid \"a\"\nmsgid_plural \"b\"\n", "plural_forms", "", "plural forms are not used"},
      {"msgid \"a\"\nmsgstr \"b\"\nbogus line\n", "unexpected", "bogus line",
       "unexpected 'bogus line'"},
      {"msgid a\nmsgstr \"\"\n", "not_quoted", "", "expected a quoted string"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.text);
    PoFile po;
    PoError error;
    REQUIRE_FALSE(read_po(c.text, po, error));
    CHECK(std::string(error.kind) == c.kind);
    CHECK(error.subject == c.subject);
    const auto* info = &talebook::info(talebook::Code::po_syntax);
    const std::vector<talebook::Arg> args = {talebook::arg::keyword(error.kind),
                                             talebook::arg::text(error.subject)};
    const std::string en = talebook::format_message(info->message, args, "en");
    CHECK(en.find(c.english) != std::string::npos);
    const std::string zh = talebook::format_message(
        talebook::message_pattern(talebook::Code::po_syntax, "zh"), args, "zh");
    CHECK(zh.find("PO 文件格式错误") == 0);
    CHECK(zh.find(c.kind) == std::string::npos); // worded, not the key
    if (*c.subject) CHECK(zh.find(c.subject) != std::string::npos);
  }
}

TEST_CASE("msgfmt --check accepts what the writer writes", "[po]") {
  // tools/setup.sh installs gettext: without it this test fails.
  TEST_REQUIRE_TOOL("msgfmt", "gettext");
  test::TempDir dir("po-format");
  auto path = dir / "sample.po";
  std::ofstream(path) << write_po(sample());
  const std::vector<std::string> command = {"--check", "-o", "/dev/null", path};
  CHECK(test::run("msgfmt", command).exit == 0);
  // And it is not a test that cannot fail: a broken file is refused.
  std::ofstream(path) << "msgid \"a\"\nmsgstr \"b\\n\"\n";
  CHECK(test::run("msgfmt", command).exit != 0);
}

TEST_CASE("a previous msgid wrapped over several lines is read whole", "[po]") {
  const std::string text = "msgid \"\"\nmsgstr \"Language: zh\\n\"\n\n"
                           "#, fuzzy\n"
                           "#| msgctxt \"@1\"\n"
                           "#| msgid \"\"\n"
                           "#| \"The otter steals \"\n"
                           "#| \"your bread.\"\n"
                           "msgctxt \"@1\"\n"
                           "msgid \"The otter steals your cheese.\"\n"
                           "msgstr \"水獭偷走了你的面包。\"\n";
  PoFile po;
  PoError error;
  REQUIRE(read_po(text, po, error));
  REQUIRE(po.entries.size() == 1);
  CHECK(po.entries[0].previous_id == "The otter steals your bread.");
  CHECK(po.entries[0].context == "@1");
  CHECK(po.entries[0].fuzzy());
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
