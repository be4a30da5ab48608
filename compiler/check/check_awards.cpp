// Award sense (rules 11.8, 15, 16), the treasures and places awards name, and
// the shape of sections.
#include "compiler/check/checks.hpp"
#include "compiler/text/text.hpp"

namespace talebook {
namespace {

// `on_you`: the award stands on a Special card's `You:` line, the one place
// for `Use any skill` (rule 10.2).
void check_award(CheckContext& c, const Award& a, bool on_you = false) {
  const Vocabulary& v = c.vocabulary;
  switch (a.kind) {
  case AwardKind::UseAnySkill:
    if (!on_you)
      c.diagnostics.report(Code::use_any_skill_place, a.range,
                           {v.word(VocabKind::Award, "use_any_skill")});
    break;
  case AwardKind::Story:
    if (a.amount() < 0) c.diagnostics.report(Code::negative_story, a.range);
    break;
  case AwardKind::Wealth:
    if (a.amount() > 0 && a.limit == WealthLimit::Min)
      c.diagnostics.report(Code::wealth_limit_sense, a.range,
                           {arg::keyword("gain"), v.word(VocabKind::Award, "min")});
    if (a.amount() < 0 && a.limit == WealthLimit::Max)
      c.diagnostics.report(Code::wealth_limit_sense, a.range,
                           {arg::keyword("loss"), v.word(VocabKind::Award, "max")});
    break;
  case AwardKind::GoTo:
    if (a.paragraph() != 0)
      c.target({a.paragraph(), a.range}); // 0: malformed, reported by the parser
    break;
  case AwardKind::Treasure: {
    // An unknown name was reported by the resolver; its number must still hold.
    const Paragraph* treasure = c.book.treasure(a.id);
    if (!treasure) {
      if (a.paragraph()) c.target({a.paragraph(), a.range});
    } else if (a.paragraph() && a.paragraph() != treasure->number) {
      c.diagnostics
          .report(Code::treasure_number, a.range,
                  {treasure->name.view(), treasure->number, a.paragraph()})
          .note(Code::treasure_defined, treasure->header());
    }
    break;
  }
  default:
    break;
  }
}

void check_sections(CheckContext& c, const Paragraph& p) {
  bool skill = false, fallback = false;
  for (const Section& s : p.sections) {
    bool informational = false;
    for (const Condition& cond : s.conditions) {
      skill |= cond.kind == ConditionKind::Skill;
      fallback |= cond.kind == ConditionKind::NoSkill || cond.kind == ConditionKind::Otherwise;
      informational |= cond.kind == ConditionKind::Spaces ||
                       cond.kind == ConditionKind::Modifiers || cond.kind == ConditionKind::Effects;
    }
    bool wants_award = p.kind == ParagraphKind::Award || p.kind == ParagraphKind::Quest;
    if (!s.has_award() && wants_award && !informational && !s.fallback)
      c.diagnostics.report(Code::section_without_award,
                           s.heading().valid() ? s.heading() : s.range());
    if (s.has_award() && !s.fallback)
      for (const Award& a : s.awards())
        check_award(c, a);
  }
  if (skill && !fallback) c.diagnostics.report(Code::no_no_skill, p.header());
}

} // namespace

void check_awards(CheckContext& c) {
  for (const Paragraph& p : c.book.paragraphs)
    if (!p.fallback) check_sections(c, p);
  for (const Card& card : c.book.cards) {
    if (card.fallback) continue; // a translation's: checked in its source book
    for (const CityResult& r : card.results)
      for (const AwardCode& code : r.awards)
        for (const Award& a : code.awards)
          check_award(c, a, card.kind == CardKind::Special && r.roll == 1);
  }
}

} // namespace talebook
