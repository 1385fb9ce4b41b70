// A real editor as the client: headless Neovim (the Debian package; 0.7 there, where
// vim.lsp.start_client is the call) runs test/data/nvim/diagnostics.lua, which starts
// `node bin/migrate-check.js lsp --stdio`, opens a legacy file, waits for the diagnostics, applies
// the preferred quick fix and writes what it saw as JSON. Neovim is required in CI (.ci/run
// installs it), where this test fails without it; elsewhere it does not run without one, and says so.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, blockAfter, ROOT, runCli, tempCopy } from './helpers.js';
import { leaveOut, onPath } from './support/requires.js';

const FIXTURE = path.join(ROOT, 'test', 'data', 'lsp');
const SCRIPT = path.join(ROOT, 'test', 'data', 'nvim', 'diagnostics.lua');

const NVIM = onPath(['nvim']);
const INSTALL = 'install it with: apt-get install neovim';

function nvimVersion(): string | undefined {
  const r = spawnSync(NVIM ?? 'nvim', ['--version'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.split('\n')[0] : undefined;
}

interface NvimDiagnostic {
  lnum: number;
  col: number;
  end_lnum: number;
  end_col: number;
  severity: number;
  source: string;
  code: string;
  message: string;
}

describe.skipIf(leaveOut(!!NVIM, 'the editor tests with Neovim as the LSP client (test/editor-nvim.test.ts, 2 tests)', 'no nvim on the PATH', INSTALL))('Neovim as the LSP client', () => {
  it('shows the diagnostics of a legacy file and applies the preferred quick fix', () => {
    const version = nvimVersion();
    expect(version ?? 'nvim: not found', `no working nvim on the PATH: CI must have it (${INSTALL})`).toMatch(/^NVIM v\d+\.\d+/);
    const root = tempCopy(FIXTURE, 'mc-nvim-');
    try {
      const out = path.join(root, 'nvim-result.json');
      const file = path.join(root, 'src', 'labels.ts');
      const r = spawnSync(NVIM!, ['--headless', '-u', 'NONE', '-i', 'NONE', '-n', '-c', `luafile ${SCRIPT}`], {
        cwd: root,
        encoding: 'utf8',
        timeout: 90_000,
        env: { ...process.env, MC_CMD: JSON.stringify([process.execPath, BIN, 'lsp', '--stdio']), MC_ROOT: root, MC_FILE: file, MC_OUT: out },
      });
      expect(r.error, String(r.error)).toBeUndefined();
      expect(r.status, `nvim failed:\n${r.stdout}\n${r.stderr}`).toBe(0);
      const result = JSON.parse(readFileSync(out, 'utf8')) as {
        error?: string;
        steps: string[];
        diagnostics?: NvimDiagnostic[];
        actions?: { title: string; kind: string; isPreferred: boolean }[];
        after?: { lines: string[]; diagnostics: NvimDiagnostic[] };
      };
      expect(result.error).toBeUndefined();
      // counted by hand from test/data/lsp/src/labels.ts (0-based, as Neovim has them):
      //   line 1: the path '/2023-01/labels' (without quotes) and the label entry's courier_id
      //   line 6: the case label 'courier_account_state_changed' (with quotes)
      expect(result.diagnostics?.map((d) => [d.code, d.lnum, d.col, d.end_lnum, d.end_col, d.severity, d.source])).toEqual([
        ['labels-path', 1, 16, 1, 31, 1, 'migrate-check'],
        ['label-entry-field', 1, 130, 1, 140, 1, 'migrate-check'],
        ['webhook-event-renamed', 6, 9, 6, 40, 1, 'migrate-check'],
      ]);
      expect(result.diagnostics![0].message).toMatch(/`\/2024-09\/batches\/labels`/);
      expect(result.actions?.filter((a) => a.isPreferred).map((a) => a.title)).toEqual(['Fix every POST /2023-01/labels finding in this file, path and body (2)']);
      // after the quick fix: the request is 2024-09 throughout and only the event is left
      const text = result.after!.lines.join('\n') + '\n';
      expect(result.after!.lines[1]).toBe(
        "  return fetch('/2024-09/batches/labels', { method: 'POST', body: JSON.stringify({ shipments: ids.map((id) => ({ service_shipment_id: id, courier_service_id: svc })) }) });",
      );
      expect(result.after!.diagnostics.map((d) => [d.code, d.lnum, d.col, d.end_col])).toEqual([['webhook-event-renamed', 6, 9, 40]]);
      // the buffer was never written: the file on disk is untouched, and --fix on it fixes more
      expect(readFileSync(file, 'utf8')).toContain("'/2023-01/labels'");
      expect(text).not.toBe(readFileSync(file, 'utf8'));
      const fixed = runCli(['--fix', '--no-progress', 'src/labels.ts'], root);
      expect(fixed.code).toBe(0);
      expect(readFileSync(file, 'utf8')).toBe(text.replace("'courier_account_state_changed'", "'courier_state_changed'"));
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("docs/editors.md's try-it-by-hand command works from a clone, as written", () => {
    const doc = readFileSync(path.join(ROOT, 'docs', 'editors.md'), 'utf8');
    const command = blockAfter(doc, 'to try it by hand', 'sh');
    expect(command).toMatch(/^cd fixtures\/projects\/legacy-client\/before\nnvim --headless/);
    const r = spawnSync('bash', ['-e', '-c', command], { cwd: ROOT, encoding: 'utf8', timeout: 90_000 });
    // src/labels.ts of the example has one finding (label-entry-field, line 8); Neovim prints to stderr
    expect(r.stderr.trim()).toBe('1 diagnostics');
    expect(r.status).toBe(0);
  });
});
