#include "talebook/engine/start.hpp"

#include <algorithm>

#include "talebook/engine/book_view.hpp"

namespace talebook::engine {

namespace {

std::string trim(std::string_view s) {
  const auto first = s.find_first_not_of(' ');
  if (first == std::string_view::npos) return {};
  return std::string(s.substr(first, s.find_last_not_of(' ') - first + 1));
}

// ASCII letters fold; other bytes (Chinese words) compare as written.
std::string folded(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; });
  return out;
}

// The vocabulary id of `kind` whose id or word is `value`, or empty.
std::string vocabulary_id(const tbook::Book& book, tbook::VocabKind kind, std::string_view value) {
  const std::string want = folded(value);
  for (std::uint32_t i = 0; i < book.vocabulary_count(); ++i) {
    const tbook::VocabEntry v = book.vocabulary(i);
    if (v.kind == kind && (folded(v.id) == want || folded(v.name) == want))
      return std::string(v.id);
  }
  return {};
}

std::optional<HeldTreasure> treasure(const tbook::Book& book, std::string_view value) {
  const std::string want = folded(value);
  for (const HeldTreasure& t : read_treasures(book)) {
    auto p = book.find_paragraph(t.paragraph);
    if (folded(t.name) == want || std::to_string(t.paragraph) == want ||
        (p && folded(p->name) == want))
      return t;
  }
  return std::nullopt;
}

// A place of power paragraph whose name or number is `value`.
std::optional<Opportunity> place(const tbook::Book& book, std::string_view value) {
  const std::string want = folded(value);
  for (std::uint32_t i = 0; i < book.paragraph_count(); ++i) {
    const tbook::Paragraph p = book.paragraph(i);
    if (p.kind == tbook::ParagraphKind::Place &&
        (folded(p.name) == want || std::to_string(p.number) == want))
      return Opportunity{std::string(p.name), p.number};
  }
  return std::nullopt;
}

bool small_number(const std::string& value, int& out) {
  if (value.empty() || value.size() > 2 ||
      !std::all_of(value.begin(), value.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return false;
  out = std::stoi(value);
  return true;
}

} // namespace

std::optional<Start> read_start(const tbook::Book& book, std::string_view text,
                                std::string& error) {
  Start start;
  std::size_t from = 0;
  while (from <= text.size()) {
    const std::size_t comma = std::min(text.find(',', from), text.size());
    const std::string item = trim(text.substr(from, comma - from));
    from = comma + 1;
    const std::size_t equals = item.find('=');
    if (equals == std::string::npos) {
      error = "--start: '" + item +
              "' is not key=value (destiny, story, wealth, status, treasure, enter, space, master)";
      return std::nullopt;
    }
    const std::string key = folded(trim(item.substr(0, equals)));
    const std::string value = trim(item.substr(equals + 1));
    const std::string what = "--start: " + key + " '" + value + "'";
    int number = 0;
    if (key == "destiny" || key == "story") {
      if (!small_number(value, number)) {
        error = what + " is not a number from 0 to 99";
        return std::nullopt;
      }
      (key == "destiny" ? start.destiny : start.story) = number;
    } else if (key == "wealth") {
      const int level = wealth_level(vocabulary_id(book, tbook::VocabKind::Wealth, value));
      if (level < 0) {
        error = what + " is not a wealth level of the book";
        return std::nullopt;
      }
      start.wealth = level;
    } else if (key == "status") {
      std::string id = vocabulary_id(book, tbook::VocabKind::Status, value);
      if (id.empty()) {
        error = what + " is not a status of the book";
        return std::nullopt;
      }
      if (start.status) {
        error = what + ": a character has one status at most (rule 13.2)";
        return std::nullopt;
      }
      start.status = id;
    } else if (key == "treasure") {
      auto t = treasure(book, value);
      if (!t) {
        error = what + " is not a treasure paragraph of the book";
        return std::nullopt;
      }
      start.treasures.push_back(*t);
    } else if (key == "enter") {
      auto o = place(book, value);
      if (!o) {
        error = what + " is not a place of power of the book";
        return std::nullopt;
      }
      start.opportunities.push_back(*o);
    } else if (key == "master") {
      std::string id = vocabulary_id(book, tbook::VocabKind::Skill, value);
      if (id.empty()) {
        error = what + " is not a skill of the book";
        return std::nullopt;
      }
      start.masters.push_back(std::move(id));
    } else if (key == "space") {
      start.space = book.find_space(value);
      if (!start.space) {
        error = what + (book.space_count() ? " is not a space of the book's map"
                                           : ": the book has no map");
        return std::nullopt;
      }
    } else {
      error = "--start: unknown key '" + key +
              "' (destiny, story, wealth, status, treasure, enter, space, master)";
      return std::nullopt;
    }
  }
  if (start.wealth == Fabulous && start.treasures.empty()) {
    error = "--start: Fabulous wealth needs a treasure (rule 16.2)";
    return std::nullopt;
  }
  return start;
}

void apply_start(const Start& start, Character& character) {
  if (start.destiny) character.destiny = *start.destiny;
  if (start.story) character.story = *start.story;
  if (start.wealth) character.wealth = *start.wealth;
  if (start.status) character.statuses.push_back({*start.status, Term::Permanent, 0});
  for (const HeldTreasure& t : start.treasures)
    if (!character.has_treasure(t.paragraph)) character.treasures.push_back(t);
  for (const Opportunity& o : start.opportunities)
    character.opportunities.push_back(o);
  for (const std::string& id : start.masters) {
    if (HeldSkill* s = character.skill(id))
      *s = HeldSkill{id, SkillLevel::Master};
    else
      character.skills.push_back({id, SkillLevel::Master});
  }
}

std::optional<std::uint32_t> read_from(const tbook::Book& book, std::uint64_t number,
                                       std::string& error) {
  if (number <= UINT32_MAX && book.find_paragraph(static_cast<std::uint32_t>(number)))
    return static_cast<std::uint32_t>(number);
  error = "the book has no paragraph " + std::to_string(number);
  if (book.paragraph_count() == 0) {
    error += " (it has no paragraphs)";
    return std::nullopt;
  }
  // Paragraphs are stored in number order (docs/binary-format.md).
  const std::uint32_t first = book.paragraph(0).number,
                      last = book.paragraph(book.paragraph_count() - 1).number;
  error += " (its paragraphs are numbered " + std::to_string(first) +
           (first == last ? "" : " to " + std::to_string(last)) + ")";
  return std::nullopt;
}

} // namespace talebook::engine
