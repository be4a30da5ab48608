// tbook_json: a .tbook as JSON through the reader alone (talebook/dump/dump.hpp).
// Every object is built by talebook/dump/shape.hpp, as the model's is; this file
// only reads the values.
#include "talebook/dump/dump.hpp"
#include "talebook/dump/shape.hpp"

namespace talebook {
namespace {

using nlohmann::json;
namespace tb = tbook;

class ReaderJson {
public:
  explicit ReaderJson(const tb::Book& book) : b_(book) {}

  json award(std::uint32_t index) const {
    tb::Award a = b_.award(index);
    return dump::award({a.kind, a.amount, std::string(a.id), std::string(a.name), a.limit,
                        std::string(a.limit_id), std::string(a.limit_name), a.term, a.qualifier,
                        a.paragraph, a.space});
  }

  json group(tb::Span awards, bool bracketed) const {
    json list = json::array();
    for (std::uint32_t i : awards)
      list.push_back(award(i));
    return dump::award_group(bracketed, std::move(list));
  }

  json refs(tb::Span span) const {
    json j = json::array();
    for (std::uint32_t i : span)
      j.push_back(b_.reference(i));
    return j;
  }

  json matrix_refs(tb::Span span) const {
    json j = json::array();
    for (std::uint32_t i : span) {
      tb::MatrixRef m = b_.matrix_ref(i);
      j.push_back(dump::matrix_ref(m.being, m.letter, m.row));
    }
    return j;
  }

  json section(std::uint32_t index) const {
    tb::Section s = b_.section(index);
    json conditions = json::array();
    for (std::uint32_t c : s.conditions) {
      tb::Condition k = b_.condition(c);
      conditions.push_back(dump::condition(k.kind, k.mandatory, k.id, k.name, k.roll_low,
                                           k.roll_high, k.paragraph,
                                           {k.amount, k.target, std::string(k.words), k.effect}));
    }
    std::optional<json> award;
    if (s.has_award) award = group(s.awards, s.bracketed);
    return dump::section(std::move(conditions), s.mandatory, s.text, std::move(award), s.fallback);
  }

  json paragraph(const tb::Paragraph& p) const {
    dump::ParagraphFields f;
    f.number = p.number, f.kind = p.kind, f.name = p.name, f.name_id = p.name_id, f.prose = p.prose;
    f.sections = json::array();
    for (std::uint32_t i : p.sections)
      f.sections.push_back(section(i));
    f.refs = refs(p.refs);
    f.matrix_refs = matrix_refs(p.matrix_refs);
    if (p.has_chart) {
      f.chart = json::array();
      for (std::uint32_t i : p.chart_entries) {
        tb::ChartEntry e = b_.chart_entry(i);
        f.chart->push_back(dump::chart_entry(e.roll, e.being, e.adjective, e.matrix, e.row, e.sex));
      }
    }
    f.fallback = p.fallback;
    return dump::paragraph(std::move(f));
  }

  json matrix(const tb::ReactionMatrix& m) const {
    json options = json::array(), rows = json::array();
    for (std::uint32_t c = 0; c < m.option_count; ++c) {
      tb::VocabEntry o = b_.matrix_option(m, c);
      options.push_back(dump::matrix_option(o.id, o.name));
    }
    for (std::uint32_t r = 0; r < m.row_count; ++r) {
      json cells = json::array();
      for (std::uint32_t c = 0; c < m.option_count; ++c) {
        tb::MatrixCell cell = b_.matrix_cell(m, r, c);
        cells.push_back(dump::cell(cell.kind, cell.number));
      }
      rows.push_back(dump::matrix_row(b_.matrix_row(m, r), std::move(cells)));
    }
    return dump::matrix(m.letter, std::move(options), std::move(rows), m.fallback);
  }

