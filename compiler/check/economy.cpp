#include "compiler/check/economy.hpp"

#include <cstdint>
#include <map>
#include <sstream>

#include <nlohmann/json.hpp>

#include "compiler/text/text.hpp"

namespace talebook {

const char* EconomyLine::finding() const {
  if (granted && !tested) return "granted_untested";
  if (!granted && tested) return "tested_ungranted";
  if (!granted && !tested) return "unused";
  return "";
}

namespace {

class Counter {
public:
  Counter(const Book& book, const BookGraph& graph, const Vocabulary& v) {
    add(v, VocabKind::Skill, "skill");
    add(v, VocabKind::Status, "status");
    treasure_.assign(graph.size(), none);
    for (const Edge& e : graph.out(graph.rules())) // each treasure paragraph, once
      if (e.kind == EdgeKind::Treasure && e.to() != no_node) {
        std::string name(book.paragraphs[graph.node(e.to()).item].name);
        treasure_[e.to()] = economy.lines.size();
        economy.lines.push_back({"treasure", name, name});
      }
  }
  EconomyLine* line(const char* kind, std::string_view id) {
    auto it = index_.find(key(kind, id));
    return it == index_.end() ? nullptr : &economy.lines[it->second];
  }
  void award(const Award& a) {
    EconomyLine* l = nullptr;
    switch (a.kind) {
    case AwardKind::Skill:
      if ((l = line("skill", a.id))) ++l->granted;
      break;
    case AwardKind::Status:
      if ((l = line("status", a.id))) ++l->granted;
      break;
    case AwardKind::LoseSkill:
      if ((l = line("skill", a.id))) ++l->lost;
      break;
    case AwardKind::LoseStatus:
      if ((l = line("status", a.id))) ++l->lost;
      break;
    case AwardKind::RandomTreasure:
      ++economy.random_treasures;
      break;
    default:
      break;
    }
  }
  void condition(const Condition& c) {
    EconomyLine* l = nullptr;
    if (c.kind == ConditionKind::Skill) l = line("skill", c.id);
    if (c.kind == ConditionKind::Status) l = line("status", c.id);
    if (l) ++l->tested;
  }
  // An edge of the graph into a treasure paragraph: an award, a loss or a test.
  void edge(const Edge& e) {
    if (e.to() == no_node || treasure_[e.to()] == none) return;
    EconomyLine& l = economy.lines[treasure_[e.to()]];
    if (e.kind == EdgeKind::Treasure) ++l.granted;
    if (e.kind == EdgeKind::Lose) ++l.lost;
    if (e.kind == EdgeKind::Test) ++l.tested;
  }

  Economy economy;

private:
  static constexpr std::size_t none = SIZE_MAX;
  static std::string key(const char* kind, std::string_view id) {
    return std::string(kind) + '\x1f' + std::string(id);
  }
  void add(const Vocabulary& v, VocabKind kind, const char* word) {
    for (const VocabEntry& e : v.entries(kind)) {
      index_[key(word, e.id)] = economy.lines.size();
      economy.lines.push_back({word, e.id, e.name});
    }
  }
  std::map<std::string, std::size_t> index_;
  std::vector<std::size_t> treasure_; // by node: its line, none when no treasure's
};

std::string pad(const std::string& s, std::size_t width) {
  std::size_t w = text::display_width(s);
  return s + std::string(w < width ? width - w : 0, ' ');
}

} // namespace

Economy award_economy(const Book& book, const Vocabulary& vocabulary, const BookGraph& graph) {
  Counter count(book, graph, vocabulary);
  for (NodeId id = 1; id < graph.size(); ++id) // not the rules: they name each treasure
    for (const Edge& e : graph.out(id))
      count.edge(e);
  for (const Paragraph& p : book.paragraphs)
    for (const Section& s : p.sections) {
      for (const Condition& c : s.conditions)
        count.condition(c);
      if (s.has_award())
        for (const Award& a : s.awards())
          count.award(a);
    }
  for (const Card& card : book.cards)
    for (const CityResult& r : card.results)
      for (const AwardCode& code : r.awards)
        for (const Award& a : code.awards)
          count.award(a);
  return std::move(count.economy);
}

std::string economy_text(const Economy& economy) {
  std::size_t width = 4;
  for (const EconomyLine& l : economy.lines)
    width = std::max(width, text::display_width(l.name));
  std::ostringstream out;
  out << pad("kind", 9) << pad("name", width) << "  granted  lost  tested  finding\n";
  auto number = [](std::size_t n, std::size_t w) {
    std::string s = std::to_string(n);
    return std::string(w > s.size() ? w - s.size() : 0, ' ') + s;
  };
  for (const EconomyLine& l : economy.lines) {
    std::string finding = l.finding();
    for (char& ch : finding)
      if (ch == '_') ch = ' ';
    out << pad(l.kind, 9) << pad(l.name, width) << "  " << number(l.granted, 7) << "  "
        << number(l.lost, 4) << "  " << number(l.tested, 6);
    out << (finding.empty() ? "" : "  " + finding) << "\n";
  }
  out << "random treasures (Trea*): " << economy.random_treasures << "\n";
  return out.str();
}

std::string economy_json(const Economy& economy) {
  nlohmann::json lines = nlohmann::json::array();
  for (const EconomyLine& l : economy.lines)
    lines.push_back({{"kind", l.kind},
                     {"id", l.id},
                     {"name", l.name},
                     {"granted", l.granted},
                     {"lost", l.lost},
                     {"tested", l.tested},
                     {"finding", l.finding()}});
  nlohmann::json j = {{"economy", lines}, {"random_treasures", economy.random_treasures}};
  return j.dump(2) + "\n";
}

} // namespace talebook
