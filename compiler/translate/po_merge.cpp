#include "compiler/translate/po_merge.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <string>

#include "compiler/translate/translation_units.hpp"

namespace talebook {
namespace {

void add_flag(PoEntry& e, const std::string& flag) {
  if (std::find(e.flags.begin(), e.flags.end(), flag) == e.flags.end()) e.flags.push_back(flag);
}

void set_fuzzy(PoEntry& e, bool fuzzy) {
  e.flags.erase(std::remove(e.flags.begin(), e.flags.end(), "fuzzy"), e.flags.end());
  if (fuzzy) e.flags.insert(e.flags.begin(), "fuzzy");
}

} // namespace

PoMerge merge_earlier_po(const PoFile& earlier, PoFile& po) {
  PoMerge merge;
  // Live entries first: an obsolete entry only stands in for a unit that has none.
  std::map<std::string, const PoEntry*> by_context;
  for (const PoEntry& e : earlier.entries)
    by_context.emplace(current_context(e.context), &e);
  for (const PoEntry& e : earlier.obsolete)
    by_context.emplace(current_context(e.context), &e);

  std::set<std::string> exported;
  for (PoEntry& entry : po.entries) {
    exported.insert(entry.context);
    auto found = by_context.find(entry.context);
    if (found == by_context.end()) continue;
    const PoEntry& old = *found->second;
    if (!old.comments.empty()) entry.comments = old.comments;
    for (const std::string& flag : old.flags)
      if (flag != "fuzzy") add_flag(entry, flag);
    if (old.str.empty() || (old.str == entry.str && !old.obsolete)) {
      // The same translation for a changed source: what it was made for, as msgmerge --previous.
      if (entry.fuzzy() && entry.previous_id.empty() && !old.str.empty() && old.id != entry.id)
        entry.previous_id = old.fuzzy() && !old.previous_id.empty() ? old.previous_id : old.id;
      continue;
    }
    // The translator's msgstr, not imported yet (or the translation's text
    // changed since the earlier export: the PO file's word wins, as msgmerge's).
    ++merge.kept;
    entry.str = old.str;
    if (old.id != entry.id) {
      set_fuzzy(entry, true);
      entry.previous_id = old.previous_id.empty() || !old.fuzzy() ? old.id : old.previous_id;
      ++merge.fuzzy;
    } else {
      set_fuzzy(entry, old.fuzzy() || old.obsolete);
      entry.previous_id = old.fuzzy() ? old.previous_id : std::string();
      if (old.obsolete) ++merge.fuzzy;
    }
  }
  auto keep_obsolete = [&](const PoEntry& e) {
    if (e.str.empty() || exported.count(current_context(e.context))) return;
    PoEntry gone = e;
    gone.obsolete = true;
    gone.extracted.clear();
    gone.references.clear();
    po.obsolete.push_back(std::move(gone));
    exported.insert(current_context(e.context)); // one obsolete entry per context
  };
  for (const PoEntry& e : earlier.entries)
    keep_obsolete(e);
  merge.obsolete = po.obsolete.size();
  for (const PoEntry& e : earlier.obsolete)
    keep_obsolete(e);
  return merge;
}

} // namespace talebook
