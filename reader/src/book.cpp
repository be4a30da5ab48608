// Book: opening, and the views over a validated file.
#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>

#include "book_data.hpp"

namespace talebook::tbook {

using namespace layout;

namespace {

std::unique_ptr<Book::Data> checked(std::unique_ptr<Book::Data> data, ReadError& error) {
  error = ReadError{};
  if (!validate(*data, error)) return nullptr;
  return data;
}

ReadError io_error(ReadErrorKind kind, const std::string& path) {
  ReadError e;
  e.kind = kind;
  e.path = path;
  return e;
}

// The same opening with the error as its English.
template <class Open> auto as_text(std::string& error, Open&& open) {
  ReadError e;
  auto result = open(e);
  error = e ? e.what() : std::string();
  return result;
}

// A regular file no larger than a book can be: its size; 0 and the error if not.
std::uintmax_t readable(const std::string& path, ReadError& error) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::file_status status = fs::status(path, ec);
  if (ec || !fs::exists(status)) {
    error = io_error(ReadErrorKind::CannotOpen, path);
    return 0;
  }
  if (!fs::is_regular_file(status)) {
    error = io_error(ReadErrorKind::NotRegularFile, path);
    return 0;
  }
  std::uintmax_t size = fs::file_size(path, ec);
  if (ec || size > max_file_size) {
    error = io_error(ReadErrorKind::TooLarge, path);
    error.limit = max_file_size;
    return 0;
  }
  return size;
}

// The header's checks that come before its size (read_errors.def's order).
bool checked_before_size(ReadErrorKind kind) {
  switch (kind) {
  case ReadErrorKind::BadMagic:
  case ReadErrorKind::LineEndingProbe:
  case ReadErrorKind::TruncatedHeader:
  case ReadErrorKind::UnsupportedVersion:
  case ReadErrorKind::ByteOrderProbe:
  case ReadErrorKind::BadHeaderSize:
  case ReadErrorKind::UnterminatedLanguage:
    return true;
  default:
    return false;
  }
}

// The file's first bytes, checked before the rest is read: a foreign file, or
// one longer than its header says, is refused with the error the whole file
// would get, without reading it (a 3 GiB file was read whole to be refused
// at its first byte). Leaves `in` at the start.
bool refused_by_head(std::ifstream& in, std::uintmax_t size, ReadError& error) {
  Book::Data head;
  head.owned.resize(std::size_t(std::min<std::uintmax_t>(size, sizeof(Header))));
  in.read(reinterpret_cast<char*>(head.owned.data()), std::streamsize(head.owned.size()));
  if (std::size_t(in.gcount()) != head.owned.size()) {
    error.kind = ReadErrorKind::CannotRead;
    return true;
  }
  head.bytes = head.owned.data();
  head.size = head.owned.size();
  ReadError seen;
  if (!validate(head, seen) && checked_before_size(seen.kind)) {
    error = seen;
    return true;
  }
  if (head.size == sizeof(Header)) {
    Header h;
    std::memcpy(&h, head.bytes, sizeof h);
    if (h.file_size < size) {
      error.kind = ReadErrorKind::TooLong;
      error.value = size;
      error.limit = h.file_size;
      return true;
    }
  }
  in.seekg(0);
  return false;
}

void check_index(std::uint32_t index, std::uint32_t count, const char* what) {
  if (index >= count)
    throw std::out_of_range(std::string("talebook: no ") + what + " " + std::to_string(index));
}

} // namespace

Book::Book(std::unique_ptr<Data> data) : data_(std::move(data)) {}
Book::~Book() = default;

std::unique_ptr<Book> Book::open_borrowed(const void* bytes, std::size_t size, ReadError& error) {
  auto data = std::make_unique<Data>();
  data->bytes = static_cast<const unsigned char*>(bytes);
  data->size = bytes ? size : 0;
  data = checked(std::move(data), error);
  return data ? std::unique_ptr<Book>(new Book(std::move(data))) : nullptr;
}

