// The mechanics a unit's text carries, read from the text alone: what a PO
// file's msgstr must not change. A unit's text is prose, but an award group
// written inside it (`[S1/Go to 522]`), a paragraph reference `(134)`, a matrix
// reference `(H)` or a header `@12` are game mechanics: an import that changes
// them would change the game through the back door of translated text.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace talebook {

// The mechanics tokens of a text, sorted: "(134)" a paragraph reference, "(H)" a
// matrix reference, "@" a header sign, "[]" an award group, "S1", "D-1", "W+1",
// "522" the codes and numbers inside award groups. Full-width forms count as
// their ASCII forms, so `（134）` in a Chinese text is `(134)` in its source.
std::vector<std::string> text_mechanics(std::string_view text);
// The byte offset in `text` of the first mechanics token (in the order of the
// text) that `want` (sorted, as text_mechanics gives it) has fewer of: where a
// translator typed a code the source text lacks; npos when there is none.
std::size_t first_extra_mechanic(std::string_view text, const std::vector<std::string>& want);
// The tokens joined by spaces, "none" for none.
std::string mechanics_summary(const std::vector<std::string>& tokens);

} // namespace talebook
