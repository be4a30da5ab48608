// Roll tables (dice tests of rule 12.1 and quest tables of rule 22.3): the
// rows cover every roll once, from the lowest roll of the dice (1, or 2 when a
// row passes 6) to the highest (6 or 12), without gaps or overlaps; a quest
// has a table and spaces.
#include <algorithm>

#include "compiler/check/checks.hpp"

namespace talebook {
namespace {

struct Row {
  int low, high; // high 0: "and up"
  SourceRange range;
};

void check_table(CheckContext& c, std::vector<Row> rows) {
  if (rows.empty()) return;
  bool two_dice =
      std::any_of(rows.begin(), rows.end(), [](const Row& r) { return r.low > 6 || r.high > 6; });
  const int lowest = two_dice ? 2 : 1, highest = two_dice ? 12 : 6;
  std::stable_sort(rows.begin(), rows.end(),
                   [](const Row& a, const Row& b) { return a.low < b.low; });
  int next = lowest; // the first roll no row covers yet
  bool open = false;
  for (const Row& r : rows) {
    // A first row may start below the dice's lowest roll (a quest's modifiers can take it there).
    bool first_below = next == lowest && r.low < lowest;
    if (open || (r.low < next && !first_below)) {
      c.diagnostics.report(Code::roll_table_overlap, r.range, {std::max(r.low, lowest)});
    } else if (r.low > next) {
      c.diagnostics.report(Code::roll_table_gap, r.range, {next});
    }
    if (r.high == 0)
      open = true;
    else
      next = std::max(next, r.high + 1);
  }
  if (!open && next <= highest)
    c.diagnostics.report(Code::roll_table_gap, rows.back().range, {next});
}

bool has(const Section& s, ConditionKind kind) {
  return std::any_of(s.conditions.begin(), s.conditions.end(),
                     [&](const Condition& x) { return x.kind == kind; });
}

} // namespace

void check_rolls(CheckContext& c) {
  for (const Paragraph& p : c.book.paragraphs) {
    std::vector<Row> rows;
    bool spaces = false;
    for (const Section& s : p.sections) {
      spaces = spaces || has(s, ConditionKind::Space);
      for (const Condition& k : s.conditions)
        if (k.kind == ConditionKind::Roll) {
          rows.push_back({k.roll_low, k.roll_high(), k.range});
          break;
        }
    }
    check_table(c, rows);
    if (p.kind != ParagraphKind::Quest) continue;
    if (rows.empty()) c.diagnostics.report(Code::quest_without_table, p.header());
    if (!spaces) c.diagnostics.report(Code::quest_without_spaces, p.header());
  }
}

} // namespace talebook
