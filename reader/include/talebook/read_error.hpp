// A reader error as a value: what was refused (a kind, of a layer), where (a
// section, a record, a field), and the numbers the message quotes. Callers
// branch on the kind; what() renders English for people only.
#pragma once

#include <cstdint>
#include <string>

#include "talebook/format.hpp"

namespace talebook::tbook {

enum class ReadErrorKind : std::uint8_t {
#define TALEBOOK_READ_ERROR(name, c_name, layer, text) name,
#include "talebook/read_errors.def"
#undef TALEBOOK_READ_ERROR
  count
};

// Which of the file's checks refused it (read_errors.def says which kind is
// of which), in the order the reader runs them.
enum class ReadLayer : std::uint8_t { none, io, header, table, sums, strings, records };

ReadLayer layer_of(ReadErrorKind kind);
const char* name_of(ReadErrorKind kind); // "section_checksum"
const char* name_of(ReadLayer layer);    // "sums"
// The section's name in messages ("paragraphs", "chart entries"); "" for count.
const char* section_name(layout::SectionId id);

struct ReadError {
  ReadErrorKind kind = ReadErrorKind::None;
  // The record section it is in; SectionId::count when it is not in one
  // (then `tag` names the 1.2 section it is in, if any: SDIC, SBLK, SDAT, SUMS).
  layout::SectionId section = layout::SectionId::count;
  std::uint32_t tag = 0;
  // The record (or string block, or section table entry) it is in, or none.
  std::uint32_t record = layout::none;
  // The record's field, when known (a name of the record's schema), else null.
  const char* field = nullptr;
  // What the message quotes: a version (value.limit), an offset, two sizes.
  std::uint64_t value = 0;
  std::uint64_t limit = 0;
  std::string path; // the file, when it was opened by name

  explicit operator bool() const { return kind != ReadErrorKind::None; }
  ReadLayer layer() const { return layer_of(kind); }
  // A damaged or foreign file (as opposed to one that cannot be read at all).
  bool bad_file() const { return layer() > ReadLayer::io || kind == ReadErrorKind::TooLarge; }
  // "bad book file: section 'awards' record 3: bad reference ('x.tbook')", or
  // "cannot open 'x.tbook'".
  std::string what() const;
};

} // namespace talebook::tbook
