// "Da geht was ab im Morgenland" in the engine (talebook/engine/morgenland.hpp,
// morgenland_game.hpp, docs/games.md): the rulebook's tables
// (../shared/seeds/002), combat with fixed dice, the special cards, the day's
// occurrences, the win, and seeded games for two to five players.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include <talebook/engine/dice.hpp>
#include <talebook/engine/morgenland.hpp>
#include <talebook/engine/morgenland_game.hpp>

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

using namespace talebook::engine::morgenland;

namespace {

// The test deck's cards, by index.
enum : CardId {
  siegel,
  ring,
  turban,
  krummschwert,
  krone, // 5 Insignia
  lampe,
  dolch,
  schluessel,
  spiegel,
  flaschengeist,
  wein, // 10 Treasures (copies)
  dieb,
  loewe,
  sklave,
  wache,
  schild,
  ifrit, // Night cards
  dinarsad,
  schehersad,
  geist, // visitors and the ghost
  vaguwam,
  first_day // the Day cards follow
};

Card card(Stack stack, const std::string& name, Role role = Role::none, int copies = 1,
          Effect effect = {}) {
  Card c;
  c.stack = stack;
  c.name = name;
  c.role = role;
  c.copies = copies;
  c.effect = effect;
  c.text = name + ".";
  return c;
}

Card night(Stack stack, const std::string& name, int a, int d, int k, int copies,
           Role role = Role::none) {
  Card c = card(stack, name, role, copies);
  c.attack = a;
  c.defence = d;
  c.key = k;
  return c;
}

Card day(const std::string& name, Role role, int copies, std::vector<CardId> bars = {}) {
  Card c = card(Stack::day, name, role, copies,
                role == Role::bazaar ? Effect{EffectKind::attack, 2} : Effect{});
  c.bars = std::move(bars);
  return c;
}

// A small deck: the 15 Treasury cards the rules state, 51 Night cards, and
// the Day cards given (by default one of each kind).
Deck test_deck(std::vector<Card> days = {}) {
  Deck d = {
      card(Stack::insignia, "Siegel"),
      card(Stack::insignia, "Ring"),
      card(Stack::insignia, "Turban"),
      card(Stack::insignia, "Krummschwert"),
      card(Stack::insignia, "Krone"),
      card(Stack::treasure, "Lampe", Role::none, 2, {EffectKind::draw, 1}),
      card(Stack::treasure, "Dolch", Role::none, 2, {EffectKind::attack, 2}),
      card(Stack::treasure, "Schluessel", Role::none, 2, {EffectKind::key, 2}),
      card(Stack::treasure, "Spiegel", Role::none, 2, {EffectKind::peek, 0}),
      card(Stack::treasure, "Flaschengeist", Role::cursed, 1, {EffectKind::discard, 2}),
      card(Stack::treasure, "Wein", Role::cursed, 1, {EffectKind::skip, 0}),
      night(Stack::attack, "Dieb", 3, 1, 4, 20),
      night(Stack::attack, "Fliegender Loewe", 6, 2, 3, 2, Role::flying),
      night(Stack::attack, "Sklave", 2, 2, 2, 4, Role::slave),
      night(Stack::defence, "Wache mit Bogen", 1, 3, 1, 4, Role::archer),
      night(Stack::defence, "Schild", 0, 3, 1, 16),
      night(Stack::attack, "Ifrit", 1, 1, 1, 2, Role::event),
      night(Stack::defence, "Dinarsad", 0, 0, 1, 1, Role::visitor),
      night(Stack::defence, "Schehersad", 0, 0, 1, 1, Role::visitor),
      night(Stack::defence, "Scheherbans Geist", 0, 0, 1, 1, Role::ghost),
      card(Stack::vaguwam, "V.A.G.U.W.A.M."),
  };
  d[loewe].stopped_by = {wache};
  d[ifrit].effect = {EffectKind::draw, 2};
  if (days.empty())
    days = {day("Sandsturm", Role::sandstorm, 3),
            day("Bazar", Role::bazaar, 3),
            day("Sklavenstreik", Role::bars, 2, {sklave}),
            day("Prinzen-Besuch", Role::bars, 2, {wache}),
            day("Gerichtstag", Role::court, 1),
            day("Hinrichtung", Role::bars, 1, {dieb})};
  d.insert(d.end(), days.begin(), days.end());
  return d;
}

bool has(const std::vector<std::string>& log, const std::string& words) {
  return std::any_of(log.begin(), log.end(), [&](const std::string& line) {
    return line.find(words) != std::string::npos;
  });
}

// Answers the questions before the first turn's action with the first
// option (the draws).
MorgenlandGame started(int players, std::uint64_t seed = 1, std::vector<Card> days = {}) {
  std::string error;
  auto game = MorgenlandGame::begin(test_deck(std::move(days)), players, seed, error);
  REQUIRE(game);
  while (game->question() != Question::action) {
    REQUIRE(game->question() == Question::draw);
    REQUIRE(game->play(game->moves().front()));
  }
  return *game;
}

const Move done = Move{};

// Ends the night: the stacks empty, the player whose turn it is ends it.
void end_night(MorgenlandGame& game) {
  Table& t = game.arrange();
  auto& hand = t.seats[static_cast<std::size_t>(game.player())].hand;
  t.discards.insert(t.discards.end(), hand.begin(), hand.end()); // no refill, no discard
  hand.clear();
  game.arrange().attack_stack.clear();
  game.arrange().defence_stack.clear();
  const int round = game.round();
  REQUIRE(game.play(done));
  // The day, or (a day with no question) the next night.
  REQUIRE((game.phase() == MorgenlandGame::Phase::day || game.round() > round));
}

// Answers every question with a seeded random option.
class RandomChooser : public talebook::engine::Chooser {
public:
  explicit RandomChooser(std::uint64_t seed) : dice_(seed) {}
  int choose(const std::string&, std::size_t count) override {
    return dice_.below(static_cast<int>(count));
  }

private:
  talebook::engine::Dice dice_;
};

} // namespace

