// The Merchant Display (rule 23) through the .tbook (format 1.6): a book with
// one reads back through the reader and the C API as its model holds it (the
// grid, the products in their boxes, each space's products, the counter
// groups with the wealth on their back); a book without one writes none of
// its sections; the reader refuses a damaged display at open.
#include <cstring>
#include <tuple>

#include <catch2/catch.hpp>

#include "compiler/emit/emit.hpp"
#include "compiler/model/model_json.hpp"
#include "talebook/dump/dump.hpp"
#include "talebook/format.hpp"
#include "talebook/reader.hpp"
#include "talebook/talebook.h"
#include "tests/support.hpp"
#include "tests/tbook_rebuild.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

using namespace talebook;
namespace tb = talebook::tbook;
using tb::layout::tag;

namespace {

const std::string merchant_book =
    "@map\nBeggar: 3/1\nPoor: 3/2\nRespectable: 3/3\nRich: 2/4\nPrincely: 2/5\nFabulous: 1/6\n"
    "@space Baghdad (City, start)\nLand: Basra, Mosul\n"
    "@space Basra (City, 1)\nSea: Persian Gulf\nProducts: Pearls, Dates\n"
    "@space Mosul (City)\nProducts: Hides, Salt, Aloe\n"
    "@space Persian Gulf (Sea)\n"
    "@display\n"
    "Pearls | . | Dates | . | Silk\n"
    ".      | . | .     | . | .\n"
    "Salt   | . | Aloe  | . | Hides\n"
    "Counters: straight 10, diagonal 6, left 4, right 4\n"
    "Wealth 1: straight 2, left 1\n"
    "Wealth 2: diagonal 1\n";

std::string build(const std::string& text, bool pack = false) {
  Compilation c;
  test::compile(c, {{"merchant.tales", text}});
  INFO(Catch::StringMaker<std::vector<std::string>>::convert(test::codes(c)));
  REQUIRE(c.diagnostics.errors() == 0);
  std::string bytes, error = emit_tbook(c.book, c.vocabulary, bytes, EmitOptions{pack});
  INFO(error);
  REQUIRE(error.empty());
  return bytes;
}

std::unique_ptr<tb::Book> open(const std::string& bytes, std::string& error) {
  return tb::Book::open_memory(bytes.data(), bytes.size(), error);
}

bool has_section(const std::string& bytes, const char (&t)[5]) {
  for (const tbook_test::RawSection& s : tbook_test::split(bytes).sections)
    if (s.tag == tag(t)) return true;
  return false;
}

// The file with the u32 (or, `width` 2, u16, or 1, u8) at `at` of record `index`
// of section `t` set to `value`, resealed.
std::string with_field(const std::string& good, const char (&t)[5], std::uint32_t index,
                       std::size_t at, std::uint32_t value, std::size_t width = 4) {
  tbook_test::Sections s = tbook_test::split(good);
  bool found = false;
  for (tbook_test::RawSection& r : s.sections)
    if (r.tag == tag(t)) {
      REQUIRE(std::size_t(index + 1) * r.record_size <= r.data.size());
      std::memcpy(r.data.data() + index * r.record_size + at, &value, width);
      found = true;
    }
  REQUIRE(found);
  return tbook_test::join(s);
}

} // namespace

