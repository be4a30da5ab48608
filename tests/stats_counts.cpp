// `talec stats` counts on hand-built books: kinds, sections, awards and ICU words.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "compiler/translate/stats.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

using namespace talebook;

namespace {

Award award_of(AwardKind kind, int amount) {
  Award a;
  a.kind = kind;
  a.set_amount(amount);
  return a;
}

AwardCode code_of(Book& book, std::vector<Award> awards) {
  AwardCode code;
  code.awards = book.keep_awards(awards);
  return code;
}

Condition condition_of(ConditionKind kind, std::string_view id = "") {
  Condition c;
  c.kind = kind;
  c.id = id; // a view: callers pass literals
  return c;
}

ChartEntry entry_of(int roll, std::string_view being, char matrix) {
  ChartEntry e;
  e.roll = roll;
  e.being = being; // a view: callers pass literals
  e.matrix = matrix;
  return e;
}

Book chinese_book() {
  Book book;
  book.title = "测试";
  book.language = "zh";
  Paragraph award;
  award.number = 12;
  award.prose = "渔夫在海边撒网，捞起了一只铜瓶。"; // 10 words
  Section no_skill;
  no_skill.conditions = book.keep_conditions({condition_of(ConditionKind::NoSkill)});
  no_skill.text = "他回家了。"; // 他 / 回家 / 了
  no_skill.set_award(code_of(book, {award_of(AwardKind::Story, 1)}));
  Section piety;
  piety.conditions = book.keep_conditions({condition_of(ConditionKind::Skill, "piety")});
  piety.text = "";
  piety.set_award(code_of(book, {award_of(AwardKind::Story, 1), award_of(AwardKind::Destiny, 2)}));
  award.sections = book.keep_sections({no_skill, piety});
  ParagraphRef ref;
  ref.number = 134;
  award.refs = book.keep_refs({ref});
  Paragraph chart;
  chart.number = 1;
  chart.kind = ParagraphKind::Chart;
  chart.chart = EncounterChart();
  chart.chart->entries = {entry_of(1, "年老的渔夫", 'H'), entry_of(2, "可怕的风暴", 'G')};
  book.paragraphs = {chart, award};
  ReactionMatrix h;
  h.letter = 'H';
  h.rows.resize(4);
  book.matrices = {h};
  Card city;
  city.kind = CardKind::City;
  CityResult result;
  result.roll = 1;
  result.text = "遭遇窃贼"; // 遭遇 / 窃贼
  result.awards.push_back(code_of(book, {award_of(AwardKind::Wealth, -1)}));
  city.results = {result};
  book.cards = {city, Card{}};
  return book;
}

} // namespace

TEST_CASE("stats count kinds, sections, awards and Chinese words", "[stats]") {
  BookStats s = book_stats(chinese_book());
  CHECK(s.paragraphs == 2);
  CHECK(s.by_kind[0] == std::pair<std::string, std::size_t>("award", 1));
  CHECK(s.by_kind[1] == std::pair<std::string, std::size_t>("chart", 1));
  CHECK(s.sections == 2);
  CHECK(s.award_groups == 3); // two sections and one city card result
  CHECK(s.awards == 4);
  CHECK(s.references == 1);
  CHECK(s.charts == 1);
  CHECK(s.chart_entries == 2);
  CHECK(s.matrices == 1);
  CHECK(s.matrix_rows == 4);
  CHECK(s.cards == 2);
  CHECK(s.cards_by_kind[0].second == 1); // character
  CHECK(s.cards_by_kind[2].second == 1); // city
  CHECK(s.words == 10 + 3 + 2);
}

TEST_CASE("stats are printed as aligned text and as JSON", "[stats]") {
  BookStats s = book_stats(chinese_book());
  std::string text = stats_text(s);
  CHECK(text.rfind("测试 (zh)\n", 0) == 0);
  CHECK(text.find("\nwords                   15\n") != std::string::npos);
  CHECK(text.find("\n  chart                 1\n") != std::string::npos);
  CHECK(text.find("translation") == std::string::npos);
  auto j = nlohmann::json::parse(stats_json(s));
  CHECK(j["words"] == 15);
  CHECK(j["paragraphs_by_kind"]["award"] == 1);
  CHECK(j["paragraphs_by_kind"]["quest"] == 0);
  CHECK_FALSE(j.contains("translation"));
  s.translation = true;
  s.source_paragraphs = 4;
  s.translated = 3;
  j = nlohmann::json::parse(stats_json(s));
  CHECK(j["translation"]["coverage_percent"] == 75);
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
