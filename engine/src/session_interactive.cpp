// Rule 24, Interactive Card Play (`--variant interactive`): each player holds
// a hand of five cards that never apply to them (24.1). After moving, a player
// asks another for an Encounter card instead of drawing one (24.2) and gives
// back a Fate card, which the other keeps face up (24.3); a player on a quest
// asks for a Quest card the same way (24.4).
#include "talebook/engine/session.hpp"

namespace talebook::engine {

namespace {

bool is_encounter(const tbook::Card& card) {
  return card.kind == tbook::CardKind::Character || card.kind == tbook::CardKind::Terrain;
}

bool is_fate(const tbook::Card& card) {
  return card.kind == tbook::CardKind::City || card.kind == tbook::CardKind::Special;
}

constexpr std::size_t hand_size = 5; // rule 24.1

} // namespace

std::optional<std::uint32_t> Session::take_from_hand(std::vector<std::uint32_t>& hand,
                                                     const std::vector<std::size_t>& held,
                                                     const std::string& question) {
  std::size_t pick = 0;
  if (held.size() > 1) {
    std::vector<std::string> options;
    for (std::size_t i : held)
      options.push_back(card_shown(hand[i]));
    const int chosen = console_.choose(question, options);
    if (chosen < 0) {
      quit_ = true;
      return std::nullopt;
    }
    pick = static_cast<std::size_t>(chosen);
  }
  const std::uint32_t index = hand[held[pick]];
  hand.erase(hand.begin() + static_cast<std::ptrdiff_t>(held[pick]));
  return index;
}

void Session::new_hand(Player& player) {
  player.hand.clear(); // the cards held go to the discards
  while (player.hand.size() < hand_size) {
    if (deck_.empty() && !refill_deck()) break;
    player.hand.push_back(deck_.back());
    deck_.pop_back();
  }
}

void Session::deal_hands() {
  say("Each player is dealt " + std::to_string(hand_size) +
      " cards, to give to the others (rule 24.1).");
  for (Player& player : players_)
    new_hand(player);
}

std::vector<std::size_t> Session::askable() const {
  std::vector<std::size_t> out;
  if (!in_game_) return out;
  for (std::size_t i = 0; i < players_.size(); ++i)
    if (i != current_ && !players_[i].out) out.push_back(i);
  return out;
}

std::optional<std::size_t> Session::whom_to_ask(const std::string& what) {
  const std::vector<std::size_t> others = askable();
  if (others.size() == 1) {
    say("You ask " + player_name(players_[others[0]]) + " for " + what + ".");
    return others[0];
  }
  std::vector<std::string> options;
  for (std::size_t i : others)
    options.push_back(player_name(players_[i]) + " (" + std::to_string(players_[i].hand.size()) +
                      (players_[i].hand.size() == 1 ? " card" : " cards") + " in hand)");
  const int pick = console_.choose("Whom do you ask for " + what + "?", options);
  if (pick < 0) {
    quit_ = true;
    return std::nullopt;
  }
  return others[static_cast<std::size_t>(pick)];
}

bool Session::ask_for_card() {
  const std::optional<std::size_t> whom = whom_to_ask("an Encounter card (rule 24.2)");
  if (!whom) return false;
  Player& giver = players_[*whom];
  const std::string name = player_name(giver);
  std::vector<std::size_t> held; // the Encounter cards' places in the hand
  for (std::size_t i = 0; i < giver.hand.size(); ++i)
    if (is_encounter(book_.card(giver.hand[i]))) held.push_back(i);
  if (held.empty()) {
    say(name + " has no Encounter card, discards the hand and draws " + std::to_string(hand_size) +
        " new cards: you have no encounter this turn, and " + name +
        " gets no fate card (rules 24.2, 24.3).");
    new_hand(giver);
    return true;
  }
  const std::optional<std::uint32_t> given =
      take_from_hand(giver.hand, held,
                     name + ", which Encounter card do you give " +
                         player_name(players_[current_]) + " (rule 24.2)?");
  if (!given) return false;
  const std::uint32_t index = *given;
  say(name + " gives you " + card_shown(index) + " (rule 24.2).");
  // The encounter first, then a fate card in return (24.3): a new hand drawn
  // then cannot take back the card in play.
  if (!play_card(index, false) || over()) return false;
  give_fate_card(*whom);
  return !over();
}

void Session::give_fate_card(std::size_t to) {
  Player& giver = players_[to];
  const std::string name = player_name(giver);
  std::vector<std::uint32_t>& hand = players_[current_].hand;
  std::vector<std::size_t> held; // the fate cards' places in your hand
  for (std::size_t i = 0; i < hand.size(); ++i)
    if (is_fate(book_.card(hand[i]))) held.push_back(i);
  if (held.empty()) {
    say("You have no fate card to give " + name + ": you discard your hand and draw " +
        std::to_string(hand_size) + " new cards (rule 24.3).");
    new_hand(players_[current_]);
    return;
  }
  const std::optional<std::uint32_t> given =
      take_from_hand(hand, held, "Which fate card do you give " + name + " (rule 24.3)?");
  if (!given) return;
  const std::uint32_t index = *given;
  const tbook::Card card = book_.card(index);
  if (uses_any_skill(card) && !(pvp_ && adventure())) {
    say("You give " + name + " " + card_shown(index) +
        ", who discards it: it is for the Adventure rules' rule 26 only (rules 10.2, 24.3).");
    return;
  }
  say("You give " + name + " " + card_shown(index) + ", to keep face up (rule 24.3).");
  giver.fate_cards.push_back(index);
  if (giver.fate_cards.size() <= 2) return;
  std::vector<std::string> options;
  for (std::uint32_t c : giver.fate_cards)
    options.push_back(std::string(book_.card(c).name));
  const int drop = console_.choose(
      name + ", you may keep only two fate cards (rules 10.3, 24.3). Discard:", options);
  if (drop < 0) {
    quit_ = true;
    return;
  }
  say(name + " discards " + options[static_cast<std::size_t>(drop)] + ".");
  giver.fate_cards.erase(giver.fate_cards.begin() + drop);
}

bool Session::ask_for_quest_card() {
  const std::optional<std::size_t> whom = whom_to_ask("a Quest card (rule 24.4)");
  if (!whom) return false;
  Player& giver = players_[*whom];
  const std::string name = player_name(giver);
  // Until the hand has one; as many hands as go through the deck twice, for
  // the quests left may all be held by others.
  const std::size_t hands = 2 * (book_.card_count() / hand_size + 2);
  for (std::size_t dealt = 0;; ++dealt) {
    std::vector<std::size_t> held;
    for (std::size_t i = 0; i < giver.hand.size(); ++i) {
      const tbook::Card card = book_.card(giver.hand[i]);
      if (card.quest && !quest_done(card)) held.push_back(i);
    }
    if (!held.empty()) {
      const std::optional<std::uint32_t> given =
          take_from_hand(giver.hand, held,
                         name + ", which Quest card do you give " +
                             player_name(players_[current_]) + " (rule 24.4)?");
      if (!given) return false;
      const std::uint32_t index = *given;
      take_quest_card(index,
                      name + " gives you the fate card " + std::string(book_.card(index).name));
      return true;
    }
    if (dealt == hands) {
      say("No Quest card is left for " + name + " to give: the others hold the rest (rule 24.4).");
      return true;
    }
    say(name + " has no Quest card, discards the hand and draws " + std::to_string(hand_size) +
        " new cards (rule 24.4).");
    new_hand(giver);
  }
}

} // namespace talebook::engine
