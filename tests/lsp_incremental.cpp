// The language server's books after any sequence of edits are those a fresh
// compile of the same texts gives. On copies of the sample book, of the sample
// book with its Chinese translation and of a generated book of 3,000
// paragraphs, random edits (seeded: the same every run) are made to files
// through lsp::Workspace, each followed by recompile(path), as the server does
// on didOpen, didChange and didClose. After each, every book loaded is
// compared with compile_book_over of the same manifest and buffers: its
// diagnostics one by one (code, severity, places by path, arguments, notes,
// suggestion, message), its paragraphs, its graph's edges and the index's
// answers for a few paragraph numbers. At the end of each seed the buffers are
// saved and the books compared with compile_book from disk (talec check).
// The workspace re-checks one file at a time when it can
// (compiler/driver/incremental.hpp): this is what must catch it going wrong.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "compiler/driver/book_loader.hpp"
#include "compiler/graph/book_graph.hpp"
#include "compiler/lsp/book_index.hpp"
#include "compiler/lsp/workspace.hpp"
#include "tests/support.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

namespace fs = std::filesystem;
using talebook::Compilation;
using talebook::Diagnostic;
using talebook::SourceRange;
using talebook::SourceSet;
using talebook::lsp::LoadedBook;
using talebook::lsp::Workspace;

// ---- what a compilation says, written out by path -----------------------

// Where a range lies: its file (relative to the copy), line:column and bytes.
// By path, never by file id: an incremental compilation may number its files
// otherwise.
class Places {
public:
  Places(const SourceSet& sources, const std::string& root) : sources_(sources), root_(root) {}
  std::string path(SourceRange r) const {
    if (!r.valid()) return "-";
    if (r.file > sources_.size()) return "<file " + std::to_string(r.file) + " of none>";
    std::string p = sources_.file(r.file).path();
    return p.starts_with(root_) ? p.substr(root_.size()) : p;
  }
  std::string bytes(SourceRange r) const {
    return path(r) + " [" + std::to_string(r.begin) + "," + std::to_string(r.end) + ")";
  }
  std::string operator()(SourceRange r) const {
    if (!r.valid() || r.file > sources_.size()) return path(r);
    const talebook::LineColumn at = sources_.file(r.file).position(r.begin);
    return path(r) + ":" + std::to_string(at.line) + ":" + std::to_string(at.column) + " [" +
           std::to_string(r.begin) + "," + std::to_string(r.end) + ")";
  }

private:
  const SourceSet& sources_;
  const std::string& root_;
};

std::string described(const std::vector<talebook::Arg>& args) {
  std::string out = "(";
  for (const talebook::Arg& a : args) {
    if (out.size() > 1) out += ", ";
    out += std::string(talebook::to_string(a.kind)) + " '" + a.to_string() + "'";
  }
  return out + ")";
}

// One line: "book/elders.tales:8:1 [300,304) TB0011 error (number '999') "message"...".
std::string described(const Diagnostic& d, const Places& at) {
  std::string out = at(d.range) + " " + talebook::info(d.code).code + " " +
                    talebook::to_string(d.severity) + " " + described(d.args) + " \"" + d.message +
                    "\"";
  if (!d.suggestion.empty()) out += " did you mean '" + d.suggestion + "'";
  for (const talebook::Note& n : d.notes)
    out += " | note " + std::string(talebook::info(n.code).code) + " " + at(n.range) + " " +
           described(n.args) + " \"" + n.message + "\"";
  return out;
}

std::vector<std::string> diagnostics_of(const Compilation& c, const std::string& root) {
  const Places at(c.sources, root);
  std::vector<std::string> out;
  for (const Diagnostic& d : c.diagnostics.all())
    out.push_back(described(d, at));
  return out;
}

// The paragraphs, one line each, in the book's order.
std::vector<std::string> paragraphs_of(const Compilation& c, const std::string& root) {
  const Places at(c.sources, root);
  std::vector<std::string> out;
  out.push_back(std::to_string(c.book.paragraphs.size()) + " paragraphs, " +
                std::to_string(c.book.matrices.size()) + " matrices, " +
                std::to_string(c.book.cards.size()) + " cards");
  for (const talebook::Paragraph& p : c.book.paragraphs)
    out.push_back("@" + std::to_string(p.number) + " kind " +
                  std::to_string(static_cast<int>(p.kind)) + " '" + std::string(p.name.view()) +
                  "'" + (p.fallback ? " fallback" : "") + " at " + at.bytes(p.range) + " header " +
                  at.bytes(p.header()) + ", " + std::to_string(p.refs.size()) + " refs, " +
                  std::to_string(p.sections.size()) + " sections, " +
                  std::to_string(p.matrix_refs.size()) + " matrix refs");
  return out;
}

// What the paragraphs and the graph hold, as numbers: quick to compare at
// every step (the test's own code is not optimised); written out as lines
// only when they differ. Files by path, through a table of both compilations.
class Prints {
public:
  Prints(const SourceSet& sources, std::map<std::string, std::uint64_t>& table) {
    by_file_.push_back(0);
    for (std::uint32_t id = 1; id <= sources.size(); ++id)
      by_file_.push_back(table.emplace(sources.file(id).path(), table.size() + 1).first->second);
  }
  void add(std::uint64_t n) { list.push_back(n); }
  void add(SourceRange r) {
    list.push_back(r.file < by_file_.size() ? by_file_[r.file] : 1'000'000 + r.file);
    list.push_back(r.begin);
    list.push_back(r.end);
  }
  void add(std::string_view s) { list.push_back(std::hash<std::string_view>{}(s)); }
  std::vector<std::uint64_t> list;

private:
  std::vector<std::uint64_t> by_file_;
};

