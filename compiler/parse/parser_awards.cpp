// Award items read with the vocabulary's award words (names left as written
// for the resolver), and where award groups and text go (the open section,
// the prose, or a city card's result).
#include <algorithm>
#include <utility>

#include "compiler/parse/parser_state.hpp"
#include "compiler/text/text.hpp"

namespace talebook {
namespace {

// The word's names: its name, then its aliases (the order of VocabEntry::keys).
const std::string& name_at(const VocabEntry& e, std::size_t i) {
  return i == 0 ? e.name : e.aliases[i - 1];
}

// `key` (a text::name_key) starts with the award word (whole words; any prefix
// for a non-ASCII word): the rest of the written text `s`.
std::optional<std::string> rest_after(std::string_view s, std::string_view key,
                                      const VocabEntry* word) {
  if (!word) return std::nullopt;
  // The longest name that matches (the first of equal lengths).
  const std::string* found = nullptr;
  for (std::size_t i = 0; i < word->keys.size(); ++i) {
    const std::string& name = name_at(*word, i);
    const std::string& prefix = word->keys[i];
    if (found && name.size() <= found->size()) continue;
    if (key.size() > prefix.size() && key.compare(0, prefix.size(), prefix) == 0 &&
        (key[prefix.size()] == ' ' || !text::is_ascii(name)))
      found = &name;
  }
  if (!found) return std::nullopt;
  const std::string& name = *found;
  // Map back onto the written text: skip as many words (or bytes) as the name has.
  std::size_t skip = 0, words = 1;
  for (char c : name)
    words += c == ' ';
  if (text::is_ascii(name)) {
    for (std::size_t w = 0; w < words && skip < s.size(); ++w) {
      while (skip < s.size() && s[skip] != ' ')
        ++skip;
      while (skip < s.size() && s[skip] == ' ')
        ++skip;
    }
  } else {
    skip = std::min(s.size(), name.size());
  }
  return text::trim(s.substr(skip));
}

// `key` (a text::name_key) is one of the word's names.
bool is_key(std::string_view key, const VocabEntry* word) {
  if (!word) return false;
  for (const std::string& k : word->keys)
    if (k == key) return true;
  return false;
}

bool is_word(std::string_view s, const VocabEntry* word) {
  return word && is_key(text::name_key(s), word);
}

bool all_digits(std::string_view s) {
  std::string folded = text::fold_width(s);
  return !folded.empty() && folded.find_first_not_of("0123456789") == std::string::npos;
}

// A term's award word has the term's id (talebook/kinds.hpp).
std::optional<AwardTerm> one_term(const Vocabulary& v, std::string_view written) {
  const std::string key = text::name_key(written);
  for (AwardTerm term : {AwardTerm::OneUse, AwardTerm::SevenOrLess, AwardTerm::SixOrLess,
                         AwardTerm::OneTurn, AwardTerm::Master, AwardTerm::Companion})
    if (is_key(key, v.by_id(VocabKind::Award, tbook::name_of(term)))) return term;
  return std::nullopt;
}

// `1 use`, `Master`, or the Master and one condition: `Master, 7 or less`,
// `精通，7或更低` (and `(Master) (7 or less)`, read as one argument). Nothing
// for other words or another pair: the resolver reports the argument.
std::optional<AwardTerm> read_term(const Vocabulary& v, std::string_view argument) {
  std::vector<std::string_view> parts;
  for (std::size_t begin = 0; begin <= argument.size();) {
    std::size_t end = argument.size(), width = 0;
    for (std::string_view comma : {",", "\xEF\xBC\x8C", "\xE3\x80\x81"}) // , ， 、
      if (std::size_t at = argument.find(comma, begin); at < end) end = at, width = comma.size();
    parts.push_back(text::trim_view(argument.substr(begin, end - begin)));
    if (width == 0) break;
    begin = end + width;
  }
  if (parts.size() == 1) return one_term(v, parts[0]);
  if (parts.size() != 2) return std::nullopt;
  auto first = one_term(v, parts[0]), second = one_term(v, parts[1]);
  if (!first || !second) return std::nullopt;
  if (*first != AwardTerm::Master) std::swap(first, second);
  AwardTerm combined = AwardTerm::Permanent;
  if (*first != AwardTerm::Master || *second == AwardTerm::Master ||
      !tbook::master_term(*second, combined))
    return std::nullopt;
  return combined;
}

} // namespace

ParseState::Keywords ParseState::Keywords::of(const Vocabulary& v) {
  auto award = [&](const char* id) { return v.by_id(VocabKind::Award, id); };
  auto heading = [&](const char* id) { return v.by_id(VocabKind::Heading, id); };
  return {award("if_merchant"),   award("if_quest"),      award("lose_any_statuses"),
          award("lose"),          award("go_to"),         award("enter"),
          award("move_to"),       award("use_any_skill"), award("random_treasure"),
          award("quest_success"), award("death"),         award("max"),
          award("min"),           heading("or"),          heading("or_less"),
          heading("or_more")};
}

// `if Merchant` / `if Quest` after an item.
static bool apply_qualifier(ParseState& st, std::string_view written, SourceRange where) {
  if (is_word(written, st.keywords.if_merchant)) {
    st.item.qualifier = AwardQualifier::IfMerchant;
  } else if (is_word(written, st.keywords.if_quest)) {
    st.item.qualifier = AwardQualifier::IfQuest;
  } else {
    return false;
  }
  (void)where;
  return true;
}

// `S1` or `Piety` where a qualifier stands: an award item whose `/` is missing.
static bool looks_like_item(const Vocabulary& v, std::string_view written) {
  std::string_view rest = written;
  if (!rest.empty() && (rest[0] == 'D' || rest[0] == 'S' || rest[0] == 'W')) {
    rest.remove_prefix(1);
    while (!rest.empty() && (rest[0] == ' ' || rest[0] == '+' || rest[0] == '-'))
      rest.remove_prefix(1);
    if (!rest.empty() && rest[0] >= '0' && rest[0] <= '9') return true;
  }
  for (VocabKind kind : {VocabKind::Skill, VocabKind::Status, VocabKind::Award})
    if (v.find(kind, written)) return true;
  return false;
}

void ParseState::read_coded_qualifier() {
  const Vocabulary& v = vocabulary;
  if (!qualifier.empty() && !apply_qualifier(*this, qualifier, qualifier_range) &&
      looks_like_item(v, qualifier)) {
    report(Code::missing_slash, qualifier_range, {qualifier});
  } else if (!qualifier.empty() && !apply_qualifier(*this, qualifier, qualifier_range)) {
    std::vector<std::string> candidates{v.word(VocabKind::Award, "if_merchant"),
                                        v.word(VocabKind::Award, "if_quest")};
    unknown(Code::unknown_qualifier, qualifier_range, qualifier, candidates);
  }
  if (item.kind == AwardKind::Wealth && !argument.empty()) {
    if (is_word(argument, keywords.max))
      item.limit = WealthLimit::Max;
    else if (is_word(argument, keywords.min))
      item.limit = WealthLimit::Min;
    else
      unknown(Code::bad_award_item, argument_range, argument,
              {v.word(VocabKind::Award, "max"), v.word(VocabKind::Award, "min")});
    item.id = stored(words, words_range); // the level (limit_id()): the resolver's
    item.set_name_range(words_range);
  }
}

void ParseState::read_named_award() {
  const Vocabulary& v = vocabulary;
  std::string written = words;
  std::string key = text::name_key(written);
  // A qualifier may have been read as part of the words: `Trea* if Merchant`.
  for (const VocabEntry* q : {keywords.if_merchant, keywords.if_quest}) {
    if (!q || !qualifier.empty()) continue;
    for (std::size_t i = 0; i < q->keys.size(); ++i) {
      const std::string& name = name_at(*q, i);
      const std::string& qkey = q->keys[i]; // after a blank
      if (text::is_ascii(name) && key.size() > qkey.size() + 1 &&
          key.compare(key.size() - qkey.size(), qkey.size(), qkey) == 0 &&
          key[key.size() - qkey.size() - 1] == ' ') {
        std::size_t cut = written.size();
        for (std::size_t spaces = 0; cut > 0; --cut) {
          if (written[cut - 1] == ' ' &&
              ++spaces == static_cast<std::size_t>(std::count(name.begin(), name.end(), ' ')) + 1)
            break;
        }
        qualifier = text::trim(std::string_view(written).substr(cut));
        written = text::trim(std::string_view(written).substr(0, cut));
        break;
      }
      // A qualifier without blanks (若有任务) ends the words as written.
      if (!text::is_ascii(name) && written.size() > name.size() &&
          written.compare(written.size() - name.size(), name.size(), name) == 0) {
        qualifier = name;
        written = text::trim(std::string_view(written).substr(0, written.size() - name.size()));
        break;
      }
    }
  }
  if (written != words) key = text::name_key(written); // a qualifier was cut off
  if (!qualifier.empty() && !apply_qualifier(*this, qualifier, qualifier_range))
    unknown(Code::unknown_qualifier, qualifier_range, qualifier,
            {v.word(VocabKind::Award, "if_merchant"), v.word(VocabKind::Award, "if_quest")});

  // The argument: a term such as `(1 use)` (which names take it is the
  // resolver's to say), or a treasure's paragraph number.
  auto read_argument = [&] {
    if (argument.empty()) return;
    item.set_argument_range(argument_range);
    if (auto term = read_term(v, argument)) {
      item.term = *term;
      return;
    }
    if (all_digits(argument)) {
      if (auto n = read_number(argument, argument_range))
        item.set_paragraph(*n);
      else
        item.set_argument_range({}); // reported: too large
    }
    // Anything else: the resolver reports it once it knows the name.
  };
  auto named = [&](AwardName what, std::string_view name, SourceRange where) {
    item.name = what;
    item.id = stored(name, where);
    item.set_name_range(where);
  };

  if (is_key(key, keywords.lose_any_statuses)) {
    item.kind = AwardKind::LoseStatuses; // before `Lose X`: its words start with Lose
  } else if (auto rest = rest_after(written, key, keywords.lose)) {
    // The name's range: the caret goes under the name, not under `Lose`.
    SourceRange name = words_range;
    if (std::size_t at = written.rfind(*rest); at != std::string::npos && written == words)
      name.begin += static_cast<std::uint32_t>(at),
          name.end = name.begin + static_cast<std::uint32_t>(rest->size());
    item.kind = AwardKind::LoseSkill;
    named(AwardName::Lose, *rest, name);
    read_argument();
  } else if (auto rest = rest_after(written, key, keywords.go_to)) {
    item.kind = AwardKind::GoTo;
    if (all_digits(*rest))
      item.set_paragraph(read_number(*rest, words_range).value_or(0)); // 0: reported
    else
      report(Code::bad_award_item, words_range, {written});
  } else if (auto rest = rest_after(written, key, keywords.enter)) {
    item.kind = AwardKind::EnterPlace;
    named(AwardName::Enter, *rest, words_range);
  } else if (auto rest = rest_after(written, key, keywords.move_to)) {
    SourceRange name = words_range; // the caret under the space or terrain
    if (std::size_t at = written.rfind(*rest); at != std::string::npos && written == words)
      name.begin += static_cast<std::uint32_t>(at),
          name.end = name.begin + static_cast<std::uint32_t>(rest->size());
    item.kind = AwardKind::MoveToSpace; // or a terrain: the resolver says
    named(AwardName::Move, *rest, name);
  } else if (is_key(key, keywords.random_treasure)) {
    item.kind = AwardKind::RandomTreasure;
  } else if (is_key(key, keywords.quest_success)) {
    item.kind = AwardKind::QuestSuccess;
  } else if (is_key(key, keywords.use_any_skill)) {
    item.kind = AwardKind::UseAnySkill; // a Special card's (check_cards.cpp)
  } else if (is_key(key, keywords.death)) {
    item.kind = AwardKind::Death;
  } else {
    item.kind = AwardKind::Skill;
    named(AwardName::Gain, written, words_range);
    read_argument();
  }
  if (item.name != AwardName::Gain && item.name != AwardName::Lose && !argument.empty())
    report(Code::bad_award_item, argument_range, {argument});
}

void ParseState::commit_award(SourceRange where) {
  award.range = where;
  award.awards = book.keep_awards(award_items);
  award_items.clear();
  line_awards.push_back(where);
  if (Card* card = current_card(); card && city_result >= 0) {
    card->results[city_result].awards.push_back(std::move(award));
  } else if (paragraph()) {
    if (section < 0) { // an award straight after the prose: a section for everyone
      Section s;
      s.set_range(where);
      sections.push_back(std::move(s));
      section = static_cast<int>(sections.size() - 1);
      implicit_section = true;
    }
    Section& s = sections[section];
    if (std::optional<AwardCode> first = s.award()) {
      report(Code::second_award, where).note(Code::first_award_group, first->range);
      book.rejected_awards.push_back(std::move(award)); // its names are still checked
    } else {
      s.set_award(award);
    }
    SourceRange range = s.range();
    range.end = std::max(range.end, where.end);
    s.set_range(range);
  }
  award = AwardCode{};
}

namespace {

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
    s.remove_suffix(1);
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
    s.remove_prefix(1);
  return s;
}

bool inside(std::string_view part, std::string_view whole) {
  auto p = reinterpret_cast<std::uintptr_t>(part.data());
  auto w = reinterpret_cast<std::uintptr_t>(whole.data());
  return p >= w && p + part.size() <= w + whole.size();
}

} // namespace

