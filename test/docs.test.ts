// What the README and docs/ tell a user to run, run as written (issue 24): the packed package
// holds what the README links, the GitLab job's Code Quality conversion, the pre-commit hook, and
// the editor guide's try-it-by-hand command (in test/editor-nvim.test.ts, which has Neovim).
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, blockAfter, git, gitInit, ROOT, runCli, tempTree } from './helpers.js';

const README = readFileSync(path.join(ROOT, 'README.md'), 'utf8');

describe('the package', () => {
  it('packs the LICENSE, the docs and every file the README links to', () => {
    const r = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const files = new Set((JSON.parse(r.stdout) as { files: { path: string }[] }[])[0].files.map((f) => f.path));
    for (const f of ['LICENSE', 'README.md', 'docs/agents.md', 'docs/editors.md', 'docs/html-report.png', 'rules/CATALOGUE.md']) expect(files.has(f), f).toBe(true);
    const links = [...README.matchAll(/\]\(((?!https?:|#)[^)#\s]+)(?:#[^)]*)?\)/g)].map((m) => m[1].replace(/^\.\//, ''));
    expect(links).toEqual(expect.arrayContaining(['docs/editors.md', 'docs/agents.md', 'LICENSE']));
    // a link to a folder is packed when something under it is (editors/ is the extension's source, not the package's)
    for (const l of links.filter((l) => !l.startsWith('editors/'))) expect([...files].some((f) => f === l || f.startsWith(l.replace(/\/?$/, '/'))), l).toBe(true);
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { license: string; repository?: unknown };
    expect(pkg.license).toBe('MIT');
    expect(pkg.repository).toBeDefined();
    expect(readFileSync(path.join(ROOT, 'LICENSE'), 'utf8')).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} migrate-check contributors\n/);
  });
});

describe('the README set-ups', () => {
  it("the GitLab job's conversion writes the Code Quality report of the json report", () => {
    const dir = tempTree({
      'src/a.ts': "export const labels = () => fetch('/2023-01/labels', { method: 'POST' });\n",
      'src/ok.ts': 'export const ok = 1;\n',
    });
    const yaml = blockAfter(README, 'GitLab CI, with the findings', 'yaml');
    const script = /- \|\n {6}node -e '\n([^]*?)'\n/.exec(yaml)![1];
    runCli(['--no-progress', '-r', 'json', '-o', 'migrate-check.json'], dir);
    const r = spawnSync(process.execPath, ['-e', script], { cwd: dir, encoding: 'utf8' });
    expect(r.stderr).toBe('');
    const issues = JSON.parse(readFileSync(path.join(dir, 'gl-code-quality.json'), 'utf8'));
    expect(issues).toEqual([
      {
        description: '`/2023-01/labels` (POST /2023-01/labels) is 2023-01; 2024-09 uses `/2024-09/batches/labels`; `--fix` rewrites it.',
        check_name: 'labels-path',
        severity: 'major',
        fingerprint: expect.stringMatching(/^[0-9a-f]{40}$/),
        location: { path: 'src/a.ts', lines: { begin: 1 } },
      },
    ]);
  });

  it('the pre-commit hook stops a commit that adds an old construct, and lets a clean one through', () => {
    const dir = tempTree({ 'README.md': 'app\n' });
    gitInit(dir);
    // installed as the README says: the command in the project's node_modules/.bin
    mkdirSync(path.join(dir, 'node_modules', '.bin'), { recursive: true });
    symlinkSync(BIN, path.join(dir, 'node_modules', '.bin', 'migrate-check'));
    writeFileSync(path.join(dir, '.gitignore'), 'node_modules/\n');
    const hook = path.join(dir, '.git', 'hooks', 'pre-commit');
    writeFileSync(hook, blockAfter(README, '### Before each commit', 'sh'));
    chmodSync(hook, 0o755);
    const commit = () => spawnSync('git', ['-c', 'user.email=t@t', '-c', 'user.name=t', 'commit', '-qm', 'change'], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    writeFileSync(path.join(dir, 'ok.ts'), 'export const ok = 1;\n');
    git(dir, 'add', 'ok.ts', '.gitignore');
    const clean = commit();
    expect(clean.stderr + clean.stdout).toBe('');
    expect(clean.status).toBe(0);
    writeFileSync(path.join(dir, 'old file.ts'), "export const hooks = () => fetch('/2023-01/webhooks', { method: 'POST' });\n");
    git(dir, 'add', 'old file.ts');
    const stopped = commit();
    expect(stopped.stdout + stopped.stderr).toMatch(/^old file\.ts\n {2}1:35 {2}error .* webhooks-path$/m);
    expect(stopped.status).not.toBe(0);
    expect(git(dir, 'log', '--format=%s')).toBe('change\ninit\n');
  });
});
