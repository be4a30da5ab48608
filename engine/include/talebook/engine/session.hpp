// A game of the Standard rules for one character over a .tbook: the turn
// loop, cards, encounter charts, reaction matrices and award paragraphs.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <talebook/reader.hpp>

#include "talebook/engine/awards.hpp"
#include "talebook/engine/console.hpp"
#include "talebook/engine/encounter.hpp"
#include "talebook/engine/merchant_display.hpp"
#include "talebook/engine/observer.hpp"
#include "talebook/engine/start.hpp"

namespace talebook::engine {

class Session;

// The skills the Chinese rules let a player use on another (session_pvp.cpp).
enum class PvpUse : std::uint8_t {
  Acting,
  Appearance,
  Bargaining,
  Beguiling,
  Courtly,
  Endurance,
  Magic,
  Piety,
  Scholarship,
  Seamanship,
  Seduction,
  Stealth,
  Storytelling,
  WeaponUse,
  Wilderness,
  Luck,       // rule 26 only
  MajorMagic, // rule 26 only
  MinorMagic, // rule 26 only
};

// Someone who keeps a copy of the session as each turn begins (Game: to answer
// a question by playing on from the copy, not from the first question).
class TurnKeeper {
public:
  virtual ~TurnKeeper() = default;
  // `session` is about to begin a turn: a copy of it, given resume(), plays
  // on from here as `session` will.
  virtual void turn_begins(const Session& session) = 0;
};

class Session : public Table {
public:
  Session(const tbook::Book& book, std::istream& in, std::ostream& out, std::uint64_t seed,
          bool echo);
  // A copy plays on as the original would (resume()); it shares the book's
  // paragraphs read so far and, until given its own, the original's chooser,
  // observer and keeper.
  Session(const Session& other) = default;
  Session& operator=(const Session&) = delete;
  // Plays until the player quits, input ends or the character dies.
  void run();
  // Plays on from where a copy made at TurnKeeper::turn_begins was made,
  // reading `in` and writing `out`, `chooser` (if any) answering.
  void resume(std::istream& in, std::ostream& out, Chooser* chooser);
  // From now on `keeper` is told as each turn begins (null: no one). Call
  // before run() or resume().
  void keep_turns(TurnKeeper* keeper) { keeper_ = keeper; }
  // An automatic player instead of the input, and someone watching (talec
  // simulate); both outlive the session. Call before run().
  void automate(Chooser* chooser) { console_.set_chooser(chooser); }
  void observe(PlayObserver* observer) { observer_ = observer; }
  // A stated situation put on the sheet once the character is made (talec
  // play --start). Call before run().
  void start_from(const Start& start) { start_ = start; }
  // One encounter from paragraph `number` instead of the turns (talec play
  // --from): the character is made, then the paragraph is read (rolled on,
  // for a chart) and its awards and Go to followed; then the game ends. The
  // number must be a paragraph of the book (read_from). Call before run().
  void start_at(std::uint32_t number) { from_ = number; }
  // The Standard game for `count` players (1-6; talec play --players): each
  // makes a character and chooses a victory formula (rule 4.3), they take
  // turns in the order the dice give (4.1), and the game ends with a winner
  // (rules 5 and 6) or when every character is dead. 0, the default: one
  // character plays on with no victory (a walk through the book). Call
  // before run().
  void set_players(int count) { player_count_ = count; }
  // A variant of the Standard game (talec play --variant), one of variants():
  // "storytelling" (rules 17-19; two players or more): after an encounter
  // that reads an award paragraph, its player may tell a story, propose an
  // experience and an excellence award and a best supporting player, and the
  // other players vote. "solitaire" (rules 27-29) and "zh" (the Chinese
  // rules' solo variant; one player): two cards drawn and one kept, and a win
  // that needs the formula, Fabulous wealth and two quests fulfilled before
  // the 3rd deck is used up (no Baghdad). False, and nothing set, for another
  // name. Call before run().
  bool set_variant(std::string_view name);
  static bool is_variant(std::string_view name);

