// An export written over an earlier PO file merges into it, as msgmerge does:
// nothing a translator wrote there and did not import yet is lost.
#pragma once

#include <cstddef>

#include "compiler/translate/po.hpp"

namespace talebook {

struct PoMerge {
  std::size_t kept = 0;     // msgstr kept from the earlier file (not the translation's text)
  std::size_t fuzzy = 0;    // of them, made fuzzy: their source text changed
  std::size_t obsolete = 0; // entries of units the book no longer has, kept as `#~`
};

// Merges `earlier` (the PO file written over) into `po`, a fresh export of a
// translation. Entries are matched by context (an older talec's contexts
// too). An earlier entry keeps its translator comments and flags; its msgstr,
// when it is not empty and not the translation's text (an edit not imported
// yet), replaces the exported one, fuzzy with `#| msgid` the earlier msgid
// when the source text changed since. An earlier entry whose unit is gone is
// kept obsolete (`#~`) when it holds a translation; an obsolete entry whose
// unit is back is revived as a fuzzy one.
PoMerge merge_earlier_po(const PoFile& earlier, PoFile& po);

} // namespace talebook
