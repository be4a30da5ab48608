// The records as stored, for tools that show a file (talec dump --records):
// each record section read as this reader's struct of its record
// (talebook/records.def), the u32 sections as 4 bytes a value.
#include <stdexcept>

#include "book_data.hpp"

namespace talebook::tbook {

using namespace layout;

std::uint32_t Book::record_count(SectionId id) const {
  if (id == SectionId::STRS || id >= SectionId::count) return 0;
  return data_->count(id);
}

std::string Book::record_bytes(SectionId id, std::uint32_t index) const {
  if (index >= record_count(id))
    throw std::out_of_range("talebook: no record " + std::to_string(index) + " in section '" +
                            section_name(id) + "'");
  switch (id) {
#define TALEBOOK_RECORD_CASE(tag, Type)                                                            \
  case SectionId::tag: {                                                                           \
    const Type r = data_->record<Type>(id, index);                                                 \
    return std::string(reinterpret_cast<const char*>(&r), sizeof r);                               \
  }
    TALEBOOK_RECORDS(TALEBOOK_RECORD_CASE)
#undef TALEBOOK_RECORD_CASE
  default: {
    const std::uint32_t v = data_->record<std::uint32_t>(id, index);
    return std::string(reinterpret_cast<const char*>(&v), sizeof v);
  }
  }
}

std::string_view Book::string_at(std::uint32_t offset) const {
  const Data& d = *data_;
  auto none_there = [&] {
    return std::out_of_range("talebook: no string at pool offset " + std::to_string(offset));
  };
  if (offset % 4 != 0 || std::uint64_t(offset) + 8 > d.pool_size) throw none_there();
  if (d.lazy && d.blocked) return d.string(offset); // the block checks where strings start
  std::uint32_t size;
  std::memcpy(&size, d.section(SectionId::STRS).data + offset, 4);
  if (std::uint64_t(offset) + 4 + size + 1 > d.pool_size) throw none_there();
  return d.string(offset);
}

} // namespace talebook::tbook