  json card(const tb::Card& c) const {
    dump::CardFields f;
    f.kind = c.kind, f.name = c.name, f.matrix = c.matrix;
    if (c.kind == tb::CardKind::Character) f.decks = refs(c.decks);
    if (c.kind == tb::CardKind::Terrain) {
      f.terrains = json::array();
      for (std::uint32_t i : c.terrains) {
        tb::TerrainEntry t = b_.terrain(i);
        f.terrains.push_back(
            dump::terrain(t.terrain_id, t.terrain_name, t.paragraph, t.illustrated));
      }
    }
    if (c.kind == tb::CardKind::City || c.kind == tb::CardKind::Special) {
      f.results = json::array();
      for (std::uint32_t i : c.results) {
        tb::CityResult r = b_.city_result(i);
        json groups = json::array();
        for (std::uint32_t g : r.award_groups) {
          tb::AwardGroup group_ = b_.award_group(g);
          groups.push_back(group(group_.awards, group_.bracketed));
        }
        f.results.push_back(dump::city_result(r.roll, r.text, std::move(groups), refs(r.refs),
                                              matrix_refs(r.matrix_refs)));
      }
    }
    f.fallback = c.fallback;
    f.quest = c.quest.value_or(0), f.quest_being = c.quest_being;
    return dump::card(std::move(f));
  }

private:
  const tb::Book& b_;
};

} // namespace

json tbook_paragraph_json(const tb::Book& book, const tb::Paragraph& paragraph) {
  return ReaderJson(book).paragraph(paragraph);
}

json tbook_json(const tb::Book& book) {
  ReaderJson r(book);
  dump::BookFields f;
  f.title = book.title(), f.language = book.language(), f.translates = book.translates();
  f.vocabulary = json::array(), f.paragraphs = json::array(), f.matrices = json::array(),
  f.cards = json::array();
  for (std::uint32_t i = 0; i < book.vocabulary_count(); ++i) {
    tb::VocabEntry e = book.vocabulary(i);
    f.vocabulary.push_back(dump::vocabulary_entry(e.kind, e.id, e.name, e.order));
  }
  for (std::uint32_t i = 0; i < book.paragraph_count(); ++i)
    f.paragraphs.push_back(r.paragraph(book.paragraph(i)));
  for (std::uint32_t i = 0; i < book.matrix_count(); ++i)
    f.matrices.push_back(r.matrix(book.matrix(i)));
  for (std::uint32_t i = 0; i < book.card_count(); ++i)
    f.cards.push_back(r.card(book.card(i)));
  for (std::uint32_t i = 0; i < book.space_count(); ++i) {
    const tb::Space s = book.space(i);
    dump::SpaceFields sf{s.name, s.terrain_id, s.terrain_name,      s.black,      s.start,
                         s.wild, s.fallback,   s.place.value_or(0), json::array()};
    for (std::uint32_t k : s.routes) {
      const tb::Route route = book.route(k);
      sf.routes.push_back(dump::route(book.space(route.space).name, route.kind));
    }
    for (std::uint32_t k : s.products)
      sf.products.push_back(std::string(book.product(book.space_product(k)).name));
    f.spaces.push_back(dump::space(std::move(sf)));
  }
  for (std::uint32_t i = 0; i < book.vocabulary_count(); ++i) {
    const tb::VocabEntry e = book.vocabulary(i);
    if (e.kind != tb::VocabKind::Wealth) continue;
    if (std::optional<tb::MovementRate> rate = book.movement_rate(e.id))
      f.rates.push_back(dump::movement_rate(e.id, rate->land, rate->sea));
  }
  if (book.display_rows() > 0) { // 1.6: the Merchant Display
    json products = json::array(), counters = json::array();
    for (std::uint32_t i = 0; i < book.product_count(); ++i) {
      const tb::Product p = book.product(i);
      products.push_back(dump::product(p.name, p.row, p.column, p.fallback));
    }
    for (std::uint32_t i = 0; i < book.counter_group_count(); ++i) {
      const tb::CounterGroup g = book.counter_group(i);
      counters.push_back(dump::counter_group(g.shape, g.count, g.wealth));
    }
    f.display = dump::display(book.display_rows(), book.display_columns(), std::move(products),
                              std::move(counters));
  }
  if (book.game() != tb::GameKind::tales) { // 1.7: a game of the family
    json deck = json::array(), tiles = json::array(), verdicts = json::array();
    for (std::uint32_t i = 0; i < book.deck_card_count(); ++i) {
      const tb::DeckCard c = book.deck_card(i);
      dump::DeckCardFields d{c.deck_class, c.role,    c.name, c.gloss,  c.text,   c.has_scores,
                             c.attack,     c.defence, c.key,  c.copies, c.effect, c.effect_amount};
      for (std::uint32_t k : c.stopped_by)
        d.stopped_by.push_back(std::string(book.deck_card(book.deck_card_ref(k)).name));
      for (std::uint32_t k : c.bars)
        d.bars.push_back(std::string(book.deck_card(book.deck_card_ref(k)).name));
      d.fallback = c.fallback;
      deck.push_back(dump::deck_card(std::move(d)));
    }
    for (std::uint32_t i = 0; i < book.story_tile_count(); ++i) {
      const tb::StoryTile t = book.story_tile(i);
      tiles.push_back(dump::story_tile(t.number, t.colour, t.title, t.fallback));
    }
    for (std::uint32_t i = 0; i < book.verdict_count(); ++i) {
      const tb::Verdict v = book.verdict(i);
      verdicts.push_back(dump::verdict(v.from, v.to, v.open, v.words, v.fallback));
    }
    f.game = dump::game(book.game(), std::move(deck), std::move(tiles), std::move(verdicts));
  }
  return dump::book(std::move(f));
}

} // namespace talebook
