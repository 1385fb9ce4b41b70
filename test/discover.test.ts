// Which files a scan reads (src/pipeline/discover.ts, discoverFiles): the expected lists are written by hand from
// git's rules for .gitignore and from PRODUCT.md's file kinds.
import { chmodSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { discoverFiles } from '../src/pipeline/discover.js';
import { tempTree } from './helpers.js';

const tree = (files: Record<string, string>) => tempTree(files, 'mc-discover-');

const relAll = (root: string, files: string[]) => files.map((f) => path.relative(root, f).split(path.sep).join('/'));

describe('discover', () => {
  const root = tree({
    '.git/HEAD': 'ref: refs/heads/main\n',
    '.gitignore': '# build output\n/out/\ntmp-*\n*.log.ts\n',
    'a.ts': '',
    'b.tsx': '',
    'c.mjs': '',
    'd.cjs': '',
    'e.jsx': '',
    'f.mts': '',
    'g.cts': '',
    'h.js': '',
    'App.vue': '',
    'Page.svelte': '',
    'index.astro': '',
    'notes.md': '',
    'data.json': '',
    'types.d.ts': '',
    'more.d.mts': '',
    'UPPER.TS': '',
    'tmp-scratch.ts': '',
    'server.log.ts': '',
    'out/built.js': '',
    'lib/out/kept.ts': '',
    '.storybook/main.ts': '',
    'node_modules/pkg/index.js': '',
    'packages/x/node_modules/y/index.ts': '',
    'packages/x/dist/index.js': '',
    'packages/x/build/index.js': '',
    'packages/x/coverage/lcov.js': '',
    'packages/x/src/main.ts': '',
    'packages/gen/.gitignore': '*.gen.ts\n!keep.gen.ts\nsnapshots/\n',
    'packages/gen/api.gen.ts': '',
    'packages/gen/keep.gen.ts': '',
    'packages/gen/deep/other.gen.ts': '',
    'packages/gen/snapshots/s.ts': '',
    'packages/gen/src/real.ts': '',
    'packages/other/api.gen.ts': '',
    'generated/client.ts': '',
    'scripts/seed.ts': '',
    'scripts/seed.spec.ts': '',
  });
  mkdirSync(path.join(root, 'links'));
  symlinkSync('../a.ts', path.join(root, 'links/a-link.ts'));
  symlinkSync('../packages', path.join(root, 'links/packages-link'));
  mkdirSync(path.join(root, 'locked'));
  writeFileSync(path.join(root, 'locked/hidden.ts'), '');
  chmodSync(path.join(root, 'locked'), 0o000);
  afterAll(() => chmodSync(path.join(root, 'locked'), 0o755));

  const everything = [
    '.storybook/main.ts',
    'App.vue',
    'Page.svelte',
    'a.ts',
    'b.tsx',
    'c.mjs',
    'd.cjs',
    'e.jsx',
    'f.mts',
    'g.cts',
    'generated/client.ts',
    'h.js',
    'index.astro',
    'lib/out/kept.ts',
    // declaration files are the client's too: a request type written there is renamed with its bodies
    'more.d.mts',
    'packages/gen/keep.gen.ts',
    'packages/gen/src/real.ts',
    'packages/other/api.gen.ts',
    'packages/x/src/main.ts',
    'scripts/seed.spec.ts',
    'scripts/seed.ts',
    'types.d.ts',
    // a folder that cannot be read is passed over; root reads it whatever its mode
    ...(process.getuid?.() === 0 ? ['locked/hidden.ts'] : []),
  ].sort();

  it('lists source, declaration and component files, sorted; skips dependency and build folders, .gitignore matches (nested ones from their folder down) and links', async () => {
    expect(relAll(root, discoverFiles(['.'], root, []))).toEqual(everything);
  });

  it('applies the ignore patterns relative to the working folder, to folders and files', async () => {
    const files = relAll(root, discoverFiles(['.'], root, ['generated/', '**/*.spec.ts', 'packages/x']));
    expect(files).toEqual(everything.filter((f) => !['generated/client.ts', 'scripts/seed.spec.ts', 'packages/x/src/main.ts'].includes(f)));
  });

  it('scans a sub-folder with the .gitignore rules above it, and lists a file given twice once', async () => {
    const files = relAll(root, discoverFiles(['packages/gen', 'packages/gen/src/real.ts', 'a.ts', './a.ts', 'links/a-link.ts'], root, []));
    // the link is a file given by name: it is read, but it is the same file as a.ts
    expect(files).toEqual(['a.ts', 'packages/gen/keep.gen.ts', 'packages/gen/src/real.ts']);
  });

  it('with folder rules only at the top, still applies a file rule a nested .gitignore adds', async () => {
    const dir = tree({
      '.git/HEAD': '',
      '.gitignore': 'out/\nlogs/\n',
      'out/a.ts': '',
      'src/a.gen.ts': '',
      'src/keep.ts': '',
      'src/sub/.gitignore': '*.gen.ts\n',
      'src/sub/b.gen.ts': '',
      'src/sub/c.ts': '',
      'src/sub/deeper/d.gen.ts': '',
    });
    expect(relAll(dir, discoverFiles(['.'], dir, []))).toEqual(['src/a.gen.ts', 'src/keep.ts', 'src/sub/c.ts']);
    expect(relAll(dir, discoverFiles(['.'], dir, ['src/sub/']))).toEqual(['src/a.gen.ts', 'src/keep.ts']);
  });

  it('skips a given folder that .gitignore or an ignore pattern excludes, whole', async () => {
    const dir = tree({
      '.git/HEAD': '',
      '.gitignore': 'generated/\n',
      'generated/a.ts': '',
      'generated/sub/b.ts': '',
      'vendor/c.ts': '',
      'vendor/lib/d.ts': '',
      'src/e.ts': '',
    });
    expect(discoverFiles(['generated'], dir, [])).toEqual([]);
    expect(discoverFiles(['generated/sub'], dir, [])).toEqual([]);
    expect(discoverFiles(['vendor'], dir, ['vendor/'])).toEqual([]);
    expect(relAll(dir, discoverFiles(['vendor', 'src'], dir, ['vendor/lib/']))).toEqual(['src/e.ts', 'vendor/c.ts']);
  });

  it('applies the ignore patterns from the working folder when the folder given is above it', async () => {
    const dir = tree({
      'app/src/a.ts': '',
      'app/test/b.ts': '',
      'other/src/c.ts': '',
    });
    // from app/: `src/` is app/src, and other/src is not below the working folder
    expect(relAll(dir, discoverFiles(['..'], path.join(dir, 'app'), ['src/']))).toEqual(['app/test/b.ts', 'other/src/c.ts']);
    expect(relAll(dir, discoverFiles(['..'], path.join(dir, 'app'), ['**/*.ts']))).toEqual(['other/src/c.ts']);
  });

  it('gives a clear error for a path that does not exist', () => {
    expect(() => discoverFiles(['nowhere'], root, [])).toThrow('no such file or folder: nowhere');
  });

  it('says once when more files than a number are found, and lists the whole tree all the same (the command line then starts its reader thread)', () => {
    const dir = tree({ 'a/1.ts': '', 'a/2.ts': '', 'b/3.ts': '', 'b/4.js': '', 'c.ts': '', 'notes.md': '' });
    const all = ['a/1.ts', 'a/2.ts', 'b/3.ts', 'b/4.js', 'c.ts'];
    const walk = (paths: string[], large: number) => {
      let told = 0;
      const files = discoverFiles(paths, dir, [], { large, onLarge: () => told++ });
      return { files: relAll(dir, files), told };
    };
    expect(walk(['.'], 5)).toEqual({ files: all, told: 0 });
    expect(walk(['.'], 4)).toEqual({ files: all, told: 1 });
    expect(walk(['.'], 0)).toEqual({ files: all, told: 1 });
    expect(relAll(dir, discoverFiles(['.'], dir, []))).toEqual(all);
    // the files given count too; a path that does not exist is still an error once onLarge was called
    expect(walk(['c.ts', 'a'], 2)).toEqual({ files: ['a/1.ts', 'a/2.ts', 'c.ts'], told: 1 });
    let told = 0;
    expect(() => discoverFiles(['c.ts', 'a', 'nowhere'], dir, [], { large: 2, onLarge: () => told++ })).toThrow('no such file or folder: nowhere');
    expect(told).toBe(1);
  });
});
