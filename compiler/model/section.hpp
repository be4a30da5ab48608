// Sections: a heading's conditions, the section's prose and its award group.
// (part of the book model: compiler/model/model.hpp)
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "compiler/model/award_code.hpp"
#include "compiler/model/store.hpp"
#include "compiler/model/text_ref.hpp"
#include "compiler/text/source.hpp"

namespace talebook {

// ---- sections -------------------------------------------------------------

// ConditionKind: talebook/kinds.hpp (Roll: roll_low..roll_high, high 0 = "and up").

struct Condition {
  // Views, as in Award: a vocabulary id into the Vocabulary (which outlives the
  // book), a name as written into the source or the Book's TextStore.
  TextRef id; // Skill/Status: vocabulary id; Treasure: the name as written
  SourceRange range;
  int roll_low = 0; // Roll, Wealth: the lowest; Modifier, Effect: the signed amount
  ConditionKind kind = ConditionKind::NoSkill;
  // Modifier: what it depends on, Skill, Status or NoSkill (none). Effect:
  // what it does, `id` the skill it suspends or the option it forbids. One
  // byte for both, as each kind has one of them.
  ConditionKind target() const {
    return kind == ConditionKind::Modifier ? ConditionKind(detail_) : ConditionKind::NoSkill;
  }
  EffectKind effect() const {
    return kind == ConditionKind::Effect ? EffectKind(detail_) : EffectKind::NoEncounters;
  }
  void set_target(ConditionKind k) { detail_ = std::uint8_t(k); }
  void set_effect(EffectKind k) { detail_ = std::uint8_t(k); }
  bool mandatory = false;
  // From the parser to the resolver only: a heading's name as written (`id`:
  // a wealth level, a skill, a status, a treasure, or unknown; kind Wealth: the
  // level of a `Wealth:` heading), or a `(note)` that is none of the language's
  // words; the resolver looks it up and sets `kind` and `id`
  // (or reports it and drops it). Resolved books have none.
  enum class Written : std::uint8_t { no, name, note };
  Written written = Written::no;
  bool is_written() const { return written != Written::no; }

  // The one number each kind has besides roll_low, in one place (0 for the
  // other kinds): Roll and Wealth the highest (Roll: 0 = "and up"), Treasure
  // its paragraph (resolved), Modifier and Effect where its words are (Book::words).
  int roll_high() const { return has_rolls() ? static_cast<int>(number_) : 0; }
  std::uint32_t paragraph() const { return kind == ConditionKind::Treasure ? number_ : 0; }
  bool has_words() const {
    return kind == ConditionKind::Modifier || kind == ConditionKind::Effect;
  }
  std::uint32_t words_index() const { return has_words() ? number_ : 0; }
  void set_roll_high(int high) { number_ = static_cast<std::uint32_t>(high); }
  void set_paragraph(std::uint32_t number) { number_ = number; }
  void set_words_index(std::uint32_t index) { number_ = index; }

private:
  std::uint8_t detail_ = 0; // target() or effect()
  bool has_rolls() const { return kind == ConditionKind::Roll || kind == ConditionKind::Wealth; }
  std::uint32_t number_ = 0;
};
static_assert(sizeof(Condition) <= 36, "a Condition is one of the model's most numerous records");

struct Section {
  Slice<Condition> conditions; // joined by `,` or `or` in the heading (Book::keep_conditions)
  TextRef text;                // the section's prose, award code removed (Book::keep)

  // Where it stands, in one file: the whole section, the heading up to and
  // including ':', the prose (heading and award excluded). Setting a valid
  // range of another file than the others' is an error (std::logic_error).
  // A heading starts its section: setting it sets where the section begins,
  // and a section with a heading keeps that start (else std::logic_error).
  SourceRange range() const { return get(range_, 1); }
  SourceRange heading() const { return get({range_.begin, heading_end_}, 2); }
  SourceRange text_range() const { return get(text_range_, 4); }
  void set_range(SourceRange r);
  void set_heading(SourceRange r);
  void set_text_range(SourceRange r) { set(text_range_, 4, r); }

  // The section's award group, when it has one (which may be empty, or have no
  // range: a line that could not be read): a copy, whose items are the Book's
  // (Book::keep_awards). Held in the section, not as a record of its own.
  std::optional<AwardCode> award() const {
    if (!has_award_) return std::nullopt;
    return AwardCode{awards_, get(award_range_, 8), bool(bracketed_)};
  }
  bool has_award() const { return has_award_; }
  // The award group's items (none without a group).
  Slice<const Award> awards() const { return {awards_.data(), awards_.size()}; }
  void set_award(const AwardCode& code) {
    set(award_range_, 8, code.range);
    awards_ = code.awards;
    bracketed_ = code.bracketed;
    has_award_ = true;
  }
  void clear_award() {
    set(award_range_, 8, {});
    awards_ = {};
    bracketed_ = true;
    has_award_ = false;
  }
  bool mandatory() const;

private:
  struct Span {
    std::uint32_t begin = 0, end = 0;
  };
  SourceRange get(Span s, unsigned bit) const {
    return {valid_ & bit ? std::uint32_t(file_) : 0, s.begin, s.end};
  }
  void set(Span& s, unsigned bit, SourceRange r);
  Slice<Award> awards_; // the award group's items
  Span range_, text_range_, award_range_;
  std::uint32_t heading_end_ = 0; // the heading begins at range_.begin
  std::uint32_t file_ : 24 = 0;   // of every valid range (at most 16,777,215 files)
  std::uint32_t valid_ : 4 = 0;   // which ranges are valid: 1 range, 2 heading, 4 text, 8 award
  std::uint32_t has_award_ : 1 = 0;
  std::uint32_t bracketed_ : 1 = 1; // the award group's: false, the bare 1985 form

public:
  bool tentative : 1 = false; // `Words:` that may be prose: the resolver decides
  // a translation's: the source book's section (compiler/translate/fallback.hpp)
  bool fallback : 1 = false;
};
static_assert(sizeof(Section) <= 68, "a paragraph holds its sections by value");

} // namespace talebook
