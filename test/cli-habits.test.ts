// The command line as ESLint users drive it (issue 24), through the built CLI: one value per
// option, -f/--format, colour flags and variables, -v, --fix-dry-run, did-you-mean, the
// subcommands' help, the dry run's reporter, JSONC config, and the words of --help and the page.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempTree } from './helpers.js';

// a label path (fixable) in src/, a direct handover (left for a person) in other/
const LABELS = "export const labels = () => fetch('/2023-01/labels', { method: 'POST' });\n";
const HANDOVER = "export const handover = () => fetch('/pickup/v1/direct_handover', { method: 'POST' });\n";
const tree = () => tempTree({ 'src/a.ts': LABELS, 'other/b.ts': HANDOVER });
const ESC = '\x1b[';

describe('options take one value each; what follows is a path', () => {
  it('--ignore-pattern GLOB src scans src (and fails on its finding)', () => {
    const dir = tree();
    const r = runCli(['--ignore-pattern', '**/gen/**', '-r', 'compact', 'src'], dir);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^src\/a\.ts:1:36: error .* \[labels-path\]$/m);
    expect(r.stdout).not.toContain('other/b.ts');
    expect(r.code).toBe(1);
    // repeated, each with its own value, paths after the last
    const two = runCli(['--ignore-pattern', 'src/**', '--ignore-pattern', 'gen/**', '-r', 'compact', 'src', 'other'], dir);
    expect(two.stdout.trim().split('\n')).toEqual([expect.stringMatching(/^other\/b\.ts:1:\d+: error .* \[v1-direct-handover\]$/)]);
  });

  it('--rule ID=warn src/a.ts sets the level and scans the file', () => {
    const dir = tree();
    const r = runCli(['--rule', 'labels-path=warn', '-r', 'compact', 'src/a.ts'], dir);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^src\/a\.ts:1:36: warning .* \[labels-path\]$/m);
    expect(r.stdout).not.toContain('other/b.ts');
    expect(r.code).toBe(0);
  });

  it('a single-value option given twice is one line, exit 2', () => {
    const r = runCli(['-f', 'json', '-r', 'compact'], tree());
    expect(r.stderr).toBe('migrate-check: --reporter takes one value, given 2: json, compact (see migrate-check --help)\n');
    expect(r.code).toBe(2);
  });
});

describe('ESLint habits', () => {
  it('-f and --format name the reporter', () => {
    const dir = tree();
    const json = runCli(['-f', 'json', 'src'], dir);
    expect(JSON.parse(json.stdout).map((f: { filePath: string }) => path.relative(dir, f.filePath))).toEqual([path.join('src', 'a.ts')]);
    expect(runCli(['--format', 'compact', 'src'], dir).stdout).toMatch(/^src\/a\.ts:1:36: error /);
    expect(runCli(['--format=compact', 'src'], dir).stdout).toMatch(/^src\/a\.ts:1:36: error /);
  });

  it('colour: --color and --no-color first, then NO_COLOR over FORCE_COLOR, then a terminal or CI, as picocolors decides', () => {
    const dir = tree();
    const plain = { NO_COLOR: undefined, FORCE_COLOR: undefined, CI: undefined };
    const coloured = (args: string[], env: Record<string, string | undefined>) => runCli([...args, 'src'], dir, { ...plain, ...env }).stdout.includes(ESC);
    expect(coloured([], {})).toBe(false); // a pipe, outside CI
    expect(coloured(['--color'], { NO_COLOR: '1' })).toBe(true);
    expect(coloured(['--no-color'], { FORCE_COLOR: '1' })).toBe(false);
    expect(coloured([], { FORCE_COLOR: '1' })).toBe(true);
    expect(coloured([], { FORCE_COLOR: '1', NO_COLOR: '1' })).toBe(false);
    expect(coloured([], { CI: 'true' })).toBe(true);
    expect(coloured([], { CI: 'true', NO_COLOR: '1' })).toBe(false);
    // a report written to a file is plain unless --color asks
    runCli(['-o', 'plain.txt', 'src'], dir, { ...plain, FORCE_COLOR: '1' });
    expect(readFileSync(path.join(dir, 'plain.txt'), 'utf8')).not.toContain(ESC);
    runCli(['--color', '-o', 'coloured.txt', 'src'], dir, plain);
    expect(readFileSync(path.join(dir, 'coloured.txt'), 'utf8')).toContain(`${ESC}31merror`);
    // the text under the colour is the same
    const withColour = runCli(['--color', 'src'], dir, plain).stdout;
    expect(withColour.replace(/\x1b\[[0-9;]*m/g, '')).toBe(runCli(['src'], dir, plain).stdout);
  });

  it('-v prints the version', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    const r = runCli(['-v'], tree());
    expect(r.stdout).toBe(`${pkg.version}\n`);
    expect(r.code).toBe(0);
  });

  it('--fix-dry-run is --fix --dry-run: the diff, nothing written', () => {
    const dir = tree();
    const r = runCli(['--fix-dry-run', 'src'], dir);
    expect(r.stdout).toBe(runCli(['--fix', '--dry-run', 'src'], dir).stdout);
    expect(r.stdout).toContain("-export const labels = () => fetch('/2023-01/labels', { method: 'POST' });");
    expect(r.stdout).toContain("+export const labels = () => fetch('/2024-09/batches/labels', { method: 'POST' });");
    expect(r.stderr).toMatch(/^migrate-check --fix --dry-run: 1 file would change, 1 finding fixed, 0 left for a person\.$/m);
    expect(readFileSync(path.join(dir, 'src', 'a.ts'), 'utf8')).toBe(LABELS);
    expect(r.code).toBe(0);
  });

  it('an unknown flag: one line with the nearest known flags, exit 2', () => {
    for (const [flag, line] of [
      ['--fixx', 'migrate-check: unknown option --fixx (did you mean --fix?)'],
      ['--reportr', 'migrate-check: unknown option --reportr (did you mean --reporter?)'],
      ['--no-colour', 'migrate-check: unknown option --no-colour (did you mean --no-color?)'],
      ['--zzzzzz', 'migrate-check: unknown option --zzzzzz (see migrate-check --help)'],
    ]) {
      const r = runCli([flag, 'src'], tree());
      expect(r.stderr).toBe(`${line}\n`);
      expect(r.code).toBe(2);
    }
  });
});

