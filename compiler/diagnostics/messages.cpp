#include "compiler/diagnostics/messages.hpp"

#include <cstdlib>
#include <iterator>
#include <map>

namespace talebook {
namespace {

struct Table {
  std::string language;
  std::map<std::string, std::string, std::less<>> patterns; // "TB0011" -> pattern
};

// The tables of messages/*.tsv, compiled in by CMake: {"zh", R"(...)"}, ...
struct Embedded {
  const char* language;
  const char* text;
};
constexpr Embedded embedded[] = {
#include "compiler/diagnostics/messages_tables.inc"
};

// English texts that are no code's message (the codes' are in diagnostics.def).
constexpr const char* english_texts[] = {
    "; did you mean ''{0}''?",
    "{0, plural, one {{0, number, ::group-off} error} other {{0, number, ::group-off} errors}}, "
    "{1, plural, one {{1, number, ::group-off} warning} other {{1, number, ::group-off} warnings}} "
    "generated.",
    "''{0}'' checks clean: {1, plural, one {# paragraph} other {# paragraphs}}",
    "replace with ''{0}''",
    "▶ play from here",
    "{0, select, award {award paragraph} chart {encounter chart} status {status} treasure "
    "{treasure} place {place of power} quest {quest} other {{0}}}",
    "{0, select, skill {skill} status {status} wealth {wealth level} heading {heading} award "
    "{award} option {option} terrain {terrain} other {{0}}}",
    "{0, select, character {character} terrain {terrain} city {city} special {Special} other "
    "{{0}}} card",
    "led to from:",
    "no such paragraph",
    "cell {0, number, ::group-off} leads to",
    "no such matrix",
    "(reaction matrix): {0, number, ::group-off} rows, options:",
    "{0}, row {1}:",
    "space of the map",
    "black {0, number, ::group-off}",
    "Wild Area",
    "start",
    "place of power {0, number, ::group-off}",
    "product of the Merchant Display: row {0, number, ::group-off}, column {1, number, "
    "::group-off}",
    "sold in {0}",
    "{0, select, contents {Contents} paragraphs {Paragraphs} matrices {Reaction matrices} cards "
    "{Cards} map {Map of the world} findings {Findings} search {Search the paragraphs} no_results "
    "{No paragraph matches} leads_here {Leads here} nothing_leads_here {Nothing leads here} "
    "unreachable {unreachable} fallback {from the source book} stale {stale: translates an older "
    "source} unreviewed {not reviewed} untranslated {not translated} source {Source} translation "
    "{Translation} play {Play in the browser} print {The whole book, to print} rules {the rules} "
    "book_findings {Findings about the whole book} no_findings {Nothing to report} other {{0}}}",
    "{0, plural, one {{0, number, ::group-off} paragraph} other {{0, number, ::group-off} "
    "paragraphs}}, {1, plural, one {{1, number, ::group-off} error} other {{1, number, "
    "::group-off} errors}}, {2, plural, one {{2, number, ::group-off} warning} other {{2, number, "
    "::group-off} warnings}}, {3, number, ::group-off} unreachable",
    "paragraphs {0, number, ::group-off} to {1, number, ::group-off}",
    "{0, select, destiny {{1, number, ::sign-always group-off} Destiny} story {{1, number, "
    "::sign-always group-off} Story} wealth {{1, number, ::sign-always group-off} Wealth} skill "
    "{skill: {2}} status {status: {2}} lose_skill {loses skill: {2}} lose_status {loses status: "
    "{2}} random_treasure {a random treasure} treasure {treasure: {2}} quest_success {quest "
    "success} go_to {go to {2}} enter_place {may enter {2}} death {death} lose_treasure {loses "
    "treasure: {2}} lose_statuses {loses any statuses of their choice} move_to_space {moves to "
    "{2}} move_to_terrain {moves to a space of {2}} use_any_skill {may use any skill} other {{2}}}",
};
static_assert(std::size(english_texts) == std::size(message_text_keys));

// `CODE<TAB>pattern` lines; `#` starts a comment line.
Table parse_table(const char* language, std::string_view text) {
  Table table{language, {}};
  while (!text.empty()) {
    std::size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    std::size_t tab = line.find('\t');
    if (line.empty() || line[0] == '#' || tab == std::string_view::npos) continue;
    table.patterns.emplace(std::string(line.substr(0, tab)), std::string(line.substr(tab + 1)));
  }
  return table;
}

const std::vector<Table>& tables() {
  static const std::vector<Table> all = [] {
    std::vector<Table> list;
    for (const Embedded& e : embedded)
      list.push_back(parse_table(e.language, e.text));
    return list;
  }();
  return all;
}

const Table* table_of(std::string_view language) {
  for (const Table& t : tables())
    if (t.language == language) return &t;
  return nullptr;
}

bool is_english(std::string_view language) {
  return language.empty() || language == "en";
}

} // namespace

const std::vector<std::string>& message_languages() {
  static const std::vector<std::string> all = [] {
    std::vector<std::string> list = {"en"};
    for (const Table& t : tables())
      list.push_back(t.language);
    return list;
  }();
  return all;
}

std::string message_language_of(std::string_view locale) {
  if (locale.empty()) return "";
  // The language is what comes before `_`, `-`, `.` or `@` (POSIX and BCP 47).
  std::string language(locale.substr(0, locale.find_first_of("_-.@")));
  for (char& c : language)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  for (const std::string& shipped : message_languages())
    if (shipped == language) return shipped;
  return "en"; // C, POSIX and languages without a table
}

std::string message_language_from_environment() {
  for (const char* name : {"LC_ALL", "LC_MESSAGES", "LANG"}) {
    const char* value = std::getenv(name);
    if (value && *value) return message_language_of(value);
  }
  return "en";
}

const char* message_pattern(Code code, std::string_view language) {
  if (is_english(language)) return info(code).message;
  const Table* table = table_of(language);
  if (!table) return nullptr;
  auto it = table->patterns.find(std::string_view(info(code).code));
  return it == table->patterns.end() ? nullptr : it->second.c_str();
}

const char* message_pattern(MessageText text, std::string_view language) {
  auto index = static_cast<std::size_t>(text);
  if (is_english(language)) return english_texts[index];
  const Table* table = table_of(language);
  if (!table) return nullptr;
  auto it = table->patterns.find(std::string_view(message_text_keys[index]));
  return it == table->patterns.end() ? nullptr : it->second.c_str();
}

std::string localized(Code code, const std::vector<Arg>& args, std::string_view language) {
  if (const char* pattern = message_pattern(code, language))
    return format_message(pattern, args, std::string(language).c_str());
  return format_message(info(code).message, args);
}

std::string localized(MessageText text, const std::vector<Arg>& args, std::string_view language) {
  if (const char* pattern = message_pattern(text, language))
    return format_message(pattern, args, std::string(language).c_str());
  return format_message(english_texts[static_cast<std::size_t>(text)], args);
}

std::string message_in(const Diagnostic& d, std::string_view language) {
  return is_english(language) ? d.message : localized(d.code, d.args, language);
}

std::string full_message_in(const Diagnostic& d, std::string_view language) {
  std::string message = message_in(d, language);
  if (d.suggestion.empty()) return message;
  // English keeps the name's bytes as written (ICU would make invalid UTF-8 U+FFFD).
  if (is_english(language)) return message + "; did you mean '" + d.suggestion + "'?";
  return message + localized(MessageText::Suggestion, {arg::name(d.suggestion)}, language);
}

std::string message_in(const Note& n, std::string_view language) {
  return is_english(language) ? n.message : localized(n.code, n.args, language);
}

} // namespace talebook
