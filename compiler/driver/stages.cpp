#include "compiler/driver/stages.hpp"

#include <iterator>

#include "compiler/check/checks.hpp"
#include "compiler/driver/workers.hpp"
#include "compiler/parse/parser.hpp"
#include "compiler/text/text.hpp"

namespace talebook {

namespace {

// Moves the diagnostics of `parts` to the end of `out`'s, in order.
void join(std::vector<Diagnostics>& parts, Diagnostics& out) {
  std::vector<Diagnostic>& list = out.all();
  std::size_t total = list.size();
  for (const Diagnostics& part : parts)
    total += part.all().size();
  list.reserve(total);
  for (Diagnostics& part : parts)
    list.insert(list.end(), std::make_move_iterator(part.all().begin()),
                std::make_move_iterator(part.all().end()));
}

} // namespace

unsigned jobs_for(unsigned jobs, const std::vector<std::uint32_t>& ids, const SourceSet& sources) {
  if (jobs != 0) return jobs;
  std::size_t bytes = 0;
  for (std::uint32_t id : ids)
    bytes += sources.file(id).text().size();
  return bytes < parallel_bytes ? 1 : 0;
}

// On several threads, each file is parsed into a Book and Diagnostics of its own, merged
// in file order: the same book and list as one thread parsing them in turn.
void parse_files(const std::vector<std::uint32_t>& ids, const SourceSet& sources, CompiledBook& out,
                 unsigned jobs) {
  if (job_count(jobs) <= 1 || ids.size() <= 1) {
    for (std::uint32_t id : ids)
      parse_tales(id, sources, out.vocabulary, out.book, out.diagnostics);
    return;
  }
  // ICU makes its NFC normalizer on first use, behind a once-flag of its own
  // that ThreadSanitizer cannot see (ICU is not instrumented): make it here,
  // before any thread starts, so that the threads only ever read it.
  text::is_nfc("\xC3\xA9");
  std::vector<Book> parts(ids.size());
  std::vector<Diagnostics> found(ids.size());
  for_each_index(ids.size(), jobs, [&](std::size_t i) {
    parse_tales(ids[i], sources, out.vocabulary, parts[i], found[i]);
  });
  // The exact totals: no doubling while the parts move in (old and new arrays at once).
  std::size_t paragraphs = out.book.paragraphs.size(), matrices = out.book.matrices.size();
  std::size_t cards = out.book.cards.size(), rejected = out.book.rejected_awards.size();
  for (const Book& part : parts) {
    paragraphs += part.paragraphs.size();
    matrices += part.matrices.size();
    cards += part.cards.size();
    rejected += part.rejected_awards.size();
  }
  out.book.paragraphs.reserve(paragraphs);
  out.book.matrices.reserve(matrices);
  out.book.cards.reserve(cards);
  out.book.rejected_awards.reserve(rejected);
  for (Book& part : parts)
    out.book.append(std::move(part));
  join(found, out.diagnostics);
}

// On several threads, check_book's passes at once (each reports apart,
// joined in check_book's order: the same list).
void check_resolved(CompiledBook& out, const SourceSet& sources, unsigned jobs) {
  if (job_count(jobs) <= 1) {
    check_book(out.book, sources, out.vocabulary, out.diagnostics);
    return;
  }
  std::vector<Diagnostics> found(std::size(check_passes));
  for_each_index(found.size(), jobs, [&](std::size_t i) {
    CheckContext c{out.book, out.vocabulary, found[i], sources};
    check_passes[i](c);
  });
  join(found, out.diagnostics);
}

} // namespace talebook
