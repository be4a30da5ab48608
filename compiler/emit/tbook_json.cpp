// model_json and tbook_json: one JSON shape for the model and for the reader's
// view of a .tbook (see emit_json.hpp). Shared helpers build every object, so
// the two sides differ only where they read their values.
#include <algorithm>

#include "compiler/emit/emit.hpp"
#include "compiler/emit/emit_json.hpp"

namespace talebook {
namespace {

using nlohmann::json;
namespace tb = tbook;

std::string sv(std::string_view s) {
  return std::string(s);
}
std::string letter(char c) {
  return std::string(1, c);
}

struct AwardFields {
  tb::AwardKind kind;
  std::int32_t amount;
  std::string id, name;
  tb::WealthLimit limit;
  std::string limit_id, limit_name;
  tb::AwardTerm term;
  tb::AwardQualifier qualifier;
  std::uint32_t paragraph;
};

json award_json(const AwardFields& a) {
  json j = {{"kind", tb::name_of(a.kind)}};
  switch (a.kind) {
  case tb::AwardKind::Destiny:
  case tb::AwardKind::Story:
  case tb::AwardKind::Wealth:
    j["amount"] = a.amount;
    break;
  case tb::AwardKind::Skill:
  case tb::AwardKind::Status:
  case tb::AwardKind::LoseSkill:
  case tb::AwardKind::LoseStatus:
    j["id"] = a.id, j["name"] = a.name;
    break;
  case tb::AwardKind::Treasure:
  case tb::AwardKind::LoseTreasure:
  case tb::AwardKind::EnterPlace:
    j["id"] = a.id, j["name"] = a.name, j["paragraph"] = a.paragraph;
    break;
  case tb::AwardKind::GoTo:
    j["paragraph"] = a.paragraph;
    break;
  default:
    break;
  }
  if (a.limit != tb::WealthLimit::None) {
    j["limit"] = tb::name_of(a.limit);
    if (a.kind == tb::AwardKind::Wealth) j["limit_id"] = a.limit_id, j["limit_name"] = a.limit_name;
  }
  if (a.term != tb::AwardTerm::Permanent) j["term"] = tb::name_of(a.term);
  if (a.qualifier != tb::AwardQualifier::None) j["qualifier"] = tb::name_of(a.qualifier);
  return j;
}

// A quest modifier's fields (format 1.2).
struct ModifierFields {
  int amount = 0;
  tb::ConditionKind target = tb::ConditionKind::NoSkill;
  std::string words;
};

json condition_json(tb::ConditionKind kind, bool mandatory, const std::string& id,
                    const std::string& name, int low, int high, std::uint32_t paragraph,
                    const ModifierFields& modifier = {}) {
  json j = {{"kind", tb::name_of(kind)}, {"mandatory", mandatory}};
  if (kind == tb::ConditionKind::Skill || kind == tb::ConditionKind::Status ||
      kind == tb::ConditionKind::Treasure || kind == tb::ConditionKind::Wealth ||
      kind == tb::ConditionKind::Space)
    j["id"] = id, j["name"] = name;
  if (kind == tb::ConditionKind::Treasure && paragraph != 0) j["paragraph"] = paragraph;
  if (kind == tb::ConditionKind::Roll || kind == tb::ConditionKind::Wealth)
    j["roll_low"] = low, j["roll_high"] = high;
  if (kind == tb::ConditionKind::Modifier) {
    j["amount"] = modifier.amount, j["words"] = modifier.words;
    if (modifier.target != tb::ConditionKind::NoSkill)
      j["target"] = tb::name_of(modifier.target), j["id"] = id, j["name"] = name;
  }
  return j;
}

// A translation's record that holds its source's text (format 1.2): "fallback":
// true; absent otherwise.
void mark_fallback(json& j, bool fallback) {
  if (fallback) j["fallback"] = true;
}

// A matrix reference or chart entry's resolved row (absent when none).
void add_row(json& j, std::optional<std::uint32_t> row) {
  if (row) j["row"] = *row;
}
std::optional<std::uint32_t> model_row(int row) {
  return row < 0 ? std::nullopt : std::optional<std::uint32_t>(std::uint32_t(row));
}

json cell_json(tb::CellKind kind, std::uint32_t number) {
  if (kind == tb::CellKind::Number) return number;
  return tb::name_of(kind);
}

// ---- the model side ---------------------------------------------------------

class ModelJson {
public:
  ModelJson(const Book& book, const Vocabulary& vocabulary)
      : book_(book), vocabulary_(vocabulary) {}