std::vector<std::uint64_t> paragraph_prints(const Compilation& c,
                                            std::map<std::string, std::uint64_t>& table) {
  Prints p(c.sources, table);
  p.add(c.book.matrices.size());
  p.add(c.book.cards.size());
  for (const talebook::Paragraph& q : c.book.paragraphs) {
    p.add(q.number);
    p.add(static_cast<std::uint64_t>(q.kind));
    p.add(q.name.view());
    p.add(q.fallback);
    p.add(q.range);
    p.add(q.header());
    p.add(q.refs.size());
    p.add(q.sections.size());
    p.add(q.matrix_refs.size());
  }
  return std::move(p.list);
}

std::vector<std::uint64_t> graph_prints(Compilation& c,
                                        std::map<std::string, std::uint64_t>& table) {
  Prints p(c.sources, table);
  const talebook::BookGraph& g = talebook::book_graph(c);
  p.add(g.size());
  for (talebook::NodeId id = 0; id < g.size(); ++id) {
    const talebook::Node n = g.node(id);
    p.add(static_cast<std::uint64_t>(n.kind));
    p.add(n.item);
    p.add(n.row);
    p.add(n.column);
    p.add(g.out(id).size());
    for (const talebook::Edge& e : g.out(id)) {
      p.add(static_cast<std::uint64_t>(e.kind));
      p.add(g.number(c.book, e));
      p.add(e.to());
      p.add(e.range());
    }
  }
  return std::move(p.list);
}

// The graph: one line per node, with its edges.
std::vector<std::string> graph_of(Compilation& c, const std::string& root) {
  const Places at(c.sources, root);
  const talebook::BookGraph& g = talebook::book_graph(c);
  auto node = [&g](talebook::NodeId id) {
    if (id == talebook::no_node) return std::string("nothing");
    const talebook::Node n = g.node(id);
    return "node " + std::to_string(id) + " (kind " + std::to_string(static_cast<int>(n.kind)) +
           ", item " + std::to_string(n.item) + ", row " + std::to_string(n.row) + ", column " +
           std::to_string(n.column) + ")";
  };
  std::vector<std::string> out;
  out.push_back(std::to_string(g.size()) + " nodes, " + std::to_string(g.edge_count()) + " edges");
  for (talebook::NodeId id = 0; id < g.size(); ++id) {
    std::string line = node(id) + ":";
    for (const talebook::Edge& e : g.out(id))
      line += std::string(" ") + talebook::name_of(e.kind) + " " +
              std::to_string(g.number(c.book, e)) + " to " + node(e.to()) + " at " +
              at.bytes(e.range()) + ";";
    out.push_back(std::move(line));
  }
  return out;
}

// What the index answers for paragraph `number`: its definition and references.
std::vector<std::string> answers(const talebook::lsp::BookIndex& index, const SourceSet& sources,
                                 const std::string& root, std::uint32_t number) {
  const Places at(sources, root);
  talebook::lsp::Target target;
  target.kind = talebook::lsp::Target::Kind::Paragraph;
  target.number = number;
  std::vector<std::string> out;
  for (const talebook::lsp::Occurrence* o : index.references(target, true))
    out.push_back(at(o->range) + (o->definition ? " definition " : " ") + o->where);
  std::sort(out.begin(), out.end());
  out.insert(out.begin(),
             "@" + std::to_string(number) + " defined at " + at(index.definition(target)));
  return out;
}

// Empty when the lists are equal; else the first difference, what each alone
// has, and both lists around it.
std::string difference(const std::string& what, const std::vector<std::string>& workspace,
                       const std::vector<std::string>& fresh) {
  if (workspace == fresh) return {};
  std::ostringstream out;
  out << what << ": the workspace has " << workspace.size() << ", a fresh compile " << fresh.size()
      << "\n";
  std::size_t i = 0;
  while (i < workspace.size() && i < fresh.size() && workspace[i] == fresh[i])
    ++i;
  out << "first difference at #" << i
      << ":\n  workspace: " << (i < workspace.size() ? workspace[i] : "(none)")
      << "\n  fresh:     " << (i < fresh.size() ? fresh[i] : "(none)") << "\n";
  std::multiset<std::string> a(workspace.begin(), workspace.end()), b(fresh.begin(), fresh.end());
  std::vector<std::string> only_a, only_b;
  std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(only_a));
  std::set_difference(b.begin(), b.end(), a.begin(), a.end(), std::back_inserter(only_b));
  auto list = [&out](const char* title, const std::vector<std::string>& lines) {
    if (lines.empty()) return;
    out << title << " (" << lines.size() << "):\n";
    for (std::size_t k = 0; k < lines.size() && k < 12; ++k)
      out << "  " << lines[k] << "\n";
    if (lines.size() > 12) out << "  ...\n";
  };
  list("only in the workspace", only_a);
  list("only in the fresh compile", only_b);
  if (workspace.size() <= 40 && fresh.size() <= 40) {
    list("the workspace's, in order", workspace);
    list("the fresh compile's, in order", fresh);
  }
  return out.str();
}