describe('subcommands', () => {
  const usage = (name: string) => new RegExp(`^migrate-check ${name} `);

  it('merge --help, lsp --help and mcp --help print their usage and exit 0; nothing starts', () => {
    for (const name of ['merge', 'lsp', 'mcp'])
      for (const flag of ['--help', '-h']) {
        const r = runCli([name, flag], tree());
        expect(r.stdout).toMatch(usage(name));
        expect(r.stdout).toContain('-h, --help');
        expect(r.stderr).toBe('');
        expect(r.code).toBe(0);
      }
  });

  it('help prints the help; help NAME the subcommand usage', () => {
    const r = runCli(['help'], tree());
    expect(r.stdout).toMatch(/^migrate-check \[paths\.\.\]/);
    expect(r.stdout).toContain('--fix-dry-run');
    expect(r.code).toBe(0);
    expect(runCli(['help', 'merge'], tree()).stdout).toMatch(usage('merge'));
    const bad = runCli(['help', 'nope'], tree());
    expect(bad.stderr).toBe('migrate-check: help: no help on nope (migrate-check help [merge|lsp|mcp])\n');
    expect(bad.code).toBe(2);
  });

  it('mcp with an argument it does not take is a usage error', () => {
    const r = runCli(['mcp', '--bogus'], tree());
    expect(r.stderr).toBe('migrate-check: mcp: unknown argument --bogus (usage: migrate-check mcp [--root DIR]; see migrate-check mcp --help)\n');
    expect(r.code).toBe(2);
  });

  it('merge says which reporters it reads and writes, and what it wrote', () => {
    const dir = tree();
    const help = runCli(['merge', '--help'], dir).stdout;
    expect(help).toContain("two reporters' output only, json reports (-r json) and SARIF logs (-r sarif), and cannot mix them.");
    expect(help).toContain('SARIF logs into one SARIF log.');
    runCli(['--shard', '1/2', '-r', 'json', '-o', 's1.json'], dir);
    runCli(['--shard', '2/2', '-r', 'json', '-o', 's2.json'], dir);
    const r = runCli(['merge', 's1.json', 's2.json', '-o', 'all.json'], dir);
    expect(r.stderr).toBe('migrate-check merge: wrote all.json, one json report from 2 json reports\n');
    expect(JSON.parse(readFileSync(path.join(dir, 'all.json'), 'utf8'))).toHaveLength(2);
    const page = runCli(['merge', 's1.json', 's2.json', '-r', 'html', '-o', 'all.html'], dir);
    expect(page.stderr).toBe('migrate-check merge: wrote all.html, one html page from 2 json reports\n');
    runCli(['-r', 'sarif', '-o', 'all.sarif'], dir);
    const sarif = runCli(['merge', 'all.sarif', '-o', 'merged.sarif'], dir);
    expect(sarif.stderr).toBe('migrate-check merge: wrote merged.sarif, one SARIF log from 1 SARIF log\n');
    const asked = runCli(['merge', 's1.json', '-r', 'stylish'], dir);
    expect(asked.stderr).toBe('migrate-check: merge writes json or html, not stylish (migrate-check merge a.json b.json|DIR [--reporter json|html] [--exit-code] [-o merged.json])\n');
    expect(asked.code).toBe(2);
  });
});