  std::string name(VocabKind kind, std::string_view id) const {
    const VocabEntry* e = vocabulary_.by_id(kind, id);
    return e ? e->name : "";
  }

  json award(const Award& a) const {
    AwardFields f{tb::AwardKind(a.kind),
                  a.amount(),
                  std::string(a.id),
                  std::string(a.id),
                  tb::WealthLimit(a.limit),
                  std::string(a.limit_id()),
                  name(VocabKind::Wealth, a.limit_id()),
                  tb::AwardTerm(a.term),
                  tb::AwardQualifier(a.qualifier),
                  a.paragraph()};
    if (a.kind == AwardKind::Skill || a.kind == AwardKind::LoseSkill)
      f.name = name(VocabKind::Skill, a.id);
    if (a.kind == AwardKind::Status || a.kind == AwardKind::LoseStatus)
      f.name = name(VocabKind::Status, a.id);
    return award_json(f);
  }

  json group(const AwardCode& code) const {
    json awards = json::array();
    for (const Award& a : code.awards)
      awards.push_back(award(a));
    return {{"bracketed", code.bracketed}, {"awards", awards}};
  }

  json section(const Section& s) const {
    json conditions = json::array();
    bool mandatory = false;
    for (const Condition& c : s.conditions) {
      ConditionKind named = c.kind == ConditionKind::Modifier ? c.target : c.kind;
      std::string n = named == ConditionKind::Skill     ? name(VocabKind::Skill, c.id)
                      : named == ConditionKind::Status  ? name(VocabKind::Status, c.id)
                      : c.kind == ConditionKind::Wealth ? name(VocabKind::Wealth, c.id)
                                                        : std::string(c.id);
      conditions.push_back(condition_json(tb::ConditionKind(c.kind), c.mandatory, std::string(c.id),
                                          n, c.roll_low, c.roll_high(), c.paragraph(),
                                          {c.roll_low, c.target, std::string(book_.words(c))}));
      mandatory = mandatory || c.mandatory;
    }
    json j = {{"conditions", conditions}, {"mandatory", mandatory}, {"text", s.text}};
    if (std::optional<AwardCode> award = s.award()) j["award"] = group(*award);
    mark_fallback(j, s.fallback);
    return j;
  }

  static json refs(std::span<const ParagraphRef> list) {
    json j = json::array();
    for (const ParagraphRef& r : list)
      j.push_back(r.number);
    return j;
  }

  static json matrix_refs(std::span<const MatrixRef> list) {
    json j = json::array();
    for (const MatrixRef& m : list) {
      json ref = {{"being", std::string(m.being)}, {"letter", letter(m.letter)}};
      add_row(ref, model_row(m.row));
      j.push_back(ref);
    }
    return j;
  }

  json paragraph(const Paragraph& p) const {
    json sections = json::array();
    for (const Section& s : p.sections)
      sections.push_back(section(s));
    json j = {{"number", p.number},   {"kind", tb::name_of(tb::ParagraphKind(p.kind))},
              {"name", p.name},       {"name_id", p.name_id()},
              {"prose", p.prose},     {"sections", sections},
              {"refs", refs(p.refs)}, {"matrix_refs", matrix_refs(p.matrix_refs)}};
    if (p.chart) {
      json chart = json::array();
      for (const ChartEntry& e : p.chart->entries) {
        json entry = {{"roll", e.roll},
                      {"being", std::string(e.being)},
                      {"adjective", std::string(e.adjective)},
                      {"matrix", letter(e.matrix)}};
        add_row(entry, model_row(e.row));
        chart.push_back(entry);
      }
      j["chart"] = chart;
    }
    mark_fallback(j, p.fallback);
    return j;
  }

  json matrix(const ReactionMatrix& m) const {
    json options = json::array(), rows = json::array();
    for (const std::string& o : m.options)
      options.push_back({{"id", o}, {"name", name(VocabKind::Option, o)}});
    for (const MatrixRow& r : m.rows) {
      json cells = json::array();
      for (const MatrixCell& c : r.cells)
        cells.push_back(cell_json(tb::CellKind(c.kind), c.number));
      rows.push_back({{"adjective", r.adjective}, {"cells", cells}});
    }
    json j = {{"letter", letter(m.letter)}, {"options", options}, {"rows", rows}};
    mark_fallback(j, m.fallback);
    return j;
  }

