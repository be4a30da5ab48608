// The words of a site that are not the book's: its fixed headings and marks
// (the message tables' site_* texts, so that a Chinese site speaks Chinese)
// and an award item as words (the vocabulary's names, the kind from the
// tables: `+1 Destiny`, `skill: Piety (1 use)`).
#pragma once

#include <string>
#include <string_view>

#include "compiler/model/model.hpp"
#include "compiler/model/vocabulary.hpp"

namespace talebook::html {

// The language of a site: the book's (BCP 47, for `lang`) and the message
// tables' that speaks it ("en" when no table does).
struct SiteLanguage {
  std::string book;     // "zh", "ar"
  std::string messages; // "zh", "en"
  bool rtl = false;     // a right-to-left script (right_to_left)
  explicit SiteLanguage(std::string_view tag);
  // lang="…" dir="…" for an element in this language.
  std::string attributes() const;
  // ` lang="en" dir="ltr"` for the message tables' words on a page of
  // another language (an Arabic site's English words); empty when they agree.
  std::string messages_attributes() const;
};

// A fixed word of the site by its id (`leads_here`, `search`: the site_word text).
std::string site_word(std::string_view id, const SiteLanguage& language);

// An award item in words: its kind from the site_award text, its names from
// the vocabulary (a skill's, a status's, a term's, a Max or Min level's).
std::string award_words(const Award& award, const Vocabulary& vocabulary,
                        const SiteLanguage& language);

} // namespace talebook::html
