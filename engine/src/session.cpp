#include "talebook/engine/session.hpp"

#include <ostream>

#include "talebook/engine/book_view.hpp"
#include "talebook/engine/effects.hpp"
#include "talebook/engine/variants.hpp"

namespace talebook::engine {

namespace {

std::string join(const std::vector<std::string>& items, const std::string& none) {
  if (items.empty()) return none;
  std::string out;
  for (const std::string& item : items)
    out += (out.empty() ? "" : ", ") + item;
  return out;
}

} // namespace

Session::Session(const tbook::Book& book, std::istream& in, std::ostream& out, std::uint64_t seed,
                 bool echo)
    : book_(book), seed_(seed), console_(in, out, echo), dice_(seed), names_(read_names(book)),
      skill_ids_(read_skill_ids(book)), treasures_(read_treasures(book)) {}

bool Session::is_variant(std::string_view list) {
  std::string error;
  return read_variants(list, error).has_value();
}

bool Session::set_variant(std::string_view list) {
  std::string error;
  const std::optional<Variants> v = read_variants(list, error);
  if (!v) return false;
  storytelling_ = v->storytelling;
  merchants_ = v->merchant;
  interactive_ = v->interactive;
  questers_ = v->quest;
  if (v->solitaire) solitaire_ = "rule 28";
  zh_ = v->zh; // solo or player against player: run() says which
  skills_rule_ = v->skills;
  no_status_limit_ = v->statuses;
  return true;
}

bool Session::over() const {
  return quit_ || console_.quit() || console_.input_ended() || character_.dead || deck_finished_;
}

int Session::ask(const std::string& question, const std::vector<std::string>& options) {
  return console_.choose(question, options);
}

const Paragraph* Session::paragraph(std::uint32_t number) {
  const std::lock_guard<std::mutex> hold(paragraphs_->lock);
  auto it = paragraphs_->read.find(number);
  if (it != paragraphs_->read.end()) return &it->second;
  auto p = book_.find_paragraph(number);
  if (!p) return nullptr;
  return &paragraphs_->read.emplace(number, read_paragraph(book_, *p)).first->second;
}

std::string Session::skill_list() const {
  std::vector<std::string> skills;
  for (const HeldSkill& s : character_.skills) {
    Term shown = s.term; // a conditional Master: `Wisdom (Master, 7 or less)`
    if (s.level == SkillLevel::Master && s.term != Term::Permanent)
      tbook::master_term(s.term, shown);
    skills.push_back(
        with_term(names_, names_.skill(s.id), shown) +
        (s.level == SkillLevel::Master && s.term == Term::Permanent ? " (Master)" : ""));
  }
  return join(skills, "none");
}

void Session::run() {
  say("talec play: " + std::string(book_.title()) + " (seed " + std::to_string(seed_) + ")");
  say("Answer each question with the number of a choice; q quits.");
  in_game_ = player_count_ > 0 && !from_;
  if (zh_ && player_count_ <= 1) solitaire_ = "the Chinese rules' solo variant";
  pvp_ = (zh_ || skills_rule_) && player_count_ >= 2;
  if (in_game_) {
    set_up_game();
  } else if (!set_up()) {
    finish_walk();
    return;
  } else if (from_) {
    play_from(*from_);
    finish_walk();
    return;
  }
  play_turns();
}

void Session::resume(std::istream& in, std::ostream& out, Chooser* chooser) {
  console_.rebind(in, out);
  console_.set_chooser(chooser);
  resumed_ = true;
  play_turns();
}

void Session::play_turns() {
  if (in_game_) {
    play_rounds();
    return;
  }
  while (!over()) {
    turn_begins();
    take_turn();
  }
  finish_walk();
}

void Session::turn_begins() {
  if (resumed_)
    resumed_ = false;
  else if (keeper_)
    keeper_->turn_begins(*this);
}

void Session::finish_walk() {
  console_.blank();
  if (character_.dead) observer().death();
  if (character_.dead)
    say("Your character is dead; the game is over.");
  else if (console_.input_ended())
    say("The input ended; the game stops here.");
  else if (from_ && !over())
    say("The encounter from paragraph " + std::to_string(*from_) + " is over (--from).");
  else
    say("You close the book.");
  sheet();
}

bool Session::set_up() {
  console_.blank();
  int gender = console_.choose("Who is your character (rule 4.2)?", {"A man", "A woman"});
  if (gender < 0) return false;
  character_.gender = gender == 0 ? Gender::Male : Gender::Female;
  if (has_map()) // rule 4.1: every character starts in Baghdad, the map's start space
    if (const std::optional<std::uint32_t> start = book_.start_space()) stand_on(*start);

  // Rule 4.4: three skills at Talent, anything but Major Magic.
  std::vector<std::string> ids;
  std::vector<std::string> names;
  for (const std::string& id : skill_ids_)
    if (id != "major_magic") {
      ids.push_back(id);
      names.push_back(names_.skill(id));
    }
  if (ids.empty()) {
    start_situation();
    return true;
  }
  console_.blank();
  say("Choose three skills (rule 4.4):");
  for (std::size_t i = 0; i < names.size(); ++i)
    say("  " + std::to_string(i + 1) + ". " + names[i]);
  say("  q. Quit");
  const char* const ordinal[] = {"First", "Second", "Third"};
  for (int k = 0; k < 3 && character_.skills.size() < ids.size(); ++k) {
    int pick = console_.choose_again(std::string(ordinal[k]) + " skill:", names);
    if (pick < 0) return false;
    if (character_.skill(ids[pick])) {
      say("You have " + names[pick] + " already.");
      --k;
      continue;
    }
    character_.skills.push_back({ids[pick], SkillLevel::Talent, Term::Permanent});
  }
  start_situation();
  return true;
}

void Session::start_situation() {
  if (!start_) return;
  apply_start(*start_, character_);
  if (start_->space) stand_on(*start_->space); // rule 9: on the map, where it says
  console_.blank();
  say("You start from the stated situation (--start):");
  suspend_skills(character_, *this);
  sheet();
}

void Session::summary() {
  std::string line = "Destiny " + std::to_string(character_.destiny) + ", Story " +
                     std::to_string(character_.story) + ", Wealth " +
                     names_.wealth_level(character_.wealth) + ". Skills: " + skill_list() + ".";
  say(line);
  // Rule 7.2: statuses and treasures are announced at the start of the turn.
  for (const HeldStatus& s : character_.statuses)
    say("Your status: " + with_term(names_, names_.status(s.id), s.term) + ".");
  for (const HeldTreasure& t : character_.treasures)
    say("Your treasure: " + t.name + " (" + std::to_string(t.paragraph) + ").");
  if (interactive_ && in_game_) { // rule 24.1: the hand is for the others
    std::vector<std::string> cards;
    for (std::uint32_t c : players_[current_].hand)
      cards.push_back(card_shown(c));
    say("Your hand, to give to the others (rule 24): " + join(cards, "no cards") + ".");
  }
}

void Session::sheet() {
  say("Your character (turn " + std::to_string(character_.turn) + "):");
  say(std::string("  Gender     ") + (character_.gender == Gender::Male ? "male" : "female"));
  std::string destiny = "  Destiny    " + std::to_string(character_.destiny);
  if (character_.destiny_bonus() > 0)
    destiny += " (encounter rolls +" + std::to_string(character_.destiny_bonus()) + ")";
  say(destiny);
  say("  Story      " + std::to_string(character_.story));
  say("  Wealth     " + names_.wealth_level(character_.wealth));
  if (space_.at) say("  Space      " + space_name());
  say("  Skills     " + skill_list());
  std::vector<std::string> items;
  for (const HeldStatus& s : character_.statuses) {
    std::string item = with_term(names_, names_.status(s.id), s.term);
    std::vector<std::string> under; // rule 12.5: the skills lost while it is held
    for (const HeldSkill& k : s.suspended)
      under.push_back(names_.skill(k.id));
    if (!under.empty()) item += " (lost while held: " + join(under, "") + ")";
    items.push_back(item);
  }
  say("  Status     " + join(items, "none"));
  items.clear();
  for (const HeldTreasure& t : character_.treasures)
    items.push_back(t.name + " (" + std::to_string(t.paragraph) + ")");
  say("  Treasures  " + join(items, "none"));
  if (!character_.opportunities.empty()) {
    items.clear();
    for (const Opportunity& o : character_.opportunities)
      items.push_back(o.place + " (" + std::to_string(o.paragraph) + ")");
    say("  May enter  " + join(items, "none"));
  }
  if (!fate_cards_.empty()) {
    items.clear();
    for (std::uint32_t c : fate_cards_)
      items.push_back(std::string(book_.card(c).name));
    say("  Fate cards " + join(items, "none"));
  }
}

void Session::play_from(std::uint32_t number) {
  observer().turn(character_.turn);
  console_.blank();
  say("== Turn " + std::to_string(character_.turn) + " ==");
  summary();
  say("You start at paragraph " + std::to_string(number) + " (--from).");
  encounter_chart(number);
}

// A turn (rule 7). Without players (a writer's walk through the book) the
// menu offers everything until an encounter ends the turn: a chart may be
// chosen without a card, a city card played before it. In the Standard game
// the rules' order holds: where you stand and the encounter, by a card (or a
// place of power; a chart only in a book with no cards), then Cards and Dice
// (7.5): one city card, one roll on a quest table, the conditional rolls.
// Either way a quest is rolled for once a turn.
void Session::take_turn() {
  observer().turn(character_.turn);
  console_.blank();
  say("== Turn " + std::to_string(character_.turn) + " ==");
  summary();
  const bool game = player_count_ > 0;
  met_being_.clear();
  // Rule 22.1: a player on quests without a Quest card draws one first.
  if (quester() && quest_cards_.empty() && !draw_quest_card()) return;
  quest_rolled_ = false;
  city_played_ = false;
  special_played_ = false;
  pvp_used_ = false;
  traded_ = false;
  award_read_ = false;
  bool encountered = false;
  // Rule 13.4: a status (or treasure) whose paragraph says so forbids encounters or moving.
  const std::optional<std::string> held_back = no_encounters_by(character_, *this);
  std::optional<std::string> held_still = no_movement_by(character_, *this);
  if (held_back) say("No encounter this turn: " + *held_back + " (rule 13.4).");
  if (held_still) {
    say("You may not move this turn: " + *held_still + " (rule 13.4).");
  } else if (character_.this_turn().no_move) {
    held_still = "another player's skill";
    say("You may not move this turn: another player's skill keeps you (" + pvp_rules() + ").");
  }
  // Rules 7.4, 10.1: a character kept in a place of power draws no card there.
  const bool no_card = held_back || (has_map() && in_place() && held_still);
  if (no_card && !held_back)
    say("No card is drawn in a place of power (rules 7.4, 10.1): no encounter this turn.");
  bool moved = false;
  bool extended = false; // rule 22.4: once, after meeting the quest's being
  for (;;) {
    enum Action {
      Draw,
      Chart,
      Enter,
      City,
      Special,
      Space,
      Move,
      Give,
      Skill,
      Sheet,
      Quest,
      Extend,
      CashIn,
      DrawCounters,
      End
    };
    std::vector<std::string> options;
    std::vector<Action> actions;
    const bool after = game && (encountered || no_card); // the Cards and Dice part of the turn
    // Rule 9.2: a turn begun in a place of power starts by leaving it.
    const bool must_leave = has_map() && in_place() && !moved && !held_still;
    if (must_leave) {
      options.push_back("Move (rule 9.2: you must leave " +
                        std::string(book_.space(*space_.at).name) + ")");
      actions.push_back(Move);
    }
    if (!after && !no_card && !must_leave) {
      if (book_.card_count() > 0) {
        static const char* const decks[] = {"1st", "2nd", "3rd"};
        options.push_back(interactive_ && !askable().empty()
                              ? std::string("Ask another player for an Encounter card (rule 24.2)")
                              : "Draw a card (" + std::string(decks[deck_number_ - 1]) + " deck)");
        actions.push_back(Draw);
      }
      if (!game || book_.card_count() == 0) {
        options.push_back("Turn to an encounter chart");
        actions.push_back(Chart);
      }
      for (const Opportunity& o : character_.opportunities) {
        if (has_map()) break; // a place is entered by moving to it (9.2)
        options.push_back("Enter " + o.place + " (rule 11.3)");
        actions.push_back(Enter);
        break; // one menu line; the place is chosen after
      }
    }
    if (!city_cards_here().empty() && (!game || (after && !city_played_))) {
      options.push_back("Play a city card (rule 10.2)");
      actions.push_back(City);
    }
    // Rule 10.2: after the encounter, on a player in your space.
    const bool special =
        game && after && !special_played_ && !special_cards().empty() && !special_targets().empty();
    if (special) {
      options.push_back("Play a Special card (rule 10.2)");
      actions.push_back(Special);
    }
    if (!after && !held_still && !has_map()) {
      options.push_back("Say where you stand (now: " + space_name() + ")");
      actions.push_back(Space);
    }
    // Rules 7.3, 13.4: the move comes before the encounter, and a status that
    // forbids encounters does not forbid it.
    const bool may_move = has_map() && !moved && !must_leave && !held_still && !encountered;
    if (may_move) {
      options.push_back("Move (rule 9; you are in " + space_name() + ")");
      actions.push_back(Move);
    }
    // Rule 16.4: before or after the move, to a player in your space.
    const bool may_give =
        game && has_map() && !encountered && character_.wealth > Beggar && !players_here().empty();
    if (may_give) {
      options.push_back("Give a wealth level to a player in your space (rule 16.4)");
      actions.push_back(Give);
    }
    // The Chinese rules: at the end of your turn, a skill on a player in your space.
    const bool pvp = after && !pvp_choices().empty();
    if (pvp) {
      options.push_back("Use a skill on a player in your space (" + pvp_rules() + ")");
      actions.push_back(Skill);
    }
    const bool quest = !quest_rolled_ && !quest_paragraphs().empty() && (!game || after);
    // Rule 22.4: after an encounter with your quest's being (no Q:S: it would
    // have fulfilled the quest), you may extend the quest.
    const bool extend = after && !extended && met_quest_being();
    // Rules 23.1, 23.4: a merchant after an encounter in a city (one that
    // read an award paragraph: "no encounter" is none).
    const bool cash_in = game && award_read_ && may_cash_in();
    const bool draw_counters_here = game && award_read_ && may_draw_counters();
    if (after && !quest && !special && !extend && !may_move && !may_give && !pvp && !cash_in &&
        !draw_counters_here && (city_cards_here().empty() || city_played_))
      break; // nothing to choose
    options.push_back("Read your character sheet");
    actions.push_back(Sheet);
    if (quest) { // after the others, so that they keep their numbers
      options.push_back("Roll on a quest table (rule 22.3)");
      actions.push_back(Quest);
    }
    if (extend) {
      options.push_back("Extend your quest: draw another Quest card (rule 22.4: you met " +
                        met_being_ + ")");
      actions.push_back(Extend);
    }
    if (cash_in) {
      options.push_back("Cash in a trade route (rule 23.4)");
      actions.push_back(CashIn);
    }
    if (draw_counters_here) {
      options.push_back("Draw trade route counters (rule 23.1)");
      actions.push_back(DrawCounters);
    }
    if (after || no_card) {
      options.push_back("End your turn");
      actions.push_back(End);
    }
    int pick = console_.choose(
        after ? "Cards and dice (rule 7.5): what do you do?" : "What do you do?", options);
    if (pick < 0) return;
    bool encounter = false;
    switch (actions[pick]) {
    case Draw:
      draw_card();
      encounter = true;
      break;
    case Chart:
      encounter = choose_chart();
      break;
    case Enter:
      enter_place();
      encounter = true;
      break;
    case City: // without players: before or after the turn's encounter
      play_city_card();
      city_played_ = true;
      break;
    case Special:
      if (!play_special_card()) return;
      special_played_ = true;
      break;
    case Space:
      change_space();
      break;
    case Move: {
      const int result = move();
      if (result < 0) return;
      moved = true;
      encounter = result == 1; // a place of power entered: its encounter is the turn's
      break;
    }
    case Give:
      if (!give_wealth()) return;
      break;
    case Skill:
      if (!use_skill_on_player()) return;
      break;
    case Sheet:
      sheet();
      break;
    case Quest:
      roll_quest();
      quest_rolled_ = true;
      break;
    case Extend:
      if (!draw_quest_card()) return;
      extended = true;
      break;
    case CashIn:
      if (!cash_in_routes()) return;
      break;
    case DrawCounters:
      if (!draw_counters()) return;
      break;
    case End:
      end_turn();
      return;
    }
    if (over()) return;
    if (encounter && !game) {
      end_turn();
      return;
    }
    if (encounter && storytelling_ && award_read_) { // rule 18: the encounter part ends after it
      tell_story();
      if (over()) return;
    }
    encountered = encountered || encounter;
  }
  end_turn();
}

void Session::end_turn() {
  auto rolled = [](Term t) { return t == Term::SevenOrLess || t == Term::SixOrLess; };
  bool something = false;
  for (const HeldSkill& s : character_.skills)
    something = something || rolled(s.term);
  for (const HeldStatus& s : character_.statuses) {
    something =
        something || rolled(s.term) || (s.term == Term::OneTurn && s.turn < character_.turn);
    for (const Condition& c : status_effects(s.id))
      something = something || c.effect == EffectKind::EndsOn;
  }
  if (something) {
    console_.blank();
    say("Cards and dice (rule 7.5):");
  }
  end_of_turn(character_, *this);
  if (space_.at) observer().stands(*space_.at);
  observer().turn_over(character_);
}

std::string Session::space_name() const {
  if (space_.at) return map_space_name(*space_.at);
  if (space_.baghdad) return "Baghdad";
  std::string name = space_.wild ? "a space of the Wild Area (+2)" : "an ordinary space";
  if (space_.number > 0)
    name += " marked with a black " + std::to_string(space_.number) + " (+" +
            std::to_string(space_.number) + ")";
  return name;
}

void Session::change_space() {
  if (player_count_ > 0) { // the Standard game is won in Baghdad (rule 5)
    int baghdad = console_.choose("Are you in Baghdad?", {"No", "Yes"});
    if (baghdad < 0) return;
    space_.baghdad = baghdad == 1;
    if (space_.baghdad) {
      space_.wild = false;
      space_.number = 0;
      say("You stand in Baghdad.");
      return;
    }
  }
  int wild = console_.choose("Is your space in the Wild Area (rule 11.5)?",
                             {"No", "Yes: encounter rolls +2"});
  if (wild < 0) return;
  space_.wild = wild == 1;
  int number = console_.choose("Which black number is printed next to your space?",
                               {"None", "1", "2", "3", "4"});
  if (number < 0) return;
  space_.number = number;
  say("You stand on " + space_name() + ".");
}

void Session::read_aloud(const Paragraph& p) {
  if (!p.prose.empty()) say(std::string(p.prose));
  for (const Section& s : p.sections)
    if (!s.conditions.empty())
      say(heading(s) + ": " + std::string(s.text)); // else: the prose's own award
}

void Session::read_treasure(const HeldTreasure& treasure) {
  const Paragraph* p = paragraph(treasure.paragraph);
  if (!p) return;
  observer().paragraph(p->number);
  console_.blank();
  say(std::to_string(p->number) + " " + std::string(p->name));
  read_aloud(*p);
}

const Paragraph* Session::status_paragraph(std::string_view id) {
  if (!status_paragraphs_) { // one pass over the book, the first time a status is read
    status_paragraphs_.emplace();
    for (std::uint32_t i = 0; i < book_.paragraph_count(); ++i) {
      const tbook::Paragraph p = book_.paragraph(i);
      if (p.kind == tbook::ParagraphKind::Status)
        status_paragraphs_->emplace(std::string(p.name_id), p.number);
    }
  }
  auto it = status_paragraphs_->find(id);
  return it == status_paragraphs_->end() ? nullptr : paragraph(it->second);
}

void Session::read_status(const std::string& id) {
  if (const Paragraph* status = status_paragraph(id)) {
    observer().paragraph(status->number);
    console_.blank();
    say(std::to_string(status->number) + " " + std::string(status->name));
    read_aloud(*status);
  }
}

namespace {
std::vector<Condition> effects_of(const Paragraph* p) {
  std::vector<Condition> out;
  if (p)
    for (const Section& s : p->sections)
      for (const Condition& c : s.conditions)
        if (c.kind == ConditionKind::Effect) out.push_back(c);
  return out;
}
} // namespace

std::vector<Condition> Session::status_effects(std::string_view id) {
  return effects_of(status_paragraph(id));
}

std::vector<Condition> Session::treasure_effects(std::uint32_t number) {
  return effects_of(paragraph(number));
}

} // namespace talebook::engine
