// `npm run catalogue` writes rules/catalogue.json and rules/CATALOGUE.md from the tables;
// `--check` exits 1 when the committed files are stale (a test runs it).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildCatalogue, catalogueJson, catalogueMarkdown } from './build.js';
import { packageRoot } from './index.js';

export function generated(root = packageRoot()): { json: string; md: string } {
  const read = (f: string) => JSON.parse(readFileSync(path.join(root, 'rules', f), 'utf8'));
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const c = buildCatalogue({ v1: read('v1-to-2024-09.json'), v2023: read('2023-01-to-2024-09.json'), common: read('common.json') }, pkg.version);
  return { json: catalogueJson(c), md: catalogueMarkdown(c) };
}

const isMain = process.argv[1] && path.resolve(process.argv[1]).endsWith(path.join('catalogue', 'generate.js'));
if (isMain) {
  const root = packageRoot();
  const { json, md } = generated(root);
  const files: [string, string][] = [
    [path.join(root, 'rules', 'catalogue.json'), json],
    [path.join(root, 'rules', 'CATALOGUE.md'), md],
  ];
  if (process.argv.includes('--check')) {
    const stale = files.filter(([f, text]) => {
      try {
        return readFileSync(f, 'utf8') !== text;
      } catch {
        return true;
      }
    });
    if (stale.length) {
      console.error(`stale: ${stale.map(([f]) => path.relative(root, f)).join(', ')}; run npm run catalogue`);
      process.exit(1);
    }
  } else {
    for (const [f, text] of files) writeFileSync(f, text);
    console.log('wrote rules/catalogue.json and rules/CATALOGUE.md');
  }
}
