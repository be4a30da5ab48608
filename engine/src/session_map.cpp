// The map (rule 9), in a book that has one: where each character stands, the
// move (9.1: land and sea rates by wealth, 16.1), places of power entered with
// an opportunity and left the next turn (9.2), and wealth given to a player in
// your space (16.4). A book without a map keeps "Say where you stand".
#include <algorithm>
#include <deque>
#include <tuple>

#include "talebook/engine/session.hpp"

namespace talebook::engine {

namespace {

std::string str(std::string_view s) {
  return std::string(s);
}

} // namespace

bool Session::has_map() const {
  return book_.space_count() > 0;
}

void Session::stand_on(std::uint32_t index) {
  const tbook::Space s = book_.space(index);
  space_.at = index;
  space_.wild = s.wild;
  space_.number = static_cast<int>(s.black);
  space_.baghdad = s.start; // rule 5: the start space is where a game is won
}

bool Session::move_by_award(const tbook::Award& award) {
  const std::string what = "  " + names_.word("move_to") + " " + str(award.name);
  if (!has_map()) {
    say(what + ": the book has no map; say where you stand now (rule 9.3).");
    return true;
  }
  std::vector<std::uint32_t> spaces;
  if (award.kind == tbook::AwardKind::MoveToSpace) {
    spaces.push_back(award.space);
  } else { // any space of the terrain but a place of power and where you are
    for (std::uint32_t i = 0; i < book_.space_count(); ++i) {
      const tbook::Space s = book_.space(i);
      if (s.terrain_id == award.id && !s.place && space_.at != i) spaces.push_back(i);
    }
  }
  if (spaces.empty()) {
    say(what + ": no such space on the map; you stay (rule 9.3).");
    return true;
  }
  std::size_t pick = 0;
  if (spaces.size() > 1) {
    std::vector<std::string> options;
    for (std::uint32_t i : spaces)
      options.push_back(map_space_name(i));
    const int k = console_.choose(what + ": to which space (rule 9.3)?", options);
    if (k < 0) return false;
    pick = static_cast<std::size_t>(k);
  }
  stand_on(spaces[pick]);
  say(what + ": you move to " + map_space_name(spaces[pick]) + " (rule 9.3: no second encounter).");
  return true;
}

bool Session::in_place() const {
  return space_.at && book_.space(*space_.at).place.has_value();
}

std::string Session::map_space_name(std::uint32_t index) const {
  const tbook::Space s = book_.space(index);
  std::string name = str(s.name) + " (" + str(s.terrain_name);
  if (s.black) name += ", black " + std::to_string(s.black);
  if (s.wild) name += ", Wild Area";
  if (s.place) name += ", place of power";
  return name + ")";
}

std::optional<tbook::MovementRate> Session::movement_rate() const {
  std::optional<tbook::MovementRate> rate = book_.movement_rate(wealth_id(character_.wealth));
  if (rate) rate->sea += static_cast<std::uint32_t>(character_.this_turn().extra_sea); // Seamanship
  return rate;
}

std::vector<Session::Destination> Session::destinations() const {
  std::vector<Destination> out;
  if (!space_.at) return out;
  const std::optional<tbook::MovementRate> rate = movement_rate();
  if (!rate) return out;
  const std::uint32_t most = std::max(rate->land, rate->sea); // 9.1: never past either limit
  // Breadth first over (space, land moves, sea moves): the fewest moves first.
  struct Step {
    std::uint32_t space, land, sea;
  };
  std::vector<std::vector<bool>> seen(book_.space_count());
  auto visited = [&](const Step& s) -> bool {
    std::vector<bool>& v = seen[s.space];
    const std::size_t key = std::size_t(s.land) * (rate->sea + 1) + s.sea;
    if (v.empty()) v.assign(std::size_t(rate->land + 1) * (rate->sea + 1), false);
    if (v[key]) return true;
    v[key] = true;
    return false;
  };
  std::deque<Step> todo{{*space_.at, 0, 0}};
  visited(todo.front());
  while (!todo.empty()) {
    const Step at = todo.front();
    todo.pop_front();
    const tbook::Space here = book_.space(at.space);
    if (at.space != *space_.at) {
      auto known = std::find_if(out.begin(), out.end(),
                                [&](const Destination& d) { return d.space == at.space; });
      if (known == out.end()) out.push_back({at.space, at.land, at.sea});
      if (here.place) continue; // a place of power ends the move
    }
    for (std::uint32_t r : here.routes) {
      const tbook::Route route = book_.route(r);
      Step next{route.space, at.land + (route.kind == tbook::RouteKind::Land),
                at.sea + (route.kind == tbook::RouteKind::Sea)};
      if (next.land > rate->land || next.sea > rate->sea || next.land + next.sea > most) continue;
      // 9.2: a place of power only with an opportunity to enter it.
      if (const std::optional<std::uint32_t> place = book_.space(route.space).place) {
        const bool may =
            std::any_of(character_.opportunities.begin(), character_.opportunities.end(),
                        [&](const Opportunity& o) { return o.paragraph == *place; });
        if (!may || no_places_) continue;
      }
      if (!visited(next)) todo.push_back(next);
    }
  }
  std::stable_sort(out.begin(), out.end(), [](const Destination& a, const Destination& b) {
    return std::make_tuple(a.land + a.sea, a.space) < std::make_tuple(b.land + b.sea, b.space);
  });
  return out;
}

int Session::move() {
  const std::optional<tbook::MovementRate> rate = movement_rate();
  const std::vector<Destination> places = destinations();
  std::vector<std::string> options;
  // 9.2: a character who began the turn in a place of power must leave it.
  if (!in_place()) options.push_back("Stay in " + str(book_.space(*space_.at).name));
  for (const Destination& d : places) {
    std::string moves;
    if (d.land) moves += std::to_string(d.land) + " by land";
    if (d.sea) moves += std::string(moves.empty() ? "" : ", ") + std::to_string(d.sea) + " by sea";
    options.push_back(map_space_name(d.space) + ": " + moves);
  }
  if (options.empty()) {
    say("No route leads out of " + str(book_.space(*space_.at).name) + ".");
    return 0;
  }
  const std::string limits =
      rate ? std::to_string(rate->land) + " by land, " + std::to_string(rate->sea) + " by sea"
           : "no rate for your wealth";
  int pick = console_.choose("Where do you move (rule 9.1: at most " + limits + ")?", options);
  if (pick < 0) return -1;
  if (!in_place() && pick == 0) {
    say("You stay in " + str(book_.space(*space_.at).name) + ".");
    return 0;
  }
  const Destination to = places[static_cast<std::size_t>(pick) - (in_place() ? 0 : 1)];
  stand_on(to.space);
  const tbook::Space s = book_.space(to.space);
  say("You move to " + map_space_name(to.space) + ".");
  if (!s.place) return 0;
  // 9.2, 10.1: the place of power is the encounter; no card is drawn.
  auto o = std::find_if(character_.opportunities.begin(), character_.opportunities.end(),
                        [&](const Opportunity& x) { return x.paragraph == *s.place; });
  if (o == character_.opportunities.end()) return 0; // destinations() allowed none
  const Opportunity place = *o;
  character_.opportunities.erase(o);
  say("You enter " + place.place + " (rule 11.3).");
  return encounter_chart(place.paragraph) ? 1 : -1;
}

std::vector<std::size_t> Session::players_here() const {
  std::vector<std::size_t> out;
  if (!space_.at) return out;
  for (std::size_t i = 0; i < players_.size(); ++i)
    if (i != current_ && !players_[i].out && players_[i].space.at == space_.at) out.push_back(i);
  return out;
}

bool Session::give_wealth() {
  const std::vector<std::size_t> here = players_here();
  std::vector<std::string> options;
  for (std::size_t i : here)
    options.push_back(player_name(players_[i]) + " (" +
                      names_.wealth_level(players_[i].character.wealth) + ")");
  int pick = here.size() == 1 ? 0 : console_.choose("Give a wealth level to whom?", options);
  if (pick < 0) return false;
  Player& other = players_[here[static_cast<std::size_t>(pick)]];
  const int before = character_.wealth;
  character_.wealth = before - 1; // 16.4: you always go down one level
  std::string line = "You give a wealth level to " + player_name(other) + ": you are " +
                     names_.wealth_level(character_.wealth);
  // The other rises only to a level at least as high as their own: one the giver had.
  if (other.character.wealth < before) {
    int rise = other.character.wealth + 1;
    if (rise == Fabulous && other.character.treasures.empty()) rise = Princely; // 16.2
    if (rise > other.character.wealth) {
      other.character.wealth = rise;
      line += ", " + player_name(other) + " rises to " + names_.wealth_level(rise);
    } else {
      line += ", " + player_name(other) + " cannot rise to " + names_.wealth_level(Fabulous) +
              " without a treasure";
    }
  } else {
    line += ", " + player_name(other) + " stays " + names_.wealth_level(other.character.wealth);
  }
  say(line + " (rule 16.4).");
  // Rule 16.4: a status whose paragraph says giving a wealth level removes it.
  for (std::size_t i = character_.statuses.size(); i-- > 0;) {
    const std::string id = character_.statuses[i].id;
    for (const Condition& c : status_effects(id))
      if (c.effect == EffectKind::EndsByGiving) {
        say("  Your gift ends the status " + names_.status(id) + " (rule 16.4).");
        remove_status(character_, i, *this);
        break;
      }
  }
  return true;
}

std::vector<std::uint32_t> Session::city_cards_here() const {
  std::vector<std::uint32_t> out;
  for (std::uint32_t c : fate_cards_) {
    const tbook::Card card = book_.card(c);
    if (card.kind == tbook::CardKind::City &&
        (!space_.at || card.name == book_.space(*space_.at).name))
      out.push_back(c);
  }
  return out;
}

std::optional<std::uint32_t> Session::terrain_here(const tbook::Card& card) const {
  if (!space_.at) return std::nullopt;
  const std::string_view terrain = book_.space(*space_.at).terrain_id;
  for (std::uint32_t t : card.terrains)
    if (book_.terrain(t).terrain_id == terrain) return t;
  return std::nullopt;
}

} // namespace talebook::engine
