// The .tbook emitter. Every record goes through one Emitter, every section is
// listed once (TALEBOOK_TBOOK_SECTIONS in talebook/format.hpp), and nothing is
// returned after an error.
#include "compiler/emit/emit.hpp"

#include <algorithm>
#include <cstring>
#include <limits>
#include <map>
#include <optional>
#include <thread>
#include <unordered_map>

#include "compiler/check/checks.hpp"
#include "compiler/emit/emit_file.hpp"
#include "compiler/emit/model_release.hpp"
#include "compiler/emit/paragraph_order.hpp"
#include "compiler/emit/string_pool.hpp"
#include "compiler/model/file_order.hpp"
#include "compiler/text/text.hpp"
#include "talebook/format.hpp"
#include "talebook/reader.hpp"
#include "talebook/records.hpp"

namespace talebook {
namespace {

using namespace tbook::layout;
using tbook::layout::SectionId;
namespace fields = tbook::layout::fields;

// ASCII 8 bytes at a time (most prose), the rest by text::first_invalid_utf8.
bool valid_utf8(std::string_view s) {
  std::size_t i = 0;
  for (; i + 8 <= s.size(); i += 8) {
    std::uint64_t word;
    std::memcpy(&word, s.data() + i, 8);
    if (word & 0x8080808080808080ull) break;
  }
  return !text::first_invalid_utf8(s.substr(i));
}

class Emitter {
public:
  // `consumed` (the book itself, or null): its stores are freed as the
  // paragraphs are written (ModelRelease).
  Emitter(const Book& book, const Vocabulary& vocabulary, Book* consumed = nullptr)
      : book_(book), vocabulary_(vocabulary), consumed_(consumed), sorted_(book.paragraphs) {}

  // Empty, or what failed: then reported to options.diagnostics as TB0079
  // (TB0068 for a book too large, reported where it is found).
  std::string run(std::string& out, const EmitOptions& options) {
    std::string error = write(out, options);
    if (!error.empty() && failure_.key && options.diagnostics)
      options.diagnostics->report(Code::emit_refused, failure_.at,
                                  {arg::keyword(failure_.key), failure_.subject});
    return error;
  }

private:
  std::string write(std::string& out, const EmitOptions& options) {
    if (options.frame_size < min_frame_size || options.frame_size > max_frame_size)
      return "frame size " + std::to_string(options.frame_size) + " out of range";
    const std::size_t text = reserve();
    if (consumed_) { // the emitter looks nothing up: the symbol table goes first
      consumed_->symbols = SymbolTable();
      release_.emplace(*consumed_, sorted_);
      release_->trim();
    }
    const bool blocked = options.pack && !options.stream;
    string(""); // offset 0: the empty string
    emit_vocabulary();
    if (book_.language.size() > 15)
      fail("language_tag", book_.language,
           "language tag '" + book_.language + "' is longer than 15 bytes");
    records_[id(SectionId::BOOK)].clear();
    BookRecord b{string(book_.title), string(book_.language), string(book_.translates)};
    add(SectionId::BOOK, b);
    // The string blocks are packed while the records are written: each block
    // as soon as its strings are in the pool (string()), and written to the
    // file (or memory_) once it and those before it are.
    std::optional<FileWriter>& writer = writer_;
    if (blocked) {
      std::string dictionary = this->dictionary();
      writer.emplace(options.file, memory_, options.frame_size);
      writer->start(parts(nullptr).size() + 1, dictionary.size(), text / string_block_target + 1);
      blocks_.emplace(
          std::move(dictionary), PackOptions{options.jobs, options.damage_block},
          [this](std::size_t start, std::size_t size, std::string& to) {
            pool_.copy(start, size, to);
          },
          [this](std::uint64_t at, const std::string& packed) { writer_->block(at, packed); });
      // The dictionary's training is done: what it used goes back to the
      // system before the records grow (the whole model is still held).
      if (release_) release_->trim();
    }
    emit_paragraphs();
    emit_matrices();
    emit_cards();
    emit_map();
    emit_display();
    emit_game();
    if (!error_.empty()) return error_;
    // TB0068: the u32 offsets of the file (and of the pool), or for the stream
    // form the reader's image limit.
    std::uint64_t limit = options.max_file_size ? options.max_file_size : tbook_file_limit();
    if (options.pack && options.stream) limit = std::min(limit, max_image_size);
    pool_.close();
    const std::size_t pool_size = pool_.size();
    std::uint64_t records = pool_size;
    for (const std::string& r : records_)
      records += r.size();
    if (records > limit) return too_large(records, limit, options);
    if (!blocked) return unblocked(out, options, limit);
    // The last block, then the workers' end.
    if (pool_size > cut_) blocks_->add(cut_, pool_size);
    StringBlocks strings = blocks_->finish();
    if (!strings.error.empty()) {
      fail("self_check", "string_block", strings.error);
      return error_;
    }
    const std::vector<FileWriter::Part> all = parts(&strings);
    const std::uint64_t size = writer->layout(all, strings.data_size, options.jobs);
    if (size > limit) return too_large(size, limit, options);
    // The reader must accept what the emitter writes. The string blocks were
    // unpacked again as they were packed (StringBlockPipeline); the reader checks
    // what was written, read back, with the pool's strings (their views of the
    // book's text): only a checked file is ever committed (the caller's).
    const tbook::ReadError read = writer->write(
        all, header(),
        [this](std::size_t start, std::size_t n, std::string& to) { pool_.copy(start, n, to); },
        options.damage_file, options.jobs);
    if (read) return self_check(read);
    if (!options.file) out = std::move(memory_);
    return {};
  }

