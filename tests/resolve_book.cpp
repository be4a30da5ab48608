// The resolve stage: names left as written by the parser meet what they name,
// once every file is parsed (compiler/resolve/).
#include <catch2/catch.hpp>

#include "compiler/parse/parser.hpp"
#include "compiler/resolve/resolver.hpp"
#include "tests/model_support.hpp"
#include "tests/support.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

using namespace talebook;
using test::paragraph;

TEST_CASE("resolve: the parser leaves names as written", "[resolve]") {
  Compilation c;
  REQUIRE(c.vocabulary.load_file(test::source_dir() + "/locales/en/vocabulary.json").empty());
  c.sources.add("a.tales", "@1\nIONIAN GEMS, piety: You polish them. [Ionian Gems/Lose Beloved]\n");
  parse_tales(1, c.sources, c.vocabulary, c.book, c.diagnostics);
  REQUIRE(c.book.paragraphs.size() == 1);
  const Section& s = c.book.paragraphs[0].sections.at(0);
  // The parser looks up no name: both stay in the conditions, as written.
  REQUIRE(s.conditions.size() == 2);
  CHECK(s.conditions[0].written == Condition::Written::name);
  CHECK(s.conditions[0].id == "IONIAN GEMS");
  CHECK(s.conditions[1].written == Condition::Written::name);
  CHECK(s.conditions[1].id == "piety");
  const auto& awards = s.awards();
  REQUIRE(awards.size() == 2);
  CHECK(awards[0].name == AwardName::Gain);
  CHECK(awards[0].id == "Ionian Gems");
  CHECK(awards[1].name == AwardName::Lose);
  CHECK(awards[1].id == "Beloved");
  CHECK(std::string(c.sources.text(awards[1].name_range())) == "Beloved");
  CHECK(c.diagnostics.all().empty()); // nothing is unknown before the resolver runs
}

// The parser looks up no name: a heading's names stay in its conditions as
// written (the model holds no list of its own for them), and the resolver
// turns each into a skill, a status or a treasure, or reports and drops it.
TEST_CASE("heading names stay in the conditions as written until the resolver looks them up",
          "[resolve]") {
  Vocabulary vocabulary;
  REQUIRE(vocabulary.load_file(test::source_dir() + "/locales/en/vocabulary.json").empty());
  SourceSet sources;
  const std::uint32_t file =
      sources.add("t.tales", "@1\nIntro.\nPiety, Ionian Gems or Brass Lamp (mandatory): x [S1]\n"
                             "@20 treasure Ionian Gems\nGems.\n");
  Book book;
  Diagnostics diagnostics;
  parse_tales(file, sources, vocabulary, book, diagnostics);
  REQUIRE(diagnostics.all().empty());
  REQUIRE(book.paragraphs.at(0).sections.size() == 1);
  const Section& s = book.paragraphs.at(0).sections[0];
  std::vector<std::string> written;
  for (const Condition& c : s.conditions) {
    CHECK(c.written == Condition::Written::name);
    written.push_back(std::string(c.id));
    CHECK(sources.text(c.range).find(std::string(c.id)) != std::string_view::npos);
  }
  CHECK(written == std::vector<std::string>{"Piety", "Ionian Gems", "Brass Lamp"});
  CHECK(s.conditions[2].mandatory);
  CHECK(s.tentative);

  resolve_book(book, sources, vocabulary, diagnostics);
  const Section& r = book.paragraphs.at(0).sections[0];
  REQUIRE(r.conditions.size() == 2); // Brass Lamp: reported, and dropped
  CHECK(r.conditions[0].kind == ConditionKind::Skill);
  CHECK(r.conditions[0].id == "piety");
  CHECK(r.conditions[1].kind == ConditionKind::Treasure);
  CHECK(r.conditions[1].paragraph() == 20);
  for (const Condition& c : r.conditions)
    CHECK(!c.is_written());
  CHECK(!r.tentative);
  REQUIRE(diagnostics.all().size() == 1);
  CHECK(diagnostics.all()[0].code == Code::unknown_condition);
  CHECK(sources.text(diagnostics.all()[0].range).find("Brass Lamp") != std::string_view::npos);
}

