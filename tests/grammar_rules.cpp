// Accept/reject tables for each construct of the grammar, and the analysis
// that finds rules which could loop forever.
#include <catch2/catch.hpp>

#include <tao/pegtl/contrib/analyze.hpp>

#include <map>

#include "compiler/model/vocabulary.hpp"
#include "compiler/parse/parser.hpp"
#include "grammar/tales.hpp"
#include "tests/paths.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

namespace pegtl = tao::pegtl;
namespace g = talebook::grammar;

namespace {

// The whole input must match the rule (no actions, no errors raised outside).
template <typename Rule> bool accepts(const std::string& text) {
  pegtl::memory_input<> in(text, "test");
  try {
    return pegtl::parse<pegtl::seq<Rule, pegtl::eof>>(in);
  } catch (const pegtl::parse_error&) {
    return false;
  }
}

// The same with a language's code punctuation (what the parser's state gives the grammar).
struct MarksState {
  const g::CodeMarks* code_marks;
};
template <typename Rule> bool accepts_in(const std::string& text, const g::CodeMarks& marks) {
  pegtl::memory_input<> in(text, "test");
  MarksState state{&marks};
  try {
    return pegtl::parse<pegtl::seq<Rule, pegtl::eof>>(in, state);
  } catch (const pegtl::parse_error&) {
    return false;
  }
}

talebook::Vocabulary vocabulary_of(const std::string& language) {
  talebook::Vocabulary v;
  std::string path = test::source_dir() + "/locales/" + language + "/vocabulary.json";
  if (!v.load_file(path).message.empty()) throw std::runtime_error("cannot load " + path);
  return v;
}

template <typename Rule> void table(std::initializer_list<std::pair<const char*, bool>> rows) {
  for (auto [text, expected] : rows) {
    INFO("input: " << text);
    CHECK(accepts<Rule>(text) == expected);
  }
}

} // namespace

TEST_CASE("grammar: no rule can loop forever", "[grammar]") {
  CHECK(pegtl::analyze<g::file>(1) == 0);
  CHECK(pegtl::analyze<g::heading_only>(1) == 0);
}

TEST_CASE("grammar: paragraph headers", "[grammar]") {
  table<g::paragraph_header>(
      {{"@328\n", true},
       {"@4 chart\n", true},
       {"@119 status Beloved\n", true},
       {"@601 place City of Brass\n", true},
       {"\xEF\xBC\xA0\xEF\xBC\x93\xEF\xBC\x92\xEF\xBC\x98\n", true}, // ＠３２８
       {"@ 328\n", false},
       {"@x\n", false},
       {"@328chart\n", false}});
}

TEST_CASE("grammar: award groups in brackets", "[grammar]") {
  table<g::award_group>({{"[S1]", true},
                         {"[D2/S1/W+1 (Max: Poor)/Storytelling]", true},
                         {"[S1/D1/Trea*/Q:S]", true},
                         {"[D-1/Scorned]", true},
                         {"[W + 1 (Max: Rich)]", true},
                         {"[Magic (1 use)/Lost (1 turn)]", true},
                         {"[Ionian Gems (154)/Go to 134/Enter City of Brass/Death]", true},
                         {"[Trea* if Merchant/D1 if Quest]", true},
                         {"\xEF\xBC\xBB\xEF\xBC\xA4\xEF\xBC\x92\xEF\xBC\xBD", true}, // ［Ｄ２］
                         {"[ S1 / D1 ]", true},
                         {"[]", false},
                         {"[S1/]", false},
                         {"[S1", false},
                         {"[S1//D1]", false}});
}

TEST_CASE("grammar: bare 1985 award groups end a line", "[grammar]") {
  using bare_line = pegtl::seq<g::bare_award, pegtl::eol>;
  table<bare_line>({{". S1.\n", true},
                    {". D2/S1/W + 1 (Max: Poor)/Storytelling\n", true},
                    {"! D1/Piety\n", true},
                    {". S1/D1/Trea*/Q:S.\n", true},
                    {". Storytelling\n", false}, // one item that is no D, S or W code
                    {". Come back tomorrow.\n", false},
                    {". Sleep now.\n", false},
                    {". S1. And more\n", false},
                    {"S1.\n", false}});
}

TEST_CASE("grammar: references in prose", "[grammar]") {
  table<g::paragraph_ref>({{"(134)", true},
                           {"( 134 )", true},
                           {"\xEF\xBC\x88"
                            "134"
                            "\xEF\xBC\x89",
                            true},
                           {"(H)", false},
                           {"(1 use)", false}});
  table<g::matrix_ref>({{"(H)", true}, {"(h)", false}, {"(HH)", false}, {"(134)", false}});
}

TEST_CASE("grammar: a plain text run stops where another inline item may start", "[grammar]") {
  table<g::plain_text>({{"You rest, and sleep: 3 nights @ 5 dinars", true},
                        {"tab\tand | bar ] ~", true},
                        {"ends.", false},
                        {"a (134)", false},
                        {"a [S1]", false},
                        {"cry!", false},
                        {"\"quote", false},
                        {"it's", false},
                        {"na\xC3\xAFve", false},
                        {"line\n", false},
                        {"", false}});
}