// Empty when the workspace's book says what `fresh` (the same texts compiled
// anew) says; else what differs first. `numbers`: paragraphs to ask the index about.
std::string compare(LoadedBook& book, Compilation& fresh, const std::string& root,
                    const std::vector<std::uint32_t>& numbers) {
  std::string diff = difference("diagnostics", diagnostics_of(book.compilation, root),
                                diagnostics_of(fresh, root));
  std::map<std::string, std::uint64_t> table;
  if (diff.empty() && paragraph_prints(book.compilation, table) != paragraph_prints(fresh, table))
    diff =
        difference("paragraphs", paragraphs_of(book.compilation, root), paragraphs_of(fresh, root));
  if (diff.empty() && graph_prints(book.compilation, table) != graph_prints(fresh, table))
    diff = difference("graph", graph_of(book.compilation, root), graph_of(fresh, root));
  if (diff.empty() && !numbers.empty()) {
    const talebook::lsp::BookIndex fresh_index(fresh.book, fresh.sources,
                                               talebook::book_graph(fresh));
    const talebook::lsp::BookIndex& index = book.index();
    for (std::uint32_t n : numbers) {
      diff = difference("the index's answers for @" + std::to_string(n),
                        answers(index, book.compilation.sources, root, n),
                        answers(fresh_index, fresh.sources, root, n));
      if (!diff.empty()) break;
    }
  }
  return diff;
}

// ---- editing at random ----------------------------------------------------

using Rng = std::mt19937; // its sequence is the standard's: the same everywhere

std::size_t pick(Rng& rng, std::size_t n) {
  return n == 0 ? 0 : static_cast<std::size_t>(rng() % n);
}
bool chance(Rng& rng, unsigned percent) {
  return rng() % 100 < percent;
}
template <typename T> const T& one_of(Rng& rng, const std::vector<T>& list) {
  return list[pick(rng, list.size())];
}

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}
bool is_letter(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
bool boundary(const std::string& t, std::size_t i) {
  return i >= t.size() || (static_cast<unsigned char>(t[i]) & 0xC0) != 0x80;
}
// A random character boundary in [a, b].
std::size_t boundary_in(Rng& rng, const std::string& t, std::size_t a, std::size_t b) {
  std::vector<std::size_t> at;
  for (std::size_t i = a; i <= b; ++i)
    if (boundary(t, i)) at.push_back(i);
  return at.empty() ? a : one_of(rng, at);
}
std::size_t next_boundary(const std::string& t, std::size_t i) {
  do
    ++i;
  while (!boundary(t, i));
  return i;
}

struct Line {
  std::size_t begin, end; // without its '\n'
  std::size_t size() const { return end - begin; }
};
std::vector<Line> lines_of(const std::string& t) {
  std::vector<Line> out;
  for (std::size_t at = 0; at < t.size();) {
    std::size_t nl = t.find('\n', at);
    if (nl == std::string::npos) nl = t.size();
    out.push_back({at, nl});
    at = nl + 1;
  }
  return out;
}
bool starts(const std::string& t, Line l, std::string_view s) {
  return l.size() >= s.size() && std::string_view(t).substr(l.begin, s.size()) == s;
}
bool header_line(const std::string& t, Line l) { // "@601", "@150 treasure ..."
  return l.size() >= 2 && t[l.begin] == '@' && is_digit(t[l.begin + 1]);
}
std::size_t line_number(const std::string& t, std::size_t offset) {
  return 1 + static_cast<std::size_t>(std::count(t.begin(), t.begin() + offset, '\n'));
}
// A short, one-line form of some text for the log.
std::string shown(std::string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (out.size() >= 48 && (static_cast<unsigned char>(s[i]) & 0xC0) != 0x80)
      return "\"" + out + "...\"";
    out += s[i] == '\n' ? std::string("\\n") : std::string(1, s[i]);
  }
  return "\"" + out + "\"";
}

// An edit of one file: its new text, and what was done.
struct Edit {
  std::string text;
  std::string what;
};
Edit replaced(const std::string& t, std::size_t at, std::size_t size, const std::string& with,
              const std::string& kind) {
  std::string text = t;
  text.replace(at, size, with);
  return {std::move(text), kind + " at line " + std::to_string(line_number(t, at)) + ": " +
                               shown(std::string_view(t).substr(at, size)) + " -> " + shown(with)};
}

// What an edit may read of the rest of the file's book.
struct Context {
  bool zh = false;                                       // the file is Chinese
  std::set<std::uint32_t> numbers;                       // the paragraphs' numbers
  std::map<std::string, std::vector<std::string>> names; // kind -> the names of its paragraphs
  std::vector<char> letters;                             // the matrices' letters
  std::vector<const std::string*> others;                // the other files' texts
};