TEST_CASE("resolve: a treasure heading in any case, defined in another file", "[resolve]") {
  Compilation c;
  test::compile(c, {{"a.tales", "@1\nIONIAN GEMS (mandatory): They glow. [S1]\n"
                                "Scorned or ionian gems: x [D1]\n"},
                    {"b.tales", "@20 treasure Ionian Gems\nThey shine.\n"}});
  REQUIRE(c.diagnostics.all().empty());
  const Paragraph& p = paragraph(c, 1);
  REQUIRE(p.sections.size() == 2);
  const Condition& gems = p.sections[0].conditions.at(0);
  CHECK(gems.kind == ConditionKind::Treasure);
  CHECK(gems.paragraph() == 20);
  CHECK(gems.mandatory);
  REQUIRE(p.sections[1].conditions.size() == 2);
  CHECK(p.sections[1].conditions[0].kind == ConditionKind::Status);
  CHECK(p.sections[1].conditions[0].id == "scorned");
  CHECK(p.sections[1].conditions[1].paragraph() == 20);
  for (const Section& section : p.sections)
    for (const Condition& cond : section.conditions)
      CHECK(!cond.is_written()); // every name resolved
}

TEST_CASE("resolve: heading words and names keep their order", "[resolve]") {
  Compilation c;
  test::compile(c, "@1\nPiety or No Skill or Ionian Gems: x [S1]\n@20 treasure Ionian Gems\n");
  REQUIRE(c.diagnostics.all().empty());
  const auto& conditions = paragraph(c, 1).sections.at(0).conditions;
  REQUIRE(conditions.size() == 3);
  CHECK(conditions[0].kind == ConditionKind::Skill);
  CHECK(conditions[1].kind == ConditionKind::NoSkill);
  CHECK(conditions[2].kind == ConditionKind::Treasure);
}

TEST_CASE("resolve: prose with a colon goes back where the parser would have put it", "[resolve]") {
  Compilation c;
  test::compile(c, "@1\nThe vizier said: kneel.\nNo Skill: You kneel.\n"
                   "The guard said: go now. [S1]\n"
                   "Piety: You pray. [D1]\n"
                   "Her answer: no.\n");
  // Prose after a section's award group is a lint (TB0321: the line is no heading).
  REQUIRE(test::codes(c) == std::vector<std::string>{"TB0321"});
  const Paragraph& p = paragraph(c, 1);
  CHECK(p.prose == "The vizier said: kneel.");
  CHECK(std::string(c.sources.text(p.prose_range())) == "The vizier said: kneel.");
  REQUIRE(p.sections.size() == 2);
  CHECK(p.sections[0].text == "You kneel.\nThe guard said: go now.");
  REQUIRE(p.sections[0].award());
  CHECK(p.sections[0].awards().at(0).kind == AwardKind::Story);
  CHECK(std::string(c.sources.text(p.sections[0].text_range())) ==
        "You kneel.\nThe guard said: go now.");
  // Text after a section's award group belongs to it, outside its text range.
  CHECK(p.sections[1].text == "You pray.\nHer answer: no.");
  CHECK(std::string(c.sources.text(p.sections[1].text_range())) == "You pray.");
}

TEST_CASE("resolve: prose with an award and no section before it is a section for everyone",
          "[resolve]") {
  Compilation c;
  test::compile(c, "@1\nThe old man said: take it. [W+1]\n");
  REQUIRE(c.diagnostics.all().empty());
  const Paragraph& p = paragraph(c, 1);
  CHECK(p.prose == "The old man said: take it.");
  REQUIRE(p.sections.size() == 1);
  CHECK(p.sections[0].conditions.empty());
  REQUIRE(p.sections[0].award());
  CHECK(p.sections[0].awards().at(0).kind == AwardKind::Wealth);
}

TEST_CASE(
    "resolve: a heading-like line before the first section is TB0086, prose with a colon is not",
    "[resolve]") {
  Compilation c;
  test::compile(c, "@1\nYou rest.\nStar Lore: you find the road. [W+1]\n");
  CHECK(test::codes(c) == std::vector<std::string>{"TB0086"});
  const Diagnostic& d = c.diagnostics.all().at(0);
  CHECK(d.severity == Severity::Warning);
  CHECK(std::string(c.sources.text(d.range)) == "Star Lore");
  const Paragraph& p = paragraph(c, 1);
  CHECK(p.prose == "You rest.\nStar Lore: you find the road.");
  REQUIRE(p.sections.size() == 1);
  CHECK(p.sections[0].conditions.empty());
  CHECK(p.sections[0].award());

  Compilation close; // near a skill: the unknown name with its did-you-mean, as before
  test::compile(close, "@1\nYou rest.\nSeamanshp: you sail on. [W+1]\n");
  REQUIRE(test::codes(close) == std::vector<std::string>{"TB0021"});
  CHECK(close.diagnostics.all().at(0).suggestion == "Seamanship");

  for (const char* prose : {"@1\nThe old man said: take it. [W+1]\n",
                            "@1\nYou rest.\nAt The Gate Of The City: a guard. [W+1]\n",
                            "@1\nYou rest.\n\u65e0\u6280\u80fd\uff1a you walk on. [W+1]\n"}) {
    Compilation quiet;
    test::compile(quiet, prose);
    CHECK(test::codes(quiet).empty());
  }
}

