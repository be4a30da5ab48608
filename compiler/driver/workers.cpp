#include "compiler/driver/workers.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <system_error>
#include <thread>
#include <vector>

namespace talebook {

unsigned job_count(unsigned jobs) {
  if (jobs != 0) return jobs;
  return std::max(1u, std::thread::hardware_concurrency());
}

void for_each_index(std::size_t count, unsigned jobs,
                    const std::function<void(std::size_t)>& work) {
  std::size_t threads = std::min<std::size_t>(job_count(jobs), count);
  if (threads <= 1) {
    for (std::size_t i = 0; i < count; ++i)
      work(i);
    return;
  }
  // Each thread takes the next index until none is left: a long file keeps
  // one thread while the others go on with the rest.
  std::atomic<std::size_t> next{0};
  std::vector<std::exception_ptr> failed(count);
  auto run = [&] {
    for (std::size_t i; (i = next.fetch_add(1, std::memory_order_relaxed)) < count;) {
      try {
        work(i);
      } catch (...) {
        failed[i] = std::current_exception();
      }
    }
  };
  std::vector<std::thread> helpers;
  helpers.reserve(threads - 1);
  for (std::size_t t = 1; t < threads; ++t) {
    try {
      helpers.emplace_back(run);
    } catch (const std::system_error&) {
      break; // no more threads to be had: fewer do the work
    }
  }
  run();
  for (std::thread& helper : helpers)
    helper.join();
  for (const std::exception_ptr& e : failed)
    if (e) std::rethrow_exception(e);
}

} // namespace talebook