  // The reader refused what was written: an emitter bug.
  std::string self_check(const tbook::ReadError& read) {
    fail("self_check", tbook::name_of(read.kind), "internal error: " + read.what());
    return error_;
  }

  static std::string too_large(std::uint64_t size, std::uint64_t limit,
                               const EmitOptions& options) {
    if (options.diagnostics) options.diagnostics->report(Code::file_size_limit, {}, {size, limit});
    return "the book does not fit a .tbook (TB0068): " + std::to_string(size) + " bytes, at most " +
           std::to_string(limit);
  }

  static std::size_t id(SectionId s) { return std::size_t(s); }

  // The paragraphs' records and strings, reserved at once: most of the file.
  // Returns the bytes their strings take in the pool, counting repeats.
  std::size_t reserve() {
    std::size_t strings = 0, sections = 0, conditions = 0, groups = 0, awards = 0, refs = 0,
                text = 0;
    for (const Paragraph& p : book_.paragraphs) {
      strings += 3 + p.sections.size();
      text += StringPool::form_size(p.name.size()) + StringPool::form_size(p.name_id().size()) +
              StringPool::form_size(p.prose.size());
      sections += p.sections.size();
      refs += p.refs.size();
      for (const Section& s : p.sections) {
        conditions += s.conditions.size();
        text += StringPool::form_size(s.text.size());
        if (!s.has_award()) continue;
        ++groups;
        awards += s.awards().size();
      }
    }
    for (const Card& c : book_.cards) { // their awards and references follow the paragraphs'
      refs += c.decks.size();
      for (const CityResult& r : c.results) {
        refs += r.refs.size();
        groups += r.awards.size();
        for (const AwardCode& code : r.awards)
          awards += code.awards.size();
      }
    }
    pool_.reserve(strings);
    records_[id(SectionId::PARA)].reserve(book_.paragraphs.size() * sizeof(ParagraphRecord));
    records_[id(SectionId::SECT)].reserve(sections * sizeof(SectionRecord));
    records_[id(SectionId::COND)].reserve(conditions * sizeof(ConditionRecord));
    records_[id(SectionId::AGRP)].reserve(groups * sizeof(AwardGroupRecord));
    records_[id(SectionId::AWRD)].reserve(awards * sizeof(AwardRecord));
    records_[id(SectionId::PREF)].reserve(refs * 4);
    return text;
  }
  template <class T> std::uint32_t add(SectionId s, const T& record) {
    std::string& r = records_[id(s)];
    std::uint32_t index = std::uint32_t(r.size() / sizeof(T));
    append_record(r, record);
    return index;
  }
  std::uint32_t count(SectionId s, std::size_t record_size) const {
    return std::uint32_t(records_[id(s)].size() / record_size);
  }
  // The first failure: `key` and `subject` for TB0079 (at the paragraph,
  // matrix or card being written), `what` for the API's message.
  void fail(const char* key, Arg subject, std::string what) {
    if (!error_.empty()) return;
    error_ = std::move(what);
    failure_ = {key, std::move(subject), at_};
  }
  // A run's length (or a position) as the field of records.def that holds it;
  // one too large (which check refuses first, TB0066) fails with the field's key.
  template <class Field> typename Field::value_type fit(std::uint64_t value) {
    static_assert(Field::field_role == tbook::layout::FieldRole::count ||
                  Field::field_role == tbook::layout::FieldRole::order);
    if (value > Field::max())
      fail("too_many", Field::field_arg,
           std::string("too many ") + Field::field_arg + " for the .tbook format");
    return typename Field::value_type(value);
  }
  // The paragraph an award leads to, as AwardRecord::value (check: TB0062).
  std::int32_t award_paragraph(std::uint32_t number) {
    if (number > fields::AWRD::value::max())
      fail("paragraph_number", number,
           "paragraph number " + std::to_string(number) + " is too large");
    return std::int32_t(number);
  }

  // A translation's record that holds its source's text (format 1.2).
  static std::uint8_t flags(bool fallback) { return fallback ? record_fallback : 0; }

  std::uint32_t string(std::string_view s) {
    bool added = false;
    std::uint32_t offset = pool_.add(s, added);
    if (!added) return offset;
    if (!valid_utf8(s))
      fail("invalid_utf8", "", "invalid UTF-8 in '" + std::string(s.substr(0, 40)) + "'");
    // A block is cut after the first string that brings it to the target
    // (none past the format's offsets: such a book is refused, TB0068).
    const std::size_t size = pool_.size();
    if (blocks_ && size - cut_ >= string_block_target && size <= max_pool) {
      blocks_->add(cut_, size);
      cut_ = size;
    }
    return offset;
  }

