// The Merchant Display against the map (rule 23.1): every city but the start
// space has products, every product of the display is some city's. The
// display's own errors (its grid, its counters, the products a city names)
// are the resolver's (compiler/resolve/resolve_display.cpp).
#include <vector>

#include "compiler/check/checks.hpp"

namespace talebook {

void check_display(CheckContext& c) {
  const MerchantDisplay& display = c.book.display;
  if (display.empty()) return; // without a display, no city trades: nothing to warn of
  std::vector<bool> sold(display.products.size(), false);
  for (const Space& s : c.book.map.spaces) {
    for (const ProductRef& p : s.products)
      if (p.product < sold.size()) sold[p.product] = true;
    if (!s.fallback && s.terrain == "city" && !s.start && s.products.empty())
      c.diagnostics.report(Code::city_without_products, s.header, {s.name});
  }
  if (display.fallback || c.book.map.spaces.empty()) return; // checked in its source
  for (std::size_t i = 0; i < display.products.size(); ++i)
    if (!sold[i])
      c.diagnostics.report(Code::unsold_product, display.products[i].range,
                           {display.products[i].name});
}

} // namespace talebook
