// The grammar's actions for paragraphs: headers, inline text (references and
// award groups), sections and chart entries. Included once, by parser.cpp.
// Work on words lives in parser_headings.cpp and parser_awards.cpp.
#pragma once

#include <cctype>
#include <type_traits>
#include <utility>

#include <tao/pegtl.hpp>

#include "compiler/parse/parse_errors.hpp"
#include "compiler/parse/parser_state.hpp"
#include "compiler/text/text.hpp"

namespace talebook::actions {

namespace pegtl = tao::pegtl;
namespace g = grammar;

// Syntax errors: record the diagnostic, then unwind to the enclosing
// try_catch (a line or a block), which skips what could not be read.
template <typename Rule> struct ParseControl : pegtl::normal<Rule> {
  template <typename ParseInput, typename... States>
  [[noreturn]] static void raise(const ParseInput& in, States&&... st) {
    static_assert(expected<Rule> != nullptr, "a must<> rule needs a message in parse_errors.hpp");
    (report_syntax(in, st), ...);
    (mark_damaged(st), ...);
    // Already reported with its place (report_syntax). No line and column
    // here: in.position() counts lines from the start of the file (lazy
    // tracking), which made error recovery quadratic in the bad lines.
    throw pegtl::parse_error(expected<Rule>,
                             pegtl::position(std::size_t(in.current() - in.begin()), 0, 0, ""));
  }
  // A section whose line could not be read has an award group we did not
  // see: give it an empty one, so no "section has no award group" follows.
  static void mark_damaged(ParseState& st) {
    if (st.paragraph() && st.section >= 0 && !st.sections[st.section].has_award())
      st.sections[st.section].set_award(AwardCode{});
  }
  template <typename ParseInput> static void report_syntax(const ParseInput& in, ParseState& st) {
    const char* at = in.current();
    const char* end = at;
    while (end < in.end() && *end != '\n' && *end != '\r' && end - at < 1)
      ++end;
    // `[D1/S1/` or `[D1/S1` at the end of a line: a group wrapped over two lines.
    if constexpr (std::is_same_v<Rule, grammar::award_item> ||
                  std::is_same_v<Rule, grammar::award_close>)
      if (at == in.end() || *at == '\n' || *at == '\r') {
        st.report(Code::wrapped_award, st.range(at, end));
        return;
      }
    st.report(Code::syntax, st.range(at, end), {arg::keyword(expected<Rule>)});
  }
};

template <typename Rule> struct Action : pegtl::nothing<Rule> {};

// Rolls are `int` in the model; a larger one is reported (TB0060) and read as 0.
inline constexpr std::uint32_t max_roll = 0x7FFFFFFF;

// ---- headers ------------------------------------------------------------------
template <> struct Action<g::paragraph_number> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    std::optional<std::uint32_t> number = st.read_number(in.string_view(), st.range(in));
    // Too large: reported; the block is skipped, like a header that cannot be read.
    if (!number) throw pegtl::parse_error("a smaller paragraph number", in);
    st.number = *number;
    st.number_range = st.range(in);
    st.kind.clear();
    st.name.clear();
    st.kind_range = st.name_range = {};
  }
};
template <> struct Action<g::paragraph_kind> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    st.kind = in.string();
    st.kind_range = st.range(in);
  }
};
template <> struct Action<g::paragraph_name> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    st.name = text::trim(in.string_view());
    st.name_range = st.range(in);
  }
};
template <> struct Action<g::paragraph_header> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    st.open_paragraph(st.line_range(in));
  }
};
template <> struct Action<g::paragraph_block> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    if (Paragraph* p = st.paragraph()) p->range.end = st.range(in).end;
    st.close_paragraph();
  }
};

// ---- inline text: references and award groups ------------------------------------
template <> struct Action<g::paragraph_ref> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    std::string folded = text::fold_width(in.string_view());
    std::size_t first = folded.find_first_of("0123456789");
    std::optional<std::uint32_t> number = st.read_number(
        std::string_view(folded).substr(first == std::string::npos ? 0 : first), st.range(in));
    if (!number) return; // too large: reported
    ParagraphRef ref{*number, st.range(in)};
    if (Card* card = st.current_card(); card && st.city_result >= 0)
      card->results[st.city_result].refs.push_back(ref);
    else if (st.paragraph())
      st.refs.push_back(ref);
  }
};