void read_context(const std::string& t, Context& c) {
  for (std::size_t at = t.starts_with("@") ? 0 : t.find("\n@"); at < t.size();
       at = t.find("\n@", at + 1)) {
    const std::size_t begin = t[at] == '@' ? at : at + 1;
    const Line l = {begin, std::min(t.find('\n', begin), t.size())};
    if (header_line(t, l)) {
      std::size_t e = l.begin + 1;
      while (e < l.end && is_digit(t[e]))
        ++e;
      if (e - l.begin - 1 < 7) c.numbers.insert(std::stoul(t.substr(l.begin + 1, e - l.begin - 1)));
      const std::string rest = t.substr(e, l.end - e);
      for (const char* kind : {"treasure", "place", "status", "quest"}) {
        const std::string word = std::string(" ") + kind + " ";
        if (rest.starts_with(word)) c.names[kind].push_back(rest.substr(word.size()));
      }
    } else if (starts(t, l, "@matrix ") && l.size() > 8) {
      c.letters.push_back(t[l.begin + 8]);
    }
  }
}

std::uint32_t unused_number(Rng& rng, const Context& c) {
  const std::uint32_t most = c.numbers.empty() ? 100 : *c.numbers.rbegin() + 20;
  for (int tries = 0; tries < 100; ++tries) {
    const std::uint32_t n = 1 + static_cast<std::uint32_t>(pick(rng, most));
    if (!c.numbers.count(n)) return n;
  }
  return most + 1;
}
std::uint32_t existing_number(Rng& rng, const Context& c) {
  if (c.numbers.empty()) return 1;
  auto it = c.numbers.begin();
  std::advance(it, static_cast<std::ptrdiff_t>(pick(rng, c.numbers.size())));
  return *it;
}
// A paragraph number in place of `n`: an unused one, another paragraph's (a
// duplicate) or a neighbour.
std::string other_number(Rng& rng, const Context& c, std::uint32_t n) {
  const std::size_t how = pick(rng, 100);
  if (how < 40) return std::to_string(unused_number(rng, c));
  if (how < 75) return std::to_string(existing_number(rng, c));
  return std::to_string(n == 0 || chance(rng, 50) ? n + 1 : n - 1);
}

using Maker = std::optional<Edit> (*)(Rng&, const std::string&, const Context&);

// A letter, a word or a sign typed into a line of prose.
std::optional<Edit> type_text(Rng& rng, const std::string& t, const Context& c) {
  std::vector<Line> prose;
  for (Line l : lines_of(t))
    if (l.size() > 0 && t[l.begin] != '@' && t[l.begin] != '%') prose.push_back(l);
  if (prose.empty()) return std::nullopt;
  const Line l = one_of(rng, prose);
  static const std::vector<std::string> en = {"a", "e", "q", "Z", "wind", " the ", "old ", "Luck"};
  static const std::vector<std::string> zh = {"的", "风", "海风", "老人", "a", "了"};
  static const std::vector<std::string> signs = {": ", "(", ")",   "[",  "]",
                                                 "/",  "7", " 12", "：", "（"};
  const std::string& typed = chance(rng, 70) ? one_of(rng, c.zh ? zh : en) : one_of(rng, signs);
  return replaced(t, boundary_in(rng, t, l.begin, l.end), 0, typed, "typed");
}

// A character deleted from any line (now and then the line's end: two lines joined).
std::optional<Edit> delete_character(Rng& rng, const std::string& t, const Context&) {
  std::vector<Line> lines;
  for (Line l : lines_of(t))
    if (l.size() > 0) lines.push_back(l);
  if (lines.empty()) return std::nullopt;
  const Line l = one_of(rng, lines);
  if (l.end < t.size() && chance(rng, 10)) return replaced(t, l.end, 1, "", "joined lines");
  const std::size_t at = boundary_in(rng, t, l.begin, l.end - 1);
  return replaced(t, at, next_boundary(t, at) - at, "", "deleted a character");
}

// A digit typed into, or deleted from, a paragraph number: `Go to 134`, `(134)`, `前往526`.
std::optional<Edit> reference_digit(Rng& rng, const std::string& t, const Context&) {
  std::vector<Line> runs;
  for (std::size_t i = 0; i < t.size();) {
    if (!is_digit(t[i])) {
      ++i;
      continue;
    }
    std::size_t e = i;
    while (e < t.size() && is_digit(t[e]))
      ++e;
    const std::string_view before = std::string_view(t).substr(i < 8 ? 0 : i - 8, i < 8 ? i : 8);
    for (std::string_view lead : {"(", "（", "Go to ", "Go to", "前往"})
      if (before.ends_with(lead)) {
        runs.push_back({i, e});
        break;
      }
    i = e;
  }
  if (runs.empty()) return std::nullopt;
  const Line r = one_of(rng, runs);
  if (chance(rng, 5)) return replaced(t, r.begin, r.size(), "", "deleted a reference's number");
  if (r.size() > 1 && chance(rng, 50))
    return replaced(t, r.begin + pick(rng, r.size()), 1, "", "deleted a reference's digit");
  return replaced(t, r.begin + pick(rng, r.size() + 1), 0,
                  std::string(1, static_cast<char>('0' + pick(rng, 10))),
                  "typed a digit into a reference");
}

// A paragraph's header given another number.
std::optional<Edit> renumber(Rng& rng, const std::string& t, const Context& c) {
  std::vector<Line> headers;
  for (Line l : lines_of(t))
    if (header_line(t, l)) headers.push_back(l);
  if (headers.empty()) return std::nullopt;
  const Line l = one_of(rng, headers);
  std::size_t e = l.begin + 1;
  while (e < l.end && is_digit(t[e]))
    ++e;
  const std::string digits = t.substr(l.begin + 1, e - l.begin - 1);
  const std::uint32_t n = digits.size() < 7 ? std::stoul(digits) : 0;
  return replaced(t, l.begin + 1, digits.size(), other_number(rng, c, n), "renumbered a header");
}