std::unique_ptr<Book> Book::open_written(const void* bytes, std::size_t size, std::string_view pool,
                                         ReadError& error) {
  auto data = std::make_unique<Data>();
  data->bytes = static_cast<const unsigned char*>(bytes);
  data->size = bytes ? size : 0;
  data->written_pool = &pool;
  data = checked(std::move(data), error);
  if (!data) return nullptr;
  data->written_pool = nullptr; // the views into `pool` stay: it must outlive the Book
  return std::unique_ptr<Book>(new Book(std::move(data)));
}

bool Book::check_written(const WrittenFile& file, ReadError& error) {
  error = ReadError{};
  if (file.head.size() < sizeof(Header)) {
    error.kind = ReadErrorKind::TruncatedHeader;
    return false;
  }
  Header h;
  std::memcpy(&h, file.head.data(), sizeof h);
  if (std::uint64_t(h.header_size) + std::uint64_t(h.section_count) * 24 > file.head.size()) {
    error.kind = ReadErrorKind::TruncatedTable;
    return false;
  }
  Data data;
  data.bytes = reinterpret_cast<const unsigned char*>(file.head.data());
  data.size = file.size;
  data.parts = &file;
  return validate(data, error);
}

bool unpack_stream(const void* in, std::size_t in_size, void* out, std::size_t out_size,
                   std::size_t start) {
  return start <= out_size && unpack(static_cast<const unsigned char*>(in), in_size,
                                     static_cast<unsigned char*>(out), out_size, start);
}

std::unique_ptr<Book> Book::open_memory(const void* bytes, std::size_t size, ReadError& error) {
  auto data = std::make_unique<Data>();
  if (bytes && size) {
    const auto* p = static_cast<const unsigned char*>(bytes);
    data->owned.assign(p, p + size);
  }
  data->bytes = data->owned.data();
  data->size = data->owned.size();
  data = checked(std::move(data), error);
  return data ? std::unique_ptr<Book>(new Book(std::move(data))) : nullptr;
}

std::unique_ptr<Book> Book::open_mapped(const std::string& path, ReadError& error) {
  error = ReadError{};
  if (!readable(path, error)) return nullptr;
  std::string why;
  std::unique_ptr<MappedFile> map = MappedFile::open(path, why);
  if (!map) {
    error = io_error(ReadErrorKind::CannotRead, path);
    return nullptr;
  }
  auto data = std::make_unique<Data>();
  data->bytes = map->data();
  data->size = map->size();
  bool damaged = false;
  if (validate_table(*data, error, damaged)) {
    std::uint64_t pool = 0;
    if (!check_blocks(*data, pool, error)) {
      error.path = path;
      return nullptr;
    }
    data->pool_size = pool;
    data->lazy = std::make_unique<LazyState>();
    data->lazy->blocks =
        std::make_unique<std::atomic<const LazyState::Block*>[]>(data->blocks.count);
    data->lazy->map = map.get();
    data->lazy->path = path;
    data->map = std::move(map);
    return std::unique_ptr<Book>(new Book(std::move(data)));
  }
  if (damaged) {
    error.path = path;
    return nullptr;
  }
  // Not a file of string blocks: checked whole, read in place.
  data = std::make_unique<Data>();
  data->bytes = map->data();
  data->size = map->size();
  data = checked(std::move(data), error);
  if (!data) {
    error.path = path;
    return nullptr;
  }
  data->map = std::move(map);
  return std::unique_ptr<Book>(new Book(std::move(data)));
}

bool Book::verify(ReadError& error) const {
  error = ReadError{};
  const auto truncated = [&] {
    if (!data_->map || !data_->map->changed()) return false;
    error.kind = ReadErrorKind::FileChanged;
    error.path = data_->lazy ? data_->lazy->path : std::string();
    return true;
  };
  if (truncated()) return false;
  if (!data_->lazy) return true;
  Data whole;
  whole.bytes = data_->bytes;
  whole.size = data_->size;
  return validate(whole, error) && !truncated();
}

