// Diagnostics are values: a code and typed arguments (numbers, names, texts,
// keywords), notes with codes of their own, and renderers that keep both.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <optional>

#include <nlohmann/json.hpp>

#include "tests/support.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

using talebook::Arg;
using talebook::Code;
using talebook::format_message;
using talebook::info;

TEST_CASE("diagnostic arguments: integers are numbers, strings are names", "[diagnostics]") {
  std::vector<Arg> args = {12, std::string("Luck"), "Gems", talebook::arg::text("a/b.tales"),
                           talebook::arg::keyword("gain")};
  CHECK(args[0].kind == Arg::Kind::Number);
  CHECK(args[0].number == 12);
  CHECK(args[1].kind == Arg::Kind::Name);
  CHECK(args[2].kind == Arg::Kind::Name);
  CHECK(args[3].kind == Arg::Kind::Text);
  CHECK(args[4].kind == Arg::Kind::Keyword);
  CHECK(args[0].to_string() == "12");
  CHECK(args[4].to_string() == "gain");
}

TEST_CASE("diagnostic messages: plural rules read numbers, not strings", "[diagnostics]") {
  const char* chart = info(Code::chart_size).message;
  // A count is formatted by the locale (grouped), a paragraph number is not.
  CHECK(format_message(chart, {1234}) == "encounter chart has 1,234 entries; it must have 6 or 12");
  CHECK(format_message(info(Code::duplicate_paragraph).message, {1234}) ==
        "duplicate paragraph 1234");
  // The same digits as a name are not a number: the plural cannot read them.
  CHECK(format_message(chart, {talebook::arg::name("1")}) !=
        "encounter chart has 1 entry; it must have 6 or 12");
  CHECK(format_message(info(Code::row_width).message, {"Mild", 1, "G", 2}) ==
        "row 'Mild' has 1 cell but matrix 'G' has 2 options");
}

TEST_CASE("diagnostic messages: keywords select the words", "[diagnostics]") {
  using talebook::arg::keyword;
  CHECK(format_message(info(Code::duplicate_card).message, {keyword("terrain"), "Desert"}) ==
        "duplicate terrain card 'Desert'");
  CHECK(format_message(info(Code::wealth_limit_sense).message, {keyword("loss"), "Max"}) ==
        "a wealth loss cannot have a 'Max' limit");
  CHECK(format_message(info(Code::card_not_chart).message, {"Ali", 7, keyword("place")}) ==
        "card 'Ali' points to paragraph 7 (place of power), which is not an encounter chart");
  CHECK(format_message(info(Code::missing_name).message, {keyword("quest")}) ==
        "quest paragraph needs a name");
}

TEST_CASE("retired codes are never reported, notes only attached", "[diagnostics]") {
  talebook::Diagnostics diagnostics;
  CHECK(info(Code::enter_not_place).severity == talebook::Severity::Retired);
  CHECK_THROWS_AS(diagnostics.report(Code::enter_not_place, {}, {"x", 1, "y"}), std::logic_error);
  CHECK(diagnostics.all().empty());
  talebook::Diagnostic& d = diagnostics.report(Code::duplicate_paragraph, {1, 0, 3}, {7});
  CHECK_THROWS_AS(d.note(Code::unknown_skill, {}), std::logic_error);
  d.note(Code::paragraph_defined, {1, 5, 8}, {7});
  REQUIRE(d.notes.size() == 1);
  CHECK(d.notes[0].code == Code::paragraph_defined);
  CHECK(d.notes[0].message == "paragraph 7 is defined here");
}

// The sources name no retired code, and every note code is attached somewhere.
TEST_CASE("diagnostic table: retired codes unused, note codes used", "[diagnostics]") {
  std::string sources;
  for (const char* dir : {"/compiler", "/tools"})
    for (const auto& e : std::filesystem::recursive_directory_iterator(test::source_dir() + dir))
      if (e.path().extension() == ".cpp" || e.path().extension() == ".hpp")
        sources += test::read_file(e.path().string());
  for (const talebook::CodeInfo& c : talebook::all_codes()) {
    INFO("code " << c.code << " " << c.name);
    bool used = sources.find(std::string("Code::") + c.name) != std::string::npos;
    if (c.severity == talebook::Severity::Retired) CHECK_FALSE(used);
    if (std::string(c.code).compare(0, 4, "TB09") == 0) {
      CHECK(c.severity == talebook::Severity::Note);
      CHECK(used);
    }
  }
}

