// Whole compiles of books on threads of their own, so that the language
// server answers requests while one runs (from the book as it was last
// checked), and stops one that an edit made stale (CompileOptions::cancel).
#pragma once

#include <atomic>
#include <functional>
#include <list>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "compiler/lsp/workspace.hpp"

namespace talebook::lsp {

class Background {
public:
  // `ended` is called on a job's own thread once it has ended (the server
  // wakes up and takes it: ended()).
  explicit Background(std::function<void()> ended) : wake_(std::move(ended)) {}
  ~Background(); // cancels every job and waits for it
  Background(const Background&) = delete;
  Background& operator=(const Background&) = delete;

  // Compiles the book of `manifest` over `buffers` (the editor's texts then).
  // `paths`: the edited files it checks, published when it is done. At most
  // one job per book: none of it may be running.
  void start(const std::string& manifest, std::map<std::string, std::string> buffers,
             std::vector<std::string> paths);
  bool running(const std::string& manifest) const;
  std::set<std::string> busy() const; // the books being compiled
  bool any() const { return !jobs_.empty(); }
  // Stops the job of `manifest` at its next stage (its book comes back cancelled).
  void cancel(const std::string& manifest);

  struct Done {
    std::unique_ptr<LoadedBook> book; // compilation.cancelled when stopped
    std::vector<std::string> paths;
  };
  // The jobs that have ended, joined, in the order they were started.
  std::vector<Done> ended();
  // Waits for every job to end; then ended().
  std::vector<Done> wait();

private:
  struct Job {
    std::string manifest;
    std::vector<std::string> paths;
    std::atomic<bool> cancel{false};
    std::atomic<bool> over{false};
    std::unique_ptr<LoadedBook> book;
    std::thread thread;
  };
  // Joins an ended (or ending) job and takes its book.
  static Done take(Job& job);
  std::function<void()> wake_;
  std::list<Job> jobs_; // stable addresses: each thread holds its job
};

} // namespace talebook::lsp