TEST_CASE("resolve: a few words that name skills before the first section are TB0086, the "
          "heading they name suggested",
          "[resolve][zh]") {
  // The pitfall: `Piety and Wisdom:` is no heading (`and` joins
  // nothing), so the line is prose and its award is everyone's; it was silent.
  const struct {
    const char* language;
    const char* text;
    const char* name;
    const char* suggestion;
  } named[] = {
      {"en", "@1\nYou rest.\nPiety and Wisdom: You pray. [S1]\n", "Piety and Wisdom",
       "Piety, Wisdom"},
      {"en", "@1\nYou rest.\npiety and wisdom: You pray. [S1]\n", "piety and wisdom",
       "Piety, Wisdom"},
      {"en", "@1\nYou rest.\nCourage and Wisdom: You pray. [S1]\n", "Courage and Wisdom", "Wisdom"},
      {"zh", "@1\n城门紧闭。\n虔诚与智慧：你在门边祈祷。[S1]\n", "虔诚与智慧", "虔诚，智慧"},
  };
  for (const auto& n : named) {
    INFO(n.text);
    Compilation c;
    test::compile(c, {{"test.tales", n.text}}, n.language);
    REQUIRE(test::codes(c) == std::vector<std::string>{"TB0086"});
    const Diagnostic& d = c.diagnostics.all().at(0);
    CHECK(std::string(c.sources.text(d.range)) == n.name);
    CHECK(d.suggestion == n.suggestion);
    const Paragraph& p = paragraph(c, 1);
    REQUIRE(p.sections.size() == 1);
    CHECK(p.sections[0].conditions.empty()); // an award for everyone, as the warning says
  }
  // A real heading of an alias stays one; a long sentence that mentions a
  // skill before its colon is prose, not a heading the writer meant.
  Compilation alias;
  test::compile(alias, "@1\nYou rest.\nActing and Disguise: You hide. [S1]\nNo Skill: x [S1]\n");
  CHECK(test::codes(alias).empty());
  REQUIRE(paragraph(alias, 1).sections.size() == 2);
  CHECK(paragraph(alias, 1).sections[0].conditions.size() == 1);
  Compilation sentence;
  test::compile(sentence,
                "@1\nYou rest.\nA wise man once said of Piety long ago: it is good. [S1]\n");
  CHECK(test::codes(sentence).empty());
}

TEST_CASE("resolve: in a script without capitals, a vocabulary word before ':' is TB0086",
          "[resolve][zh][ar]") {
  // Chinese (full-width and ASCII colon) and Arabic: a line that holds a skill
  // of the vocabulary, before the first section, is prose and warned of.
  const std::pair<const char*, const char*> looks[] = {
      {"zh", "@1\n城门紧闭。\n虔诚与智慧：你在门边祈祷。[S1]\n"},
      {"zh", "@1\n城门紧闭。\n虔诚与智慧:你在门边祈祷。[S1]\n"},
      {"zh", "@1\n城门紧闭。\n受伤的旅人：你包扎伤口。[W+1]\n"},
      {"ar", "@1\nالبوابة مغلقة.\nالتقوى والحكمة: تصلي عند البوابة. [S1]\n"},
  };
  for (const auto& [language, text] : looks) {
    INFO(text);
    Compilation c;
    test::compile(c, {{"test.tales", text}}, language);
    REQUIRE(test::codes(c) == std::vector<std::string>{"TB0086"});
    const Diagnostic& d = c.diagnostics.all().at(0);
    CHECK(d.severity == Severity::Warning);
    const std::string name(c.sources.text(d.range));
    CHECK((name == "虔诚与智慧" || name == "受伤的旅人" || name == "التقوى والحكمة"));
    const Paragraph& p = paragraph(c, 1);
    REQUIRE(p.sections.size() == 1);
    CHECK(p.sections[0].conditions.empty()); // an award for everyone
    CHECK(p.sections[0].award());
  }
  // Close to a heading: the unknown name with its did-you-mean, as in English.
  Compilation close;
  test::compile(close, {{"test.tales", "@1\n城门紧闭。\n无技能者：你睡了一夜。[S1]\n"}}, "zh");
  REQUIRE(test::codes(close) == std::vector<std::string>{"TB0026"});
  CHECK(close.diagnostics.all().at(0).suggestion == "无技能");
  // Prose with a colon: no word of the vocabulary, a word only inside another
  // (ذكر, male, in تذكرت), or sentence punctuation before the colon.
  const std::pair<const char*, const char*> prose[] = {
      {"zh", "@1\n城门紧闭。\n他说：拿去吧。[S1]\n"},
      {"zh", "@1\n城门紧闭。\n夜深了。虔诚的人说：拿去吧。[S1]\n"},
      {"ar", "@1\nالبوابة مغلقة.\nقال الحارس: خذه. [S1]\n"},
      {"ar", "@1\nالبوابة مغلقة.\nتذكرت الماضي: تصلي. [S1]\n"},
  };
  for (const auto& [language, text] : prose) {
    INFO(text);
    Compilation quiet;
    test::compile(quiet, {{"test.tales", text}}, language);
    CHECK(test::codes(quiet).empty());
  }
}