TEST_CASE("tbook: the Merchant Display reads back through the reader", "[tbook][display]") {
  for (bool pack : {false, true}) {
    INFO("packed " << pack);
    std::string error;
    const auto book = open(build(merchant_book, pack), error);
    INFO(error);
    REQUIRE(book);
    CHECK(book->display_rows() == 3);
    CHECK(book->display_columns() == 5);
    REQUIRE(book->product_count() == 6);
    const tb::Product aloe = book->product(4);
    CHECK((aloe.index == 4 && aloe.name == "Aloe" && aloe.row == 2 && aloe.column == 2));
    CHECK_FALSE(aloe.fallback);
    CHECK(book->product(2).name == "Silk");
    CHECK((book->product(2).row == 0 && book->product(2).column == 4));
    CHECK(book->find_product("Hides") == 5u);
    CHECK_FALSE(book->find_product("Spices"));
    CHECK_THROWS_AS(book->product(6), std::out_of_range);
    // A space's products, as its line lists them; none for the others.
    const tb::Space mosul = book->space(*book->find_space("Mosul"));
    REQUIRE(mosul.products.size() == 3);
    std::vector<std::string> names;
    for (std::uint32_t k : mosul.products)
      names.push_back(std::string(book->product(book->space_product(k)).name));
    CHECK(names == std::vector<std::string>{"Hides", "Salt", "Aloe"});
    CHECK(book->space(*book->start_space()).products.empty());
    CHECK(book->space(*book->find_space("Persian Gulf")).products.empty());
    // Counters: straight 10 with 2 marked `Wealth 1` is two groups, 8 and 2.
    std::vector<std::tuple<tb::CounterShape, std::uint32_t, std::uint32_t>> groups;
    for (std::uint32_t i = 0; i < book->counter_group_count(); ++i) {
      const tb::CounterGroup g = book->counter_group(i);
      groups.emplace_back(g.shape, g.count, g.wealth);
    }
    using S = tb::CounterShape;
    CHECK(groups == std::vector<std::tuple<tb::CounterShape, std::uint32_t, std::uint32_t>>{
                        {S::Straight, 8, 0},
                        {S::Straight, 2, 1},
                        {S::Diagonal, 5, 0},
                        {S::Diagonal, 1, 2},
                        {S::Left, 3, 0},
                        {S::Left, 1, 1},
                        {S::Right, 4, 0}});
    CHECK(std::string(tb::name_of(S::Diagonal)) == "diagonal");
  }
}

TEST_CASE("tbook: the C API gives the display, its products and the counter groups",
          "[tbook][display][c]") {
  const std::string bytes = build(merchant_book);
  talebook_book* c = talebook_open_memory(bytes.data(), bytes.size());
  REQUIRE(c);
  CHECK(talebook_display_rows(c) == 3);
  CHECK(talebook_display_columns(c) == 5);
  CHECK(talebook_product_count(c) == 6);
  talebook_product p{};
  REQUIRE(talebook_product_at(c, 3, &p));
  CHECK((std::string(p.name.data, p.name.size) == "Salt" && p.row == 2 && p.column == 0));
  CHECK(p.fallback == 0);
  CHECK_FALSE(talebook_product_at(c, 6, &p));
  CHECK(p.name.data == nullptr); // zeroed
  REQUIRE(talebook_find_product(c, "Dates", &p));
  CHECK((p.index == 1 && p.column == 2));
  CHECK_FALSE(talebook_find_product(c, "Spices", &p));
  talebook_space s{};
  REQUIRE(talebook_space_at(c, 2, &s)); // Mosul
  CHECK(std::string(s.name.data, s.name.size) == "Mosul");
  REQUIRE(s.product_count == 3);
  uint32_t product = 99;
  REQUIRE(talebook_space_product_at(c, s.first_product + 1, &product));
  CHECK(product == 3); // Salt
  CHECK_FALSE(talebook_space_product_at(c, 5, &product));
  REQUIRE(talebook_counter_group_count(c) == 7);
  talebook_counter_group g{};
  REQUIRE(talebook_counter_group_at(c, 3, &g));
  CHECK((g.shape == TALEBOOK_SHAPE_DIAGONAL && g.count == 1 && g.wealth == 2));
  CHECK(std::string(talebook_counter_shape_name(g.shape)) == "diagonal");
  CHECK(std::string(talebook_counter_shape_name(TALEBOOK_SHAPE_RIGHT + 1)).empty());
  CHECK_FALSE(talebook_counter_group_at(c, 7, &g));
  talebook_close(c);
}

TEST_CASE("tbook: a book without a display writes none of its sections", "[tbook][display]") {
  const std::string text = "@1\nNo Skill: x [S1]\n";
  for (const std::string& source : {text, text + "@map\nBeggar: 3/1\nPoor: 3/2\n"
                                                 "Respectable: 3/3\nRich: 2/4\nPrincely: 2/5\n"
                                                 "Fabulous: 1/6\n@space Baghdad (City, start)\n"}) {
    const std::string bytes = build(source);
    for (const char* t : {"DISP", "PROD", "CNTR", "MRKT", "MKTP"}) {
      INFO(t);
      char name[5] = {};
      std::memcpy(name, t, 4);
      CHECK_FALSE(has_section(bytes, name));
    }
    CHECK(has_section(bytes, "SPAC")); // the map's are always written
    std::string error;
    const auto book = open(bytes, error);
    REQUIRE(book);
    CHECK((book->display_rows() == 0 && book->display_columns() == 0));
    CHECK((book->product_count() == 0 && book->counter_group_count() == 0));
    for (std::uint32_t i = 0; i < book->space_count(); ++i)
      CHECK(book->space(i).products.empty());
  }
  CHECK(has_section(build(merchant_book), "MKTP"));
}

