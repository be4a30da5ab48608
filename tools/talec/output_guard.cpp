// The one check before a command writes a file of its own (build, po export,
// simulate --coverage): never over a file the book is made of, never over
// something that is no regular file. The write itself is atomic
// (write_file_atomically or AtomicFile: a temp file renamed into place).
#include <sys/stat.h>

#include "compiler/text/files.hpp"
#include "compiler/translate/stale.hpp"
#include "tools/talec/commands.hpp"

namespace talec {

bool refuse_output(const std::string& output, talebook::Compilation& c) {
  std::vector<std::pair<std::string, const char*>> inputs = {
      {c.manifest.path, "manifest"},
      {c.manifest.vocabulary, "vocabulary"},
      {talebook::state_path(c.manifest.dir), "state"}};
  if (!c.manifest.translates.empty()) inputs.push_back({c.manifest.translates, "manifest"});
  for (std::uint32_t id = 1; id <= c.sources.size(); ++id)
    inputs.push_back({c.sources.file(id).path(), "source"});
  for (const auto& [input, what] : inputs)
    if (talebook::same_file(output, input)) {
      c.diagnostics.report(talebook::Code::output_is_input, {},
                           {talebook::arg::text(output), talebook::arg::keyword(what)});
      return true;
    }
  struct stat st {};
  const char* not_file = nullptr;
  if (::stat(output.c_str(), &st) == 0 && !S_ISREG(st.st_mode))
    not_file = "not_regular";
  else if (::lstat(output.c_str(), &st) == 0 && S_ISLNK(st.st_mode) &&
           ::stat(output.c_str(), &st) != 0)
    not_file = "dangling_link";
  if (not_file)
    c.diagnostics.report(talebook::Code::output_not_file, {},
                         {talebook::arg::text(output), talebook::arg::keyword(not_file)});
  return not_file != nullptr;
}

} // namespace talec
