// talec fmt, one normalization at a time: award spacing, full-width code
// punctuation kept, bare groups (and --bracket), matrix and chart alignment
// by display width (CJK counts 2), trailing blanks, the final line ending;
// prose and comments byte for byte.
#include <catch2/catch.hpp>

#include "compiler/format/format.hpp"
#include "tests/support.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

namespace {

namespace f = talebook::format;

// The canonical layout of `text` compiled alone (it must have no errors);
// format_book also proves the model did not change.
std::string fmt(const std::string& text, bool bracket = false, const std::string& language = "en") {
  talebook::Compilation c;
  test::compile(c, {{"test.tales", text}}, language);
  INFO(Catch::StringMaker<std::vector<std::string>>::convert(test::codes(c)));
  REQUIRE(c.diagnostics.errors() == 0);
  f::FormatOptions options;
  options.bracket = bracket;
  std::vector<f::FormattedFile> out;
  REQUIRE(f::format_book(c, c.sources, {1}, options, out).empty());
  REQUIRE(out.size() == 1);
  CHECK(out[0].changed == (out[0].text != text));
  // Idempotent: the canonical layout is already canonical.
  if (out[0].changed) CHECK(fmt(out[0].text, bracket, language) == out[0].text);
  return out[0].text;
}

} // namespace

TEST_CASE("fmt: blanks inside award codes go, the wealth limit reads `(Max: Poor)`", "[format]") {
  CHECK(fmt("@1\nYou find a purse. [ W + 1 (Max :Poor) / D 2 ]\n") ==
        "@1\nYou find a purse. [W+1 (Max: Poor)/D2]\n");
  CHECK(fmt("@1\nA gift.[S 1/W+1(Max:Rich)]\n") == "@1\nA gift. [S1/W+1 (Max: Rich)]\n");
  CHECK(fmt("@1\nNo Skill: You lose. [D -1/ W - 2 (Min: Poor)]\n") ==
        "@1\nNo Skill: You lose. [D-1/W-2 (Min: Poor)]\n");
}

TEST_CASE("fmt: named awards keep their words, their argument loses its blanks", "[format]") {
  CHECK(fmt("@1\nNo Skill: You learn. [Magic( 1 use ) /  Lost  (1 turn)]\n") ==
        "@1\nNo Skill: You learn. [Magic (1 use)/Lost (1 turn)]\n");
  // Words such as `Q:S` and `Trea*` are not code punctuation.
  CHECK(fmt("@1\nNo Skill: You win. [ S1 / Trea* / Q:S ]\n") ==
        "@1\nNo Skill: You win. [S1/Trea*/Q:S]\n");
  CHECK(fmt("@1\nNo Skill: You trade. [W+1 (Max: Rich)  if Merchant]\n") ==
        "@1\nNo Skill: You trade. [W+1 (Max: Rich) if Merchant]\n");
}

TEST_CASE("fmt: the map's lines are tidied, full-width punctuation kept", "[format][map]") {
  const std::string rates = "@map\nBeggar:3 / 1\nPoor : 3/2\nRespectable: 3/3\nRich: 2/4\n"
                            "Princely: 2/5\nFabulous: 1/6\n";
  CHECK(fmt(rates + "@space  Baghdad(City ,start)\nLand:Oasis ,Basra\n@space Basra (City,1)\n"
                    "@space Oasis( Desert,2 , wild )\n") ==
        "@map\nBeggar: 3/1\nPoor: 3/2\nRespectable: 3/3\nRich: 2/4\nPrincely: 2/5\n"
        "Fabulous: 1/6\n@space Baghdad (City, start)\nLand: Oasis, Basra\n"
        "@space Basra (City, 1)\n@space Oasis (Desert, 2, wild)\n");
  const std::string zh = "@map\n乞丐：3/1\n贫穷：3/2\n体面：3/3\n富有：2/4\n王侯之富：2/5\n"
                         "富可敌国：1/6\n@space 巴格达（城市，start）\nLand：巴士拉 、 摩苏尔\n"
                         "@space 巴士拉（城市，1）\n@space 摩苏尔（城市）\n";
  CHECK(fmt(zh, false, "zh") ==
        "@map\n乞丐：3/1\n贫穷：3/2\n体面：3/3\n富有：2/4\n王侯之富：2/5\n"
        "富可敌国：1/6\n@space 巴格达（城市，start）\nLand：巴士拉、摩苏尔\n"
        "@space 巴士拉（城市，1）\n@space 摩苏尔（城市）\n");
}

