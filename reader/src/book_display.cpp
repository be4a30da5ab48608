// The Merchant Display of a book (format 1.6, rule 23): its grid, its
// products and the trade route counters in the cup. A book without one (its
// five sections left out) has 0 rows, no products and no counters.
#include <stdexcept>
#include <string>

#include "book_data.hpp"

namespace talebook::tbook {

using namespace layout;

namespace {

void check_index(std::uint32_t index, std::uint32_t count, const char* what) {
  if (index >= count)
    throw std::out_of_range(std::string("talebook: no ") + what + " " + std::to_string(index));
}

} // namespace

std::uint32_t Book::display_rows() const {
  if (data_->count(SectionId::DISP) == 0) return 0;
  return data_->record<DisplayRecord>(SectionId::DISP, 0).rows;
}

std::uint32_t Book::display_columns() const {
  if (data_->count(SectionId::DISP) == 0) return 0;
  return data_->record<DisplayRecord>(SectionId::DISP, 0).columns;
}

std::uint32_t Book::product_count() const {
  return data_->count(SectionId::PROD);
}

Product Book::product(std::uint32_t index) const {
  check_index(index, product_count(), "product");
  const ProductRecord r = data_->record<ProductRecord>(SectionId::PROD, index);
  Product p;
  p.index = index;
  p.name = data_->string(r.name);
  p.row = r.row;
  p.column = r.column;
  p.fallback = (r.flags & record_fallback) != 0;
  return p;
}

std::optional<std::uint32_t> Book::find_product(std::string_view name) const {
  for (std::uint32_t i = 0; i < product_count(); ++i)
    if (data_->string(data_->record<ProductRecord>(SectionId::PROD, i).name) == name) return i;
  return std::nullopt;
}

std::uint32_t Book::space_product(std::uint32_t index) const {
  check_index(index, data_->count(SectionId::MKTP), "product of a space");
  return data_->record<MarketProductRecord>(SectionId::MKTP, index).product;
}

std::uint32_t Book::counter_group_count() const {
  return data_->count(SectionId::CNTR);
}

CounterGroup Book::counter_group(std::uint32_t index) const {
  check_index(index, counter_group_count(), "counter group");
  const CounterRecord r = data_->record<CounterRecord>(SectionId::CNTR, index);
  return {CounterShape(r.shape), r.count, r.wealth};
}

} // namespace talebook::tbook