// The blocks of a file: from a line starting with '@' to the next one.
std::vector<Line> blocks_of(const std::string& t) {
  std::vector<std::size_t> starts_at;
  for (Line l : lines_of(t))
    if (l.size() > 0 && t[l.begin] == '@') starts_at.push_back(l.begin);
  std::vector<Line> out;
  for (std::size_t i = 0; i < starts_at.size(); ++i)
    out.push_back({starts_at[i], i + 1 < starts_at.size() ? starts_at[i + 1] : t.size()});
  return out;
}

std::optional<Edit> delete_block(Rng& rng, const std::string& t, const Context&) {
  const std::vector<Line> blocks = blocks_of(t);
  if (blocks.empty()) return std::nullopt;
  const Line b = one_of(rng, blocks);
  return replaced(t, b.begin, b.size(), "", "deleted a paragraph");
}

// A paragraph (or card, matrix...) of this file or another of the book, pasted
// after one of this file's.
std::optional<Edit> duplicate_block(Rng& rng, const std::string& t, const Context& c) {
  const bool here = c.others.empty() || chance(rng, 50);
  const std::string& from = here ? t : *one_of(rng, c.others);
  const std::vector<Line> blocks = blocks_of(from);
  if (blocks.empty()) return std::nullopt;
  const Line b = one_of(rng, blocks);
  std::string copy = from.substr(b.begin, b.size());
  if (!copy.ends_with("\n")) copy += "\n";
  std::vector<std::size_t> at = {t.size()};
  for (Line l : blocks_of(t))
    at.push_back(l.end);
  std::size_t where = one_of(rng, at);
  if (where > 0 && t[where - 1] != '\n') copy = "\n" + copy;
  return replaced(t, where, 0, copy,
                  here ? "duplicated a paragraph" : "pasted a paragraph of another file");
}

// An award group's word misspelt or its number changed: [S1/D1/Wisdom].
std::optional<Edit> award_code(Rng& rng, const std::string& t, const Context& c) {
  std::vector<Line> words, numbers; // runs of letters (or of other scripts) and of digits
  for (Line l : lines_of(t))
    for (std::size_t open = t.find('[', l.begin); open < l.end; open = t.find('[', open + 1)) {
      const std::size_t close = t.find(']', open);
      if (close >= l.end) break;
      for (std::size_t i = open + 1; i < close;) {
        const unsigned char ch = static_cast<unsigned char>(t[i]);
        std::size_t e = i;
        if (is_digit(t[i])) {
          while (e < close && is_digit(t[e]))
            ++e;
          numbers.push_back({i, e});
        } else if (is_letter(t[i]) || ch >= 0x80) {
          while (e < close && (is_letter(t[e]) || static_cast<unsigned char>(t[e]) >= 0x80))
            ++e;
          if (e - i >= 3) words.push_back({i, e});
        } else {
          e = i + 1;
        }
        i = e;
      }
    }
  if (!numbers.empty() && (words.empty() || chance(rng, 40))) {
    const Line r = one_of(rng, numbers);
    const std::uint32_t n = r.size() < 7 ? std::stoul(t.substr(r.begin, r.size())) : 0;
    const std::vector<std::string> other = {std::to_string(pick(rng, 10)), std::to_string(n + 1),
                                            std::to_string(n == 0 ? 0 : n - 1),
                                            std::to_string(unused_number(rng, c))};
    return replaced(t, r.begin, r.size(), one_of(rng, other), "changed an award's number");
  }
  if (words.empty()) return std::nullopt;
  const Line w = one_of(rng, words);
  const std::size_t at = boundary_in(rng, t, w.begin, w.end - 1);
  const std::size_t next = next_boundary(t, at);
  switch (pick(rng, 3)) {
  case 0:
    return replaced(t, at, next - at, "", "misspelt an award (a letter less)");
  case 1:
    return replaced(t, at, 0, c.zh ? "的" : "x", "misspelt an award (a letter more)");
  default:
    if (next < w.end && is_letter(t[at]) && is_letter(t[next]))
      return replaced(t, at, 2, std::string{t[next], t[at]}, "misspelt an award (two swapped)");
    return replaced(t, at, next - at, "", "misspelt an award (a letter less)");
  }
}

