#include "compiler/translate/translation_units.hpp"

#include "compiler/text/text.hpp"
#include "compiler/translate/translation_mechanics.hpp"
#include "compiler/translate/translation_units_games.hpp"

namespace talebook {
namespace {

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

bool comment_line(std::string_view line) {
  return text::is_comment_line(line);
}

} // namespace

TextUnit make_unit(std::string context, SourceRange range, const SourceSet& sources) {
  TextUnit unit;
  unit.context = std::move(context);
  unit.span = range;
  if (!range.valid() || range.end <= range.begin) {
    unit.span.end = unit.span.begin;
    return unit;
  }
  std::string_view all = sources.file(range.file).text();
  std::size_t begin = range.begin, end = std::min<std::size_t>(range.end, all.size());
  auto at_line_start = [&](std::size_t i) { return i == 0 || all[i - 1] == '\n'; };
  // Drop leading blank and comment lines, then leading white space.
  for (;;) {
    while (begin < end && is_space(all[begin]))
      ++begin;
    std::size_t eol = all.find('\n', begin);
    if (eol == std::string_view::npos || eol > end) eol = end;
    if (begin == end || !at_line_start(begin) || !comment_line(all.substr(begin, eol - begin)))
      break;
    begin = eol;
  }
  // Drop trailing blank and comment lines, then trailing white space.
  for (;;) {
    while (end > begin && is_space(all[end - 1]))
      --end;
    std::size_t bol = end;
    while (bol > begin && all[bol - 1] != '\n')
      --bol;
    if (bol == begin || !comment_line(all.substr(bol, end - bol))) break;
    end = bol;
  }
  unit.span.begin = static_cast<std::uint32_t>(begin);
  unit.span.end = static_cast<std::uint32_t>(end);
  std::string_view text = all.substr(begin, end - begin);
  std::size_t pos = 0;
  while (pos <= text.size()) {
    std::size_t eol = text.find('\n', pos);
    if (eol == std::string_view::npos) eol = text.size();
    std::string_view line = text.substr(pos, eol - pos);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (pos > 0 && comment_line(line)) {
      unit.comments = true;
    } else {
      if (pos > 0) unit.text += '\n';
      unit.text.append(line);
    }
    pos = eol + 1;
  }
  return unit;
}

namespace {

// A name as written inside a range (a being in its chart entry, an adjective in
// its matrix row, a card's name in its header), searched from `from` on.
TextUnit name_unit(std::string context, const std::string& name, SourceRange range,
                   std::size_t from, const SourceSet& sources) {
  TextUnit unit;
  unit.context = std::move(context);
  std::string_view text = sources.text(range);
  std::size_t at =
      name.empty() ? std::string_view::npos : text.find(name, std::min(from, text.size()));
  if (at == std::string_view::npos) return unit; // no span: never exported nor imported
  unit.span = {range.file, static_cast<std::uint32_t>(range.begin + at),
               static_cast<std::uint32_t>(range.begin + at + name.size())};
  unit.text = name;
  return unit;
}

// A paragraph without prose: its prose would start on the line after the header.
void prose_insertion(TextUnit& unit, const Paragraph& p, const SourceSet& sources) {
  if (!p.header().valid()) return;
  std::string_view all = sources.file(p.header().file).text();
  std::size_t eol = all.find('\n', p.header().end);
  if (eol == std::string_view::npos) return; // the header is the file's last line
  auto at = static_cast<std::uint32_t>(eol + 1);
  unit.span = {p.header().file, at, at};
  unit.suffix = "\n";
}

// A section without text: its text would follow the heading (and its space).
void section_insertion(TextUnit& unit, const Section& s, const SourceSet& sources) {
  if (!s.heading().valid()) return;
  std::string_view all = sources.file(s.heading().file).text();
  std::size_t at = s.heading().end;
  if (at < all.size() && all[at] == ' ') {
    ++at;
    unit.suffix = " ";
  } else if (at < all.size() && all[at] != '\n' && all[at] != '\r') {
    unit.suffix = " ";
  }
  unit.span = {s.heading().file, static_cast<std::uint32_t>(at), static_cast<std::uint32_t>(at)};
}

const char* card_word(CardKind kind) {
  return tbook::name_of(kind);
}

} // namespace

std::vector<std::string> card_ids(const Book& book) {
  std::size_t counts[tbook::Kind<CardKind>::count] = {};
  std::vector<std::string> ids;
  for (const Card& card : book.cards)
    ids.push_back("card " + std::string(card_word(card.kind)) + " " +
                  std::to_string(++counts[static_cast<std::size_t>(card.kind)]));
  return ids;
}

std::vector<TextUnit> text_units(const Book& book, const SourceSet& sources) {
  Mechanics mechanics(book);
  std::vector<TextUnit> units;
  // A translation's fallbacks are its source's text (fallback.hpp): no unit of
  // the translation, whose files do not hold them.
  for (const Paragraph& p : book.paragraphs) {
    if (p.fallback) continue;
    std::string at = "@" + std::to_string(p.number);
    TextUnit prose = make_unit(at, p.prose_range(), sources);
    prose.paragraph = p.number;
    std::string what = "the prose of paragraph " + std::to_string(p.number);
    if (p.kind != ParagraphKind::Award)
      what += std::string(" (") + kind_word(p.kind) +
              (p.name.empty() ? "" : " '" + std::string(p.name) + "'") + ")";
    prose.notes.push_back(what);
    if (prose.text.empty()) prose_insertion(prose, p, sources);
    units.push_back(std::move(prose));
    for (std::size_t i = 0; i < p.sections.size(); ++i) {
      const Section& s = p.sections[i];
      if (s.fallback) continue;
      std::string context = at + " section " + std::to_string(i + 1);
      TextUnit unit = make_unit(context, s.text_range(), sources);
      unit.paragraph = p.number;
      unit.section = i + 1;
      const std::optional<AwardCode> award = s.award();
      const SourceRange range = s.range();
      unit.about = mechanics.conditions(s) + " | " + mechanics.award(award);
      if (s.heading().valid())
        unit.notes.push_back("section " + std::to_string(i + 1) + " of paragraph " +
                             std::to_string(p.number) + ", under '" +
                             text::collapse_space(sources.text(s.heading())) + "'");
      if (award && award->range.valid())
        unit.notes.push_back("awards " + text::collapse_space(sources.text(award->range)));
      if (unit.text.empty()) section_insertion(unit, s, sources);
      TextUnit shared = unit;
      units.push_back(std::move(unit));
      // Text after the award group, up to the next heading, is text too (rare).
      if (award && award->range.valid() && range.valid() && award->range.end < range.end) {
        TextUnit after = make_unit(context + " (after the award)",
                                   {range.file, award->range.end, range.end}, sources);
        if (text::word_count(after.text, "") > 0) { // not a lone full stop
          after.paragraph = p.number;
          after.section = i + 1;
          after.about = shared.about;
          after.notes = shared.notes;
          units.push_back(std::move(after));
        }
      }
    }
    if (p.chart)
      for (const ChartEntry& entry : p.chart->entries) {
        TextUnit unit = name_unit(at + " entry " + std::to_string(entry.roll),
                                  std::string(entry.being), entry.range, 0, sources);
        unit.paragraph = p.number;
        unit.notes.push_back("the being of entry " + std::to_string(entry.roll) +
                             " of encounter chart " + std::to_string(p.number) + " (matrix " +
                             std::string(1, entry.matrix) + "): starts with a row's adjective");
        unit.about = std::string(1, entry.matrix);
        units.push_back(std::move(unit));
      }
  }
  for (const ReactionMatrix& m : book.matrices)
    for (std::size_t i = 0; i < m.rows.size() && !m.fallback; ++i) {
      TextUnit unit =
          name_unit("matrix " + std::string(1, m.letter) + " row " + std::to_string(i + 1),
                    m.rows[i].adjective, m.rows[i].range, 0, sources);
      unit.notes.push_back("the adjective of row " + std::to_string(i + 1) +
                           " of reaction matrix " + std::string(1, m.letter) +
                           ": rename the beings that start with it too");
      units.push_back(std::move(unit));
    }
  const std::vector<std::string> ids = card_ids(book);
  for (std::size_t k = 0; k < book.cards.size(); ++k) {
    const Card& card = book.cards[k];
    std::string word = card_word(card.kind);
    if (card.fallback) continue;
    // The name follows `@card <kind> `.
    std::string_view header = sources.text(card.header);
    std::size_t from = header.find(word);
    from = from == std::string_view::npos ? 0 : from + word.size();
    const std::string number = ids[k].substr(ids[k].rfind(' ') + 1);
    TextUnit unit = name_unit(ids[k], card.name, card.header, from, sources);
    unit.notes.push_back("the name of " + word + " card " + number);
    units.push_back(std::move(unit));
    if (!card.quest_range.valid()) continue;
    // `Quest: Old Sailor (710)`: the being its quest half names (rule 22.1).
    TextUnit quest =
        name_unit(ids[k] + " quest", std::string(card.quest_being), card.quest_range, 0, sources);
    quest.notes.push_back("the being the quest half of " + word + " card " + number +
                          " names (rule 22.1)");
    units.push_back(std::move(quest));
  }
  // The map's spaces (rule 9), by their order: their names.
  for (std::size_t i = 0; i < book.map.spaces.size(); ++i) {
    const Space& space = book.map.spaces[i];
    if (space.fallback) continue;
    std::string_view header = sources.text(space.header);
    std::size_t from = header.find("space");
    from = from == std::string_view::npos ? 0 : from + 5;
    TextUnit unit =
        name_unit("space " + std::to_string(i + 1), space.name, space.header, from, sources);
    unit.notes.push_back("the name of space " + std::to_string(i + 1) +
                         " of the map (the routes that name it are renamed with it)");
    for (const Space& other : book.map.spaces)
      for (const Route& r : other.routes)
        if (r.target == i && !other.fallback) unit.also.push_back(r.range);
    units.push_back(std::move(unit));
  }
  // The products of the Merchant Display (rule 23.1), by their order on it:
  // their names, in their boxes and in the cities' `Products:` lines.
  const MerchantDisplay& display = book.display;
  for (std::size_t i = 0; i < display.products.size() && !display.fallback; ++i) {
    const Product& product = display.products[i];
    TextUnit unit =
        name_unit("product " + std::to_string(i + 1), product.name, product.range, 0, sources);
    unit.notes.push_back("the name of product " + std::to_string(i + 1) +
                         " of the Merchant Display (the cities' Products lines that name it "
                         "are renamed with it)");
    for (const Space& space : book.map.spaces)
      for (const ProductRef& p : space.products)
        if (p.product == i && !space.fallback) unit.also.push_back(p.range);
    units.push_back(std::move(unit));
  }
  game_units(book, sources, units);
  return units;
}

std::string current_context(const std::string& context) {
  // "@12 section 2: a, b" and "@12 section 2: a (after the award)".
  if (context.empty() || context[0] != '@') return context;
  std::size_t colon = context.find(": ");
  if (colon == std::string::npos || context.find(" section ") > colon) return context;
  const std::string after = " (after the award)";
  bool is_after = context.size() > after.size() &&
                  context.compare(context.size() - after.size(), after.size(), after) == 0;
  return context.substr(0, colon) + (is_after ? after : std::string());
}

} // namespace talebook
