#include "compiler/driver/stages.hpp"

#include <algorithm>
#include <iterator>
#include <numeric>
#include <span>
#include <string>

#include "compiler/check/checks.hpp"
#include "compiler/driver/workers.hpp"
#include "compiler/graph/book_graph.hpp"
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

// Closes the gaps in `all` that parse_files left (a header the grammar
// refused), in file order: file i's paragraphs are its `used[i]` slots from
// `first[i]`, then any its part holds (more paragraphs than headers counted:
// a header in another script's digits), which are moved out of the part.
void place_paragraphs(std::vector<Paragraph>& all, const std::vector<std::size_t>& first,
                      const std::vector<std::size_t>& used, std::vector<Book>& parts) {
  std::size_t extra = 0, to = first[0];
  for (const Book& part : parts)
    extra += part.paragraphs.size();
  if (extra == 0) {
    for (std::size_t i = 0; i < used.size(); ++i)
      for (std::size_t k = first[i]; k < first[i] + used[i]; ++k, ++to)
        if (to != k) all[to] = std::move(all[k]);
    all.resize(to);
    return;
  }
  std::vector<Paragraph> placed;
  placed.reserve(first[0] + extra + std::accumulate(used.begin(), used.end(), std::size_t{0}));
  auto move = [&](auto from, auto end) {
    placed.insert(placed.end(), std::make_move_iterator(from), std::make_move_iterator(end));
  };
  move(all.begin(), all.begin() + first[0]);
  for (std::size_t i = 0; i < used.size(); ++i) {
    move(all.begin() + first[i], all.begin() + first[i] + used[i]);
    move(parts[i].paragraphs.begin(), parts[i].paragraphs.end());
    parts[i].paragraphs = std::vector<Paragraph>();
  }
  all = std::move(placed);
}

} // namespace

unsigned jobs_for(unsigned jobs, const std::vector<std::uint32_t>& ids, const SourceSet& sources) {
  if (jobs != 0) return jobs;
  std::size_t bytes = 0;
  for (std::uint32_t id : ids)
    bytes += sources.file(id).text().size();
  return bytes < parallel_bytes ? 1 : 0;
}

// On several threads, each file is parsed into a Book and Diagnostics of its own (its
// paragraphs into their places in the book), merged in file order: the same book and
// list as one thread parsing them in turn.
void parse_files(const std::vector<std::uint32_t>& ids, const SourceSet& sources, CompiledBook& out,
                 unsigned jobs) {
  // Each paragraph vector is reserved once from the files' headers: no
  // doubling (old and new arrays at once, and up to half of the new unused).
  if (job_count(jobs) <= 1 || ids.size() <= 1) {
    std::size_t headers = out.book.paragraphs.size();
    for (std::uint32_t id : ids)
      headers += paragraph_headers(sources.file(id).text());
    out.book.paragraphs.reserve(headers);
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
  // Each file's paragraphs are parsed straight into its share of the book's
  // vector, sized from the headers: the parts and the whole are never held at once.
  std::vector<Paragraph>& all = out.book.paragraphs;
  std::vector<std::size_t> first(ids.size() + 1, all.size()), used(ids.size());
  for (std::size_t i = 0; i < ids.size(); ++i)
    first[i + 1] = first[i] + paragraph_headers(sources.file(ids[i]).text());
  all.reserve(first.back());
  all.resize(first.back());
  for_each_index(ids.size(), jobs, [&](std::size_t i) {
    std::span<Paragraph> slots(all.data() + first[i], first[i + 1] - first[i]);
    used[i] = parse_tales(ids[i], sources, out.vocabulary, parts[i], found[i], slots);
  });
  place_paragraphs(all, first, used, parts);
  // The exact totals: no doubling while the parts move in (old and new arrays at once).
  std::size_t matrices = out.book.matrices.size(), cards = out.book.cards.size();
  std::size_t rejected = out.book.rejected_awards.size();
  for (const Book& part : parts) {
    matrices += part.matrices.size();
    cards += part.cards.size();
    rejected += part.rejected_awards.size();
  }
  out.book.matrices.reserve(matrices);
  out.book.cards.reserve(cards);
  out.book.rejected_awards.reserve(rejected);
  for (Book& part : parts)
    out.book.append(std::move(part));
  join(found, out.diagnostics);
}

// The book's graph (compiler/graph/), then check_book over it. On several
// threads, check_book's passes at once (each reports apart,
// joined in check_book's order: the same list).
void check_resolved(CompiledBook& out, const SourceSet& sources, unsigned jobs,
                    ParagraphReports* kept) {
  out.graph = std::make_shared<const BookGraph>(out.book);
  run_checks(out, sources, jobs, kept);
}

namespace {

// The paragraph pass (checks.hpp) that `pass` is; its index, or npos.
std::size_t paragraph_pass(CheckPass pass) {
  for (std::size_t k = 0; k < std::size(paragraph_passes); ++k)
    if (paragraph_passes[k].whole == pass) return k;
  return std::string::npos;
}

bool notes_in(const Diagnostic& d, std::uint32_t file) {
  for (const Note& n : d.notes)
    if (n.range.valid() && n.range.file == file) return true;
  return false;
}

} // namespace

void run_checks(CompiledBook& out, const SourceSet& sources, unsigned jobs, ParagraphReports* kept,
                const EditedParagraphs* edited) {
  if (!kept && job_count(jobs) <= 1) {
    check_book(out.book, sources, out.vocabulary, out.diagnostics, out.graph.get());
    return;
  }
  if (kept) kept->resize(std::size(paragraph_passes));
  std::vector<Diagnostics> found(std::size(check_passes));
  for_each_index(found.size(), jobs, [&](std::size_t i) {
    CheckContext c{out.book, out.vocabulary, found[i], sources, *out.graph};
    const std::size_t k = kept ? paragraph_pass(check_passes[i]) : std::string::npos;
    if (k == std::string::npos) return check_passes[i](c);
    const ParagraphPass& pass = paragraph_passes[k];
    pass.book(c);
    std::vector<Diagnostic>& mine = (*kept)[k];
    // An edit inside a file's paragraphs: their reports anew, the others' kept
    // (unless one has a note in the edited file: its place there may have moved).
    const bool keep = edited && std::none_of(mine.begin(), mine.end(), [&](const Diagnostic& d) {
                        return d.range.file != edited->file && notes_in(d, edited->file);
                      });
    std::size_t from = 0, to = out.book.paragraphs.size();
    if (keep) {
      std::erase_if(mine, [&](const Diagnostic& d) { return d.range.file == edited->file; });
      from = edited->first, to = edited->first + edited->count;
    } else {
      mine.clear();
    }
    Diagnostics fresh;
    CheckContext here{out.book, out.vocabulary, fresh, sources, *out.graph};
    for (std::size_t p = from; p < to; ++p)
      pass.paragraph(here, out.book.paragraphs[p]);
    mine.insert(mine.end(), fresh.all().begin(), fresh.all().end());
    found[i].all().insert(found[i].all().end(), mine.begin(), mine.end());
  });
  join(found, out.diagnostics);
}

} // namespace talebook