  json card(const Card& c) const {
    json j = {{"kind", tb::name_of(tb::CardKind(c.kind))}, {"name", c.name}};
    if (c.kind == CardKind::Character) j["matrix"] = letter(c.matrix), j["decks"] = refs(c.decks);
    if (c.kind == CardKind::Terrain) {
      json terrains = json::array();
      for (const TerrainEntry& t : c.terrains)
        terrains.push_back({{"id", t.terrain},
                            {"name", name(VocabKind::Terrain, t.terrain)},
                            {"paragraph", t.paragraph.number},
                            {"illustrated", t.illustrated}});
      j["terrains"] = terrains;
    }
    if (c.kind == CardKind::City) {
      json results = json::array();
      for (const CityResult& r : c.results) {
        json groups = json::array();
        for (const AwardCode& code : r.awards)
          groups.push_back(group(code));
        results.push_back({{"roll", r.roll},
                           {"text", r.text},
                           {"awards", groups},
                           {"refs", refs(r.refs)},
                           {"matrix_refs", matrix_refs(r.matrix_refs)}});
      }
      j["results"] = results;
    }
    mark_fallback(j, c.fallback);
    return j;
  }

private:
  const Book& book_;
  const Vocabulary& vocabulary_;
};

// ---- the reader side --------------------------------------------------------

class ReaderJson {
public:
  explicit ReaderJson(const tb::Book& book) : b_(book) {}

  json award(std::uint32_t index) const {
    tb::Award a = b_.award(index);
    return award_json({a.kind, a.amount, sv(a.id), sv(a.name), a.limit, sv(a.limit_id),
                       sv(a.limit_name), a.term, a.qualifier, a.paragraph});
  }

  json group(tb::Span awards, bool bracketed) const {
    json list = json::array();
    for (std::uint32_t i : awards)
      list.push_back(award(i));
    return {{"bracketed", bracketed}, {"awards", list}};
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
      json ref = {{"being", sv(m.being)}, {"letter", letter(m.letter)}};
      add_row(ref, m.row);
      j.push_back(ref);
    }
    return j;
  }

  json paragraph(const tb::Paragraph& p) const {
    json sections = json::array();
    for (std::uint32_t i : p.sections) {
      tb::Section s = b_.section(i);
      json conditions = json::array();
      for (std::uint32_t c : s.conditions) {
        tb::Condition k = b_.condition(c);
        conditions.push_back(condition_json(k.kind, k.mandatory, sv(k.id), sv(k.name), k.roll_low,
                                            k.roll_high, k.paragraph,
                                            {k.amount, k.target, sv(k.words)}));
      }
      json j = {{"conditions", conditions}, {"mandatory", s.mandatory}, {"text", sv(s.text)}};
      if (s.has_award) j["award"] = group(s.awards, s.bracketed);
      mark_fallback(j, s.fallback);
      sections.push_back(j);
    }
    json j = {{"number", p.number},   {"kind", tb::name_of(p.kind)},
              {"name", sv(p.name)},   {"name_id", sv(p.name_id)},
              {"prose", sv(p.prose)}, {"sections", sections},
              {"refs", refs(p.refs)}, {"matrix_refs", matrix_refs(p.matrix_refs)}};
    if (p.has_chart) {
      json chart = json::array();
      for (std::uint32_t i : p.chart_entries) {
        tb::ChartEntry e = b_.chart_entry(i);
        json entry = {{"roll", e.roll},
                      {"being", sv(e.being)},
                      {"adjective", sv(e.adjective)},
                      {"matrix", letter(e.matrix)}};
        add_row(entry, e.row);
        chart.push_back(entry);
      }
      j["chart"] = chart;
    }
    mark_fallback(j, p.fallback);
    return j;
  }

  json matrix(const tb::ReactionMatrix& m) const {
    json options = json::array(), rows = json::array();
    for (std::uint32_t c = 0; c < m.option_count; ++c) {
      tb::VocabEntry o = b_.matrix_option(m, c);
      options.push_back({{"id", sv(o.id)}, {"name", sv(o.name)}});
    }
    for (std::uint32_t r = 0; r < m.row_count; ++r) {
      json cells = json::array();
      for (std::uint32_t c = 0; c < m.option_count; ++c) {
        tb::MatrixCell cell = b_.matrix_cell(m, r, c);
        cells.push_back(cell_json(cell.kind, cell.number));
      }
      rows.push_back({{"adjective", sv(b_.matrix_row(m, r))}, {"cells", cells}});
    }
    json j = {{"letter", letter(m.letter)}, {"options", options}, {"rows", rows}};
    mark_fallback(j, m.fallback);
    return j;
  }

