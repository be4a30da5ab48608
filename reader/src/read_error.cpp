// ReadError: the kinds' names and layers, and the English rendering.
#include <iterator>

#include "talebook/read_error.hpp"

namespace talebook::tbook {
namespace {

using layout::SectionId;

constexpr ReadLayer layers[] = {
#define TALEBOOK_READ_ERROR(name, c_name, layer, text) ReadLayer::layer,
#include "talebook/read_errors.def"
#undef TALEBOOK_READ_ERROR
};
const char* const kind_names[] = {
#define TALEBOOK_READ_ERROR(name, c_name, layer, text) text,
#include "talebook/read_errors.def"
#undef TALEBOOK_READ_ERROR
};
const char* const section_names[] = {
#define TALEBOOK_X(t, type, size_1_0, name) name,
    TALEBOOK_TBOOK_SECTIONS(TALEBOOK_X)
#undef TALEBOOK_X
};

std::string section_name(const ReadError& e) {
  if (e.section < SectionId::count)
    return std::string("'") + section_names[std::size_t(e.section)] + "'";
  if (e.tag == layout::tag_dictionary) return "'string dictionary'";
  if (e.tag == layout::tag_blocks) return "'string blocks'";
  if (e.tag == layout::tag_block_data) return "'string data'";
  if (e.tag == layout::tag_sums) return "'sums'";
  return "number " + std::to_string(e.record);
}

std::string num(std::uint64_t n) {
  return std::to_string(n);
}

// The message without "bad book file: " and the path.
std::string message(const ReadError& e) {
  using K = ReadErrorKind;
  const std::string rec = e.record == layout::none ? "" : num(e.record);
  auto in_record = [&](const char* what) {
    return "section " + section_name(e) + " record " + rec + ": " + what;
  };
  switch (e.kind) {
  case K::None:
    return "no error";
  case K::CannotOpen:
    return "cannot open '" + e.path + "'";
  case K::NotRegularFile:
    return "cannot open '" + e.path + "': not a regular file";
  case K::FileChanged:
    return (e.path.empty() ? std::string("the file") : "'" + e.path + "'") +
           " was truncated while it was read in place";
  case K::CannotRead:
    return "cannot read '" + e.path + "'";
  case K::TooLarge:
    return "'" + e.path + "' is larger than " + num(e.limit) + " bytes";
  case K::BadMagic:
    return "not a .tbook file (bad magic)";
  case K::LineEndingProbe:
    return "damaged line-ending probe (was it copied in text mode?)";
  case K::TruncatedHeader:
    return "truncated header";
  case K::UnsupportedVersion:
    return "format version " + num(e.value) + "." + num(e.limit) +
           " is not supported (this reader reads " + num(layout::version_major) + ".x)";
  case K::ByteOrderProbe:
    return "byte-order probes do not match (written for another byte order?)";
  case K::BadHeaderSize:
    return "bad header size " + num(e.value);
  case K::UnterminatedLanguage:
    return "unterminated language tag";
  case K::Truncated:
    return "truncated (" + num(e.value) + " of " + num(e.limit) + " bytes)";
  case K::TooLong:
    return "longer than its header says (" + num(e.value) + " bytes, header: " + num(e.limit) + ")";
  case K::HeaderFlags:
    return "unsupported header flags";
  case K::BadImageSize:
    return "bad image size";
  case K::DamagedPackedData:
    return "damaged packed data";
  case K::ChecksumMismatch:
    return "checksum mismatch (the content is damaged)";
  case K::TruncatedTable:
    return "truncated section table";
  case K::MisplacedSection:
    return "misplaced section " + section_name(e);
  case K::TruncatedSection:
    return "truncated section " + section_name(e);
  case K::BadSectionSize:
    return "bad size of section " + section_name(e);
  case K::DuplicateSection:
    return "duplicate section " + section_name(e);
  case K::UnsupportedEncoding:
    return "unsupported encoding of section " + section_name(e);
  case K::BadRecordSize:
    return "bad record size of section " + section_name(e);
  case K::MissingSection:
    return "missing section " + section_name(e);
  case K::BadStringSections:
    return "bad string sections";
  case K::TableChecksum:
    return "checksum mismatch in section 'section table'";
  case K::SectionChecksum:
    return "checksum mismatch in section " + section_name(e);
  case K::BlockChecksum:
    return "checksum mismatch in string block " + rec;
  case K::BadBlock:
    return in_record("bad block");
  case K::BadBlockSize:
    return "bad size of string block " + rec;
  case K::DamagedBlock:
    return "damaged string block " + rec;
  case K::TruncatedString:
    return "truncated string at " + num(e.value);
  case K::UnterminatedString:
    return "unterminated string at " + num(e.value);
  case K::InvalidUtf8:
    return "invalid UTF-8 in string at " + num(e.value);
  case K::BadStringReference:
    return "bad string reference " + num(e.value);
  case K::BookCount:
    return "section 'book' must hold one record";
  case K::LanguageMismatch:
    return "the language tags disagree";
  case K::BadString:
    return in_record("bad string");
  case K::BadKind:
    return in_record("bad kind");
  case K::BadFlag:
    return in_record("bad flag");
  case K::BadNumber:
    return in_record("bad number");
  case K::OutOfOrder: // 1.6: also the display's products and counter groups; 1.7 the verdicts
    return in_record(e.section == SectionId::PARA ? "paragraphs out of order"
                                                  : "records out of order");
  case K::ListOutOfRange:
    return in_record("list out of range");
  case K::BadReference:
    return in_record("bad reference");
  case K::BadSlot:
    return in_record("bad slot");
  case K::IndexIncomplete:
    return "section 'paragraph index' does not index every paragraph";
  case K::BadLetter:
    return in_record("bad letter");
  case K::OwnPacking:
    return "format 1." + num(e.value) +
           " packed with an encoding this reader no longer reads (since format 1.3 it reads "
           "zstd): rebuild the book with 'talec build'";
  case K::DamagedSection:
    return "damaged compressed section " + section_name(e);
  case K::NoZstd:
    return "the book is compressed, and this reader was built without zstd "
           "(TALEBOOK_READER_ZSTD=OFF, as the web build is): build the book with "
           "'talec build --unpacked'";
  case K::count:
    break;
  }
  return "unknown error";
}

} // namespace

ReadLayer layer_of(ReadErrorKind kind) {
  return kind < ReadErrorKind::count ? layers[std::size_t(kind)] : ReadLayer::none;
}

const char* name_of(ReadErrorKind kind) {
  return kind < ReadErrorKind::count ? kind_names[std::size_t(kind)] : "";
}

const char* name_of(ReadLayer layer) {
  static const char* const names[] = {"none", "io",      "header", "table",
                                      "sums", "strings", "records"};
  return std::size_t(layer) < std::size(names) ? names[std::size_t(layer)] : "";
}

const char* section_name(SectionId id) {
  return id < SectionId::count ? section_names[std::size_t(id)] : "";
}

std::string ReadError::what() const {
  if (!bad_file() || kind == ReadErrorKind::TooLarge)
    return (bad_file() ? "bad book file: " : "") + message(*this);
  std::string out = "bad book file: " + message(*this);
  if (!path.empty()) out += " ('" + path + "')";
  return out;
}

} // namespace talebook::tbook
