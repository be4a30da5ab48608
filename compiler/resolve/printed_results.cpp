// A city card's result as the rulebook prints one (rule 10.2), in English:
// `Lose 3 Wealth`, `Gain 3 D pts. if any status, otherwise gain 1 D pt.`,
// `Become LOST`, `Gain ACTING & DISGUISE`, `score 2 D pts. if Merchant`: read
// with the rulebook's meaning, as the award groups they stand for (TB0048
// says so and suggests the groups; words of other forms are TB0047).
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

// One clause's award item: as written in a group (`D3`, `W-3`, `Lost`, `Lose
// Piety`) and resolved; nothing when the words are none of the rulebook's forms.
std::optional<std::pair<std::string, Award>> item(const Vocabulary& v, std::string_view clause) {
  std::string words = lower(clause);
  int sign = 0;
  std::string_view rest;
  for (const char* verb : {"gain ", "score ", "receive ", "get ", "learn ", "become "})
    if (starts(words, verb)) sign = 1, rest = std::string_view(clause).substr(std::strlen(verb));
  if (starts(words, "lose ")) sign = -1, rest = std::string_view(clause).substr(5);
  if (!sign) return std::nullopt;
  rest = text::trim_view(rest);
  Award a;
  if (auto p = points(lower(rest))) {
    const int amount = sign * p->second;
    if (p->first == 'S' && amount < 0) return std::nullopt; // Story points are never lost
    a.kind = p->first == 'D'   ? AwardKind::Destiny
             : p->first == 'S' ? AwardKind::Story
                               : AwardKind::Wealth;
    a.set_amount(amount);
    return std::pair{std::string(1, p->first) + (p->first == 'W' && amount > 0 ? "+" : "") +
                         std::to_string(amount),
                     a};
  }
  const std::string key = text::name_key(rest);
  for (VocabKind kind : {VocabKind::Skill, VocabKind::Status})
    if (const VocabEntry* e = v.find_key(kind, key)) {
      const bool skill = kind == VocabKind::Skill;
      a.kind = sign < 0 ? (skill ? AwardKind::LoseSkill : AwardKind::LoseStatus)
                        : (skill ? AwardKind::Skill : AwardKind::Status);
      a.id = TextRef(std::string_view(e->id));
      return std::pair{(sign < 0 ? "Lose " : "") + e->name, a};
    }
  return std::nullopt;
}

// A clause's award group, with what follows it: `[D3] if any status`,
// `[D2 if Merchant]` (the qualifier inside, as the format writes it).
bool group(const Vocabulary& v, std::string_view clause, PrintedResult& out) {
  std::string words = lower(clause);
  std::string condition;
  if (std::size_t at = words.find(" if "); at != std::string::npos) {
    condition = text::trim(clause.substr(at + 1));
    clause = clause.substr(0, at);
  }
  auto code = item(v, bare(clause));
  if (!code) return false;
  const std::string when = lower(condition);
  if (!out.code.empty()) out.code += ", otherwise ";
  if (when == "if merchant" || when == "if quest") {
    code->second.qualifier =
        when == "if merchant" ? AwardQualifier::IfMerchant : AwardQualifier::IfQuest;
    out.code += "[" + code->first + (when == "if merchant" ? " if Merchant]" : " if Quest]");
  } else {
    out.code += "[" + code->first + "]" + (condition.empty() ? "" : " " + condition);
  }
  out.groups.push_back(code->second);
  return true;
}

} // namespace

std::optional<PrintedResult> printed_result(const Vocabulary& v, std::string_view words) {
  const std::string_view text = bare(words);
  if (text.empty()) return std::nullopt;
  std::vector<std::string_view> clauses;
  const std::size_t otherwise = lower(text).find(", otherwise ");
  clauses.push_back(text.substr(0, otherwise));
  if (otherwise != std::string::npos) clauses.push_back(text.substr(otherwise + 12));
  PrintedResult out;
  for (std::string_view clause : clauses)
    if (!group(v, bare(clause), out)) return std::nullopt;
  // The words outside the groups, as a result written so keeps them.
  std::string rest;
  for (std::size_t i = 0; i < out.code.size(); ++i) {
    if (out.code[i] == '[')
      i = out.code.find(']', i);
    else
      rest += out.code[i];
  }
  out.rest = text::trim(rest);
  while (out.rest.find("  ") != std::string::npos)
    out.rest.replace(out.rest.find("  "), 2, " ");
  return out;
}

} // namespace talebook::resolve