  json card(const tb::Card& c) const {
    json j = {{"kind", tb::name_of(c.kind)}, {"name", sv(c.name)}};
    if (c.kind == tb::CardKind::Character)
      j["matrix"] = letter(c.matrix), j["decks"] = refs(c.decks);
    if (c.kind == tb::CardKind::Terrain) {
      json terrains = json::array();
      for (std::uint32_t i : c.terrains) {
        tb::TerrainEntry t = b_.terrain(i);
        terrains.push_back({{"id", sv(t.terrain_id)},
                            {"name", sv(t.terrain_name)},
                            {"paragraph", t.paragraph},
                            {"illustrated", t.illustrated}});
      }
      j["terrains"] = terrains;
    }
    if (c.kind == tb::CardKind::City) {
      json results = json::array();
      for (std::uint32_t i : c.results) {
        tb::CityResult r = b_.city_result(i);
        json groups = json::array();
        for (std::uint32_t g : r.award_groups) {
          tb::AwardGroup group_ = b_.award_group(g);
          groups.push_back(group(group_.awards, group_.bracketed));
        }
        results.push_back({{"roll", r.roll},
                           {"text", sv(r.text)},
                           {"awards", groups},
                           {"refs", refs(r.refs)},
                           {"matrix_refs", matrix_refs(r.matrix_refs)}});
      }
      j["results"] = results;
    }
    mark_fallback(j, c.fallback);
    return j;
  }

private:
  const tb::Book& b_;
};

} // namespace

json model_json(const Book& book, const Vocabulary& vocabulary) {
  ModelJson m(book, vocabulary);
  json vocab = json::array(), paragraphs = json::array(), matrices = json::array(),
       cards = json::array();
  for (auto [kind, e] : tbook_vocabulary(book, vocabulary))
    vocab.push_back({{"kind", tb::name_of(tb::VocabKind(kind))},
                     {"id", e->id},
                     {"name", e->name},
                     {"order", e->order}});
  std::vector<const Paragraph*> ps;
  for (const Paragraph& p : book.paragraphs)
    ps.push_back(&p);
  std::stable_sort(ps.begin(), ps.end(), [](auto* a, auto* b) { return a->number < b->number; });
  for (const Paragraph* p : ps)
    paragraphs.push_back(m.paragraph(*p));
  std::vector<const ReactionMatrix*> ms;
  for (const ReactionMatrix& x : book.matrices)
    ms.push_back(&x);
  std::stable_sort(ms.begin(), ms.end(), [](auto* a, auto* b) { return a->letter < b->letter; });
  for (const ReactionMatrix* x : ms)
    matrices.push_back(m.matrix(*x));
  for (const Card* c : tbook_cards(book))
    cards.push_back(m.card(*c));
  return {{"title", book.title}, {"language", book.language}, {"translates", book.translates},
          {"vocabulary", vocab}, {"paragraphs", paragraphs},  {"matrices", matrices},
          {"cards", cards}};
}

json tbook_paragraph_json(const tb::Book& book, const tb::Paragraph& paragraph) {
  return ReaderJson(book).paragraph(paragraph);
}

json tbook_json(const tb::Book& book) {
  ReaderJson r(book);
  json vocab = json::array(), paragraphs = json::array(), matrices = json::array(),
       cards = json::array();
  for (std::uint32_t i = 0; i < book.vocabulary_count(); ++i) {
    tb::VocabEntry e = book.vocabulary(i);
    vocab.push_back({{"kind", tb::name_of(e.kind)},
                     {"id", sv(e.id)},
                     {"name", sv(e.name)},
                     {"order", e.order}});
  }
  for (std::uint32_t i = 0; i < book.paragraph_count(); ++i)
    paragraphs.push_back(r.paragraph(book.paragraph(i)));
  for (std::uint32_t i = 0; i < book.matrix_count(); ++i)
    matrices.push_back(r.matrix(book.matrix(i)));
  for (std::uint32_t i = 0; i < book.card_count(); ++i)
    cards.push_back(r.card(book.card(i)));
  return {{"title", sv(book.title())},
          {"language", sv(book.language())},
          {"translates", sv(book.translates())},
          {"vocabulary", vocab},
          {"paragraphs", paragraphs},
          {"matrices", matrices},
          {"cards", cards}};
}

} // namespace talebook
