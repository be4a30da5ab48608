// Work shared among threads: the driver reads and parses a book's files on
// several at once (book_loader.cpp), each file apart, and merges the results
// in file order, so that the book and its diagnostics are the same whatever
// the number of threads.
#pragma once

#include <cstddef>
#include <functional>

namespace talebook {

// The number of threads `jobs` asks for: 0 is one per core
// (std::thread::hardware_concurrency(), 1 when unknown).
unsigned job_count(unsigned jobs);

// Calls work(i) once for every i in [0, count), on up to `jobs` threads (the
// caller's among them; `jobs` 1 or `count` 1: on the caller's alone, in
// order). Returns once every call is done; an exception that escapes a call is
// thrown again here (the one of the smallest i).
void for_each_index(std::size_t count, unsigned jobs, const std::function<void(std::size_t)>& work);

} // namespace talebook
