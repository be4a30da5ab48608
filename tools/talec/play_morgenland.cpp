// talec play and talec simulate over a deck of "Da geht was ab im
// Morgenland" (docs/games.md): the engine's MorgenlandGame at the terminal
// (hot seat), or played by random players.
#include <iostream>
#include <map>

#include <nlohmann/json.hpp>

#include "talebook/engine/morgenland_book.hpp"
#include "talebook/engine/morgenland_game.hpp"
#include "tools/talec/play_family_parts.hpp"

namespace talec {
namespace {

using namespace talebook::engine::morgenland;

std::string player_words(int player) {
  return "Player " + std::to_string(player + 1);
}

// What the deciding player sees: his hand and Treasury, the others' rows
// (their face-down cards unnamed), the stacks.
void say_table(talebook::engine::Console& console, const MorgenlandGame& game, int who) {
  const Deck& deck = game.deck();
  const Table& table = game.table();
  for (int p = 0; p < game.players(); ++p) {
    const Seat& seat = game.seat(p);
    std::string row = player_words(p) + "'s Treasury:";
    for (const Holding& h : seat.treasury)
      row += " [" + (h.face_up || p == who ? card_words(deck[h.card]) : std::string("?")) +
             (h.face_up  ? ""
              : p == who ? ", face down"
                         : "") +
             "]";
    if (seat.treasury.empty()) row += " (empty)";
    for (CardId v : seat.visitors)
      row += "; visiting: " + card_words(deck[v]);
    if (table.host == p) row += "; the V.A.G.U.W.A.M. is here";
    console.say(row);
  }
  if (who >= 0) {
    std::string hand = player_words(who) + "'s hand:";
    for (CardId c : game.seat(who).hand) {
      const Card& card = deck[c];
      hand += " " + card_words(card);
      if (is_night(card.stack))
        hand += " (" + std::to_string(card.attack) + "/" + std::to_string(card.defence) + "/" +
                std::to_string(card.key) + ")";
      hand += game.barred(c) ? " barred;" : ";";
    }
    if (!game.seat(who).hand.empty()) hand.pop_back();
    console.say(hand);
  }
  console.say("Stacks: " + std::to_string(table.attack_stack.size()) + " attack, " +
              std::to_string(table.defence_stack.size()) + " defence");
}

} // namespace

int play_morgenland(const talebook::tbook::Book& book, std::uint64_t seed, std::uint64_t players,
                    bool echo) {
  std::string error;
  auto game =
      MorgenlandGame::begin(deck(book), players ? static_cast<int>(players) : 2, seed, error);
  if (!game) return usage_error("play", error);
  talebook::engine::Console console(std::cin, std::cout, echo);
  console.say("Da geht was ab im Morgenland: " + std::to_string(game->players()) +
              " players, seed " + std::to_string(seed));
  std::size_t told = 0;
  while (game->phase() != MorgenlandGame::Phase::over) {
    for (; told < game->log().size(); ++told)
      console.say(game->log()[told]);
    const std::vector<Move> moves = game->moves();
    std::vector<std::string> options;
    for (const Move& m : moves)
      options.push_back(game->describe(m));
    console.blank();
    say_table(console, *game, game->deciding());
    const int i = console.choose(game->prompt(), options);
    if (i < 0 || static_cast<std::size_t>(i) >= moves.size()) return 0; // quit, end of input
    game->play(moves[static_cast<std::size_t>(i)]);
  }
  for (; told < game->log().size(); ++told)
    console.say(game->log()[told]);
  console.blank();
  console.say(game->drawn() ? "Nobody became Sultan: the game is a draw."
                            : player_words(game->winner()) + " is crowned Sultan.");
  return 0;
}

std::string simulate_morgenland(const talebook::tbook::Book& book, const FamilyRuns& runs,
                                std::string& error) {
  const Deck cards = deck(book);
  const int players = runs.players ? static_cast<int>(runs.players) : 2;
  std::vector<std::uint64_t> wins(static_cast<std::size_t>(players));
  std::vector<std::uint64_t> played(cards.size()); // in attacks, defences and as events
  std::uint64_t draws = 0, rounds = 0, turns = 0;
  for (std::uint64_t i = 0; i < runs.runs; ++i) {
    auto game = MorgenlandGame::begin(cards, players, runs.seed + i, error);
    if (!game) return {};
    talebook::engine::Dice dice(~(runs.seed + i)); // the players', apart from the game's
    while (game->phase() != MorgenlandGame::Phase::over) {
      const std::vector<Move> moves = game->moves();
      if (moves.empty()) break;
      const Move& move =
          moves[static_cast<std::size_t>(dice.below(static_cast<int>(moves.size())))];
      if (move.kind == Move::Kind::attack || move.kind == Move::Kind::defend ||
          move.kind == Move::Kind::event) {
        const Seat& seat = game->seat(game->deciding());
        if (move.hand < seat.hand.size()) ++played[seat.hand[move.hand]];
      }
      game->play(move);
    }
    if (game->drawn())
      ++draws;
    else if (game->winner() >= 0)
      ++wins[static_cast<std::size_t>(game->winner())];
    rounds += static_cast<std::uint64_t>(game->round());
    turns += static_cast<std::uint64_t>(game->turns());
  }
  const double n = runs.runs ? double(runs.runs) : 1;
  std::vector<std::string> never;
  for (std::size_t c = 0; c < cards.size(); ++c)
    if (is_night(cards[c].stack) && cards[c].role != Role::visitor &&
        cards[c].role != Role::ghost && played[c] == 0)
      never.push_back(card_words(cards[c]));
  if (runs.json) {
    return nlohmann::json{{"game", "morgenland"},
                          {"runs", runs.runs},
                          {"seed", runs.seed},
                          {"players", players},
                          {"wins", wins},
                          {"draws", draws},
                          {"mean_rounds", double(rounds) / n},
                          {"mean_turns", double(turns) / n},
                          {"never_played", never}}
               .dump(2) +
           "\n";
  }
  auto fixed = [](double x) {
    const std::string s = std::to_string(x);
    return s.substr(0, s.find('.') + 2);
  };
  std::string out = "Da geht was ab im Morgenland: " + std::to_string(runs.runs) + " games of " +
                    std::to_string(players) + " random players, seeds " +
                    std::to_string(runs.seed) + " to " + std::to_string(runs.seed + runs.runs - 1) +
                    "\n";
  for (int p = 0; p < players; ++p)
    out += player_words(p) +
           " became Sultan: " + std::to_string(wins[static_cast<std::size_t>(p)]) + "\n";
  out += "draws (nobody won before the caps): " + std::to_string(draws) + "\n";
  out += "a game lasted " + fixed(double(rounds) / n) + " rounds, " + fixed(double(turns) / n) +
         " turns on average\n";
  out += "Night cards never played: " + std::to_string(never.size()) + "\n";
  for (const std::string& name : never)
    out += "  " + name + "\n";
  return out;
}

} // namespace talec
