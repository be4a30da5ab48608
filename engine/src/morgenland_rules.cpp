// The tables and arithmetic of "Da geht was ab im Morgenland"
// (talebook/engine/morgenland.hpp, docs/games.md).
#include "talebook/engine/morgenland.hpp"

#include <algorithm>
#include <numeric>

namespace talebook::engine::morgenland {

const char* stack_name(Stack stack) {
  return tbook::name_of(stack);
}

const char* role_name(Role role) {
  return tbook::name_of(role);
}

std::string effect_words(Effect effect) {
  const std::string n = std::to_string(effect.amount);
  switch (effect.kind) {
  case EffectKind::none:
    return "nothing";
  case EffectKind::draw:
    return "draw " + n;
  case EffectKind::discard:
    return "discard " + n;
  case EffectKind::skip:
    return "skip";
  case EffectKind::attack:
    return "attack +" + n;
  case EffectKind::key:
    return "key +" + n;
  case EffectKind::peek:
    return "peek";
  }
  return "?";
}

std::string card_words(const Card& card) {
  if (card.gloss.empty() || card.gloss == card.name) return card.name;
  return card.name + " [" + card.gloss + "]";
}

bool is_night(Stack stack) {
  return stack == Stack::attack || stack == Stack::defence;
}

bool is_treasury(Stack stack) {
  return stack == Stack::insignia || stack == Stack::treasure;
}

DealPlan deal_for(int players) {
  switch (players) {
  case 2:
    return {2, 3};
  case 3:
    return {1, 3};
  case 4:
  case 5:
    return {1, 2};
  default:
    return {0, 0};
  }
}

int hand_limit(int players, int visitors) {
  return std::max(0, (players <= 3 ? 6 : 5) - visitors);
}

int insignia_to_win(int players) {
  const int dealt = deal_for(players).insignia * players;
  return players == 5 ? dealt - 1 : dealt;
}

int wander(int host, int roll, int players) {
  const int steps = roll <= 2 ? 0 : roll <= 4 ? 1 : 2;
  return (host + steps) % players;
}

bool defence_holds(int attack, const std::vector<int>& defences) {
  return std::accumulate(defences.begin(), defences.end(), 0) >= attack;
}

bool key_opens(int roll, int key) {
  return roll <= key;
}

bool stops(const Deck& deck, CardId flying, CardId defender) {
  const auto& by = deck[flying].stopped_by;
  return std::find(by.begin(), by.end(), defender) != by.end();
}

int single_highest(const std::vector<int>& results) {
  if (results.empty()) return -1;
  const auto top = std::max_element(results.begin(), results.end());
  if (std::count(results.begin(), results.end(), *top) > 1) return -1;
  return static_cast<int>(top - results.begin());
}

int day_assets(int treasury_cards, int visitors, bool hosts_vaguwam) {
  return treasury_cards + 2 * visitors + (hosts_vaguwam ? 2 : 0);
}

} // namespace talebook::engine::morgenland
