// "Da geht was ab im Morgenland": questions and moves in words, and a game
// played through a Chooser (talebook/engine/morgenland_game.hpp).
#include "talebook/engine/morgenland_game.hpp"

namespace talebook::engine::morgenland {

namespace {

std::string capital(std::string s) {
  if (!s.empty() && s[0] >= 'a' && s[0] <= 'z') s[0] = static_cast<char>(s[0] - 'a' + 'A');
  return s;
}

} // namespace

std::string MorgenlandGame::prompt() const {
  const int p = deciding();
  if (p < 0) return "The game is over.";
  const std::string me = capital(who(p)) + ", ";
  const Seat& s = seat(p);
  switch (question()) {
  case Question::action:
    return me + "your turn: what do you do?";
  case Question::attacking:
    return me + "another attack, or end your turn?";
  case Question::after:
    return me + "anything more before your turn ends?";
  case Question::rearrange:
    return me + "rearranging your Treasury: which step?";
  case Question::discard_freely:
    return me + "which card do you discard?";
  case Question::defend:
    if (!fight_) return me + "defend?";
    if (deck_[fight_->card].role == Role::flying)
      return me + name(fight_->card) + " flies at your card " + std::to_string(fight_->slot + 1) +
             ": stop it?";
    return me + name(fight_->card) + " attacks your card " + std::to_string(fight_->slot + 1) +
           " with " + std::to_string(fight_->attack) + ", your defence so far " +
           std::to_string(fight_->sum) + ": which card?";
  case Question::draw:
    return me + "how many cards from the Attack stack (" +
           std::to_string(table_.attack_stack.size()) + " left; Defence " +
           std::to_string(table_.defence_stack.size()) + ")?";
  case Question::discard:
    return me + "discard a card (" + std::to_string(s.hand.size()) + " in hand, limit " +
           std::to_string(hand_limit(p)) + ")";
  case Question::hide:
    return me + "turn the cursed treasure face down again?";
  case Question::peek:
    return me + "which face-down card do you look at?";
  case Question::bid: {
    if (!auction_) return me + "bid?";
    const bool court = auction_->defendant >= 0;
    return me + (court ? "your bribe to the judge for " : "your bid for the bazaar's ") +
           name(auction_->card) + ": raise with which card, or stand?";
  }
  case Question::accuse:
    return me + "court day: whom do you accuse, of holding which card?";
  case Question::none:
    break;
  }
  return "The game is over.";
}

std::string MorgenlandGame::describe(const Move& move) const {
  const int p = deciding();
  if (p < 0) return "?";
  const Seat& s = seat(p);
  const auto in_hand = [&]() -> std::string {
    if (move.hand >= s.hand.size()) return "?";
    const Card& c = deck_[s.hand[move.hand]];
    return name(s.hand[move.hand]) + " " + std::to_string(c.attack) + "/" +
           std::to_string(c.defence) + "/" + std::to_string(c.key);
  };
  const auto own = [&]() -> std::string {
    if (move.slot >= s.treasury.size()) return "?";
    return "card " + std::to_string(move.slot + 1) + " (" + name(s.treasury[move.slot].card) + ")";
  };
  const auto theirs = [&]() -> std::string {
    if (move.player < 0 || move.player >= players() ||
        move.slot >= seat(move.player).treasury.size())
      return "?";
    const Holding& h = seat(move.player).treasury[move.slot];
    return who(move.player) + "'s card " + std::to_string(move.slot + 1) + " (" +
           (h.face_up ? name(h.card) : std::string("face down")) + ")";
  };
  switch (move.kind) {
  case Move::Kind::attack:
    return "attack " + theirs() + " with " + in_hand();
  case Move::Kind::flip: {
    const std::string what = own();
    if (move.slot >= s.treasury.size()) return "flip ?";
    const Card& c = deck_[s.treasury[move.slot].card];
    return "flip " + what + ": " + (c.role == Role::cursed ? "nothing" : effect_words(c.effect));
  }
  case Move::Kind::rearrange:
    return "rearrange your Treasury";
  case Move::Kind::discard_draw:
    return "discard cards and draw";
  case Move::Kind::event:
    return "play " + in_hand() + ": " +
           (move.hand < s.hand.size() ? effect_words(deck_[s.hand[move.hand]].effect) : "?");
  case Move::Kind::item:
    return "use the item " + own() + ": " +
           (move.slot < s.treasury.size() ? effect_words(deck_[s.treasury[move.slot].card].effect)
                                          : "?");
  case Move::Kind::put_last:
    return "put " + own() + " at the end of the row";
  case Move::Kind::turn_down:
    return "turn " + own() + " face down";
  case Move::Kind::discard:
    return "discard " + in_hand();
  case Move::Kind::defend:
    return "defend with " + in_hand();
  case Move::Kind::draw: {
    const int total =
        question() == Question::draw && !tasks_.empty() && tasks_.front().kind == Task::Kind::draw
            ? tasks_.front().count
            : hand_limit(p) - static_cast<int>(s.hand.size());
    const int n = std::min<int>(
        total, static_cast<int>(table_.attack_stack.size() + table_.defence_stack.size()));
    return std::to_string(move.amount) + " from the Attack stack, " +
           std::to_string(n - move.amount) + " from the Defence stack";
  }
  case Move::Kind::hide:
    return "turn it face down";
  case Move::Kind::peek:
    return "look at " + theirs();
  case Move::Kind::bid: {
    const std::vector<BonusCard> cards = bonus_cards(p);
    if (move.slot >= cards.size()) return "?";
    const BonusCard& b = cards[move.slot];
    const std::string what = b.kind == BonusCard::Kind::treasury ? name(s.treasury[b.index].card)
                             : b.kind == BonusCard::Kind::visitor
                                 ? name(s.visitors[b.index])
                                 : std::string("the V.A.G.U.W.A.M.");
    return "add " + what + " (+" + std::to_string(b.value) + ")";
  }
  case Move::Kind::accuse:
    return "accuse " + who(move.player) + " of holding " + name(move.card);
  case Move::Kind::done:
    break;
  }
  switch (question()) {
  case Question::action:
    return "do nothing and end the turn";
  case Question::attacking:
  case Question::after:
    return "end the turn";
  case Question::rearrange:
    return "the row is done";
  case Question::discard_freely:
    return "stop discarding";
  case Question::defend:
    return fight_ && !fight_->defence.empty() ? "no more defence" : "no defence";
  case Question::hide:
    return "leave it face up";
  case Question::bid:
    return "stand";
  case Question::accuse:
    return "accuse nobody";
  default:
    return "done";
  }
}

bool MorgenlandGame::play_with(Chooser& chooser) {
  while (phase_ != Phase::over) {
    const std::vector<Move> all = moves();
    if (all.empty()) return false;
    std::vector<std::string> options;
    for (const Move& move : all)
      options.push_back(describe(move));
    const int i = chooser.choose_among(prompt(), options, nullptr);
    if (i < 0 || static_cast<std::size_t>(i) >= all.size()) return false;
    play(all[static_cast<std::size_t>(i)]);
  }
  return true;
}

} // namespace talebook::engine::morgenland
