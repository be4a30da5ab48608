// A game of "Da geht was ab im Morgenland" for two to five players
// (docs/games.md): the deal, the Night with its four actions, attacks and
// defences and the Key roll, the special cards, the V.A.G.U.W.A.M.'s wander,
// the Day with its four occurrences, bids and bribes, and the win. Every
// shuffle and roll comes from the seed through the engine's dice, so a seed
// and the same choices give the same game.
//
// It is a value with a legal-moves API: at every moment one player decides
// (deciding()) one question (question(), prompt()); moves() lists the
// answers, play() gives one. play_with() asks the same of a Chooser (talec
// play's hot seat, talec simulate's random answers). log() tells what
// happened, a line an event.
//
// Readings of the rulebook (../shared/seeds/002) where it is silent (each
// written in docs/games.md too):
// - One action a turn (the rules: "instead of attacking..."); Action 1 may be
//   any number of attacks, one card each, against any players' cards. Event
//   cards and a bazaar item are played in your own turn, before or after the
//   action, and are no action.
// - A flipped treasure's "attack +N" and "key +N" hold in the player's next
//   turn (the flip is this turn's action); an event's or an item's in this
//   turn. A treasure flipped face up again after Action 3 may be flipped
//   again. Only face-down treasures (not Insignia) are flipped.
// - Against a flying card the defender may play one card its Stopped by
//   names, which stops it whatever the scores; no other card helps.
// - A defender plays one card at a time and may stop at any time; a defence
//   ends held as soon as its sum reaches the Attack score.
// - The hand limit: at the end of a turn a player draws up to it, or, above
//   it (draw effects, visitors), discards down to it. Each draw asks how many
//   cards come from the Attack stack (the rest from the Defence stack).
// - A drawn visitor is not replaced (the refill simply goes on); a drawn ghost
//   is replaced by one card, then every Insignia is turned face up, and the
//   ghost goes to the discards.
// - Barred cards may not attack, defend or be played; a player discards them
//   freely only with Action 4, but a forced discard (an effect, the hand
//   limit) may take any card.
// - A robbed cursed treasure is turned face up, its effect is the robber's,
//   and he is asked at once whether to turn it face down again.
// - The night ends after the turn in which the last card of both stacks was
//   drawn. Hands are kept through the day; at dawn the discards and the
//   visitors are shuffled back into the two stacks by the next dealer (the
//   player to the left), everybody refills from his left, and he begins.
// - The V.A.G.U.W.A.M. crowns the player he is with after the die at the
//   start of a turn (staying counts), when that player holds the Insignia
//   needed (insignia_to_win). A deck without the card: the player whose turn
//   starts is checked.
// - A bazaar item is the Bazar card's Effect: a Treasury card held face up
//   (+1 by day, robbed like any other), used once during the next night (no
//   action); the Bazar card itself stays among the Day cards. Bidders raise
//   one bonus card at a time in turn from the dealer's left until all stand
//   in a row. A Treasury card gained by day is unused for the new owner.
// - Hinrichtung, which the rules name and never describe, is a bars card: its
//   Bars line names the cards barred the next night.
// - The court: each player from the dealer's left may accuse one other
//   player of holding one Treasury card (an Insignia, a Treasure or a bazaar
//   item, by name); bribes are raised like bids, the accuser first.
// - A turn cap and a round cap (Limits) end a game nobody wins: a draw.
#pragma once

#include <cstdint>
#include <deque>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "talebook/engine/console.hpp"
#include "talebook/engine/dice.hpp"
#include "talebook/engine/morgenland.hpp"

