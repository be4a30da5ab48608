// Skills used on other players: what each skill does, once its user has paid
// for it (session_pvp.cpp): the fifteen of the Chinese rules (003's list) and
// the twelve of rule 26.3, where they differ (Piety, Weapon Use, Luck, Major
// and Minor Magic). The
// other is asked to avoid an attack (pvp_avoids) after the user has chosen
// what it does, so that a spell turned back is the one cast.
#include <cstdlib>

#include "talebook/engine/awards.hpp"
#include "talebook/engine/session.hpp"

namespace talebook::engine {

namespace {

bool opposite(const Character& a, const Character& b) {
  return a.gender != b.gender;
}

} // namespace

bool Session::pvp_effect(PvpUse use, Player& other, const std::string& skill) {
  Character& them = other.character;
  const std::string who = player_name(other);
  auto choose = [&](const std::string& question, const std::vector<std::string>& options) {
    const int pick = console_.choose(question, options);
    if (pick < 0) quit_ = true;
    return pick;
  };
  bool paid = false;
  switch (use) {
  case PvpUse::Acting: { // S1 for them; S2 for you or one of their treasures
    if (pvp_avoids(use, other, skill, paid) || quit_) return !quit_;
    say(who + ":");
    gain_story(them, 1, *this);
    int pick = them.treasures.empty()
                   ? 0
                   : choose("And you?", {"Gain S2", "Take one of " + who + "'s treasures"});
    if (pick < 0) return false;
    if (pick == 0) {
      say("You:");
      return gain_story(character_, 2, *this);
    }
    const int t = pvp_pick_treasure(them, "Which treasure do you take?");
    if (t < 0) return false;
    pvp_treasure(them, who, character_, static_cast<std::size_t>(t));
    return true;
  }
  case PvpUse::Appearance: // Love Struck for the other sex, Envious for the same
    if (pvp_avoids(use, other, skill, paid) || quit_) return !quit_;
    return pvp_status(them, who, opposite(character_, them) ? "love_struck" : "envious");
  case PvpUse::Bargaining: { // a wealth level given to them, then one of their treasures taken
    if (pvp_avoids(use, other, skill, paid) || quit_) return !quit_;
    if (!pvp_level(character_, "You", them, who)) return true;
    if (them.treasures.empty()) {
      say(who + " has no treasure to choose from.");
      return true;
    }
    const int t = pvp_pick_treasure(them, "Which of " + who + "'s treasures do you choose?");
    if (t < 0) return false;
    pvp_treasure(them, who, character_, static_cast<std::size_t>(t));
    return true;
  }
  case PvpUse::Beguiling: { // Enslaved, or one of their statuses stolen (not Sultan)
    std::vector<std::string> options = {"Enslave " + who};
    std::vector<std::string> ids;
    for (const HeldStatus& s : them.statuses)
      if (s.id != "sultan") {
        ids.push_back(s.id);
        options.push_back("Steal the status " + names_.status(s.id));
      }
    const int pick = choose("What do you do with " + skill + "?", options);
    if (pick < 0) return false;
    if (pvp_avoids(use, other, skill, paid) || quit_) return !quit_;
    if (pick == 0) return pvp_status(them, who, "enslaved");
    const std::string id = ids[static_cast<std::size_t>(pick) - 1];
    say(who + ":");
    lose_status(them, id, *this);
    return pvp_status(character_, "You", id);
  }
  case PvpUse::Courtly: { // Scorned, or Respected, Robe of Honor or Vizier lost
    std::vector<std::string> options = {"Make " + who + " Scorned"};
    std::vector<std::string> ids;
    for (const char* id : {"respected", "robe_of_honor", "vizier"})
      if (them.has_status(id)) {
        ids.push_back(id);
        options.push_back("Take " + who + "'s " + names_.status(id));
      }
    const int pick =
        options.size() == 1 ? 0 : choose("What do you do with " + skill + "?", options);
    if (pick < 0) return false;
    if (pvp_avoids(use, other, skill, paid) || quit_) return !quit_;
    if (pick == 0) return pvp_status(them, who, "scorned");
    say(who + ":");
    lose_status(them, ids[static_cast<std::size_t>(pick) - 1], *this);
    return true;
  }
  case PvpUse::Endurance: { // they may pay for a move at once, without an encounter
    const int paid_for = pvp_payment(other, "for a move now (no encounter)");
    if (paid_for <= 0) return paid_for == 0;
    return pvp_extra_move(other);
  }
  case PvpUse::Magic: {
    const int pick =
        choose("What do you do with " + skill + "?",
               {"Remove a status of " + who + "'s, if " + who + " pays for it", "Ensorcell " + who,
                "Drive " + who + " insane", "Give " + who + " the form of a beast"});
    if (pick < 0) return false;
    if (pick == 0) {
      if (them.statuses.empty()) {
        say(who + " has no status to remove.");
        return true;
      }
      const int paid_for = pvp_payment(other, "to lose a status");
      if (paid_for <= 0) return paid_for == 0;
      std::vector<std::string> options;
      for (const HeldStatus& s : them.statuses)
        options.push_back(names_.status(s.id));
      const int s = options.size() == 1 ? 0 : choose("Which status do you remove?", options);
      if (s < 0) return false;
      say(who + ":");
      remove_status(them, static_cast<std::size_t>(s), *this);
      return true;
    }
    static const char* const statuses[] = {"ensorcelled", "insane", "beast_form"};
    const char* id = statuses[pick - 1];
    if (pvp_avoids(use, other, skill, paid)) { // avoided with Magic: the spell turns back
      if (paid) {
        say("The spell turns back on you (" + pvp_rules() + ").");
        return pvp_status(character_, "You", id);
      }
      return true;
    }
    return quit_ ? false : pvp_status(them, who, id);
  }
  case PvpUse::Piety: { // On Pilgrimage, or Blessed for them (rule 26: D1) and D3 for you
    const int pick = choose("What do you do with " + skill + "?",
                            {"Send " + who + " on pilgrimage",
                             adventure() ? "Give " + who + " a Destiny point and take three"
                                         : "Bless " + who + " and gain D3"});
    if (pick < 0) return false;
    if (pick == 0) {
      if (pvp_avoids(use, other, skill, paid) || quit_) return !quit_;
      return pvp_status(them, who, "on_pilgrimage");
    }
    if (adventure()) {
      say(who + ":");
      change_destiny(them, 1, *this);
    } else {
      pvp_status(them, who, "blessed");
    }
    say("You:");
    change_destiny(character_, 3, *this);
    return true;
  }
  case PvpUse::Luck: { // rule 26: both roll; yours equal or higher takes a wealth level
    if (pvp_avoids(use, other, skill, paid) || quit_) return !quit_;
    const int mine = dice_.roll(), theirs = dice_.roll();
    say("You roll " + std::to_string(mine) + ", " + who + " " + std::to_string(theirs) +
        (mine >= theirs ? "." : ": no effect."));
    if (mine >= theirs) pvp_level(them, who, character_, "you");
    return true;
  }
  case PvpUse::MajorMagic: { // rule 26: any status
    std::vector<std::string> ids, options;
    for (const auto& [id, name] : names_.statuses) {
      ids.push_back(id);
      options.push_back(name);
    }
    if (ids.empty()) return true;
    const int pick = choose("Which status do you give " + who + "?", options);
    if (pick < 0) return false;
    if (pvp_avoids(use, other, skill, paid) || quit_) return !quit_;
    return pvp_status(them, who, ids[static_cast<std::size_t>(pick)]);
  }
  case PvpUse::MinorMagic: { // rule 26: Ensorcelled or Under Geas
    const int pick = choose("What do you do with " + skill + "?",
                            {"Ensorcell " + who, "Put " + who + " under a geas"});
    if (pick < 0) return false;
    if (pvp_avoids(use, other, skill, paid) || quit_) return !quit_;
    return pvp_status(them, who, pick == 0 ? "ensorcelled" : "under_geas");
  }
  case PvpUse::Scholarship: { // they may pay for one of your skills at Talent; no move next turn
    std::vector<std::string> ids;
    std::vector<std::string> options;
    for (const HeldSkill& s : character_.skills)
      if (!them.skill(s.id)) {
        ids.push_back(s.id);
        options.push_back(names_.skill(s.id));
      }
    if (ids.empty()) {
      say(who + " has every skill you have.");
      return true;
    }
    const int paid_for = pvp_payment(other, "to learn one of your skills");
    if (paid_for <= 0) return paid_for == 0;
    const int s = choose(who + ", which skill do you learn (at Talent)?", options);
    if (s < 0) return false;
    say(who + ":");
    gain_skill(them, ids[static_cast<std::size_t>(s)], Term::Permanent, *this);
    them.coming_turn().no_move = true;
    say("  " + who + " may not move next turn (" + pvp_rules() + ").");
    return true;
  }
  case PvpUse::Seamanship: { // each wealth level paid: a sea move more next turn
    std::vector<std::string> options = {"None"};
    for (int n = 1; n <= them.wealth - Beggar; ++n)
      options.push_back(std::to_string(n) + (n == 1 ? " level" : " levels"));
    const int n =
        choose(who + ", how many wealth levels do you give for a sea move more each?", options);
    if (n < 0) return false;
    for (int k = 0; k < n; ++k)
      pvp_level(them, who, character_, "you");
    if (n > 0) {
      them.coming_turn().extra_sea += n;
      say("  " + who + " moves " + std::to_string(n) + " more by sea next turn (" + pvp_rules() +
          ").");
    }
    return true;
  }
  case PvpUse::Seduction: { // the other sex only: Enslaved or Love Struck, or a wealth level taken
    std::vector<std::string> options = {"Enslave " + who, "Make " + who + " love-struck"};
    if (them.wealth > Beggar) options.push_back("Take a wealth level from " + who);
    const int pick = choose("What do you do with " + skill + "?", options);
    if (pick < 0) return false;
    if (pvp_avoids(use, other, skill, paid) || quit_) return !quit_;
    if (pick == 2) {
      pvp_level(them, who, character_, "you");
      return true;
    }
    return pvp_status(them, who, pick == 0 ? "enslaved" : "love_struck");
  }
  case PvpUse::Stealth: { // a wealth level or a treasure taken; avoided by paying: Imprisoned
    std::vector<std::string> options;
    if (them.wealth > Beggar) options.push_back("A wealth level");
    for (const HeldTreasure& t : them.treasures)
      options.push_back("The treasure " + t.name);
    if (options.empty()) {
      say(who + " is a " + names_.wealth_level(Beggar) + " with no treasure: nothing to steal.");
      return true;
    }
    const int pick = choose("What do you steal from " + who + "?", options);
    if (pick < 0) return false;
    if (pvp_avoids(use, other, skill, paid)) {
      if (paid) {
        say("You are caught (" + pvp_rules() + ").");
        return pvp_status(character_, "You", "imprisoned");
      }
      return true;
    }
    if (quit_) return false;
    if (them.wealth > Beggar && pick == 0) {
      pvp_level(them, who, character_, "you");
      return true;
    }
    pvp_treasure(them, who, character_,
                 static_cast<std::size_t>(pick) - (them.wealth > Beggar ? 1 : 0));
    return true;
  }
  case PvpUse::Storytelling: { // S1 for them, and no move next turn
    if (pvp_avoids(use, other, skill, paid) || quit_) return !quit_;
    say(who + ":");
    gain_story(them, 1, *this);
    them.coming_turn().no_move = true;
    say("  " + who + " may not move next turn (" + pvp_rules() + ").");
    return true;
  }
  case PvpUse::WeaponUse: { // Wounded; avoided with Weapon Use: a duel of two dice each
    if (!pvp_avoids(use, other, skill, paid))
      return quit_ ? false : pvp_status(them, who, "wounded");
    if (!paid || adventure()) return true; // rule 26: paid for, it is simply avoided
    for (;;) {
      const int mine = dice_.roll() + dice_.roll();
      const int theirs = dice_.roll() + dice_.roll();
      say("A duel: you roll " + std::to_string(mine) + ", " + who + " " + std::to_string(theirs) +
          (mine == theirs ? ": a tie, again." : "."));
      if (mine == theirs) continue;
      const bool won = mine > theirs;
      const bool badly = std::abs(mine - theirs) >= 5; // the loser is crippled
      return pvp_status(won ? them : character_, won ? who : "You", badly ? "crippled" : "wounded");
    }
  }
  case PvpUse::Wilderness: { // they may pay to lose Lost or Pursued, or to draw two cards next turn
    const int paid_for = pvp_payment(other, "for your lore");
    if (paid_for <= 0) return paid_for == 0;
    std::vector<std::string> options;
    std::vector<std::string> ids;
    for (const char* id : {"lost", "pursued"})
      if (them.has_status(id)) {
        ids.push_back(id);
        options.push_back("Lose the status " + names_.status(id));
      }
    options.push_back("Draw two encounter cards next turn and keep one");
    const int pick = options.size() == 1 ? 0 : choose(who + ", what do you take?", options);
    if (pick < 0) return false;
    if (static_cast<std::size_t>(pick) < ids.size()) {
      say(who + ":");
      lose_status(them, ids[static_cast<std::size_t>(pick)], *this);
      return true;
    }
    them.coming_turn().two_cards = true;
    say("  " + who + " draws two cards next turn and keeps one (" + pvp_rules() + ").");
    return true;
  }
  }
  return true;
}

bool Session::pvp_extra_move(Player& other) {
  if (!has_map() || !other.space.at) {
    say(player_name(other) + " moves, as the book has no map to move on.");
    return true;
  }
  const std::size_t me = current_;
  const std::size_t them = static_cast<std::size_t>(&other - players_.data());
  store(players_[me]);
  current_ = them;
  load(players_[them]);
  say(player_name(other) + " moves (no encounter):");
  no_places_ = true; // a place of power would be an encounter
  const int moved = move();
  no_places_ = false;
  const std::optional<std::uint32_t> there = space_.at;
  store(players_[them]);
  current_ = me;
  load(players_[me]);
  if (moved < 0) return false;
  if (!there || there == space_.at) return true;
  const int follow = console_.choose("Do you follow " + player_name(other) + " to " +
                                         map_space_name(*there) + " (" + pvp_rules() + ")?",
                                     {"Follow", "Stay"});
  if (follow < 0) return false;
  if (follow == 0) {
    stand_on(*there);
    say("You move to " + map_space_name(*there) + ".");
  }
  return true;
}

} // namespace talebook::engine
