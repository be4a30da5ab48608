// talec lsp: the language server (compiler/lsp/) on stdin and stdout.
#include <iostream>

#include "compiler/diagnostics/messages.hpp"
#include "compiler/lsp/server.hpp"
#include "tools/talec/commands.hpp"

namespace talec {
namespace {

const char* help = R"(usage: talec lsp [--stdio]

Runs the Language Server Protocol 3.17 on stdin and stdout (JSON-RPC messages
with a Content-Length header) for an editor: diagnostics as you type (unsaved
buffers count), go to definition, references, hover, completion, rename,
document and workspace symbols, inlay hints, document links, semantic tokens,
quick fixes for "did you mean", and a code lens that plays an encounter from a
paragraph ("play from here"). Each opened .tales file is served with its whole
book (the nearest book.json above it); a translation's files with their source
book. An edit re-checks only what it changed when the rest of the book reads
nothing of it (inside paragraphs, a renumbering), else the whole book, on a
thread of its own: requests are answered meanwhile, and a new edit of the book
cancels that compile and starts it again. Edits sent together are checked
once. See docs/editor.md.

Everything the server writes for the writer (diagnostics, quick fixes, hovers,
the code lens, refusals and errors) is in the editor's language (the client's
`locale`), else the environment's (LC_ALL, LC_MESSAGES, LANG): English or
Chinese.

options:
  --stdio      talk on stdin and stdout (the default and only transport)
  --lang LANG  write the messages in LANG (en, zh), whatever the editor says
  -h, --help   show this help

exit codes: 0 after shutdown and exit, 1 when the stream ends or exit comes
without shutdown.
)";

} // namespace

int cmd_lsp(const Args& args) {
  ArgScanner scan(args, "lsp", help);
  std::string language;
  for (std::string a; scan.next(a);) {
    if (scan.flag(a, "--stdio")) continue;
    if (scan.value(a, {"--lang"}, language)) {
      const std::string known = talebook::message_language_of(language);
      if (known.empty() || language.compare(0, known.size(), known) != 0)
        return scan.fail("no messages in language '" + language + "' (en, zh)");
      language = known;
      continue;
    }
    if (!scan.positional(a)) break;
    return scan.fail("talec lsp takes no paths (the editor opens the files)");
  }
  if (scan.done) return *scan.done;
  std::ios::sync_with_stdio(false);
  talebook::lsp::Server server(std::cout, language);
  return server.run(std::cin);
}

} // namespace talec