// A matrix's letter, one of its cells, or one of its options changed.
std::optional<Edit> matrix(Rng& rng, const std::string& t, const Context& c) {
  std::vector<Line> headers, rows, options;
  bool in_matrix = false;
  for (Line l : lines_of(t)) {
    if (l.size() > 0 && t[l.begin] == '@') {
      in_matrix = starts(t, l, "@matrix");
      if (in_matrix && l.size() > 8) headers.push_back(l);
    } else if (in_matrix && t.substr(l.begin, l.size()).find('|') != std::string::npos) {
      (starts(t, l, "Options:") ? options : rows).push_back(l);
    }
  }
  if (headers.empty()) return std::nullopt;
  const std::size_t how = pick(rng, 100);
  if (how < 20) {
    const Line l = one_of(rng, headers);
    const std::string letter(1, chance(rng, 50) && !c.letters.empty() ? one_of(rng, c.letters)
                                                                      : char('A' + pick(rng, 26)));
    return replaced(t, l.begin + 8, 1, letter, "changed a matrix's letter");
  }
  const bool option = how < 30 && !options.empty();
  if (!option && rows.empty()) return std::nullopt;
  const Line l = one_of(rng, option ? options : rows);
  // Its cells: after the first ':' (or '：'), between the '|'.
  std::size_t colon = t.find(':', l.begin);
  const std::size_t wide = t.find("：", l.begin);
  if (wide < colon) colon = wide + 2;
  if (colon >= l.end) return std::nullopt;
  std::vector<Line> cells;
  for (std::size_t at = colon + 1; at < l.end;) {
    std::size_t bar = std::min(t.find('|', at), l.end);
    std::size_t b = at, e = bar;
    while (b < e && t[b] == ' ')
      ++b;
    while (e > b && t[e - 1] == ' ')
      --e;
    if (e > b) cells.push_back({b, e});
    at = bar + 1;
  }
  if (cells.empty()) return std::nullopt;
  const Line cell = one_of(rng, cells);
  if (option) {
    const std::size_t at = boundary_in(rng, t, cell.begin, cell.end - 1);
    return replaced(t, at, next_boundary(t, at) - at, "", "misspelt a matrix's option");
  }
  const std::string was = t.substr(cell.begin, cell.size());
  std::string now;
  if (!was.empty() && std::all_of(was.begin(), was.end(), is_digit) && was.size() < 7) {
    const std::uint32_t n = std::stoul(was);
    const std::size_t to = pick(rng, 100);
    now = to < 30   ? std::to_string(chance(rng, 50) ? n + 1 : n - 1)
          : to < 50 ? std::to_string(chance(rng, 50) ? n + 3 : n - 3)
          : to < 70 ? std::to_string(existing_number(rng, c))
          : to < 85 ? std::to_string(unused_number(rng, c))
                    : (chance(rng, 50) ? "★" : "NE");
  } else {
    now = std::to_string(existing_number(rng, c));
  }
  return replaced(t, cell.begin, cell.size(), now, "changed a matrix cell");
}

// A treasure's, place's, status's or quest's name misspelt, made another's, or its number changed.
std::optional<Edit> named_paragraph(Rng& rng, const std::string& t, const Context& c) {
  struct Named {
    Line line, number, name;
    std::string kind;
  };
  std::vector<Named> named;
  for (Line l : lines_of(t)) {
    if (!header_line(t, l)) continue;
    std::size_t e = l.begin + 1;
    while (e < l.end && is_digit(t[e]))
      ++e;
    for (const char* kind : {"treasure", "place", "status", "quest"}) {
      const std::string word = std::string(" ") + kind + " ";
      if (t.compare(e, word.size(), word) == 0 && e + word.size() < l.end)
        named.push_back({l, {l.begin + 1, e}, {e + word.size(), l.end}, kind});
    }
  }
  if (named.empty()) return std::nullopt;
  const Named& p = one_of(rng, named);
  const std::size_t how = pick(rng, 100);
  if (how < 35) {
    const std::uint32_t n =
        p.number.size() < 7 ? std::stoul(t.substr(p.number.begin, p.number.size())) : 0;
    return replaced(t, p.number.begin, p.number.size(), other_number(rng, c, n),
                    "renumbered a " + p.kind);
  }
  if (how < 55 && c.names.count(p.kind))
    return replaced(t, p.name.begin, p.name.size(), one_of(rng, c.names.at(p.kind)),
                    "gave a " + p.kind + " another's name");
  if (how < 75)
    return replaced(t, p.name.end, 0, c.zh ? "之" : "s", "misspelt a " + p.kind + "'s name");
  const std::size_t at = boundary_in(rng, t, p.name.begin, p.name.end - 1);
  return replaced(t, at, next_boundary(t, at) - at, "", "misspelt a " + p.kind + "'s name");
}

// An empty line, or a stray '@' line, between two lines.
std::optional<Edit> stray_line(Rng& rng, const std::string& t, const Context&) {
  std::vector<std::size_t> at = {t.size()};
  for (Line l : lines_of(t))
    at.push_back(l.begin);
  std::size_t where = one_of(rng, at);
  static const std::vector<std::string> lines = {"\n", "\n\n", "@\n", "@ \n", "@?\n", "@12a\n"};
  std::string line = one_of(rng, lines);
  if (where == t.size() && where > 0 && t[where - 1] != '\n') line = "\n" + line;
  return replaced(t, where, 0, line,
                  line.find('@') == std::string::npos ? "inserted an empty line"
                                                      : "inserted a stray @ line");
}

struct Kind {
  Maker make;
  unsigned weight;
};
// Most edits are within a paragraph (what an incremental check takes its fast path for).
const std::vector<Kind> kinds = {
    {type_text, 20},      {delete_character, 10}, {reference_digit, 10}, {award_code, 10},
    {renumber, 8},        {named_paragraph, 8},   {matrix, 5},           {delete_block, 4},
    {duplicate_block, 4}, {stray_line, 5},
};

// ---- a copy of books, edited through a workspace ---------------------------

// Books copied (or generated) into a temporary folder: the files the edits
// touch, and their texts as copied.
struct Books {
  test::TempDir temp{"lsp-incremental"};
  std::string root = temp.str() + "/";
  std::vector<std::string> files;          // absolute paths, sorted
  std::map<std::string, std::string> disk; // their texts on disk

