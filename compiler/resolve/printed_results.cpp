// A city card's result as the rulebook prints one (rule 10.2), in English:
// `Lose 3 Wealth`, `Gain 3 D pts. if any status, otherwise gain 1 D pt.`,
// `Become LOST`, `Gain ACTING & DISGUISE`, `score 2 D pts. if Merchant`. Such
// words give nothing unless written as an award group; TB0047 says so, with
// the group they mean as its suggestion.
#include "compiler/resolve/printed_results.hpp"

#include <cctype>
#include <cstring>
#include <vector>

#include "compiler/text/text.hpp"

namespace talebook::resolve {
namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

bool starts(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

// Without blanks around it nor the periods that end it (`D pts.`, a sentence).
std::string_view bare(std::string_view s) {
  s = text::trim_view(s);
  while (!s.empty() && s.back() == '.')
    s.remove_suffix(1);
  return text::trim_view(s);
}

// `N D pts.`, `N S pt`, `N Wealth (levels)`: the letter and the number.
std::optional<std::pair<char, int>> points(std::string_view words) {
  std::size_t i = 0;
  int n = 0;
  while (i < words.size() && std::isdigit(static_cast<unsigned char>(words[i])) && n < 1000)
    n = n * 10 + (words[i++] - '0');
  if (i == 0 || i >= words.size() || words[i] != ' ') return std::nullopt;
  const std::string_view rest = words.substr(i + 1);
  for (const char* unit :
       {"d pts", "d pt", "d points", "d point", "destiny points", "destiny point", "destiny"})
    if (rest == unit) return std::pair{'D', n};
  for (const char* unit :
       {"s pts", "s pt", "s points", "s point", "story points", "story point", "story"})
    if (rest == unit) return std::pair{'S', n};
  for (const char* unit : {"wealth", "wealth level", "wealth levels"})
    if (rest == unit) return std::pair{'W', n};
  return std::nullopt;
}

// One clause's award item as written in a group: `D3`, `W-3`, `Lost`,
// `Lose Piety`; nothing when the words are none of the rulebook's forms.
std::optional<std::string> item(const Vocabulary& v, std::string_view clause) {
  std::string words = lower(clause);
  int sign = 0;
  std::string_view rest;
  for (const char* verb : {"gain ", "score ", "receive ", "get ", "learn ", "become "})
    if (starts(words, verb)) sign = 1, rest = std::string_view(clause).substr(std::strlen(verb));
  if (starts(words, "lose ")) sign = -1, rest = std::string_view(clause).substr(5);
  if (!sign) return std::nullopt;
  rest = text::trim_view(rest);
  if (auto p = points(lower(rest))) {
    const int amount = sign * p->second;
    if (p->first == 'S' && amount < 0) return std::nullopt; // Story points are never lost
    return std::string(1, p->first) + (p->first == 'W' && amount > 0 ? "+" : "") +
           std::to_string(amount);
  }
  const std::string key = text::name_key(rest);
  for (VocabKind kind : {VocabKind::Skill, VocabKind::Status})
    if (const VocabEntry* e = v.find_key(kind, key)) return (sign < 0 ? "Lose " : "") + e->name;
  return std::nullopt;
}

// A clause's award group, with what follows it: `[D3] if any status`,
// `[D2 if Merchant]` (the qualifier inside, as the format writes it).
std::optional<std::string> group(const Vocabulary& v, std::string_view clause) {
  std::string words = lower(clause);
  std::string condition;
  if (std::size_t at = words.find(" if "); at != std::string::npos) {
    condition = text::trim(clause.substr(at + 1));
    clause = clause.substr(0, at);
  }
  std::optional<std::string> code = item(v, bare(clause));
  if (!code) return std::nullopt;
  const std::string when = lower(condition);
  if (when == "if merchant") return "[" + *code + " if Merchant]";
  if (when == "if quest") return "[" + *code + " if Quest]";
  return "[" + *code + "]" + (condition.empty() ? "" : " " + condition);
}

} // namespace

std::optional<std::string> printed_result_code(const Vocabulary& v, std::string_view words) {
  const std::string_view text = bare(words);
  if (text.empty()) return std::nullopt;
  std::vector<std::string_view> clauses;
  const std::size_t otherwise = lower(text).find(", otherwise ");
  clauses.push_back(text.substr(0, otherwise));
  if (otherwise != std::string::npos) clauses.push_back(text.substr(otherwise + 12));
  std::string out;
  for (std::string_view clause : clauses) {
    std::optional<std::string> g = group(v, bare(clause));
    if (!g) return std::nullopt;
    out += (out.empty() ? "" : ", otherwise ") + *g;
  }
  return out;
}

} // namespace talebook::resolve
