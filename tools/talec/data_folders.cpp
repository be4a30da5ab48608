// Where talec's data lies: share/talebook under its install prefix, found
// from the executable's own path (TALEC_DATA_FROM_BIN, the install's
// share/talebook relative to its bin/). The build tree mirrors that layout
// (build/share/talebook/locales links to the source tree's vocabularies), so
// a talec in its build tree finds them the same way.
#include <filesystem>

#include "compiler/driver/installed_vocabularies.hpp"
#include "tools/talec/cli.hpp"

namespace talec {
namespace fs = std::filesystem;

namespace {

// The executable's path: /proc/self/exe (Linux), else argv[0] as given.
fs::path executable(const char* argv0) {
  std::error_code ec;
  fs::path self = fs::read_symlink("/proc/self/exe", ec);
  if (!ec && !self.empty()) return self;
  fs::path given = argv0 ? fs::path(argv0) : fs::path();
  return fs::absolute(given, ec);
}

} // namespace

void find_data_folders(const char* argv0) {
  fs::path bin = executable(argv0).parent_path();
  fs::path data = (bin / TALEC_DATA_FROM_BIN).lexically_normal();
  talebook::set_vocabulary_folders({(data / "locales").string()});
}

std::string data_folder() {
  const auto& folders = talebook::vocabulary_folders();
  return folders.empty() ? std::string() : fs::path(folders.front()).parent_path().string();
}

} // namespace talec
