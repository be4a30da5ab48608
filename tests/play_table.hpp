// The engine's rules without a book (tests/play_rules.cpp, play_skills.cpp):
// a table with scripted answers that records what is said, and awards and
// conditions made by hand.
#pragma once

#include <deque>
#include <map>
#include <optional>

#include "talebook/engine/awards.hpp"
#include "talebook/engine/sections.hpp"

namespace talebook_play_table {

using namespace talebook::engine;

// A table with scripted answers that records what is said.
class ScriptedTable : public Table {
public:
  explicit ScriptedTable(std::uint64_t seed = 1) : dice_(seed) {
    names_.skills = {{"piety", "Piety"}, {"storytelling", "Storytelling"}, {"luck", "Luck"}};
    names_.statuses = {{"blessed", "Blessed"}, {"scorned", "Scorned"}, {"diseased", "Diseased"}};
    names_.wealth = {{"beggar", "Beggar"}, {"poor", "Poor"}, {"rich", "Rich"}};
    names_.words = {
        {"master", "Master"}, {"seven_or_less", "7 or less"}, {"companion", "companion"}};
  }
  Dice& dice() override { return dice_; }
  const Names& names() const override { return names_; }
  void say(const std::string& line) override { lines.push_back(line); }
  int ask(const std::string& question, const std::vector<std::string>& options) override {
    questions.push_back(question);
    asked_options = options;
    if (answers.empty()) return -1;
    int a = answers.front();
    answers.pop_front();
    return a;
  }
  std::vector<HeldTreasure> treasure_cup() const override { return cup; }
  std::vector<std::string> skill_ids() const override { return {"luck", "piety", "storytelling"}; }
  void read_treasure(const HeldTreasure& t) override { read.push_back(t.name); }
  void read_status(const std::string& id) override { read.push_back(id); }
  std::optional<std::string> holder_of(std::uint32_t paragraph) const override {
    auto it = held_by_others.find(paragraph);
    if (it == held_by_others.end()) return std::nullopt;
    return it->second;
  }

  bool said(const std::string& part) const {
    for (const std::string& l : lines)
      if (l.find(part) != std::string::npos) return true;
    return false;
  }

  std::vector<std::string> lines;
  std::vector<std::string> questions;
  std::vector<std::string> asked_options;
  std::deque<int> answers;
  std::vector<HeldTreasure> cup;
  std::map<std::uint32_t, std::string> held_by_others; // treasure paragraph -> "Player 2"
  std::vector<std::string> read;

private:
  Dice dice_;
  Names names_;
};

// Ids are views, as the reader's are: pass text that outlives the award (literals).
inline Award award(AwardKind kind, int amount = 0, std::string_view id = {}) {
  Award a;
  a.kind = kind;
  a.amount = amount;
  a.id = id;
  return a;
}

inline Award wealth(int amount, WealthLimit limit = WealthLimit::None,
                    std::string_view level = {}) {
  Award a = award(AwardKind::Wealth, amount);
  a.limit = limit;
  a.limit_id = level;
  return a;
}

inline Condition condition(ConditionKind kind, std::string_view id = {}, bool mandatory = false) {
  Condition c;
  c.kind = kind;
  c.id = id;
  c.mandatory = mandatory;
  return c;
}

inline Condition roll(int low, int high) {
  Condition c = condition(ConditionKind::Roll);
  c.roll_low = low;
  c.roll_high = high;
  return c;
}

} // namespace talebook_play_table
