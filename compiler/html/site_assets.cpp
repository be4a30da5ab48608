#include "compiler/html/site_assets.hpp"

#include <algorithm>

namespace talebook::html {

const std::vector<SiteAsset>& site_assets() {
  static const std::vector<SiteAsset> assets = [] {
    std::vector<SiteAsset> all = {
#include "compiler/html/site_assets.inc"
    };
    std::sort(all.begin(), all.end(),
              [](const SiteAsset& a, const SiteAsset& b) { return a.name < b.name; });
    return all;
  }();
  return assets;
}

std::string_view site_asset(std::string_view name) {
  for (const SiteAsset& asset : site_assets())
    if (asset.name == name) return asset.text;
  return {};
}

} // namespace talebook::html
