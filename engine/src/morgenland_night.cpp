// "Da geht was ab im Morgenland": the Night's four actions, event cards and
// bazaar items, attacks, defences and the Key roll
// (talebook/engine/morgenland_game.hpp, docs/games.md).
#include "talebook/engine/morgenland_game.hpp"

#include <algorithm>

namespace talebook::engine::morgenland {

std::vector<Move> MorgenlandGame::night_moves() const {
  std::vector<Move> out;
  const Seat& me = seat(player_);
  const auto attacks = [&] {
    for (std::size_t h = 0; h < me.hand.size(); ++h)
      if (usable(me.hand[h]))
        for (int t = 0; t < players(); ++t)
          if (t != player_)
            for (std::size_t slot = 0; slot < seat(t).treasury.size(); ++slot)
              out.push_back(Move::of(Move::Kind::attack, h, t, slot));
  };
  const auto free_plays = [&] {
    for (std::size_t h = 0; h < me.hand.size(); ++h)
      if (deck_[me.hand[h]].role == Role::event && usable(me.hand[h]))
        out.push_back(Move::of(Move::Kind::event, h));
    for (std::size_t slot = 0; slot < me.treasury.size(); ++slot)
      if (me.treasury[slot].live) out.push_back(Move::of(Move::Kind::item, 0, -1, slot));
  };
  switch (mode_) {
  case Mode::choose:
    attacks();
    for (std::size_t slot = 0; slot < me.treasury.size(); ++slot)
      if (!me.treasury[slot].face_up && deck_[me.treasury[slot].card].stack == Stack::treasure)
        out.push_back(Move::of(Move::Kind::flip, 0, -1, slot));
    out.push_back(Move::of(Move::Kind::rearrange));
    out.push_back(Move::of(Move::Kind::discard_draw));
    free_plays();
    break;
  case Mode::attacking:
    attacks();
    free_plays();
    break;
  case Mode::after:
    free_plays();
    break;
  case Mode::rearranging:
    // Every order is a sequence of "to the end"; at most twice the row's
    // steps, so that a random player finishes.
    if (steps_ < 2 * static_cast<int>(me.treasury.size())) {
      for (std::size_t slot = 0; slot < me.treasury.size(); ++slot)
        out.push_back(Move::of(Move::Kind::put_last, 0, -1, slot));
      for (std::size_t slot = 0; slot < me.treasury.size(); ++slot)
        if (me.treasury[slot].face_up) out.push_back(Move::of(Move::Kind::turn_down, 0, -1, slot));
    }
    break;
  case Mode::discarding:
    for (std::size_t h = 0; h < me.hand.size(); ++h)
      out.push_back(Move::of(Move::Kind::discard, h));
    break;
  }
  out.push_back(Move::of(Move::Kind::done));
  return out;
}

bool MorgenlandGame::night_play(const Move& move) {
  Seat& me = at(player_);
  const std::string i = who(player_);
  switch (move.kind) {
  case Move::Kind::attack: {
    const CardId card = me.hand[move.hand];
    me.hand.erase(me.hand.begin() + static_cast<std::ptrdiff_t>(move.hand));
    Fight f;
    f.attacker = player_;
    f.target = move.player;
    f.slot = move.slot;
    f.card = card;
    f.attack = deck_[card].attack + me.attack_bonus;
    const Holding& h = seat(move.player).treasury[move.slot];
    say(i + " attacks " + who(move.player) + "'s card " + std::to_string(move.slot + 1) + " (" +
        (h.face_up ? name(h.card) : std::string("face down")) + ") with " + name(card) +
        (deck_[card].role == Role::flying ? " (flying)"
                                          : " (attack " + std::to_string(f.attack) + ")") +
        ".");
    fight_ = f;
    mode_ = Mode::attacking;
    push({Task::Kind::defend, move.player, 0});
    break;
  }
  case Move::Kind::flip: {
    Holding& h = me.treasury[move.slot];
    h.face_up = true;
    const Card& card = deck_[h.card];
    say(i + " flips " + name(h.card) + ": " +
        (card.role == Role::cursed ? std::string("nothing (a cursed treasure acts on a robber)")
                                   : effect_words(card.effect)) +
        ".");
    if (card.role != Role::cursed) apply(player_, card.effect, true);
    mode_ = Mode::after;
    break;
  }
  case Move::Kind::rearrange:
    say(i + " rearranges the Treasury.");
    mode_ = Mode::rearranging;
    steps_ = 0;
    break;
  case Move::Kind::discard_draw:
    say(i + " discards and draws.");
    mode_ = Mode::discarding;
    break;
  case Move::Kind::event: {
    const CardId card = me.hand[move.hand];
    me.hand.erase(me.hand.begin() + static_cast<std::ptrdiff_t>(move.hand));
    table_.discards.push_back(card);
    say(i + " plays " + name(card) + ": " + effect_words(deck_[card].effect) + ".");
    apply(player_, deck_[card].effect, false);
    break;
  }
  case Move::Kind::item: {
    Holding& h = me.treasury[move.slot];
    h.live = false;
    say(i + " uses the item " + name(h.card) + ": " + effect_words(deck_[h.card].effect) + ".");
    apply(player_, deck_[h.card].effect, false);
    break;
  }
  case Move::Kind::put_last: {
    const Holding h = me.treasury[move.slot];
    me.treasury.erase(me.treasury.begin() + static_cast<std::ptrdiff_t>(move.slot));
    me.treasury.push_back(h);
    ++steps_;
    break;
  }
  case Move::Kind::turn_down:
    me.treasury[move.slot].face_up = false;
    ++steps_;
    break;
  case Move::Kind::discard: {
    const CardId card = me.hand[move.hand];
    me.hand.erase(me.hand.begin() + static_cast<std::ptrdiff_t>(move.hand));
    table_.discards.push_back(card);
    say(i + " discards " + name(card) + ".");
    break;
  }
  case Move::Kind::done:
    if (mode_ == Mode::rearranging || mode_ == Mode::discarding) {
      mode_ = Mode::after;
    } else {
      push({Task::Kind::turn_end, player_, 0});
      push({Task::Kind::refill, player_, 0});
    }
    break;
  default:
    return false;
  }
  return true;
}

std::vector<Move> MorgenlandGame::defend_moves() const {
  std::vector<Move> out;
  if (!fight_) return out;
  const Seat& s = seat(fight_->target);
  const bool flying = deck_[fight_->card].role == Role::flying;
  for (std::size_t h = 0; h < s.hand.size(); ++h)
    if (usable(s.hand[h]) && (!flying || stops(deck_, fight_->card, s.hand[h])))
      out.push_back(Move::of(Move::Kind::defend, h));
  out.push_back(Move::of(Move::Kind::done));
  return out;
}

// All cards of the attack are discarded; an attack that was not held tries
// the door: the die at most the Key score (and the attacker's key bonus).
void MorgenlandGame::resolve_fight(bool held) {
  const Fight f = *fight_;
  fight_.reset();
  table_.discards.push_back(f.card);
  table_.discards.insert(table_.discards.end(), f.defence.begin(), f.defence.end());
  if (held) {
    say("The defence holds.");
    return;
  }
  Seat& robber = at(f.attacker);
  Seat& robbed = at(f.target);
  if (f.slot >= robbed.treasury.size()) return;
  const int key = deck_[f.card].key + robber.key_bonus;
  const int r = roll();
  if (!key_opens(r, key)) {
    say("The Key roll: " + std::to_string(r) + " against key " + std::to_string(key) +
        "; the door stays shut.");
    return;
  }
  Holding h = robbed.treasury[f.slot];
  robbed.treasury.erase(robbed.treasury.begin() + static_cast<std::ptrdiff_t>(f.slot));
  h.used = false;
  const Card& card = deck_[h.card];
  say("The Key roll: " + std::to_string(r) + " against key " + std::to_string(key) + "; " +
      who(f.attacker) + " takes " + (h.face_up ? name(h.card) : std::string("a face-down card")) +
      ".");
  if (card.role == Role::cursed) {
    h.face_up = true;
    say("It is " + name(h.card) + ", cursed: " + who(f.attacker) + " must " +
        effect_words(card.effect) + ".");
  }
  robber.treasury.push_back(h);
  if (card.role == Role::cursed) {
    push({Task::Kind::hide, f.attacker, static_cast<int>(robber.treasury.size() - 1)});
    apply(f.attacker, card.effect, false);
  }
}

} // namespace talebook::engine::morgenland