namespace talebook::engine::morgenland {

// A card in a Treasury row.
struct Holding {
  CardId card = 0;
  bool face_up = false;
  bool used = false; // its bonus is used up this day
  bool live = false; // a bazaar item not used yet, in the night after the purchase
};

// A player's place at the table. Anything here can be arranged for tests.
struct Seat {
  std::vector<CardId> hand;
  std::vector<Holding> treasury; // the row, left to right
  std::vector<CardId> visitors;  // beside the Treasury for the rest of the night
  std::vector<bool> visitor_used;
  int skips = 0;                       // turns to miss
  int attack_bonus = 0, key_bonus = 0; // this turn
  int next_attack_bonus = 0, next_key_bonus = 0;
};

// What is on the table besides the game's own bookkeeping (tests may change it
// through MorgenlandGame::arrange()).
struct Table {
  std::vector<Seat> seats;
  std::vector<CardId> attack_stack, defence_stack; // the top is the back
  std::vector<CardId> discards;
  std::vector<CardId> aside; // Treasury cards put aside at the deal
  int dealer = 0;
  int host = -1;           // who has the V.A.G.U.W.A.M. (-1: the deck has none)
  std::set<CardId> barred; // may not be used this night
};

// The caps that end a game nobody wins (a draw).
struct Limits {
  int turns = 3000;
  int rounds = 30;
};

// What is asked now.
enum class Question {
  action,         // the player whose turn it is: an action, an event, an item, end
  attacking,      // after an attack: another, an event, an item, end the turn
  after,          // after another action: an event, an item, end the turn
  rearrange,      // Action 3, a step at a time
  discard_freely, // Action 4, a card at a time
  defend,         // the attacked player: a card, or no (more) defence
  draw,           // how many of the cards to draw come from the Attack stack
  discard,        // a card to discard (an effect, the hand limit)
  hide,           // a robbed cursed treasure: turn it face down again?
  peek,           // which face-down card of another player to look at
  bid,            // bazaar or court: a bonus card more, or stand
  accuse,         // the court: whom of holding which card, or nobody
  none            // the game is over
};

struct Move {
  enum class Kind {
    attack,       // hand card `hand` against `player`'s Treasury card `slot`
    flip,         // Action 2: own Treasury card `slot`
    rearrange,    // Action 3 begins
    discard_draw, // Action 4 begins
    event,        // play event card `hand`
    item,         // use the bazaar item at own Treasury `slot`
    put_last,     // Action 3: card `slot` to the end of the row
    turn_down,    // Action 3: card `slot` face down
    discard,      // hand card `hand`
    defend,       // hand card `hand`
    draw,         // `amount` from the Attack stack, the rest from the Defence stack
    hide,         // turn the robbed cursed treasure face down again
    peek,         // `player`'s Treasury card `slot`
    bid,          // bonus card `slot` of bonus_cards()
    accuse,       // `player` of holding `card`
    done          // end the turn / the step / no defence / stand / nobody / keep it
  };
  Kind kind = Kind::done;
  std::size_t hand = 0;
  int player = -1;
  std::size_t slot = 0;
  CardId card = 0;
  int amount = 0;
  // A move of `kind` with its hand card, player and slot.
  static Move of(Kind kind, std::size_t hand = 0, int player = -1, std::size_t slot = 0) {
    Move m;
    m.kind = kind;
    m.hand = hand;
    m.player = player;
    m.slot = slot;
    return m;
  }
};
bool operator==(const Move& a, const Move& b);

// A bonus card by day: a Treasury card, a visitor, or the V.A.G.U.W.A.M.
struct BonusCard {
  enum class Kind { treasury, visitor, vaguwam };
  Kind kind = Kind::treasury;
  std::size_t index = 0; // in the treasury or the visitors
  int value = 1;
  bool used = false;
};

class MorgenlandGame {
public:
  enum class Phase { night, day, over };

  // The Treasury cards dealt by deal_for() from the shuffled Insignia and
  // Treasures (the rest put aside), face down in a row in random order; the
  // V.A.G.U.W.A.M. to the dealer (player 0); the Night stacks shuffled; each
  // player from the dealer's left fills his hand. Null, with a message in
  // `error`, for 2 > players > 5, too few Insignia or Treasures for the deal,
  // or a card naming an index outside the deck.
  static std::optional<MorgenlandGame> begin(Deck deck, int players, std::uint64_t seed,
                                             std::string& error, Limits limits = {});

  Phase phase() const { return phase_; }
  int players() const { return static_cast<int>(table_.seats.size()); }
  int player() const { return player_; } // whose turn it is (night)
  int deciding() const;                  // who answers question() (-1: nobody)
  Question question() const;
  // The question in words, with who is asked: "Player 2, your turn: what do
  // you do?".
  std::string prompt() const;
  int round() const { return round_; } // 1, 2, ... (a Night and a Day)
  int turns() const { return turns_; }
  const Deck& deck() const { return deck_; }
  const Table& table() const { return table_; }
  const Seat& seat(int player) const { return table_.seats[static_cast<std::size_t>(player)]; }
  int hand_limit(int player) const;
  bool barred(CardId card) const { return table_.barred.count(card) != 0; }
  // Today's Day cards (drawn at the start of the day) and how many are done.
  const std::vector<CardId>& day_cards() const { return today_; }
  std::size_t occurrence() const { return occurrence_; }
  // A player's bonus cards this day, in order: Treasury row, visitors, the
  // V.A.G.U.W.A.M.
  std::vector<BonusCard> bonus_cards(int player) const;
  int insignia(int player) const; // Insignia in his Treasury
  // The winner (-1: none yet, or a draw) and whether a cap ended the game.
  int winner() const { return winner_; }
  bool drawn() const { return phase_ == Phase::over && winner_ < 0; }

