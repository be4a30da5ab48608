// Quest paragraphs (rule 22.2): the text of a `Spaces:` section becomes one
// Space condition per space, the text of a `Modifiers:` section one Modifier
// condition per modifier, with its amount and the skill or status it names.
#include <algorithm>

#include "compiler/resolve/clauses.hpp"
#include "compiler/resolve/resolver_context.hpp"
#include "compiler/text/text.hpp"

namespace talebook::resolve {
namespace {

bool word_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

// The longest skill or status of the vocabulary named in the words (a whole
// word for a Latin name; anywhere for a Chinese one).
const VocabEntry* named(const Vocabulary& v, std::string_view words, ConditionKind& kind) {
  std::string key = text::name_key(words);
  const VocabEntry* best = nullptr;
  std::size_t best_size = 0;
  for (auto [vocab, condition] : {std::pair{VocabKind::Skill, ConditionKind::Skill},
                                  std::pair{VocabKind::Status, ConditionKind::Status}})
    for (const VocabEntry& e : v.entries(vocab)) {
      std::vector<std::string> names = e.aliases;
      names.push_back(e.name);
      for (const std::string& name : names) {
        std::string n = text::name_key(name);
        std::size_t at = key.find(n);
        if (n.empty() || at == std::string::npos || n.size() <= best_size) continue;
        if (text::is_ascii(name) && ((at > 0 && word_char(key[at - 1])) ||
                                     (at + n.size() < key.size() && word_char(key[at + n.size()]))))
          continue;
        best = &e, best_size = n.size(), kind = condition;
      }
    }
  return best;
}

void read_modifiers(Resolver& r, const Section& s, std::vector<Condition>& conditions) {
  for (const std::string& words : split(s.text, clause_separators)) {
    Condition c;
    c.kind = ConditionKind::Modifier;
    c.range = s.text_range().valid() ? s.text_range() : s.heading();
    std::optional<int> amount = amount_of(words);
    if (!amount) {
      r.diagnostics.report(Code::modifier_amount, c.range, {words});
      continue;
    }
    c.roll_low = *amount;
    r.book.set_words(c, words); // kept: `words` is a temporary
    ConditionKind kind = ConditionKind::NoSkill;
    if (const VocabEntry* e = named(r.vocabulary, words, kind)) {
      c.set_target(kind);
      c.id = e->id;
    }
    conditions.push_back(std::move(c));
  }
}

void read_spaces(Resolver& r, const Section& s, std::vector<Condition>& conditions) {
  for (const std::string& space : split(s.text, list_separators(r.vocabulary))) {
    Condition c;
    c.kind = ConditionKind::Space;
    c.id = r.book.keep(space); // `space` is a temporary
    c.range = s.text_range().valid() ? s.text_range() : s.heading();
    conditions.push_back(std::move(c));
  }
}

} // namespace

void resolve_quest(Resolver& r, Paragraph& p) {
  if (p.kind != ParagraphKind::Quest) return;
  for (Section& s : p.sections) {
    if (has_condition(s, ConditionKind::Space) || has_condition(s, ConditionKind::Modifier))
      continue;
    std::vector<Condition> conditions(s.conditions.begin(), s.conditions.end());
    if (has_condition(s, ConditionKind::Spaces)) read_spaces(r, s, conditions);
    if (has_condition(s, ConditionKind::Modifiers)) read_modifiers(r, s, conditions);
    if (conditions.size() != s.conditions.size()) s.conditions = r.book.keep_conditions(conditions);
  }
}

} // namespace talebook::resolve
