// The C API (talebook.h) over the C++ reader: same validation, same views.
#include <cstring>
#include <exception>
#include <string>

#include "talebook/reader.hpp"
#include "talebook/talebook.h"

struct talebook_book {
  std::unique_ptr<talebook::tbook::Book> book;
};

const talebook::tbook::Book* talebook::tbook::book_of(const talebook_book* handle) {
  return handle ? handle->book.get() : nullptr;
}

namespace {

using namespace talebook::tbook;

thread_local std::string last_error;
thread_local ReadError last_read_error;

// Sets both: the value and its English.
void set_error(const ReadError& e) {
  last_read_error = e;
  last_error = e.what();
}
// A failure that is not the file's (no path, no book, out of memory...).
void set_error(const std::string& what) {
  last_read_error = ReadError{};
  last_error = what;
}

talebook_string str(std::string_view s) {
  // Every string of a book is followed by a NUL; an empty view may be default.
  return {s.data() ? s.data() : "", s.size()};
}

talebook_book* wrap(std::unique_ptr<Book> book, const ReadError& error) {
  if (!book) {
    set_error(error);
    return nullptr;
  }
  try {
    return new talebook_book{std::move(book)};
  } catch (const std::exception& e) {
    set_error(e.what());
    return nullptr;
  }
}

template <class Open> talebook_book* open(Open&& how) {
  try {
    ReadError error;
    auto book = how(error);
    return wrap(std::move(book), error);
  } catch (const std::exception& e) {
    set_error(e.what());
    return nullptr;
  }
}

template <class T> int none(T* out) {
  if (out) std::memset(out, 0, sizeof(T));
  return 0;
}

// A book opened by talebook_open_mapped throws BadBookError from the part of
// the file it reads first if that part is damaged: the accessor says 0 (or "")
// and talebook_last_error() says why.
template <class T> int failed(const std::exception& e, T* out) {
  if (auto* bad = dynamic_cast<const BadBookError*>(&e))
    set_error(bad->error());
  else
    set_error(e.what());
  return none(out);
}

talebook_vocab_entry entry(const VocabEntry& v) {
  return {v.index, int32_t(v.kind), v.order, str(v.id), str(v.name)};
}

talebook_paragraph paragraph(const Paragraph& p) {
  talebook_paragraph out;
  out.index = p.index;
  out.number = p.number;
  out.kind = int32_t(p.kind);
  out.name = str(p.name);
  out.name_id = str(p.name_id);
  out.prose = str(p.prose);
  out.first_section = p.sections.first;
  out.section_count = p.sections.count;
  out.first_ref = p.refs.first;
  out.ref_count = p.refs.count;
  out.first_matrix_ref = p.matrix_refs.first;
  out.matrix_ref_count = p.matrix_refs.count;
  out.has_chart = p.has_chart;
  out.first_chart_entry = p.chart_entries.first;
  out.chart_entry_count = p.chart_entries.count;
  out.fallback = p.fallback;
  return out;
}

} // namespace

