// ICU text handling: case folding, full-width folding, widths, words.
#include <catch2/catch.hpp>

#include "compiler/text/text.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

using namespace talebook;

TEST_CASE("names match by Unicode case folding, not ASCII tolower", "[text]") {
  CHECK(text::name_key("NO SKILL") == text::name_key("No Skill"));
  CHECK(text::name_key("No  Skill") == "no skill");
  CHECK(text::name_key("ＮＯ　ＳＫＩＬＬ") ==
        "no skill"); // full-width letters and ideographic space
  CHECK(text::name_key("STRASSE") == text::name_key("Straße")); // ß folds to ss
  CHECK(text::name_key("ΟΔΥΣΣΕΥΣ") == text::name_key("Οδυσσευς"));
  CHECK(text::name_key("Οδυσσευς") == text::name_key("Οδυσσευσ")); // final sigma folds to sigma
  CHECK(text::name_key("宫廷礼仪") == "宫廷礼仪");
  CHECK(text::name_key("Cafe\xCC\x81") == text::name_key("CAF\xC3\x89")); // NFC and case at once
  CHECK(text::name_key("Courtly Graces") != text::name_key("Courtly Grace"));
}

TEST_CASE("full-width code characters fold to ASCII, prose stays", "[text]") {
  CHECK(text::fold_width("＠１２") == "@12");
  CHECK(text::fold_width("Ｄ２／Ｓ１") == "D2/S1");
  CHECK(text::fold_width("宫廷礼仪：") == "宫廷礼仪:");
  CHECK(text::fold_width("（１５４）") == "(154)");
  CHECK(text::fold_width("［Ｗ＋１］") == "[W+1]");
  CHECK(text::fold_width("渔夫撒网。") ==
        "渔夫撒网。"); // the ideographic full stop is not a code character
  CHECK(text::fold_width("plain") == "plain");
}

TEST_CASE("display width counts grapheme clusters and East Asian wide forms", "[text]") {
  CHECK(text::display_width("abc") == 3);
  CHECK(text::display_width("宫廷礼仪") == 8);
  CHECK(text::display_width("Ｄ２") == 4);
  CHECK(text::display_width("e\xCC\x81") == 1);        // e + combining acute
  CHECK(text::display_width("\xF0\x9F\x91\x8D") == 2); // thumbs up emoji
  CHECK(text::display_width("\xF0\x9F\x91\xA9\xE2\x80\x8D\xF0\x9F\x94\xAC") ==
        2); // woman scientist (ZWJ)
  CHECK(text::display_width("a\xE2\x80\x8B"
                            "b") == 2); // zero width space
  CHECK(text::display_width("渔夫 said") == 9);
}

TEST_CASE("UTF-8 validation and NFC", "[text]") {
  CHECK_FALSE(text::first_invalid_utf8("渔夫 fisherman").has_value());
  CHECK(text::first_invalid_utf8("ab\xC3(") == std::optional<std::size_t>(2));
  CHECK(text::first_invalid_utf8("\xC0\xAF") == std::optional<std::size_t>(0)); // overlong '/'
  CHECK(text::first_invalid_utf8("ok\xED\xA0\x80") == std::optional<std::size_t>(2)); // a surrogate
  CHECK(text::is_nfc("caf\xC3\xA9"));
  CHECK_FALSE(text::is_nfc("cafe\xCC\x81"));
  CHECK(text::to_nfc("cafe\xCC\x81") == "caf\xC3\xA9");
}

TEST_CASE("white space runs collapse, Unicode spaces included", "[text]") {
  CHECK(text::collapse_space("  a \t b\n\nc  ") == "a b c");
  CHECK(text::collapse_space("渔夫\u3000撒网") == "渔夫 撒网");
  CHECK(text::collapse_space("") == "");
}

TEST_CASE("Chinese prose gets real words from ICU segmentation", "[text]") {
  const char* sentence = "渔夫在海边撒网，捞起了一只铜瓶。";
  std::vector<std::string> words = text::words(sentence, "zh");
  CHECK(words == std::vector<std::string>{"渔夫", "在", "海边", "撒", "网", "捞起", "了", "一只",
                                          "铜", "瓶"});
  CHECK(text::word_count(sentence, "zh") == 10);
  CHECK(text::word_count("The fisherman cast his net, twice.", "en") == 6);
  CHECK(text::word_count("D2 and 134 count too", "en") == 5);
  CHECK(text::word_count("。，！", "zh") == 0);
}

TEST_CASE("edit distance and did-you-mean work on code points", "[text]") {
  CHECK(text::edit_distance("宫廷礼仪", "宫庭礼仪") == 1);
  CHECK(text::edit_distance("Piety", "Piety") == 0);
  CHECK(text::edit_distance("", "abc") == 3);
  std::vector<std::string> names{"Courtly Graces", "Quick Thinking", "Piety"};
  CHECK(text::closest("COURTLY GRACE", names) == std::optional<std::string>("Courtly Graces"));
  CHECK_FALSE(text::closest("Wisdom", names).has_value());
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