// Only a regular file no larger than a book can be (max_file_size) is read:
// a directory, a FIFO or a device is refused before anything is read, and so is
// a file that is too large. Nothing here throws (the stream's errors are
// checked, not raised).
std::unique_ptr<Book> Book::open_file(const std::string& path, ReadError& error) {
  error = ReadError{};
  std::uintmax_t size = readable(path, error);
  if (error) return nullptr;
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = io_error(ReadErrorKind::CannotOpen, path);
    return nullptr;
  }
  if (refused_by_head(in, size, error)) {
    error.path = path;
    return nullptr;
  }
  auto data = std::make_unique<Data>();
  // One byte more than the size seen, to notice a file that grew meanwhile.
  data->owned.resize(std::size_t(size) + 1);
  in.read(reinterpret_cast<char*>(data->owned.data()), std::streamsize(data->owned.size()));
  if (in.bad() || std::uintmax_t(in.gcount()) != size) {
    error = io_error(ReadErrorKind::CannotRead, path);
    return nullptr;
  }
  data->owned.resize(std::size_t(size));
  data->bytes = data->owned.data();
  data->size = data->owned.size();
  data = checked(std::move(data), error);
  if (!data) error.path = path;
  return data ? std::unique_ptr<Book>(new Book(std::move(data))) : nullptr;
}

std::unique_ptr<Book> Book::open_file(const std::string& path, std::string& error) {
  return as_text(error, [&](ReadError& e) { return open_file(path, e); });
}
std::unique_ptr<Book> Book::open_memory(const void* bytes, std::size_t size, std::string& error) {
  return as_text(error, [&](ReadError& e) { return open_memory(bytes, size, e); });
}
std::unique_ptr<Book> Book::open_borrowed(const void* bytes, std::size_t size, std::string& error) {
  return as_text(error, [&](ReadError& e) { return open_borrowed(bytes, size, e); });
}
std::unique_ptr<Book> Book::open_written(const void* bytes, std::size_t size, std::string_view pool,
                                         std::string& error) {
  return as_text(error, [&](ReadError& e) { return open_written(bytes, size, pool, e); });
}
bool Book::check_written(const WrittenFile& file, std::string& error) {
  return as_text(error, [&](ReadError& e) { return check_written(file, e); });
}
std::unique_ptr<Book> Book::open_mapped(const std::string& path, std::string& error) {
  return as_text(error, [&](ReadError& e) { return open_mapped(path, e); });
}
bool Book::verify(std::string& error) const {
  return as_text(error, [&](ReadError& e) { return verify(e); });
}

bool Book::in_place() const {
  return data_->map && data_->map->in_place();
}

FormatVersion Book::version() const {
  return data_->version;
}

std::string_view Book::title() const {
  return data_->string(data_->record<BookRecord>(SectionId::BOOK, 0).title);
}
std::string_view Book::language() const {
  return data_->string(data_->record<BookRecord>(SectionId::BOOK, 0).language);
}
std::string_view Book::translates() const {
  return data_->string(data_->record<BookRecord>(SectionId::BOOK, 0).translates);
}

std::uint32_t Book::vocabulary_count() const {
  return data_->count(SectionId::VOCB);
}

VocabEntry Book::vocabulary(std::uint32_t index) const {
  check_index(index, vocabulary_count(), "vocabulary entry");
  VocabRecord r = data_->record<VocabRecord>(SectionId::VOCB, index);
  return {index, VocabKind(r.kind), r.order, data_->string(r.id), data_->string(r.name)};
}

