// "Da geht was ab im Morgenland": who is asked what, the answers a question
// allows, and the pending work they settle
// (talebook/engine/morgenland_game.hpp, docs/games.md).
#include "talebook/engine/morgenland_game.hpp"

#include <algorithm>

namespace talebook::engine::morgenland {

// Does `task` if it needs no answer (true: it asks, and waits at the front).
bool MorgenlandGame::step(Task task) {
  const auto wait = [&] {
    push(task);
    return true;
  };
  const Seat& s = seat(task.player);
  switch (task.kind) {
  case Task::Kind::refill: {
    const int limit = hand_limit(task.player);
    const int hand = static_cast<int>(s.hand.size());
    if (hand > limit) return wait();
    const std::vector<Move> draws = draw_moves(limit - hand);
    if (draws.empty()) return false;
    if (draws.size() > 1) return wait();
    draw_cards(task.player, draws[0].amount, limit - hand, false);
    push(task); // again: a visitor or the ghost may leave room
    return false;
  }
  case Task::Kind::draw: {
    const std::vector<Move> draws = draw_moves(task.count);
    if (draws.empty()) return false;
    if (draws.size() > 1) return wait();
    const int n = std::min<int>(
        task.count, static_cast<int>(table_.attack_stack.size() + table_.defence_stack.size()));
    draw_cards(task.player, draws[0].amount, n, true);
    return false;
  }
  case Task::Kind::discard:
    if (s.hand.empty() || task.count <= 0) return false;
    return wait();
  case Task::Kind::defend:
    if (defend_moves().size() > 1) return wait();
    say(who(task.player) + " does not defend.");
    resolve_fight(false);
    return false;
  case Task::Kind::hide:
    return wait();
  case Task::Kind::peek:
    if (task_moves(task).empty()) return false;
    return wait();
  case Task::Kind::turn_start:
    return turn_start(task.player);
  case Task::Kind::turn_end:
    turn_end(task.player);
    return false;
  case Task::Kind::occurrence:
    return occurrence(task.count);
  case Task::Kind::bid:
    return bid_step(task);
  case Task::Kind::bazaar:
    settle_bazaar();
    return false;
  case Task::Kind::court:
    settle_court();
    return false;
  case Task::Kind::accuse:
    return wait();
  case Task::Kind::dawn:
    dawn();
    return false;
  }
  return false;
}

Question MorgenlandGame::question() const {
  if (phase_ == Phase::over) return Question::none;
  if (!tasks_.empty()) {
    const Task& t = tasks_.front();
    switch (t.kind) {
    case Task::Kind::refill:
      return static_cast<int>(seat(t.player).hand.size()) > hand_limit(t.player) ? Question::discard
                                                                                 : Question::draw;
    case Task::Kind::draw:
      return Question::draw;
    case Task::Kind::discard:
      return Question::discard;
    case Task::Kind::defend:
      return Question::defend;
    case Task::Kind::hide:
      return Question::hide;
    case Task::Kind::peek:
      return Question::peek;
    case Task::Kind::bid:
      return Question::bid;
    case Task::Kind::accuse:
      return Question::accuse;
    default:
      return Question::none;
    }
  }
  switch (mode_) {
  case Mode::choose:
    return Question::action;
  case Mode::attacking:
    return Question::attacking;
  case Mode::rearranging:
    return Question::rearrange;
  case Mode::discarding:
    return Question::discard_freely;
  case Mode::after:
    return Question::after;
  }
  return Question::none;
}

int MorgenlandGame::deciding() const {
  if (phase_ == Phase::over) return -1;
  if (tasks_.empty()) return player_;
  if (tasks_.front().kind == Task::Kind::bid && auction_) return auction_->bidders[auction_->turn];
  return tasks_.front().player;
}

std::vector<Move> MorgenlandGame::moves() const {
  if (phase_ == Phase::over) return {};
  if (!tasks_.empty()) return task_moves(tasks_.front());
  return night_moves();
}

std::vector<Move> MorgenlandGame::task_moves(const Task& task) const {
  std::vector<Move> out;
  const Seat& s = seat(task.player);
  const auto discards = [&] {
    for (std::size_t h = 0; h < s.hand.size(); ++h) {
      Move m = Move::of(Move::Kind::discard);
      m.hand = h;
      out.push_back(m);
    }
  };
  switch (task.kind) {
  case Task::Kind::refill:
    if (static_cast<int>(s.hand.size()) > hand_limit(task.player))
      discards();
    else
      out = draw_moves(hand_limit(task.player) - static_cast<int>(s.hand.size()));
    break;
  case Task::Kind::draw:
    out = draw_moves(task.count);
    break;
  case Task::Kind::discard:
    discards();
    break;
  case Task::Kind::defend:
    out = defend_moves();
    break;
  case Task::Kind::hide:
    out.push_back(Move::of(Move::Kind::hide));
    out.push_back(Move::of(Move::Kind::done));
    break;
  case Task::Kind::peek:
    for (int t = 0; t < players(); ++t)
      if (t != task.player)
        for (std::size_t slot = 0; slot < seat(t).treasury.size(); ++slot)
          if (!seat(t).treasury[slot].face_up) {
            Move m = Move::of(Move::Kind::peek);
            m.player = t;
            m.slot = slot;
            out.push_back(m);
          }
    break;
  case Task::Kind::bid:
    out = bid_moves();
    break;
  case Task::Kind::accuse:
    out = accuse_moves(task.player);
    break;
  default:
    break;
  }
  return out;
}

bool MorgenlandGame::play(const Move& move) {
  const std::vector<Move> all = moves();
  if (std::find(all.begin(), all.end(), move) == all.end()) return false;
  if (tasks_.empty()) {
    night_play(move);
  } else {
    Task task = tasks_.front();
    tasks_.pop_front();
    task_play(task, move);
  }
  settle();
  return true;
}

bool MorgenlandGame::task_play(Task task, const Move& move) {
  Seat& s = at(task.player);
  const auto discard = [&] {
    const CardId card = s.hand[move.hand];
    s.hand.erase(s.hand.begin() + static_cast<std::ptrdiff_t>(move.hand));
    table_.discards.push_back(card);
    say(who(task.player) + " discards " + name(card) + ".");
  };
  switch (task.kind) {
  case Task::Kind::refill:
    if (move.kind == Move::Kind::discard) {
      discard();
    } else {
      const int n = hand_limit(task.player) - static_cast<int>(s.hand.size());
      draw_cards(task.player, move.amount,
                 std::min<int>(
                     n, static_cast<int>(table_.attack_stack.size() + table_.defence_stack.size())),
                 false);
    }
    push(task);
    break;
  case Task::Kind::draw:
    draw_cards(task.player, move.amount,
               std::min<int>(task.count, static_cast<int>(table_.attack_stack.size() +
                                                          table_.defence_stack.size())),
               true);
    break;
  case Task::Kind::discard:
    discard();
    if (--task.count > 0) push(task);
    break;
  case Task::Kind::defend: {
    if (move.kind == Move::Kind::done) {
      say(who(task.player) + (fight_->defence.empty() ? " does not defend." : " stops defending."));
      resolve_fight(false);
      break;
    }
    const CardId card = s.hand[move.hand];
    s.hand.erase(s.hand.begin() + static_cast<std::ptrdiff_t>(move.hand));
    fight_->defence.push_back(card);
    if (deck_[fight_->card].role == Role::flying) {
      say(who(task.player) + " defends with " + name(card) + ", which stops " + name(fight_->card) +
          ".");
      resolve_fight(true);
      break;
    }
    fight_->sum += deck_[card].defence;
    say(who(task.player) + " defends with " + name(card) + ": defence " +
        std::to_string(fight_->sum) + " against attack " + std::to_string(fight_->attack) + ".");
    if (fight_->sum >= fight_->attack)
      resolve_fight(true);
    else
      push(task);
    break;
  }
  case Task::Kind::hide:
    if (move.kind == Move::Kind::hide && static_cast<std::size_t>(task.count) < s.treasury.size()) {
      s.treasury[static_cast<std::size_t>(task.count)].face_up = false;
      say(who(task.player) + " turns it face down again.");
    }
    break;
  case Task::Kind::peek:
    say(who(task.player) + " looks at " + who(move.player) + "'s card " +
        std::to_string(move.slot + 1) + ": " + name(seat(move.player).treasury[move.slot].card) +
        ".");
    break;
  case Task::Kind::bid:
    bid_play(move);
    break;
  case Task::Kind::accuse:
    accuse(task.player, move);
    break;
  default:
    return false;
  }
  return true;
}

} // namespace talebook::engine::morgenland
