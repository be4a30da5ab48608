// "Da geht was ab im Morgenland": the deal, the pending work of a game, the
// turns' beginning and end, drawing and the effects
// (talebook/engine/morgenland_game.hpp, docs/games.md).
#include "talebook/engine/morgenland_game.hpp"

#include <algorithm>

namespace talebook::engine::morgenland {

namespace {

// Fisher-Yates with the engine's dice.
template <typename T> void shuffle_with(std::vector<T>& items, Dice& dice) {
  for (std::size_t i = items.size(); i > 1; --i)
    std::swap(items[i - 1], items[static_cast<std::size_t>(dice.below(static_cast<int>(i)))]);
}

} // namespace

bool operator==(const Move& a, const Move& b) {
  return a.kind == b.kind && a.hand == b.hand && a.player == b.player && a.slot == b.slot &&
         a.card == b.card && a.amount == b.amount;
}

MorgenlandGame::MorgenlandGame(Deck deck, int players, std::uint64_t seed, Limits limits)
    : deck_(std::move(deck)), limits_(limits), dice_(seed) {
  table_.seats.resize(static_cast<std::size_t>(players));
}

int MorgenlandGame::roll() {
  if (loaded_.empty()) return dice_.roll();
  const int r = loaded_.front();
  loaded_.pop_front();
  return r;
}

void MorgenlandGame::shuffle(std::vector<CardId>& cards) {
  shuffle_with(cards, dice_);
}

std::string MorgenlandGame::name(CardId card) const {
  return card < deck_.size() ? card_words(deck_[card]) : "?";
}

std::string MorgenlandGame::who(int player) const {
  return "player " + std::to_string(player + 1);
}

std::optional<MorgenlandGame> MorgenlandGame::begin(Deck deck, int players, std::uint64_t seed,
                                                    std::string& error, Limits limits) {
  if (players < 2 || players > 5) {
    error =
        "Da geht was ab im Morgenland is played by 2 to 5 players, not " + std::to_string(players);
    return std::nullopt;
  }
  std::vector<CardId> insignia, treasures;
  MorgenlandGame game(std::move(deck), players, seed, limits);
  Table& t = game.table_;
  bool vaguwam = false;
  std::string bad;
  for (CardId id = 0; id < game.deck_.size(); ++id) {
    const Card& card = game.deck_[id];
    for (CardId named : card.stopped_by)
      if (named >= game.deck_.size()) bad = card.name + ": Stopped by names no card of the deck";
    for (CardId named : card.bars)
      if (named >= game.deck_.size()) bad = card.name + ": Bars names no card of the deck";
    for (int copy = 0; copy < card.copies; ++copy)
      switch (card.stack) {
      case Stack::insignia:
        insignia.push_back(id);
        break;
      case Stack::treasure:
        treasures.push_back(id);
        break;
      case Stack::attack:
        t.attack_stack.push_back(id);
        break;
      case Stack::defence:
        t.defence_stack.push_back(id);
        break;
      case Stack::day:
        game.day_stack_.push_back(id);
        break;
      case Stack::vaguwam:
        vaguwam = true;
        break;
      }
  }
  if (!bad.empty()) {
    error = bad;
    return std::nullopt;
  }
  const DealPlan plan = deal_for(players);
  const auto need = [&](int each, std::size_t have, const char* what) {
    if (have >= static_cast<std::size_t>(each * players)) return true;
    error = "the deal needs " + std::to_string(each * players) + " " + what + ", the deck has " +
            std::to_string(have);
    return false;
  };
  if (!need(plan.insignia, insignia.size(), "Insignia") ||
      !need(plan.treasures, treasures.size(), "Treasures"))
    return std::nullopt;
  game.shuffle(insignia);
  game.shuffle(treasures);
  game.shuffle(t.attack_stack);
  game.shuffle(t.defence_stack);
  for (int i = 1; i <= players; ++i) {
    Seat& seat = game.at((t.dealer + i) % players);
    for (int k = 0; k < plan.insignia; ++k, insignia.pop_back())
      seat.treasury.push_back({insignia.back(), false, false, false});
    for (int k = 0; k < plan.treasures; ++k, treasures.pop_back())
      seat.treasury.push_back({treasures.back(), false, false, false});
    shuffle_with(seat.treasury, game.dice_);
  }
  t.aside = insignia;
  t.aside.insert(t.aside.end(), treasures.begin(), treasures.end());
  t.host = vaguwam ? t.dealer : -1;
  game.say("Round 1: " + game.who(t.dealer) + " deals " + std::to_string(plan.insignia) +
           " Insignia and " + std::to_string(plan.treasures) + " Treasures to each player" +
           (vaguwam ? " and has the V.A.G.U.W.A.M." : "."));
  for (int i = 1; i <= players; ++i)
    game.tasks_.push_back({Task::Kind::refill, (t.dealer + i) % players, 0});
  game.tasks_.push_back({Task::Kind::turn_start, (t.dealer + 1) % players, 0});
  game.settle();
  return game;
}

int MorgenlandGame::hand_limit(int player) const {
  return morgenland::hand_limit(players(), static_cast<int>(seat(player).visitors.size()));
}

int MorgenlandGame::insignia(int player) const {
  const auto& row = seat(player).treasury;
  return static_cast<int>(std::count_if(row.begin(), row.end(), [&](const Holding& h) {
    return deck_[h.card].stack == Stack::insignia;
  }));
}

std::vector<BonusCard> MorgenlandGame::bonus_cards(int player) const {
  std::vector<BonusCard> out;
  const Seat& s = seat(player);
  for (std::size_t i = 0; i < s.treasury.size(); ++i)
    out.push_back({BonusCard::Kind::treasury, i, 1, s.treasury[i].used});
  for (std::size_t i = 0; i < s.visitors.size(); ++i)
    out.push_back({BonusCard::Kind::visitor, i, 2, i < s.visitor_used.size() && s.visitor_used[i]});
  if (table_.host == player) out.push_back({BonusCard::Kind::vaguwam, 0, 2, vaguwam_used_});
  return out;
}

void MorgenlandGame::use_bonus(int player, std::size_t index) {
  const std::vector<BonusCard> all = bonus_cards(player);
  if (index >= all.size()) return;
  Seat& s = at(player);
  switch (all[index].kind) {
  case BonusCard::Kind::treasury:
    s.treasury[all[index].index].used = true;
    break;
  case BonusCard::Kind::visitor:
    s.visitor_used[all[index].index] = true;
    break;
  case BonusCard::Kind::vaguwam:
    vaguwam_used_ = true;
    break;
  }
}

// Does the pending work that needs no answer, up to the next question.
void MorgenlandGame::settle() {
  while (phase_ != Phase::over && !tasks_.empty()) {
    const Task task = tasks_.front();
    tasks_.pop_front();
    if (step(task)) return;
  }
}

bool MorgenlandGame::turn_start(int player) {
  if (turns_ >= limits_.turns) {
    over(-1, "the turn cap (" + std::to_string(limits_.turns) + " turns)");
    return false;
  }
  ++turns_;
  player_ = player;
  Seat& s = at(player);
  s.attack_bonus = s.next_attack_bonus;
  s.key_bonus = s.next_key_bonus;
  s.next_attack_bonus = s.next_key_bonus = 0;
  mode_ = Mode::choose;
  steps_ = 0;
  if (s.skips > 0) {
    --s.skips;
    say("Turn " + std::to_string(turns_) + ": " + who(player) + " misses the turn.");
    push({Task::Kind::turn_end, player, 0});
    return false;
  }
  std::string line = "Turn " + std::to_string(turns_) + ": " + who(player) + ".";
  if (table_.host >= 0) {
    const int r = roll();
    const int to = wander(table_.host, r, players());
    line += " The V.A.G.U.W.A.M.'s die: " + std::to_string(r) + "; he " +
            (to == table_.host ? "stays with " : "wanders to ") + who(to) + ".";
    table_.host = to;
  }
  say(line);
  check_win(table_.host >= 0 ? table_.host : player);
  return false;
}

void MorgenlandGame::check_win(int player) {
  if (insignia(player) < insignia_to_win(players())) return;
  for (Holding& h : at(player).treasury)
    if (deck_[h.card].stack == Stack::insignia) h.face_up = true;
  over(player, who(player) + " discloses " + std::to_string(insignia(player)) +
                   " Insignia and is crowned the new Sultan.");
}

void MorgenlandGame::over(int winner, const std::string& why) {
  phase_ = Phase::over;
  winner_ = winner;
  tasks_.clear();
  say(winner >= 0 ? why : "The game ends in a draw: " + why + ".");
}

void MorgenlandGame::turn_end(int player) {
  Seat& s = at(player);
  s.attack_bonus = s.key_bonus = 0;
  if (table_.attack_stack.empty() && table_.defence_stack.empty())
    begin_day();
  else
    push({Task::Kind::turn_start, (player + 1) % players(), 0});
}

std::vector<Move> MorgenlandGame::draw_moves(int count) const {
  const int att = static_cast<int>(table_.attack_stack.size());
  const int def = static_cast<int>(table_.defence_stack.size());
  const int n = std::min(count, att + def);
  std::vector<Move> out;
  if (n <= 0) return out;
  for (int a = std::max(0, n - def); a <= std::min(n, att); ++a) {
    Move m;
    m.kind = Move::Kind::draw;
    m.amount = a;
    out.push_back(m);
  }
  return out;
}

void MorgenlandGame::draw_cards(int player, int from_attack, int total, bool replace_ghosts) {
  int ghosts = 0;
  for (int i = 0; i < total; ++i)
    draw_one(player, i < from_attack, ghosts);
  say(who(player) + " draws " + std::to_string(total) + " (" + std::to_string(from_attack) +
      " attack, " + std::to_string(total - from_attack) + " defence).");
  if (replace_ghosts && ghosts > 0) push({Task::Kind::draw, player, ghosts});
}

void MorgenlandGame::draw_one(int player, bool from_attack, int& ghosts) {
  auto* stack = from_attack ? &table_.attack_stack : &table_.defence_stack;
  if (stack->empty()) stack = from_attack ? &table_.defence_stack : &table_.attack_stack;
  if (stack->empty()) return;
  const CardId card = stack->back();
  stack->pop_back();
  Seat& s = at(player);
  switch (deck_[card].role) {
  case Role::visitor:
    s.visitors.push_back(card);
    s.visitor_used.push_back(false);
    say(who(player) + " draws " + name(card) +
        ", who visits him for the rest of the night (hand "
        "limit " +
        std::to_string(hand_limit(player)) + ").");
    break;
  case Role::ghost:
    table_.discards.push_back(card);
    ++ghosts;
    say(who(player) + " draws " + name(card) + ": a card more, and every Insignia shows itself.");
    ghost();
    break;
  default:
    s.hand.push_back(card);
  }
}

void MorgenlandGame::ghost() {
  for (Seat& s : table_.seats)
    for (Holding& h : s.treasury)
      if (deck_[h.card].stack == Stack::insignia) h.face_up = true;
}

void MorgenlandGame::apply(int player, Effect effect, bool next_turn) {
  Seat& s = at(player);
  switch (effect.kind) {
  case EffectKind::none:
    break;
  case EffectKind::draw:
    push({Task::Kind::draw, player, effect.amount});
    break;
  case EffectKind::discard:
    push({Task::Kind::discard, player, effect.amount});
    break;
  case EffectKind::skip:
    ++s.skips;
    break;
  case EffectKind::attack:
    (next_turn ? s.next_attack_bonus : s.attack_bonus) += effect.amount;
    break;
  case EffectKind::key:
    (next_turn ? s.next_key_bonus : s.key_bonus) += effect.amount;
    break;
  case EffectKind::peek:
    push({Task::Kind::peek, player, 0});
    break;
  }
}

} // namespace talebook::engine::morgenland