std::optional<VocabEntry> Book::find_vocabulary(VocabKind kind, std::string_view id) const {
  for (std::uint32_t i = 0; i < vocabulary_count(); ++i) {
    VocabRecord r = data_->record<VocabRecord>(SectionId::VOCB, i);
    if (r.kind == std::uint8_t(kind) && data_->string(r.id) == id) return vocabulary(i);
  }
  return std::nullopt;
}

std::uint32_t Book::paragraph_count() const {
  return data_->count(SectionId::PARA);
}

Paragraph Book::paragraph(std::uint32_t index) const {
  check_index(index, paragraph_count(), "paragraph at index");
  ParagraphRecord r = data_->record<ParagraphRecord>(SectionId::PARA, index);
  Paragraph p;
  p.index = index;
  p.number = r.number;
  p.kind = ParagraphKind(r.kind);
  p.name = data_->string(r.name);
  p.name_id = data_->string(r.name_id);
  p.prose = data_->string(r.prose);
  p.sections = {r.first_section, r.section_count};
  p.refs = {r.first_ref, r.ref_count};
  p.matrix_refs = {r.first_matrix_ref, r.matrix_ref_count};
  p.has_chart = r.has_chart != 0;
  p.chart_entries = {r.first_chart_entry, r.chart_entry_count};
  p.fallback = (r.flags & record_fallback) != 0;
  return p;
}

std::optional<Paragraph> Book::find_paragraph(std::uint32_t number) const {
  if (data_->lazy) data_->need(SectionId::PIDX);
  std::uint32_t index = data_->lookup(number);
  if (index == none) return std::nullopt;
  return paragraph(index);
}

std::uint32_t Book::section_count() const {
  return data_->count(SectionId::SECT);
}

Section Book::section(std::uint32_t index) const {
  check_index(index, section_count(), "section");
  SectionRecord r = data_->record<SectionRecord>(SectionId::SECT, index);
  Section s;
  s.index = index;
  s.text = data_->string(r.text);
  s.conditions = {r.first_condition, r.condition_count};
  s.mandatory = r.mandatory != 0;
  s.fallback = (r.flags & record_fallback) != 0;
  if (r.award_group != none) {
    AwardGroup g = award_group(r.award_group);
    s.has_award = true;
    s.bracketed = g.bracketed;
    s.awards = g.awards;
  }
  return s;
}

std::uint32_t Book::condition_count() const {
  return data_->count(SectionId::COND);
}

Condition Book::condition(std::uint32_t index) const {
  check_index(index, condition_count(), "condition");
  ConditionRecord r = data_->record<ConditionRecord>(SectionId::COND, index);
  Condition c;
  c.kind = ConditionKind(r.kind);
  c.mandatory = r.mandatory != 0;
  c.roll_low = r.roll_low;
  c.roll_high = r.roll_high;
  if (c.kind == ConditionKind::Skill || c.kind == ConditionKind::Status) {
    VocabEntry v = vocabulary(r.ref);
    c.id = v.id;
    c.name = v.name;
  } else if (c.kind == ConditionKind::Treasure) {
    c.id = c.name = data_->string(r.ref);
    if (r.paragraph != none) c.paragraph = r.paragraph;
  } else if (c.kind == ConditionKind::Wealth) {
    VocabEntry v = vocabulary(r.ref);
    c.id = v.id;
    c.name = v.name;
  } else if (c.kind == ConditionKind::Space) {
    c.id = c.name = data_->string(r.ref);
  } else if (c.kind == ConditionKind::Modifier) {
    c.amount = std::int8_t(r.roll_low);
    c.target = ConditionKind(r.roll_high);
    c.roll_low = c.roll_high = 0;
    c.words = data_->string(r.ref);
    if (r.paragraph != none) {
      VocabEntry v = vocabulary(r.paragraph);
      c.id = v.id;
      c.name = v.name;
    }
  } else if (c.kind == ConditionKind::Effect) {
    c.amount = std::int8_t(r.roll_low);
    c.effect = EffectKind(r.roll_high);
    c.roll_low = c.roll_high = 0;
    c.words = data_->string(r.ref);
    if (r.paragraph != none) { // the skill it suspends, the option it forbids
      VocabEntry v = vocabulary(r.paragraph);
      c.id = v.id;
      c.name = v.name;
    }
  }
  return c;
}

