// What the rules need from the game around the character: the dice, the
// names to print, the player's choices, the treasure cup, and someone to
// read a treasure's or status's paragraph aloud.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <talebook/reader.hpp>

#include "talebook/engine/character.hpp"
#include "talebook/engine/dice.hpp"

namespace talebook::engine {

// Display names by vocabulary id; an id without a name prints as itself.
struct Names {
  using ById = std::map<std::string, std::string, std::less<>>;
  ById skills;
  ById statuses;
  ById wealth;
  ById words; // heading and award words ("go_to" -> "Go to")
  std::string skill(std::string_view id) const;
  std::string status(std::string_view id) const;
  std::string wealth_level(int level) const;
  std::string word(std::string_view id) const;
};

class Table {
public:
  virtual ~Table() = default;
  virtual Dice& dice() = 0;
  virtual const Names& names() const = 0;
  // One line of narration.
  virtual void say(const std::string& line) = 0;
  // The player picks one option: its index, or -1 when the player quits.
  virtual int ask(const std::string& question, const std::vector<std::string>& options) = 0;
  // Every treasure of the book (its name and paragraph).
  virtual std::vector<HeldTreasure> treasure_cup() const = 0;
  // Every skill id a player may take.
  virtual std::vector<std::string> skill_ids() const = 0;
  // Rule 11.8: the other player who holds the treasure of `paragraph` ("Player
  // 2"), if any; a treasure someone else holds is not gained. The default: none.
  virtual std::optional<std::string> holder_of(std::uint32_t /*paragraph*/) const {
    return std::nullopt;
  }
  // Rule 14: a treasure received is read aloud; rule 13.4: so is a status.
  virtual void read_treasure(const HeldTreasure&) {}
  virtual void read_status(const std::string& /*id*/) {}
  // Rule 9.3: `Move to Basra` (a space of the map) or `Move to Coast` (any
  // space of that terrain, the player's choice) moves the character at once,
  // with no second encounter; false if the player quit the choice. By
  // default the move is only said.
  virtual bool move_by_award(const tbook::Award& award) {
    say("  " + std::string(award.name) + ": you move there (rule 9.3).");
    return true;
  }
  // Rule 13.2: a character holds one status at a time; rule 25 (an
  // Adventure rule) lifts the limit.
  virtual bool status_limit() const { return true; }
  // Whether an award with this qualifier (`if Merchant`, `if Quest`) counts
  // for the player: the Standard game ignores them (rule 10.2).
  virtual bool qualifies(Qualifier /*qualifier*/) const { return true; }
  // The effects (ConditionKind::Effect) that a status's or a treasure's
  // paragraph declares in its `Effects:`; none by default.
  virtual std::vector<Condition> status_effects(std::string_view /*id*/) { return {}; }
  virtual std::vector<Condition> treasure_effects(std::uint32_t /*paragraph*/) { return {}; }
};

} // namespace talebook::engine
