// The browser game of a `talec html` site: play.html, its script and the
// book it plays (docs/web.md). The engine and reader run as WebAssembly: the
// `web` preset builds them into one script (engine/web/), which the site
// carries when `talec html --player FILE` names it.
#pragma once

#include <string>
#include <string_view>

namespace talebook::html {

struct PlayPage {
  std::string_view tbook; // the book, emitted unpacked (the web reader has no zstd)
  std::string player;     // the web build's script (talebook-web.js); empty: none
  std::string language;   // the book's BCP 47 language, for lang and dir
  std::string title;      // the book's title
};

// Writes play.html and what it loads into the folder `dir` (which exists).
// Without a player, play.html says how to build one. False with `error` set
// when a file cannot be written or the player cannot be read.
bool write_play_page(const std::string& dir, const PlayPage& page, std::string& error);

} // namespace talebook::html