TEST_CASE("fmt: the Merchant Display's columns line up, its lines and Products are tidied",
          "[format][display]") {
  const std::string map = "@map\nBeggar: 3/1\nPoor: 3/2\nRespectable: 3/3\nRich: 2/4\n"
                          "Princely: 2/5\nFabulous: 1/6\n@space Baghdad (City, start)\n"
                          "Land: Basra\n";
  CHECK(fmt(map + "@space Basra (City)\nProducts:Pearls ,Dates,  Silk\n"
                  "@display\n"
                  "Pearls|.|Dates | . |Silk\n"
                  "  . | . | . | . | .\n"
                  "% a comment stays\n"
                  "Salt | .|Aloe|  .  | Hides   \n"
                  "Counters :straight 10 ,diagonal 6\n"
                  "Wealth 1:straight 2\n") ==
        map + "@space Basra (City)\nProducts: Pearls, Dates, Silk\n"
              "@display\n"
              "Pearls | . | Dates | . | Silk\n"
              ".      | . | .     | . | .\n"
              "% a comment stays\n"
              "Salt   | . | Aloe  | . | Hides\n"
              "Counters: straight 10, diagonal 6\n"
              "Wealth 1: straight 2\n");
  // By display width (a Chinese character is two columns), full-width marks kept (a
  // `｜` is two columns too: the separators line up as the boxes do).
  const std::string zh = "@map\n乞丐：3/1\n贫穷：3/2\n体面：3/3\n富有：2/4\n王侯之富：2/5\n"
                         "富可敌国：1/6\n@space 巴格达（城市，start）\nLand：巴士拉\n";
  CHECK(fmt(zh + "@space 巴士拉（城市，1）\nProducts：珍珠 、椰枣\n"
                 "@display\n珍珠|.|平纹细布\n.|. ｜ 椰枣\nCounters：straight 3 、left 2\n",
            false, "zh") ==
        zh + "@space 巴士拉（城市，1）\nProducts：珍珠、椰枣\n"
             "@display\n珍珠 | .  | 平纹细布\n.    | . ｜ 椰枣\nCounters：straight 3、left 2\n");
}

TEST_CASE("fmt: full-width code punctuation is kept as the locale writes it", "[format]") {
  CHECK(fmt("@1\n无技能：你吃了晚饭。[S1 ／ W＋1（ 最高： 贫穷 ）]\n", false, "zh") ==
        "@1\n无技能：你吃了晚饭。[S1／W＋1（最高：贫穷）]\n");
  CHECK(fmt("@1\n无技能：你吃了晚饭。［S1］\n", false, "zh") == "@1\n无技能：你吃了晚饭。［S1］\n");
}

TEST_CASE("fmt: a group that ends its line follows its text after one blank", "[format]") {
  CHECK(fmt("@1\nNo Skill: You go.    [S1]\n") == "@1\nNo Skill: You go. [S1]\n");
  // A group inside a line keeps the text around it as written.
  CHECK(fmt("@card city Basra\n1: [W-1]\n2: [D2]  if any status, otherwise [S 1]\n3: [S1]\n"
            "4: [S1]\n5: [S1]\n6: [S1]\n") ==
        "@card city Basra\n1: [W-1]\n2: [D2]  if any status, otherwise [S1]\n3: [S1]\n"
        "4: [S1]\n5: [S1]\n6: [S1]\n");
}

TEST_CASE("fmt: bare groups are tidied, and bracketed with --bracket", "[format]") {
  const std::string text = "@1\nNo Skill: You go home.   D 1 / S1 .\n"
                           "Wisdom: You stay.\nS1.\nLuck: S 2\n";
  CHECK(fmt(text) == "@1\nNo Skill: You go home. D1/S1.\nWisdom: You stay.\nS1.\nLuck: S2\n");
  CHECK(fmt(text, true) ==
        "@1\nNo Skill: You go home. [D1/S1]\nWisdom: You stay.\n[S1]\nLuck: [S2]\n");
  CHECK(fmt("@1\n无技能：你吃了晚饭。S1。\n", true, "zh") == "@1\n无技能：你吃了晚饭。[S1]\n");
}

