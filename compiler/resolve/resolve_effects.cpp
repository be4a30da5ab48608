// A status's or treasure's `Effects:` (rules 12.5, 13.4, 14): the section's
// text becomes one Effect condition per clause, for the engine to enforce:
// `Effects: no encounters; encounter roll +1; forbids Attack, Court;
// suspends Seduction; ends on 5`. The clause words are the vocabulary's
// award words with the EffectKind's id (`no_encounters`, `ends_on`...).
#include <algorithm>

#include "compiler/resolve/clauses.hpp"
#include "compiler/resolve/resolver_context.hpp"
#include "compiler/text/text.hpp"

namespace talebook::resolve {
namespace {

// The effect word the clause starts with (the longest; whole words for a
// Latin word), and the rest of the clause after it.
std::optional<std::pair<EffectKind, std::string>> effect_word(const Vocabulary& v,
                                                              std::string_view clause) {
  const std::string key = text::name_key(clause);
  std::optional<std::pair<EffectKind, std::string>> best;
  std::size_t best_size = 0;
  for (std::size_t k = 0; k < tbook::Kind<EffectKind>::count; ++k) {
    const auto kind = EffectKind(k);
    const VocabEntry* w = v.by_id(VocabKind::Award, tbook::name_of(kind));
    if (!w) continue;
    for (const std::string& prefix : w->keys) {
      if (prefix.size() <= best_size || key.compare(0, prefix.size(), prefix) != 0) continue;
      if (text::is_ascii(prefix) && key.size() > prefix.size() && key[prefix.size()] != ' ')
        continue;
      // The rest as written: as many characters of the clause as the key had.
      std::string rest = text::trim(clause.substr(std::min(clause.size(), prefix.size())));
      best = std::pair{kind, rest}, best_size = prefix.size();
    }
  }
  return best;
}

std::vector<std::string> effect_words(const Vocabulary& v) {
  std::vector<std::string> out;
  for (std::size_t k = 0; k < tbook::Kind<EffectKind>::count; ++k)
    out.push_back(v.word(VocabKind::Award, tbook::name_of(EffectKind(k))));
  return out;
}

// Names after `forbids` / `suspends`: matrix options or skills, split at the
// list separators; each its own condition.
void read_names(Resolver& r, Condition base, std::string_view rest, VocabKind kind,
                std::vector<Condition>& out) {
  for (const std::string& name : split(rest, list_separators(r.vocabulary))) {
    if (const VocabEntry* e = r.vocabulary.find(kind, name)) {
      Condition c = base;
      c.id = e->id;
      out.push_back(c);
    } else {
      r.unknown(kind == VocabKind::Skill ? Code::unknown_skill : Code::unknown_option, base.range,
                name, r.vocabulary.names(kind));
    }
  }
}

// Where the clause stands in the section's text (the whole text when it is
// not found there as written).
SourceRange clause_range(const Resolver& r, const Section& s, std::string_view clause) {
  const SourceRange all = s.text_range().valid() ? s.text_range() : s.heading();
  const std::string_view text = r.sources.text(all);
  const std::size_t at = text.find(clause);
  if (at == std::string_view::npos) return all;
  return {all.file, all.begin + static_cast<std::uint32_t>(at),
          all.begin + static_cast<std::uint32_t>(at + clause.size())};
}

void read_effects(Resolver& r, const Paragraph& p, const Section& s,
                  std::vector<Condition>& conditions) {
  for (const std::string& clause : split(s.text, clause_separators)) {
    Condition c;
    c.kind = ConditionKind::Effect;
    c.range = clause_range(r, s, clause);
    auto word = effect_word(r.vocabulary, clause);
    if (!word) {
      r.unknown(Code::unknown_effect, c.range, clause, effect_words(r.vocabulary));
      continue;
    }
    c.set_effect(word->first);
    // A die that ends it, skills lost while it is held: a status's (rules 12.5, 13.3).
    if (p.kind == ParagraphKind::Treasure &&
        (c.effect() == EffectKind::EndsOn || c.effect() == EffectKind::Suspends ||
         c.effect() == EffectKind::EndsByGiving)) {
      r.diagnostics.report(Code::effect_of_status, c.range, {clause});
      continue;
    }
    r.book.set_words(c, clause); // kept: `clause` is a temporary
    const std::string& rest = word->second;
    switch (c.effect()) {
    case EffectKind::EncounterRoll:
    case EffectKind::EndsOn: {
      std::optional<int> amount = amount_of(rest);
      if (!amount && c.effect() == EffectKind::EndsOn) { // `ends on 5`: unsigned
        std::string digits = text::fold_width(rest);
        if (!digits.empty() && digits.find_first_not_of("0123456789") == std::string::npos &&
            digits.size() <= 2)
          amount = std::stoi(digits);
      }
      if (!amount || (c.effect() == EffectKind::EndsOn && (*amount < 1 || *amount > 6))) {
        r.diagnostics.report(Code::effect_amount, c.range, {clause});
        continue;
      }
      c.roll_low = *amount;
      conditions.push_back(c);
      break;
    }
    case EffectKind::Forbids:
      read_names(r, c, rest, VocabKind::Option, conditions);
      break;
    case EffectKind::Suspends:
      read_names(r, c, rest, VocabKind::Skill, conditions);
      break;
    default:
      if (!rest.empty()) {
        r.unknown(Code::unknown_effect, c.range, clause, effect_words(r.vocabulary));
        continue;
      }
      conditions.push_back(c);
    }
  }
}

} // namespace

void resolve_effects(Resolver& r, Paragraph& p) {
  for (Section& s : p.sections) {
    if (!has_condition(s, ConditionKind::Effects) || has_condition(s, ConditionKind::Effect))
      continue;
    if (p.kind != ParagraphKind::Status && p.kind != ParagraphKind::Treasure) {
      r.diagnostics.report(Code::effects_misplaced, s.heading(),
                           {r.vocabulary.word(VocabKind::Heading, "effects")});
      continue;
    }
    std::vector<Condition> conditions(s.conditions.begin(), s.conditions.end());
    read_effects(r, p, s, conditions);
    s.conditions = r.book.keep_conditions(conditions);
  }
}

} // namespace talebook::resolve
