// Diagnostics in the writer's language: every shipped language has a message
// for every code, with the English pattern's arguments, and talec picks the
// language from --lang or the environment (LC_ALL, LC_MESSAGES, LANG).
#include <catch2/catch.hpp>

#include <map>
#include <set>

#include <nlohmann/json.hpp>
#include <unicode/messagepattern.h>
#include <unicode/plurrule.h>

#include "compiler/diagnostics/messages.hpp"
#include "tests/support.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

namespace {

// What a pattern asks of its arguments: for each argument number, its type
// ("none", "number", "plural", "select") and, for a select, its keywords.
struct Shape {
  std::map<int, std::set<std::string>> types;
  std::map<int, std::set<std::string>> select_keys;
  std::set<std::string> plural_keys;
  std::string error;
};

Shape shape_of(const std::string& pattern) {
  Shape shape;
  UErrorCode status = U_ZERO_ERROR;
  UParseError where;
  icu::UnicodeString text = icu::UnicodeString::fromUTF8(pattern);
  icu::MessagePattern parsed(text, &where, status);
  if (U_FAILURE(status)) {
    shape.error = u_errorName(status);
    return shape;
  }
  static const std::map<UMessagePatternArgType, std::string> names = {
      {UMSGPAT_ARG_TYPE_NONE, "none"},     {UMSGPAT_ARG_TYPE_SIMPLE, "number"},
      {UMSGPAT_ARG_TYPE_CHOICE, "choice"}, {UMSGPAT_ARG_TYPE_PLURAL, "plural"},
      {UMSGPAT_ARG_TYPE_SELECT, "select"}, {UMSGPAT_ARG_TYPE_SELECTORDINAL, "ordinal"}};
  std::vector<std::pair<int, UMessagePatternArgType>> open; // argument, type
  for (int32_t i = 0; i < parsed.countParts(); ++i) {
    const icu::MessagePattern::Part& part = parsed.getPart(i);
    UMessagePatternPartType type = part.getType();
    if (type == UMSGPAT_PART_TYPE_ARG_START) {
      const icu::MessagePattern::Part& number = parsed.getPart(i + 1);
      open.push_back({number.getValue(), part.getArgType()});
      shape.types[number.getValue()].insert(names.at(part.getArgType()));
    } else if (type == UMSGPAT_PART_TYPE_ARG_LIMIT) {
      open.pop_back();
    } else if (type == UMSGPAT_PART_TYPE_ARG_SELECTOR && !open.empty()) {
      std::string key;
      parsed.getSubstring(part).toUTF8String(key);
      if (open.back().second == UMSGPAT_ARG_TYPE_SELECT)
        shape.select_keys[open.back().first].insert(key);
      else
        shape.plural_keys.insert(key);
    }
  }
  return shape;
}

std::set<std::string> plural_categories(const std::string& language) {
  UErrorCode status = U_ZERO_ERROR;
  std::unique_ptr<icu::PluralRules> rules(
      icu::PluralRules::forLocale(icu::Locale(language.c_str()), status));
  std::unique_ptr<icu::StringEnumeration> keys(rules->getKeywords(status));
  std::set<std::string> out;
  while (const char* key = keys->next(nullptr, status))
    out.insert(key);
  return out;
}

} // namespace

