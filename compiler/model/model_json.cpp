// model_json: the model in the dump's JSON shape. Every object is built by the
// dump library's builders (talebook/dump/shape.hpp), as tbook_json's is; this
// file only reads the values, in the order a .tbook holds them
// (compiler/model/file_order.hpp).
#include "compiler/model/model_json.hpp"

#include <algorithm>
#include <optional>

#include "compiler/model/file_order.hpp"
#include "talebook/dump/shape.hpp"

namespace talebook {
namespace {

using nlohmann::json;
namespace tb = tbook;

std::optional<std::uint32_t> row_of(int row) {
  return row < 0 ? std::nullopt : std::optional<std::uint32_t>(std::uint32_t(row));
}

class ModelJson {
public:
  ModelJson(const Book& book, const Vocabulary& vocabulary)
      : book_(book), vocabulary_(vocabulary) {}

  std::string name(VocabKind kind, std::string_view id) const {
    const VocabEntry* e = vocabulary_.by_id(kind, id);
    return e ? e->name : "";
  }

  json award(const Award& a) const {
    dump::AwardFields f{tb::AwardKind(a.kind),
                        a.amount(),
                        std::string(a.id),
                        std::string(a.id),
                        tb::WealthLimit(a.limit),
                        std::string(a.limit_id()),
                        name(VocabKind::Wealth, a.limit_id()),
                        tb::AwardTerm(a.term),
                        tb::AwardQualifier(a.qualifier),
                        a.paragraph(),
                        a.space()};
    if (a.kind == AwardKind::Skill || a.kind == AwardKind::LoseSkill)
      f.name = name(VocabKind::Skill, a.id);
    if (a.kind == AwardKind::Status || a.kind == AwardKind::LoseStatus)
      f.name = name(VocabKind::Status, a.id);
    if (a.kind == AwardKind::MoveToTerrain) f.name = name(VocabKind::Terrain, a.id);
    return dump::award(f);
  }

  json group(const AwardCode& code) const {
    json awards = json::array();
    for (const Award& a : code.awards)
      awards.push_back(award(a));
    return dump::award_group(code.bracketed, std::move(awards));
  }

  json section(const Section& s) const {
    json conditions = json::array();
    bool mandatory = false;
    for (const Condition& c : s.conditions) {
      ConditionKind named = c.kind == ConditionKind::Modifier ? c.target() : c.kind;
      if (c.kind == ConditionKind::Effect)
        named = c.effect() == EffectKind::Suspends ? ConditionKind::Skill : ConditionKind::Effect;
      std::string n = c.kind == ConditionKind::Effect && c.effect() == EffectKind::Forbids
                          ? name(VocabKind::Option, c.id)
                      : named == ConditionKind::Skill   ? name(VocabKind::Skill, c.id)
                      : named == ConditionKind::Status  ? name(VocabKind::Status, c.id)
                      : c.kind == ConditionKind::Wealth ? name(VocabKind::Wealth, c.id)
                                                        : std::string(c.id);
      conditions.push_back(dump::condition(
          tb::ConditionKind(c.kind), c.mandatory, c.id, n, c.roll_low, c.roll_high(), c.paragraph(),
          {c.roll_low, c.target(), std::string(book_.words(c)), c.effect()}));
      mandatory = mandatory || c.mandatory;
    }
    std::optional<json> award;
    if (std::optional<AwardCode> code = s.award()) award = group(*code);
    return dump::section(std::move(conditions), mandatory, s.text, std::move(award), s.fallback);
  }

  static json refs(std::span<const ParagraphRef> list) {
    json j = json::array();
    for (const ParagraphRef& r : list)
      j.push_back(r.number);
    return j;
  }

  static json matrix_refs(std::span<const MatrixRef> list) {
    json j = json::array();
    for (const MatrixRef& m : list)
      j.push_back(dump::matrix_ref(m.being, m.letter, row_of(m.row)));
    return j;
  }

  json paragraph(const Paragraph& p) const {
    dump::ParagraphFields f;
    f.number = p.number, f.kind = tb::ParagraphKind(p.kind), f.name = p.name,
    f.name_id = p.name_id(), f.prose = p.prose;
    f.sections = json::array();
    for (const Section& s : p.sections)
      f.sections.push_back(section(s));
    f.refs = refs(p.refs);
    f.matrix_refs = matrix_refs(p.matrix_refs);
    if (p.chart) {
      f.chart = json::array();
      for (const ChartEntry& e : p.chart->entries)
        f.chart->push_back(
            dump::chart_entry(e.roll, e.being, e.adjective, e.matrix, row_of(e.row), e.sex));
    }
    f.fallback = p.fallback;
    return dump::paragraph(std::move(f));
  }

  json matrix(const ReactionMatrix& m) const {
    json options = json::array(), rows = json::array();
    for (const std::string& o : m.options)
      options.push_back(dump::matrix_option(o, name(VocabKind::Option, o)));
    for (const MatrixRow& r : m.rows) {
      json cells = json::array();
      for (const MatrixCell& c : r.cells)
        cells.push_back(dump::cell(tb::CellKind(c.kind), c.number));
      rows.push_back(dump::matrix_row(r.adjective, std::move(cells)));
    }
    return dump::matrix(m.letter, std::move(options), std::move(rows), m.fallback);
  }