TEST_CASE("fmt: matrix columns line up by display width", "[format]") {
  CHECK(
      fmt("@matrix H\nOptions: Grovel|Converse | Attack\nOld:★ | NE|★\nCunning : NE | ★ | NE\n") ==
      "@matrix H\n"
      "Options: Grovel | Converse | Attack\n"
      "Old:     ★      | NE       | ★\n"
      "Cunning: NE     | ★        | NE\n");
  // 可怕的 is three wide characters: six columns, as `Options:` minus its blank.
  CHECK(fmt("@matrix G\nOptions: 卑躬屈膝 | 交谈\n可怕的：★ | NE\n年老的：NE|★\n", false, "zh") ==
        "@matrix G\n"
        "Options: 卑躬屈膝 | 交谈\n"
        "可怕的： ★        | NE\n"
        "年老的： NE       | ★\n");
}

TEST_CASE("fmt: chart columns line up by display width", "[format]") {
  const std::string matrix = "\n@matrix H\nOptions: Grovel\nOld: NE\nFierce: NE\n";
  std::string chart = "@1 chart\nOn the road.\n";
  std::string expected = chart;
  const char* beings[] = {"Old Man", "Fierce Wolf",   "Old Woman", "Fierce Ifrit",
                          "Old Dog", "Fierce Vizier", "Old Ox",    "Old Cat",
                          "Old Eel", "Fierce Ghoul",  "Old Hag",   "Old Sage"};
  for (int i = 1; i <= 12; ++i) {
    chart += std::to_string(i) + "." + (i % 2 ? "" : "   ") + beings[i - 1] + " (H)\n";
    std::string head = std::to_string(i) + ".";
    std::string being = beings[i - 1];
    expected += head + std::string(4 - head.size(), ' ') + being +
                std::string(14 - being.size(), ' ') + "(H)\n";
  }
  CHECK(fmt(chart + matrix) ==
        expected + matrix.substr(0, 11) + "Options: Grovel\n" + "Old:     NE\nFierce:  NE\n");
  // Chinese: the being is padded by display width, none before `（`.
  std::string zh = "@1 chart\n";
  std::string zh_expected = zh;
  const char* zh_beings[] = {"年老的渔夫", "凶猛的贝都因人", "年老的隐士",
                             "凶猛的海盗", "年老的水手",     "凶猛的鲸鱼"};
  for (int i = 1; i <= 6; ++i) {
    std::string being = zh_beings[i - 1];
    zh += std::to_string(i) + "、" + being + "（H）\n";
    std::size_t width = being.size() / 3 * 2;
    zh_expected += std::to_string(i) + "、" + being + std::string(14 - width, ' ') + "（H）\n";
  }
  const std::string zh_matrix = "\n@matrix H\nOptions: 卑躬屈膝\n年老的：NE\n凶猛的：NE\n";
  CHECK(fmt(zh + zh_matrix, false, "zh") ==
        zh_expected + "\n@matrix H\nOptions: 卑躬屈膝\n年老的： NE\n凶猛的： NE\n");
}

TEST_CASE("fmt: trailing blanks go, the file ends with one line ending", "[format]") {
  CHECK(fmt("@1   \nYou find a purse.\t \n[S1]") == "@1\nYou find a purse.\n[S1]\n");
  CHECK(fmt("@1\nYou find a purse. [S1]\n\n  \n\n") == "@1\nYou find a purse. [S1]\n");
  // CRLF files keep CRLF.
  CHECK(fmt("@1 \r\nYou find a purse. [S1]  \r\n\r\n") == "@1\r\nYou find a purse. [S1]\r\n");
  CHECK(f::tidy_lines("") == "");
}

TEST_CASE("fmt: prose, its wrapping and comments are kept as written", "[format]") {
  const std::string text = "%  a   comment  [ W + 1 ]  with   blanks\n"
                           "@1\n"
                           "The  road   (2) is long,\n"
                           "  and  wraps  here.\n"
                           "No Skill:   You  walk. [S1]\n"
                           "@2\nThe end. [S1]\n";
  CHECK(fmt(text) == text);
}

TEST_CASE("fmt: edits are applied back to front, overlaps dropped", "[format]") {
  CHECK(f::apply_edits("abcdef", {{4, 5, "E"}, {0, 1, "AA"}, {2, 2, "+"}}) == "AAb+cdEf");
  CHECK(f::apply_edits("abcdef", {{1, 4, "X"}, {3, 5, "Y"}}) == "abcY" + std::string("f"));
}

TEST_CASE("fmt: a book with errors is not formatted", "[format]") {
  talebook::Compilation c;
  test::compile(c, "@1\nNo Skill:  You go. [ Go to 7 ]  \n");
  REQUIRE(c.diagnostics.errors() > 0);
  std::vector<f::FormattedFile> out;
  CHECK_FALSE(f::format_book(c, c.sources, {1}, {}, out).empty());
  CHECK(out.empty());
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
