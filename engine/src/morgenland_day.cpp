// "Da geht was ab im Morgenland": the Day with its four occurrences (sand
// storm, bazaar, bars, court), bids and bribes, and the dawn of the next round
// (talebook/engine/morgenland_game.hpp, docs/games.md).
#include "talebook/engine/morgenland_game.hpp"

#include <algorithm>

namespace talebook::engine::morgenland {

namespace {

const char* const times[] = {"Morning", "Noon", "Afternoon", "Evening"};
constexpr std::size_t day_cards_a_day = 4;

} // namespace

void MorgenlandGame::begin_day() {
  phase_ = Phase::day;
  say("The sun rises: both stacks are empty. Day " + std::to_string(round_) + ".");
  vaguwam_used_ = false;
  std::string assets = "Assets:";
  for (int p = 0; p < players(); ++p) {
    Seat& s = at(p);
    for (Holding& h : s.treasury) {
      h.used = false;
      h.live = false; // an item serves the one night after its purchase
    }
    s.visitor_used.assign(s.visitors.size(), false);
    assets += " " + who(p) + " +" +
              std::to_string(day_assets(static_cast<int>(s.treasury.size()),
                                        static_cast<int>(s.visitors.size()), table_.host == p)) +
              (p + 1 < players() ? "," : ".");
  }
  say(assets);
  table_.barred.clear(); // the bars held for the night that ended
  barred_next_.clear();
  today_ = day_stack_;
  shuffle(today_);
  if (today_.size() > day_cards_a_day) today_.resize(day_cards_a_day);
  for (std::size_t i = 0; i < today_.size(); ++i)
    tasks_.push_back({Task::Kind::occurrence, 0, static_cast<int>(i)});
  tasks_.push_back({Task::Kind::dawn, 0, 0});
}

bool MorgenlandGame::occurrence(int index) {
  occurrence_ = static_cast<std::size_t>(index);
  const CardId id = today_[occurrence_];
  const Card& card = deck_[id];
  std::string line = std::string(times[occurrence_ % day_cards_a_day]) + ": " + name(id) + ". ";
  const int n = players();
  const int dealer = table_.dealer;
  switch (card.role) {
  case Role::bars: {
    line += "Not to be used the next night:";
    for (std::size_t k = 0; k < card.bars.size(); ++k) {
      barred_next_.insert(card.bars[k]);
      line += (k ? ", " : " ") + name(card.bars[k]);
    }
    say(line + ".");
    return false;
  }
  case Role::bazaar: {
    say(line + "An item is for sale: " + effect_words(card.effect) + ".");
    Auction a;
    for (int i = 1; i <= n; ++i)
      a.bidders.push_back((dealer + i) % n);
    a.bids.resize(a.bidders.size());
    a.card = id;
    auction_ = a;
    push({Task::Kind::bazaar, 0, 0});
    push({Task::Kind::bid, 0, 0});
    return false;
  }
  case Role::court:
    say(line + "Each player may accuse another.");
    for (int i = n; i >= 1; --i)
      push({Task::Kind::accuse, (dealer + i) % n, 0});
    return false;
  default:
    say(line + "Nothing happens.");
    return false;
  }
}

std::vector<Move> MorgenlandGame::bid_moves() const {
  std::vector<Move> out;
  if (!auction_) return out;
  const int bidder = auction_->bidders[auction_->turn];
  const auto& mine = auction_->bids[auction_->turn];
  const std::vector<BonusCard> cards = bonus_cards(bidder);
  for (std::size_t i = 0; i < cards.size(); ++i)
    if (!cards[i].used && std::find(mine.begin(), mine.end(), i) == mine.end()) {
      out.push_back(Move::of(Move::Kind::bid, 0, bidder, i));
    }
  out.push_back(Move{});
  return out;
}

// A bidder with nothing left to add stands without being asked.
bool MorgenlandGame::bid_step(Task task) {
  if (bid_moves().size() > 1) {
    push(task);
    return true;
  }
  bid_play(Move{});
  return false;
}

void MorgenlandGame::bid_play(const Move& move) {
  Auction& a = *auction_;
  const int bidder = a.bidders[a.turn];
  if (move.kind == Move::Kind::bid) {
    a.bids[a.turn].push_back(move.slot);
    a.stands = 0;
    const std::vector<BonusCard> cards = bonus_cards(bidder);
    int sum = 0;
    for (std::size_t i : a.bids[a.turn])
      sum += cards[i].value;
    say(who(bidder) + " raises to +" + std::to_string(sum) + ".");
  } else {
    ++a.stands;
  }
  if (a.stands >= a.bidders.size()) return;
  a.turn = (a.turn + 1) % a.bidders.size();
  push({Task::Kind::bid, 0, 0});
}

void MorgenlandGame::settle_bazaar() {
  const Auction a = *auction_;
  auction_.reset();
  std::vector<int> results;
  std::string line = "The bazaar's rolls:";
  for (std::size_t b = 0; b < a.bidders.size(); ++b) {
    const std::vector<BonusCard> cards = bonus_cards(a.bidders[b]);
    int bid = 0;
    for (std::size_t i : a.bids[b])
      bid += cards[i].value;
    const int r = roll();
    results.push_back(r + bid);
    line += " " + who(a.bidders[b]) + " " + std::to_string(r) + "+" + std::to_string(bid) + "=" +
            std::to_string(r + bid) + (b + 1 < a.bidders.size() ? "," : ".");
  }
  say(line);
  const int w = single_highest(results);
  if (w < 0) {
    say("An unknown stranger offers more: nobody gets the item.");
    return;
  }
  const int winner = a.bidders[static_cast<std::size_t>(w)];
  for (std::size_t i : a.bids[static_cast<std::size_t>(w)])
    use_bonus(winner, i);
  at(winner).treasury.push_back({a.card, true, false, true});
  say(who(winner) + " gets the item " + name(a.card) + " (" + effect_words(deck_[a.card].effect) +
      ") and puts it face up by the Treasury.");
}

std::vector<Move> MorgenlandGame::accuse_moves(int player) const {
  std::vector<Move> out;
  for (int t = 0; t < players(); ++t)
    if (t != player)
      for (CardId c = 0; c < deck_.size(); ++c)
        if (is_treasury(deck_[c].stack) || deck_[c].role == Role::bazaar) {
          Move m;
          m.kind = Move::Kind::accuse;
          m.player = t;
          m.card = c;
          out.push_back(m);
        }
  out.push_back(Move{});
  return out;
}

void MorgenlandGame::accuse(int player, const Move& move) {
  if (move.kind != Move::Kind::accuse) {
    say(who(player) + " accuses nobody.");
    return;
  }
  auto& row = at(move.player).treasury;
  const auto it =
      std::find_if(row.begin(), row.end(), [&](const Holding& h) { return h.card == move.card; });
  std::string line =
      who(player) + " accuses " + who(move.player) + " of holding " + name(move.card) + ": ";
  if (it == row.end()) {
    say(line + "he does not; the judge drops the case.");
    return;
  }
  it->face_up = true;
  say(line + "he must disclose it. The bribes.");
  Auction a;
  a.bidders = {player, move.player};
  a.bids.resize(2);
  a.card = move.card;
  a.defendant = move.player;
  auction_ = a;
  push({Task::Kind::court, 0, 0});
  push({Task::Kind::bid, 0, 0});
}

void MorgenlandGame::settle_court() {
  const Auction a = *auction_;
  auction_.reset();
  int bribe[2] = {0, 0};
  for (std::size_t b = 0; b < 2; ++b) {
    const std::vector<BonusCard> cards = bonus_cards(a.bidders[b]);
    for (std::size_t i : a.bids[b])
      bribe[b] += cards[i].value;
  }
  for (std::size_t b = 0; b < 2; ++b) // every bribe is used up, whoever wins
    for (std::size_t i : a.bids[b])
      use_bonus(a.bidders[b], i);
  int result[2];
  do {
    for (std::size_t b = 0; b < 2; ++b) {
      const int r = roll();
      result[b] = r + bribe[b];
      say(who(a.bidders[b]) + " rolls " + std::to_string(r) + "+" + std::to_string(bribe[b]) + "=" +
          std::to_string(result[b]) + ".");
    }
  } while (result[0] == result[1]);
  const int accuser = a.bidders[0];
  if (result[0] < result[1]) {
    say("The judge finds for " + who(a.defendant) + ", who keeps " + name(a.card) + ".");
    return;
  }
  auto& row = at(a.defendant).treasury;
  const auto it =
      std::find_if(row.begin(), row.end(), [&](const Holding& h) { return h.card == a.card; });
  if (it == row.end()) return;
  Holding h = *it;
  row.erase(it);
  h.face_up = true;
  h.used = false; // usable for its bonus later in the day
  at(accuser).treasury.push_back(h);
  say("The judge finds for " + who(accuser) + ", who gets " + name(a.card) + ".");
}

void MorgenlandGame::dawn() {
  ++round_;
  today_.clear();
  occurrence_ = 0;
  if (round_ > limits_.rounds) {
    over(-1, "the round cap (" + std::to_string(limits_.rounds) + " rounds)");
    return;
  }
  const int n = players();
  table_.dealer = (table_.dealer + 1) % n;
  table_.barred = barred_next_;
  barred_next_.clear();
  std::vector<CardId> pool = table_.discards;
  table_.discards.clear();
  pool.insert(pool.end(), table_.attack_stack.begin(), table_.attack_stack.end());
  pool.insert(pool.end(), table_.defence_stack.begin(), table_.defence_stack.end());
  for (Seat& s : table_.seats) {
    pool.insert(pool.end(), s.visitors.begin(), s.visitors.end());
    s.visitors.clear();
    s.visitor_used.clear();
  }
  std::sort(pool.begin(), pool.end()); // the same order whatever the history
  table_.attack_stack.clear();
  table_.defence_stack.clear();
  for (CardId c : pool)
    (deck_[c].stack == Stack::attack ? table_.attack_stack : table_.defence_stack).push_back(c);
  shuffle(table_.attack_stack);
  shuffle(table_.defence_stack);
  phase_ = Phase::night;
  std::string line =
      "Round " + std::to_string(round_) + ": " + who(table_.dealer) + " shuffles the Night cards.";
  if (!table_.barred.empty()) {
    line += " Not to be used tonight:";
    bool first = true;
    for (CardId c : table_.barred) {
      line += (first ? " " : ", ") + name(c);
      first = false;
    }
    line += ".";
  }
  say(line);
  for (int i = 1; i <= n; ++i)
    tasks_.push_back({Task::Kind::refill, (table_.dealer + i) % n, 0});
  tasks_.push_back({Task::Kind::turn_start, (table_.dealer + 1) % n, 0});
}

} // namespace talebook::engine::morgenland
