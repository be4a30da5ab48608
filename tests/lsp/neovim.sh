#!/bin/sh
# The language server driven by a real client: headless Neovim (Debian's
# neovim, installed by tools/setup.sh) runs neovim_client.lua against
# `talec lsp`. Fails, never skips, when nvim is missing.
# usage: neovim.sh TALEC SOURCE_DIR RESULT_JSON
set -u
if ! command -v nvim >/dev/null 2>&1; then
  echo "lsp_neovim: nvim is missing; 'bash tools/setup.sh' installs it" >&2
  exit 1
fi
rm -f "$3"
TALEC="$1" TALEBOOK_ROOT="$2" RESULT="$3" timeout 120 \
  nvim --headless -u NONE -i NONE -n -c "luafile $2/tests/lsp/neovim_client.lua"
status=$?
if [ "$status" -ne 0 ]; then
  echo "lsp_neovim: nvim exited with $status" >&2
  exit 1
fi
if ! grep -q '"ok": *true\|"ok":true' "$3" 2>/dev/null; then
  echo "lsp_neovim: no results in $3" >&2
  exit 1
fi
cat "$3"