void ParseState::add_text(std::string_view piece, const char* begin) {
  std::uint32_t at = static_cast<std::uint32_t>(begin - base);
  // The piece without its award groups; the text range stops at the first one.
  std::string kept;
  std::uint32_t cursor = at, text_end = at + static_cast<std::uint32_t>(piece.size());
  bool award_here = false;
  for (const SourceRange& a : line_awards) {
    if (a.begin < at || a.end > at + piece.size()) continue;
    kept.append(base + cursor, a.begin - cursor);
    if (!award_here) text_end = a.begin;
    award_here = true;
    cursor = a.end;
  }
  if (award_here) kept.append(base + cursor, at + piece.size() - cursor);
  std::string_view t = trimmed(award_here ? std::string_view(kept) : piece);
  line_awards.clear();
  while (text_end > at &&
         (base[text_end - 1] == ' ' || base[text_end - 1] == '\t' || base[text_end - 1] == '\r'))
    --text_end;
  std::uint32_t text_begin = at;
  while (text_begin < text_end && (base[text_begin] == ' ' || base[text_begin] == '\t'))
    ++text_begin;
  // The text as a slice of the source when it is one (an award group at the
  // line's end cut off, no line end but a LF between two lines).
  std::string_view slice;
  if (std::size_t from = award_here ? text_begin : static_cast<std::size_t>(t.data() - base);
      !t.empty() && from + t.size() <= source.size())
    slice = source.substr(from, t.size());
  bool in_source = !t.empty() && slice == t;

  auto extend = [&](std::string_view& text, SourceRange& range, bool frozen) {
    if (t.empty()) return;
    if (text.empty())
      text = in_source ? slice : book.keep(t);
    else if (in_source && inside(text, source) && text.data() + text.size() + 1 == slice.data() &&
             text.data()[text.size()] == '\n')
      text = {text.data(), text.size() + 1 + slice.size()};
    else
      text = book.texts.join(text, '\n', t);
    if (frozen || text_end <= text_begin) return;
    if (!range.valid())
      range = {file, text_begin, text_end};
    else
      range.end = std::max(range.end, text_end);
  };
  if (Card* card = current_card(); card && city_result >= 0) {
    SourceRange unused;
    extend(card->results[city_result].text, unused, false);
  } else if (Paragraph* p = paragraph()) {
    if (section >= 0 && !std::exchange(implicit_section, false)) {
      Section& s = sections[section];
      bool frozen = s.has_award() && !award_here;
      std::string_view text = s.text;
      SourceRange text_range = s.text_range(), range = s.range();
      extend(text, text_range, frozen);
      s.text = text;
      s.set_text_range(text_range);
      range.end = std::max(range.end, at + static_cast<std::uint32_t>(piece.size()));
      s.set_range(range);
    } else {
      std::string_view prose = p->prose;
      SourceRange prose_range = p->prose_range();
      extend(prose, prose_range, false);
      p->prose = prose;
      p->set_prose_range(prose_range);
    }
  }
}

} // namespace talebook