TEST_CASE("JSON and SARIF carry codes and typed arguments", "[diagnostics]") {
  talebook::Compilation c;
  test::compile(c, "@matrix G\nOptions: Pray | Wait\nMild: NE\n"
                   "@1\nNo Skill: x [S1]\n@1\nNo Skill: y [S1]\n");
  REQUIRE(test::codes(c) == std::vector<std::string>{"TB0017", "TB0010"});

  nlohmann::json json =
      nlohmann::json::parse(talebook::render_json(c.sources, c.diagnostics.all()));
  const auto& width = json["diagnostics"][0];
  CHECK(width["message"] == "row 'Mild' has 1 cell but matrix 'G' has 2 options");
  CHECK(width["arguments"] == nlohmann::json::parse(R"([
    {"type": "name", "value": "Mild"}, {"type": "number", "value": 1},
    {"type": "name", "value": "G"}, {"type": "number", "value": 2}])"));
  const auto& duplicate = json["diagnostics"][1];
  CHECK(duplicate["arguments"] == nlohmann::json::parse(R"([{"type": "number", "value": 1}])"));
  REQUIRE(duplicate["notes"].size() == 1);
  CHECK(duplicate["notes"][0]["code"] == "TB0900");
  CHECK(duplicate["notes"][0]["message"] == "first defined here");
  CHECK(duplicate["notes"][0]["line"] == 4);

  nlohmann::json sarif =
      nlohmann::json::parse(talebook::render_sarif(c.sources, c.diagnostics.all()));
  const auto& results = sarif["runs"][0]["results"];
  CHECK(results[0]["message"]["arguments"] == nlohmann::json::parse(R"(["Mild", "1", "G", "2"])"));
  CHECK(results[0]["properties"]["arguments"] == width["arguments"]);
  const auto& related = results[1]["relatedLocations"];
  REQUIRE(related.size() == 1);
  CHECK(related[0]["message"]["text"] == "first defined here");
  CHECK(related[0]["properties"]["code"] == "TB0900");
  CHECK(related[0]["physicalLocation"]["region"]["startLine"] == 4);
  // Each rule is a code of the table; a retired one is disabled.
  const auto& rules = sarif["runs"][0]["tool"]["driver"]["rules"];
  for (const auto& rule : rules)
    if (rule["id"] == "TB0040") CHECK(rule["defaultConfiguration"]["enabled"] == false);
}

// One "did you mean" for the whole compiler: the parser's unknown words (a
// paragraph kind) and the resolver's unknown names get it from one function.
TEST_CASE("diagnostics: one did-you-mean for the parser's words and the resolver's names",
          "[diagnostics]") {
  CHECK(talebook::Diagnostics::did_you_mean("Seamansip", {"Seamanship", "Piety"}) ==
        std::optional<std::string>("Seamanship"));
  CHECK_FALSE(talebook::Diagnostics::did_you_mean("Xyz", {"Seamanship", "Piety"}));
  talebook::Diagnostics list;
  talebook::Diagnostic& d = list.report_unknown(Code::unknown_skill, {}, "Pity", {"Piety"});
  CHECK(d.suggestion == "Piety");
  CHECK(d.args.size() == 1);
  CHECK(d.message == "unknown skill 'Pity'");

  talebook::Compilation c;
  test::compile(c, "@1 treasur Gems\nNo Skill: You go on. [S1/Seamansip]\n");
  std::vector<std::string> suggestions;
  for (const talebook::Diagnostic& dd : c.diagnostics.all())
    suggestions.push_back(std::string(info(dd.code).code) + ":" + dd.suggestion);
  CHECK(std::find(suggestions.begin(), suggestions.end(), "TB0005:treasure") != suggestions.end());
  CHECK(std::find(suggestions.begin(), suggestions.end(), "TB0021:Seamanship") !=
        suggestions.end());
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
