// The schema of a .tbook's records, made from talebook/records.def: for each
// record its fields (name, role, width, offset), as a table to walk
// (`record_schema()`, what `talec dump --records` and the tests read) and as
// one type a field (`fields::PARA::section_count`: its record, member, role,
// argument and limit), for the writer's and check's limits. Header-only; C++20.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <string_view>
#include <type_traits>

#include "talebook/format.hpp"

namespace talebook::tbook::layout {

// The roles of records.def (its comment says what each means).
// clang-format off
#define TALEBOOK_FIELD_ROLES(X)                                                                    \
  X(string) X(number) X(kind) X(vocab) X(flag) X(flags) X(count) X(first) X(index) X(letter)       \
  X(row) X(roll) X(order) X(ref) X(value) X(raw) X(reserved)
// clang-format on

enum class FieldRole : std::uint8_t {
#define TALEBOOK_X(role) role,
  TALEBOOK_FIELD_ROLES(TALEBOOK_X)
#undef TALEBOOK_X
};

inline const char* name_of(FieldRole role) {
  static constexpr const char* names[] = {
#define TALEBOOK_X(role) #role,
      TALEBOOK_FIELD_ROLES(TALEBOOK_X)
#undef TALEBOOK_X
  };
  return names[std::size_t(role)];
}

// One field: `arg` and `arg2` are records.def's arguments as written ("SECT",
// "section_count"; "_" when the role takes none); `arg` is a count's TB0066 key.
struct FieldInfo {
  const char* name;
  FieldRole role;
  const char* arg;
  const char* arg2;
  std::uint32_t offset;
  std::uint32_t size; // bytes
  bool is_signed;
  // The largest value the field holds (of its width).
  std::uint64_t max() const {
    return size >= 8 ? ~std::uint64_t(0)
                     : (std::uint64_t(1) << (8 * size - (is_signed ? 1 : 0))) - 1;
  }
};

// A run of a constant table, walked with a range for.
template <class T> struct TableRun {
  const T* first = nullptr;
  std::size_t count = 0;
  constexpr const T* begin() const { return first; }
  constexpr const T* end() const { return first + count; }
  constexpr std::size_t size() const { return count; }
  constexpr const T& operator[](std::size_t i) const { return first[i]; }
};

struct RecordInfo {
  const char* tag;  // "PARA"
  const char* type; // "ParagraphRecord"
  std::uint32_t size;
  TableRun<FieldInfo> fields;
};

namespace schema_detail {
template <class T> constexpr std::uint32_t width() {
  return std::uint32_t(sizeof(T));
}
template <class T> constexpr std::uint64_t max_of() {
  if constexpr (std::is_integral_v<T>)
    return std::uint64_t(std::numeric_limits<T>::max());
  else
    return 0; // a run of reserved bytes
}
template <class T> constexpr bool is_signed() {
  if constexpr (std::is_integral_v<T>)
    return std::is_signed_v<T>;
  else
    return false;
}
} // namespace schema_detail

// fields::TAG::name: a field as a type.
namespace fields {
#define TALEBOOK_FIELD_TYPE(name_, type_, role_, a, b, init)                                       \
  struct name_ {                                                                                   \
    using record_type = record;                                                                    \
    using value_type = field_type::type_;                                                          \
    static constexpr const char* field_name = #name_;                                              \
    static constexpr FieldRole field_role = FieldRole::role_;                                      \
    static constexpr const char* field_arg = #a;                                                   \
    static constexpr value_type record_type::*member = &record_type::name_;                        \
    static constexpr std::uint64_t max() { return schema_detail::max_of<value_type>(); }           \
  };
#define TALEBOOK_RECORD_FIELDS(tag, Type)                                                          \
  namespace tag {                                                                                  \
  using record = Type;                                                                             \
  TALEBOOK_FIELDS_##tag(TALEBOOK_FIELD_TYPE)                                                       \
  }
TALEBOOK_ALL_RECORDS(TALEBOOK_RECORD_FIELDS)
#undef TALEBOOK_RECORD_FIELDS
#undef TALEBOOK_FIELD_TYPE
} // namespace fields

namespace schema_detail {
#define TALEBOOK_FIELD_INFO(name_, type_, role_, a, b, init)                                       \
  FieldInfo{#name_,                                                                                \
            FieldRole::role_,                                                                      \
            #a,                                                                                    \
            #b,                                                                                    \
            std::uint32_t(offsetof(record, name_)),                                                \
            width<field_type::type_>(),                                                            \
            is_signed<field_type::type_>()},
#define TALEBOOK_RECORD_INFO(tag, Type)                                                            \
  struct tag {                                                                                     \
    using record = Type;                                                                           \
    static constexpr FieldInfo list[] = {TALEBOOK_FIELDS_##tag(TALEBOOK_FIELD_INFO)};              \
  };
TALEBOOK_ALL_RECORDS(TALEBOOK_RECORD_INFO)
#undef TALEBOOK_RECORD_INFO
#undef TALEBOOK_FIELD_INFO

#define TALEBOOK_RECORD_ENTRY(tag, Type)                                                           \
  RecordInfo{#tag,                                                                                 \
             #Type,                                                                                \
             std::uint32_t(sizeof(Type)),                                                          \
             {tag::list, sizeof(tag::list) / sizeof(FieldInfo)}},
inline constexpr RecordInfo records[] = {TALEBOOK_ALL_RECORDS(TALEBOOK_RECORD_ENTRY)};
#undef TALEBOOK_RECORD_ENTRY
} // namespace schema_detail

// Every record of records.def, in its order.
constexpr TableRun<RecordInfo> record_schema() {
  return {schema_detail::records, sizeof(schema_detail::records) / sizeof(RecordInfo)};
}

// The record of a tag ("PARA"), or null.
inline const RecordInfo* record_info(std::string_view tag) {
  for (const RecordInfo& r : record_schema())
    if (tag == r.tag) return &r;
  return nullptr;
}

// A field's value in a record's bytes (at least info.offset + info.size of
// them), widened; a signed field sign-extended. pad3 and other byte runs: 0.
inline std::int64_t field_value(const unsigned char* record, const FieldInfo& info) {
  std::uint64_t v = 0;
  if (info.size > 8 || (info.size & (info.size - 1)) != 0) return 0;
  for (std::uint32_t k = info.size; k-- > 0;)
    v = v << 8 | record[info.offset + k];
  if (info.is_signed && info.size < 8 && (v >> (8 * info.size - 1)) != 0)
    v |= ~std::uint64_t(0) << (8 * info.size);
  return std::int64_t(v);
}

namespace schema_detail {
constexpr bool same(const char* a, const char* b) {
  return std::string_view(a) == std::string_view(b);
}
// A record declared twice (by tag or by type), a field's bytes left to
// implicit padding, a run whose count is not a count field of its record:
// each is a compile error, here.
constexpr bool sound() {
  const auto all = record_schema();
  for (std::size_t i = 0; i < all.size(); ++i) {
    for (std::size_t j = 0; j < i; ++j)
      if (same(all[i].tag, all[j].tag) || same(all[i].type, all[j].type)) return false;
    std::uint32_t at = 0;
    for (const FieldInfo& f : all[i].fields) {
      if (f.offset != at) return false;
      at += f.size;
      if (f.role != FieldRole::first) continue;
      bool counted = false;
      for (const FieldInfo& n : all[i].fields)
        counted = counted || (same(n.name, f.arg2) && n.role == FieldRole::count);
      if (!counted) return false;
    }
    if (at != all[i].size || at % 4 != 0) return false;
  }
  return true;
}
static_assert(sound(), "talebook/records.def: a record declared twice, padding, or a bad run");
} // namespace schema_detail

} // namespace talebook::tbook::layout