  void copy(const std::string& relative) {
    fs::create_directories((temp / relative).parent_path());
    fs::copy(test::source_dir() + "/" + relative, temp / relative, fs::copy_options::recursive);
  }
  // Every .tales file of `folder` (relative to the copy) may be edited.
  void edit(const std::string& folder) {
    for (const auto& entry : fs::directory_iterator(temp / folder))
      if (entry.path().extension() == ".tales") {
        files.push_back(entry.path().string());
        disk[entry.path().string()] = test::read_file(entry.path().string());
      }
    std::sort(files.begin(), files.end());
  }
  // The files as copied again (a seed saves its edits).
  void restore() const {
    for (const auto& [path, text] : disk)
      if (test::read_file(path) != text) test::write_file(path, text);
  }
  std::string relative(const std::string& path) const {
    return path.starts_with(root) ? path.substr(root.size()) : path;
  }
};

// One seed's run: a workspace, the files open in it, each file's earlier texts
// (to undo to) and the log of what was done.
class Session {
public:
  Session(const Books& books, std::uint32_t seed)
      : books_(books), seed_(seed), rng_(seed), checks_(seed ^ 0x5eedu) {}

  // Opens about a third of the files (and `must`), as an editor would.
  void open_some(const std::vector<std::string>& must) {
    for (const std::string& path : books_.files)
      if (chance(rng_, 33) || std::find(must.begin(), must.end(), path) != must.end()) open(path);
  }

  void run(std::size_t edits) {
    for (std::size_t i = 0; i < edits; ++i) {
      const std::size_t what = pick(rng_, 100);
      if (what < 8) {
        undo();
      } else if (what < 13 && open_.size() > 1) {
        close(one_of(rng_, std::vector<std::string>(open_.begin(), open_.end())));
      } else {
        edit();
      }
    }
  }

  // Saves the buffers, compares every book with compile_book from disk
  // (talec check), then closes every file.
  void save_and_close() {
    for (const auto& [path, text] : ws_.buffers())
      test::write_file(path, text);
    log_.push_back("#" + std::to_string(log_.size() + 1) + " saved every buffer to disk");
    for (LoadedBook* book : ws_.books()) {
      Compilation disk;
      talebook::compile_book(book->manifest, disk);
      check(*book, disk, "compile_book from disk");
    }
    while (!open_.empty())
      close(*open_.begin());
  }

  Workspace& workspace() { return ws_; }

private:
  const std::string& text_of(const std::string& path) const {
    auto it = ws_.buffers().find(path);
    return it != ws_.buffers().end() ? it->second : books_.disk.at(path);
  }

  void open(const std::string& path) {
    ws_.open(path, books_.disk.at(path));
    open_.insert(path);
    history_[path].push_back(books_.disk.at(path));
    step("opened " + books_.relative(path), path);
  }

  void close(std::string path) { // a copy: open_ holds the one it names
    ws_.close(path);
    open_.erase(path);
    step("closed " + books_.relative(path) + " (its text on disk comes back)", path);
  }

  void change(const std::string& path, Edit edit) {
    std::vector<std::string>& earlier = history_[path];
    earlier.push_back(edit.text);
    if (earlier.size() > 8) earlier.erase(earlier.begin());
    ws_.change(path, std::move(edit.text));
    step(books_.relative(path) + ": " + edit.what, path);
  }

  // An earlier text of an open file back (an editor's undo, or redo).
  void undo() {
    std::vector<std::string> can;
    for (const std::string& path : open_)
      if (history_[path].size() > 1) can.push_back(path);
    if (can.empty()) return edit();
    const std::string path = one_of(rng_, can);
    const std::vector<std::string>& earlier = history_[path];
    const std::size_t back = 1 + pick(rng_, earlier.size() - 1);
    const std::string text = earlier[earlier.size() - 1 - back];
    change(path, {text, "undid " + std::to_string(back) + " edit(s)"});
  }

  // A random kind of edit, made to a random file it applies to (a file not
  // open is opened first).
  void edit() {
    for (int tries = 0; tries < 20; ++tries) {
      unsigned total = 0;
      for (const Kind& k : kinds)
        total += k.weight;
      unsigned roll = static_cast<unsigned>(pick(rng_, total));
      const Kind* kind = &kinds.front();
      for (const Kind& k : kinds) {
        if (roll < k.weight) {
          kind = &k;
          break;
        }
        roll -= k.weight;
      }
      std::vector<std::string> files = books_.files;
      for (std::size_t i = files.size(); i > 1; --i)
        std::swap(files[i - 1], files[pick(rng_, i)]);
      for (const std::string& path : files) {
        const std::string folder = fs::path(path).parent_path().string();
        Context c;
        c.zh = path.find("/locales/zh/") != std::string::npos;
        for (const std::string& other : books_.files)
          if (fs::path(other).parent_path().string() == folder) {
            read_context(text_of(other), c);
            if (other != path) c.others.push_back(&text_of(other));
          }
        std::optional<Edit> edit = kind->make(rng_, text_of(path), c);
        if (!edit || edit->text == text_of(path)) continue;
        if (!open_.count(path)) open(path);
        change(path, std::move(*edit));
        return;
      }
    }
    FAIL("no edit could be made in 20 tries");
  }