  // The string blocks' dictionary (docs/binary-format.md, "String blocks"),
  // drawn from the book before its pool is complete: a zstd dictionary trained
  // on the first KiB of each of 256 paragraphs at even steps in number order,
  // in the pool's form of its name, name id, prose and sections' texts; none
  // for a book whose texts are under 64 KiB.
  std::string dictionary() const {
    constexpr std::size_t paragraphs = dictionary_pieces;
    std::size_t text = 0;
    for (std::size_t i = 0; i < sorted_.size(); ++i) {
      text += sorted_[i].prose.size();
      for (const Section& s : sorted_[i].sections)
        text += s.text.size();
    }
    if (text < 64 * 1024) return {};
    std::vector<std::string> pieces;
    std::string strings;
    auto put = [&](std::string_view t) { StringPool::put(strings, t); };
    for (std::size_t k = 0, last = sorted_.size(); k < paragraphs; ++k) {
      const std::size_t at = k * sorted_.size() / paragraphs;
      if (at == last) continue; // a book of fewer paragraphs: each once
      last = at;
      const Paragraph& p = sorted_[at];
      strings.clear();
      put(p.name);
      put(p.name_id());
      put(p.prose);
      for (const Section& s : p.sections)
        put(s.text);
      pieces.push_back(strings.substr(0, dictionary_piece));
    }
    return dictionary_of({pieces.begin(), pieces.end()});
  }

  std::uint32_t vocab(VocabKind kind, std::string_view vocab_id) {
    const auto& index = vocab_index_[std::size_t(kind)];
    auto it = index.find(vocab_id);
    if (it == index.end()) {
      fail("unknown_name", vocab_id,
           std::string("unknown ") + to_string(kind) + " '" + std::string(vocab_id) + "'");
      return 0;
    }
    return it->second;
  }

  void emit_vocabulary() {
    for (auto [kind, entry] : tbook_vocabulary(book_, vocabulary_)) {
      VocabRecord r{std::uint8_t(kind), 0, fit<fields::VOCB::order>(entry->order),
                    string(entry->id), string(entry->name)};
      vocab_index_[std::size_t(kind)][entry->id] = add(SectionId::VOCB, r);
    }
  }

  std::uint32_t group(const AwardCode& code) {
    AwardGroupRecord g{count(SectionId::AWRD, sizeof(AwardRecord)),
                       fit<fields::AGRP::award_count>(code.awards.size()),
                       std::uint8_t(code.bracketed), 0};
    for (const Award& a : code.awards) {
      AwardRecord r{std::uint8_t(a.kind),
                    std::uint8_t(a.term),
                    std::uint8_t(a.qualifier),
                    std::uint8_t(a.limit),
                    0,
                    none};
      switch (a.kind) {
      case AwardKind::Destiny:
      case AwardKind::Story:
        r.value = a.amount();
        break;
      case AwardKind::Wealth:
        r.value = a.amount();
        if (a.limit != WealthLimit::None)
          r.ref = vocab(VocabKind::Wealth, std::string(a.limit_id()));
        break;
      case AwardKind::Skill:
      case AwardKind::LoseSkill:
        r.ref = vocab(VocabKind::Skill, a.id);
        break;
      case AwardKind::Status:
      case AwardKind::LoseStatus:
        r.ref = vocab(VocabKind::Status, a.id);
        break;
      case AwardKind::Treasure:
      case AwardKind::LoseTreasure:
      case AwardKind::EnterPlace:
        if (a.paragraph() == 0)
          fail("unplaced", std::string(a.id),
               "'" + std::string(a.id) + "' of an award has no paragraph");
        r.ref = string(a.id);
        r.value = award_paragraph(a.paragraph());
        break;
      case AwardKind::GoTo:
        r.value = award_paragraph(a.paragraph());
        break;
      case AwardKind::MoveToSpace: // rule 9.3: SPAC keeps the map's order
        r.ref = string(book_.map.spaces.at(a.space()).name);
        r.value = static_cast<std::int32_t>(a.space());
        break;
      case AwardKind::MoveToTerrain:
        r.ref = vocab(VocabKind::Terrain, a.id);
        break;
      default:
        break;
      }
      add(SectionId::AWRD, r);
    }
    return add(SectionId::AGRP, g);
  }

  std::uint8_t roll(int value) {
    if (value < 0 || value > 255)
      fail("roll", value, "roll " + std::to_string(value) + " out of range");
    return std::uint8_t(value);
  }

  // The vocabulary list of the name a modifier depends on or an effect acts on.
  static std::optional<VocabKind> named_kind(const Condition& c) {
    if (c.target() == ConditionKind::Skill || c.effect() == EffectKind::Suspends)
      return VocabKind::Skill;
    if (c.target() == ConditionKind::Status) return VocabKind::Status;
    if (c.effect() == EffectKind::Forbids) return VocabKind::Option;
    return std::nullopt;
  }

