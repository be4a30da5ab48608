// Award codes: a group's items (`D2/S1/W+1 (Max: Poor)/Storytelling`).
// (part of the book model: compiler/model/model.hpp)
#pragma once

#include <cstdint>

#include "compiler/model/references.hpp"
#include "compiler/model/store.hpp"
#include "compiler/model/text_ref.hpp"
#include "compiler/text/source.hpp"

namespace talebook {

// ---- award codes --------------------------------------------------------

// AwardKind, WealthLimit, AwardTerm and AwardQualifier: talebook/kinds.hpp.

// What an award's name does, as the parser read it; the resolver finds what
// the name is (a skill, a status, a treasure, a place) and sets the kind.
enum class AwardName : std::uint8_t {
  None,  // no name (D2, Trea*, Go to 134...)
  Gain,  // `Piety`, `Beloved (1 turn)`, `Ionian Gems (154)`
  Lose,  // `Lose Piety`
  Enter, // `Enter City of Brass`
  Move,  // `Move to Basra` (a space), `Move to Coast` (a terrain): rule 9.3
};

struct Award {
  // A view: a vocabulary id into the Vocabulary (which outlives the book), a
  // book name or a name as written into the source or the Book's TextStore.
  // skill, status: the vocabulary id; treasure, place: the book name; Wealth:
  // the Max/Min level's vocabulary id (limit_id()); MoveToSpace: the space's
  // name; MoveToTerrain: the terrain's vocabulary id; each as written until
  // resolved
  TextRef id;
  SourceRange range;
  // The one number each kind has, in one place (0 for the other kinds): D, S
  // and W their amount; GoTo, Treasure, LoseTreasure and EnterPlace their
  // paragraph (as written or resolved), as has a skill's or a status's name
  // before the resolver (`Piety (3)`, reported; it sets 0). Both setters write
  // it: the kind, set before or after, says which it is.
  std::int32_t amount() const { return has_amount() ? static_cast<std::int32_t>(number_) : 0; }
  std::uint32_t paragraph() const { return has_paragraph() ? number_ : 0; }
  void set_amount(std::int32_t amount) { number_ = static_cast<std::uint32_t>(amount); }
  void set_paragraph(std::uint32_t number) { number_ = number; }
  // MoveToSpace: the space's index in the book's map (WorldMap::spaces).
  std::uint32_t space() const { return kind == AwardKind::MoveToSpace ? number_ : 0; }
  void set_space(std::uint32_t index) { number_ = index; }
  // Left by the parser for the resolver, in the file of `range` (set after
  // it): the name (or the Max/Min level) as written, and the argument (`(1
  // use)`, `(154)`) when one was written; an invalid range when none. Kept as
  // offsets from range.begin: a part beyond 64 KiB of its item is read back as
  // the whole item.
  SourceRange name_range() const { return name_.in(range); }
  SourceRange argument_range() const { return argument_.in(range); }
  void set_name_range(SourceRange r) { name_ = Part::of(r, range); }
  void set_argument_range(SourceRange r) { argument_ = Part::of(r, range); }
  // A Wealth award's Max/Min level (its `id`): the vocabulary id once
  // resolved, as written before; empty for the other kinds.
  std::string_view limit_id() const {
    return kind == AwardKind::Wealth ? id.view() : std::string_view();
  }
  AwardKind kind = AwardKind::Destiny;
  AwardTerm term = AwardTerm::Permanent;
  WealthLimit limit : 2 = WealthLimit::None;
  AwardQualifier qualifier : 2 = AwardQualifier::None;
  AwardName name : 3 = AwardName::None;

private:
  bool has_amount() const {
    return kind == AwardKind::Destiny || kind == AwardKind::Story || kind == AwardKind::Wealth;
  }
  bool has_paragraph() const {
    switch (kind) {
    case AwardKind::GoTo:
    case AwardKind::Treasure:
    case AwardKind::LoseTreasure:
    case AwardKind::EnterPlace:
    case AwardKind::Skill:
    case AwardKind::Status:
    case AwardKind::LoseSkill:
    case AwardKind::LoseStatus:
      return true;
    default:
      return false;
    }
  }
  std::uint32_t number_ = 0;
  // A part of the item: its offset from range.begin and its size.
  struct Part {
    static constexpr std::uint16_t far = 0xFFFF; // offset: none (size 0), the whole item (far)
    std::uint16_t offset = far, size = 0;
    static Part of(SourceRange r, SourceRange item) {
      if (!r.valid()) return {};
      if (r.file == item.file && r.begin >= item.begin && r.end >= r.begin &&
          r.begin - item.begin < far && r.end - r.begin <= far)
        return {static_cast<std::uint16_t>(r.begin - item.begin),
                static_cast<std::uint16_t>(r.end - r.begin)};
      return {far, far};
    }
    SourceRange in(SourceRange item) const {
      if (offset != far) return {item.file, item.begin + offset, item.begin + offset + size};
      return size == far ? item : SourceRange{};
    }
  };
  Part name_, argument_;
};
static_assert(sizeof(Award) <= 40, "an Award is one of the model's most numerous records");
static_assert(tbook::Kind<WealthLimit>::count <= 4 && tbook::Kind<AwardQualifier>::count <= 4);

// An award group: its items, where it stands, its form. A Section holds its
// own in place (Section::award); a city result's and a rejected one are these.
struct AwardCode {
  Slice<Award> awards; // in the Book's store
  SourceRange range;
  bool bracketed = true; // false: the bare 1985 form at the end of a line
};
static_assert(sizeof(AwardCode) <= 28);

} // namespace talebook