// The being before `(L)`: the words after the last punctuation, and of those
// the trailing capitalised ones ("You meet an Old Man (H)" -> "Old Man").
inline std::string_view being_before(std::string_view line) {
  std::size_t cut = line.find_last_of(",:;.()\"");
  for (std::string_view stop :
       {"\xEF\xBC\x8C", "\xEF\xBC\x9A", "\xE3\x80\x82", "\xE3\x80\x81", "\xEF\xBC\x89"}) {
    std::size_t at = line.rfind(stop);
    if (at != std::string_view::npos &&
        (cut == std::string_view::npos || at + stop.size() - 1 > cut))
      cut = at + stop.size() - 1;
  }
  std::string_view being =
      text::trim_view(cut == std::string_view::npos ? line : line.substr(cut + 1));
  std::size_t start = being.size();
  for (std::size_t i = being.size(); i > 0; --i) {
    if (i == 1 || being[i - 2] == ' ') {
      unsigned char c = static_cast<unsigned char>(being[i - 1]);
      if (std::islower(c)) break;
      start = i - 1;
    }
  }
  return text::trim_view(being.substr(start));
}

template <> struct Action<g::matrix_ref> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    std::string folded = text::fold_width(in.string_view()); // "(H)" or "（Ｈ）"
    std::string letter = folded.size() == 3 ? folded.substr(1, 1) : "?";
    const char* line_begin = in.begin();
    while (line_begin > st.base && line_begin[-1] != '\n')
      --line_begin;
    MatrixRef ref;
    ref.being = st.stored(being_before(std::string_view(line_begin, in.begin() - line_begin)));
    ref.letter = letter.size() == 1 ? letter[0] : letter[letter.size() - 1];
    ref.range = st.range(in);
    if (Card* card = st.current_card(); card && st.city_result >= 0)
      card->results[st.city_result].matrix_refs.push_back(ref);
    else if (st.paragraph())
      st.matrix_refs.push_back(ref);
  }
};

template <> struct Action<g::award_begin> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    st.award = AwardCode{};
    st.award_items.clear();
    st.award.range = st.range(in);
    st.item = Award{};
  }
};
template <> struct Action<g::amount> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    std::string s = text::fold_width(in.string_view());
    bool negative = s.find('-') != std::string::npos ||
                    in.string_view().find("\xE2\x88\x92") != std::string_view::npos;
    // The magnitude fits an i32 (so its negation does too); too large: reported, 0.
    std::optional<std::uint32_t> magnitude =
        st.read_number(s.substr(s.find_first_of("0123456789")), st.range(in), 0x7FFFFFFF, true);
    auto amount = static_cast<std::int32_t>(magnitude.value_or(0));
    st.item.set_amount(negative ? -amount : amount);
  }
};
template <> struct Action<g::wealth_amount> : Action<g::amount> {};
template <> struct Action<g::destiny_award> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    st.item.kind = AwardKind::Destiny;
    st.item.range = st.range(in);
    st.report_too_large(st.item.range);
  }
};
template <> struct Action<g::story_award> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    st.item.kind = AwardKind::Story;
    st.item.range = st.range(in);
    st.report_too_large(st.item.range);
  }
};
template <> struct Action<g::destiny_points> : Action<g::destiny_award> {};
template <> struct Action<g::story_points> : Action<g::story_award> {};
template <> struct Action<g::wealth_award> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    st.item.kind = AwardKind::Wealth;
    st.item.range = st.range(in);
    st.report_too_large(st.item.range);
  }
};
// Keeps the matched words and where they stand, for the rule that resolves them.
template <std::string ParseState::*Text, SourceRange ParseState::*Where> struct Capture {
  template <typename In> static void apply(const In& in, ParseState& st) {
    (st.*Text).assign(in.begin(), in.end()); // keeps the string's buffer
    st.*Where = st.range(in);
  }
};
template <>
struct Action<g::wealth_limit_word> : Capture<&ParseState::argument, &ParseState::argument_range> {
};
template <>
struct Action<g::wealth_limit_level> : Capture<&ParseState::words, &ParseState::words_range> {};
template <>
struct Action<g::award_words> : Capture<&ParseState::words, &ParseState::words_range> {};
template <>
struct Action<g::award_argument> : Capture<&ParseState::argument, &ParseState::argument_range> {};
// `(Master) (7 or less)`: one argument of two terms, as `(Master, 7 or less)`.
template <> struct Action<g::award_second_argument> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    st.argument += ", ";
    st.argument.append(in.begin(), in.end());
    st.argument_range.end = st.range(in).end;
  }
};
template <>
struct Action<g::award_qualifier> : Capture<&ParseState::qualifier, &ParseState::qualifier_range> {
};
template <> struct Action<g::coded_award> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    st.item.range = st.range(in);
    st.read_coded_qualifier();
  }
};
template <> struct Action<g::named_award> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    st.item.range = st.range(in);
    st.read_named_award();
  }
};
template <> struct Action<g::award_item> {
  template <typename In> static void apply(const In&, ParseState& st) {
    st.award_items.push_back(std::move(st.item));
    st.item = Award{};
    st.words.clear();
    st.argument.clear();
    st.qualifier.clear();
  }
};
template <> struct Action<g::award_group> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    st.award.bracketed = true;
    st.commit_award(st.range(in));
  }
};
template <> struct Action<g::empty_award> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    st.report(Code::empty_award, st.range(in));
    st.award = AwardCode{};
    st.award_items.clear();
    st.award.range = st.range(in);
    st.commit_award(st.range(in)); // an empty group still ends the section
  }
};
template <> struct Action<g::bare_body> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    st.award.bracketed = false;
    SourceRange where = st.range(in);
    while (where.end > where.begin &&
           (st.base[where.end - 1] == ' ' || st.base[where.end - 1] == '\t' ||
            st.base[where.end - 1] == '\r'))
      --where.end;
    st.commit_award(where);
  }
};
template <> struct Action<g::lone_bare_award> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    Action<g::bare_body>::apply(in, st);
    st.line_awards.clear();
  }
};