  void emit_section(const Section& s) {
    SectionRecord r{string(s.text),
                    count(SectionId::COND, sizeof(ConditionRecord)),
                    fit<fields::SECT::condition_count>(s.conditions.size()),
                    0,
                    flags(s.fallback),
                    none};
    for (const Condition& c : s.conditions) {
      // A modifier (1.2) and an effect (1.5): the amount as a signed byte, what
      // it depends on or does in roll_high, the name it names in `paragraph`.
      if (c.kind == ConditionKind::Modifier || c.kind == ConditionKind::Effect) {
        const bool modifier = c.kind == ConditionKind::Modifier;
        const char* what = modifier ? "modifier" : "effect";
        if (c.roll_low < -128 || c.roll_low > 127)
          fail(what, c.roll_low, what + (" " + std::to_string(c.roll_low)) + " out of range");
        ConditionRecord cr{std::uint8_t(c.kind), 0, std::uint8_t(std::int8_t(c.roll_low)),
                           modifier ? std::uint8_t(c.target()) : std::uint8_t(c.effect()),
                           string(book_.words(c))};
        if (std::optional<VocabKind> named = named_kind(c)) cr.paragraph = vocab(*named, c.id);
        add(SectionId::COND, cr);
        continue;
      }
      ConditionRecord cr{std::uint8_t(c.kind), std::uint8_t(c.mandatory), roll(c.roll_low),
                         roll(c.roll_high()), none};
      if (c.kind == ConditionKind::Wealth)
        cr.ref = vocab(VocabKind::Wealth, c.id);
      else if (c.kind == ConditionKind::Space)
        cr.ref = string(c.id);
      else if (c.kind == ConditionKind::Skill)
        cr.ref = vocab(VocabKind::Skill, c.id);
      else if (c.kind == ConditionKind::Status)
        cr.ref = vocab(VocabKind::Status, c.id);
      else if (c.kind == ConditionKind::Treasure) {
        cr.ref = string(c.id);
        cr.paragraph = c.paragraph();
        if (c.paragraph() == 0)
          fail("unplaced", std::string(c.id),
               "treasure '" + std::string(c.id) + "' of a heading has no paragraph");
      }
      r.mandatory |= std::uint8_t(c.mandatory);
      add(SectionId::COND, cr);
    }
    if (std::optional<AwardCode> award = s.award()) r.award_group = group(*award);
    add(SectionId::SECT, r);
  }

  std::uint32_t refs(std::span<const ParagraphRef> list) {
    std::uint32_t first = count(SectionId::PREF, 4);
    for (const ParagraphRef& ref : list)
      add(SectionId::PREF, ref.number);
    return first;
  }

  std::uint8_t letter(char c) {
    if (c < 'A' || c > 'Z')
      fail("matrix_letter", std::string(1, c), std::string("bad matrix letter '") + c + "'");
    return std::uint8_t(c);
  }

  // A resolved row of matrix `letter` (none for -1); the matrix must have it.
  std::uint32_t row(char matrix, int row, std::string_view being) {
    if (row < 0) return none;
    auto m = std::find_if(book_.matrices.begin(), book_.matrices.end(),
                          [&](const ReactionMatrix& x) { return x.letter == matrix; });
    if (m == book_.matrices.end() || std::size_t(row) >= m->rows.size())
      fail("matrix_row", being,
           std::string("no row for '") + std::string(being) + "' in matrix " + matrix);
    return std::uint32_t(row);
  }

  std::uint32_t matrix_refs(std::span<const MatrixRef> list) {
    std::uint32_t first = count(SectionId::MREF, sizeof(MatrixRefRecord));
    for (const MatrixRef& m : list)
      add(SectionId::MREF,
          MatrixRefRecord{string(m.being), letter(m.letter), {}, row(m.letter, m.row, m.being)});
    return first;
  }

  void emit_paragraphs() {
    const auto& sorted = sorted_;
    for (std::size_t i = 0; i < sorted.size(); ++i) {
      const Paragraph& p = sorted[i];
      at_ = p.range;
      if (i > 0 && sorted[i - 1].number == p.number)
        fail("duplicate_paragraph", p.number,
             "paragraph " + std::to_string(p.number) + " is defined twice");
      if (p.number > max_paragraph_number)
        fail("paragraph_number", p.number,
             "paragraph number " + std::to_string(p.number) + " is too large");
      ParagraphRecord r{};
      r.number = p.number;
      r.kind = std::uint8_t(p.kind);
      r.flags = flags(p.fallback);
      r.name = string(p.name);
      r.name_id = string(p.name_id());
      r.prose = string(p.prose);
      r.section_count = fit<fields::PARA::section_count>(p.sections.size());
      r.first_section = count(SectionId::SECT, sizeof(SectionRecord));
      // Sections first, so that a paragraph's sections are contiguous.
      for (const Section& s : p.sections)
        emit_section(s);
      r.ref_count = fit<fields::PARA::ref_count>(p.refs.size());
      r.first_ref = refs(p.refs);
      r.matrix_ref_count = fit<fields::PARA::matrix_ref_count>(p.matrix_refs.size());
      r.first_matrix_ref = matrix_refs(p.matrix_refs);
      r.first_chart_entry = count(SectionId::CHRT, sizeof(ChartEntryRecord));
      if (p.chart) {
        r.has_chart = 1;
        r.chart_entry_count = fit<fields::PARA::chart_entry_count>(p.chart->entries.size());
        for (const ChartEntry& e : p.chart->entries) {
          if (e.row < 0)
            fail("matrix_row", std::string(e.being),
                 "chart entry '" + std::string(e.being) + "' has no row in matrix " + e.matrix);
          add(SectionId::CHRT, ChartEntryRecord{roll(e.roll), letter(e.matrix), std::uint8_t(e.sex),
                                                0, string(e.being), string(e.adjective),
                                                row(e.matrix, e.row, e.being)});
        }
      }
      add(SectionId::PARA, r);
      if (release_) release_->written(i);
    }
    // The number index: open addressing, linear probing.
    std::uint32_t bits = 3;
    while ((std::uint64_t(1) << bits) < 2 * std::uint64_t(sorted.size()))
      ++bits;
    at_ = {};
    if (bits > 30)
      return fail("too_many", "paragraphs", "too many paragraphs for the .tbook format");
    std::vector<std::uint32_t> slots(std::size_t(1) << bits, 0);
    for (std::size_t i = 0; i < sorted.size(); ++i) {
      std::uint32_t at = (sorted[i].number * index_multiplier) >> (32 - bits);
      while (slots[at] != 0)
        at = (at + 1) & std::uint32_t(slots.size() - 1);
      slots[at] = std::uint32_t(i + 1);
    }
    records_[id(SectionId::PIDX)].append(reinterpret_cast<const char*>(slots.data()),
                                         slots.size() * sizeof(std::uint32_t));
  }

