#include "compiler/model/model.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <stdexcept>

namespace talebook {

namespace {

template <class T> void move_to_end(std::vector<T>& to, std::vector<T>& from) {
  if (to.empty() && to.capacity() < from.size()) {
    to = std::move(from); // the first part, nothing reserved: no element moves
  } else {
    to.insert(to.end(), std::make_move_iterator(from.begin()), std::make_move_iterator(from.end()));
  }
  from = std::vector<T>(); // its memory too
}

} // namespace

void Book::append(Book&& part) {
  move_to_end(paragraphs, part.paragraphs);
  move_to_end(matrices, part.matrices);
  move_to_end(cards, part.cards);
  move_to_end(map.spaces, part.map.spaces);
  move_to_end(map.rates, part.map.rates);
  move_to_end(map.headers, part.map.headers);
  move_to_end(display.headers, part.display.headers);
  move_to_end(display.rows, part.display.rows);
  move_to_end(display.counters, part.display.counters);
  move_to_end(rejected_awards, part.rejected_awards);
  adopt_stores(std::move(part)); // the part's views point into its stores
  // The resolver makes the modifiers, once the parts are merged: a part has none.
  if (!part.modifier_words.empty()) throw std::logic_error("Book::append: a resolved part");
}

void Book::replace_paragraphs(std::size_t first, std::size_t count, Book&& part) {
  auto at = paragraphs.begin() + static_cast<std::ptrdiff_t>(first);
  std::size_t common = std::min(count, part.paragraphs.size());
  std::move(part.paragraphs.begin(), part.paragraphs.begin() + static_cast<std::ptrdiff_t>(common),
            at);
  at += static_cast<std::ptrdiff_t>(common);
  if (count > common)
    paragraphs.erase(at, at + static_cast<std::ptrdiff_t>(count - common));
  else
    paragraphs.insert(
        at, std::make_move_iterator(part.paragraphs.begin() + static_cast<std::ptrdiff_t>(common)),
        std::make_move_iterator(part.paragraphs.end()));
  part.paragraphs = std::vector<Paragraph>();
  adopt_stores(std::move(part));
}

void Book::adopt_stores(Book&& part) {
  texts.adopt(std::move(part.texts));
  section_store.adopt(std::move(part.section_store));
  ref_store.adopt(std::move(part.ref_store));
  matrix_ref_store.adopt(std::move(part.matrix_ref_store));
  condition_store.adopt(std::move(part.condition_store));
  award_store.adopt(std::move(part.award_store));
}

Section Book::own(const Section& s, const Book& from) {
  Section copy = s;
  copy.conditions = condition_store.keep(s.conditions.data(), s.conditions.size());
  for (Condition& c : copy.conditions)
    if (c.has_words()) set_words(c, from.words(c));
  if (std::optional<AwardCode> award = s.award()) copy.set_award(own(*award));
  return copy;
}

Paragraph Book::own(const Paragraph& p, const Book& from) {
  Paragraph copy = p;
  copy.refs = ref_store.keep(p.refs.data(), p.refs.size());
  copy.matrix_refs = matrix_ref_store.keep(p.matrix_refs.data(), p.matrix_refs.size());
  copy.sections = section_store.keep(p.sections.data(), p.sections.size());
  for (Section& s : copy.sections)
    s = own(s, from);
  return copy;
}

void Section::set_range(SourceRange r) {
  if ((valid_ & 2) && r.valid() && r.begin != range_.begin)
    throw std::logic_error("a section begins at its heading");
  set(range_, 1, r);
}

void Section::set_heading(SourceRange r) {
  if (!r.valid()) {
    valid_ = valid_ & ~2u;
    return;
  }
  if ((valid_ & 1) && r.begin != range_.begin)
    throw std::logic_error("a section begins at its heading");
  Span span{r.begin, r.end};
  set(span, 2, r);
  range_.begin = r.begin;
  heading_end_ = r.end;
}

void Paragraph::set_name_range(SourceRange r) {
  parts_ = static_cast<std::uint8_t>(parts_ & ~5);
  if (!r.valid()) return;
  parts_ = static_cast<std::uint8_t>(parts_ | 1);
  std::uint32_t offset = r.begin - range.begin, size = r.end - r.begin;
  if (r.begin < range.begin || offset > 0xFFFF || size > 0xFFFF) {
    parts_ = static_cast<std::uint8_t>(parts_ | 4);
    return;
  }
  name_offset_ = static_cast<std::uint16_t>(offset);
  name_size_ = static_cast<std::uint16_t>(size);
}

void Section::set(Span& s, unsigned bit, SourceRange r) {
  s = {r.begin, r.end};
  if (!r.valid()) {
    valid_ = valid_ & ~bit;
    return;
  }
  if ((valid_ & ~bit) == 0) { // the first valid range, or the only one replaced
    if (r.file > 0xFFFFFF) throw std::length_error("more than 16,777,215 source files");
    file_ = r.file;
  } else if (r.file != file_) {
    throw std::logic_error("a section's ranges lie in one file");
  }
  valid_ = valid_ | bit;
}

bool Section::mandatory() const {
  for (const Condition& c : conditions)
    if (c.mandatory) return true;
  return false;
}

std::string_view TextStore::keep(std::string_view text) {
  if (text.empty()) return {};
  char* at = chars_.allocate(text.size());
  std::memcpy(at, text.data(), text.size());
  return {at, text.size()};
}

std::string_view TextStore::join(std::string_view before, char separator, std::string_view piece) {
  if (before.empty()) return keep(piece);
  if (piece.empty()) return before;
  if (char* at = chars_.extend(before.data() + before.size(), piece.size() + 1)) {
    at[0] = separator;
    std::memcpy(at + 1, piece.data(), piece.size());
    return {before.data(), before.size() + 1 + piece.size()};
  }
  std::size_t size = before.size() + 1 + piece.size();
  char* at = chars_.allocate_run(size);
  std::memcpy(at, before.data(), before.size());
  at[before.size()] = separator;
  std::memcpy(at + before.size() + 1, piece.data(), piece.size());
  return {at, size};
}

} // namespace talebook
