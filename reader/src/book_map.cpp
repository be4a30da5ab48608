// The map of a book (format 1.6, rule 9): its spaces, the moves out of each
// and the movement rates by wealth. A 1.5 file, or a book without a map, has
// no spaces.
#include <stdexcept>
#include <string>

#include "book_data.hpp"

namespace talebook::tbook {

using namespace layout;

namespace {

void check_space_index(std::uint32_t index, std::uint32_t count, const char* what) {
  if (index >= count)
    throw std::out_of_range(std::string("talebook: no ") + what + " " + std::to_string(index));
}

} // namespace

std::uint32_t Book::space_count() const {
  return data_->count(SectionId::SPAC);
}

Space Book::space(std::uint32_t index) const {
  check_space_index(index, space_count(), "space");
  const SpaceRecord r = data_->record<SpaceRecord>(SectionId::SPAC, index);
  const VocabEntry terrain = vocabulary(r.terrain);
  Space s;
  s.index = index;
  s.name = data_->string(r.name);
  s.terrain_id = terrain.id;
  s.terrain_name = terrain.name;
  s.black = r.black;
  s.start = r.start != 0;
  s.wild = r.wild != 0;
  if (r.place != none) s.place = r.place;
  s.routes = {r.first_route, r.route_count};
  s.fallback = (r.flags & record_fallback) != 0;
  if (index < data_->count(SectionId::MRKT)) { // 1.6: a book with a Merchant Display
    const MarketRecord m = data_->record<MarketRecord>(SectionId::MRKT, index);
    s.products = {m.first_product, m.product_count};
  }
  return s;
}

std::optional<std::uint32_t> Book::start_space() const {
  for (std::uint32_t i = 0; i < space_count(); ++i)
    if (data_->record<SpaceRecord>(SectionId::SPAC, i).start) return i;
  return std::nullopt;
}

std::optional<std::uint32_t> Book::find_space(std::string_view name) const {
  for (std::uint32_t i = 0; i < space_count(); ++i)
    if (data_->string(data_->record<SpaceRecord>(SectionId::SPAC, i).name) == name) return i;
  return std::nullopt;
}

std::uint32_t Book::route_count() const {
  return data_->count(SectionId::ROUT);
}

Route Book::route(std::uint32_t index) const {
  check_space_index(index, route_count(), "route");
  const RouteRecord r = data_->record<RouteRecord>(SectionId::ROUT, index);
  return {r.space, RouteKind(r.kind)};
}

std::optional<MovementRate> Book::movement_rate(std::string_view wealth_id) const {
  for (std::uint32_t i = 0; i < data_->count(SectionId::MOVE); ++i) {
    const MovementRecord r = data_->record<MovementRecord>(SectionId::MOVE, i);
    if (vocabulary(r.wealth).id == wealth_id) return MovementRate{r.land, r.sea};
  }
  return std::nullopt;
}

} // namespace talebook::tbook