template <> struct Action<g::inline_text> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    st.add_text(in.string_view(), in.begin());
    st.line_awards.clear();
  }
};

// ---- sections --------------------------------------------------------------------
template <> struct Action<g::roll_low> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    st.roll_low = static_cast<int>(
        st.read_number(in.string_view(), st.range(in), max_roll, true).value_or(0));
    st.roll_high = st.roll_low;
    st.roll_and_up = false;
  }
};
template <> struct Action<g::roll_high> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    st.roll_high = static_cast<int>(
        st.read_number(in.string_view(), st.range(in), max_roll, true).value_or(0));
  }
};
template <> struct Action<g::roll_and_up> {
  template <typename In> static void apply(const In&, ParseState& st) {
    st.roll_high = 0;
    st.roll_and_up = true;
  }
};
template <> struct Action<g::roll_heading> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    Condition c;
    c.kind = ConditionKind::Roll;
    c.roll_low = st.roll_low;
    c.set_roll_high(st.roll_high);
    c.range = st.range(in);
    st.report_too_large(c.range);
    st.conditions = {c};
  }
};
template <> struct Action<g::name_heading> {
  template <typename In> static bool apply(const In& in, ParseState& st) {
    return st.paragraph() && st.read_heading(in.string_view(), st.range(in));
  }
};
template <> struct Action<g::wealth_heading> {
  template <typename In> static bool apply(const In& in, ParseState& st) {
    return st.read_wealth_heading(in.string_view(), st.range(in));
  }
};
template <> struct Action<g::section_heading> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    st.open_section(st.range(in));
  }
};

// ---- encounter charts ----------------------------------------------------------------
template <> struct Action<g::chart_roll> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    st.entry = ChartEntry{};
    // Too large: reported at the entry; read as -1, then as the roll expected there.
    st.entry.roll = static_cast<int>(
        st.read_number(in.string_view(), st.range(in), max_roll, true).value_or(-1));
  }
};
template <> struct Action<g::chart_being> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    // A view into the source when the trimmed being is its bytes (Book::keep otherwise).
    std::string_view written = in.string_view();
    std::string being = text::trim(written);
    std::size_t at = written.find(being);
    st.entry.being = at == std::string_view::npos ? st.book.keep(being)
                                                  : st.stored(written.substr(at, being.size()));
  }
};
template <> struct Action<g::chart_letter> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    std::string letter = text::fold_width(in.string_view());
    st.entry.matrix = letter.empty() ? '?' : letter[0];
  }
};
template <> struct Action<g::chart_sex> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    st.read_being_sex(in.string_view(), st.range(in));
  }
};
template <> struct Action<g::chart_entry> {
  template <typename In> static bool apply(const In& in, ParseState& st) {
    Paragraph* p = st.paragraph();
    if (!p || p->kind != ParagraphKind::Chart || !st.sections.empty()) return false;
    st.entry.range = st.line_range(in);
    st.report_too_large(st.entry.range);
    if (!p->chart) p->chart.emplace();
    if (st.entry.roll < 0) st.entry.roll = static_cast<int>(p->chart->entries.size() + 1);
    p->chart->entries.push_back(st.entry);
    return true;
  }
};

} // namespace talebook::actions