  Dice& dice() override { return dice_; }
  const Names& names() const override { return names_; }
  void say(const std::string& line) override { console_.say(line); }
  int ask(const std::string& question, const std::vector<std::string>& options) override;
  std::vector<HeldTreasure> treasure_cup() const override { return treasures_; }
  std::optional<std::string> holder_of(std::uint32_t paragraph) const override;
  std::vector<std::string> skill_ids() const override { return skill_ids_; }
  void read_treasure(const HeldTreasure& treasure) override;
  void read_status(const std::string& id) override;
  std::vector<Condition> status_effects(std::string_view id) override;
  bool qualifies(Qualifier qualifier) const override;
  bool move_by_award(const tbook::Award& award) override; // session_map.cpp
  std::vector<Condition> treasure_effects(std::uint32_t paragraph) override;

private:
  bool over() const;
  bool set_up();
  // The turns, one character's or the players' in turn, and the end (after
  // the set-up, or from a copy kept as a turn began).
  void play_turns();
  void finish_walk(); // the end of one character's turns: why, and the sheet
  void turn_begins(); // tells the keeper, unless the session resumes here
  PlayObserver& observer() { return observer_ ? *observer_ : unwatched_; }
  // The Standard game for players (session_players.cpp).
  struct Player;
  void set_up_game(); // the players' characters and who goes first
  void play_rounds(); // their turns in order, to the end of the game
  bool set_up_player(Player& player, int number);
  void load(Player& player);
  void store(Player& player);
  std::size_t first_player();
  bool fulfils(const Player& player) const;
  // Whether the player wins if the game ends now (rules 5 and 28).
  bool may_win(const Player& player) const;
  std::string goal(const Player& player) const; // ", to win Destiny 10 and Story 10"
  // Who announced a win in Baghdad, and who has still to take a last turn (rule 6).
  struct Victory {
    std::optional<std::size_t> announcer;
    std::vector<std::size_t> last_turns;
  };
  // After the current player's turn: the winners, if the game is won.
  std::vector<std::size_t> after_turn(Victory& victory);
  void end_game(const std::vector<std::size_t>& winners);
  bool everyone_out() const;
  std::string player_name(const Player& player) const;
  void tell_story(); // session_story.cpp
  void start_situation();
  void summary();
  void sheet();
  void take_turn();
  void play_from(std::uint32_t number);
  void end_turn();
  // Encounters (session_encounter.cpp); each returns false when the session is over.
  bool draw_card();
  bool choose_chart();
  bool enter_place();
  bool play_city_card();
  void change_space();
  // The map (session_map.cpp, rule 9), in a book that has one.
  bool has_map() const;
  void stand_on(std::uint32_t space); // the character now stands on map space `space`
  bool in_place() const;              // on a place of power's space
  std::string map_space_name(std::uint32_t space) const; // "Basra (City, black 1)"
  struct Destination {
    std::uint32_t space = 0;
    std::uint32_t land = 0, sea = 0; // the moves it takes
  };
  // The character's movement rate this turn: its wealth's (9.1), and the sea
  // moves another player's Seamanship gave (the Chinese rules).
  std::optional<tbook::MovementRate> movement_rate() const;
  // The spaces the character may move to this turn (9.1, 9.2), fewest moves first.
  std::vector<Destination> destinations() const;
  // The move: -1 quit, 0 moved (or stayed), 1 entered a place of power (its encounter read).
  int move();
  std::vector<std::size_t> players_here() const; // the other players in your space
  bool give_wealth();                            // rule 16.4; false if quit
  // The fate cards that may be played here (10.2): in a book with a map, those
  // of the city you stand in; else all (you say where you stand).
  std::vector<std::uint32_t> city_cards_here() const;
  // Special cards (session_special.cpp, rule 10.2): those held, the players
  // one may be played on (in your space), and the play; false if quit.
  std::vector<std::uint32_t> special_cards() const;
  std::vector<std::size_t> special_targets() const;
  bool play_special_card();
  // The Chinese rules' player against player (session_pvp.cpp): the skills
  // you may use now and on whom; the use, false if quit.
  struct PvpChoice {
    PvpUse use;
    std::size_t target; // a player's index
  };
  std::vector<PvpChoice> pvp_choices() const;
  bool adventure() const { return !zh_; } // rule 26's table, costs and defences
  std::string pvp_rules() const { return zh_ ? "the Chinese rules" : "rule 26"; }
  bool use_skill_on_player();
  bool use_any_skill_on(Player& other);               // the Special card of rule 10.2, with rule 26
  bool uses_any_skill(const tbook::Card& card) const; // its `You:` line says `Use any skill`
  bool pvp_effect(PvpUse use, Player& other, const std::string& skill);
  // Whether the other avoids the skill; `paid`: with Destiny, holding it.
  bool pvp_avoids(PvpUse use, Player& other, const std::string& skill, bool& paid);
  bool pvp_status(Character& whose, const std::string& who, std::string_view id);
  bool pvp_level(Character& from, const std::string& giver, Character& to,
                 const std::string& receiver);
  void pvp_treasure(Character& from, const std::string& giver, Character& to, std::size_t index);
  int pvp_pick_treasure(const Character& whose, const std::string& question);
  int pvp_payment(Player& other, const std::string& what);
  bool pvp_extra_move(Player& other); // Endurance: the other moves now; you may follow
  // The terrain card's entry for your space's terrain, if the card has it (11.2).
  std::optional<std::uint32_t> terrain_here(const tbook::Card& card) const;
  // Quests (session_quest.cpp, rule 22.3).
  bool roll_quest();
  // The quests of the book not fulfilled yet.
  std::vector<std::uint32_t> quest_paragraphs() const;
  std::vector<std::uint32_t> quests_here(std::vector<std::uint32_t> quests) const;
  bool quest_done(const tbook::Card& card) const; // its quest is one the current player fulfilled
  // The Quest card `index` taken (22.1); `how`: "You draw the fate card X".
  void take_quest_card(std::uint32_t index, const std::string& how);
  // The card `index` drawn (or given, rule 24) played: an encounter card's
  // chart read, a fate card kept; false when the session is over. `drawn`:
  // from the deck, said so (else given, and said where).
  bool play_card(std::uint32_t index, bool drawn = true);
  std::string card_shown(std::uint32_t index) const; // "Ifrit (E)", "the fate card X"
  // Rule 23's trade routes (session_trade.cpp): in a game with merchants and
  // a book with a Merchant Display; the display and the cup set up, the
  // products of your space, what a merchant may do after an encounter there,
  // and the doing (false if quit).
  bool trades() const;
  bool trader(const Player& player) const; // a merchant, or the Solitaire player (rule 29)
  void set_up_trade();
  std::vector<std::uint32_t> city_products() const;
  bool may_trade() const;
  bool may_draw_counters() const;
  bool may_cash_in() const;
  bool draw_counters();
  bool place_counter(std::uint32_t group, bool paid);
  bool cash_in_routes();
  void show_display();
  std::string box_name(Box box) const; // "row 2, column 3"
  // Rule 24, Interactive Card Play (session_interactive.cpp): the hands dealt
  // (24.1), a player's hand discarded for five new cards, the other players
  // one may ask for a card, and the asking instead of a draw (24.2-24.4).
  void deal_hands();
  void new_hand(Player& player);
  std::vector<std::size_t> askable() const;
  std::optional<std::size_t> whom_to_ask(const std::string& what); // none: quit
  bool ask_for_card();
  bool ask_for_quest_card();
  void give_fate_card(std::size_t giver); // 24.3: a fate card in return
  // The card at one of the places `held` of `hand`, taken out of it: chosen
  // with `question` when there are several; none if quit.
  std::optional<std::uint32_t> take_from_hand(std::vector<std::uint32_t>& hand,
                                              const std::vector<std::size_t>& held,
                                              const std::string& question);
  bool encounter_chart(std::uint32_t number);
  // `row`: the row the book resolved for `being` (none: no row, nothing happens).
  // `sex`: the being's, as its chart entry states it; Court is offered only
  // to a character of the other sex (rule 11.6), to any when unstated.
  bool reaction_matrix(char letter, std::optional<std::uint32_t> row, const std::string& being,
                       tbook::BeingSex sex = tbook::BeingSex::Unstated);
  bool may_court(tbook::BeingSex sex) const {
    return sex == tbook::BeingSex::Unstated ||
           (sex == tbook::BeingSex::Female) != (character_.gender == Gender::Female);
  }
  bool award_paragraph(std::uint32_t number);
  AwardOutcome apply_section(const Paragraph& paragraph, std::size_t index);
  const Paragraph* paragraph(std::uint32_t number);
  void read_aloud(const Paragraph& paragraph);
  std::string heading(const Section& section) const;
  std::string award_code(const std::vector<Award>& awards) const;
  std::string skill_list() const;
  std::string space_name() const;

