// Diagnostics in the writer's language. The English messages are the patterns
// of diagnostics.def; every other language is a table of its own,
// compiler/diagnostics/messages/<language>.tsv (one line per code: the code, a
// tab, the ICU MessageFormat pattern with the English pattern's arguments),
// compiled into talec: an installed talec reads no file to speak a language.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "compiler/diagnostics/diagnostics.hpp"

namespace talebook {

// Texts that are not a code's message but go with the diagnostics.
enum class MessageText : std::uint8_t {
  Suggestion,   // "; did you mean ''{0}''?" after a message
  Summary,      // "{0} errors, {1} warnings generated." after the text format
  Clean,        // "''{0}'' checks clean: {1} paragraphs" (check on a terminal, nothing to report)
  QuickFix,     // "replace with ''{0}''" (the language server's code action for a suggestion)
  PlayFromHere, // "▶ play from here" (the language server's code lens on a paragraph header)
  // The language server's labels around the book's own words (hover, completion):
  ParagraphKindWords, // a paragraph's kind, by its keyword ("award" -> "award paragraph")
  VocabKindWords,     // a vocabulary name's kind ("wealth" -> "wealth level")
  CardKindWords,      // a card's kind ("special" -> "Special card")
  HoverLedFrom,       // what leads to a paragraph
  HoverNoParagraph,   // a number no paragraph has
  HoverCell,          // a matrix cell's three paragraphs
  HoverNoMatrix,      // a letter no matrix has
  HoverMatrix,        // a matrix's rows and options
  HoverRow,           // a matrix row: the matrix, the row
  HoverSpace,         // a space of the map
  HoverBlack,         // a space's black number
  HoverWild,          // the Wild Area
  HoverStart,         // where the characters start
  HoverPlace,         // a space's place of power
  HoverProduct,       // a product's box
  HoverSoldIn,        // the cities that sell a product
  // The fixed words of a `talec html` site, in the book's language (compiler/html/):
  SiteWord,    // a heading or mark of the site, by its id ("leads_here" -> "Leads here")
  SiteSummary, // a book's counts: paragraphs, errors, warnings, unreachable paragraphs
  SitePage,    // a page of paragraphs: its first and last number
  SiteAward,   // an award item as words: its kind, its amount, its name
  // The language server's own words (compiler/lsp/), each a select on a keyword:
  ProtocolError,   // a JSON-RPC error of the protocol ("initialize first", "no method 'x'")
  BadParam,        // a request's member that is missing or of the wrong type
  RenameRefused,   // why a rename or prepareRename is refused
  PlayBadArgument, // a bad argument of the play-from-here command
  PlayRefused,     // why the play-from-here command cannot play
  SymbolDetail,    // a document symbol's detail ("reaction matrix", "row")
  HoverInMatrix,   // a matrix cell: its matrix, row and option (and its number)
};
inline constexpr const char* message_text_keys[] = {
    "suggestion",         "summary",           "clean",
    "quick_fix",          "play_from_here",    "paragraph_kind",
    "vocab_kind",         "card_kind",         "hover_led_from",
    "hover_no_paragraph", "hover_cell",        "hover_no_matrix",
    "hover_matrix",       "hover_row",         "hover_space",
    "hover_black",        "hover_wild",        "hover_start",
    "hover_place",        "hover_product",     "hover_sold_in",
    "site_word",          "site_summary",      "site_page",
    "site_award",         "protocol_error",    "bad_param",
    "rename_refused",     "play_bad_argument", "play_refused",
    "symbol_detail",      "hover_in_matrix"};

// The shipped languages, English first ("en", "zh").
const std::vector<std::string>& message_languages();
// A shipped language for a locale name: `zh`, `zh_CN.UTF-8`, `zh-Hans-CN` ->
// "zh"; `C`, `POSIX` and an unknown language -> "en"; empty for an empty name.
std::string message_language_of(std::string_view locale);
// The language of the environment, POSIX style: the first non-empty of
// LC_ALL, LC_MESSAGES and LANG, else "en".
std::string message_language_from_environment();

// A code's pattern in `language`; nullptr when the table lacks it (English
// always has it). The pattern a message falls back to is English.
const char* message_pattern(Code code, std::string_view language);
const char* message_pattern(MessageText text, std::string_view language);

// Formats a message of `language` (ICU MessageFormat with the language's
// plural rules), falling back to English for a missing line.
std::string localized(Code code, const std::vector<Arg>& args, std::string_view language);
std::string localized(MessageText text, const std::vector<Arg>& args, std::string_view language);
// A diagnostic's message, its message with the suggestion, a note's message.
std::string message_in(const Diagnostic& d, std::string_view language);
std::string full_message_in(const Diagnostic& d, std::string_view language);
std::string message_in(const Note& n, std::string_view language);

} // namespace talebook
