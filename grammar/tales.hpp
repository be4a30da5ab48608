// The `.tales` grammar: PEGTL rules only.
//
// Conventions
// - The grammar is line-oriented. Every `*_line` rule consumes its own line
//   ending (`eol`: LF or CRLF), so every line consumes input and the
//   analysis can prove no loop runs forever. The parser hands the grammar
//   text that ends in a line ending (compiler/parser.cpp adds one if needed).
// - Rules eat the white space *after* their separators, never before a line
//   ending; `sps` is optional blanks (space, tab, ideographic space).
// - A construct commits after the token that identifies it (`@`, `[`, a
//   matrix row's `:`): from there `must<>` raises with the message of
//   compiler/parse_errors.hpp, and the line (or, for a header, the block) is
//   skipped so that every error of a file shows in one run.
// - Full-width forms of code characters (`＠`, `：`, `（`, `［`, `／`, `，`,
//   full-width digits and letters) are accepted wherever their ASCII form is.
// - A language's own code punctuation (Chinese `、` `。`, Arabic `،` `؛` `؟`,
//   Arabic-Indic digits) comes from its vocabulary: the `code_char` rules of
//   grammar/code_marks.hpp read the table the parser's state points to.
// - Words (skills, statuses, headings, award words) are not in the grammar:
//   the compiler resolves names against the locale's vocabulary, and a
//   heading is a heading only when its names resolve (a semantic predicate).
#pragma once

#include <array>
#include <cstdint>
#include <cstring>

#include <tao/pegtl.hpp>

#include "grammar/code_marks.hpp"

