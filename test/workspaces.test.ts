// Workspace packages: an import by package name is followed into the project's own package.
import { existsSync, mkdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { probeModule, resolveSpecifier } from '../src/analysis/resolve.js';
import { WorkspaceReader } from '../src/analysis/workspaces.js';
import { discoverFiles, listedFolders } from '../src/pipeline/discover.js';
import { tempDir } from './helpers.js';

function tree(files: Record<string, string>): string {
  const root = tempDir('mc-ws-');
  for (const [f, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, f)), { recursive: true });
    writeFileSync(path.join(root, f), text);
  }
  return root;
}

const isFile = (f: string) => existsSync(f) && statSync(f).isFile();

function resolveFrom(root: string, from: string, spec: string): string | undefined {
  const ws = new WorkspaceReader().workspaceFor(path.dirname(path.join(root, from)));
  const hit = resolveSpecifier(path.join(root, from), spec, null, (b) => probeModule(b, isFile, () => true), ws);
  return hit && path.relative(root, hit).split(path.sep).join('/');
}

describe('workspace packages', () => {
  it('npm workspaces: a package whose main is a build output resolves to its source', () => {
    const root = tree({
      'package.json': JSON.stringify({ private: true, workspaces: ['packages/*', 'apps/*'] }),
      'packages/config/package.json': JSON.stringify({ name: '@shop/config', main: 'dist/index.js', types: 'dist/index.d.ts' }),
      'packages/config/src/index.ts': "export const API = 'https://api.test/2023-01';\n",
      'packages/sdk/package.json': JSON.stringify({ name: '@shop/shipping-sdk', exports: { '.': { import: './lib/main.mjs' } } }),
      'packages/sdk/lib/main.mjs': 'export {};\n',
      'packages/sdk/src/labels.ts': 'export {};\n',
      'apps/web/src/a.ts': '',
    });
    expect(resolveFrom(root, 'apps/web/src/a.ts', '@shop/config')).toBe('packages/config/src/index.ts');
    // an entry in lib/ with no source of that name: the entry itself
    expect(resolveFrom(root, 'apps/web/src/a.ts', '@shop/shipping-sdk')).toBe('packages/sdk/lib/main.mjs');
    // a subpath: in the package, or in its src/
    expect(resolveFrom(root, 'apps/web/src/a.ts', '@shop/shipping-sdk/labels')).toBe('packages/sdk/src/labels.ts');
    // another package is not the project's
    expect(resolveFrom(root, 'apps/web/src/a.ts', 'axios')).toBeUndefined();
  });

  it('yarn `workspaces.packages`, pnpm-workspace.yaml, and `!` exclusions', () => {
    const yarn = tree({
      'package.json': JSON.stringify({ workspaces: { packages: ['libs/**'] } }),
      'libs/group/api/package.json': JSON.stringify({ name: 'api' }),
      'libs/group/api/index.js': 'module.exports = {};\n',
      'app.js': '',
    });
    expect(resolveFrom(yarn, 'app.js', 'api')).toBe('libs/group/api/index.js');
    const pnpm = tree({
      'pnpm-workspace.yaml': "packages:\n  - 'packages/*'\n  - \"!packages/legacy\"\n# a comment\nother: 1\n",
      'packages/client/package.json': JSON.stringify({ name: 'client', module: 'src/index.ts' }),
      'packages/client/src/index.ts': 'export {};\n',
      'packages/legacy/package.json': JSON.stringify({ name: 'legacy' }),
      'packages/legacy/index.ts': 'export {};\n',
      'tools/run.ts': '',
    });
    expect(resolveFrom(pnpm, 'tools/run.ts', 'client')).toBe('packages/client/src/index.ts');
    expect(resolveFrom(pnpm, 'tools/run.ts', 'legacy')).toBeUndefined();
  });

  it("answers from a --cache walk's view of the folders as from the disk", () => {
    // a pnpm workspace holding an npm one; a package.json that is a folder, one that is a dangling link
    const root = tree({
      'pnpm-workspace.yaml': "packages:\n  - 'packages/*'\n",
      'packages/client/package.json': JSON.stringify({ name: 'client', main: 'src/index.ts' }),
      'packages/client/src/index.ts': 'export {};\n',
      'packages/suite/package.json': JSON.stringify({ name: 'suite', workspaces: ['mods/*'] }),
      'packages/suite/mods/a/package.json': JSON.stringify({ name: 'mod-a' }),
      'packages/suite/mods/a/index.ts': 'export {};\n',
      'packages/suite/mods/a/src/deep/x.ts': '',
      'odd/package.json/keep.txt': '',
      'tools/run.ts': '',
    });
    symlinkSync(path.join(root, 'nowhere.json'), path.join(root, 'tools', 'package.json'));
    const seen = listedFolders({ markers: true });
    discoverFiles(['.'], root, [], { onListed: seen.hook });
    expect(seen.folders.markers.has(path.join(root, 'pnpm-workspace.yaml'))).toBe(true);
    const disk = new WorkspaceReader();
    const walked = new WorkspaceReader(undefined, seen.folders);
    const names = (ws: ReturnType<WorkspaceReader['workspaceFor']>) => (ws ? [...ws.keys()].sort() : null);
    const dirs = [...seen.folders.listed].sort();
    expect(dirs.length).toBeGreaterThan(8);
    for (const dir of dirs) expect(names(walked.workspaceFor(dir)), dir).toEqual(names(disk.workspaceFor(dir)));
    expect(names(walked.workspaceFor(path.join(root, 'tools')))).toEqual(['client', 'suite']);
    expect(names(walked.workspaceFor(path.join(root, 'packages', 'suite', 'mods', 'a', 'src', 'deep')))).toEqual(['mod-a']);
  });

  it('no workspace: bare specifiers stay unresolved, and a broken package.json is no crash', () => {
    const root = tree({ 'package.json': '{ not json', 'src/a.ts': '' });
    expect(resolveFrom(root, 'src/a.ts', 'anything')).toBeUndefined();
  });
});
