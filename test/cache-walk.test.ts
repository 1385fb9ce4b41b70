// `--cache` keeps the walk of the tree (src/cache/walk.ts): a run where no folder changed stats the
// folders instead of listing them, and finds the files the last walk found. Whatever changes what a
// walk would find (a file or folder added, deleted or renamed, a .gitignore in the tree or above
// it) makes the run walk again, and its report is the cold run's; a folder changed moments before
// the walk (within the clock's tick of a later change) is not kept.
import { mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { gitInit, ROOT, runCli, tempCopy, tempTree } from './helpers.js';

const PROJECT = path.join(ROOT, 'fixtures', 'projects', 'legacy-client', 'before');
const JSON_ARGS = ['-r', 'json', '--no-progress'];
// the copies' folders were made moments ago: the walk is kept at once (the edits below come a whole run apart)
const ENV = { MIGRATE_CHECK_TRACE: '1', MIGRATE_CHECK_CACHE_RACY_MS: '0' };
const HOLDS = /cache: the walk kept last time holds/;
const WALKED = /cache: the tree walked/;

/** A cached run and a cold one of the same paths: the cached run's report must be the cold run's. */
function both(dir: string, paths = ['.']): { stderr: string; stdout: string } {
  const cold = runCli([...JSON_ARGS, ...paths], dir);
  const cached = runCli(['--cache', ...JSON_ARGS, ...paths], dir, ENV);
  expect(cached.stdout).toBe(cold.stdout);
  expect(cached.code).toBe(cold.code);
  expect(cached.stderr).not.toMatch(/Error|at .*\.js:\d+/);
  return cached;
}

const reported = (stdout: string): string[] => (JSON.parse(stdout) as { filePath: string }[]).map((r) => path.basename(r.filePath)).sort();

/** The walk line of the cache file (its fourth), or null when none was kept. */
const keptWalk = (dir: string): { files: string[] } | null => JSON.parse(readFileSync(path.join(dir, '.migrate-check-cache'), 'utf8').split('\n')[3]);

const OLD_PATH = "import { shipping } from './http';\nexport const more = () => shipping.get('/2023-01/labels/x');\n";

describe('--cache keeps the walk of the tree', () => {
  it('stats the folders instead of listing them when nothing changed, and lists them again when a file is added, deleted or renamed', () => {
    const dir = tempCopy(PROJECT);
    expect(both(dir).stderr).toMatch(WALKED);
    expect(keptWalk(dir)?.files).toHaveLength(8);
    const quiet = both(dir);
    expect(quiet.stderr).toMatch(HOLDS);
    expect(quiet.stderr).not.toMatch(/discovery:/);

    writeFileSync(path.join(dir, 'src', 'more.ts'), OLD_PATH);
    const added = both(dir);
    expect(added.stderr).toMatch(/the walk kept last time no longer holds/);
    expect(reported(added.stdout)).toContain('more.ts');
    expect(both(dir).stderr).toMatch(HOLDS);

    renameSync(path.join(dir, 'src', 'more.ts'), path.join(dir, 'src', 'other.ts'));
    const renamed = both(dir);
    expect(renamed.stderr).toMatch(WALKED);
    expect(reported(renamed.stdout)).toContain('other.ts');
    expect(reported(renamed.stdout)).not.toContain('more.ts');

    rmSync(path.join(dir, 'src', 'other.ts'));
    expect(reported(both(dir).stdout)).not.toContain('other.ts');
  });

  it('lists again after a folder is added below one that did not change its files', () => {
    const dir = tempCopy(PROJECT);
    both(dir);
    mkdirSync(path.join(dir, 'src', 'deep', 'er'), { recursive: true });
    // the new folder's parent changed (src/deep is new in src): src is listed again, and the folder found
    writeFileSync(path.join(dir, 'src', 'deep', 'er', 'more.ts'), OLD_PATH);
    const run = both(dir);
    expect(run.stderr).toMatch(WALKED);
    expect(reported(run.stdout)).toContain('more.ts');
    // a file added deep down changes only its own folder: that folder's key says so
    writeFileSync(path.join(dir, 'src', 'deep', 'er', 'again.ts'), OLD_PATH);
    const deeper = both(dir);
    expect(deeper.stderr).toMatch(WALKED);
    expect(reported(deeper.stdout)).toContain('again.ts');
  });

  it('keeps the new walk of a run where only a folder changed, with no file changed (the next run stats again)', () => {
    const dir = tempCopy(PROJECT);
    both(dir);
    mkdirSync(path.join(dir, 'src', 'empty'));
    expect(both(dir).stderr).toMatch(/no longer holds/);
    expect(both(dir).stderr).toMatch(HOLDS);
  });

  it('walks again when a .gitignore in the tree is added or edited (a folder that did not change)', () => {
    const dir = tempCopy(PROJECT);
    both(dir);
    writeFileSync(path.join(dir, 'src', '.gitignore'), 'labels.ts\n');
    const ignored = both(dir);
    expect(ignored.stderr).toMatch(WALKED);
    expect(reported(ignored.stdout)).not.toContain('labels.ts');
    expect(both(dir).stderr).toMatch(HOLDS);
    // edited where it is: its folder's times stay, its own key changes
    writeFileSync(path.join(dir, 'src', '.gitignore'), 'rates.ts\n');
    const edited = both(dir);
    expect(edited.stderr).toMatch(WALKED);
    expect(reported(edited.stdout)).toContain('labels.ts');
    expect(reported(edited.stdout)).not.toContain('rates.ts');
  });

  it('walks again when a .gitignore above the given folder changes (from the git top down)', () => {
    const dir = tempCopy(PROJECT);
    writeFileSync(path.join(dir, '.gitignore'), 'node_modules/\n');
    gitInit(dir);
    expect(reported(both(dir, ['src']).stdout)).toContain('webhooks.ts');
    expect(both(dir, ['src']).stderr).toMatch(HOLDS);
    writeFileSync(path.join(dir, '.gitignore'), 'node_modules/\nsrc/webhooks.ts\n');
    const run = both(dir, ['src']);
    expect(run.stderr).toMatch(WALKED);
    expect(reported(run.stdout)).not.toContain('webhooks.ts');
    // the paths given are part of what was kept: another path is another walk
    expect(both(dir, ['src']).stderr).toMatch(HOLDS);
    expect(both(dir, ['.']).stderr).not.toMatch(HOLDS);
  });

  it('keeps no walk that met a folder changed moments before (or dated ahead of the clock)', () => {
    const dir = tempCopy(PROJECT);
    const later = Date.now() / 1000 + 3600;
    utimesSync(path.join(dir, 'src'), later, later);
    const run = runCli(['--cache', ...JSON_ARGS, '.'], dir, { MIGRATE_CHECK_TRACE: '1' });
    expect(run.stderr).toMatch(/cache: the tree walked; not kept/);
    expect(keptWalk(dir)).toBeNull();
    expect(runCli(['--cache', ...JSON_ARGS, '.'], dir, { MIGRATE_CHECK_TRACE: '1' }).stderr).not.toMatch(HOLDS);
  });

  it('chooses the files again when a tsconfig or package.json the choice read changes with no source file: added as a link, edited in place, deleted', () => {
    // the callers' bodies hold only a word ordinary code shares (`courier_id`): they are analysed only
    // when they import the wrapper, and their imports name it only through a tsconfig alias or its package's name
    const aliasTo = (name: string) => JSON.stringify({ compilerOptions: { baseUrl: '.', paths: { [name]: ['../../libs/shipping/src/index.ts'] } } });
    const caller = (name: string) => `import { createLabel } from '${name}';\nexport const send = (shipment: string) => createLabel({ shipments: [{ shipment, courier_id: 'ups' }] });\n`;
    const wrapper = (method: string) => `export const createLabel = (body: object) => fetch('/2023-01/labels', { method: '${method}', body: JSON.stringify(body) });\n`;
    const dir = tempTree({
      'libs/shipping/src/index.ts': wrapper('POST'),
      'libs/shipping/package.json': '{ "name": "@acme/labels-kit" }',
      'apps/web/tsconfig.json': aliasTo('@acme/carrier'),
      'apps/web/src/page.ts': caller('@acme/carrier'),
      'apps/admin/src/tool.ts': caller('@acme/courier'),
      'apps/pkg/src/use.ts': caller('@acme/shipping-kit'),
      'configs/admin.json': aliasTo('@acme/courier'),
    });
    gitInit(dir);
    const findings = (stdout: string) => (JSON.parse(stdout) as { filePath: string; messages: unknown[] }[]).filter((r) => r.messages.length).map((r) => path.basename(r.filePath)).sort();
    expect(findings(both(dir).stdout)).toEqual(['index.ts', 'page.ts']);
    expect(both(dir).stderr).toMatch(HOLDS);
    // a change in the wrapper: its callers through the alias are analysed again, from the kept walk
    writeFileSync(path.join(dir, 'libs/shipping/src/index.ts'), wrapper('post'));
    const kept = both(dir);
    expect(kept.stderr).toMatch(HOLDS);
    expect(findings(kept.stdout)).toEqual(['index.ts', 'page.ts']);
    // the admin app's tsconfig.json: a link to a config of another name (no source file changed)
    symlinkSync(path.join(dir, 'configs/admin.json'), path.join(dir, 'apps/admin/tsconfig.json'));
    const linked = both(dir);
    expect(linked.stderr).toMatch(WALKED);
    expect(findings(linked.stdout)).toEqual(['index.ts', 'page.ts', 'tool.ts']);
    expect(both(dir).stderr).toMatch(/0 files changed, added, deleted or moved in the graph; 0 of/);
    // the web app's tsconfig edited in place (its folder unchanged: the walk holds), then the package renamed in place
    writeFileSync(path.join(dir, 'apps/web/tsconfig.json'), aliasTo('@acme/elsewhere'));
    const edited = both(dir);
    expect(edited.stderr).toMatch(HOLDS);
    expect(findings(edited.stdout)).toEqual(['index.ts', 'tool.ts']);
    writeFileSync(path.join(dir, 'libs/shipping/package.json'), '{ "name": "@acme/shipping-kit" }');
    expect(findings(both(dir).stdout)).toEqual(['index.ts', 'tool.ts', 'use.ts']);
    // the admin app's link deleted
    rmSync(path.join(dir, 'apps/admin/tsconfig.json'));
    expect(both(dir).stderr).toMatch(WALKED);
    expect(findings(both(dir).stdout)).toEqual(['index.ts', 'use.ts']);
  });

  it("believes nothing of the cache once a package.json, a pnpm-workspace.yaml or an OpenAPI Generator manifest is added or deleted (a project's scope, a workspace, a generated folder), with no source file changed", () => {
    const dir = tempCopy(PROJECT);
    gitInit(dir);
    const plain = both(dir).stdout;
    expect(both(dir).stderr).toMatch(HOLDS);
    const DISBELIEVED = /cache: a package\.json, pnpm-workspace\.yaml or \.openapi-generator folder was added or deleted/;
    // the generator's manifest beside the sources: every request there is generated code, left for a person
    mkdirSync(path.join(dir, 'src', '.openapi-generator'));
    writeFileSync(path.join(dir, 'src', '.openapi-generator', 'FILES'), 'endpoints.ts\n');
    const generated = both(dir);
    expect(generated.stderr).toMatch(DISBELIEVED);
    expect(generated.stdout).not.toBe(plain);
    expect(generated.stdout).toContain('this file is generated');
    expect(both(dir).stderr).not.toMatch(DISBELIEVED);
    rmSync(path.join(dir, 'src', '.openapi-generator', 'FILES'));
    expect(both(dir).stdout).toBe(plain);
    // an empty folder added changes no project: the cache holds
    mkdirSync(path.join(dir, 'src', 'more'));
    expect(both(dir).stderr).not.toMatch(DISBELIEVED);
    // a pnpm workspace declared, then taken away (the cached runs answer its presence from the walk)
    writeFileSync(path.join(dir, 'pnpm-workspace.yaml'), "packages:\n  - 'src/*'\n");
    expect(both(dir).stderr).toMatch(DISBELIEVED);
    expect(both(dir).stderr).not.toMatch(DISBELIEVED);
    rmSync(path.join(dir, 'pnpm-workspace.yaml'));
    expect(both(dir).stderr).toMatch(DISBELIEVED);
    // above the given path, as under it
    both(dir, ['src']);
    expect(both(dir, ['src']).stderr).not.toMatch(DISBELIEVED);
    writeFileSync(path.join(dir, 'pnpm-workspace.yaml'), "packages:\n  - 'src/*'\n");
    expect(both(dir, ['src']).stderr).toMatch(DISBELIEVED);
    rmSync(path.join(dir, 'package.json'));
    expect(both(dir).stderr).toMatch(DISBELIEVED);
  });
});
