// All-or-none writes of a book's files, by a journal (journal.hpp).
#include "compiler/text/journal.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <set>

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

namespace talebook {
namespace {

namespace fs = std::filesystem;

struct Entry {
  std::string file;      // relative to the book folder
  std::string temporary; // the same
};

std::string error_text(int error) {
  return std::strerror(error);
}

bool sync_folder(const std::string& dir) {
  int fd = ::open(dir.empty() ? "." : dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return false;
  const bool synced = ::fsync(fd) == 0;
  ::close(fd);
  return synced;
}

// Writes `bytes` to a new file `path` (replacing a leftover), synced; `mode`
// when not 0. Empty on success.
std::string write_synced(const std::string& path, std::string_view bytes, unsigned mode) {
  ::unlink(path.c_str()); // a leftover of an earlier run (the book's lock is ours)
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0666);
  if (fd < 0) return "cannot write '" + path + "': " + error_text(errno);
  std::string error;
  for (std::size_t done = 0; done < bytes.size() && error.empty();) {
    ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0)
      error = error_text(n < 0 ? errno : EIO);
    else
      done += std::size_t(n);
  }
  if (error.empty() && mode && ::fchmod(fd, mode) != 0) error = error_text(errno);
  if (error.empty() && ::fsync(fd) != 0) error = error_text(errno);
  if (::close(fd) != 0 && error.empty()) error = error_text(errno);
  if (!error.empty()) {
    ::unlink(path.c_str());
    return "cannot write '" + path + "': " + error;
  }
  return {};
}

std::string journal_json(const std::string& command, const std::vector<Entry>& entries) {
  nlohmann::json files = nlohmann::json::array();
  for (const Entry& e : entries)
    files.push_back({{"file", e.file}, {"temporary", e.temporary}});
  return nlohmann::json{{"talec_journal", 1}, {"command", command}, {"files", files}}.dump(1) +
         "\n";
}

// Reads a journal or an intent; false when it is not one (cut short, damaged).
bool read_journal(const std::string& path, std::string& command, std::vector<Entry>& entries) {
  std::string bytes;
  if (!read_regular_file(path, bytes, std::size_t(16) << 20).empty()) return false;
  const nlohmann::json j = nlohmann::json::parse(bytes, nullptr, false);
  if (!j.is_object() || j.value("talec_journal", 0) != 1 || !j.contains("files") ||
      !j["files"].is_array())
    return false;
  command = j.value("command", "");
  for (const nlohmann::json& f : j["files"]) {
    if (!f.is_object() || !f.contains("file") || !f.contains("temporary") ||
        !f["file"].is_string() || !f["temporary"].is_string())
      return false;
    Entry e{f["file"].get<std::string>(), f["temporary"].get<std::string>()};
    // Never anything outside the book folder, whatever the journal says.
    for (const std::string* p : {&e.file, &e.temporary}) {
      const fs::path rel(*p);
      if (rel.empty() || rel.is_absolute() || *rel.begin() == "..") return false;
    }
    entries.push_back(std::move(e));
  }
  return true;
}

// The file `requested` writes to (through a symbolic link to a regular file),
// relative to the absolute folder `root`; empty when it lies outside.
std::string inside(const fs::path& root, const std::string& requested, std::string& error) {
  const fs::path absolute = fs::absolute(requested).lexically_normal();
  std::error_code ec;
  const fs::path folder = fs::canonical(absolute.parent_path(), ec);
  if (ec || !fs::is_directory(folder, ec)) {
    error = "cannot write '" + requested + "': no such folder";
    return {};
  }
  fs::path target = folder / absolute.filename();
  struct stat st {};
  if (::lstat(target.c_str(), &st) == 0) {
    if (S_ISLNK(st.st_mode)) {
      std::error_code ec;
      fs::path resolved = fs::canonical(target, ec);
      if (ec || ::stat(resolved.c_str(), &st) != 0) {
        error = "refusing to write '" + requested + "': a symbolic link to nothing";
        return {};
      }
      target = resolved;
    }
    if (!S_ISREG(st.st_mode)) {
      error = "refusing to write '" + requested + "': not a regular file";
      return {};
    }
  }
  const fs::path rel = target.lexically_relative(root);
  if (rel.empty() || *rel.begin() == "..") {
    error = "refusing to write '" + requested + "': outside the book folder";
    return {};
  }
  return rel.string();
}

fs::path root_of(const std::string& book_dir) {
  std::error_code ec;
  fs::path root = fs::canonical(book_dir.empty() ? "." : book_dir, ec);
  return ec ? fs::absolute(book_dir).lexically_normal() : root;
}

std::string temporary_of(const std::string& rel) {
  const fs::path p(rel);
  return (p.parent_path() / ("." + p.filename().string() + ".talec-new")).string();
}

// SIGINT, SIGTERM and SIGHUP wait while files are committed (they are taken
// when it is done, or the next run finishes what SIGKILL interrupted).
struct SignalsHeld {
  sigset_t previous;
  SignalsHeld() {
    sigset_t held;
    sigemptyset(&held);
    for (int s : {SIGINT, SIGTERM, SIGHUP})
      sigaddset(&held, s);
    ::pthread_sigmask(SIG_BLOCK, &held, &previous);
  }
  ~SignalsHeld() { ::pthread_sigmask(SIG_SETMASK, &previous, nullptr); }
};

} // namespace

