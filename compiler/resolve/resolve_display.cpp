// The Merchant Display (rule 23): its grid becomes the list of its products,
// each in its box; its counter lines' shapes the shapes of rule 23.2; each
// city's `Products:` the products of the display it names. What makes the
// display unplayable is an error here (a ragged grid, a product twice, the
// counters in the cup unknown); what only makes a city or a product idle is a
// warning of the checks (compiler/check/check_display.cpp).
#include <algorithm>
#include <map>
#include <string>

#include "compiler/resolve/resolver_context.hpp"

namespace talebook::resolve {

namespace {

// The grid of the first `@display` block: its size and its products.
void resolve_grid(Resolver& r, MerchantDisplay& display) {
  for (std::size_t i = 1; i < display.headers.size(); ++i)
    r.diagnostics.report(Code::display_twice, display.headers[i])
        .note(Code::first_defined, display.headers.front());
  std::map<std::string, std::size_t, std::less<>> seen; // a product's index
  for (const DisplayRow& row : display.rows) {
    if (!display.first_block(row.header)) continue;
    if (display.row_count == 0)
      display.column_count = static_cast<std::uint32_t>(row.boxes.size());
    else if (row.boxes.size() != display.column_count)
      r.diagnostics.report(Code::display_grid, row.range,
                           {arg::keyword("width"), row.boxes.size(), display.column_count});
    for (std::uint32_t column = 0; column < row.boxes.size(); ++column) {
      const DisplayBox& box = row.boxes[column];
      if (box.product.empty()) continue;
      auto [it, fresh] = seen.emplace(std::string(box.product), display.products.size());
      if (!fresh) {
        r.diagnostics.report(Code::duplicate_product, box.range, {box.product})
            .note(Code::first_defined, display.products[it->second].range);
        continue;
      }
      display.products.push_back({std::string(box.product), display.row_count, column, box.range});
    }
    ++display.row_count;
  }
  if (display.row_count == 0)
    r.diagnostics.report(Code::display_grid, display.headers.front(),
                         {arg::keyword("empty"), 0, 0});
}

// The words of a counter line's head, for TB0233.
const char* line_word(std::uint32_t wealth) {
  return wealth == 0 ? "Counters" : wealth == 1 ? "Wealth 1" : "Wealth 2";
}

// The counter lines of the first block: one `Counters:`, at most one
// `Wealth 1:` and one `Wealth 2:`, each shape a shape of rule 23.2, once a
// line, with 1 counter or more; no more counters with wealth than the cup holds.
void resolve_counters(Resolver& r, MerchantDisplay& display) {
  std::vector<std::string> shapes;
  for (const char* id : tbook::Kind<CounterShape>::ids)
    shapes.push_back(id);
  const CounterLine* lines[3] = {};
  for (CounterLine& line : display.counters) {
    if (!display.first_block(line.header)) continue;
    if (line.marked && line.wealth == 0) { // `Wealth 0:`
      r.diagnostics.report(Code::wealth_counters, line.range, {"", arg::keyword("zero"), 0, 0});
      line.header = {}; // left out of the groups
      continue;
    }
    if (lines[line.wealth]) {
      r.diagnostics.report(Code::counters_line, line.range, {arg::keyword(line_word(line.wealth))})
          .note(Code::first_defined, lines[line.wealth]->range);
      line.header = {}; // left out of the groups
      continue;
    }
    lines[line.wealth] = &line;
    std::map<std::string, SourceRange> given;
    for (CounterCount& c : line.counts) {
      if (std::find(shapes.begin(), shapes.end(), c.shape) == shapes.end()) {
        r.unknown(Code::unknown_shape, c.shape_range, c.shape, shapes);
        continue;
      }
      auto [it, fresh] = given.emplace(c.shape, c.range);
      if (!fresh) {
        r.diagnostics.report(Code::shape_twice, c.range, {c.shape})
            .note(Code::first_defined, it->second);
        continue;
      }
      c.known = true;
      if (c.count == 0) r.diagnostics.report(Code::no_counters, c.range, {c.shape});
    }
  }
  if (!lines[0]) {
    r.diagnostics.report(Code::counters_line, display.headers.front(), {arg::keyword("none")});
    return;
  }
  // Rule 23.5: the counters with wealth on their back are counters of the cup.
  for (const std::string& shape : shapes) {
    auto counted = [&](const CounterLine* line, const CounterCount** at) {
      std::uint32_t n = 0;
      if (line)
        for (const CounterCount& c : line->counts)
          if (c.known && c.shape == shape) n += c.count, *at = &c;
      return n;
    };
    const CounterCount* where = nullptr;
    const std::uint32_t cup = counted(lines[0], &where);
    where = nullptr;
    const std::uint32_t marked = counted(lines[1], &where) + counted(lines[2], &where);
    if (marked > cup)
      r.diagnostics.report(Code::wealth_counters, where->range,
                           {shape, arg::keyword("more"), marked, cup});
  }
}

// A city's products: names of the display's boxes, two or three (rule 23.1),
// never on a space that is no city or on the start space (Baghdad).
void resolve_space_products(Resolver& r, Space& space,
                            const std::map<std::string, std::uint32_t, std::less<>>& index,
                            const std::vector<std::string>& names) {
  std::map<std::uint32_t, const ProductRef*> listed;
  for (ProductRef& p : space.products) {
    auto it = index.find(p.name);
    if (it == index.end()) {
      r.unknown(Code::unknown_product, p.range, p.name, names);
      continue;
    }
    p.product = it->second;
    if (!listed.emplace(p.product, &p).second)
      r.diagnostics
          .report(Code::space_products, p.range, {space.name, arg::keyword("repeated"), 0, p.name})
          .note(Code::first_defined, listed[p.product]->range);
  }
  const SourceRange line = space.products_line.valid() ? space.products_line : space.header;
  if (space.terrain != "city")
    r.diagnostics.report(Code::space_products, line, {space.name, arg::keyword("not_city"), 0, ""});
  else if (space.start)
    r.diagnostics.report(Code::space_products, line, {space.name, arg::keyword("start"), 0, ""});
  else if (space.products.size() < 2 || space.products.size() > 3)
    r.diagnostics.report(Code::space_products, line,
                         {space.name, arg::keyword("count"), space.products.size(), ""});
}

} // namespace

void resolve_display(Resolver& r) {
  MerchantDisplay& display = r.book.display;
  if (!display.empty() && !display.fallback) { // a translation's: resolved in its source book
    resolve_grid(r, display);
    resolve_counters(r, display);
  }
  std::map<std::string, std::uint32_t, std::less<>> index;
  std::vector<std::string> names;
  for (std::uint32_t i = 0; i < display.products.size(); ++i) {
    index.emplace(display.products[i].name, i);
    names.push_back(display.products[i].name);
  }
  bool reported = false; // TB0238 once
  for (Space& space : r.book.map.spaces) {
    if (space.fallback || space.products.empty()) continue;
    if (display.empty()) {
      if (!reported) r.diagnostics.report(Code::display_missing, space.products_line, {space.name});
      reported = true;
      continue;
    }
    resolve_space_products(r, space, index, names);
  }
}

} // namespace talebook::resolve
