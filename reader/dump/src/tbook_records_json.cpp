// talec dump --records: every record of a .tbook as stored, each field named
// by the schema (talebook/records.def), read through the reader only.
#include <cstring>
#include <iterator>
#include <stdexcept>

#include "talebook/dump/dump.hpp"
#include "talebook/records.hpp"

namespace talebook {

using json = nlohmann::ordered_json;
namespace layout = tbook::layout;

namespace {

json record_json(const tbook::Book& book, const layout::RecordInfo& info,
                 const std::string& bytes) {
  json out = json::object();
  json strings = json::object();
  const auto* data = reinterpret_cast<const unsigned char*>(bytes.data());
  for (const layout::FieldInfo& f : info.fields) {
    if (f.role == layout::FieldRole::reserved) continue;
    const std::int64_t v = layout::field_value(data, f);
    out[f.name] = v;
    if (f.role == layout::FieldRole::string) strings[f.name] = book.string_at(std::uint32_t(v));
  }
  if (!strings.empty()) out["strings"] = std::move(strings);
  return out;
}

} // namespace

json tbook_records_json(const tbook::Book& book, const std::string& only) {
  json out = json::object();
  bool found = only.empty();
  for (std::size_t k = 0; k < std::size(layout::section_tag_names); ++k) {
    const auto id = layout::SectionId(k);
    const std::string tag = layout::section_tag_names[k];
    if (id == layout::SectionId::STRS || (!only.empty() && tag != only)) continue;
    found = true;
    const layout::RecordInfo* info = layout::record_info(tag);
    json records = json::array();
    for (std::uint32_t i = 0; i < book.record_count(id); ++i) {
      const std::string bytes = book.record_bytes(id, i);
      if (info) {
        records.push_back(record_json(book, *info, bytes));
      } else {
        std::uint32_t v;
        std::memcpy(&v, bytes.data(), 4);
        records.push_back(v);
      }
    }
    out[tag] = {{"name", tbook::section_name(id)}, {"records", std::move(records)}};
  }
  if (!found) throw std::invalid_argument(only);
  return out;
}

} // namespace talebook