std::string commit_files(const std::string& book_dir, const std::string& command,
                         const std::vector<FileWrite>& files, const CommitStep& at_step) {
  const auto step = [&](const char* name) {
    if (at_step) at_step(name);
  };
  const fs::path root = root_of(book_dir);
  std::vector<Entry> entries;
  std::vector<unsigned> modes;
  std::set<std::string> seen;
  for (const FileWrite& w : files) {
    std::string error;
    std::string rel = inside(root, w.path, error);
    if (rel.empty()) return error;
    if (!seen.insert(rel).second) return "'" + w.path + "' is written twice";
    struct stat st {};
    modes.push_back(::stat((root / rel).c_str(), &st) == 0 ? (st.st_mode & 07777) : 0);
    entries.push_back({rel, temporary_of(rel)});
  }
  if (entries.empty()) return {};
  SignalsHeld held;
  const std::string intent = (root / intent_name).string();
  const std::string journal = (root / journal_name).string();
  if (std::string error = write_synced(intent, journal_json(command, entries), 0); !error.empty())
    return error;
  sync_folder(root.string());
  step("intent");
  const auto roll_back = [&](std::size_t written) {
    for (std::size_t i = 0; i < written; ++i)
      ::unlink((root / entries[i].temporary).c_str());
    ::unlink(intent.c_str());
  };
  for (std::size_t i = 0; i < entries.size(); ++i) {
    std::string error =
        write_synced((root / entries[i].temporary).string(), files[i].bytes, modes[i]);
    if (!error.empty()) {
      roll_back(i);
      return error;
    }
    step("temporary");
  }
  std::set<std::string> folders;
  for (const Entry& e : entries)
    folders.insert((root / e.file).parent_path().string());
  for (const std::string& folder : folders)
    sync_folder(folder);
  if (::rename(intent.c_str(), journal.c_str()) != 0) {
    const int error = errno;
    roll_back(entries.size());
    return "cannot write '" + journal + "': " + error_text(error);
  }
  sync_folder(root.string());
  step("commit");
  // From here on the write counts: what cannot be renamed now, the next run renames.
  for (const Entry& e : entries) {
    if (::rename((root / e.temporary).c_str(), (root / e.file).c_str()) != 0)
      return "cannot write '" + (root / e.file).string() + "': " + error_text(errno) +
             " (the next talec run on the book completes the write)";
    step("rename");
  }
  for (const std::string& folder : folders)
    sync_folder(folder);
  ::unlink(journal.c_str());
  sync_folder(root.string());
  step("done");
  return {};
}

bool write_interrupted(const std::string& book_dir) {
  struct stat st {};
  const fs::path root(book_dir.empty() ? "." : book_dir);
  return ::lstat((root / journal_name).c_str(), &st) == 0 ||
         ::lstat((root / intent_name).c_str(), &st) == 0;
}

Recovery recover_writes(const std::string& book_dir) {
  Recovery out;
  if (!write_interrupted(book_dir)) return out;
  const fs::path root = root_of(book_dir);
  // A file as the user names it: under the book folder as given.
  const auto shown = [&](const std::string& rel) {
    return (fs::path(book_dir.empty() ? "." : book_dir) / rel).lexically_normal().string();
  };
  const std::string journal = (root / journal_name).string();
  const std::string intent = (root / intent_name).string();
  std::vector<Entry> entries;
  struct stat st {};
  if (::lstat(journal.c_str(), &st) == 0) {
    if (!read_journal(journal, out.command, entries)) {
      out.state = Recovery::State::Failed;
      out.error = "'" + shown(journal_name) + "' is damaged";
      return out;
    }
    for (const Entry& e : entries) {
      const std::string temporary = (root / e.temporary).string();
      if (::lstat(temporary.c_str(), &st) != 0) continue; // renamed before the stop
      if (::rename(temporary.c_str(), (root / e.file).c_str()) != 0) {
        out.state = Recovery::State::Failed;
        out.error = "cannot write '" + shown(e.file) + "': " + error_text(errno);
        return out;
      }
    }
    std::set<std::string> folders;
    for (const Entry& e : entries)
      folders.insert((root / e.file).parent_path().string());
    for (const std::string& folder : folders)
      sync_folder(folder);
    out.state = Recovery::State::Completed;
  } else {
    // Stopped before its commit: an intent cut short was stopped before any
    // temporary was made.
    if (read_journal(intent, out.command, entries))
      for (const Entry& e : entries)
        if (::unlink((root / e.temporary).c_str()) != 0 && errno != ENOENT) {
          out.state = Recovery::State::Failed;
          out.error = "cannot remove '" + shown(e.temporary) + "': " + error_text(errno);
          return out;
        }
    out.state = Recovery::State::RolledBack;
  }
  out.files = entries.size();
  for (const char* left : {journal_name, intent_name})
    if (::unlink((root / left).c_str()) != 0 && errno != ENOENT) {
      out.state = Recovery::State::Failed;
      out.error = "cannot remove '" + shown(left) + "': " + error_text(errno);
      return out;
    }
  sync_folder(root.string());
  return out;
}

} // namespace talebook
