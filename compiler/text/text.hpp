// Unicode text handling, all of it through ICU: UTF-8 checks, normalization,
// case folding (with full-width folding), display width, word segmentation and
// edit distance for "did you mean".
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace talebook::text {

// True when every byte is ASCII (the fast paths below).
bool is_ascii(std::string_view s);
// Without leading and trailing blanks (space, tab) and a trailing CR.
std::string trim(std::string_view s);
std::string_view trim_view(std::string_view s); // the same, a view into `s`

// Byte offset of the first invalid UTF-8 sequence, if any.
std::optional<std::size_t> first_invalid_utf8(std::string_view s);
bool is_nfc(std::string_view s);
std::string to_nfc(std::string_view s);
// The key names are matched by: NFKC case folding (so `NO SKILL`, `No Skill`
// and full-width `ＮＯ ＳＫＩＬＬ` are one name), runs of white space made one space.
std::string name_key(std::string_view s);
// The key a search matches by: NFKC, then lowercased (Unicode's full, locale
// independent mapping), runs of white space made one space, trimmed. A web
// page gets the same from `s.normalize('NFKC').toLowerCase()` (compiler/html/).
std::string search_key(std::string_view s);
// A comment line of a `.tales` file: it starts with `%` or the full-width `％`
// (grammar/tales.hpp, comment_line); indented, it is text.
bool is_comment_line(std::string_view line);
// Runs of Unicode white space made one ASCII space; leading and trailing ones dropped.
std::string collapse_space(std::string_view s);
// Folds full-width forms of the code characters (`＠`, `：`, `Ｄ２`) and the
// decimal digits of every script (Arabic-Indic `١٢`) to ASCII.
std::string fold_width(std::string_view s);
// Columns a terminal gives the text: grapheme clusters, East Asian wide = 2.
std::size_t display_width(std::string_view s);
// Words by ICU word segmentation (Chinese gets dictionary-based words).
std::size_t word_count(std::string_view s, const char* locale);
// The words word_count counts, in order (punctuation and spaces left out).
std::vector<std::string> words(std::string_view s, const char* locale);
// True when `s` is one to `max_words` words split by spaces, each starting with
// a capital letter (`Star Lore`, `Ḥikma`): what a heading's name looks like in
// a script with capitals. Unicode's uppercase and titlecase letters count.
bool is_capitalised_words(std::string_view s, std::size_t max_words);
// Where each word of `s` (as words() finds them) begins and ends, in bytes.
std::vector<std::pair<std::size_t, std::size_t>> word_spans(std::string_view s, const char* locale);
// True when `s` has letters and none of them has case (Han, Arabic): a script
// in which is_capitalised_words cannot tell a heading from prose.
bool is_caseless(std::string_view s);
// `s` with each control character (C0 and DEL) as its Unicode picture (ESC as
// U+241B, a newline as U+240A): what a terminal may show of a user's text (a
// file name, a quoted line) without obeying it. Other bytes are kept as they are.
std::string control_pictures(std::string_view s);
// Levenshtein distance in code points.
std::size_t edit_distance(std::string_view a, std::string_view b);
// A decimal digit at byte `i` of `s`, ASCII or Arabic-Indic (U+0660..U+0669,
// as the grammar reads numbers): the bytes it takes (0: none there) and, in
// `value`, its value.
std::size_t digit_at(std::string_view s, std::size_t i, int* value = nullptr);
// A run of such digits: its bytes [begin, end), its value (capped past
// 2^32, so that no paragraph number matches an overflow), its script.
struct DigitRun {
  std::size_t begin = 0, end = 0;
  std::uint64_t value = 0;
  bool arabic = false;
};
std::vector<DigitRun> digit_runs(std::string_view s);
// `n` in ASCII digits, or in Arabic-Indic ones.
std::string written_number(std::uint64_t n, bool arabic);
// The closest candidate within a distance that grows with the name's length.
std::optional<std::string> closest(std::string_view name,
                                   const std::vector<std::string>& candidates);

} // namespace talebook::text