std::uint32_t Book::award_group_count() const {
  return data_->count(SectionId::AGRP);
}

AwardGroup Book::award_group(std::uint32_t index) const {
  check_index(index, award_group_count(), "award group");
  AwardGroupRecord r = data_->record<AwardGroupRecord>(SectionId::AGRP, index);
  return {{r.first_award, r.award_count}, r.bracketed != 0};
}

std::uint32_t Book::award_count() const {
  return data_->count(SectionId::AWRD);
}

Award Book::award(std::uint32_t index) const {
  check_index(index, award_count(), "award");
  AwardRecord r = data_->record<AwardRecord>(SectionId::AWRD, index);
  Award a;
  a.kind = AwardKind(r.kind);
  a.term = AwardTerm(r.term);
  a.qualifier = AwardQualifier(r.qualifier);
  a.limit = WealthLimit(r.limit);
  switch (a.kind) {
  case AwardKind::Destiny:
  case AwardKind::Story:
    a.amount = r.value;
    break;
  case AwardKind::Wealth:
    a.amount = r.value;
    if (r.ref != none) {
      VocabEntry v = vocabulary(r.ref);
      a.limit_id = v.id;
      a.limit_name = v.name;
    }
    break;
  case AwardKind::Skill:
  case AwardKind::Status:
  case AwardKind::LoseSkill:
  case AwardKind::LoseStatus: {
    VocabEntry v = vocabulary(r.ref);
    a.id = v.id;
    a.name = v.name;
    break;
  }
  case AwardKind::Treasure:
  case AwardKind::LoseTreasure:
  case AwardKind::EnterPlace:
    a.id = a.name = data_->string(r.ref);
    a.paragraph = std::uint32_t(r.value);
    break;
  case AwardKind::GoTo:
    a.paragraph = std::uint32_t(r.value);
    break;
  case AwardKind::MoveToSpace:
    a.id = a.name = data_->string(r.ref);
    a.space = std::uint32_t(r.value);
    break;
  case AwardKind::MoveToTerrain: {
    VocabEntry v = vocabulary(r.ref);
    a.id = v.id;
    a.name = v.name;
    break;
  }
  default:
    break;
  }
  return a;
}

std::uint32_t Book::reference_count() const {
  return data_->count(SectionId::PREF);
}

std::uint32_t Book::reference(std::uint32_t index) const {
  check_index(index, reference_count(), "reference");
  return data_->record<std::uint32_t>(SectionId::PREF, index);
}

std::uint32_t Book::matrix_ref_count() const {
  return data_->count(SectionId::MREF);
}

MatrixRef Book::matrix_ref(std::uint32_t index) const {
  check_index(index, matrix_ref_count(), "matrix reference");
  MatrixRefRecord r = data_->record<MatrixRefRecord>(SectionId::MREF, index);
  MatrixRef m{data_->string(r.being), char(r.letter), std::nullopt};
  if (r.row != none) m.row = r.row;
  return m;
}

std::uint32_t Book::chart_entry_count() const {
  return data_->count(SectionId::CHRT);
}

ChartEntry Book::chart_entry(std::uint32_t index) const {
  check_index(index, chart_entry_count(), "chart entry");
  ChartEntryRecord r = data_->record<ChartEntryRecord>(SectionId::CHRT, index);
  ChartEntry c{r.roll,         data_->string(r.being), data_->string(r.adjective),
               char(r.matrix), std::nullopt,           BeingSex(r.sex)};
  if (r.row != none) c.row = r.row;
  return c;
}

std::uint32_t Book::matrix_count() const {
  return data_->count(SectionId::MATX);
}