TEST_CASE("morgenland: the deal hand limits and insignia by player count", "[engine][morgenland]") {
  struct Row {
    int players, insignia, treasures, limit, to_win;
  };
  for (const Row& row :
       {Row{2, 2, 3, 6, 4}, Row{3, 1, 3, 6, 3}, Row{4, 1, 2, 5, 4}, Row{5, 1, 2, 5, 4}}) {
    INFO(row.players << " players");
    CHECK(deal_for(row.players).insignia == row.insignia);
    CHECK(deal_for(row.players).treasures == row.treasures);
    CHECK(hand_limit(row.players, 0) == row.limit);
    CHECK(hand_limit(row.players, 1) == row.limit - 1);
    CHECK(hand_limit(row.players, 2) == row.limit - 2);
    CHECK(insignia_to_win(row.players) == row.to_win);
    const MorgenlandGame game = started(row.players);
    std::size_t aside = 15;
    for (int p = 0; p < row.players; ++p) {
      const Seat& s = game.seat(p);
      CHECK(s.treasury.size() == static_cast<std::size_t>(row.insignia + row.treasures));
      CHECK(game.insignia(p) == row.insignia);
      // Face down (an Insignia shows itself if the ghost was drawn).
      CHECK(std::none_of(s.treasury.begin(), s.treasury.end(), [&](const Holding& h) {
        return h.face_up && game.deck()[h.card].stack != Stack::insignia;
      }));
      CHECK(s.hand.size() == static_cast<std::size_t>(game.hand_limit(p)));
      aside -= s.treasury.size();
    }
    CHECK(game.table().aside.size() == aside);
    CHECK(game.player() == 1); // the dealer's left begins
    CHECK(game.round() == 1);
  }
  std::string error;
  CHECK_FALSE(MorgenlandGame::begin(test_deck(), 1, 1, error));
  CHECK(error.find("2 to 5") != std::string::npos);
  CHECK_FALSE(MorgenlandGame::begin(test_deck(), 6, 1, error));
  Deck poor = test_deck();
  poor[krone].stack = Stack::treasure; // four Insignia
  CHECK(MorgenlandGame::begin(poor, 4, 1, error));
  CHECK_FALSE(MorgenlandGame::begin(poor, 5, 1, error));
  CHECK(error == "the deal needs 5 Insignia, the deck has 4");
}

