// Rule 23's trade routes, with `--variant merchant` in a book with a Merchant
// Display (`@display`, products on the cities' spaces): a merchant who had
// an encounter in a city draws trade route counters for wealth levels (and
// free with Bargaining) and places them on the display (23.1-23.3, 23.5), or
// cashes in the chains that lead to one of the city's products (23.4); any
// merchant may cash in any chain (23.6).
#include <algorithm>

#include "talebook/engine/session.hpp"

namespace talebook::engine {

namespace {

// The ways a counter of `shape` may lie in a box, turned any way (23.2).
std::vector<Orientation> ways_of(tbook::CounterShape shape) {
  std::vector<Orientation> out;
  const bool diagonal = shape == tbook::CounterShape::Diagonal;
  for (int i = 0; i < 4; ++i) {
    const Direction base = turned(diagonal ? Direction::NE : Direction::N, 2 * i);
    const Direction travel = opposite(base);
    switch (shape) {
    case tbook::CounterShape::Straight:
    case tbook::CounterShape::Diagonal:
      out.push_back({base, travel});
      break;
    case tbook::CounterShape::Left:
      out.push_back({base, turned(travel, -2)});
      break;
    case tbook::CounterShape::Right:
      out.push_back({base, turned(travel, 2)});
      break;
    }
  }
  return out;
}

const char* shape_name(tbook::CounterShape shape) {
  switch (shape) {
  case tbook::CounterShape::Straight:
    return "a straight";
  case tbook::CounterShape::Diagonal:
    return "a diagonal";
  case tbook::CounterShape::Left:
    return "a left-turning";
  case tbook::CounterShape::Right:
    return "a right-turning";
  }
  return "a";
}

// 0, 1 Talent, 2 Master: the character's level in either of two skills.
int level(const Character& c, std::string_view one, std::string_view other) {
  int best = 0;
  for (std::string_view id : {one, other})
    if (c.skill(id)) best = std::max(best, c.is_master(id) ? 2 : 1);
  return best;
}

std::string plural(std::size_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

} // namespace

bool Session::trades() const {
  return (merchants_ || rulebook_solitaire()) && book_.display_rows() > 0 &&
         book_.product_count() > 0;
}

bool Session::trader(const Player& player) const {
  return player.merchant || rulebook_solitaire(); // Solitaire uses rule 23 (29)
}

void Session::set_up_trade() {
  display_ = MerchantDisplay(static_cast<int>(book_.display_rows()),
                             static_cast<int>(book_.display_columns()));
  for (std::uint32_t i = 0; i < book_.product_count(); ++i) {
    const tbook::Product p = book_.product(i);
    display_.set_product({static_cast<int>(p.row), static_cast<int>(p.column)}, i);
  }
  cup_.clear();
  aside_.clear();
  for (std::uint32_t g = 0; g < book_.counter_group_count(); ++g)
    cup_.insert(cup_.end(), book_.counter_group(g).count, g);
  say(std::string(solitaire_.empty() ? "A merchant plays" : "Solitaire plays the Merchant rules") +
      ": the " + plural(cup_.size(), "trade route counter goes", "trade route counters go") +
      " into the cup (rule 23).");
}

std::vector<std::uint32_t> Session::city_products() const {
  std::vector<std::uint32_t> out;
  if (!space_.at) return out;
  const tbook::Space space = book_.space(*space_.at);
  for (std::uint32_t i : space.products)
    out.push_back(book_.space_product(i));
  return out;
}

bool Session::may_trade() const {
  return trades() && !traded_ && in_game_ && trader(players_[current_]) && !city_products().empty();
}

bool Session::may_draw_counters() const {
  if (!may_trade() || (cup_.empty() && aside_.empty())) return false;
  return character_.wealth > Beggar || level(character_, "bargaining", "bargaining_evaluation") > 0;
}

bool Session::may_cash_in() const {
  return may_trade() && !display_.routes(city_products()).empty();
}

void Session::show_display() {
  std::vector<std::string> names;
  for (std::uint32_t i = 0; i < book_.product_count(); ++i)
    names.push_back(std::string(book_.product(i).name));
  say("The Merchant Display:");
  for (const std::string& line : display_.draw(names))
    say("  " + line);
}

std::string Session::box_name(Box box) const {
  return "row " + std::to_string(box.row + 1) + ", column " + std::to_string(box.column + 1);
}

bool Session::draw_counters() {
  const int free = level(character_, "bargaining", "bargaining_evaluation");
  std::vector<std::string> options;
  std::vector<int> spends;
  for (int n = free > 0 ? 0 : 1; n <= character_.wealth - Beggar; ++n) {
    std::string o =
        n == 0 ? "Spend no wealth"
               : "Spend " + plural(static_cast<std::size_t>(n), "wealth level", "wealth levels") +
                     " (" + names_.wealth_level(character_.wealth) + " to " +
                     names_.wealth_level(character_.wealth - n) + ")";
    if (free > 0)
      o += ", and draw " + plural(static_cast<std::size_t>(free), "counter", "counters") +
           " free (Bargaining)";
    options.push_back(o);
    spends.push_back(n);
  }
  const int pick = console_.choose(
      "How many trade route counters do you draw: one for each wealth level you spend (rule 23.1)?",
      options);
  if (pick < 0) return false;
  traded_ = true;
  const int paid = spends[static_cast<std::size_t>(pick)];
  if (paid > 0) change_wealth(character_, -paid, WealthLimit::None, -1, *this);
  // The paid counters are drawn first, the free ones after (the rulebook's
  // example announces which is which).
  show_display();
  for (int i = 0; i < paid + free; ++i) {
    if (cup_.empty()) {
      if (aside_.empty()) {
        say("No trade route counter is left: they all lie on the display (rule 23.3).");
        break;
      }
      say("The cup is empty: the counters set aside go back into it (rule 23.3).");
      cup_.swap(aside_);
    }
    const std::size_t at = static_cast<std::size_t>(dice_.below(static_cast<int>(cup_.size())));
    const std::uint32_t group = cup_[at];
    cup_.erase(cup_.begin() + static_cast<std::ptrdiff_t>(at));
    if (!place_counter(group, i < paid)) return false;
  }
  return true;
}

bool Session::place_counter(std::uint32_t group, bool paid) {
  const tbook::CounterGroup g = book_.counter_group(group);
  std::string drawn = std::string(shape_name(g.shape)) + " counter";
  if (g.wealth > 0) drawn += " marked " + std::to_string(g.wealth) + " Wealth on its back";
  drawn += paid ? ", paid for" : ", a free Bargaining counter (it only starts a chain)";
  const std::vector<MerchantDisplay::Placement> places =
      display_.placements(ways_of(g.shape), paid, city_products());
  // Rule 23.5: Evaluation lets a wealth counter lie wealth side up in any product box.
  const int evaluation = level(character_, "evaluation", "bargaining_evaluation");
  const bool lay = g.wealth > 0 && evaluation >= static_cast<int>(g.wealth);
  std::vector<std::string> options;
  for (const MerchantDisplay::Placement& p : places)
    options.push_back("R" + box_name(p.box).substr(1) + ": its base toward " +
                      direction_name(p.way.base) + ", pointing " + direction_name(p.way.point) +
                      (p.starts ? " (from " + std::string(book_.product(*p.starts).name) + ")"
                                : " (a chain continued)"));
  if (lay)
    for (std::uint32_t i = 0; i < book_.product_count(); ++i)
      options.push_back("Wealth side up on " + std::string(book_.product(i).name) +
                        " (rule 23.5, Evaluation)");
  if (options.empty()) {
    say("You draw " + drawn + ": it has nowhere to go, and you set it aside (rule 23.3).");
    aside_.push_back(group);
    return true;
  }
  const int pick =
      console_.choose("You draw " + drawn + ". Where do you place it (rules 23.2, 23.3)?", options);
  if (pick < 0) return false;
  const std::size_t i = static_cast<std::size_t>(pick);
  if (i < places.size()) {
    display_.place(places[i], Arrow{places[i].way, static_cast<int>(g.wealth), group});
    say("You place it in " + box_name(places[i].box) + ".");
  } else {
    const std::uint32_t product = static_cast<std::uint32_t>(i - places.size());
    display_.lay_wealth(product, static_cast<int>(g.wealth), group);
    say("You lay it wealth side up on " + std::string(book_.product(product).name) + ".");
  }
  show_display();
  return true;
}

bool Session::cash_in_routes() {
  bool cashed = false;
  for (;;) {
    const std::vector<MerchantDisplay::Route> routes = display_.routes(city_products());
    if (routes.empty()) return true;
    std::vector<std::string> options;
    for (const MerchantDisplay::Route& r : routes) {
      std::string o;
      for (std::uint32_t p : r.products)
        o += (o.empty() ? "" : " > ") + std::string(book_.product(p).name);
      o += ": " + plural(static_cast<std::size_t>(r.value()), "wealth level", "wealth levels") +
           " (" + plural(r.arrows.size(), "arrow", "arrows");
      if (r.products.size() > 2)
        o += ", " + plural(r.products.size() - 2, "product box", "product boxes");
      if (r.wealth_counters > 0)
        o += ", +" + std::to_string(r.wealth_counters) + " for wealth counters";
      options.push_back(o + ")");
    }
    if (cashed) options.push_back("Cash in no more");
    show_display();
    const int pick = console_.choose("Which route do you cash in here (rule 23.4)?", options);
    if (pick < 0) return false;
    if (static_cast<std::size_t>(pick) == routes.size()) return true;
    const MerchantDisplay::Route& route = routes[static_cast<std::size_t>(pick)];
    const int value = route.value();
    const std::vector<std::uint32_t> removed = display_.cash_in(route);
    aside_.insert(aside_.end(), removed.begin(), removed.end());
    traded_ = cashed = true;
    say("You cash in " + options[static_cast<std::size_t>(pick)] +
        "; its counters are set aside (rule 23.4).");
    bool treasure = false;
    if (value >= 3) {
      const int take =
          console_.choose("Do you take the wealth or a treasure from the cup (rule 23.4)?",
                          {plural(static_cast<std::size_t>(value), "wealth level", "wealth levels"),
                           "A treasure from the cup, and no wealth"});
      if (take < 0) return false;
      treasure = take == 1;
    }
    if (treasure)
      gain_random_treasure(character_, *this);
    else
      change_wealth(character_, value, WealthLimit::None, -1, *this);
  }
}

} // namespace talebook::engine
