// Award items resolved against the vocabulary, and where award groups and
// text go (the open section, the prose, or a city card's result).
#include <algorithm>
#include <utility>

#include "compiler/parse/parser_state.hpp"
#include "compiler/text/text.hpp"

namespace talebook {
namespace {

std::vector<std::string> names_of(const VocabEntry& e) {
  std::vector<std::string> names = e.aliases;
  names.insert(names.begin(), e.name);
  return names;
}

// `s` starts with the award word (whole words; any prefix for a non-ASCII word).
std::optional<std::string> rest_after(std::string_view s, const VocabEntry* word) {
  if (!word) return std::nullopt;
  std::vector<std::string> names = names_of(*word);
  std::sort(names.begin(), names.end(), [](auto& a, auto& b) { return a.size() > b.size(); });
  std::string key = text::name_key(s);
  for (const std::string& name : names) {
    std::string prefix = text::name_key(name);
    if (key.size() > prefix.size() && key.compare(0, prefix.size(), prefix) == 0 &&
        (key[prefix.size()] == ' ' || !text::is_ascii(name))) {
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
  }
  return std::nullopt;
}

bool is_word(std::string_view s, const VocabEntry* word) {
  if (!word) return false;
  for (const std::string& name : names_of(*word))
    if (text::name_key(s) == text::name_key(name)) return true;
  return false;
}

bool all_digits(std::string_view s) {
  std::string folded = text::fold_width(s);
  return !folded.empty() && folded.find_first_not_of("0123456789") == std::string::npos;
}

} // namespace

void BookNames::add(ParagraphKind kind, const std::string& name) {
  if (kind == ParagraphKind::Treasure && treasures.insert(text::name_key(name)).second)
    treasure_names.push_back(name);
  if (kind == ParagraphKind::Place && places.insert(text::name_key(name)).second)
    place_names.push_back(name);
}

// `if Merchant` / `if Quest` after an item.
static bool apply_qualifier(ParseState& st, std::string_view written, SourceRange where) {
  const Vocabulary& v = st.vocabulary;
  if (is_word(written, v.by_id(VocabKind::Award, "if_merchant"))) {
    st.item.qualifier = AwardQualifier::IfMerchant;
  } else if (is_word(written, v.by_id(VocabKind::Award, "if_quest"))) {
    st.item.qualifier = AwardQualifier::IfQuest;
  } else {
    return false;
  }
  (void)where;
  return true;
}

void ParseState::resolve_coded_qualifier() {
  const Vocabulary& v = vocabulary;
  if (!qualifier.empty() && !apply_qualifier(*this, qualifier, qualifier_range)) {
    std::vector<std::string> candidates{v.word(VocabKind::Award, "if_merchant"),
                                        v.word(VocabKind::Award, "if_quest")};
    unknown(Code::unknown_qualifier, qualifier_range, qualifier, candidates);
  }
  if (item.kind == AwardKind::Wealth && !argument.empty()) {
    if (is_word(argument, v.by_id(VocabKind::Award, "max")))
      item.limit = WealthLimit::Max;
    else if (is_word(argument, v.by_id(VocabKind::Award, "min")))
      item.limit = WealthLimit::Min;
    else
      unknown(Code::bad_award_item, argument_range, argument,
              {v.word(VocabKind::Award, "max"), v.word(VocabKind::Award, "min")});
    if (const VocabEntry* level = v.find(VocabKind::Wealth, words))
      item.limit_id = level->id;
    else
      unknown(Code::unknown_wealth, words_range, words, v.names(VocabKind::Wealth));
  }
}

void ParseState::resolve_named_award() {
  const Vocabulary& v = vocabulary;
  std::string written = words;
  // A qualifier may have been read as part of the words: `Trea* if Merchant`.
  for (const char* id : {"if_merchant", "if_quest"}) {
    const VocabEntry* q = v.by_id(VocabKind::Award, id);
    if (!q || !qualifier.empty()) continue;
    for (const std::string& name : names_of(*q)) {
      std::string key = text::name_key(written), qkey = " " + text::name_key(name);
      if (text::is_ascii(name) && key.size() > qkey.size() &&
          key.compare(key.size() - qkey.size(), qkey.size(), qkey) == 0) {
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
  if (!qualifier.empty() && !apply_qualifier(*this, qualifier, qualifier_range))
    unknown(Code::unknown_qualifier, qualifier_range, qualifier,
            {v.word(VocabKind::Award, "if_merchant"), v.word(VocabKind::Award, "if_quest")});

  bool argument_used = argument.empty();
  auto take_term = [&](bool skill) {
    if (argument.empty()) return;
    static const std::pair<const char*, AwardTerm> terms[] = {
        {"one_use", AwardTerm::OneUse},
        {"seven_or_less", AwardTerm::SevenOrLess},
        {"six_or_less", AwardTerm::SixOrLess},
        {"one_turn", AwardTerm::OneTurn}};
    for (auto [id, term] : terms)
      if (is_word(argument, v.by_id(VocabKind::Award, id)) &&
          (skill != (term == AwardTerm::OneTurn))) {
        item.term = term;
        argument_used = true;
      }
  };

  if (auto rest = rest_after(written, v.by_id(VocabKind::Award, "lose"))) {
    if (const VocabEntry* s = v.find(VocabKind::Skill, *rest)) {
      item.kind = AwardKind::LoseSkill;
      item.id = s->id;
    } else if (const VocabEntry* s = v.find(VocabKind::Status, *rest)) {
      item.kind = AwardKind::LoseStatus;
      item.id = s->id;
    } else {
      // The caret goes under the name, not under `Lose`.
      SourceRange name = words_range;
      if (std::size_t at = written.rfind(*rest); at != std::string::npos && written == words)
        name.begin += static_cast<std::uint32_t>(at),
            name.end = name.begin + static_cast<std::uint32_t>(rest->size());
      unknown_name(name, *rest, Code::unknown_award,
                   {{Code::unknown_skill, v.names(VocabKind::Skill)},
                    {Code::unknown_status, v.names(VocabKind::Status)}});
    }
  } else if (auto rest = rest_after(written, v.by_id(VocabKind::Award, "go_to"))) {
    item.kind = AwardKind::GoTo;
    if (all_digits(*rest))
      item.paragraph = parse_number(*rest);
    else
      report(Code::bad_award_item, words_range, {written});
  } else if (auto rest = rest_after(written, v.by_id(VocabKind::Award, "enter"))) {
    item.kind = AwardKind::EnterPlace;
    item.id = *rest;
    if (!names.places.count(text::name_key(*rest)))
      unknown(Code::unknown_place, words_range, *rest, names.place_names);
  } else if (is_word(written, v.by_id(VocabKind::Award, "random_treasure"))) {
    item.kind = AwardKind::RandomTreasure;
  } else if (is_word(written, v.by_id(VocabKind::Award, "quest_success"))) {
    item.kind = AwardKind::QuestSuccess;
  } else if (is_word(written, v.by_id(VocabKind::Award, "death"))) {
    item.kind = AwardKind::Death;
  } else if (const VocabEntry* s = v.find(VocabKind::Skill, written)) {
    item.kind = AwardKind::Skill;
    item.id = s->id;
    take_term(true);
  } else if (const VocabEntry* s = v.find(VocabKind::Status, written)) {
    item.kind = AwardKind::Status;
    item.id = s->id;
    take_term(false);
  } else if (!argument.empty() && all_digits(argument)) {
    item.kind = AwardKind::Treasure;
    item.id = written;
    item.paragraph = parse_number(argument);
    argument_used = true;
  } else if (names.treasures.count(text::name_key(written))) {
    item.kind = AwardKind::Treasure;
    item.id = written;
  } else {
    std::vector<NameGroup> groups = {{Code::unknown_skill, v.names(VocabKind::Skill)},
                                     {Code::unknown_status, v.names(VocabKind::Status)},
                                     {Code::unknown_treasure, names.treasure_names},
                                     {Code::unknown_award, v.names(VocabKind::Award)}};
    unknown_name(words_range, written, Code::unknown_award, groups);
    argument_used = true;
  }
  if (!argument_used) report(Code::bad_award_item, argument_range, {argument});
}

void ParseState::commit_award(SourceRange where) {
  award.range = where;
  line_awards.push_back(where);
  if (Card* card = current_card(); card && city_result >= 0) {
    card->results[city_result].awards.push_back(std::move(award));
  } else if (Paragraph* p = paragraph()) {
    if (section < 0) { // an award straight after the prose: a section for everyone
      Section s;
      s.range = where;
      p->sections.push_back(std::move(s));
      section = static_cast<int>(p->sections.size() - 1);
      implicit_section = true;
    }
    Section& s = p->sections[section];
    if (s.award)
      report(Code::second_award, where).note(Code::first_award_group, s.award->range);
    else
      s.award = std::move(award);
    s.range.end = std::max(s.range.end, where.end);
  }
  award = AwardCode{};
}

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
  kept.append(base + cursor, at + piece.size() - cursor);
  std::string t = text::trim(kept);
  line_awards.clear();
  while (text_end > at &&
         (base[text_end - 1] == ' ' || base[text_end - 1] == '\t' || base[text_end - 1] == '\r'))
    --text_end;
  std::uint32_t text_begin = at;
  while (text_begin < text_end && (base[text_begin] == ' ' || base[text_begin] == '\t'))
    ++text_begin;

  auto extend = [&](std::string& text, SourceRange& range, bool frozen) {
    if (t.empty()) return;
    if (!text.empty()) text += '\n';
    text += t;
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
      Section& s = p->sections[section];
      bool frozen = s.award.has_value() && !award_here;
      extend(s.text, s.text_range, frozen);
      s.range.end = std::max(s.range.end, at + static_cast<std::uint32_t>(piece.size()));
    } else {
      extend(p->prose, p->prose_range, false);
    }
  }
}

} // namespace talebook