TEST_CASE("resolve: prose around a known name, `守卫说，虔诚：`, is no heading", "[resolve][zh]") {
  // Before the first section and inside one: the guard's words stay prose, the
  // real headings around them (`无技能：`, `虔诚：`, `博学，智慧：`) stay sections.
  Compilation c;
  test::compile(c,
                {{"test.tales", "@1\n你来到城门前。\n守卫说，虔诚：的人才能进城。\n"
                                "无技能：你离开。[S1]\n"
                                "虔诚：你在门前祈祷。\n守卫说，虔诚：的人才能进城。[D1]\n"
                                "博学，智慧：你读懂了门上的字。[S1]\n"}},
                "zh");
  CHECK(test::codes(c).empty());
  const Paragraph& p = paragraph(c, 1);
  CHECK(p.prose == "你来到城门前。\n守卫说，虔诚：的人才能进城。");
  REQUIRE(p.sections.size() == 3);
  CHECK(p.sections[0].conditions.at(0).kind == ConditionKind::NoSkill);
  REQUIRE(p.sections[1].conditions.size() == 1);
  CHECK(p.sections[1].conditions[0].kind == ConditionKind::Skill);
  CHECK(p.sections[1].conditions[0].id == "piety");
  CHECK(p.sections[1].text == "你在门前祈祷。\n守卫说，虔诚：的人才能进城。");
  REQUIRE(p.sections[1].award());
  CHECK(p.sections[1].awards().at(0).kind == AwardKind::Destiny); // D1: the section's own
  REQUIRE(p.sections[2].conditions.size() == 2);
  CHECK(p.sections[2].conditions[0].id == "scholarship");
  CHECK(p.sections[2].conditions[1].id == "wisdom");

  // After a section's award group it joins that section, as any prose there (TB0321, a warning).
  Compilation after;
  test::compile(
      after,
      {{"test.tales", "@1\n你来到城门前。\n无技能：你离开。[S1]\n守卫说，虔诚：的人才能进城。\n"}},
      "zh");
  CHECK(test::codes(after) == std::vector<std::string>{"TB0321"});
  REQUIRE(paragraph(after, 1).sections.size() == 1);
  CHECK(paragraph(after, 1).sections[0].text == "你离开。\n守卫说，虔诚：的人才能进城。");

  // The English line reads the same way.
  Compilation english;
  test::compile(english, "@1\nYou rest.\nThe guard says, Piety: the pious may pass.\n"
                         "No Skill: You leave. [S1]\n");
  CHECK(test::codes(english).empty());
  CHECK(paragraph(english, 1).prose == "You rest.\nThe guard says, Piety: the pious may pass.");

  // A part that reads like a name keeps the heading and is reported: a near miss
  // with its did-you-mean (TB0021), a phrase around a vocabulary word (TB0026).
  const std::pair<const char*, const char*> headings[] = {
      {"虔诚，智惠：你祈祷。[S1]", "TB0021"},
      {"虔诚，受伤的旅人：你祈祷。[S1]", "TB0026"},
  };
  for (const auto& [line, code] : headings) {
    INFO(line);
    Compilation unknown;
    test::compile(
        unknown,
        {{"test.tales", std::string("@1\n你来到城门前。\n无技能：你离开。[S1]\n") + line + "\n"}},
        "zh");
    REQUIRE(test::codes(unknown) == std::vector<std::string>{code});
    const Paragraph& q = paragraph(unknown, 1);
    REQUIRE(q.sections.size() == 2);
    REQUIRE(q.sections[1].conditions.size() == 1); // the unknown name is dropped
    CHECK(q.sections[1].conditions[0].id == "piety");
  }
  Compilation near;
  test::compile(
      near,
      {{"test.tales", "@1\n你来到城门前。\n无技能：你离开。[S1]\n虔诚，智惠：你祈祷。[S1]\n"}},
      "zh");
  CHECK(near.diagnostics.all().at(0).suggestion == "智慧");

  // Before the first section, a list that names a skill and carries an award
  // group reads as a heading the writer may have meant: the award is for
  // everyone, and TB0086 says so at the part that is no name (never silent).
  for (const char* line : {"虔诚，航海：你祈祷。[S1]", "守卫说，虔诚：你祈祷。[S1]"}) {
    INFO(line);
    Compilation first;
    test::compile(
        first,
        {{"test.tales", std::string("@1\n你来到城门前。\n") + line + "\n无技能：你离开。[S1]\n"}},
        "zh");
    REQUIRE(test::codes(first) == std::vector<std::string>{"TB0086"});
    const Paragraph& q = paragraph(first, 1);
    REQUIRE(q.sections.size() == 2);
    CHECK(q.sections[0].conditions.empty()); // for everyone
    CHECK(q.sections[1].conditions.at(0).kind == ConditionKind::NoSkill);
  }
}