  // recompile(path), then every book loaded compared with a fresh compile.
  void step(std::string what, const std::string& path) {
    log_.push_back("#" + std::to_string(log_.size() + 1) + " " + what);
    const std::vector<LoadedBook*> done = ws_.recompile(path);
    for (LoadedBook* book : ws_.books()) {
      Compilation fresh;
      talebook::compile_book_over(book->manifest, ws_.buffers(), fresh);
      check(*book, fresh, "a fresh compile of the same texts");
      bool reads = book->own.count(path) != 0;
      for (std::uint32_t id = 1; id <= fresh.sources.size(); ++id)
        reads = reads || fresh.sources.file(id).path() == path;
      if (reads && std::find(done.begin(), done.end(), book) == done.end()) {
        INFO(log());
        FAIL("seed " << seed_ << ": recompile(" << books_.relative(path) << ") left out "
                     << books_.relative(book->manifest) << ", which reads it");
      }
    }
  }

  void check(LoadedBook& book, Compilation& fresh, const std::string& against) {
    std::vector<std::uint32_t> numbers;
    if (!fresh.book.paragraphs.empty())
      for (int i = 0; i < 3; ++i)
        numbers.push_back(one_of(checks_, fresh.book.paragraphs).number);
    numbers.push_back(1 + static_cast<std::uint32_t>(pick(checks_, 1000)));
    const std::string diff = compare(book, fresh, books_.root, numbers);
    if (diff.empty()) return;
    INFO(log());
    FAIL("seed " << seed_ << ", after " << log_.back() << "\nthe workspace's book "
                 << books_.relative(book.manifest) << " differs from " << against << ":\n"
                 << diff);
  }

  std::string log() const {
    std::string out = "seed " + std::to_string(seed_) + ", what was done:\n";
    for (const std::string& line : log_)
      out += "  " + line + "\n";
    return out;
  }

  const Books& books_;
  const std::uint32_t seed_;
  Rng rng_;    // the edits
  Rng checks_; // what the checks ask the index (apart, so that the edits stay the same)
  Workspace ws_;
  std::set<std::string> open_;
  std::map<std::string, std::vector<std::string>> history_; // the last texts, the latest last
  std::vector<std::string> log_;
};

// Under the sanitizers (.ci/run's clang suite, several times slower), the first
// seed of each case only: the whole sample runs in the plain suite.
#if defined(__SANITIZE_ADDRESS__)
constexpr bool sanitized = true;
#elif defined(__has_feature)
constexpr bool sanitized = __has_feature(address_sanitizer);
#else
constexpr bool sanitized = false;
#endif

// Runs `edits` random edits for each seed, each from the books as copied;
// the number of times the workspace re-checked a book one file at a time.
std::size_t run_seeds(const Books& books, const std::vector<std::uint32_t>& seeds,
                      std::size_t edits, const std::vector<std::string>& must) {
  std::size_t rechecked = 0;
  for (std::uint32_t seed : seeds) {
    if (sanitized && seed != seeds.front()) break;
    CAPTURE(seed);
    books.restore();
    Session session(books, seed);
    session.open_some(must);
    session.run(edits);
    session.save_and_close();
    rechecked += session.workspace().counts().rechecked;
  }
  return rechecked;
}

TEST_CASE("lsp incremental: random edits of the sample book check as a fresh compile does",
          "[lsp][incremental]") {
  Books books;
  books.copy("book");
  books.copy("locales/en");
  books.edit("book");
  // The fast path was taken (else the test proves nothing of it).
  CHECK(run_seeds(books, {1, 2, 3, 4}, 50, {books.root + "book/elders.tales"}) > 0);
}

TEST_CASE("lsp incremental: random edits of the sample book and its Chinese translation check "
          "as a fresh compile does",
          "[lsp][incremental]") {
  Books books;
  books.copy("book");
  books.copy("locales/en");
  books.copy("locales/zh");
  books.edit("book");
  books.edit("locales/zh");
  // The translation reads the source book's files where they lie.
  {
    Workspace ws;
    const std::string zh = books.root + "locales/zh/elders.tales";
    ws.open(zh, books.disk.at(zh));
    ws.recompile(zh);
    LoadedBook* book = ws.book_of(zh);
    REQUIRE(book != nullptr);
    CHECK(book->file_id(books.root + "book/elders.tales") != 0);
  }
  // The source book is re-checked one file at a time, the translation compiled anew.
  CHECK(run_seeds(books, {11, 12, 13}, 40,
                  {books.root + "book/elders.tales", books.root + "locales/zh/elders.tales"}) > 0);
}

TEST_CASE("lsp incremental: random edits of a generated book of 3000 paragraphs check as a "
          "fresh compile does",
          "[lsp][incremental]") {
  TEST_REQUIRE_TOOL("python3", "python3");
  Books books;
  books.copy("locales/en");
  const test::Run gen =
      test::run("python3", {test::source_dir() + "/tools/bench/gen_book.py", "3000",
                            books.root + "gen", "--locales", books.root + "locales"});
  INFO(gen.err);
  REQUIRE(gen.exit == 0);
  books.edit("gen");
  REQUIRE(books.files.size() >= 5); // three files of paragraphs, the matrices, the cards
  CHECK(run_seeds(books, {21, 22}, 30, {books.root + "gen/p0001001.tales"}) > 0);
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