TEST_CASE("tbook: a damaged display is refused at open", "[tbook][display]") {
  const std::string good = build(merchant_book);
  std::string error;
  REQUIRE(open(good, error));
  using namespace tb::layout;
  struct Damage {
    const char* what;
    std::string bytes;
    std::string message;
  };
  const std::vector<Damage> damages = {
      {"a product outside the grid",
       with_field(good, "PROD", 1, offsetof(ProductRecord, row), 3, 2),
       "bad book file: section 'products' record 1: bad reference"},
      {"products out of display order",
       with_field(good, "PROD", 1, offsetof(ProductRecord, column), 0, 2),
       "bad book file: section 'products' record 1: records out of order"},
      {"a counter shape of no list",
       with_field(good, "CNTR", 0, offsetof(CounterRecord, shape), 4, 1),
       "bad book file: section 'trade counters' record 0: bad kind"},
      {"three wealth on a counter's back",
       with_field(good, "CNTR", 0, offsetof(CounterRecord, wealth), 3, 1),
       "bad book file: section 'trade counters' record 0: bad reference"},
      {"a counter group of none", with_field(good, "CNTR", 2, offsetof(CounterRecord, count), 0, 2),
       "bad book file: section 'trade counters' record 2: list out of range"},
      {"a market's run past its list",
       with_field(good, "MRKT", 2, offsetof(MarketRecord, first_product), 4),
       "bad book file: section 'markets' record 2: list out of range"},
      {"a market product of no product",
       with_field(good, "MKTP", 0, offsetof(MarketProductRecord, product), 6),
       "bad book file: section 'market products' record 0: list out of range"},
      {"a market product none", with_field(good, "MKTP", 0, 0, none),
       "bad book file: section 'market products' record 0: list out of range"},
  };
  for (const Damage& d : damages) {
    INFO(d.what);
    CHECK_FALSE(open(d.bytes, error));
    INFO(error);
    CHECK(error.find(d.message) == 0);
  }
  // A market for some spaces only, or two displays: the section's size.
  tbook_test::Sections s = tbook_test::split(good);
  for (tbook_test::RawSection& r : s.sections)
    if (r.tag == tag("MRKT")) r.data.resize(r.data.size() - r.record_size);
  CHECK_FALSE(open(tbook_test::join(s), error));
  CHECK(error.find("'markets'") != std::string::npos);
  s = tbook_test::split(good);
  for (tbook_test::RawSection& r : s.sections)
    if (r.tag == tag("DISP")) r.data += r.data;
  CHECK_FALSE(open(tbook_test::join(s), error));
  CHECK(error.find("'merchant display'") != std::string::npos);
}

TEST_CASE("tbook: a mapped book reads its display when asked", "[tbook][display]") {
  test::TempDir dir("display-mapped");
  const std::string path = (dir / "merchant.tbook").string();
  test::write_file(path, build(merchant_book, true));
  std::string error;
  const auto book = tb::Book::open_mapped(path, error);
  INFO(error);
  REQUIRE(book);
  CHECK(book->display_rows() == 3);
  CHECK(book->product(book->space_product(book->space(1).products.first)).name == "Pearls");
  CHECK(book->counter_group(6).shape == tb::CounterShape::Right);
  CHECK(book->verify(error));
}

TEST_CASE("dump: the display and each city's products, as the model holds them",
          "[tbook][display][dump]") {
  Compilation c;
  test::compile(c, {{"merchant.tales", merchant_book}});
  const nlohmann::json model = model_json(c.book, c.vocabulary);
  std::string error;
  const auto book = open(build(merchant_book), error);
  REQUIRE(book);
  const nlohmann::json dumped = tbook_json(*book);
  CHECK(dumped == model);
  const nlohmann::json& display = dumped.at("display");
  CHECK((display.at("rows") == 3 && display.at("columns") == 5));
  CHECK(display.at("products").at(2) ==
        nlohmann::json({{"name", "Silk"}, {"row", 0}, {"column", 4}}));
  CHECK(display.at("counters").at(1) ==
        nlohmann::json({{"shape", "straight"}, {"count", 2}, {"wealth", 1}}));
  CHECK(dumped.at("map").at("spaces").at(1).at("products") == nlohmann::json({"Pearls", "Dates"}));
  CHECK_FALSE(dumped.at("map").at("spaces").at(0).contains("products"));
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