TEST_CASE("message tables: every code has a message in each shipped language, with the "
          "English arguments",
          "[diagnostics][languages]") {
  const auto& languages = talebook::message_languages();
  REQUIRE(languages.size() >= 2);
  CHECK(languages.front() == "en");
  for (const std::string& language : languages) {
    std::set<std::string> categories = plural_categories(language);
    auto compare = [&](const std::string& id, const char* english, const char* translated) {
      INFO(language << " " << id);
      REQUIRE(translated != nullptr);
      Shape source = shape_of(english), target = shape_of(translated);
      REQUIRE(source.error == "");
      REQUIRE(target.error == "");
      CHECK(target.types == source.types);
      CHECK(target.select_keys == source.select_keys);
      // A plural speaks the language's categories, `other` always among them.
      for (const std::string& key : target.plural_keys)
        if (key[0] != '=') CHECK(categories.count(key) == 1);
      if (!target.plural_keys.empty()) CHECK(target.plural_keys.count("other") == 1);
    };
    const auto& codes = talebook::all_codes();
    for (std::size_t i = 0; i < codes.size(); ++i) {
      auto code = static_cast<talebook::Code>(i);
      compare(codes[i].code, codes[i].message, talebook::message_pattern(code, language));
    }
    for (std::size_t i = 0; i < std::size(talebook::message_text_keys); ++i) {
      auto text = static_cast<talebook::MessageText>(i);
      compare(talebook::message_text_keys[i], talebook::message_pattern(text, "en"),
              talebook::message_pattern(text, language));
    }
  }
}

TEST_CASE("message tables: the argument check sees a lost or changed argument",
          "[diagnostics][languages]") {
  CHECK(shape_of("a {0} b {1}").types != shape_of("a {0} b").types);
  CHECK(shape_of("{0, number, ::group-off}").types != shape_of("{0}").types);
  CHECK(shape_of("{0, select, gain {x} other {y}}").select_keys !=
        shape_of("{0, select, win {x} other {y}}").select_keys);
  CHECK(shape_of("{0, plural, other {# a}").error != "");
}

TEST_CASE("message language: POSIX order of the environment, C is English",
          "[diagnostics][languages]") {
  using talebook::message_language_of;
  CHECK(message_language_of("zh_CN.UTF-8") == "zh");
  CHECK(message_language_of("zh-Hans-CN") == "zh");
  CHECK(message_language_of("ZH") == "zh");
  CHECK(message_language_of("C") == "en");
  CHECK(message_language_of("POSIX") == "en");
  CHECK(message_language_of("C.UTF-8") == "en");
  CHECK(message_language_of("fr_FR.UTF-8") == "en");
  CHECK(message_language_of("") == "");
}

TEST_CASE("messages: Chinese plural rules and keywords, English unchanged",
          "[diagnostics][languages]") {
  std::vector<talebook::Arg> args = {"courtly_graces", 3, "Rich", 2};
  CHECK(talebook::localized(talebook::Code::row_width, args, "zh") ==
        "行“courtly_graces”有 3 个单元格，但矩阵“Rich”有 2 个选项");
  CHECK(talebook::localized(talebook::Code::row_width, args, "en") ==
        "row 'courtly_graces' has 3 cells but matrix 'Rich' has 2 options");
  CHECK(talebook::localized(talebook::Code::duplicate_card,
                            {talebook::arg::keyword("terrain"), "Sea"},
                            "zh") == "地形卡片“Sea”重复");
  CHECK(talebook::localized(talebook::MessageText::Summary, {1, 1200}, "en") ==
        "1 error, 1200 warnings generated.");
}

namespace {
const std::string broken_book = "tests/golden/zh-messages/book";
// The variables of the run alone, none of the environment's.
test::RunOptions only(std::vector<std::pair<std::string, std::string>> variables) {
  test::RunOptions options = test::with_env(std::move(variables));
  options.unset = {"LC_ALL", "LC_MESSAGES", "LANG"};
  return options;
}
} // namespace

