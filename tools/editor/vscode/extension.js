// The Tales extension: highlighting comes from the grammar (package.json);
// everything else from `talec lsp`, started over stdio for the workspace.
const vscode = require("vscode");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const talec = vscode.workspace.getConfiguration("tales").get("talec.path", "talec");
  const server = { command: talec, args: ["lsp"], transport: TransportKind.stdio };
  client = new LanguageClient(
    "tales",
    "Tales (talec lsp)",
    { run: server, debug: server },
    { documentSelector: [{ scheme: "file", language: "tales" }] }
  );
  context.subscriptions.push({ dispose: () => client && client.stop() });
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