TEST_CASE("morgenland: defence sums and the key roll", "[engine][morgenland]") {
  struct Row {
    int attack;
    std::vector<int> defences;
    bool holds;
  };
  for (const Row& row :
       {Row{3, {}, false}, Row{0, {}, true}, Row{3, {3}, true}, Row{5, {3, 1}, false},
        Row{5, {3, 2}, true}, Row{6, {1, 1, 1, 3}, true}, Row{7, {2, 2, 2}, false}}) {
    INFO("attack " << row.attack);
    CHECK(defence_holds(row.attack, row.defences) == row.holds);
  }
  for (int key = 1; key <= 6; ++key)
    for (int die = 1; die <= 6; ++die)
      CHECK(key_opens(die, key) == (die <= key));
  const Deck deck = test_deck();
  CHECK(stops(deck, loewe, wache));
  CHECK_FALSE(stops(deck, loewe, schild));
}

TEST_CASE("morgenland: the wander table of the vaguwam", "[engine][morgenland]") {
  // host 0 of three players, then host 2 (wrapping), for the rolls 1 to 6.
  const int from0[] = {0, 0, 1, 1, 2, 2};
  const int from2[] = {2, 2, 0, 0, 1, 1};
  for (int roll = 1; roll <= 6; ++roll) {
    CHECK(wander(0, roll, 3) == from0[roll - 1]);
    CHECK(wander(2, roll, 3) == from2[roll - 1]);
  }
  CHECK(wander(1, 6, 2) == 1); // next but one of two: back home
  // In a game: the die at the start of each turn.
  MorgenlandGame game = started(3);
  game.arrange().host = 0;
  game.load_dice({5});
  REQUIRE(game.play(done)); // player 2's turn ends; player 3's begins
  REQUIRE(game.player() == 2);
  CHECK(game.table().host == 2);
  CHECK(has(game.log(), "die: 5; he wanders to player 3"));
  game.load_dice({2});
  REQUIRE(game.play(done));
  CHECK(game.table().host == 2);
  CHECK(has(game.log(), "die: 2; he stays with player 3"));
}

TEST_CASE("morgenland: an attack against a defence with fixed dice", "[engine][morgenland]") {
  for (int variant = 0; variant < 5; ++variant) {
    INFO("variant " << variant);
    MorgenlandGame game = started(2);
    Table& t = game.arrange();
    t.seats[1].hand = {dieb};
    t.seats[0].hand = {schild, wache};
    t.seats[0].treasury = {{siegel, false, false, false}, {lampe, true, false, false}};
    t.seats[1].treasury = {};
    t.discards.clear();
    if (variant == 4) t.seats[1].attack_bonus = 3; // attack 6
    game.load_dice({4});
    // One card against one Treasury card of the other player.
    const Move attack = Move::of(Move::Kind::attack, 0, 0, 0);
    REQUIRE(game.moves().size() == 2 + 2 + 1); // two attacks, Actions 3 and 4, end
    REQUIRE(game.play(attack));
    REQUIRE(game.question() == Question::defend);
    REQUIRE(game.deciding() == 0);
    if (variant == 0) { // Schild's 3 against Dieb's 3: held
      REQUIRE(game.play(Move::of(Move::Kind::defend, 0)));
      CHECK(game.seat(0).treasury.size() == 2);
      CHECK(game.table().discards == std::vector<CardId>{dieb, schild});
    } else if (variant == 4) { // 3 is not 6: a second card, 3 + 3 holds
      REQUIRE(game.play(Move::of(Move::Kind::defend, 0)));
      REQUIRE(game.question() == Question::defend);
      REQUIRE(game.play(Move::of(Move::Kind::defend, 0)));
      CHECK(game.seat(0).treasury.size() == 2);
      CHECK(game.seat(0).hand.empty());
    } else {
      if (variant == 2) game.load_dice({5}); // above the Key: shut
      if (variant == 3) {                    // a card that is not enough, then give up
        game.arrange().seats[0].hand = {dieb, dieb};
      }
      if (variant == 3) REQUIRE(game.play(Move::of(Move::Kind::defend, 0)));
      REQUIRE(game.play(done));
      if (variant == 2) {
        CHECK(game.seat(0).treasury.size() == 2);
        CHECK(has(game.log(), "5 against key 4; the door stays shut"));
      } else {
        // Robbed: face down as it lay.
        REQUIRE(game.seat(1).treasury.size() == 1);
        CHECK(game.seat(1).treasury[0].card == siegel);
        CHECK_FALSE(game.seat(1).treasury[0].face_up);
        CHECK(game.seat(0).treasury.size() == 1);
        CHECK(has(game.log(), "4 against key 4; player 2 takes a face-down card"));
      }
    }
    CHECK(game.question() == Question::attacking);
    CHECK(game.table().discards.front() == dieb);
  }
}

