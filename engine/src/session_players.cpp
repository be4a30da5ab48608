// The Standard game for one to six players (rules 4-7): each player makes a
// character and a victory formula, the dice say who goes first, and the
// players take their turns in order, each with their own character, space,
// fate cards and quests (swapped into the session for the turn), until one is
// in Baghdad with their formula fulfilled or with the Sultan status and has
// stayed there while the others took one last turn (rules 5 and 6).
#include <algorithm>

#include "talebook/engine/session.hpp"

namespace talebook::engine {

std::string Session::player_name(const Player& player) const {
  return "Player " + std::to_string(player.number);
}

void Session::load(Player& player) {
  std::swap(character_, player.character);
  std::swap(space_, player.space);
  std::swap(fate_cards_, player.fate_cards);
  std::swap(quests_fulfilled_, player.quests_fulfilled);
  std::swap(quest_cards_, player.quest_cards);
}

void Session::store(Player& player) {
  load(player); // the same swaps, back
}

bool Session::fulfils(const Player& player) const {
  const Character& c = player.character;
  return c.destiny >= player.destiny_goal && c.story >= player.story_goal;
}

bool Session::set_up_player(Player& player, int number) {
  player.number = number;
  console_.blank();
  say("== " + player_name(player) + " ==");
  load(player);
  const bool made = set_up();
  store(player);
  if (!made) return false;
  // Rule 4.3: Destiny and Story points to win, adding up to 20.
  std::vector<std::string> formulas;
  for (int destiny = 0; destiny <= 20; ++destiny)
    formulas.push_back("Destiny " + std::to_string(destiny) + ", Story " +
                       std::to_string(20 - destiny));
  if (merchants_) formulas.push_back("Play a merchant: Fabulous wealth in Baghdad (rule 23)");
  if (questers_) formulas.push_back("Undertake quests: two fulfilled, then Baghdad (rule 22)");
  int pick = console_.choose(player_name(player) + ", your victory formula (rule 4.3)?", formulas);
  if (pick < 0) return false;
  if (pick == 21) { // rules 22 and 23: instead of the normal victory conditions
    player.merchant = merchants_;
    player.quester = questers_;
    pick = 10;
  }
  player.destiny_goal = pick;
  player.story_goal = 20 - pick;
  return true;
}

// Rule 4.1: each player rolls two dice; the high roller goes first (the
// highest roll again among a tie).
std::size_t Session::first_player() {
  std::vector<std::size_t> rolling(players_.size());
  for (std::size_t i = 0; i < rolling.size(); ++i)
    rolling[i] = i;
  while (rolling.size() > 1) {
    int best = 0;
    std::vector<std::size_t> high;
    std::string rolls;
    for (std::size_t i : rolling) {
      const int roll = dice_.roll() + dice_.roll();
      rolls += (rolls.empty() ? "" : ", ") + player_name(players_[i]) + " " + std::to_string(roll);
      if (roll > best) best = roll, high.clear();
      if (roll == best) high.push_back(i);
    }
    say("Who goes first (rule 4.1): " + rolls + ".");
    rolling = high;
  }
  return rolling.front();
}

bool Session::everyone_out() const {
  return std::all_of(players_.begin(), players_.end(), [](const Player& p) { return p.out; });
}

bool Session::may_win(const Player& player) const {
  if (player.out) return false;
  if (!solitaire_.empty()) // rule 28: anywhere, with the three goals
    return fulfils(player) && player.character.wealth == Fabulous &&
           player.quests_fulfilled.size() >= 2;
  if (player.merchant) // rule 23.7: Fabulous wealth (and so a treasure) in Baghdad
    return player.space.baghdad && player.character.wealth == Fabulous;
  if (player.quester) // rule 22.5: two quests fulfilled, then Baghdad
    return player.space.baghdad && player.quests_fulfilled.size() >= 2;
  return player.space.baghdad && (fulfils(player) || player.character.has_status("sultan"));
}

bool Session::qualifies(Qualifier qualifier) const {
  // The Standard game ignores the qualifiers (rule 10.2); the merchant rules
  // do not ignore `if Merchant` (23.8), the quest rules `if Quest` (22.6): it
  // counts for a player on a quest, one who holds a Quest card.
  if (qualifier == Qualifier::IfMerchant && merchants_ && !players_.empty())
    return players_[current_].merchant;
  if (qualifier == Qualifier::IfQuest && questers_ && !players_.empty())
    return quester() && !quest_cards_.empty();
  return true;
}

std::string Session::goal(const Player& player) const {
  if (player.merchant) return " (a merchant: Fabulous wealth in Baghdad to win)";
  if (player.quester) return " (on quests: two fulfilled, then Baghdad, to win)";
  return ", to win Destiny " + std::to_string(player.destiny_goal) + " and Story " +
         std::to_string(player.story_goal);
}

std::vector<std::size_t> Session::after_turn(Victory& victory) {
  std::vector<std::size_t> winners;
  const Player& player = players_[current_];
  if (!solitaire_.empty()) {
    if (may_win(player)) winners.push_back(current_);
    return winners;
  }
  victory.last_turns.erase(
      std::remove(victory.last_turns.begin(), victory.last_turns.end(), current_),
      victory.last_turns.end());
  if (!victory.announcer && may_win(player)) { // rule 6: the others' last turn
    victory.announcer = current_;
    say(player_name(player) + " is in Baghdad " +
        (player.merchant   ? "as a merchant with Fabulous wealth"
         : player.quester  ? "with two quests fulfilled"
         : fulfils(player) ? "with the victory formula fulfilled"
                           : "as Sultan") +
        ": each other player has one last turn (rules 5 and 6).");
    for (std::size_t i = 0; i < players_.size(); ++i)
      if (i != current_ && !players_[i].out) victory.last_turns.push_back(i);
  }
  if (victory.announcer && victory.last_turns.empty()) {
    for (std::size_t i = 0; i < players_.size(); ++i)
      if (may_win(players_[i])) winners.push_back(i);
    if (winners.empty()) {
      say("No one in Baghdad has won after the last turn: play goes on (rule 6).");
      victory.announcer.reset();
    }
  }
  return winners;
}

void Session::set_up_game() {
  const int count = std::clamp(player_count_, 1, 6);
  players_.assign(static_cast<std::size_t>(count), Player{});
  for (int i = 0; i < count; ++i)
    if (!set_up_player(players_[static_cast<std::size_t>(i)], i + 1)) break;
  if (count == 2) deck_number_ = 2; // rule 4.1: a two-player game starts with the 2nd deck
  if (interactive_ && !over()) deal_hands();
  // Rule 23: the trade route counters into the cup, if anyone plays a merchant.
  if (trades() && !over() &&
      std::any_of(players_.begin(), players_.end(), [&](const Player& p) { return trader(p); }))
    set_up_trade();
  if (!over()) {
    console_.blank();
    current_ = first_player();
    say(player_name(players_[current_]) + " goes first; the others follow in order.");
  }
}

void Session::play_rounds() {
  while (!over() && winners_.empty()) {
    turn_begins();
    Player& player = players_[current_];
    if (!player.out) {
      console_.blank();
      say("-- " + player_name(player) +
          (player.merchant || player.quester
               ? goal(player)
               : " (Destiny " + std::to_string(player.destiny_goal) + ", Story " +
                     std::to_string(player.story_goal) + " to win)") +
          " --");
      load(player);
      take_turn();
      const bool dead = character_.dead;
      character_.dead = false; // the session goes on for the others
      store(player);
      if (quit_ || console_.quit() || console_.input_ended()) break;
      if (dead) {
        observer().death();
        player.out = true;
        player.hand.clear(); // rule 24: to the discards
        say(player_name(player) + "'s character is dead and out of the game.");
      }
      winners_ = after_turn(victory_);
    }
    if (everyone_out()) break;
    current_ = (current_ + 1) % players_.size();
  }
  end_game(winners_);
}

void Session::end_game(const std::vector<std::size_t>& winners) {
  console_.blank();
  if (!solitaire_.empty() && !winners.empty()) {
    say("You have fulfilled your formula, have Fabulous wealth and two quests fulfilled: you win "
        "(" +
        solitaire_ + ").");
  } else if (!solitaire_.empty() && deck_finished_) {
    say("The deck is finished before your three goals are met: you lose (" + solitaire_ + ").");
  } else if (!winners.empty()) {
    std::string names;
    for (std::size_t i : winners)
      names += (names.empty() ? "" : " and ") + player_name(players_[i]);
    say(names + (winners.size() == 1 ? " wins" : " win") + " the game (rule 5).");
  } else if (everyone_out()) {
    say(solitaire_.empty() ? "Every character is dead; no one wins."
                           : "Your character is dead: you lose (" + solitaire_ + ").");
  } else if (console_.input_ended()) {
    say("The input ended; the game stops here.");
  } else {
    say("You close the book.");
  }
  for (Player& player : players_) {
    console_.blank();
    say(player_name(player) + (player.out ? " (dead)" : "") + goal(player) +
        (player.space.baghdad ? ", in Baghdad" : "") + ":");
    load(player);
    sheet();
    store(player);
  }
}

} // namespace talebook::engine
