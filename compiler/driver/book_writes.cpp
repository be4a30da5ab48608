// refuse_write, write_book_files, lock_book (book_writes.hpp).
#include "compiler/driver/book_writes.hpp"

#include <filesystem>
#include <sys/stat.h>

#include "compiler/translate/stale.hpp"

namespace talebook {

namespace fs = std::filesystem;

bool refuse_write(Compilation& c, const std::string& path, WriteScope scope) {
  std::vector<std::pair<std::string, const char*>> inputs = {{c.manifest.path, "manifest"},
                                                             {c.manifest.vocabulary, "vocabulary"}};
  const std::string state = state_path(c.manifest.dir);
  if (!c.manifest.translates.empty()) inputs.push_back({c.manifest.translates, "manifest"});
  bool book_file = false; // a source of the book, or its state
  for (std::uint32_t id = 1; id <= c.sources.size(); ++id) {
    const std::string& input = c.sources.file(id).path();
    if (same_file(path, input)) book_file = reads_source_file(c.manifest, input);
    inputs.push_back({input, "source"});
  }
  const bool is_state = same_file(path, state) ||
                        fs::path(path).lexically_normal() == fs::path(state).lexically_normal();
  if (scope == WriteScope::Output) {
    if (is_state) inputs.insert(inputs.begin(), {path, "state"}); // also before it exists
    for (const auto& [input, what] : inputs)
      if (same_file(path, input) || (input == path && std::string(what) == "state")) {
        c.diagnostics.report(Code::output_is_input, {}, {arg::text(path), arg::keyword(what)});
        return true;
      }
    if (reads_source_file(c.manifest, path)) { // not there yet: the next build would read it
      c.diagnostics.report(Code::output_not_allowed, {},
                           {arg::text(path), arg::keyword("would_read")});
      return true;
    }
  } else if (!book_file && !is_state && !reads_source_file(c.manifest, path)) {
    c.diagnostics.report(Code::output_not_allowed, {}, {arg::text(path), arg::keyword("outside")});
    return true;
  }
  struct stat st {};
  const char* not_file = nullptr;
  if (::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode))
    not_file = "not_regular";
  else if (::lstat(path.c_str(), &st) == 0 && S_ISLNK(st.st_mode) && ::stat(path.c_str(), &st) != 0)
    not_file = "dangling_link";
  if (not_file)
    c.diagnostics.report(Code::output_not_file, {}, {arg::text(path), arg::keyword(not_file)});
  return not_file != nullptr;
}

bool write_book_files(Compilation& c, const std::string& command,
                      const std::vector<FileWrite>& files, std::string& error,
                      const CommitStep& at_step) {
  error.clear();
  bool refused = false;
  for (const FileWrite& w : files)
    refused = refuse_write(c, w.path, WriteScope::BookFiles) || refused;
  if (refused) return false;
  error = commit_files(c.manifest.dir, command, files, at_step);
  return error.empty();
}

std::string lock_book(const std::string& path, BookLock& lock) {
  return lock.acquire(manifest_of(path), BookLock::Mode::Exclusive);
}

} // namespace talebook