TEST_CASE("morgenland: flying cards are stopped only by their archers", "[engine][morgenland]") {
  for (bool barred : {false, true}) {
    INFO((barred ? "guards barred" : "guards at hand"));
    MorgenlandGame game = started(2);
    Table& t = game.arrange();
    t.seats[1].hand = {loewe};
    t.seats[1].treasury = {};
    t.seats[0].hand = {schild, schild, wache};
    t.seats[0].treasury = {{siegel, false, false, false}};
    if (barred) t.barred = {wache};
    game.load_dice({3});
    REQUIRE(game.play(Move::of(Move::Kind::attack, 0, 0, 0)));
    if (!barred) {
      // Schild's 3 + 3 would beat a 6, but only the guard counts.
      REQUIRE(game.question() == Question::defend);
      const std::vector<Move> moves = game.moves();
      REQUIRE(moves.size() == 2);
      CHECK(moves[0] == Move::of(Move::Kind::defend, 2));
      REQUIRE(game.play(moves[0]));
      CHECK(game.seat(0).treasury.size() == 1);
      CHECK(has(game.log(), "which stops"));
    } else {
      // Nothing can be played: the attack succeeds, the die 3 opens key 3.
      CHECK(game.question() == Question::attacking);
      CHECK(game.seat(0).treasury.empty());
      CHECK(game.seat(1).treasury.size() == 1);
    }
  }
}

TEST_CASE("morgenland: barred cards are kept and leave by action 4", "[engine][morgenland]") {
  MorgenlandGame game = started(2);
  Table& t = game.arrange();
  t.seats[1].hand = {dieb, sklave, ifrit};
  t.barred = {sklave, ifrit};
  std::vector<Move> moves = game.moves();
  CHECK(std::none_of(moves.begin(), moves.end(), [](const Move& m) {
    return (m.kind == Move::Kind::attack || m.kind == Move::Kind::event) && m.hand != 0;
  }));
  REQUIRE(game.play(Move::of(Move::Kind::discard_draw)));
  REQUIRE(game.question() == Question::discard_freely);
  REQUIRE(game.play(Move::of(Move::Kind::discard, 1))); // the Sklave
  REQUIRE(game.play(done));
  CHECK(game.question() == Question::after);
  CHECK(game.seat(1).hand == std::vector<CardId>{dieb, ifrit});
  // A barred defender cannot defend with the card.
  MorgenlandGame other = started(2);
  other.arrange().seats[1].hand = {dieb};
  other.arrange().seats[0].hand = {schild};
  other.arrange().barred = {schild};
  other.load_dice({6});
  REQUIRE(other.play(Move::of(Move::Kind::attack, 0, 0, 0)));
  CHECK(other.question() == Question::attacking); // no question to the defender
  CHECK(has(other.log(), "player 1 does not defend"));
}

TEST_CASE("morgenland: visitors lower the hand limit and the ghost shows insignia",
          "[engine][morgenland]") {
  MorgenlandGame game = started(2);
  Table& t = game.arrange();
  t.seats[1].hand = {dieb};
  t.seats[0].treasury = {{siegel, false, false, false}, {lampe, false, false, false}};
  t.seats[1].treasury = {{ring, false, false, false}};
  t.defence_stack = {schild, schild, schild, schild, schild, geist, dinarsad};
  t.discards.clear();
  t.attack_stack = {dieb, dieb};
  REQUIRE(game.play(done)); // end of turn: draw up to the limit
  REQUIRE(game.question() == Question::draw);
  Move zero;
  zero.kind = Move::Kind::draw;
  zero.amount = 0;
  REQUIRE(game.play(zero)); // five from the Defence stack: Dinarsad, the ghost, 3 Schild
  CHECK(game.seat(1).visitors == std::vector<CardId>{dinarsad});
  CHECK(game.hand_limit(1) == 5);
  CHECK(game.seat(0).treasury[0].face_up); // every Insignia
  CHECK_FALSE(game.seat(0).treasury[1].face_up);
  CHECK(game.seat(1).treasury[0].face_up);
  CHECK(std::count(game.table().discards.begin(), game.table().discards.end(), geist) == 1);
  // Dieb + 3 Schild, then one more for the ghost and the visitor's turn: the
  // refill goes on to the lowered limit.
  while (game.question() == Question::draw)
    REQUIRE(game.play(game.moves().front()));
  CHECK(game.seat(1).hand.size() == 5);
  CHECK(game.player() == 0);
  CHECK(has(game.log(), "visits him for the rest of the night (hand limit 5)"));
}