TEST_CASE("talec check: LANG, LC_MESSAGES, LC_ALL and --lang choose the messages",
          "[diagnostics][languages][cli]") {
  test::Run english =
      test::talec({"check", "--color", "never", broken_book}, only({{"LC_ALL", "C"}}));
  test::Run chinese =
      test::talec({"check", "--color", "never", broken_book}, only({{"LANG", "zh_CN.UTF-8"}}));
  CHECK(english.exit == 1);
  CHECK(chinese.exit == 1);
  CHECK(english.err.find("error[TB0021]: unknown skill") != std::string::npos);
  CHECK(chinese.err.find("error[TB0021]: 未知的技能") != std::string::npos);
  CHECK(chinese.err.find("个错误") != std::string::npos);
  CHECK(chinese.err.find("你是不是想写“宫廷礼仪”") != std::string::npos);
  CHECK(english.err.find("did you mean '宫廷礼仪'") != std::string::npos);
  // LC_ALL before LC_MESSAGES before LANG; --lang before all of them.
  CHECK(test::talec({"check", "--color", "never", broken_book},
                    only({{"LC_ALL", "C"}, {"LANG", "zh_CN.UTF-8"}}))
            .err == english.err);
  CHECK(test::talec({"check", "--color", "never", broken_book},
                    only({{"LC_MESSAGES", "zh_CN"}, {"LANG", "C"}}))
            .err == chinese.err);
  CHECK(test::talec({"check", "--color", "never", "--lang", "zh", broken_book},
                    only({{"LC_ALL", "C"}}))
            .err == chinese.err);
  CHECK(test::talec({"check", "--color", "never", "--lang", "en", broken_book},
                    only({{"LANG", "zh_CN.UTF-8"}}))
            .err == english.err);
  test::Run unknown = test::talec({"check", "--lang", "xx", broken_book}, only({{"LC_ALL", "C"}}));
  CHECK(unknown.exit == 2);
  CHECK(unknown.err.find("xx") != std::string::npos);
}

TEST_CASE("talec check --format json: the same codes and places, messages in the language",
          "[diagnostics][languages][cli]") {
  test::Run en = test::talec({"check", "--format", "json", broken_book}, only({{"LC_ALL", "C"}}));
  test::Run zh = test::talec({"check", "--format", "json", "--lang", "zh", broken_book},
                             only({{"LC_ALL", "C"}}));
  auto a = nlohmann::json::parse(en.out), b = nlohmann::json::parse(zh.out);
  REQUIRE(a["diagnostics"].size() == b["diagnostics"].size());
  REQUIRE(a["diagnostics"].size() > 0);
  for (std::size_t i = 0; i < a["diagnostics"].size(); ++i) {
    nlohmann::json x = a["diagnostics"][i], y = b["diagnostics"][i];
    CHECK(x["message"] != y["message"]);
    x.erase("message");
    y.erase("message");
    for (auto* j : {&x, &y})
      for (auto& note : (*j)["notes"])
        note.erase("message");
    CHECK(x == y);
  }
}

// TB0003 names what the grammar expected by a keyword that its pattern
// selects on: no English reaches a translated message.
TEST_CASE("messages: a syntax error's expectation is a keyword each table words",
          "[diagnostics][languages]") {
  talebook::Compilation c;
  test::compile(c, "@1\nNo Skill: You go on. [S1/]\n@matrix a\n");
  std::size_t syntax = 0;
  for (const talebook::Diagnostic& d : c.diagnostics.all()) {
    if (d.code != talebook::Code::syntax) continue;
    ++syntax;
    REQUIRE(d.args.size() == 1);
    CHECK(d.args[0].kind == talebook::Arg::Kind::Keyword);
  }
  CHECK(syntax >= 1);
  // Every keyword of the English pattern is worded in Chinese, never pasted in.
  Shape english = shape_of(talebook::message_pattern(talebook::Code::syntax, "en"));
  REQUIRE(english.select_keys[0].size() > 10);
  for (const std::string& key : english.select_keys[0]) {
    INFO("keyword " << key);
    std::string en =
        talebook::localized(talebook::Code::syntax, {talebook::arg::keyword(key)}, "en");
    std::string zh =
        talebook::localized(talebook::Code::syntax, {talebook::arg::keyword(key)}, "zh");
    REQUIRE(en.rfind("expected ", 0) == 0);
    CHECK(zh.rfind("此处应为 ", 0) == 0);
    CHECK(zh.find(en.substr(9)) == std::string::npos);
  }
  CHECK(talebook::localized(talebook::Code::syntax, {talebook::arg::keyword("award_close")},
                            "en") == "expected ']' to close the award group");
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
