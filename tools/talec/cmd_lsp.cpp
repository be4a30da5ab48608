// talec lsp: the language server (compiler/lsp/) on stdin and stdout.
#include <iostream>

#include "compiler/lsp/server.hpp"
#include "tools/talec/commands.hpp"

namespace talec {
namespace {

const char* help = R"(usage: talec lsp [--stdio]

Runs the Language Server Protocol 3.17 on stdin and stdout (JSON-RPC messages
with a Content-Length header) for an editor: diagnostics as you type (unsaved
buffers count), go to definition, references, hover, completion, document and
workspace symbols, and quick fixes for "did you mean". Each opened .tales file
is served with its whole book (the nearest book.json above it); a
translation's files with their source book. See docs/editor.md.

options:
  --stdio      talk on stdin and stdout (the default and only transport)
  -h, --help   show this help

exit codes: 0 after shutdown and exit, 1 when the stream ends or exit comes
without shutdown.
)";

} // namespace

int cmd_lsp(const Args& args) {
  ArgScanner scan(args, "lsp", help);
  for (std::string a; scan.next(a);) {
    if (scan.flag(a, "--stdio")) continue;
    if (!scan.positional(a)) break;
    return scan.fail("talec lsp takes no paths (the editor opens the files)");
  }
  if (scan.done) return *scan.done;
  std::ios::sync_with_stdio(false);
  talebook::lsp::Server server(std::cout);
  return server.run(std::cin);
}

} // namespace talec
