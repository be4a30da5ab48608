// The Merchant Display's geometry (rule 23): where a trade route counter may
// be placed (23.2, 23.3) and what a chain is worth when cashed in (23.4,
// 23.5), on small displays laid out as the rulebook's examples are.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include <talebook/engine/merchant_display.hpp>

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

using talebook::engine::Arrow;
using talebook::engine::Box;
using talebook::engine::Direction;
using talebook::engine::MerchantDisplay;
using talebook::engine::Orientation;

enum Product : std::uint32_t { Jade, Carpet, Perfume, Salt, Aloe, Hides, Textile };
const std::vector<std::string> names = {"Jade", "Carpet", "Perfume", "Salt",
                                        "Aloe", "Hides",  "Textile"};

// Base and point of a straight counter in its four ways.
std::vector<Orientation> straight() {
  return {{Direction::W, Direction::E},
          {Direction::E, Direction::W},
          {Direction::N, Direction::S},
          {Direction::S, Direction::N}};
}

void put(MerchantDisplay& d, Box box, Direction base, Direction point, int wealth = 0) {
  d.place({box, {base, point}, std::nullopt}, Arrow{{base, point}, wealth, 0});
}

bool offers(const std::vector<MerchantDisplay::Placement>& all, Box box, Direction base,
            Direction point) {
  return std::any_of(all.begin(), all.end(), [&](const MerchantDisplay::Placement& p) {
    return p.box == box && p.way.base == base && p.way.point == point;
  });
}

// Row 0: .     Hides  W>E  Perfume  W>E  Textile
// Row 1: Aloe  W>E    W>E  W>N      .    .
// Aloe's chain has three arrows into Perfume (the last turns north), Hides
// one; one arrow leads on from Perfume to Textile (the rulebook's 23.4 example).
MerchantDisplay example() {
  MerchantDisplay d(2, 6);
  d.set_product({0, 1}, Hides);
  d.set_product({0, 3}, Perfume);
  d.set_product({0, 5}, Textile);
  d.set_product({1, 0}, Aloe);
  put(d, {0, 2}, Direction::W, Direction::E);
  put(d, {0, 4}, Direction::W, Direction::E);
  put(d, {1, 1}, Direction::W, Direction::E);
  put(d, {1, 2}, Direction::W, Direction::E);
  put(d, {1, 3}, Direction::W, Direction::N);
  return d;
}

// "from > to: value" for each route, sorted.
std::vector<std::string> shown(const std::vector<MerchantDisplay::Route>& routes) {
  std::vector<std::string> out;
  for (const auto& r : routes) {
    std::string s;
    for (std::uint32_t p : r.products)
      s += (s.empty() ? "" : ">") + names[p];
    out.push_back(s + ": " + std::to_string(r.value()));
  }
  std::sort(out.begin(), out.end());
  return out;
}

TEST_CASE("rule 23.4: a route is worth its arrows and the product boxes between its ends",
          "[engine][merchant]") {
  MerchantDisplay d = example();
  CHECK(shown(d.routes({Perfume})) ==
        std::vector<std::string>{"Aloe>Perfume: 3", "Hides>Perfume: 1"});
  CHECK(shown(d.routes({Textile})) == std::vector<std::string>{"Aloe>Perfume>Textile: 5",
                                                               "Hides>Perfume>Textile: 3",
                                                               "Perfume>Textile: 1"});
  // Cashing in Aloe to Textile takes the arrow from Perfume with it: Hides
  // then reaches Perfume only, for one level.
  const auto routes = d.routes({Textile});
  const auto whole = std::find_if(routes.begin(), routes.end(),
                                  [](const auto& r) { return r.products.front() == Aloe; });
  REQUIRE(whole != routes.end());
  CHECK(d.cash_in(*whole).size() == 4);
  CHECK(d.arrow_at({0, 4}) == nullptr);
  CHECK(d.arrow_at({1, 1}) == nullptr);
  CHECK(d.arrow_at({0, 2}) != nullptr);
  CHECK(shown(d.routes({Textile})).empty());
  CHECK(shown(d.routes({Perfume})) == std::vector<std::string>{"Hides>Perfume: 1"});
}

TEST_CASE("rule 23.4: no route back to its own product, none between two products of the city",
          "[engine][merchant]") {
  // Salt  W>S
  // N<E   N>W   : three arrows round from Salt back into Salt.
  MerchantDisplay ring(2, 2);
  ring.set_product({0, 0}, Salt);
  put(ring, {0, 1}, Direction::W, Direction::S);
  put(ring, {1, 1}, Direction::N, Direction::W);
  put(ring, {1, 0}, Direction::E, Direction::N);
  CHECK(ring.routes({Salt}).empty());

  MerchantDisplay d = example();
  CHECK(shown(d.routes({Perfume, Hides})) == std::vector<std::string>{"Aloe>Perfume: 3"});
}

