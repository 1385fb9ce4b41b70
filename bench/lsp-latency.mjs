#!/usr/bin/env node
// Latency of the language server as an editor sees it: the built `migrate-check lsp --stdio` is
// spawned on a workspace folder, one file is opened, and the script measures
//   - start-up to first diagnostics: from spawning the process to the publishDiagnostics of the
//     opened file (initialize, initialized and didOpen are sent as an editor sends them, at once),
//     and the part of it from didOpen on;
//   - keystroke re-check: from a didChange of one typed character to the publishDiagnostics of
//     that version (the server's debounce included), median and worst of N keystrokes.
// The file's findings are counted and must not change while typing into a trailing comment.
//
//   npm run build && node bench/lsp-latency.mjs <workspaceDir> <fileToOpen> [--runs N] [--json]
//
// fileToOpen is absolute or relative to workspaceDir. With --json the figures are printed as one
// JSON object (for bench/run.mjs) instead of lines of text. Exit 2 on bad arguments or a server
// that does not answer.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = path.join(repo, 'bin', 'migrate-check.js');

function fail(msg) {
  process.stderr.write(`lsp-latency: ${msg}\n`);
  process.exit(2);
}

const argv = process.argv.slice(2);
const positional = [];
let runs = 20;
let json = false;
for (let i = 0; i < argv.length; i++) {
  const a = argv[i];
  if (a === '--runs') {
    runs = Number(argv[++i]);
    if (!Number.isInteger(runs) || runs < 1) fail('--runs needs a positive whole number');
  } else if (a === '--json') json = true;
  else if (a === '--help' || a === '-h') {
    process.stdout.write('usage: node bench/lsp-latency.mjs <workspaceDir> <fileToOpen> [--runs N] [--json]\n');
    process.exit(0);
  } else if (a.startsWith('-')) fail(`unknown option ${a}`);
  else positional.push(a);
}
if (positional.length !== 2) fail('usage: node bench/lsp-latency.mjs <workspaceDir> <fileToOpen> [--runs N] [--json]');
const root = path.resolve(positional[0]);
const file = path.resolve(root, positional[1]);
if (!existsSync(root) || !statSync(root).isDirectory()) fail(`not a folder: ${positional[0]}`);
if (!existsSync(file) || !statSync(file).isFile()) fail(`no such file: ${positional[1]}`);
if (!existsSync(path.join(repo, 'dist', 'src', 'cli.js'))) fail('not built: run `npm run build` first');

const uri = pathToFileURL(file).href;
const initialText = readFileSync(file, 'utf8');

const t0 = performance.now();
const proc = spawn(process.execPath, [bin, 'lsp', '--stdio'], { cwd: root, stdio: ['pipe', 'pipe', 'pipe'] });
let stderr = '';
proc.stderr.on('data', (d) => (stderr += d));
const conn = createMessageConnection(new StreamMessageReader(proc.stdout), new StreamMessageWriter(proc.stdin));

/** version -> { at, count } of the publishDiagnostics for the opened file */
const published = new Map();
let waiting;
conn.onNotification('textDocument/publishDiagnostics', (p) => {
  if (p.uri !== uri) return;
  const at = performance.now();
  published.set(p.version, { at, count: p.diagnostics.length });
  if (waiting && waiting.version === p.version) waiting.resolve(at);
});
conn.onRequest('workspace/configuration', (p) => p.items.map(() => null));
conn.onRequest('client/registerCapability', () => null);
conn.listen();

function diagnosticsOf(version, ms = 30_000) {
  const got = published.get(version);
  if (got) return Promise.resolve(got.at);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no diagnostics for version ${version} within ${ms / 1000} s; server stderr:\n${stderr}`)), ms);
    waiting = { version, resolve: (at) => (clearTimeout(timer), (waiting = undefined), resolve(at)) };
  });
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const fmt = (t) => `${t.toFixed(1)} ms`;

try {
  const init = conn.sendRequest('initialize', {
    processId: process.pid,
    rootUri: pathToFileURL(root).href,
    workspaceFolders: [{ uri: pathToFileURL(root).href, name: path.basename(root) }],
    capabilities: { textDocument: { publishDiagnostics: { versionSupport: true } } },
  });
  // an editor sends these as soon as initialize is answered
  await init;
  const initialized = performance.now() - t0;
  await conn.sendNotification('initialized', {});
  const openedAt = performance.now();
  await conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'typescript', version: 1, text: initialText } });
  const firstAt = await diagnosticsOf(1);
  const first = firstAt - t0;
  const openToFirst = firstAt - openedAt;
  const findings = published.get(1).count;

  // keystrokes: a trailing comment, typed one character at a time
  let text = initialText.endsWith('\n') ? initialText : initialText + '\n';
  let version = 1;
  const lines = () => text.split('\n');
  const send = async (insert) => {
    const ls = lines();
    const line = ls.length - 1;
    const character = ls[line].length;
    text += insert;
    version++;
    const sent = performance.now();
    await conn.sendNotification('textDocument/didChange', {
      textDocument: { uri, version },
      contentChanges: [{ range: { start: { line, character }, end: { line, character } }, text: insert }],
    });
    const at = await diagnosticsOf(version);
    return at - sent;
  };
  await send('// typing');
  const times = [];
  let changedCount = false;
  for (let i = 0; i < runs; i++) {
    times.push(await send(String.fromCharCode(97 + (i % 26))));
    if (published.get(version).count !== findings) changedCount = true;
  }
  await conn.sendRequest('shutdown');
  await conn.sendNotification('exit');
  const code = await new Promise((resolve) => (proc.exitCode !== null ? resolve(proc.exitCode) : proc.on('exit', resolve)));
  conn.dispose();
  const figures = {
    workspace: root,
    file: path.relative(root, file),
    findings,
    initializeMs: Number(initialized.toFixed(1)),
    firstDiagnosticsMs: Number(first.toFixed(1)),
    openToFirstDiagnosticsMs: Number(openToFirst.toFixed(1)),
    keystrokeRuns: runs,
    keystrokeMedianMs: Number(median(times).toFixed(1)),
    keystrokeMaxMs: Number(Math.max(...times).toFixed(1)),
    exitCode: code,
  };
  if (changedCount) throw new Error('the number of findings changed while typing into a comment');
  if (json) process.stdout.write(JSON.stringify(figures) + '\n');
  else {
    console.log(`workspace: ${root}`);
    console.log(`opened: ${figures.file} (${findings} diagnostics)`);
    console.log(`spawn to initialize answered:        ${fmt(initialized)}`);
    console.log(`spawn to first diagnostics:          ${fmt(first)}`);
    console.log(`didOpen to first diagnostics:        ${fmt(openToFirst)}`);
    console.log(`keystroke re-check (didChange to diagnostics, debounce included), ${runs} runs: median ${fmt(median(times))}, max ${fmt(Math.max(...times))}`);
    console.log(`server exit code after shutdown:     ${code}`);
  }
} catch (err) {
  proc.kill();
  fail(err instanceof Error ? err.message : String(err));
}