describe('--fix --dry-run with a reporter', () => {
  it('prints the report of what the fix would leave; -o takes the diff; the summary goes to stderr', () => {
    const dir = tree();
    const r = runCli(['--fix', '--dry-run', '-r', 'json', '-o', 'fix.diff'], dir);
    const report = JSON.parse(r.stdout) as { filePath: string; messages: { ruleId: string }[]; output?: string }[];
    expect(report.map((f) => [path.relative(dir, f.filePath), f.messages.map((m) => m.ruleId)])).toEqual([
      [path.join('other', 'b.ts'), ['v1-direct-handover']],
      [path.join('src', 'a.ts'), []],
    ]);
    // as ESLint's --fix-dry-run --format json: the text the fix would write, on the files it would change only
    expect(report.map((f) => f.output)).toEqual([undefined, "export const labels = () => fetch('/2024-09/batches/labels', { method: 'POST' });\n"]);
    expect(readFileSync(path.join(dir, 'fix.diff'), 'utf8')).toMatch(/^diff --git a\/src\/a\.ts b\/src\/a\.ts\n--- a\/src\/a\.ts\n\+\+\+ b\/src\/a\.ts\n/);
    expect(r.stderr).toMatch(/^migrate-check --fix --dry-run: 1 file would change, 1 finding fixed, 1 left for a person\.$/m);
    expect(readFileSync(path.join(dir, 'src', 'a.ts'), 'utf8')).toBe(LABELS);
    expect(r.code).toBe(1);
    // without a reporter named, stdout is the diff
    expect(runCli(['--fix', '--dry-run'], dir).stdout).toBe(readFileSync(path.join(dir, 'fix.diff'), 'utf8'));
  });
});

describe('the config file is JSONC', () => {
  it('takes comments and trailing commas; an error names the line and column', () => {
    const dir = tree();
    writeFileSync(path.join(dir, 'migrate-check.config.json'), '{\n  // reviewed by hand for now\n  "rules": { "labels-path": "warn", },\n}\n');
    const r = runCli(['-r', 'compact', 'src'], dir);
    expect(r.stdout).toMatch(/^src\/a\.ts:1:36: warning .* \[labels-path\]$/m);
    expect(r.code).toBe(0);
    writeFileSync(path.join(dir, 'migrate-check.config.json'), '{\n  "rules": { "labels-path": "warn" }\n  "maxFileSize": 10\n}\n');
    const bad = runCli(['src'], dir);
    expect(bad.stderr).toBe('migrate-check: migrate-check.config.json: invalid JSON at line 3, column 3: expected ",", found character "\\""\n');
    expect(bad.code).toBe(2);
  });
});

describe('words', () => {
  it('--help runs no description into its type tag', () => {
    const help = runCli(['--help'], tree()).stdout;
    expect(help).toContain('--ignore-pattern');
    expect(help).not.toMatch(/\S\[(?:boolean|string|number|array)\]/);
    expect(help).not.toContain('[array]');
  });

  it('the html page compares a run with as many findings as the first as "as many as"', () => {
    const dir = tree();
    runCli(['-r', 'html', '--trend', 'trend.jsonl', '-o', 'one.html'], dir);
    runCli(['-r', 'html', '--trend', 'trend.jsonl', '-o', 'two.html'], dir);
    const page = readFileSync(path.join(dir, 'two.html'), 'utf8');
    expect(page).toMatch(/<strong>2 findings<\/strong> left: as many as the first run \([^)]+\); as many as the run before\./);
    expect(page).not.toContain('no change than');
  });
});
