// "Da geht was ab im Morgenland", the card game of the Arabian Nights
// (docs/games.md): its deck as plain C++ structs, and the rulebook's tables
// and arithmetic (the deal, the hand limits, the V.A.G.U.W.A.M.'s die, a
// defence's sum, the Key roll, the highest result of a bid). The game itself,
// for two to five players, is talebook/engine/morgenland_game.hpp.
//
// The cards will come from a .tbook (the deck format: docs/games.md, "Da geht
// was ab im Morgenland: the deck"); the engine only needs this list.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include <talebook/kinds.hpp>

namespace talebook::engine::morgenland {

// The card's stack, its role and its effect's kind are the .tbook's lists
// (talebook/kinds.def), so a compiled deck's cards are the engine's as read.
// The stack: Treasury (insignia, treasure), Night (attack: sword, defence:
// shield), Day, and the one V.A.G.U.W.A.M.
using Stack = tbook::DeckClass;
// What the rules make of a named card (docs/games.md): treasures may be
// cursed; Night cards flying, archer, slave, event, visitor or ghost; Day
// cards sandstorm, bazaar, bars or court.
using Role = tbook::CardRole;
// `Effect: draw 2`: draw N Night cards, discard N cards of the hand, miss
// the next turn, attacks score +N, Key rolls may be +N higher, look at a
// face-down Treasury card of another player.
using EffectKind = tbook::CardEffectKind;
struct Effect {
  EffectKind kind = EffectKind::none;
  int amount = 0; // N; 0 for skip and peek
};

// The index of a card in the deck (copies of a card share it).
using CardId = std::size_t;

// One card of the deck, its copies alike.
struct Card {
  Stack stack = Stack::attack;
  Role role = Role::none;
  std::string name;  // as printed (German in the original deck)
  std::string gloss; // the English gloss, empty when none
  std::string text;
  int attack = 0, defence = 0, key = 0; // Night cards' scores; Key 1-6
  int copies = 1;
  Effect effect;
  std::vector<CardId> stopped_by; // a flying card: the cards that stop it
  std::vector<CardId> bars;       // a bars Day card: the cards barred the next night
};
using Deck = std::vector<Card>;

const char* stack_name(Stack stack); // "insignia", "treasure", "attack", ...
const char* role_name(Role role);    // "none", "cursed", "flying", ...
// "draw 2", "discard 1", "skip", "attack +1", "key +2", "peek", "nothing".
std::string effect_words(Effect effect);
// The name and, when it differs, the gloss: "Fliegender Löwe [Flying Lion]".
std::string card_words(const Card& card);
bool is_night(Stack stack);    // attack or defence
bool is_treasury(Stack stack); // insignia or treasure

// The deal by the number of players: 2: 2 Insignia and 3 Treasures each;
// 3: 1 and 3; 4 and 5: 1 and 2. {0, 0} for another number.
struct DealPlan {
  int insignia = 0;
  int treasures = 0;
};
DealPlan deal_for(int players);
// The cards a player may hold: 6 with two or three players, 5 with four or
// five, one fewer for each visitor at his Treasury (never below 0).
int hand_limit(int players, int visitors);
// The Insignia a player needs: all that were dealt (the rest are put aside
// and out of the game), one fewer with five players (4 of 5).
int insignia_to_win(int players);
// The V.A.G.U.W.A.M.'s die: 1-2 he stays with `host`, 3-4 he goes to the next
// player, 5-6 to the next but one.
int wander(int host, int roll, int players);
// A defence holds when its Defence scores add up to at least the Attack.
bool defence_holds(int attack, const std::vector<int>& defences);
// The door opens when the die shows the Key score or less.
bool key_opens(int roll, int key);
// Whether `defender` stops the flying card `flying` (its `Stopped by:`).
bool stops(const Deck& deck, CardId flying, CardId defender);
// The index of the single highest result, or -1 when the highest is shared
// (at the bazaar an unknown stranger outbids them) or there is none.
int single_highest(const std::vector<int>& results);
// The day's bonus of a player's assets: +1 for each Treasury card, +2 for
// each visitor and for the V.A.G.U.W.A.M. he hosts.
int day_assets(int treasury_cards, int visitors, bool hosts_vaguwam);

} // namespace talebook::engine::morgenland