TEST_CASE("morgenland: cursed treasures act on the robber", "[engine][morgenland]") {
  MorgenlandGame game = started(2);
  Table& t = game.arrange();
  t.seats[1].hand = {dieb, dieb, schild, schild};
  t.seats[1].treasury = {};
  t.seats[0].hand = {};
  t.seats[0].treasury = {{flaschengeist, false, false, false}, {wein, false, false, false}};
  game.load_dice({1, 1});
  REQUIRE(game.play(Move::of(Move::Kind::attack, 0, 0, 0))); // no defence: robbed
  // Flaschengeist: face up, the robber discards 2, then may hide it again.
  REQUIRE(game.question() == Question::discard);
  REQUIRE(game.deciding() == 1);
  REQUIRE(game.seat(1).treasury.size() == 1);
  CHECK(game.seat(1).treasury[0].face_up);
  REQUIRE(game.play(Move::of(Move::Kind::discard, 0)));
  REQUIRE(game.play(Move::of(Move::Kind::discard, 0)));
  REQUIRE(game.question() == Question::hide);
  REQUIRE(game.play(Move::of(Move::Kind::hide)));
  CHECK_FALSE(game.seat(1).treasury[0].face_up);
  CHECK(game.seat(1).hand == std::vector<CardId>{schild});
  // Wein: the robber misses his next turn.
  REQUIRE(game.question() == Question::attacking);
  REQUIRE(game.play(Move::of(Move::Kind::attack, 0, 0, 0)));
  REQUIRE(game.question() == Question::hide);
  REQUIRE(game.play(done)); // leave it face up
  CHECK(game.seat(1).treasury[1].face_up);
  CHECK(game.seat(1).skips == 1);
  REQUIRE(game.play(done));
  while (game.question() == Question::draw)
    REQUIRE(game.play(game.moves().front()));
  REQUIRE(game.player() == 0);
  REQUIRE(game.play(done)); // player 1's turn ends; player 2 misses the next
  while (game.question() == Question::draw)
    REQUIRE(game.play(game.moves().front()));
  CHECK(has(game.log(), "player 2 misses the turn"));
  CHECK(game.player() == 0);
  CHECK(game.seat(1).skips == 0);
}

TEST_CASE("morgenland: flipped treasures and events", "[engine][morgenland]") {
  MorgenlandGame game = started(2);
  Table& t = game.arrange();
  t.seats[1].hand = {ifrit, dieb};
  t.seats[1].treasury = {{dolch, false, false, false}, {siegel, false, false, false}};
  t.defence_stack = {schild, schild, schild};
  t.attack_stack = {dieb, dieb};
  // Only the Treasure flips, not the Insignia.
  std::vector<Move> moves = game.moves();
  CHECK(std::count_if(moves.begin(), moves.end(),
                      [](const Move& m) { return m.kind == Move::Kind::flip; }) == 1);
  // An event is no action: played, then an action still follows.
  REQUIRE(game.play(Move::of(Move::Kind::event, 0)));
  while (game.question() == Question::draw)
    REQUIRE(game.play(game.moves().front()));
  CHECK(game.question() == Question::action);
  CHECK(game.seat(1).hand.size() == 3); // Dieb and two drawn
  REQUIRE(game.play(Move::of(Move::Kind::flip, 0, -1, 0)));
  CHECK(game.question() == Question::after);
  CHECK(game.seat(1).treasury[0].face_up);
  CHECK(game.seat(1).next_attack_bonus == 2); // the flip was this turn's action
  CHECK(game.seat(1).attack_bonus == 0);
}

