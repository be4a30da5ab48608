#!/usr/bin/env bash
# The TextMate grammar against its annotated samples (tests/editor/*.tales),
# loaded through the extension's package.json as VS Code loads it.
# vscode-tmgrammar-test is installed by tools/setup.sh; without it this fails.
set -euo pipefail
cd "$(dirname "$0")/../../.."
npm_dir=${1:-${TALEBOOK_NPM_DIR:-build/npm}}
runner=$npm_dir/node_modules/.bin/vscode-tmgrammar-test
if [ ! -x "$runner" ]; then
  echo "test-grammar: $runner is missing: run 'bash tools/setup.sh' (it installs the npm test tools)" >&2
  exit 1
fi
# The manifest (a pinned language client, the grammar and configuration it
# names), the extension's syntax, and the language configuration: '%'
# comments, ASCII and full-width brackets.
node --check tools/editor/vscode/extension.js
node -e '
const fs = require("fs");
const dir = "./tools/editor/vscode/";
const pkg = require(dir + "package.json");
if (!/^[0-9]+\.[0-9]+\.[0-9]+$/.test(pkg.dependencies["vscode-languageclient"]))
  throw new Error("vscode-languageclient is not pinned to one version");
for (const f of [pkg.main, pkg.contributes.grammars[0].path, pkg.contributes.languages[0].configuration])
  if (!fs.existsSync(dir + f)) throw new Error("package.json names a missing file: " + f);
if (!/args: \["lsp"\]/.test(fs.readFileSync(dir + pkg.main, "utf8")))
  throw new Error("the extension does not start talec lsp");
const c = require(dir + "language-configuration.json");
const pairs = JSON.stringify(c.brackets);
for (const b of [["[", "]"], ["(", ")"], ["［", "］"], ["（", "）"]])
  if (!pairs.includes(JSON.stringify(b))) throw new Error("missing bracket pair " + b);
if (c.comments.lineComment !== "%") throw new Error("line comment is not %");
'
exec "$runner" --compact --config tools/editor/vscode/package.json 'tests/editor/*.tales'