  void emit_matrices() {
    std::vector<const ReactionMatrix*> sorted;
    for (const ReactionMatrix& m : book_.matrices)
      sorted.push_back(&m);
    std::stable_sort(sorted.begin(), sorted.end(),
                     [](auto* a, auto* b) { return a->letter < b->letter; });
    for (std::size_t i = 0; i < sorted.size(); ++i) {
      const ReactionMatrix& m = *sorted[i];
      at_ = m.range;
      if (i > 0 && sorted[i - 1]->letter == m.letter)
        fail("duplicate_matrix", std::string(1, m.letter),
             std::string("matrix ") + m.letter + " is defined twice");
      MatrixRecord r{letter(m.letter),
                     flags(m.fallback),
                     fit<fields::MATX::option_count>(m.options.size()),
                     fit<fields::MATX::row_count>(m.rows.size()),
                     0,
                     count(SectionId::MOPT, 4),
                     count(SectionId::MROW, 4),
                     count(SectionId::CELL, 4)};
      for (const std::string& option : m.options)
        add(SectionId::MOPT, vocab(VocabKind::Option, option));
      for (const MatrixRow& row : m.rows)
        add(SectionId::MROW, string(row.adjective));
      for (const MatrixRow& row : m.rows) {
        if (row.cells.size() != m.options.size())
          fail("matrix_cells", std::string(1, m.letter),
               std::string("matrix ") + m.letter + " row '" + row.adjective + "' has " +
                   std::to_string(row.cells.size()) + " cells for " +
                   std::to_string(m.options.size()) + " options");
        for (const MatrixCell& cell : row.cells) {
          std::uint32_t v = cell.kind == CellKind::Forbidden     ? cell_forbidden
                            : cell.kind == CellKind::NoEncounter ? cell_no_encounter
                                                                 : cell.number;
          if (cell.kind == CellKind::Number && v > max_paragraph_number)
            fail("cell_number", v, "bad cell number");
          add(SectionId::CELL, v);
        }
      }
      add(SectionId::MATX, r);
    }
  }

  void emit_cards() {
    for (const Card* c : tbook_cards(book_)) {
      at_ = c->range;
      CardRecord r{std::uint8_t(c->kind), 0, 0, string(c->name), 0, flags(c->fallback)};
      switch (c->kind) {
      case CardKind::Character:
        r.matrix = letter(c->matrix);
        r.count = fit<fields::CARD::count>(c->decks.size());
        r.first = refs(c->decks);
        break;
      case CardKind::Terrain:
        r.count = fit<fields::CARD::count>(c->terrains.size());
        r.first = count(SectionId::TERR, sizeof(TerrainRecord));
        for (const TerrainEntry& t : c->terrains)
          add(SectionId::TERR, TerrainRecord{vocab(VocabKind::Terrain, t.terrain),
                                             t.paragraph.number,
                                             std::uint8_t(t.illustrated),
                                             {}});
        break;
      case CardKind::City:
      case CardKind::Special: { // a Special card's results: 1 `You:`, 2 `Other:` (1.6)
        r.count = fit<fields::CARD::count>(c->results.size());
        if (c->quest.number) // rule 22.1
          r.quest = c->quest.number, r.quest_being = string(c->quest_being);
        // Groups, references and results each stay contiguous.
        std::vector<CityResultRecord> results;
        for (const CityResult& res : c->results) {
          CityResultRecord cr{roll(res.roll),
                              0,
                              fit<fields::CRES::group_count>(res.awards.size()),
                              string(res.text),
                              count(SectionId::AGRP, sizeof(AwardGroupRecord)),
                              0,
                              0,
                              fit<fields::CRES::ref_count>(res.refs.size()),
                              fit<fields::CRES::matrix_ref_count>(res.matrix_refs.size())};
          for (const AwardCode& code : res.awards)
            group(code);
          cr.first_ref = refs(res.refs);
          cr.first_matrix_ref = matrix_refs(res.matrix_refs);
          results.push_back(cr);
        }
        r.first = count(SectionId::CRES, sizeof(CityResultRecord));
        for (const CityResultRecord& cr : results)
          add(SectionId::CRES, cr);
        break;
      }
      }
      add(SectionId::CARD, r);
    }
  }