TEST_CASE("morgenland: rearranging turns cards face down", "[engine][morgenland]") {
  MorgenlandGame game = started(2);
  game.arrange().seats[1].treasury = {{siegel, true, false, false}, {lampe, false, false, false}};
  REQUIRE(game.play(Move::of(Move::Kind::rearrange)));
  REQUIRE(game.play(Move::of(Move::Kind::put_last, 0, -1, 0)));
  CHECK(game.seat(1).treasury[1].card == siegel);
  REQUIRE(game.play(Move::of(Move::Kind::turn_down, 0, -1, 1)));
  CHECK_FALSE(game.seat(1).treasury[1].face_up);
  REQUIRE(game.play(done));
  CHECK(game.question() == Question::after);
  CHECK_FALSE(game.play(Move::of(Move::Kind::attack, 0, 0, 0))); // one action a turn
}

TEST_CASE("morgenland: the win needs all insignia and the vaguwam", "[engine][morgenland]") {
  for (int held : {3, 4}) {
    INFO(held << " Insignia of five players");
    MorgenlandGame game = started(5);
    std::vector<Holding> row;
    for (CardId c : {siegel, ring, turban, krummschwert, krone})
      if (static_cast<int>(row.size()) < held) row.push_back({c, false, false, false});
    game.arrange().seats[3].treasury = row;
    game.arrange().host = 3;
    game.load_dice({1}); // he stays with player 4
    REQUIRE(game.play(done));
    while (game.question() == Question::draw)
      REQUIRE(game.play(game.moves().front()));
    if (held == 4) {
      CHECK(game.phase() == MorgenlandGame::Phase::over);
      CHECK(game.winner() == 3);
      CHECK(game.seat(3).treasury[0].face_up);
      CHECK(game.moves().empty());
      CHECK(has(game.log(), "player 4 discloses 4 Insignia and is crowned"));
    } else {
      CHECK(game.phase() == MorgenlandGame::Phase::night);
      CHECK(game.winner() == -1);
    }
  }
}

TEST_CASE("morgenland: day bonuses and the bazaar with fixed dice", "[engine][morgenland]") {
  for (int variant = 0; variant < 2; ++variant) {
    MorgenlandGame game = started(2, 1, {day("Bazar", Role::bazaar, 4)});
    Table& t = game.arrange();
    t.seats[1].treasury = {{siegel, false, false, false}, {lampe, false, false, false}};
    t.seats[1].visitors = {dinarsad};
    t.seats[0].treasury = {{ring, false, false, false}};
    t.seats[0].visitors.clear();
    t.host = 0;
    end_night(game);
    REQUIRE(game.phase() == MorgenlandGame::Phase::day);
    CHECK(has(game.log(), "Assets: player 1 +3, player 2 +4."));
    REQUIRE(game.question() == Question::bid);
    REQUIRE(game.deciding() == 1); // the dealer's left bids first
    const std::vector<BonusCard> mine = game.bonus_cards(1);
    REQUIRE(mine.size() == 3);
    CHECK(mine[2].kind == BonusCard::Kind::visitor);
    CHECK(mine[2].value == 2);
    CHECK(game.bonus_cards(0).back().kind == BonusCard::Kind::vaguwam);
    Move bid;
    bid.kind = Move::Kind::bid;
    bid.player = 1;
    bid.slot = 2;
    REQUIRE(game.play(bid)); // +2 with Dinarsad
    REQUIRE(game.deciding() == 0);
    REQUIRE(game.play(done)); // stands
    REQUIRE(game.deciding() == 1);
    game.load_dice(variant == 0 ? std::vector<int>{2, 4} : std::vector<int>{3, 4});
    REQUIRE(game.play(done)); // all stand: the rolls
    if (variant == 0) {       // 2+2 against 4+0: a stranger gets it
      CHECK(has(game.log(), "nobody gets the item"));
      CHECK(game.seat(1).treasury.size() == 2);
      CHECK_FALSE(game.bonus_cards(1)[2].used);
    } else { // 3+2 against 4
      REQUIRE(game.seat(1).treasury.size() == 3);
      const Holding& item = game.seat(1).treasury[2];
      CHECK(item.card == first_day);
      CHECK(item.face_up);
      CHECK(item.live);
      CHECK(game.bonus_cards(1)[3].used); // Dinarsad, after the new item
      CHECK_FALSE(game.bonus_cards(1)[2].used);
    }
  }
}