  json card(const Card& c) const {
    dump::CardFields f;
    f.kind = tb::CardKind(c.kind), f.name = c.name, f.matrix = c.matrix;
    if (c.kind == CardKind::Character) f.decks = refs(c.decks);
    if (c.kind == CardKind::Terrain) {
      f.terrains = json::array();
      for (const TerrainEntry& t : c.terrains)
        f.terrains.push_back(dump::terrain(t.terrain, name(VocabKind::Terrain, t.terrain),
                                           t.paragraph.number, t.illustrated));
    }
    if (c.kind == CardKind::City || c.kind == CardKind::Special) {
      f.results = json::array();
      for (const CityResult& r : c.results) {
        json groups = json::array();
        for (const AwardCode& code : r.awards)
          groups.push_back(group(code));
        f.results.push_back(dump::city_result(r.roll, r.text, std::move(groups), refs(r.refs),
                                              matrix_refs(r.matrix_refs)));
      }
    }
    f.fallback = c.fallback;
    f.quest = c.quest.number, f.quest_being = c.quest_being;
    return dump::card(std::move(f));
  }

private:
  const Book& book_;
  const Vocabulary& vocabulary_;
};

} // namespace

json model_json(const Book& book, const Vocabulary& vocabulary) {
  ModelJson m(book, vocabulary);
  dump::BookFields f;
  f.title = book.title, f.language = book.language, f.translates = book.translates;
  f.vocabulary = json::array(), f.paragraphs = json::array(), f.matrices = json::array(),
  f.cards = json::array();
  for (auto [kind, e] : tbook_vocabulary(book, vocabulary))
    f.vocabulary.push_back(
        dump::vocabulary_entry(tb::VocabKind(kind), e->id, e->name, std::uint32_t(e->order)));
  std::vector<const Paragraph*> ps;
  for (const Paragraph& p : book.paragraphs)
    ps.push_back(&p);
  std::stable_sort(ps.begin(), ps.end(), [](auto* a, auto* b) { return a->number < b->number; });
  for (const Paragraph* p : ps)
    f.paragraphs.push_back(m.paragraph(*p));
  std::vector<const ReactionMatrix*> ms;
  for (const ReactionMatrix& x : book.matrices)
    ms.push_back(&x);
  std::stable_sort(ms.begin(), ms.end(), [](auto* a, auto* b) { return a->letter < b->letter; });
  for (const ReactionMatrix* x : ms)
    f.matrices.push_back(m.matrix(*x));
  for (const Card* c : tbook_cards(book))
    f.cards.push_back(m.card(*c));
  const std::vector<std::vector<Move>> moves = space_moves(book.map);
  for (std::size_t i = 0; i < book.map.spaces.size(); ++i) {
    const Space& s = book.map.spaces[i];
    const std::string terrain = m.name(VocabKind::Terrain, s.terrain);
    dump::SpaceFields sf{s.name, s.terrain,  terrain,        s.black,      s.start,
                         s.wild, s.fallback, s.place.number, json::array()};
    for (const Move& move : moves[i])
      sf.routes.push_back(dump::route(book.map.spaces[move.to].name, move.kind));
    if (!book.display.empty()) // a book without a display stores no products
      for (const ProductRef& p : s.products)
        sf.products.push_back(p.product < book.display.products.size()
                                  ? book.display.products[p.product].name
                                  : std::string(p.name));
    f.spaces.push_back(dump::space(std::move(sf)));
  }
  // By the ladder, one a level (the .tbook's MOVE).
  for (auto [kind, e] : tbook_vocabulary(book, vocabulary)) {
    if (kind != VocabKind::Wealth) continue;
    for (const MovementRate& rate : book.map.rates)
      if (rate.level == e->id) {
        f.rates.push_back(dump::movement_rate(e->id, rate.land, rate.sea));
        break;
      }
  }
  const MerchantDisplay& d = book.display;
  if (d.row_count > 0) { // the .tbook's DISP, PROD and CNTR
    json products = json::array(), counters = json::array();
    for (const Product& p : d.products)
      products.push_back(dump::product(p.name, p.row, p.column, p.fallback));
    for (const CounterGroup& g : counter_groups(d))
      counters.push_back(dump::counter_group(g.shape, g.count, g.wealth));
    f.display =
        dump::display(d.row_count, d.column_count, std::move(products), std::move(counters));
  }
  const GameContent& g = book.game;
  if (g.game != GameKind::tales) { // the .tbook's GAME, DECK, TILE (by number) and VERD
    json deck = json::array(), tiles = json::array(), verdicts = json::array();
    auto names = [&](const std::vector<CardName>& list) {
      json j = json::array();
      for (const CardName& n : list)
        j.push_back(std::string(n.card < g.deck.size() ? g.deck[n.card].name : n.name));
      return j;
    };
    for (const DeckCard& c : g.deck)
      deck.push_back(
          dump::deck_card({c.deck_class, c.role, c.name, c.gloss, c.text, c.has_scores, c.attack,
                           c.defence, c.key, c.copies, c.effect.kind, c.effect.amount,
                           names(c.stopped_by), names(c.bars), c.fallback}));
    std::vector<const StoryTileEntry*> ts;
    for (const StoryTileEntry& t : g.tiles)
      ts.push_back(&t);
    std::stable_sort(ts.begin(), ts.end(), [](auto* a, auto* b) { return a->number < b->number; });
    for (const StoryTileEntry* t : ts)
      tiles.push_back(dump::story_tile(t->number, t->colour, t->title, t->fallback));
    for (const Verdict& v : g.verdicts)
      verdicts.push_back(dump::verdict(v.from, v.to, v.open, v.words, v.fallback));
    f.game = dump::game(g.game, std::move(deck), std::move(tiles), std::move(verdicts));
  }
  return dump::book(std::move(f));
}

} // namespace talebook
