// A minimal VS Code client for `migrate-check lsp`: it starts the server over stdio for the
// JavaScript, TypeScript and component files of the workspace and passes the `migrate-check`
// settings through. Everything else (diagnostics, quick fixes, fix all, hover) is the server's.
const fs = require('node:fs');
const path = require('node:path');
const vscode = require('vscode');
const { LanguageClient, TransportKind } = require('vscode-languageclient/node');

let client;

function serverCommand() {
  const configured = vscode.workspace.getConfiguration('migrate-check').get('command') ?? [];
  if (configured.length) return { command: configured[0], args: [...configured.slice(1), 'lsp'] };
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  const local = folder && path.join(folder, 'node_modules', '.bin', process.platform === 'win32' ? 'migrate-check.cmd' : 'migrate-check');
  return { command: local && fs.existsSync(local) ? local : 'migrate-check', args: ['lsp'] };
}

async function activate(context) {
  const { command, args } = serverCommand();
  const languages = ['javascript', 'javascriptreact', 'typescript', 'typescriptreact', 'vue', 'svelte', 'astro'];
  client = new LanguageClient(
    'migrate-check',
    'migrate-check',
    // TransportKind.stdio makes the client append `--stdio`
    { command, args, transport: TransportKind.stdio, options: { cwd: vscode.workspace.workspaceFolders?.[0]?.uri.fsPath } },
    {
      documentSelector: languages.map((language) => ({ scheme: 'file', language })),
      synchronize: { configurationSection: 'migrate-check' },
      initializationOptions: { unsafe: vscode.workspace.getConfiguration('migrate-check').get('unsafe') === true },
    },
  );
  context.subscriptions.push(client);
  await client.start();
}

function deactivate() {
  return client?.stop();
}

module.exports = { activate, deactivate };