namespace talebook::grammar {

namespace pegtl = tao::pegtl;
using namespace pegtl;

// ---- byte-level forms of the rules every character goes through -------------------
// Each reads exactly what the PEGTL form in its comment reads, without decoding
// UTF-8 (or calling the line-ending rule) for every byte of the book.

// `utf8::one< ' ', '\t', 0x3000 >`.
struct sp {
  using rule_t = sp;
  using subs_t = empty_list;
  template <apply_mode, rewind_mode, template <typename...> class, template <typename...> class,
            typename ParseInput, typename... States>
  static bool match(ParseInput& in, States&...) {
    if (in.empty()) return false;
    const char c = in.peek_char();
    if (c == ' ' || c == '\t') {
      in.bump_in_this_line(1);
      return true;
    }
    if (c == '\xE3' && in.size(3) >= 3 && in.peek_char(1) == '\x80' && in.peek_char(2) == '\x80') {
      in.bump_in_this_line(3); // U+3000, the ideographic space
      return true;
    }
    return false;
  }
};

// True when the byte at `p` starts a line ending (LF, or CR before LF).
inline bool at_line_end(const char* p, const char* end) {
  return *p == '\n' || (*p == '\r' && end - p >= 2 && p[1] == '\n');
}

// `seq< not_at< eol >, any >`: one byte that starts no line ending.
struct line_char {
  using rule_t = line_char;
  using subs_t = empty_list;
  template <apply_mode, rewind_mode, template <typename...> class, template <typename...> class,
            typename ParseInput, typename... States>
  static bool match(ParseInput& in, States&...) {
    if (in.empty() || at_line_end(in.current(), in.end())) return false;
    in.bump_in_this_line(1);
    return true;
  }
};

// `plus< not_at< Stop >, any >`, where `Stop` is `sor< StopChar, eol >` and
// `StopChar` a code_char: an ASCII byte is a stop when it is one of the
// code_char's ASCII forms (a language adds only non-ASCII ones); at any other
// byte, `Stop` itself is tried.
template <typename StopChar, typename Stop> struct run_until_stop {
  using rule_t = run_until_stop;
  using subs_t = empty_list;
  template <apply_mode, rewind_mode, template <typename...> class Action,
            template <typename...> class Control, typename ParseInput, typename... States>
  static bool match(ParseInput& in, States&... st) {
    const char* const start = in.current();
    while (!in.empty()) {
      const auto c = static_cast<unsigned char>(in.peek_char());
      if (c < 0x80) {
        if (StopChar::builtin(c) || at_line_end(in.current(), in.end())) break;
      } else if (!pegtl::match<not_at<Stop>, apply_mode::nothing, rewind_mode::active, Action,
                               Control>(in, st...)) {
        break; // not_at<> rewinds: the stop stays for the rule after the run
      }
      in.bump_in_this_line(1);
    }
    return in.current() != start;
  }
};

// True when no byte of [p, end) is above 0x7F, eight at a time.
inline bool all_ascii(const char* p, const char* end) {
  for (; end - p >= 8; p += 8) {
    std::uint64_t w;
    std::memcpy(&w, p, 8);
    if (w & 0x8080808080808080ull) return false;
  }
  for (; p != end; ++p)
    if (static_cast<unsigned char>(*p) >= 0x80) return false;
  return true;
}

// `seq< star< not_at< Colon >, line_char >, Colon >`: a colon ahead on the line,
// `:` or `：` found by their bytes (memchr); a language with a colon form of its
// own has it read by the PEGTL form.
template <typename Colon> struct colon_on_line {
  static_assert(Colon::builtin(':') && Colon::builtin(0xFF1A));
  using rule_t = colon_on_line;
  using subs_t = empty_list;
  struct slow : seq<star<not_at<Colon>, line_char>, Colon> {};
  // A colon form of the language's own other than `：` (none in en, zh, ar).
  static bool own_colon(const CodeMarks* marks) {
    if (marks)
      for (const auto& [form, of] : marks->forms)
        if ((of & bit(Mark::colon)) && form != 0xFF1A) return true;
    return false;
  }
  template <apply_mode A, rewind_mode M, template <typename...> class Action,
            template <typename...> class Control, typename ParseInput, typename... States>
  static bool match(ParseInput& in, States&... st) {
    const char* const begin = in.current();
    const auto size = static_cast<std::size_t>(in.end() - begin);
    const char* line_end = static_cast<const char*>(std::memchr(begin, '\n', size));
    if (!line_end) line_end = in.end();
    const char* found = static_cast<const char*>(
        std::memchr(begin, ':', static_cast<std::size_t>(line_end - begin)));
    const char* stop = found ? found : line_end;
    std::size_t length = 1;
    if (!all_ascii(begin, stop)) {
      if (own_colon(find_code_marks(st...)))
        return pegtl::match<slow, A, M, Action, Control>(in, st...);
      // `：` (EF BC 9A) before it: the PEGTL rule decodes at every byte, so it
      // finds these three bytes wherever they stand, and nothing else.
      for (const char* p = begin; p + 3 <= stop; ++p)
        if (p[0] == '\xEF' && p[1] == '\xBC' && p[2] == '\x9A') {
          found = p;
          length = 3;
          break;
        }
    }
    if (!found) return false;
    in.bump_in_this_line(static_cast<std::size_t>(found + length - begin));
    return true;
  }
};

// `plus< ranges< '\t', '\t', ' ', ' ', '#', '&', '*', '-', '/', '>', '@', 'Z', '\\', '~' > >`.
constexpr bool plain_byte(unsigned c) {
  return c == '\t' || c == ' ' || (c >= '#' && c <= '&') || (c >= '*' && c <= '-') ||
         (c >= '/' && c <= '>') || (c >= '@' && c <= 'Z') || (c >= '\\' && c <= '~');
}
inline constexpr std::array<bool, 256> plain_bytes = [] {
  std::array<bool, 256> table{};
  for (unsigned c = 0; c < 256; ++c)
    table[c] = plain_byte(c);
  return table;
}();
struct plain_run {
  using rule_t = plain_run;
  using subs_t = empty_list;
  static bool plain(unsigned char c) { return plain_bytes[c]; }
  template <apply_mode, rewind_mode, template <typename...> class, template <typename...> class,
            typename ParseInput, typename... States>
  static bool match(ParseInput& in, States&...) {
    const char* p = in.current();
    while (p != in.end() && plain(static_cast<unsigned char>(*p)))
      ++p;
    if (p == in.current()) return false;
    in.bump_in_this_line(static_cast<std::size_t>(p - in.current()));
    return true;
  }
};

// clang-format off

// ---- characters ---------------------------------------------------------------
struct bom : TAO_PEGTL_STRING("\xEF\xBB\xBF") {};
struct sps : star< sp > {};
struct at_sign : utf8::one< '@', 0xFF20 > {};
struct colon : code_char< bit( Mark::colon ), ':', 0xFF1A > {};
struct comma : code_char< bit( Mark::comma ), ',', 0xFF0C > {};
struct list_mark : code_char< bit( Mark::list ), ',', 0xFF0C > {};
struct open_paren : code_char< bit( Mark::open_paren ), '(', 0xFF08 > {};
struct close_paren : code_char< bit( Mark::close_paren ), ')', 0xFF09 > {};
struct open_bracket : code_char< bit( Mark::open_bracket ), '[', 0xFF3B > {};
struct close_bracket : code_char< bit( Mark::close_bracket ), ']', 0xFF3D > {};
struct slash : code_char< bit( Mark::slash ), '/', 0xFF0F > {};
struct bar : code_char< bit( Mark::bar ), '|', 0xFF5C > {};
struct period : code_char< bit( Mark::period ), '.', 0xFF0E > {};
struct digit : code_digit {};
struct number : plus< digit > {};
struct capital : utf8::ranges< 'A', 'Z', 0xFF21, 0xFF3A > {};
struct sign : utf8::one< '+', '-', 0x2212, 0xFF0B, 0xFF0D > {};
struct dash : utf8::one< '-', '~', 0x2013, 0x2014, 0xFF5E, 0xFF0D > {};
struct star_mark : utf8::one< '*', 0x2605, 0xFF0A > {};
struct latin_sentence_end : utf8::one< '.', '!', '?', '"', '\'', ')', 0x201D, 0x2019 > {};
struct wide_sentence_end : code_char< bit( Mark::sentence_end ), 0xFF01, 0xFF1F, 0xFF09 > {};
struct rest_of_line : star< line_char > {};
struct blank_line : seq< sps, eol > {};
struct comment_line : seq< utf8::one< '%', 0xFF05 >, rest_of_line, eol > {};
struct skip_line : seq< rest_of_line, eol > {};

// A name: words separated by blanks; no code punctuation inside.
// One decode per character: the stops of a name (blanks and code punctuation, ASCII and full width).
struct name_stop_char : code_char< bit( Mark::colon ) | bit( Mark::comma ) | bit( Mark::list ) | bit( Mark::open_paren ) |
                                        bit( Mark::close_paren ) | bit( Mark::open_bracket ) | bit( Mark::close_bracket ) |
                                        bit( Mark::slash ) | bit( Mark::bar ),
                                        ' ', '\t', 0x3000, ':', 0xFF1A, ',', 0xFF0C, '(', 0xFF08, ')', 0xFF09,
                                        '[', 0xFF3B, ']', 0xFF3D, '/', 0xFF0F, '|', 0xFF5C > {};
struct name_stop : sor< name_stop_char, eol > {};
// plus< not_at< name_stop >, any >
struct name_word : run_until_stop< name_stop_char, name_stop > {};
struct name : list< name_word, plus< sp > > {};

// ---- award codes ---------------------------------------------------------------
// D2, D-1, S1, W+1, W + 1 (Max: Poor); every letter also in its full-width form.
struct letter_d : utf8::one< 'D', 0xFF24 > {};
struct letter_s : utf8::one< 'S', 0xFF33 > {};
struct letter_w : utf8::one< 'W', 0xFF37 > {};
struct amount : seq< opt< sign, sps >, number > {};
struct code_end : not_at< sor< ascii::alpha, digit > > {};
struct destiny_award : seq< letter_d, sps, amount, code_end > {};
struct story_award : seq< letter_s, sps, amount, code_end > {};
struct wealth_word : name_word {};
struct wealth_limit_word : name {};
struct wealth_limit_level : name {};
struct wealth_limit : seq< open_paren, sps, wealth_limit_word, sps, colon, sps, wealth_limit_level, sps, close_paren > {};
struct wealth_amount : seq< sign, sps, number > {};
struct wealth_award : seq< letter_w, sps, wealth_amount, code_end, opt< sps, wealth_limit > > {};
// As the rulebook's cards print points (rule 10.2): `2 D pts.`, `1 S pt.`.
struct points_unit : seq< one< 'p' >, one< 't' >, opt< one< 's' > >, opt< period > > {};
template< typename Letter >
struct points_shape : seq< number, plus< sp >, Letter, plus< sp >, points_unit, code_end > {};
struct destiny_points : seq< at< points_shape< letter_d > >, amount, plus< sp >, letter_d, plus< sp >, points_unit > {};
struct story_points : seq< at< points_shape< letter_s > >, amount, plus< sp >, letter_s, plus< sp >, points_unit > {};

// Everything else is words the vocabulary gives meaning to: `Piety`,
// `Magic (1 use)`, `Lose Blessed`, `Go to 134`, `Ionian Gems (154)`, `Trea*`,
// `Q:S`, `Enter City of Brass`, `Death`, `... if Merchant`.
struct award_stop : sor< code_char< bit( Mark::slash ) | bit( Mark::close_bracket ) | bit( Mark::open_bracket ) |
                                    bit( Mark::open_paren ) | bit( Mark::close_paren ) | bit( Mark::period ),
                                    '/', 0xFF0F, ']', 0xFF3D, '[', 0xFF3B, '(', 0xFF08, ')', 0xFF09, '.', 0xFF0E >, eol > {};
struct award_words : plus< not_at< sps, award_stop >, any > {};
struct award_argument : plus< not_at< sps, close_paren >, not_at< eol >, any > {};
struct award_parenthesis : seq< open_paren, sps, award_argument, sps, close_paren > {};
// A second term, as the rulebook prints a conditional Master: `Wisdom (Master) (7 or less)`.
struct award_second_argument : award_argument {};
struct award_second_parenthesis : seq< open_paren, sps, award_second_argument, sps, close_paren > {};
struct award_qualifier : award_words {};
struct coded_award : seq< sor< destiny_award, story_award, wealth_award, destiny_points, story_points >, opt< sps, award_qualifier > > {};
struct named_award : seq< award_words, opt< sps, award_parenthesis, opt< sps, award_second_parenthesis > >, opt< plus< sp >, award_qualifier > > {};
struct award_item : sor< coded_award, named_award > {};
struct award_separator : seq< sps, slash, sps > {};

// Bracketed (2009): `[D1/S1/W+1 (Max: Rich)/Wisdom]`, anywhere in a section.
struct award_open : open_bracket {};
struct award_begin : success {};
struct award_list : seq< award_begin, list_must< award_item, award_separator > > {};
struct award_close : close_bracket {};
struct award_group : if_must< award_open, sps, award_list, sps, award_close > {};
struct empty_award : seq< open_bracket, sps, close_bracket > {};

// Bare (1985): `... help. S1.` at the end of a line, after sentence-final
// punctuation. It starts with a D, S or W code, so prose is never an award.
struct bare_shape : seq< coded_award, star< award_separator, award_item > > {};
struct bare_list : seq< award_begin, award_item, star< award_separator, award_item > > {};
struct bare_tail : seq< opt< sps, period >, sps, at< eol > > {};
// After Latin punctuation a blank follows; after a full-width one (`。`) none is needed.
struct bare_start : sor< seq< latin_sentence_end, plus< sp > >, seq< wide_sentence_end, sps > > {};
struct bare_body : seq< at< bare_shape, bare_tail >, bare_list, bare_tail > {};
struct bare_award : seq< bare_start, bare_body > {};
// A bare group alone on its line, or straight after a heading.
struct lone_bare_award : bare_body {};

// ---- inline text -----------------------------------------------------------------
struct paragraph_ref : seq< open_paren, sps, number, sps, close_paren > {};
struct matrix_ref : seq< open_paren, capital, close_paren > {};
struct text_char : line_char {};
// A run of ASCII that starts no other item (no `[`, `(`, sentence-final punctuation or
// line ending): read in one match, not one attempt of every item per character.
struct plain_text : plain_run {};
// A run of non-ASCII characters that start no other item: one decode per
// character (CJK prose), where each byte would try every item. The items that
// can start at a non-ASCII character: award groups (open_bracket), references
// (open_paren) and bare awards (latin_sentence_end's U+201D and U+2019, wide_sentence_end).
// An ill-formed sequence ends the run (text_char takes it byte by byte).
struct wide_text {
  using rule_t = wide_text;
  using subs_t = empty_list;
  template< apply_mode, rewind_mode, template< typename... > class, template< typename... > class,
            typename ParseInput, typename... States >
  static bool match( ParseInput& in, States&... st ) {
    const CodeMarks* marks = find_code_marks( st... );
    constexpr std::uint16_t starts = bit( Mark::open_bracket ) | bit( Mark::open_paren ) | bit( Mark::sentence_end );
    const char* const start = in.current();
    while( !in.empty() && static_cast< unsigned char >( in.peek_char() ) >= 0x80 ) {
      const auto t = internal::peek_utf8::peek( in );
      if( t.size < 2 ) break;
      const char32_t c = t.data;
      if( open_bracket::builtin( c ) || open_paren::builtin( c ) || wide_sentence_end::builtin( c ) ||
          c == 0x201D || c == 0x2019 || ( marks && marks->is( starts, c ) ) )
        break;
      in.bump_in_this_line( t.size );
    }
    return in.current() != start;
  }
};
struct inline_item : sor< plain_text, wide_text, empty_award, award_group, paragraph_ref, matrix_ref, bare_award, text_char > {};
struct inline_text : star< inline_item > {};

// ---- paragraph headers -----------------------------------------------------------
struct paragraph_number : number {};
struct paragraph_kind : plus< ascii::alpha > {};
struct paragraph_name : seq< not_at< sp >, plus< line_char > > {};
struct header_tail : seq< opt< plus< sp >, paragraph_kind, opt< plus< sp >, paragraph_name > >, sps, eol > {};
struct paragraph_header : seq< at_sign, must< paragraph_number >, must< header_tail > > {};

// ---- sections ----------------------------------------------------------------------
// `1-3:`, `4:`, `6+:` (quest tables, dice tests).
struct roll_low : number {};
struct roll_high : number {};
struct roll_and_up : one< '+' > {};
struct roll_heading : seq< sps, roll_low, opt< sor< seq< sps, dash, sps, roll_high >, roll_and_up > >, sps, colon > {};
// `Courtly Graces, Quick Thinking or Wisdom (mandatory):` — checked against the vocabulary.
struct condition_word : name {};
struct condition_note_word : name {};
struct condition_note : seq< open_paren, sps, condition_note_word, sps, close_paren > {};
struct heading_condition : seq< condition_word, opt< sps, condition_note > > {};
struct heading_conditions : list< heading_condition, seq< sps, comma, sps > > {};
struct name_heading : seq< heading_conditions, sps, colon > {};
// A name heading needs a colon on its line: tested first, a prose line costs one scan.
struct colon_ahead : colon_on_line< colon > {};
// `Wealth: Poor or less (All mandatory):` — the heading word and a level of the vocabulary.
struct wealth_heading_word : name {};
struct wealth_heading_level : name {};
// Two colons on the line: tested before the level, which would otherwise read a prose line's words.
struct wealth_heading : seq< wealth_heading_word, sps, colon, at< colon_ahead >, sps, wealth_heading_level, opt< sps, condition_note >, sps, colon > {};
struct section_heading : sor< roll_heading, seq< at< colon_ahead >, sor< wealth_heading, name_heading > > > {};
struct section_line : seq< section_heading, sps, sor< seq< lone_bare_award, eol >, seq< inline_text, eol > > > {};
struct text_line : seq< inline_text, eol > {};

// ---- encounter charts ------------------------------------------------------------------
struct chart_roll : number {};
struct chart_letter : capital {};
// The being's sex after its letter, a heading word (`(H, Female)`, `（H，女性）`): rule 11.6's Court.
struct chart_sex : name {};
struct chart_note : seq< open_paren, chart_letter, opt< sps, comma, sps, chart_sex, sps >, close_paren > {};
struct chart_being : plus< not_at< sps, chart_note, sps, eol >, line_char > {};
struct chart_entry : seq< sps, chart_roll, sor< period, list_mark >, sps, chart_being, sps, chart_note, sps, eol > {};

struct paragraph_line : seq< not_at< at_sign >, not_at< eof >, sor< blank_line, comment_line, chart_entry, section_line, seq< sps, lone_bare_award, eol >, text_line > > {};
struct paragraph_block : seq< paragraph_header, star< sor< try_catch< paragraph_line >, seq< not_at< at_sign >, skip_line > > > > {};

// ---- reaction matrices -------------------------------------------------------------------
struct matrix_keyword : TAO_PEGTL_STRING( "matrix" ) {};
struct matrix_letter : capital {};
struct matrix_header : seq< at_sign, matrix_keyword, plus< sp >, must< matrix_letter >, sps, must< eol > > {};
struct options_keyword : TAO_PEGTL_STRING( "Options" ) {};
// `Buy(slave)`: an option and a note of the published matrices.
struct option_note : plus< not_at< sps, close_paren >, not_at< eol >, any > {};
struct option_name : seq< name, opt< sps, open_paren, sps, option_note, sps, close_paren > > {};
struct cell_separator : seq< sps, bar, sps > {};
struct options_line : seq< sps, options_keyword, sps, colon, sps, must< list_must< option_name, cell_separator > >, sps, must< eol > > {};
struct number_cell : number {};
struct forbidden_cell : star_mark {};
struct no_encounter_cell : sor< TAO_PEGTL_STRING( "NE" ), TAO_PEGTL_STRING( "\xEF\xBC\xAE\xEF\xBC\xA5" ) > {};
struct matrix_cell : sor< number_cell, forbidden_cell, no_encounter_cell > {};
struct row_adjective : name {};
struct row_cells : list_must< matrix_cell, cell_separator > {};
struct matrix_row : seq< sps, row_adjective, sps, colon, sps, must< row_cells >, sps, must< eol > > {};
struct matrix_line : seq< not_at< at_sign >, not_at< eof >, sor< blank_line, comment_line, options_line, must< matrix_row > > > {};
struct matrix_block : seq< matrix_header, star< sor< try_catch< matrix_line >, seq< not_at< at_sign >, skip_line > > > > {};

// ---- cards ------------------------------------------------------------------------------------
struct card_keyword : TAO_PEGTL_STRING( "card" ) {};
struct card_name : name {};
struct card_matrix : capital {};
struct deck_paragraph : number {};
struct deck_list : list_must< deck_paragraph, seq< sps, list_mark, sps > > {};
struct character_keyword : TAO_PEGTL_STRING( "character" ) {};
struct character_body : seq< card_name, sps, open_paren, card_matrix, close_paren, sps, colon, sps, deck_list, sps, eol > {};
struct character_card : if_must< seq< character_keyword, plus< sp > >, character_body > {};
// A terrain's name stops at the first digit, so `山脉4*` reads as `山脉 4*`.
struct terrain_char : seq< not_at< digit >, not_at< name_stop >, any > {};
struct terrain_name : list< plus< terrain_char >, plus< sp > > {};
struct terrain_paragraph : number {};
struct terrain_star : star_mark {};
struct terrain_entry : seq< terrain_name, sps, terrain_paragraph, opt< terrain_star > > {};
struct terrain_keyword : TAO_PEGTL_STRING( "terrain" ) {};
struct terrain_list : list_must< terrain_entry, seq< sps, list_mark, sps > > {};
struct terrain_body : seq< card_name, sps, colon, sps, terrain_list, sps, eol > {};
struct terrain_card : if_must< seq< terrain_keyword, plus< sp > >, terrain_body > {};
struct city_keyword : TAO_PEGTL_STRING( "city" ) {};
struct city_body : seq< card_name, sps, eol > {};
struct city_card : if_must< seq< city_keyword, plus< sp > >, city_body > {};
// A Special fate card (rule 10.2), played on another player's character in
// your space: `You: ...` for the one who plays it, `Other: ...` for the other.
struct special_keyword : TAO_PEGTL_STRING( "special" ) {};
struct special_body : seq< card_name, sps, eol > {};
struct special_card : if_must< seq< special_keyword, plus< sp > >, special_body > {};
struct card_kind : sor< character_card, terrain_card, city_card, special_card > {};
struct card_header : seq< at_sign, card_keyword, plus< sp >, must< card_kind > > {};
struct city_roll : number {};
struct city_result : seq< sps, city_roll, sps, colon, sps, inline_text, eol > {};
// A fate card's upside-down half (rule 22.1): `Quest: Old Sailor (710)`, the
// being to find and the quest paragraph. `Quest` is markup, ASCII in every language.
struct quest_keyword : TAO_PEGTL_STRING( "Quest" ) {};
struct quest_paragraph : number {};
struct quest_note : seq< open_paren, quest_paragraph, close_paren > {};
struct quest_being : plus< not_at< sps, quest_note, sps, eol >, line_char > {};
struct quest_half : seq< sps, quest_keyword, sps, colon, sps, quest_being, sps, quest_note, sps, eol > {};
struct you_keyword : TAO_PEGTL_STRING( "You" ) {};
struct other_keyword : TAO_PEGTL_STRING( "Other" ) {};
struct special_target : sor< you_keyword, other_keyword > {};
struct special_line : seq< sps, special_target, sps, colon, sps, inline_text, eol > {};
struct card_line : seq< not_at< at_sign >, not_at< eof >, sor< blank_line, comment_line, quest_half, special_line, must< city_result > > > {};
struct card_block : seq< card_header, star< sor< try_catch< card_line >, seq< not_at< at_sign >, skip_line > > > > {};

// ---- the map (rule 9) --------------------------------------------------------------------------
// `@map` and its movement rates, one line a wealth level, land rate / sea rate
// as the player display prints them (9.1): `Poor: 3/2`.
struct map_keyword : TAO_PEGTL_STRING( "map" ) {};
struct map_header : seq< at_sign, map_keyword, sps, must< eol > > {};
struct rate_level : name {};
struct rate_land : number {};
struct rate_sea : number {};
struct rate_values : seq< rate_land, sps, slash, sps, rate_sea, sps, eol > {};
struct movement_rate : seq< sps, rate_level, sps, colon, sps, must< rate_values > > {};
struct map_line : seq< not_at< at_sign >, not_at< eof >, sor< blank_line, comment_line, must< movement_rate > > > {};
struct map_block : seq< map_header, star< sor< try_catch< map_line >, seq< not_at< at_sign >, skip_line > > > > {};

// `@space Great Sand Sea (Desert, 2, wild)`: a space, its terrain, its black
// number (11.5), `wild` (the Wild Area), `start` (where characters start and
// win: Baghdad), `place 700` (a place of power, its paragraph). The markup words
// are ASCII in every language; the terrain is the vocabulary's.
struct space_keyword : TAO_PEGTL_STRING( "space" ) {};
struct space_name : name {};
struct attribute_end : at< sps, sor< list_mark, close_paren > > {};
struct space_start : seq< TAO_PEGTL_STRING( "start" ), attribute_end > {};
struct space_wild : seq< TAO_PEGTL_STRING( "wild" ), attribute_end > {};
struct place_number : number {};
struct space_place : seq< TAO_PEGTL_STRING( "place" ), plus< sp >, must< place_number >, attribute_end > {};
struct space_black : seq< number, attribute_end > {};
struct space_terrain : name {};
struct space_attribute : sor< space_start, space_wild, space_place, space_black, space_terrain > {};
struct space_attributes : seq< open_paren, sps, list_must< space_attribute, seq< sps, list_mark, sps > >, sps, close_paren > {};
struct space_body : seq< space_name, sps, space_attributes, sps, eol > {};
struct space_header : seq< at_sign, space_keyword, plus< sp >, must< space_body > > {};
// `Land: Basra, Mosul`, `Sea: Persian Gulf`; a place of power's one-way arrow (9.2): `Exit: Syrian Desert`.
struct land_keyword : TAO_PEGTL_STRING( "Land" ) {};
struct sea_keyword : TAO_PEGTL_STRING( "Sea" ) {};
struct exit_keyword : TAO_PEGTL_STRING( "Exit" ) {};
struct route_kind : sor< land_keyword, sea_keyword, exit_keyword > {};
struct route_target : name {};
struct route_targets : seq< list_must< route_target, seq< sps, list_mark, sps > >, sps, eol > {};
struct route_line : seq< sps, route_kind, sps, colon, sps, must< route_targets > > {};
// A city's products (rule 23.1), boxes of the Merchant Display: `Products: Pearls, Dates`.
struct products_keyword : TAO_PEGTL_STRING( "Products" ) {};
struct product_name : name {};
struct product_names : seq< list_must< product_name, seq< sps, list_mark, sps > >, sps, eol > {};
struct products_line : seq< sps, products_keyword, sps, colon, sps, must< product_names > > {};
struct space_line : seq< not_at< at_sign >, not_at< eof >, sor< blank_line, comment_line, products_line, must< route_line > > > {};
struct space_block : seq< space_header, star< sor< try_catch< space_line >, seq< not_at< at_sign >, skip_line > > > > {};

// ---- the Merchant Display (rule 23) ---------------------------------------------------------------
// `@display`, then its grid, one line a row of boxes separated by `|`: a
// product of the cities, or `.` for an empty box; and the trade route
// counters in the cup by shape (rule 23.2), `Counters: straight 10, diagonal
// 6`, and how many of them carry wealth on their back (rule 23.5), `Wealth 1:
// straight 2`. The markup words (`display`, `Counters`, `Wealth`, the shapes)
// are ASCII in every language; the products are names a translation translates.
struct display_keyword : TAO_PEGTL_STRING( "display" ) {};
struct display_header : seq< at_sign, display_keyword, sps, must< eol > > {};
struct empty_box : seq< period, at< sps, sor< bar, eol > > > {};
struct product_box : name {};
struct display_box : sor< empty_box, product_box > {};
struct display_boxes : list_must< display_box, cell_separator > {};
struct display_row_begin : success {};
struct display_row : seq< display_row_begin, sps, display_boxes, sps, must< eol > > {};
// A shape's word stops at its count: `straight 10`, `straight10`.
struct counter_shape : plus< terrain_char > {};
struct counter_count : number {};
struct counter_entry : seq< counter_shape, sps, must< counter_count > > {};
struct counter_list : seq< list_must< counter_entry, seq< sps, list_mark, sps > >, sps, eol > {};
struct counters_keyword : TAO_PEGTL_STRING( "Counters" ) {};
struct wealth_keyword : TAO_PEGTL_STRING( "Wealth" ) {};
struct counter_wealth : number {};
struct counters_head : sor< counters_keyword, seq< wealth_keyword, sps, counter_wealth > > {};
struct counters_line : seq< sps, counters_head, sps, colon, sps, must< counter_list > > {};
struct display_line : seq< not_at< at_sign >, not_at< eof >, sor< blank_line, comment_line, counters_line, must< display_row > > > {};
struct display_block : seq< display_header, star< sor< try_catch< display_line >, seq< not_at< at_sign >, skip_line > > > > {};

// ---- the game family (docs/games.md) ------------------------------------------------------------
// "Da geht was ab im Morgenland": a card is a block, its header the stack,
// the name, the English gloss `[...]` and the role `(...)`; then its lines
// `Text:`, `Scores: A/D/K`, `Copies: n`, `Effect: e`, `Stopped by: ...`,
// `Bars: ...`. Shahrazad: `@tile N colour Title` and `Others: ...`, and the
// King's `@verdicts`, one line a range `a-b:` or the open last `a+:`. The
// markup words are ASCII in every language.
struct word_end : not_at< ascii::alnum > {};
struct treasury_keyword : TAO_PEGTL_STRING( "treasury" ) {};
struct night_keyword : TAO_PEGTL_STRING( "night" ) {};
struct day_keyword : TAO_PEGTL_STRING( "day" ) {};
struct vaguwam_keyword : TAO_PEGTL_STRING( "vaguwam" ) {};
struct insignia_keyword : seq< TAO_PEGTL_STRING( "insignia" ), word_end > {};
struct treasure_keyword : seq< TAO_PEGTL_STRING( "treasure" ), word_end > {};
struct attack_keyword : seq< TAO_PEGTL_STRING( "attack" ), word_end > {};
struct defence_keyword : seq< TAO_PEGTL_STRING( "defence" ), word_end > {};
struct treasury_kind : sor< insignia_keyword, treasure_keyword > {};
struct night_kind : sor< attack_keyword, defence_keyword > {};
struct deck_card_name : name {};
struct deck_card_gloss : plus< not_at< sps, close_bracket >, not_at< eol >, any > {};
struct deck_card_role : plus< ascii::alpha > {};
struct deck_card_body : seq< deck_card_name, opt< sps, open_bracket, sps, deck_card_gloss, sps, close_bracket >,
                             opt< sps, open_paren, sps, deck_card_role, sps, close_paren >, sps, eol > {};
struct treasury_header : seq< at_sign, treasury_keyword, plus< sp >, must< treasury_kind >, plus< sp >, must< deck_card_body > > {};
struct night_header : seq< at_sign, night_keyword, plus< sp >, must< night_kind >, plus< sp >, must< deck_card_body > > {};
struct day_header : seq< at_sign, day_keyword, plus< sp >, must< deck_card_body > > {};
struct vaguwam_header : seq< at_sign, vaguwam_keyword, plus< sp >, must< deck_card_body > > {};
struct deck_card_header : sor< treasury_header, night_header, day_header, vaguwam_header > {};
struct card_text_keyword : TAO_PEGTL_STRING( "Text" ) {};
struct card_text : rest_of_line {};
struct card_text_line : seq< sps, card_text_keyword, sps, colon, sps, card_text, eol > {};
struct scores_keyword : TAO_PEGTL_STRING( "Scores" ) {};
struct score_attack : number {};
struct score_defence : number {};
struct score_key : number {};
struct score_values : seq< score_attack, sps, slash, sps, score_defence, sps, slash, sps, score_key, sps, eol > {};
struct scores_line : seq< sps, scores_keyword, sps, colon, sps, must< score_values > > {};
struct copies_keyword : TAO_PEGTL_STRING( "Copies" ) {};
struct copies_count : number {};
struct copies_value : seq< copies_count, sps, eol > {};
struct copies_line : seq< sps, copies_keyword, sps, colon, sps, must< copies_value > > {};
struct effect_keyword : TAO_PEGTL_STRING( "Effect" ) {};
struct effect_kind : seq< sor< TAO_PEGTL_STRING( "draw" ), TAO_PEGTL_STRING( "discard" ), TAO_PEGTL_STRING( "skip" ),
                               TAO_PEGTL_STRING( "attack" ), TAO_PEGTL_STRING( "key" ), TAO_PEGTL_STRING( "peek" ) >, word_end > {};
struct effect_amount : number {};
struct effect_value : seq< effect_kind, opt< sps, opt< utf8::one< '+', 0xFF0B >, sps >, effect_amount >, sps, eol > {};
struct effect_line : seq< sps, effect_keyword, sps, colon, sps, must< effect_value > > {};
struct stopped_keyword : seq< TAO_PEGTL_STRING( "Stopped" ), plus< sp >, TAO_PEGTL_STRING( "by" ) > {};
struct bars_keyword : TAO_PEGTL_STRING( "Bars" ) {};
struct named_card : name {};
struct named_cards : seq< list_must< named_card, seq< sps, list_mark, sps > >, sps, eol > {};
struct stopped_line : seq< sps, stopped_keyword, sps, colon, sps, must< named_cards > > {};
struct bars_line : seq< sps, bars_keyword, sps, colon, sps, must< named_cards > > {};
struct deck_card_line : sor< card_text_line, scores_line, copies_line, effect_line, stopped_line, bars_line > {};
struct deck_line : seq< not_at< at_sign >, not_at< eof >, sor< blank_line, comment_line, must< deck_card_line > > > {};
struct deck_card_block : seq< deck_card_header, star< sor< try_catch< deck_line >, seq< not_at< at_sign >, skip_line > > > > {};

struct tile_keyword : TAO_PEGTL_STRING( "tile" ) {};
struct tile_number : number {};
struct tile_colour : seq< sor< TAO_PEGTL_STRING( "red" ), TAO_PEGTL_STRING( "blue" ), TAO_PEGTL_STRING( "black" ),
                               TAO_PEGTL_STRING( "yellow" ) >, word_end > {};
struct tile_title : seq< not_at< sp >, plus< line_char > > {};
struct tile_body : seq< tile_number, plus< sp >, must< tile_colour >, plus< sp >, tile_title, eol > {};
struct tile_header : seq< at_sign, tile_keyword, plus< sp >, must< tile_body > > {};
struct others_keyword : TAO_PEGTL_STRING( "Others" ) {};
struct other_number : number {};
struct other_numbers : seq< opt< list_must< other_number, seq< sps, list_mark, sps > > >, sps, eol > {};
struct others_line : seq< sps, others_keyword, sps, colon, sps, must< other_numbers > > {};
struct tile_line : seq< not_at< at_sign >, not_at< eof >, sor< blank_line, comment_line, must< others_line > > > {};
struct tile_block : seq< tile_header, star< sor< try_catch< tile_line >, seq< not_at< at_sign >, skip_line > > > > {};

struct verdicts_keyword : TAO_PEGTL_STRING( "verdicts" ) {};
struct verdicts_header : seq< at_sign, verdicts_keyword, sps, must< eol > > {};
struct verdict_from : number {};
struct verdict_to : number {};
struct verdict_open : utf8::one< '+', 0xFF0B > {};
struct verdict_scores : seq< verdict_from, sps, sor< seq< dash, sps, must< verdict_to > >, verdict_open > > {};
struct verdict_words : rest_of_line {};
struct verdict_row : seq< sps, verdict_scores, sps, colon, sps, verdict_words, eol > {};
struct verdicts_line : seq< not_at< at_sign >, not_at< eof >, sor< blank_line, comment_line, must< verdict_row > > > {};
struct verdicts_block : seq< verdicts_header, star< sor< try_catch< verdicts_line >, seq< not_at< at_sign >, skip_line > > > > {};

// ---- a file --------------------------------------------------------------------------------
struct block : sor< matrix_block, card_block, map_block, space_block, display_block, deck_card_block, tile_block, verdicts_block, paragraph_block > {};
struct bad_header : seq< at_sign, rest_of_line, eol > {};
struct skip_block : seq< skip_line, star< not_at< at_sign >, skip_line > > {};
struct stray_line : seq< not_at< at_sign >, rest_of_line, eol > {};
struct preamble_line : sor< blank_line, comment_line, stray_line > {};
struct file : seq< opt< bom >, star< preamble_line >,
                   star< sor< try_catch< block >, seq< bad_header, star< not_at< at_sign >, skip_line > > > >, eof > {};

// Heading conditions alone, for the semantic check of a candidate heading.
struct heading_only : seq< heading_conditions, sps, colon, sps > {};

// clang-format on

} // namespace talebook::grammar

namespace tao::pegtl {
template <typename Name>
struct analyze_traits<Name, talebook::grammar::sp> : analyze_any_traits<> {};
template <typename Name>
struct analyze_traits<Name, talebook::grammar::line_char> : analyze_any_traits<> {};
template <typename Name, typename StopChar, typename Stop>
struct analyze_traits<Name, talebook::grammar::run_until_stop<StopChar, Stop>>
    : analyze_any_traits<> {};
template <typename Name, typename Colon>
struct analyze_traits<Name, talebook::grammar::colon_on_line<Colon>> : analyze_any_traits<> {};
template <typename Name>
struct analyze_traits<Name, talebook::grammar::plain_run> : analyze_any_traits<> {};
template <typename Name>
struct analyze_traits<Name, talebook::grammar::wide_text> : analyze_any_traits<> {};
} // namespace tao::pegtl