  std::vector<Move> moves() const;
  // Plays one of moves(); false, and nothing changes, for another.
  bool play(const Move& move);
  // The move in words, as the deciding player would be offered it now.
  std::string describe(const Move& move) const;
  // Plays to the end with `chooser` answering prompt() among describe()'s
  // words. False when it quits (an answer that is no option).
  bool play_with(Chooser& chooser);

  // What happened, a line an event (the dice, attacks, robberies, the day).
  const std::vector<std::string>& log() const { return log_; }

  // Tests: the next die rolls are these (then the seeded dice again); the
  // table can be changed directly.
  void load_dice(std::vector<int> rolls) { loaded_.assign(rolls.begin(), rolls.end()); }
  Table& arrange() { return table_; }

  // Internal: one piece of pending work (morgenland_*.cpp).
  struct Task {
    enum class Kind {
      refill,
      draw,
      discard,
      defend,
      hide,
      peek,
      turn_start,
      turn_end,
      occurrence,
      bid,
      bazaar,
      court,
      accuse,
      dawn
    };
    Kind kind = Kind::turn_start;
    int player = 0;
    int count = 0;
  };

private:
  enum class Mode { choose, attacking, rearranging, discarding, after };
  struct Fight {
    int attacker = 0, target = 0;
    std::size_t slot = 0;
    CardId card = 0;
    int attack = 0;
    int sum = 0;
    std::vector<CardId> defence;
  };
  struct Auction {
    std::vector<int> bidders;
    std::vector<std::vector<std::size_t>> bids; // bonus card indices
    std::size_t turn = 0;
    std::size_t stands = 0;
    CardId card = 0;    // the bazaar card, or the card accused of
    int defendant = -1; // the court
  };

  MorgenlandGame(Deck deck, int players, std::uint64_t seed, Limits limits);
  int roll();
  void shuffle(std::vector<CardId>& cards);
  std::string name(CardId card) const;
  std::string who(int player) const;
  void say(std::string line) { log_.push_back(std::move(line)); }
  Seat& at(int player) { return table_.seats[static_cast<std::size_t>(player)]; }
  void push(Task task) { tasks_.push_front(task); }
  void settle();
  bool step(Task task); // true: it asks, and waits at the front
  // morgenland_game.cpp
  bool turn_start(int player);
  void turn_end(int player);
  void check_win(int player);
  void draw_cards(int player, int from_attack, int total, bool replace_ghosts);
  void draw_one(int player, bool from_attack, int& ghosts);
  std::vector<Move> draw_moves(int count) const;
  void use_bonus(int player, std::size_t index);
  void ghost();
  void apply(int player, Effect effect, bool next_turn);
  // morgenland_night.cpp
  std::vector<Move> night_moves() const;
  std::vector<Move> task_moves(const Task& task) const;
  bool night_play(const Move& move);
  bool task_play(Task task, const Move& move);
  bool usable(CardId card) const { return !barred(card); }
  std::vector<Move> defend_moves() const;
  void resolve_fight(bool held);
  // morgenland_day.cpp
  void begin_day();
  bool occurrence(int index);
  bool bid_step(Task task);
  std::vector<Move> bid_moves() const;
  void bid_play(const Move& move);
  void settle_bazaar();
  void settle_court();
  std::vector<Move> accuse_moves(int player) const;
  void accuse(int player, const Move& move);
  void dawn();
  void over(int winner, const std::string& why);

  Deck deck_;
  Limits limits_;
  Dice dice_;
  std::deque<int> loaded_;
  Table table_;
  std::vector<CardId> day_stack_; // every Day card, copies counted
  std::vector<CardId> today_;
  std::size_t occurrence_ = 0;
  std::set<CardId> barred_next_;
  bool vaguwam_used_ = false; // its bonus, this day
  std::deque<Task> tasks_;
  Mode mode_ = Mode::choose;
  int steps_ = 0; // Action 3's steps so far
  std::optional<Fight> fight_;
  std::optional<Auction> auction_;
  Phase phase_ = Phase::night;
  int player_ = 0;
  int round_ = 1;
  int turns_ = 0;
  int winner_ = -1;
  std::vector<std::string> log_;
};

} // namespace talebook::engine::morgenland