  // The map (1.6): each space with the moves out of it. A route of the
  // source is a move both ways; a place's `Exit` (its one-way arrow, 9.2) a
  // land move out of it, and in against it (which only an opportunity allows).
  void emit_map() {
    const WorldMap& map = book_.map;
    const std::vector<std::vector<Move>> moves = space_moves(map);
    for (std::uint32_t i = 0; i < map.spaces.size(); ++i) {
      const Space& s = map.spaces[i];
      at_ = s.range;
      SpaceRecord r{string(s.name),
                    vocab(VocabKind::Terrain, s.terrain),
                    s.place.number ? s.place.number : none,
                    count(SectionId::ROUT, sizeof(RouteRecord)),
                    fit<fields::SPAC::route_count>(moves[i].size()),
                    roll(s.black),
                    std::uint8_t(s.start),
                    std::uint8_t(s.wild),
                    flags(s.fallback),
                    0};
      for (const Move& m : moves[i])
        add(SectionId::ROUT, RouteRecord{m.to, std::uint8_t(m.kind), {}});
      add(SectionId::SPAC, r);
    }
    // One rate a wealth level, in the ladder's order (the VOCB order).
    std::map<std::uint32_t, MovementRecord> rates;
    for (const MovementRate& m : map.rates) {
      at_ = m.range;
      const std::uint32_t level = vocab(VocabKind::Wealth, m.level);
      rates.emplace(level, MovementRecord{level, m.land, m.sea, 0});
    }
    for (const auto& [level, record] : rates)
      add(SectionId::MOVE, record);
  }

  // The Merchant Display (1.6): its grid, its products in display order, the
  // counters in the cup by shape and wealth, and a market a space (its
  // products). A book without a display has none of these sections.
  bool has_display() const { return !book_.display.empty(); }
  static bool display_section(SectionId s) {
    return s == SectionId::DISP || s == SectionId::PROD || s == SectionId::CNTR ||
           s == SectionId::MRKT || s == SectionId::MKTP;
  }
  void emit_display() {
    if (!has_display()) return;
    const MerchantDisplay& d = book_.display;
    at_ = d.headers.front();
    add(SectionId::DISP, DisplayRecord{fit<fields::DISP::rows>(d.row_count),
                                       fit<fields::DISP::columns>(d.column_count),
                                       flags(d.fallback),
                                       {}});
    for (const Product& p : d.products) {
      at_ = p.range;
      if (p.row >= d.row_count || p.column >= d.column_count)
        fail("product_box", p.name, "product '" + p.name + "' is outside the display");
      add(SectionId::PROD, ProductRecord{string(p.name),
                                         std::uint16_t(p.row),
                                         std::uint16_t(p.column),
                                         flags(p.fallback),
                                         {}});
    }
    at_ = d.headers.front();
    for (const CounterGroup& g : counter_groups(d))
      add(SectionId::CNTR, CounterRecord{std::uint8_t(g.shape), std::uint8_t(g.wealth),
                                         fit<fields::CNTR::count>(g.count)});
    for (const Space& s : book_.map.spaces) {
      at_ = s.range;
      add(SectionId::MRKT, MarketRecord{count(SectionId::MKTP, sizeof(MarketProductRecord)),
                                        fit<fields::MRKT::product_count>(s.products.size()), 0});
      for (const ProductRef& p : s.products) {
        if (p.product >= d.products.size())
          fail("product_box", p.name,
               "product '" + std::string(p.name) + "' of space '" + s.name + "' is not resolved");
        add(SectionId::MKTP, MarketProductRecord{p.product});
      }
    }
  }