TEST_CASE("rule 23.5: wealth counters in a route's product boxes add their value",
          "[engine][merchant]") {
  MerchantDisplay d = example();
  d.lay_wealth(Perfume, 2, 7);
  d.lay_wealth(Jade, 1, 7); // on no route
  CHECK(shown(d.routes({Textile})) == std::vector<std::string>{"Aloe>Perfume>Textile: 7",
                                                               "Hides>Perfume>Textile: 5",
                                                               "Perfume>Textile: 3"});
  const auto routes = d.routes({Textile});
  const auto short_one = std::find_if(routes.begin(), routes.end(),
                                      [](const auto& r) { return r.products.size() == 2; });
  REQUIRE(short_one != routes.end());
  CHECK(d.cash_in(*short_one).size() == 2); // the arrow and the wealth counter
  CHECK(shown(d.routes({Perfume})) ==
        std::vector<std::string>{"Aloe>Perfume: 3", "Hides>Perfume: 1"});
}

TEST_CASE("rules 23.2, 23.3: where a counter may be placed", "[engine][merchant]") {
  // Jade  .  Carpet
  // .     .  .
  MerchantDisplay d(2, 3);
  d.set_product({0, 0}, Jade);
  d.set_product({0, 2}, Carpet);
  SECTION("away from a product of your city, into the display") {
    const auto all = d.placements(straight(), true, {Jade});
    CHECK(offers(all, {0, 1}, Direction::W, Direction::E));          // Jade to Carpet
    CHECK(offers(all, {1, 0}, Direction::N, Direction::S) == false); // points off the display
    CHECK(offers(all, {0, 1}, Direction::E, Direction::W) == false); // away from Carpet: not ours
    CHECK(std::all_of(all.begin(), all.end(), [](const auto& p) { return p.starts == Jade; }));
  }
  SECTION("a paid counter continues a chain from an arrow's point; a free one does not") {
    put(d, {1, 0}, Direction::N, Direction::E); // from Jade, turning east
    CHECK(offers(d.placements(straight(), true, {}), {1, 1}, Direction::W, Direction::E));
    CHECK(d.placements(straight(), false, {}).empty());
  }
  SECTION("a free counter starts only from a product no chain leaves") {
    MerchantDisplay tall(3, 3);
    tall.set_product({0, 0}, Jade);
    CHECK(offers(tall.placements(straight(), false, {Jade}), {1, 0}, Direction::N, Direction::S));
    put(tall, {0, 1}, Direction::W, Direction::E); // a chain leaves Jade
    CHECK_FALSE(
        offers(tall.placements(straight(), false, {Jade}), {1, 0}, Direction::N, Direction::S));
    CHECK(offers(tall.placements(straight(), true, {Jade}), {1, 0}, Direction::N, Direction::S));
  }
  SECTION("never pointing at a counter's side") {
    // From (1,1) pointing north would meet the side of the arrow in (0,1).
    MerchantDisplay tall(3, 3);
    tall.set_product({0, 0}, Jade);
    tall.set_product({2, 1}, Salt);
    put(tall, {0, 1}, Direction::W, Direction::E);
    CHECK_FALSE(
        offers(tall.placements(straight(), true, {Salt}), {1, 1}, Direction::S, Direction::N));
    CHECK(offers(tall.placements(straight(), true, {Salt}), {1, 0}, Direction::E, Direction::W) ==
          false); // its base faces an empty box
  }
  SECTION("a product box an arrow points into continues the chain in any direction") {
    MerchantDisplay wide(1, 5);
    wide.set_product({0, 0}, Jade);
    wide.set_product({0, 2}, Carpet);
    put(wide, {0, 1}, Direction::W, Direction::E); // Jade into Carpet
    // Carpet is no product of the city, yet a paid counter may leave it.
    CHECK(offers(wide.placements(straight(), true, {Jade}), {0, 3}, Direction::W, Direction::E));
    CHECK_FALSE(
        offers(wide.placements(straight(), false, {Jade}), {0, 3}, Direction::W, Direction::E));
  }
}

TEST_CASE("the display drawn as text", "[engine][merchant]") {
  MerchantDisplay d = example();
  d.lay_wealth(Perfume, 1, 0);
  CHECK(d.draw(names) == std::vector<std::string>{
                             ".    | Hides | W>E | Perfume +1 | W>E | Textile",
                             "Aloe | W>E   | W>E | W>N        | .   | .",
                         });
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
