// The vocabularies installed with talec (share/talebook/locales/<language>/
// vocabulary.json under its prefix, or the source tree's locales/ for a talec
// in its build tree), so that a book's manifest may name its vocabulary by
// language: "vocabulary": "en".
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace talebook {

// The folders that hold <language>/vocabulary.json, searched in order (talec
// sets them once, from where its executable lies; none by default).
void set_vocabulary_folders(std::vector<std::string> folders);
const std::vector<std::string>& vocabulary_folders();

// True when a manifest's "vocabulary" names a language rather than a file: a
// BCP 47-like tag (letters, digits, '-'; no '/', no '.').
bool names_language(std::string_view value);

// The installed vocabulary of `language` (empty when none is installed).
std::string installed_vocabulary(std::string_view language);
// Every installed language, sorted, each once.
std::vector<std::string> installed_languages();

} // namespace talebook