TEST_CASE("grammar: section headings", "[grammar]") {
  table<g::roll_heading>({{"1-3:", true},
                          {"6+:", true},
                          {"4:", true},
                          {"2\xE2\x80\x93"
                           "7:",
                           true},
                          {"1-:", false},
                          {"x:", false}});
  table<g::name_heading>({{"No Skill:", true},
                          {"NO SKILL:", true},
                          {"Quick Thinking, Scholarship:", true},
                          {"Insane (mandatory):", true},
                          {"Vizier (mandatory), Courtly Graces:", true},
                          {"Courtly Graces or Wisdom:", true},
                          {"\xE6\x97\xA0\xE6\x8A\x80\xE8\x83\xBD\xEF\xBC\x9A", true}, // 无技能：
                          {"No Skill", false},
                          {": text", false}});
}

TEST_CASE("grammar: encounter chart entries", "[grammar]") {
  table<g::chart_entry>({{"1. Lost Merchant (J)\n", true},
                         {"12. Terrible Storm (G)\n", true},
                         {"3. 'Efreet Prince (K)\n", true},
                         {"1. Lost Merchant\n", false},
                         {"Lost Merchant (J)\n", false},
                         {"1. Lost Merchant (j)\n", false}});
}

TEST_CASE("grammar: reaction matrices", "[grammar]") {
  table<g::matrix_header>({{"@matrix G\n", true}, {"@matrix g\n", false}, {"@matrix\n", false}});
  table<g::options_line>({{"Options: Pray | Avoid | Wait\n", true},
                          {"Options: Pray for guidance | Hide safely\n", true},
                          {"Options: Pray |\n", false}});
  table<g::matrix_row>(
      {{"Terrible: 703 | \xE2\x98\x85 | 701 | 699 | \xE2\x98\x85 | \xE2\x98\x85\n", true},
       {"Mild: NE | 705 | * | 707\n", true},
       {"All-Powerful: 1|2|3\n", true},
       {"Terrible: 703 | x\n", false},
       {"Terrible 703 | 701\n", false}});
}

TEST_CASE("grammar: cards", "[grammar]") {
  table<g::card_header>({{"@card character Sage (A): 85, 90, 99\n", true},
                         {"@card terrain Magnetic Mountain: Mountain 1*, Sea 2, City 6\n", true},
                         {"@card city Bantus\n", true},
                         {"@card character Sage: 85, 90, 99\n", false},
                         {"@card terrain Rocks: Sea\n", false},
                         {"@card planet Mars\n", false}});
  table<g::city_result>({{"1: [W-1]\n", true},
                         {"2: [D3] if any status, otherwise [D1]\n", true},
                         {"6: Encounter 'Efreeteh (134), Thief (97), Old Man (H)\n", true},
                         {"x: [W-1]\n", false}});
}

TEST_CASE("grammar: whole files", "[grammar]") {
  table<g::file>({{"", true},
                  {"\xEF\xBB\xBF@1\nText. [S1]\n", true},
                  {"@1\r\nText.\r\nNo Skill: x [S1]\r\n", true},
                  {"% only a comment\n\n", true},
                  {"@1\ntext\n@2 chart\n1. Old Man (H)\n", true}});
}

TEST_CASE("grammar: every punctuation form a locale lists is one the grammar reads", "[grammar]") {
  using Accepts = bool (*)(const std::string&, const g::CodeMarks&);
  std::map<std::string, std::vector<Accepts>> roles = {
      {"colon", {accepts_in<g::colon>}},
      {"comma", {accepts_in<g::comma>}},
      {"list", {accepts_in<g::list_mark>}},
      {"period", {accepts_in<g::period>}},
      {"open_paren", {accepts_in<g::open_paren>}},
      {"close_paren", {accepts_in<g::close_paren>}},
      {"open_bracket", {accepts_in<g::open_bracket>}},
      {"close_bracket", {accepts_in<g::close_bracket>}},
      {"slash", {accepts_in<g::slash>}},
      {"bar", {accepts_in<g::bar>}},
      {"digits", {accepts_in<g::number>}},
      {"sentence_end", {accepts_in<g::latin_sentence_end>, accepts_in<g::wide_sentence_end>}}};
  for (const char* language : {"en", "zh", "ar"}) {
    talebook::Vocabulary v = vocabulary_of(language);
    g::CodeMarks marks = talebook::code_marks(v);
    for (const char* role : g::mark_names) {
      INFO(language << " " << role);
      REQUIRE(roles.count(role) == 1);
      CHECK_FALSE(v.punctuation(role).empty());
      for (const std::string& form : v.punctuation(role)) {
        INFO(form);
        bool accepted = false;
        for (Accepts accepts : roles[role])
          accepted = accepted || accepts(form, marks);
        CHECK(accepted);
      }
    }
  }
}

TEST_CASE("grammar: a language's own punctuation is code in its books only", "[grammar]") {
  g::CodeMarks en = talebook::code_marks(vocabulary_of("en"));
  g::CodeMarks zh = talebook::code_marks(vocabulary_of("zh"));
  g::CodeMarks ar = talebook::code_marks(vocabulary_of("ar"));
  CHECK(accepts_in<g::comma>("\u060C", ar)); // ،
  CHECK_FALSE(accepts_in<g::comma>("\u060C", en));
  CHECK_FALSE(accepts_in<g::comma>("\u060C", zh));
  CHECK(accepts_in<g::comma>("\u3001", zh)); // 、
  CHECK_FALSE(accepts_in<g::comma>("\u3001", ar));
  CHECK(accepts_in<g::number>("\u0661\u0662", ar)); // ١٢
  CHECK_FALSE(accepts_in<g::number>("\u0661\u0662", en));
  CHECK(accepts_in<g::number>("１２", en)); // full width: always
  CHECK(accepts_in<g::heading_only>("Piety\u060C Wisdom: ", ar));
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