TEST_CASE("morgenland: the court with fixed dice", "[engine][morgenland]") {
  MorgenlandGame game = started(2, 1, {day("Gerichtstag", Role::court, 4)});
  Table& t = game.arrange();
  t.seats[1].treasury = {{ring, false, false, false}};
  t.seats[0].treasury = {{siegel, false, false, false}, {lampe, false, false, false}};
  t.seats[0].visitors.clear();
  t.seats[1].visitors.clear();
  t.host = 0;
  end_night(game);
  REQUIRE(game.question() == Question::accuse);
  REQUIRE(game.deciding() == 1);
  Move accuse;
  accuse.kind = Move::Kind::accuse;
  accuse.player = 0;
  accuse.card = krone; // not his
  REQUIRE(game.play(accuse));
  CHECK(has(game.log(), "the judge drops the case"));
  REQUIRE(game.deciding() == 0);
  REQUIRE(game.play(done)); // player 1 accuses nobody
  // The second court: player 2 accuses player 1 of holding the Siegel.
  REQUIRE(game.deciding() == 1);
  accuse.card = siegel;
  REQUIRE(game.play(accuse));
  CHECK(game.seat(0).treasury[0].face_up); // disclosed
  REQUIRE(game.question() == Question::bid);
  REQUIRE(game.deciding() == 1); // the accuser bribes first
  Move bribe;
  bribe.kind = Move::Kind::bid;
  bribe.player = 1;
  bribe.slot = 0;
  REQUIRE(game.play(bribe)); // +1
  REQUIRE(game.deciding() == 0);
  // 2+1 against 3+0 ties: again, 5+1 against 1. Player 2 has nothing more
  // to bribe with: when player 1 stands, both stand.
  game.load_dice({2, 3, 5, 1});
  REQUIRE(game.play(done));
  CHECK(has(game.log(), "player 2 rolls 2+1=3"));
  CHECK(has(game.log(), "player 2 rolls 5+1=6"));
  REQUIRE(game.seat(1).treasury.size() == 2);
  CHECK(game.seat(1).treasury[1].card == siegel);
  CHECK(game.seat(1).treasury[1].face_up);
  CHECK_FALSE(game.seat(1).treasury[1].used); // usable later in the day
  CHECK(game.seat(1).treasury[0].used);       // the bribe
  CHECK(game.seat(0).treasury.size() == 1);
}

TEST_CASE("morgenland: bars hold the next night and dawn reshuffles", "[engine][morgenland]") {
  MorgenlandGame game = started(2, 1, {day("Hinrichtung", Role::bars, 4, {dieb})});
  game.arrange().seats[0].visitors = {schehersad};
  end_night(game);
  // Four occurrences with no question, then dawn: the next dealer.
  while (game.question() == Question::draw)
    REQUIRE(game.play(game.moves().front()));
  CHECK(game.phase() == MorgenlandGame::Phase::night);
  CHECK(game.round() == 2);
  CHECK(game.table().dealer == 1);
  CHECK(game.player() == 0);
  CHECK(game.barred(dieb));
  CHECK(game.seat(0).visitors.empty()); // back among the Night cards
  CHECK(has(game.log(), "Not to be used tonight: Dieb"));
  for (const Move& m : game.moves())
    if (m.kind == Move::Kind::attack) CHECK(game.seat(0).hand[m.hand] != dieb);
}

TEST_CASE("morgenland: seeded games for two to five players end and replay",
          "[engine][morgenland]") {
  for (int players = 2; players <= 5; ++players)
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      INFO(players << " players, seed " << seed);
      std::vector<std::vector<std::string>> logs;
      for (int replay = 0; replay < 2; ++replay) {
        std::string error;
        auto game = MorgenlandGame::begin(test_deck(), players, seed, error, Limits{400, 6});
        REQUIRE(game);
        RandomChooser chooser(seed * 97 + 5);
        REQUIRE(game->play_with(chooser));
        CHECK(game->phase() == MorgenlandGame::Phase::over);
        CHECK((game->winner() >= 0) != game->drawn());
        logs.push_back(game->log());
      }
      CHECK(logs[0] == logs[1]);
    }
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
