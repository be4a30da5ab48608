// engine_random_games FILE.tbook GAMES PLAYERS TURNS [VARIANT]: plays GAMES
// random games of the book (PLAYERS players, 0 for one character with no
// victory; each game stopped after TURNS turns of a character; VARIANT one of
// talec play's --variant) and checks, at the end of
// every turn, what a rules lawyer checks: wealth on the rulebook's ladder, at
// most one status (rule 13.2; not with rule 25's `statuses`), Destiny never below 0 (15.2), Story
// never below its start (15.1), Fabulous only with a treasure (16.2), no skill or treasure held
// twice; on a map (rule 9), a character on a space of it, and never two turns in a place of power
// without a status that holds them (9.2); and that every game ends without going round in circles.
// Prints what it played; exit 1 on any broken rule or stuck game. Built at the
// project's optimisation (the unit tests compile at -O0): the ctest test
// `engine: random games end and keep every character within the rules`.
#include <cstdlib>
#include <iostream>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <talebook/engine/character.hpp>
#include <talebook/engine/dice.hpp>
#include <talebook/engine/session.hpp>
#include <talebook/reader.hpp>

using namespace talebook::engine;

namespace {

// A random player who stops after `turns` turns, and a watcher of every turn.
class Lawyer : public Chooser, public PlayObserver {
public:
  Lawyer(const talebook::tbook::Book& book, int players, std::uint64_t seed, int turns)
      : book_(book), one_(players <= 1), dice_(seed), turns_(turns) {}

  bool limited = true; // one status at a time (rule 13.2), unless rule 25 lifts it

  int choose(const std::string& /*question*/, std::size_t count) override {
    if (turn_ > turns_ || count == 0) return -1;
    if (++questions_ > 300 * static_cast<std::uint64_t>(turns_ + 1)) {
      stuck = true;
      return -1;
    }
    return dice_.below(static_cast<int>(count));
  }
  void turn(int number) override { turn_ = number; }
  void stands(std::uint32_t space) override { space_ = space; }
  void turn_over(const Character& c) override {
    ++turns_over;
    auto broken = [&](const std::string& what) { broken_rules.push_back(what); };
    if (c.wealth < Beggar || c.wealth > Fabulous) broken("wealth off the ladder");
    if (limited && c.statuses.size() > 1) broken("more than one status");
    if (c.destiny < 0) broken("Destiny below 0");
    if (c.story < 1) broken("Story below its start");
    if (c.wealth == Fabulous && c.treasures.empty()) broken("Fabulous without a treasure");
    std::set<std::string> skills;
    for (const HeldSkill& s : c.skills)
      if (!skills.insert(s.id).second) broken("a skill held twice");
    std::set<std::uint32_t> treasures;
    for (const HeldTreasure& t : c.treasures)
      if (!treasures.insert(t.paragraph).second) broken("a treasure held twice");
    for (const HeldSkill& s : c.skills) { // rule 12.4: conditions and what they hang on
      if (s.talent_beneath && (s.level != SkillLevel::Master || s.term == Term::Permanent))
        broken("a Talent beneath no conditional Master");
      if (s.term == Term::Companion && !c.has_status(s.companion_of))
        broken("a companion without its status");
    }
    for (const HeldStatus& st : c.statuses) // rule 12.5: a skill lost under a status is not held
      for (const HeldSkill& s : st.suspended)
        if (c.skill(s.id)) broken("a skill both held and lost under a status");
    if (book_.space_count() > 0) { // rule 9: on the map, and out of a place the next turn
      if (!space_ || *space_ >= book_.space_count()) {
        broken("a character off the map");
      } else {
        const bool place = book_.space(*space_).place.has_value();
        if (one_ && place && last_ == space_ && c.statuses.empty())
          broken("two turns in a place of power"); // (one character: the turns are its own)
        last_ = space_;
      }
      space_.reset();
    }
  }

  bool stuck = false;
  std::uint64_t turns_over = 0;
  std::vector<std::string> broken_rules;

private:
  const talebook::tbook::Book& book_;
  bool one_;                                  // one character: consecutive turns are its own
  std::optional<std::uint32_t> space_, last_; // this turn's space, the last turn's
  Dice dice_;
  int turns_;
  int turn_ = 0;
  std::uint64_t questions_ = 0;
};

} // namespace

int main(int argc, char** argv) {
  if (argc != 5 && argc != 6) {
    std::cerr << "usage: engine_random_games FILE.tbook GAMES PLAYERS TURNS [VARIANT]\n";
    return 2;
  }
  const std::string variant = argc == 6 ? argv[5] : "";
  if (!variant.empty() && !Session::is_variant(variant)) {
    std::cerr << "engine_random_games: no variant '" << variant << "'\n";
    return 2;
  }
  std::string error;
  auto book = talebook::tbook::Book::open_file(argv[1], error);
  if (!book) {
    std::cerr << "engine_random_games: " << error << "\n";
    return 2;
  }
  const int games = std::atoi(argv[2]), players = std::atoi(argv[3]), turns = std::atoi(argv[4]);
  Dice seeds(2026);
  std::uint64_t played = 0, turns_over = 0, stuck = 0, broken = 0;
  for (int g = 0; g < games; ++g) {
    std::istringstream no_input;
    std::ostream nowhere(nullptr); // the narration is not wanted
    Session session(*book, no_input, nowhere, seeds.next(), false);
    Lawyer lawyer(*book, players, seeds.next(), turns);
    lawyer.limited = variant.find("statuses") == std::string::npos;
    session.automate(&lawyer);
    session.observe(&lawyer);
    session.set_players(players);
    if (!variant.empty()) session.set_variant(variant);
    session.run(); // returns: the game ended
    ++played;
    turns_over += lawyer.turns_over;
    if (lawyer.stuck) {
      ++stuck;
      std::cout << "game " << g << ": stuck (too many questions)\n";
    }
    for (const std::string& b : lawyer.broken_rules)
      if (++broken <= 20) std::cout << "game " << g << ": " << b << "\n";
  }
  std::cout << played << " games, " << turns_over << " turns, " << stuck << " stuck, " << broken
            << " broken rules\n";
  return played == static_cast<std::uint64_t>(games) && turns_over > 0 && !stuck && !broken ? 0 : 1;
}