TEST_CASE("resolve: a misspelt treasure heading is reported with the treasure", "[resolve]") {
  Compilation c;
  test::compile(c, "@1\nIonian Gem: x [S1]\n@20 treasure Ionian Gems\n");
  REQUIRE(test::codes(c) == std::vector<std::string>{"TB0023"});
  CHECK(c.diagnostics.all()[0].suggestion == "Ionian Gems");
}

TEST_CASE("resolve: a second award group in demoted prose is still an error", "[resolve]") {
  Compilation c;
  test::compile(c, "@1\nNo Skill: x [S1]\nThe guard said: go now. [D1]\n");
  // Said where the line that is no heading starts (TB0322), not as TB0043.
  REQUIRE(test::codes(c) == std::vector<std::string>{"TB0322"});
  CHECK(c.diagnostics.all()[0].severity == talebook::Severity::Error);
}

TEST_CASE("resolve: chart entries and city encounters carry their matrix rows", "[resolve]") {
  Compilation c;
  c.book.entry_points = {"10"}; // no card names the chart
  test::compile(c, "@matrix H\nOptions: Pray | Wait\nOld: 3 | NE\nWicked Old: 3 | ★\n"
                   "@2\nNo Skill: x [S1]\n@3\nNo Skill: x [S1]\n@4\nNo Skill: x [S1]\n"
                   "@10 chart\n1. Old Man (H)\n2. WICKED OLD Woman (H)\n3. Old Man (H)\n"
                   "4. Old Man (H)\n5. Old Man (H)\n6. Old Man (H)\n"
                   "@card city Bantus\n1: [W-1]\n2: [D1]\n3: [D1]\n4: [D1]\n5: [D1]\n"
                   "6: Encounter a Wicked Old Hag (H)\n");
  REQUIRE(c.diagnostics.all().empty());
  const auto& entries = paragraph(c, 10).chart->entries;
  CHECK(entries[0].row == 0);
  CHECK(entries[1].row == 1); // the longest adjective, folded
  CHECK(entries[1].adjective == "Wicked Old");
  const auto& refs = c.book.cards.at(0).results.at(5).matrix_refs;
  REQUIRE(refs.size() == 1);
  CHECK(refs[0].row == 1);
}

TEST_CASE("resolve: Chinese city encounters match rows without blanks", "[resolve]") {
  Compilation c;
  REQUIRE(compile_book(test::source_dir() + "/locales/zh", c));
  bool found = false;
  for (const Card& card : c.book.cards)
    for (const CityResult& r : card.results)
      for (const MatrixRef& ref : r.matrix_refs) {
        CHECK(ref.row >= 0);
        found = found || ref.being.view().find("\xE8\x80\x81") != std::string::npos; // 老
      }
  CHECK(found);
}

TEST_CASE("resolve: a prose line the parser could not read reports only its syntax error",
          "[resolve]") {
  Compilation c;
  test::compile(c, "@1\nNo Skill: x [S1]\nRiding far: y [/W+1]\n@2\nRiding far: y [/W+1]\n");
  CHECK(test::codes(c) == std::vector<std::string>{"TB0003", "TB0003"});
  for (const Diagnostic& d : c.diagnostics.all())
    CHECK(d.range.valid());
  REQUIRE(c.book.paragraph(2) != nullptr);
  CHECK(c.book.paragraph(2)->sections.empty());
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
