// The files every site of `talec html` carries (compiler/html/site/: its
// style sheet, scripts and the play page), built into talec at configure time
// (CMakeLists.txt embeds the folder), so that talec needs no data folder.
#pragma once

#include <string_view>
#include <vector>

namespace talebook::html {

struct SiteAsset {
  std::string_view name; // the file's name in compiler/html/site/ ("style.css")
  std::string_view text;
};

// Every asset, sorted by name.
const std::vector<SiteAsset>& site_assets();
// The asset named `name`; empty when there is none.
std::string_view site_asset(std::string_view name);

} // namespace talebook::html