  const tbook::Book& book_;
  std::uint64_t seed_;
  Console console_;
  Dice dice_;
  Names names_;
  std::vector<std::string> skill_ids_;
  std::vector<HeldTreasure> treasures_;
  // The book's paragraphs read so far (on demand), shared with the copies of
  // the session (a Paragraph stays where it is once read).
  struct ParagraphCache {
    std::mutex lock;
    std::map<std::uint32_t, Paragraph> read;
  };
  std::shared_ptr<ParagraphCache> paragraphs_ = std::make_shared<ParagraphCache>();
  // Each status's paragraph by the status's id, once read (status_paragraph).
  std::optional<std::map<std::string, std::uint32_t, std::less<>>> status_paragraphs_;
  const Paragraph* status_paragraph(std::string_view id);
  Character character_;
  Space space_;
  std::vector<std::uint32_t> deck_; // card indexes, the top at the back
  bool deck_shuffled_ = false;
  int deck_number_ = 1; // rule 10.4: 1st, 2nd, 3rd deck
  std::vector<std::uint32_t> fate_cards_;
  bool quit_ = false;
  PlayObserver unwatched_;
  PlayObserver* observer_ = nullptr; // null: unwatched_
  TurnKeeper* keeper_ = nullptr;
  bool resumed_ = false; // resume(): the turn about to begin was kept already
  std::vector<std::uint32_t> quests_fulfilled_; // each quest paragraph once (rule 22.3)
  // Rule 22 (`quest`): the current player's Quest cards (card indexes), the
  // first drawn first; the last is the being to find now (session_quest_cards.cpp).
  std::vector<std::uint32_t> quest_cards_;
  bool questers_ = false; // rule 22: a player may undertake quests instead of a formula
  std::string met_being_; // the being of the encounter under way (rule 22.3)
  bool quester() const;   // the current player undertakes quests
  bool draw_quest_card(); // rule 22.1: from the deck until a fate card; false if quit
  std::optional<std::uint32_t> current_quest() const; // the last Quest card's paragraph
  void quest_fulfilled(std::uint32_t paragraph);      // Q:S: counted, the cards discarded
  bool refill_deck(); // the deck used up: the discards shuffled (rule 10.4); false: lost or empty
  bool met_quest_being() const; // the encounter under way is with the last Quest card's being
  bool quest_rolled_ = false;   // this turn: one roll (rule 22.3)
  bool city_played_ = false;    // this turn: one city card (rule 10.2)
  bool special_played_ = false; // this turn: one Special card (rule 10.2)
  std::optional<Start> start_;
  std::optional<std::uint32_t> from_;
  int player_count_ = 0;
  bool storytelling_ = false;
  bool zh_ = false;              // the Chinese rules: solo with one player, pvp_ with more
  bool skills_rule_ = false;     // rule 26: skills used on other players (the rulebook's table)
  bool no_status_limit_ = false; // rule 25
  bool pvp_ = false;             // skills used on other players: the Chinese rules' or rule 26
  bool status_limit() const override { return !no_status_limit_; }
  bool pvp_used_ = false;  // this turn: one skill on one player
  bool no_places_ = false; // a move that may not end in a place of power
  bool interactive_ = false;
  MerchantDisplay display_;          // rule 23: the trade route counters placed
  std::vector<std::uint32_t> cup_;   // the counters to draw: counter group indexes
  std::vector<std::uint32_t> aside_; // cashed in or not placed (23.3)
  bool traded_ = false; // this turn: counters drawn or routes cashed in (23.4)   // rule 24: cards
                        // asked of other players' hands
  bool merchants_ = false; // rule 23: a player may play a merchant; `if Merchant` counts
  std::string solitaire_;  // the rules' name ("rule 28"), empty for none
  // The rulebook's Solitaire (rules 27-29), not the Chinese rules' solo game.
  bool rulebook_solitaire() const { return solitaire_ == "rule 28"; }
  bool deck_finished_ = false; // Solitaire: the 3rd deck is used up
  bool award_read_ = false;    // this turn's encounter read an award paragraph
  std::vector<Player> players_;
  std::size_t current_ = 0; // the player whose turn it is
  bool in_game_ = false;    // the Standard game of players (play_rounds), not one character
  Victory victory_;
  std::vector<std::size_t> winners_; // once the game is won
};

// A player of the Standard game: what is theirs while another takes a turn.
struct Session::Player {
  int number = 1;      // 1-6, in the order they sat down
  Character character; // swapped into the session for their turn
  Space space;
  std::vector<std::uint32_t> fate_cards;
  std::vector<std::uint32_t> quests_fulfilled;
  int destiny_goal = 10; // rule 4.3: the two goals add up to 20
  int story_goal = 10;
  bool out = false;      // dead: out of the game
  bool merchant = false; // rule 23: wins with Fabulous wealth in Baghdad, not a formula
  bool quester = false;  // rule 22: wins with two quests fulfilled, in Baghdad
  std::vector<std::uint32_t> quest_cards;
  // Rule 24: the cards dealt to the player, given to others (never swapped
  // into the session: always here).
  std::vector<std::uint32_t> hand;
};

} // namespace talebook::engine