  // The game family (1.7, docs/games.md): which game the book is, the deck's
  // cards and the cards they name, the story tiles by number, the verdicts. A
  // Book of Tales has none of these sections; a game book all five.
  bool is_game() const { return book_.game.game != GameKind::tales; }
  static bool game_section(SectionId s) {
    return s == SectionId::GAME || s == SectionId::DECK || s == SectionId::DREF ||
           s == SectionId::TILE || s == SectionId::VERD;
  }
  // A number of a card or verdict that the checks hold to its range (and
  // the reader refuses outside it): refused here too, never cut.
  std::uint32_t in_range(std::uint64_t value, std::uint64_t low, std::uint64_t high,
                         const char* what, std::string_view subject) {
    if (value < low || value > high)
      fail("game_value", std::string(subject),
           std::string(what) + " " + std::to_string(value) + " of '" + std::string(subject) +
               "' is out of range");
    return std::uint32_t(value);
  }
  std::uint32_t card_names(const std::vector<CardName>& names) {
    const std::uint32_t first = count(SectionId::DREF, sizeof(DeckCardRefRecord));
    for (const CardName& n : names) {
      if (n.card >= book_.game.deck.size())
        fail("card_name", n.name, "card '" + std::string(n.name) + "' is not resolved");
      add(SectionId::DREF, DeckCardRefRecord{n.card});
    }
    return first;
  }
  void emit_game() {
    if (!is_game()) return;
    const GameContent& g = book_.game;
    add(SectionId::GAME, GameRecord{std::uint8_t(g.game), {}});
    for (const DeckCard& c : g.deck) {
      at_ = c.range;
      const bool night = c.deck_class == DeckClass::attack || c.deck_class == DeckClass::defence;
      const bool amount = c.effect.kind != CardEffectKind::none &&
                          c.effect.kind != CardEffectKind::skip &&
                          c.effect.kind != CardEffectKind::peek;
      DeckCardRecord r{};
      r.name = string(c.name);
      r.gloss = string(c.gloss);
      r.text = string(c.text);
      r.deck_class = std::uint8_t(c.deck_class);
      r.role = std::uint8_t(c.role);
      r.effect = std::uint8_t(c.effect.kind);
      r.flags = flags(c.fallback);
      if (night && !c.has_scores)
        fail("game_value", c.name, "'" + std::string(c.name) + "' has no scores");
      if (night) {
        r.attack = std::uint8_t(in_range(c.attack, 0, 255, "attack", c.name));
        r.defence = std::uint8_t(in_range(c.defence, 0, 255, "defence", c.name));
        r.key = std::uint8_t(in_range(c.key, 1, 6, "key", c.name));
      }
      r.effect_amount =
          std::uint8_t(amount ? in_range(std::uint64_t(std::max<std::int32_t>(c.effect.amount, 0)),
                                         1, 3, "effect amount", c.name)
                              : 0);
      r.copies = std::uint8_t(in_range(c.copies, 1, 99, "copies", c.name));
      r.stopped_by_count = fit<fields::DECK::stopped_by_count>(c.stopped_by.size());
      r.first_stopped_by = card_names(c.stopped_by);
      r.bars_count = fit<fields::DECK::bars_count>(c.bars.size());
      r.first_bars = card_names(c.bars);
      add(SectionId::DECK, r);
    }
    // Tile n is record n: the checks leave no number twice and no gap.
    std::vector<const StoryTileEntry*> tiles;
    for (const StoryTileEntry& t : g.tiles)
      tiles.push_back(&t);
    std::stable_sort(tiles.begin(), tiles.end(),
                     [](auto* a, auto* b) { return a->number < b->number; });
    for (std::uint32_t i = 0; i < tiles.size(); ++i) {
      const StoryTileEntry& t = *tiles[i];
      at_ = t.range;
      if (t.number != i)
        fail("game_value", t.title,
             "tile " + std::to_string(t.number) + " ('" + std::string(t.title) +
                 "') repeats or leaves a gap");
      add(SectionId::TILE,
          StoryTileRecord{string(t.title),
                          std::uint16_t(in_range(t.number, 0, 65535, "number", t.title)),
                          std::uint8_t(t.colour), flags(t.fallback)});
    }
    // From 0, each after the previous, the last open.
    std::uint64_t next = 0;
    for (std::size_t i = 0; i < g.verdicts.size(); ++i) {
      const Verdict& v = g.verdicts[i];
      at_ = v.range;
      const bool last = i + 1 == g.verdicts.size();
      if (v.from != next || v.open != last || (!v.open && (v.to < v.from || v.to == none)))
        fail("game_value", v.words,
             "the verdicts leave a gap or overlap at " + std::to_string(v.from));
      next = std::uint64_t(v.to) + 1;
      add(SectionId::VERD, VerdictRecord{string(v.words), v.from, v.open ? none : v.to,
                                         std::uint8_t(v.open), flags(v.fallback), 0});
    }
  }

  // The file's header, without its sizes, section count and checksum.
  Header header() const {
    Header h{};
    std::memcpy(h.magic, magic, sizeof magic);
    h.major = version_major;
    h.minor = version_minor;
    h.header_size = sizeof(Header);
    h.probe32 = probe_u32;
    h.probe64 = probe_u64;
    h.probe_float = probe_double;
    std::memcpy(h.language, book_.language.data(), book_.language.size());
    return h;
  }

  // The sections in file order, SUMS excepted. The default form replaces STRS
  // by the string blocks (`strings`; null: only their number is needed), the
  // packed blocks (SDAT) written already.
  std::vector<FileWriter::Part> parts(StringBlocks* strings) {
    static constexpr std::uint32_t tags[] = {
#define TALEBOOK_X(t, type, size_1_0, name) tag(#t),
        TALEBOOK_TBOOK_SECTIONS(TALEBOOK_X)
#undef TALEBOOK_X
    };
    static constexpr std::uint32_t sizes[] = {
#define TALEBOOK_X(t, type, size_1_0, name) sizeof(type),
        TALEBOOK_TBOOK_SECTIONS(TALEBOOK_X)
#undef TALEBOOK_X
    };
    std::vector<FileWriter::Part> out;
    for (std::size_t k = 0; k < std::size_t(SectionId::count); ++k) {
      if (strings && SectionId(k) == SectionId::STRS) {
        out.push_back({tag_dictionary, 1, &strings->dictionary});
        out.push_back({tag_blocks, sizeof(StringBlockRecord), &strings->blocks});
        out.push_back({tag_block_data, 1, nullptr});
        continue;
      }
      if (!strings && SectionId(k) == SectionId::STRS) {
        out.insert(out.end(), 3, {0, 1, nullptr});
        continue;
      }
      if (display_section(SectionId(k)) && !has_display()) continue; // the bytes of 1.5's books
      if (game_section(SectionId(k)) && !is_game()) continue;        // a Book of Tales (1.7)

      out.push_back({tags[k], sizes[k], &records_[k], strings != nullptr});
    }
    return out;
  }

