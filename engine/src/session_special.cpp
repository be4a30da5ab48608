// Special fate cards (rule 10.2): kept when drawn, as a city card is, and
// played after your encounter on another player's character in your space
// (on a map; in a book without one, on any other player's: where you stand is
// yours to say). A card's `You:` line is applied to you, its `Other:` line to
// the other character.
#include <algorithm>

#include "talebook/engine/book_view.hpp"
#include "talebook/engine/session.hpp"

namespace talebook::engine {

namespace {

std::string str(std::string_view s) {
  return std::string(s);
}

std::string trim(std::string_view s) {
  const std::size_t first = s.find_first_not_of(" \t\n");
  if (first == std::string_view::npos) return {};
  return std::string(s.substr(first, s.find_last_not_of(" \t\n") - first + 1));
}

} // namespace

// Rule 11.8: a treasure is one counter; the other players' characters hold theirs.
std::optional<std::string> Session::holder_of(std::uint32_t paragraph) const {
  for (std::size_t i = 0; i < players_.size(); ++i)
    if (i != current_ && players_[i].character.has_treasure(paragraph))
      return player_name(players_[i]);
  return std::nullopt;
}

bool Session::uses_any_skill(const tbook::Card& card) const {
  for (std::uint32_t r : card.results) {
    const tbook::CityResult result = book_.city_result(r);
    if (result.roll != 1) continue; // the `You:` line
    for (std::uint32_t g : result.award_groups)
      for (const Award& a : read_award_group(book_, g))
        if (a.kind == AwardKind::UseAnySkill) return true;
  }
  return false;
}

std::vector<std::uint32_t> Session::special_cards() const {
  std::vector<std::uint32_t> out;
  for (std::uint32_t c : fate_cards_)
    if (book_.card(c).kind == tbook::CardKind::Special) out.push_back(c);
  return out;
}

std::vector<std::size_t> Session::special_targets() const {
  if (space_.at) return players_here();
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < players_.size(); ++i)
    if (i != current_ && !players_[i].out) out.push_back(i);
  return out;
}

bool Session::play_special_card() {
  const std::vector<std::uint32_t> cards = special_cards();
  const std::vector<std::size_t> targets = special_targets();
  if (cards.empty() || targets.empty()) return true;
  std::vector<std::string> options;
  for (std::uint32_t c : cards)
    options.push_back(str(book_.card(c).name));
  int pick = options.size() == 1 ? 0 : console_.choose("Play which Special card?", options);
  if (pick < 0) return false;
  const tbook::Card card = book_.card(cards[static_cast<std::size_t>(pick)]);
  options.clear();
  for (std::size_t t : targets)
    options.push_back(player_name(players_[t]));
  int whom =
      options.size() == 1
          ? 0
          : console_.choose("On whose character (rule 10.2: a player in your space)?", options);
  if (whom < 0) return false;
  Player& other = players_[targets[static_cast<std::size_t>(whom)]];
  fate_cards_.erase(std::find(fate_cards_.begin(), fate_cards_.end(), card.index));
  say("You play the Special card " + str(card.name) + " on " + player_name(other) +
      "'s character (rule 10.2).");
  for (std::uint32_t r : card.results) {
    const tbook::CityResult result = book_.city_result(r);
    const bool you = result.roll == 1;
    std::vector<Award> awards;
    std::string codes;
    for (std::uint32_t g : result.award_groups) {
      const std::vector<Award> group = read_award_group(book_, g);
      codes += (codes.empty() ? "" : " ") + award_code(group);
      awards.insert(awards.end(), group.begin(), group.end());
    }
    const std::string text = trim(result.text);
    say((you ? std::string("You") : player_name(other)) + ":" + (text.empty() ? "" : " " + text) +
        (codes.empty() ? ""
                       : (text.empty() ? " " : " (awards: ") + codes + (text.empty() ? "" : ")")));
    if (you && uses_any_skill(card) && !use_any_skill_on(other)) return false;
    Character& whose = you ? character_ : other.character;
    const AwardOutcome outcome = apply_awards(whose, awards, *this);
    if (outcome.quit) {
      quit_ = true;
      return false;
    }
    if (!you && other.character.dead) {
      other.out = true;
      say(player_name(other) + "'s character is dead and out of the game.");
    }
    if (you && outcome.death) return false;
    // A `Go to` on a Special card is the player's own to follow.
    if (you && outcome.go_to && !award_paragraph(*outcome.go_to)) return false;
  }
  return true;
}

} // namespace talebook::engine
