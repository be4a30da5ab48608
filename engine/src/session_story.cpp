// The Storytelling game (rules 17-19): after an encounter's award paragraph
// its player may tell the story at the table, then proposes an experience
// award (a Destiny or Story point) and an excellence award, names a best
// supporting player in secret, and the others vote. A majority for
// Unremarkable gives nothing more; for Outstanding, both awards; else the
// experience award. The supporting player gets the experience award too.
#include "talebook/engine/awards.hpp"
#include "talebook/engine/session.hpp"

namespace talebook::engine {

void Session::tell_story() {
  std::vector<std::size_t> listeners; // the other players still in the game, from the left
  for (std::size_t k = 1; k < players_.size(); ++k) {
    const std::size_t i = (current_ + k) % players_.size();
    if (!players_[i].out) listeners.push_back(i);
  }
  if (listeners.empty()) return; // no one to tell it to
  const std::string teller = player_name(players_[current_]);
  console_.blank();
  int tell = console_.choose(teller + ", do you tell the story of this encounter (rule 18)?",
                             {"Yes: tell it now, then propose your awards", "No"});
  if (tell != 0) return;
  int experience =
      console_.choose("Your experience award (rule 18)?", {"A Destiny point", "A Story point"});
  if (experience < 0) return;
  enum Excellence { Treasure, Wealth, Destiny, Story, Skill, Status };
  std::vector<std::string> kinds = {"A random treasure", "A wealth level", "Another Destiny point",
                                    "Another Story point"};
  std::vector<Excellence> offered = {Treasure, Wealth, Destiny, Story};
  if (!skill_ids_.empty()) { // a book with none offers none to choose from
    kinds.push_back("A skill");
    offered.push_back(Skill);
  }
  if (!names_.statuses.empty()) {
    kinds.push_back("A status");
    offered.push_back(Status);
  }
  const int chosen = console_.choose("Your excellence award (rule 18)?", kinds);
  if (chosen < 0) return;
  const Excellence excellence = offered[static_cast<std::size_t>(chosen)];
  std::string named; // a skill's or a status's id
  if (excellence == Skill || excellence == Status) {
    std::vector<std::string> ids;
    if (excellence == Skill)
      ids = skill_ids_;
    else
      for (const auto& [id, name] : names_.statuses)
        ids.push_back(id);
    std::vector<std::string> shown;
    for (const std::string& id : ids)
      shown.push_back(excellence == Skill ? names_.skill(id) : names_.status(id));
    int pick = console_.choose("Which one?", shown);
    if (pick < 0) return;
    named = ids[static_cast<std::size_t>(pick)];
  }
  std::vector<std::string> others;
  for (std::size_t i : listeners)
    others.push_back(player_name(players_[i]));
  int supporting =
      console_.choose("Your best supporting player (rule 18, written in secret)?", others);
  if (supporting < 0) return;
  int votes[3] = {0, 0, 0};
  static const char* const verdicts[] = {"Unremarkable", "Satisfactory", "Outstanding"};
  for (std::size_t i : listeners) {
    int vote = console_.choose(player_name(players_[i]) + ", how was the story (rule 18)?",
                               {verdicts[0], verdicts[1], verdicts[2]});
    if (vote < 0) return;
    ++votes[vote];
  }
  const int voters = static_cast<int>(listeners.size());
  const int verdict = 2 * votes[0] > voters ? 0 : 2 * votes[2] > voters ? 2 : 1;
  say("The vote: " + std::to_string(votes[0]) + " Unremarkable, " + std::to_string(votes[1]) +
      " Satisfactory, " + std::to_string(votes[2]) + " Outstanding: the story is " +
      verdicts[verdict] + " (rule 18).");
  if (verdict == 0) return;
  auto point = [&](Character& who, int which) {
    if (which == 0)
      change_destiny(who, 1, *this);
    else
      gain_story(who, 1, *this);
  };
  say(teller + "'s experience award:");
  point(character_, experience);
  Player& helper = players_[listeners[static_cast<std::size_t>(supporting)]];
  say(player_name(helper) + ", the best supporting player, receives it too:");
  point(helper.character, experience);
  if (verdict < 2) return;
  say(teller + "'s excellence award:");
  switch (excellence) {
  case Treasure:
    gain_random_treasure(character_, *this);
    break;
  case Wealth:
    change_wealth(character_, 1, WealthLimit::None, -1, *this);
    break;
  case Destiny:
    change_destiny(character_, 1, *this);
    break;
  case Story:
    gain_story(character_, 1, *this);
    break;
  case Skill:
    gain_skill(character_, named, Term::Permanent, *this);
    break;
  case Status:
    if (gain_status(character_, named, Term::Permanent, *this)) keep_one_status(character_, *this);
    break;
  }
}

} // namespace talebook::engine