  // The unpacked and the stream forms, through the same writer as the default
  // form: STRS first and plain, the records plain, SUMS last; the reader checks
  // what was written. The stream form writes that image to memory, then packs
  // everything after the section table as one frame, checked again as packed.
  std::string unblocked(std::string& result, const EmitOptions& options, std::uint64_t limit) {
    records_[id(SectionId::STRS)] = pool_.release();
    std::vector<FileWriter::Part> parts{{tag("STRS"), 1, &records_[id(SectionId::STRS)]}};
    for (const FileWriter::Part& p : this->parts(nullptr))
      if (p.bytes) parts.push_back(p);
    const bool stream = options.pack && options.stream;
    std::string image;
    FileWriter writer(stream ? nullptr : options.file, stream ? image : memory_);
    const std::uint64_t size = writer.layout(parts, 0, options.jobs);
    if (size > limit) return too_large(size, limit, options);
    // (The pool is STRS itself, read back with the file: never asked for.) The
    // stream form's image is checked once it is packed, below.
    const tbook::ReadError read = writer.write(
        parts, header(), [](std::size_t, std::size_t, std::string&) {},
        stream ? nullptr : options.damage_file, options.jobs, !stream);
    if (read) return self_check(read);
    if (!stream) {
      if (!options.file) result = std::move(memory_);
      return {};
    }
    const std::size_t table_end = sizeof(Header) + (parts.size() + 1) * sizeof(SectionEntry);
    std::string out =
        image.substr(0, table_end) + pack_image(std::string_view(image).substr(table_end));
    std::string().swap(image);
    Header h;
    std::memcpy(&h, out.data(), sizeof h);
    h.flags = header_packed;
    h.file_size = out.size(); // image_size stays the image's
    h.checksum = 0;
    std::memcpy(out.data(), &h, sizeof h);
    const std::uint64_t total =
        whole_file_checksum(reinterpret_cast<const unsigned char*>(out.data()), out.size());
    std::memcpy(out.data() + checksum_offset, &total, sizeof total);
    if (options.damage_file) options.damage_file(out);
    // The reader must accept the packed file too; a file to write (talec
    // build) is written and flushed once it did.
    tbook::ReadError packed;
    if (!tbook::Book::open_borrowed(out.data(), out.size(), packed)) return self_check(packed);
    if (AtomicFile* file = options.file; file && file->write(out)) file->sync();
    if (!options.file) result = std::move(out);
    return {};
  }

  // The pool's offsets are u32: a pool beyond them is refused (TB0068), not packed.
  static constexpr std::size_t max_pool = std::numeric_limits<std::uint32_t>::max();

  const Book& book_;
  const Vocabulary& vocabulary_;
  Book* consumed_;
  std::optional<ModelRelease> release_;
  ParagraphOrder sorted_;
  std::string error_;
  struct Failure {
    const char* key = nullptr; // TB0079's {0}; null: none, or reported already (TB0068)
    Arg subject{""};
    SourceRange at;
  } failure_;
  SourceRange at_; // the paragraph, matrix or card being written
  std::string records_[std::size_t(SectionId::count)];
  StringPool pool_;
  // The default form's file (or its bytes in memory_, without a file), and
  // its string blocks, whose workers write to it: stopped before it goes.
  std::string memory_;
  std::optional<FileWriter> writer_;
  std::optional<StringBlockPipeline> blocks_;
  std::size_t cut_ = 0; // where the next block starts
  // By kind: the vocabulary's ids (views: the vocabulary outlives the emitter).
  std::unordered_map<std::string_view, std::uint32_t> vocab_index_[vocab_kind_count];
};

// Both forms: a failed emit leaves no temporary file behind.
std::string emit(const Book& book, const Vocabulary& vocabulary, Book* consumed, std::string& out,
                 const EmitOptions& options) {
  std::string error = Emitter(book, vocabulary, consumed).run(out, options);
  if (!error.empty() && options.file) options.file->discard();
  return error;
}
} // namespace

std::string emit_tbook(const Book& book, const Vocabulary& vocabulary, std::string& out,
                       const EmitOptions& options) {
  return emit(book, vocabulary, nullptr, out, options);
}

std::string emit_tbook(Book&& book, const Vocabulary& vocabulary, std::string& out,
                       const EmitOptions& options) {
  struct Clear { // the book is left empty, whatever happens
    Book& book;
    ~Clear() { book = Book(); }
  } clear{book};
  return emit(book, vocabulary, &book, out, options);
}

} // namespace talebook
