// The quest rules (rule 22, `--variant quest`): a player who undertakes
// quests holds Quest cards, the upside-down halves of fate cards (22.1):
// drawn at the start of a turn without one, extended with another (22.4),
// fulfilled by a Q:S on the quest table or in an encounter with the being the
// last card names (22.3); two fulfilled and Baghdad win (22.5).
#include "talebook/engine/session.hpp"

#include <algorithm>

namespace talebook::engine {

namespace {
// Names compared as a player would: case and blanks aside.
std::string folded(std::string_view s) {
  std::string out;
  for (char c : s)
    if (c != ' ') out += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  return out;
}
} // namespace

bool Session::quester() const {
  return questers_ && !players_.empty() && players_[current_].quester;
}

std::optional<std::uint32_t> Session::current_quest() const {
  if (quest_cards_.empty()) return std::nullopt;
  return book_.card(quest_cards_.back()).quest;
}

bool Session::quest_done(const tbook::Card& card) const {
  return std::find(quests_fulfilled_.begin(), quests_fulfilled_.end(), *card.quest) !=
         quests_fulfilled_.end();
}

void Session::take_quest_card(std::uint32_t index, const std::string& how) {
  const tbook::Card card = book_.card(index);
  quest_cards_.push_back(index);
  const Paragraph* p = paragraph(*card.quest);
  say(how + " and turn it upside down: your Quest card" +
      (quest_cards_.size() > 1
           ? " (on top of " + std::to_string(quest_cards_.size() - 1) + " earlier, rule 22.4)"
           : "") +
      " bids you find " + std::string(card.quest_being) + " (rule 22.1).");
  if (p) {
    observer().paragraph(p->number);
    console_.blank();
    say(std::to_string(p->number) + " " + std::string(p->name));
    if (!p->prose.empty()) say(std::string(p->prose));
  }
}

bool Session::draw_quest_card() {
  auto done = [&](const tbook::Card& c) { return quest_done(c); };
  bool any = false;
  for (std::uint32_t i = 0; i < book_.card_count() && !any; ++i)
    any = book_.card(i).quest.has_value() && !done(book_.card(i));
  if (!any) {
    say("No fate card of this book has a quest half you have not fulfilled: there is no Quest "
        "card to draw (rule 22.1).");
    return true;
  }
  // Rule 24.4: with Interactive Card Play, the Quest card is asked of another player.
  if (interactive_ && !askable().empty()) return ask_for_quest_card();
  // Through the deck, and once more after a reshuffle: the quests left may be
  // in the other players' hands.
  for (int reshuffles = 0;;) {
    if (deck_.empty() && (++reshuffles > 2 || !refill_deck())) {
      say("No Quest card is left to draw: the others hold the rest (rule 22.1).");
      return true;
    }
    const std::uint32_t index = deck_.back();
    deck_.pop_back();
    const tbook::Card card = book_.card(index);
    if (!card.quest) {
      say("You draw " + std::string(card.name) + " and discard it: " +
          (card.kind == tbook::CardKind::City || card.kind == tbook::CardKind::Special
               ? "it has no quest half"
               : "it is no fate card") +
          " (rule 22.1).");
      continue;
    }
    if (done(card)) {
      say("You draw the fate card " + std::string(card.name) +
          " and discard it: you have fulfilled its quest already.");
      continue;
    }
    take_quest_card(index, "You draw the fate card " + std::string(card.name));
    return true;
  }
}

void Session::quest_fulfilled(std::uint32_t paragraph) {
  quests_fulfilled_.push_back(paragraph);
  const std::size_t done = quests_fulfilled_.size();
  say("You have fulfilled the quest (rule 22.3): " + std::to_string(done) +
      (done == 1 ? " quest" : " quests") + " so far.");
  if (quester()) {
    quest_cards_.clear(); // discarded: a new one is drawn at the next turn (22.5)
    if (done >= 2) say("Two quests fulfilled: you win by entering Baghdad (rule 22.5).");
  }
}

// Rule 22.3: an encounter with the being of your Quest card whose award
// paragraph says Q:S fulfils the quest.
bool Session::met_quest_being() const {
  if (!quester() || quest_cards_.empty() || met_being_.empty()) return false;
  const std::string being = folded(book_.card(quest_cards_.back()).quest_being);
  const std::string met = folded(met_being_);
  return !being.empty() && met.size() >= being.size() &&
         met.compare(met.size() - being.size(), being.size(), being) == 0;
}

} // namespace talebook::engine
