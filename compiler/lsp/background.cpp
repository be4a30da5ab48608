#include "compiler/lsp/background.hpp"

namespace talebook::lsp {

Background::~Background() {
  for (Job& job : jobs_)
    job.cancel = true;
  for (Job& job : jobs_)
    if (job.thread.joinable()) job.thread.join();
}

void Background::start(const std::string& manifest, std::map<std::string, std::string> buffers,
                       std::vector<std::string> paths) {
  Job& job = jobs_.emplace_back();
  job.manifest = manifest;
  job.paths = std::move(paths);
  job.thread = std::thread([this, &job, buffers = std::move(buffers)] {
    job.book = Workspace::compile(job.manifest, buffers, &job.cancel);
    job.over = true;
    wake_();
  });
}

bool Background::running(const std::string& manifest) const {
  for (const Job& job : jobs_)
    if (job.manifest == manifest) return true;
  return false;
}

std::set<std::string> Background::busy() const {
  std::set<std::string> all;
  for (const Job& job : jobs_)
    all.insert(job.manifest);
  return all;
}

void Background::cancel(const std::string& manifest) {
  for (Job& job : jobs_)
    if (job.manifest == manifest) job.cancel = true;
}

Background::Done Background::take(Job& job) {
  job.thread.join();
  // Cancelled after it ended: an edit came since, so it is stale all the same.
  if (job.cancel) job.book->compilation.cancelled = true;
  return {std::move(job.book), std::move(job.paths)};
}

std::vector<Background::Done> Background::ended() {
  std::vector<Done> done;
  for (auto it = jobs_.begin(); it != jobs_.end();) {
    if (!it->over) {
      ++it;
      continue;
    }
    done.push_back(take(*it));
    it = jobs_.erase(it);
  }
  return done;
}

std::vector<Background::Done> Background::wait() {
  std::vector<Done> done;
  for (Job& job : jobs_)
    done.push_back(take(job));
  jobs_.clear();
  return done;
}

} // namespace talebook::lsp
