// Session: cards, encounter charts, reaction matrices and award paragraphs.
#include <algorithm>

#include "talebook/engine/book_view.hpp"
#include "talebook/engine/sections.hpp"
#include "talebook/engine/session.hpp"

#include "talebook/engine/effects.hpp"

namespace talebook::engine {

namespace {

std::string str(std::string_view s) {
  return std::string(s);
}

std::string trim(std::string_view s) {
  const auto first = s.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return {};
  return str(s.substr(first, s.find_last_not_of(" \t\r\n") - first + 1));
}

constexpr int max_go_to = 64; // a chain of `Go to` longer than this is a loop

} // namespace

std::string Session::heading(const Section& section) const {
  const std::string mandatory = names_.word("mandatory");
  std::string out;
  for (const Condition& c : section.conditions) {
    // What the resolver read from the section's text (a space, a modifier, an
    // effect) is in its text, not in its heading.
    if (c.kind == ConditionKind::Space || c.kind == ConditionKind::Modifier ||
        c.kind == ConditionKind::Effect)
      continue;
    if (!out.empty()) out += ", ";
    out += c.name.empty() ? c.id : c.name;
    if (c.mandatory) out += " (" + mandatory + ")";
  }
  return out;
}

std::string Session::award_code(const std::vector<Award>& awards) const {
  auto word = [&](const char* id) { return names_.word(id); };
  std::string out;
  for (const Award& a : awards) {
    std::string item;
    switch (a.kind) {
    case AwardKind::Destiny:
      item = "D" + std::to_string(a.amount);
      break;
    case AwardKind::Story:
      item = "S" + std::to_string(a.amount);
      break;
    case AwardKind::Wealth:
      item = std::string("W") + (a.amount >= 0 ? "+" : "") + std::to_string(a.amount);
      if (a.limit != WealthLimit::None)
        item += " (" + (a.limit == WealthLimit::Max ? word("max") : word("min")) + ": " +
                names_.wealth_level(wealth_level(a.limit_id)) + ")";
      break;
    case AwardKind::Skill:
      item = with_term(names_, names_.skill(a.id), a.term);
      break;
    case AwardKind::Status:
      item = with_term(names_, names_.status(a.id), a.term);
      break;
    case AwardKind::LoseSkill:
      item = word("lose") + " " + names_.skill(a.id);
      break;
    case AwardKind::LoseStatus:
      item = word("lose") + " " + names_.status(a.id);
      break;
    case AwardKind::LoseTreasure:
      item = word("lose") + " " + std::string(a.id);
      break;
    case AwardKind::LoseStatuses:
      item = word("lose_any_statuses");
      break;
    case AwardKind::RandomTreasure:
      item = word("random_treasure");
      break;
    case AwardKind::Treasure:
      item = std::string(a.id) + " (" + std::to_string(a.paragraph) + ")";
      break;
    case AwardKind::QuestSuccess:
      item = word("quest_success");
      break;
    case AwardKind::GoTo:
      item = word("go_to") + " " + std::to_string(a.paragraph);
      break;
    case AwardKind::EnterPlace:
      item = word("enter") + " " + std::string(a.id);
      break;
    case AwardKind::Death:
      item = word("death");
      break;
    case AwardKind::MoveToSpace:
    case AwardKind::MoveToTerrain:
      item = word("move_to") + " " + std::string(a.name);
      break;
    case AwardKind::UseAnySkill:
      item = word("use_any_skill");
      break;
    }
    if (a.qualifier == Qualifier::IfMerchant) item += " " + word("if_merchant");
    if (a.qualifier == Qualifier::IfQuest) item += " " + word("if_quest");
    out += (out.empty() ? "" : "/") + item;
  }
  return "[" + out + "]";
}

bool Session::refill_deck() {
  const bool first = !deck_shuffled_;
  deck_shuffled_ = true;
  auto held = [](const std::vector<std::uint32_t>& cards, std::uint32_t i) {
    return std::find(cards.begin(), cards.end(), i) != cards.end();
  };
  // Every player's fate and Quest cards stay in their hands (the current
  // player's are the session's own during the turn).
  auto anyone_holds = [&](std::uint32_t i) {
    if (held(fate_cards_, i) || held(quest_cards_, i)) return true;
    return std::any_of(players_.begin(), players_.end(), [&](const Player& p) {
      return held(p.fate_cards, i) || held(p.quest_cards, i) || held(p.hand, i);
    });
  };
  for (std::uint32_t i = 0; i < book_.card_count(); ++i)
    if (!anyone_holds(i)) deck_.push_back(i);
  if (deck_.empty()) { // no discards: no new deck begins
    say("Every card is in the players' hands: there is nothing to draw.");
    return false;
  }
  for (std::size_t i = deck_.size(); i > 1; --i)
    std::swap(deck_[i - 1], deck_[dice_.below(static_cast<int>(i))]);
  if (!first && deck_number_ == 3 && !solitaire_.empty()) {
    deck_finished_ = true; // the game is lost (rule 28)
    say("The 3rd deck is used up (" + solitaire_ + ").");
    return false;
  }
  if (!first && deck_number_ < 3) {
    ++deck_number_;
    say("The deck is used up: you shuffle the discards, and the " +
        std::string(deck_number_ == 2 ? "2nd" : "3rd") + " deck begins (rule 10.4).");
  }
  return true;
}

bool Session::draw_card() {
  // Rule 24.2: with Interactive Card Play, the card is asked of another player.
  if (interactive_ && !askable().empty()) return ask_for_card();
  if (deck_.empty() && !refill_deck()) return true;
  std::uint32_t index = deck_.back();
  deck_.pop_back();
  // Two players (rule 10.1) and Solitaire (rule 29): two cards, one kept, the
  // other discarded at once.
  const bool lore = character_.this_turn().two_cards; // the Chinese rules: Wilderness Lore
  if ((player_count_ == 2 || !solitaire_.empty() || lore) && !deck_.empty()) {
    const std::uint32_t other = deck_.back();
    deck_.pop_back();
    int keep = console_.choose(std::string("You draw two cards and keep one (") +
                                   (!solitaire_.empty()  ? "rule 29"
                                    : player_count_ == 2 ? "rule 10.1"
                                                         : "the Chinese rules: Wilderness Lore") +
                                   "):",
                               {card_shown(index), card_shown(other)});
    if (keep < 0) return false;
    if (keep == 1) index = other;
  }
  return play_card(index);
}

std::string Session::card_shown(std::uint32_t index) const {
  const tbook::Card c = book_.card(index);
  switch (c.kind) {
  case tbook::CardKind::Character:
    return str(c.name) + " (" + std::string(1, c.matrix) + ")";
  case tbook::CardKind::Terrain:
    return "the terrain card " + str(c.name);
  default:
    return "the fate card " + str(c.name);
  }
}

bool Session::play_card(std::uint32_t index, bool drawn) {
  const tbook::Card card = book_.card(index);
  switch (card.kind) {
  case tbook::CardKind::Character: {
    const std::uint32_t deck = std::min<std::uint32_t>(deck_number_, card.decks.size());
    if (deck == 0) return true;
    const std::uint32_t number = book_.reference(card.decks[deck - 1]);
    say((drawn ? "You draw " + str(card.name) + " (" + std::string(1, card.matrix) + "): the"
               : std::string("Its")) +
        " deck marker sends you to paragraph " + std::to_string(number) + " (rule 11.2).");
    return encounter_chart(number);
  }
  case tbook::CardKind::Terrain: {
    if (drawn) say("You draw the terrain card " + str(card.name) + ".");
    if (const std::optional<std::uint32_t> here = terrain_here(card)) { // the map says (11.2)
      const tbook::TerrainEntry terrain = book_.terrain(*here);
      say("Your space, " + std::string(book_.space(*space_.at).name) + ", is " +
          str(terrain.terrain_name) + ": paragraph " + std::to_string(terrain.paragraph) +
          " (rule 11.2).");
      return encounter_chart(terrain.paragraph);
    }
    std::vector<std::string> options;
    std::vector<std::uint32_t> numbers;
    for (std::uint32_t t : card.terrains) {
      const tbook::TerrainEntry terrain = book_.terrain(t);
      options.push_back(str(terrain.terrain_name) + " (" + std::to_string(terrain.paragraph) + ")");
      numbers.push_back(terrain.paragraph);
    }
    if (options.empty()) return true;
    int pick = console_.choose("What is the terrain of your space (rule 11.2)?", options);
    if (pick < 0) return false;
    return encounter_chart(numbers[pick]);
  }
  case tbook::CardKind::City:
  case tbook::CardKind::Special:
    // Rule 10.2: the card that lets you "use any skill against" another is
    // the Adventure rules' (rule 26); without them it is discarded for another.
    if (uses_any_skill(card) && !(pvp_ && adventure())) {
      say("You draw the Special card " + str(card.name) +
          ": it is for the Adventure rules' rule 26 only; you discard it and draw again (rule "
          "10.2).");
      if (deck_.empty()) {
        say("The deck has no other card: no encounter this turn.");
        return true;
      }
      return draw_card();
    }
    say("You draw the fate card " + str(card.name) +
        ": you keep it and have no encounter this turn (rule 10.1).");
    fate_cards_.push_back(index);
    if (fate_cards_.size() > 2) {
      std::vector<std::string> options;
      for (std::uint32_t c : fate_cards_)
        options.push_back(str(book_.card(c).name));
      int pick = console_.choose("You may keep only two fate cards (rule 10.3). Discard:", options);
      if (pick < 0) return false;
      say("You discard " + options[pick] + ".");
      fate_cards_.erase(fate_cards_.begin() + pick);
    }
    return true;
  }
  return true;
}

bool Session::choose_chart() {
  std::vector<std::string> options;
  std::vector<std::uint32_t> numbers;
  for (std::uint32_t i = 0; i < book_.paragraph_count(); ++i) {
    const tbook::Paragraph p = book_.paragraph(i);
    if (!p.has_chart) continue;
    std::string prose = trim(p.prose);
    prose = prose.substr(0, prose.find('\n'));
    options.push_back(prose.empty() ? "Encounter chart " + std::to_string(p.number) : prose);
    numbers.push_back(p.number);
  }
  if (options.empty()) {
    say("This book has no encounter chart (talec play --from N starts at paragraph N).");
    return false;
  }
  // Each chart is chosen by its own paragraph number, gaps or not.
  int pick =
      console_.choose_by_key("Which encounter chart (its paragraph number)?", numbers, options);
  if (pick < 0) return false;
  encounter_chart(numbers[pick]);
  return true;
}

bool Session::enter_place() {
  std::vector<std::string> options;
  for (const Opportunity& o : character_.opportunities)
    options.push_back(o.place);
  int pick = 0;
  if (options.size() > 1) {
    pick = console_.choose("Which place of power do you enter?", options);
    if (pick < 0) return false;
  }
  const Opportunity place = character_.opportunities[pick];
  character_.opportunities.erase(character_.opportunities.begin() + pick);
  say("You enter " + place.place + " (rule 11.3).");
  return encounter_chart(place.paragraph);
}

bool Session::play_city_card() {
  const std::vector<std::uint32_t> here = city_cards_here();
  std::vector<std::string> options;
  for (std::uint32_t c : here)
    options.push_back(str(book_.card(c).name));
  int pick = 0;
  if (!space_.at || options.size() > 1) { // on the map, the city you stand in says which
    pick = console_.choose(space_.at ? "Play which city card?"
                                     : "Play which city card? (You must stand in its city.)",
                           options);
    if (pick < 0) return false;
  }
  const tbook::Card card = book_.card(here[static_cast<std::size_t>(pick)]);
  fate_cards_.erase(std::find(fate_cards_.begin(), fate_cards_.end(), card.index));
  const int die = dice_.roll();
  say("You play " + str(card.name) + " and roll " + std::to_string(die) + ".");
  for (std::uint32_t r : card.results) {
    const tbook::CityResult result = book_.city_result(r);
    if (result.roll != die) continue;
    std::vector<std::vector<Award>> groups;
    std::vector<std::string> codes;
    for (std::uint32_t g : result.award_groups) {
      groups.push_back(read_award_group(book_, g));
      codes.push_back(award_code(groups.back()));
    }
    const std::string text = trim(result.text);
    // The card's words and its award codes (the codes' places in the words are not kept).
    std::string line = std::to_string(die) + ":" + (text.empty() ? "" : " " + text);
    if (!text.empty() && !codes.empty()) line += " (awards:";
    for (std::size_t i = 0; i < codes.size(); ++i)
      line += std::string(i == 0 ? " " : ", ") + codes[i];
    if (!text.empty() && !codes.empty()) line += ")";
    say(line);
    int group = -1;
    if (groups.size() == 1 && text.empty()) {
      group = 0;
    } else if (!groups.empty()) {
      // The card's words ("if any status, otherwise...") decide: the player reads them.
      codes.push_back("None of them");
      group = console_.choose("Which award does the card give you?", codes);
      if (group < 0) return false;
    }
    if (group >= 0 && static_cast<std::size_t>(group) < groups.size()) {
      AwardOutcome outcome = apply_awards(character_, groups[group], *this);
      if (outcome.quit) quit_ = true;
      if (outcome.quit || outcome.death) return false;
      if (outcome.go_to && !award_paragraph(*outcome.go_to)) return false;
    }
    // Rule 11.4: an encounter from a city card.
    std::vector<std::string> encounters;
    for (std::uint32_t ref : result.refs)
      encounters.push_back("Turn to paragraph " + std::to_string(book_.reference(ref)));
    for (std::uint32_t m : result.matrix_refs) {
      const tbook::MatrixRef ref = book_.matrix_ref(m);
      encounters.push_back(str(ref.being) + " (" + std::string(1, ref.letter) + ")");
    }
    if (encounters.empty()) return true;
    int which = console_.choose("Which encounter do you have (rule 11.4)?", encounters);
    if (which < 0) return false;
    if (static_cast<std::uint32_t>(which) < result.refs.size())
      return encounter_chart(book_.reference(result.refs[which]));
    const tbook::MatrixRef ref = book_.matrix_ref(result.matrix_refs[which - result.refs.size()]);
    return reaction_matrix(ref.letter, ref.row, str(ref.being));
  }
  say("The card has no result for " + std::to_string(die) + ".");
  return true;
}

bool Session::encounter_chart(std::uint32_t number) {
  auto p = book_.find_paragraph(number);
  if (!p) {
    observer().dead_end(DeadEnd::MissingParagraph, number, 0);
    say("Paragraph " + std::to_string(number) + " is not in this book.");
    return true;
  }
  if (!p->has_chart || p->chart_entries.empty()) return award_paragraph(number);
  console_.blank();
  std::string prose = trim(p->prose);
  say("Encounter chart " + std::to_string(number) + (prose.empty() ? "." : ": " + prose));
  const int die = dice_.roll();
  std::string held; // rule 13.4: what statuses and treasures add ("+ 1 (Blessed)")
  const int modified =
      encounter_roll(die, character_, space_) + effects_on_encounter_roll(character_, *this, held);
  std::string line = "You roll " + std::to_string(die);
  if (character_.destiny_bonus())
    line += " + " + std::to_string(character_.destiny_bonus()) + " (Destiny)";
  if (space_.wild) line += " + 2 (Wild Area)";
  if (space_.number) line += " + " + std::to_string(space_.number) + " (space)";
  line += held;
  if (modified != die) line += " = " + std::to_string(modified);
  const std::size_t chart_index = chart_line(modified, p->chart_entries.size());
  observer().paragraph(number);
  observer().chart_line(number, chart_index);
  const tbook::ChartEntry entry = book_.chart_entry(p->chart_entries[chart_index]);
  line += ": " + std::to_string(entry.roll) + ". " + str(entry.being) + " (" +
          std::string(1, entry.matrix) + ").";
  say(line);
  return reaction_matrix(entry.matrix, entry.row, str(entry.being), entry.sex);
}

bool Session::reaction_matrix(char letter, std::optional<std::uint32_t> row,
                              const std::string& being, tbook::BeingSex sex) {
  met_being_ = being; // rule 22.3: a Q:S with your quest's being fulfils it
  auto m = book_.find_matrix(letter);
  if (!m) {
    observer().dead_end(DeadEnd::MissingMatrix, std::nullopt, letter);
    say("Reaction matrix " + std::string(1, letter) + " is not in this book.");
    return true;
  }
  // The row the compiler resolved; a bare `(H)` names none.
  if (!row || *row >= m->row_count) {
    observer().dead_end(DeadEnd::MissingRow, std::nullopt, letter);
    say("Reaction matrix " + std::string(1, letter) + " has no row for " + being + ".");
    return true;
  }
  const std::string row_name = str(book_.matrix_row(*m, *row));
  std::vector<std::string> options;
  std::vector<tbook::MatrixCell> cells;
  std::vector<std::uint32_t> columns; // the option of each cell offered
  for (std::uint32_t c = 0; c < m->option_count; ++c) {
    const tbook::MatrixCell cell = book_.matrix_cell(*m, *row, c);
    if (cell.kind == tbook::CellKind::Forbidden) continue; // ★: not an option
    std::string name = str(book_.matrix_option(*m, c).name);
    if (book_.matrix_option(*m, c).id == "court" && !may_court(sex)) {
      say(name + " is not open to you: " + being + " is of your sex (rule 11.6).");
      continue;
    }
    if (auto who = forbidden_by(character_, *this, book_.matrix_option(*m, c).id)) {
      say(name + " is not open to you: " + *who + " forbids it (rule 13.4).");
      continue;
    }
    options.push_back(cell.kind == tbook::CellKind::NoEncounter
                          ? name + " (no encounter)"
                          : name + " (" + std::to_string(cell.number) + ")");
    cells.push_back(cell);
    columns.push_back(c);
  }
  if (options.empty()) {
    observer().dead_end(DeadEnd::NoReaction, std::nullopt, letter);
    say("No reaction is open to you: the encounter ends.");
    return true;
  }
  int pick = console_.choose("Reaction matrix " + std::string(1, letter) + ", row " + row_name +
                                 ": how do you react (rule 11.6)?",
                             options);
  if (pick < 0) return false;
  observer().cell(letter, *row, columns[pick]);
  if (cells[pick].kind == tbook::CellKind::NoEncounter) {
    say("No encounter: the encounter is over (rule 11.6).");
    return true;
  }
  const std::uint32_t n = cells[pick].number;
  std::optional<std::uint32_t> target; // chosen by a Master skill, else rolled for
  const std::vector<MasterChoice> masters =
      master_choices(n, character_, [this](std::uint32_t k) { return paragraph(k); });
  if (!masters.empty()) {
    std::vector<std::string> choices = {"Roll the die for " + std::to_string(n - 1) + ", " +
                                        std::to_string(n) + " or " + std::to_string(n + 1)};
    for (const MasterChoice& mc : masters)
      choices.push_back("Use your mastery of " + names_.skill(mc.skill) + ": turn to " +
                        std::to_string(mc.paragraph));
    int use = console_.choose("Your Master skills may choose the paragraph (rule 12.2):", choices);
    if (use < 0) return false;
    if (use > 0) target = masters[use - 1].paragraph;
  }
  if (!target) {
    const int die = dice_.roll();
    target = engine::award_paragraph(n, die);
    say("You roll " + std::to_string(die) + ": paragraph " + std::to_string(*target) +
        " (rule 11.7).");
  }
  return award_paragraph(*target);
}

bool Session::award_paragraph(std::uint32_t number) {
  for (int hops = 0; hops < max_go_to; ++hops) {
    const Paragraph* p = paragraph(number);
    if (!p) {
      observer().dead_end(DeadEnd::MissingParagraph, number, 0);
      say("Paragraph " + std::to_string(number) + " is not in this book.");
      return true;
    }
    observer().paragraph(number);
    award_read_ = true;
    console_.blank();
    say(std::to_string(number) + (p->name.empty() ? "" : " " + std::string(p->name)));
    if (!p->prose.empty()) say(std::string(p->prose));
    // An award in the prose, before any heading, is for everyone: it comes first.
    AwardOutcome everyone;
    for (std::size_t i : sections_for_everyone(p->sections)) {
      const AwardOutcome outcome = apply_section(*p, i);
      if (outcome.quit) quit_ = true;
      if (outcome.quit || outcome.death) return false;
      if (!everyone.go_to) everyone.go_to = outcome.go_to;
    }
    // Rule 29: in Solitaire a character with a Master skill may ignore a mandatory heading.
    const bool master =
        std::any_of(character_.skills.begin(), character_.skills.end(),
                    [](const HeldSkill& s) { return s.level == SkillLevel::Master; });
    const SectionChoice choice =
        applicable_sections(p->sections, character_, master && rulebook_solitaire());
    std::size_t index = p->sections.size();
    if (choice.rule == SectionRule::Roll) {
      const int dice = dice_for_rows(p->sections);
      int roll = 0;
      std::string line = "You roll";
      for (int d = 0; d < dice; ++d) {
        const int die = dice_.roll();
        roll += die;
        line += (d == 0 ? " " : " + ") + std::to_string(die);
      }
      if (dice > 1) line += " = " + std::to_string(roll) + " (two dice: a row goes past 6)";
      index = section_for_roll(p->sections, roll);
      if (index == p->sections.size()) observer().dead_end(DeadEnd::UncoveredRoll, number, 0);
      say(line + "." + (index < p->sections.size() ? "" : " No row of the paragraph covers it."));
    } else if (choice.candidates.size() == 1) {
      index = choice.candidates[0];
    } else if (!choice.candidates.empty()) {
      std::vector<std::string> options;
      for (std::size_t i : choice.candidates)
        options.push_back(heading(p->sections[i]));
      int pick = console_.choose(choice.rule == SectionRule::Mandatory
                                     ? "Which mandatory section applies (rule 12.1)?"
                                     : "Which of your skills do you use (rule 12.1)?",
                                 options);
      if (pick < 0) return false;
      index = choice.candidates[pick];
    } else if (p->sections.size() > sections_for_everyone(p->sections).size()) {
      observer().dead_end(DeadEnd::NoSection, number, 0); // headings, none met
    }
    AwardOutcome outcome;
    if (index < p->sections.size()) outcome = apply_section(*p, index); // else prose only
    if (outcome.quit) quit_ = true;
    if (outcome.quit || outcome.death) return false;
    if (!outcome.go_to) outcome.go_to = everyone.go_to;
    if (!outcome.go_to) return true;
    say("Go to " + std::to_string(*outcome.go_to) + ".");
    number = *outcome.go_to;
  }
  observer().dead_end(DeadEnd::GoToLoop, number, 0);
  say("Too many Go to in a row: the encounter stops here.");
  return true;
}

AwardOutcome Session::apply_section(const Paragraph& p, std::size_t index) {
  const Section& s = p.sections[index];
  observer().section(p.number, index);
  // A section for everyone has no heading: its text is the prose, read already.
  std::string line = s.conditions.empty() ? "" : heading(s) + ": " + std::string(s.text);
  if (!s.awards.empty()) line += (line.empty() || s.text.empty() ? "" : " ") + award_code(s.awards);
  if (!line.empty()) say(line);
  // Rule 12.4: a `1 use` skill is spent when it decides an encounter.
  const std::string used = skill_used(s, character_);
  if (!used.empty() && character_.skill(used)->term == Term::OneUse) {
    say("  You have used " + names_.skill(used) + " (1 use): it is gone (rule 12.4).");
    drop_conditional_skill(
        character_, static_cast<std::size_t>(character_.skill(used) - character_.skills.data()),
        *this);
  }
  AwardOutcome outcome = apply_awards(character_, s.awards, *this);
  if (!outcome.quit && met_quest_being() &&
      std::any_of(s.awards.begin(), s.awards.end(),
                  [](const Award& a) { return a.kind == AwardKind::QuestSuccess; })) {
    say("  You have met " + met_being_ + ", the being of your Quest card (rule 22.3).");
    quest_fulfilled(*current_quest());
  }
  return outcome;
}

} // namespace talebook::engine