ReactionMatrix Book::matrix(std::uint32_t index) const {
  check_index(index, matrix_count(), "matrix");
  MatrixRecord r = data_->record<MatrixRecord>(SectionId::MATX, index);
  return {index, char(r.letter), r.option_count, r.row_count, (r.flags & record_fallback) != 0};
}

std::optional<ReactionMatrix> Book::find_matrix(char letter) const {
  for (std::uint32_t i = 0; i < matrix_count(); ++i)
    if (data_->record<MatrixRecord>(SectionId::MATX, i).letter == std::uint8_t(letter))
      return matrix(i);
  return std::nullopt;
}

VocabEntry Book::matrix_option(const ReactionMatrix& m, std::uint32_t column) const {
  check_index(m.index, matrix_count(), "matrix");
  MatrixRecord r = data_->record<MatrixRecord>(SectionId::MATX, m.index);
  check_index(column, r.option_count, "matrix column");
  return vocabulary(data_->record<std::uint32_t>(SectionId::MOPT, r.first_option + column));
}

std::string_view Book::matrix_row(const ReactionMatrix& m, std::uint32_t row) const {
  check_index(m.index, matrix_count(), "matrix");
  MatrixRecord r = data_->record<MatrixRecord>(SectionId::MATX, m.index);
  check_index(row, r.row_count, "matrix row");
  return data_->string(data_->record<std::uint32_t>(SectionId::MROW, r.first_row + row));
}

MatrixCell Book::matrix_cell(const ReactionMatrix& m, std::uint32_t row,
                             std::uint32_t column) const {
  check_index(m.index, matrix_count(), "matrix");
  MatrixRecord r = data_->record<MatrixRecord>(SectionId::MATX, m.index);
  check_index(row, r.row_count, "matrix row");
  check_index(column, r.option_count, "matrix column");
  std::uint32_t v = data_->record<std::uint32_t>(
      SectionId::CELL, r.first_cell + row * std::uint32_t(r.option_count) + column);
  if (v == cell_forbidden) return {CellKind::Forbidden, 0};
  if (v == cell_no_encounter) return {CellKind::NoEncounter, 0};
  return {CellKind::Number, v};
}

std::uint32_t Book::card_count() const {
  return data_->count(SectionId::CARD);
}

Card Book::card(std::uint32_t index) const {
  check_index(index, card_count(), "card");
  CardRecord r = data_->record<CardRecord>(SectionId::CARD, index);
  Card c;
  c.index = index;
  c.kind = CardKind(r.kind);
  c.name = data_->string(r.name);
  c.matrix = char(r.matrix);
  c.fallback = (r.flags & record_fallback) != 0;
  Span span{r.first, r.count};
  if (c.kind == CardKind::Character)
    c.decks = span;
  else if (c.kind == CardKind::Terrain)
    c.terrains = span;
  else
    c.results = span;
  if (r.quest != none) c.quest = r.quest, c.quest_being = data_->string(r.quest_being);
  return c;
}

std::uint32_t Book::terrain_count() const {
  return data_->count(SectionId::TERR);
}

TerrainEntry Book::terrain(std::uint32_t index) const {
  check_index(index, terrain_count(), "terrain");
  TerrainRecord r = data_->record<TerrainRecord>(SectionId::TERR, index);
  VocabEntry v = vocabulary(r.terrain);
  return {v.id, v.name, r.paragraph, r.illustrated != 0};
}

std::uint32_t Book::city_result_count() const {
  return data_->count(SectionId::CRES);
}

CityResult Book::city_result(std::uint32_t index) const {
  check_index(index, city_result_count(), "city result");
  CityResultRecord r = data_->record<CityResultRecord>(SectionId::CRES, index);
  return {r.roll,
          data_->string(r.text),
          {r.first_group, r.group_count},
          {r.first_ref, r.ref_count},
          {r.first_matrix_ref, r.matrix_ref_count}};
}

} // namespace talebook::tbook
