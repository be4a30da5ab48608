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
    "{0, select, nested {the message is nested too deeply} no_json {the message is no JSON} "
    "not_rpc {not a JSON-RPC 2.0 message} no_method {a message without a method} "
    "method_not_string {the method is not a string} initialized_twice {initialize was already "
    "received} not_initialized {initialize first} shut_down {the server is shut down} "
    "unknown_method {no method ''{1}''} header_too_long {a header line longer than 4096 bytes} "
    "no_length {a message without a valid Content-Length header} other {{0}}}",
    "''{0}'' {1, select, missing {is missing} no_parent {is missing: its parent is not an object} "
    "string {must be a string} uinteger {must be an integer from 0 to 2147483647} boolean {must be "
    "true or false} array {must be an array} other {{1}}}",
    "{0, select, not_a_number {''{5}'' is no paragraph number} translation {a translation numbers "
    "its paragraphs as its source book does: rename in the source book, and its translations "
    "follow} not_renamable {only a paragraph number or a name (a treasure, a place, a quest, a "
    "matrix row) can be renamed here} leads_to {this name leads to paragraph {1, number, "
    "::group-off}: rename its number where it is written} read_through_cell {paragraph {1, number, "
    "::group-off} is read through matrix cell {2, number, ::group-off} ({3, number, "
    "::group-off}-{4, number, ::group-off}): rename the cell, and its three move together} "
    "no_paragraph {there is no paragraph {1, number, ::group-off} to rename} cell_zero {cell 0 "
    "reads no paragraphs} overlap {paragraph {1, number, ::group-off} is read by cell {2, number, "
    "::group-off} too: the two cells'' paragraphs overlap} cell_one {cell 1 would read paragraph "
    "0} exists {paragraph {1, number, ::group-off} exists already} would_be_read {paragraph {1, "
    "number, ::group-off} would be read by matrix cell {2, number, ::group-off}} not_in_book {not "
    "a file of a book} empty_name {a name cannot be empty} mark {''{5}'' has ''{6}'', which ends a "
    "name in a .tales line} vocabulary {{7, select, award {an award} chart {a chart} status {a "
    "status} treasure {a treasure} place {a place} quest {a quest} other {a {7}}}''s name is a "
    "word of the vocabulary: rename it in vocabulary.json} row_taken {matrix {6} has a row "
    "''{5}'' already} not_here {the name is not written here} taken {{7, select, award {an "
    "award} chart {a chart} status {a status} treasure {a treasure} place {a place} quest {a "
    "quest} other {a {7}}} ''{5}'' exists already (@{1, number, ::group-off})} other {{0}}}",
    "{0, select, arguments {''arguments'' must hold one object: '{'uri, paragraph, seed, "
    "situation, answers'}'} uri {''uri'' names no file this server can read} seed {''seed'' must "
    "be an integer from 0 to 18446744073709551615} situation_string {''situation'' must be a "
    "string (talec play --start LIST: \"status=wounded,wealth=Rich\")} answers {''answers'' must "
    "be an array of numbers} answer {''answers'' must be an array of numbers, each a choice as a "
    "menu numbers it, not {1}} command {no command ''{1}'' (the server runs {2})} not_in_book "
    "{''uri'' is no file of a book (a book.json in its folder or above that reads it)} situation "
    "{''situation'': {1}} not_a_choice {''answers''[{3, number, ::group-off}] is {4, number, "
    "::group-off}, not a choice of \"{1}\" ({5, plural, =1 {{6, number, ::group-off}} other {{2} "
    "or {6, number, ::group-off}}})} other {{0}}}",
    "{0, select, errors {paragraph {1, number, ::group-off} cannot be played: the book has {2, "
    "plural, one {{2, number, ::group-off} error} other {{2, number, ::group-off} errors}} (its "
    "diagnostics say which), so it cannot be built} not_built {paragraph {1, number, ::group-off} "
    "cannot be played: the book cannot be built: {3}} not_begun {paragraph {1, number, "
    "::group-off} cannot be played: {3}} engine {the engine refused its own choice {2, number, "
    "::group-off} of \"{3}\"} other {{3}}}",
    "{0, select, matrix {reaction matrix} row {row} map {movement rates} space {space} display "
    "{Merchant Display} other {{0}}}",
    "{0, select, cell {matrix {1}: {2} / {3} (cell {4, number, ::group-off})} other {matrix {1}: "
    "{2} / {3}}}",
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