extern "C" {

talebook_book* talebook_open_file(const char* path) {
  if (!path) return set_error("no path"), nullptr;
  return open([&](ReadError& e) { return Book::open_file(path, e); });
}

talebook_book* talebook_open_memory(const void* data, size_t size) {
  return open([&](ReadError& e) { return Book::open_memory(data, size, e); });
}

talebook_book* talebook_open_borrowed(const void* data, size_t size) {
  return open([&](ReadError& e) { return Book::open_borrowed(data, size, e); });
}

talebook_book* talebook_open_mapped(const char* path) {
  if (!path) return set_error("no path"), nullptr;
  return open([&](ReadError& e) { return Book::open_mapped(path, e); });
}

int talebook_verify(const talebook_book* book) {
  if (!book) return set_error("no book"), 0;
  try {
    ReadError error;
    if (book->book->verify(error)) return 1;
    set_error(error);
  } catch (const std::exception& e) {
    set_error(e.what());
  }
  return 0;
}

void talebook_close(talebook_book* book) {
  delete book;
}

const char* talebook_last_error(void) {
  return last_error.c_str();
}

void talebook_last_error_info(talebook_error_info* out) {
  if (!out) return;
  const ReadError& e = last_read_error;
  out->kind = int32_t(e.kind);
  out->layer = int32_t(e.layer());
  out->section = e.section < layout::SectionId::count ? int32_t(e.section) : TALEBOOK_NO_SECTION;
  out->record = e.record;
  out->field = e.field ? e.field : "";
}

const char* talebook_error_kind_name(int32_t kind) {
  return kind >= 0 && kind < int32_t(ReadErrorKind::count) ? name_of(ReadErrorKind(kind)) : "";
}

const char* talebook_section_name(int32_t section) {
  return section >= 0 && section < int32_t(layout::SectionId::count)
             ? talebook::tbook::section_name(layout::SectionId(section))
             : "";
}

void talebook_format_version(const talebook_book* book, uint32_t* major, uint32_t* minor) {
  FormatVersion v = book ? book->book->version() : FormatVersion{};
  if (major) *major = v.major;
  if (minor) *minor = v.minor;
}

talebook_string talebook_title(const talebook_book* book) {
  try {
    return book ? str(book->book->title()) : str({});
  } catch (const std::exception& e) {
    failed(e, static_cast<int*>(nullptr));
    return str({});
  }
}
talebook_string talebook_language(const talebook_book* book) {
  try {
    return book ? str(book->book->language()) : str({});
  } catch (const std::exception& e) {
    failed(e, static_cast<int*>(nullptr));
    return str({});
  }
}
talebook_string talebook_translates(const talebook_book* book) {
  try {
    return book ? str(book->book->translates()) : str({});
  } catch (const std::exception& e) {
    failed(e, static_cast<int*>(nullptr));
    return str({});
  }
}

uint32_t talebook_vocabulary_count(const talebook_book* book) {
  try {
    return book ? book->book->vocabulary_count() : 0;
  } catch (const std::exception& e) {
    return failed(e, static_cast<uint32_t*>(nullptr));
  }
}

int talebook_vocabulary_at(const talebook_book* book, uint32_t index, talebook_vocab_entry* out) {
  try {
    if (!book || !out || index >= book->book->vocabulary_count()) return none(out);
    *out = entry(book->book->vocabulary(index));
    return 1;
  } catch (const std::exception& e) {
    return failed(e, out);
  }
}

int talebook_find_vocabulary(const talebook_book* book, int32_t kind, const char* id,
                             talebook_vocab_entry* out) {
  try {
    if (!book || !out || !id) return none(out);
    auto v = book->book->find_vocabulary(VocabKind(kind), id);
    if (!v) return none(out);
    *out = entry(*v);
    return 1;
  } catch (const std::exception& e) {
    return failed(e, out);
  }
}

uint32_t talebook_paragraph_count(const talebook_book* book) {
  try {
    return book ? book->book->paragraph_count() : 0;
  } catch (const std::exception& e) {
    return failed(e, static_cast<uint32_t*>(nullptr));
  }
}

int talebook_paragraph_at(const talebook_book* book, uint32_t index, talebook_paragraph* out) {
  try {
    if (!book || !out || index >= book->book->paragraph_count()) return none(out);
    *out = paragraph(book->book->paragraph(index));
    return 1;
  } catch (const std::exception& e) {
    return failed(e, out);
  }
}

int talebook_find_paragraph(const talebook_book* book, uint32_t number, talebook_paragraph* out) {
  try {
    if (!book || !out) return none(out);
    auto p = book->book->find_paragraph(number);
    if (!p) return none(out);
    *out = paragraph(*p);
    return 1;
  } catch (const std::exception& e) {
    return failed(e, out);
  }
}

int talebook_section_at(const talebook_book* book, uint32_t index, talebook_section* out) {
  try {
    if (!book || !out || index >= book->book->section_count()) return none(out);
    Section s = book->book->section(index);
    *out = {s.index,     str(s.text), s.conditions.first, s.conditions.count, s.mandatory,
            s.has_award, s.bracketed, s.awards.first,     s.awards.count,     s.fallback};
    return 1;
  } catch (const std::exception& e) {
    return failed(e, out);
  }
}

int talebook_condition_at(const talebook_book* book, uint32_t index, talebook_condition* out) {
  try {
    if (!book || !out || index >= book->book->condition_count()) return none(out);
    Condition c = book->book->condition(index);
    *out = {int32_t(c.kind), c.mandatory, c.roll_low, c.roll_high,
            str(c.id),       str(c.name), c.paragraph};
    if (c.kind == ConditionKind::Modifier) { // the C struct keeps its 1.1 size
      out->roll_low = c.amount;
      out->roll_high = int32_t(c.target);
    }
    if (c.kind == ConditionKind::Effect) { // 1.5: the amount, the talebook_effect_kind
      out->roll_low = c.amount;
      out->roll_high = int32_t(c.effect);
    }
    return 1;
  } catch (const std::exception& e) {
    return failed(e, out);
  }
}

int talebook_award_group_at(const talebook_book* book, uint32_t index, talebook_award_group* out) {
  try {
    if (!book || !out || index >= book->book->award_group_count()) return none(out);
    AwardGroup g = book->book->award_group(index);
    *out = {g.awards.first, g.awards.count, g.bracketed};
    return 1;
  } catch (const std::exception& e) {
    return failed(e, out);
  }
}

int talebook_award_at(const talebook_book* book, uint32_t index, talebook_award* out) {
  try {
    if (!book || !out || index >= book->book->award_count()) return none(out);
    Award a = book->book->award(index);
    *out = {int32_t(a.kind),   a.amount,         str(a.id),
            str(a.name),       int32_t(a.limit), str(a.limit_id),
            str(a.limit_name), int32_t(a.term),  int32_t(a.qualifier),
            a.paragraph,       a.space};
    return 1;
  } catch (const std::exception& e) {
    return failed(e, out);
  }
}

int talebook_reference_at(const talebook_book* book, uint32_t index, uint32_t* number) {
  try {
    if (!book || !number || index >= book->book->reference_count()) return none(number);
    *number = book->book->reference(index);
    return 1;
  } catch (const std::exception& e) {
    return failed(e, number);
  }
}

int talebook_matrix_ref_at(const talebook_book* book, uint32_t index, talebook_matrix_ref* out) {
  try {
    if (!book || !out || index >= book->book->matrix_ref_count()) return none(out);
    MatrixRef m = book->book->matrix_ref(index);
    *out = {str(m.being), m.letter, m.row.value_or(TALEBOOK_NO_ROW)};
    return 1;
  } catch (const std::exception& e) {
    return failed(e, out);
  }
}

int talebook_chart_entry_at(const talebook_book* book, uint32_t index, talebook_chart_entry* out) {
  try {
    if (!book || !out || index >= book->book->chart_entry_count()) return none(out);
    ChartEntry c = book->book->chart_entry(index);
    *out = {c.roll,   str(c.being),   str(c.adjective),
            c.matrix, uint8_t(c.sex), c.row.value_or(TALEBOOK_NO_ROW)};
    return 1;
  } catch (const std::exception& e) {
    return failed(e, out);
  }
}

uint32_t talebook_matrix_count(const talebook_book* book) {
  try {
    return book ? book->book->matrix_count() : 0;
  } catch (const std::exception& e) {
    return failed(e, static_cast<uint32_t*>(nullptr));
  }
}

int talebook_matrix_at(const talebook_book* book, uint32_t index, talebook_matrix* out) {
  try {
    if (!book || !out || index >= book->book->matrix_count()) return none(out);
    ReactionMatrix m = book->book->matrix(index);
    *out = {m.index, m.letter, m.option_count, m.row_count, m.fallback};
    return 1;
  } catch (const std::exception& e) {
    return failed(e, out);
  }
}

int talebook_find_matrix(const talebook_book* book, char letter, talebook_matrix* out) {
  try {
    if (!book || !out) return none(out);
    auto m = book->book->find_matrix(letter);
    if (!m) return none(out);
    *out = {m->index, m->letter, m->option_count, m->row_count, m->fallback};
    return 1;
  } catch (const std::exception& e) {
    return failed(e, out);
  }
}

int talebook_matrix_option(const talebook_book* book, uint32_t matrix_index, uint32_t column,
                           talebook_vocab_entry* out) {
  try {
    if (!book || !out || matrix_index >= book->book->matrix_count()) return none(out);
    ReactionMatrix m = book->book->matrix(matrix_index);
    if (column >= m.option_count) return none(out);
    *out = entry(book->book->matrix_option(m, column));
    return 1;
  } catch (const std::exception& e) {
    return failed(e, out);
  }
}

int talebook_matrix_row(const talebook_book* book, uint32_t matrix_index, uint32_t row,
                        talebook_string* adjective) {
  try {
    if (!book || !adjective || matrix_index >= book->book->matrix_count()) return none(adjective);
    ReactionMatrix m = book->book->matrix(matrix_index);
    if (row >= m.row_count) return none(adjective);
    *adjective = str(book->book->matrix_row(m, row));
    return 1;
  } catch (const std::exception& e) {
    return failed(e, adjective);
  }
}

int talebook_matrix_cell(const talebook_book* book, uint32_t matrix_index, uint32_t row,
                         uint32_t column, talebook_cell* out) {
  try {
    if (!book || !out || matrix_index >= book->book->matrix_count()) return none(out);
    ReactionMatrix m = book->book->matrix(matrix_index);
    if (row >= m.row_count || column >= m.option_count) return none(out);
    MatrixCell c = book->book->matrix_cell(m, row, column);
    *out = {int32_t(c.kind), c.number};
    return 1;
  } catch (const std::exception& e) {
    return failed(e, out);
  }
}

uint32_t talebook_card_count(const talebook_book* book) {
  try {
    return book ? book->book->card_count() : 0;
  } catch (const std::exception& e) {
    return failed(e, static_cast<uint32_t*>(nullptr));
  }
}

int talebook_card_at(const talebook_book* book, uint32_t index, talebook_card* out) {
  try {
    if (!book || !out || index >= book->book->card_count()) return none(out);
    Card c = book->book->card(index);
    *out = {c.index,         int32_t(c.kind), str(c.name),      c.matrix,
            c.decks.first,   c.decks.count,   c.terrains.first, c.terrains.count,
            c.results.first, c.results.count, c.fallback};
    return 1;
  } catch (const std::exception& e) {
    return failed(e, out);
  }
}

int talebook_card_quest(const talebook_book* book, uint32_t card_index, uint32_t* paragraph,
                        talebook_string* being) {
  try {
    if (!book || !paragraph || !being || card_index >= book->book->card_count()) return 0;
    Card c = book->book->card(card_index);
    if (!c.quest) return 0;
    *paragraph = *c.quest;
    *being = str(c.quest_being);
    return 1;
  } catch (const std::exception& e) {
    return failed(e, static_cast<int*>(nullptr));
  }
}

uint32_t talebook_space_count(const talebook_book* book) {
  return book ? book->book->space_count() : 0;
}

int talebook_space_at(const talebook_book* book, uint32_t index, talebook_space* out) {
  try {
    if (!book || !out || index >= book->book->space_count()) return none(out);
    const Space s = book->book->space(index);
    *out = {s.index,    str(s.name),      str(s.terrain_id),   str(s.terrain_name), s.black,
            s.start,    s.wild,           s.place.value_or(0), s.routes.first,      s.routes.count,
            s.fallback, s.products.first, s.products.count};
    return 1;
  } catch (const std::exception& e) {
    return failed(e, out);
  }
}

int talebook_route_at(const talebook_book* book, uint32_t index, talebook_route* out) {
  try {
    if (!book || !out || index >= book->book->route_count()) return none(out);
    const Route r = book->book->route(index);
    *out = {r.space, int32_t(r.kind)};
    return 1;
  } catch (const std::exception& e) {
    return failed(e, out);
  }
}

int talebook_movement_rate(const talebook_book* book, const char* wealth_id, uint32_t* land,
                           uint32_t* sea) {
  try {
    if (!book || !wealth_id || !land || !sea) return 0;
    const std::optional<MovementRate> rate = book->book->movement_rate(wealth_id);
    if (!rate) return 0;
    *land = rate->land;
    *sea = rate->sea;
    return 1;
  } catch (const std::exception& e) {
    return failed(e, static_cast<int*>(nullptr));
  }
}

uint32_t talebook_display_rows(const talebook_book* book) {
  try {
    return book ? book->book->display_rows() : 0;
  } catch (const std::exception& e) {
    return uint32_t(failed(e, static_cast<int*>(nullptr)));
  }
}

uint32_t talebook_display_columns(const talebook_book* book) {
  try {
    return book ? book->book->display_columns() : 0;
  } catch (const std::exception& e) {
    return uint32_t(failed(e, static_cast<int*>(nullptr)));
  }
}

uint32_t talebook_product_count(const talebook_book* book) {
  return book ? book->book->product_count() : 0;
}

int talebook_product_at(const talebook_book* book, uint32_t index, talebook_product* out) {
  try {
    if (!book || !out || index >= book->book->product_count()) return none(out);
    const Product p = book->book->product(index);
    *out = {p.index, str(p.name), p.row, p.column, p.fallback};
    return 1;
  } catch (const std::exception& e) {
    return failed(e, out);
  }
}

int talebook_find_product(const talebook_book* book, const char* name, talebook_product* out) {
  try {
    if (!book || !name || !out) return none(out);
    const std::optional<std::uint32_t> found = book->book->find_product(name);
    if (!found) return none(out);
    return talebook_product_at(book, *found, out);
  } catch (const std::exception& e) {
    return failed(e, out);
  }
}

int talebook_space_product_at(const talebook_book* book, uint32_t index, uint32_t* product) {
  try {
    if (!book || !product) return none(product);
    if (index >= book->book->record_count(layout::SectionId::MKTP)) return none(product);
    *product = book->book->space_product(index);
    return 1;
  } catch (const std::exception& e) {
    return failed(e, product);
  }
}

uint32_t talebook_counter_group_count(const talebook_book* book) {
  return book ? book->book->counter_group_count() : 0;
}

int talebook_counter_group_at(const talebook_book* book, uint32_t index,
                              talebook_counter_group* out) {
  try {
    if (!book || !out || index >= book->book->counter_group_count()) return none(out);
    const CounterGroup g = book->book->counter_group(index);
    *out = {int32_t(g.shape), g.count, g.wealth};
    return 1;
  } catch (const std::exception& e) {
    return failed(e, out);
  }
}

int32_t talebook_book_game(const talebook_book* book) {
  try {
    return book ? int32_t(book->book->game()) : TALEBOOK_GAME_TALES;
  } catch (const std::exception& e) {
    return int32_t(failed(e, static_cast<int*>(nullptr)));
  }
}

uint32_t talebook_deck_card_count(const talebook_book* book) {
  return book ? book->book->deck_card_count() : 0;
}

int talebook_deck_card_at(const talebook_book* book, uint32_t index, talebook_deck_card* out) {
  try {
    if (!book || !out || index >= book->book->deck_card_count()) return none(out);
    const DeckCard c = book->book->deck_card(index);
    *out = {c.index,
            int32_t(c.deck_class),
            int32_t(c.role),
            str(c.name),
            str(c.gloss),
            str(c.text),
            c.has_scores,
            c.attack,
            c.defence,
            c.key,
            c.copies,
            int32_t(c.effect),
            c.effect_amount,
            c.stopped_by.first,
            c.stopped_by.count,
            c.bars.first,
            c.bars.count,
            c.fallback};
    return 1;
  } catch (const std::exception& e) {
    return failed(e, out);
  }
}

int talebook_find_deck_card(const talebook_book* book, const char* name, talebook_deck_card* out) {
  try {
    if (!book || !name || !out) return none(out);
    const std::optional<std::uint32_t> found = book->book->find_deck_card(name);
    if (!found) return none(out);
    return talebook_deck_card_at(book, *found, out);
  } catch (const std::exception& e) {
    return failed(e, out);
  }
}

int talebook_deck_card_ref_at(const talebook_book* book, uint32_t index, uint32_t* card) {
  try {
    if (!book || !card) return none(card);
    if (index >= book->book->record_count(layout::SectionId::DREF)) return none(card);
    *card = book->book->deck_card_ref(index);
    return 1;
  } catch (const std::exception& e) {
    return failed(e, card);
  }
}

uint32_t talebook_story_tile_count(const talebook_book* book) {
  return book ? book->book->story_tile_count() : 0;
}

int talebook_story_tile_at(const talebook_book* book, uint32_t number, talebook_story_tile* out) {
  try {
    if (!book || !out || number >= book->book->story_tile_count()) return none(out);
    const StoryTile t = book->book->story_tile(number);
    *out = {t.number, int32_t(t.colour), str(t.title), t.fallback};
    return 1;
  } catch (const std::exception& e) {
    return failed(e, out);
  }
}

uint32_t talebook_verdict_count(const talebook_book* book) {
  return book ? book->book->verdict_count() : 0;
}

int talebook_verdict_at(const talebook_book* book, uint32_t index, talebook_verdict* out) {
  try {
    if (!book || !out || index >= book->book->verdict_count()) return none(out);
    const Verdict v = book->book->verdict(index);
    *out = {v.index, v.from, v.to, v.open, str(v.words), v.fallback};
    return 1;
  } catch (const std::exception& e) {
    return failed(e, out);
  }
}

int talebook_verdict_for(const talebook_book* book, uint32_t score, talebook_verdict* out) {
  try {
    if (!book || !out) return none(out);
    const std::optional<std::uint32_t> found = book->book->verdict_for(score);
    if (!found) return none(out);
    return talebook_verdict_at(book, *found, out);
  } catch (const std::exception& e) {
    return failed(e, out);
  }
}

int talebook_terrain_at(const talebook_book* book, uint32_t index, talebook_terrain* out) {
  try {
    if (!book || !out || index >= book->book->terrain_count()) return none(out);
    TerrainEntry t = book->book->terrain(index);
    *out = {str(t.terrain_id), str(t.terrain_name), t.paragraph, t.illustrated};
    return 1;
  } catch (const std::exception& e) {
    return failed(e, out);
  }
}

int talebook_city_result_at(const talebook_book* book, uint32_t index, talebook_city_result* out) {
  try {
    if (!book || !out || index >= book->book->city_result_count()) return none(out);
    CityResult r = book->book->city_result(index);
    *out = {r.roll,       str(r.text),  r.award_groups.first, r.award_groups.count,
            r.refs.first, r.refs.count, r.matrix_refs.first,  r.matrix_refs.count};
    return 1;
  } catch (const std::exception& e) {
    return failed(e, out);
  }
}

} // extern "C"

static_assert(int(TALEBOOK_ERROR_KIND_COUNT) == int(talebook::tbook::ReadErrorKind::count));
static_assert(int(TALEBOOK_LAYER_RECORDS) == int(talebook::tbook::ReadLayer::records));
