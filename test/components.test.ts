import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test, vi } from 'vitest';

// Record which component parsers get loaded (the real modules are returned unchanged).
const loaded = vi.hoisted(() => new Set<string>());
vi.mock('@vue/compiler-sfc', async (importOriginal) => {
  loaded.add('vue');
  return importOriginal();
});
vi.mock('svelte/compiler', async (importOriginal) => {
  loaded.add('svelte');
  return importOriginal();
});
vi.mock('@astrojs/compiler', async (importOriginal) => {
  loaded.add('astro');
  return importOriginal();
});

import {
  COMPONENT_EXTENSIONS,
  ComponentParseError,
  type ScriptBlock,
  componentKind,
  extractScripts,
  lineColumn,
  validateComponent,
} from '../src/components.js';

/** The script parts as [kind, lang, text] for readable assertions. */
function parts(text: string, blocks: ScriptBlock[]): [string, string, string][] {
  return blocks.map((b) => [b.kind, b.lang, text.slice(b.start, b.end)]);
}

async function parseError(file: string, text: string): Promise<ComponentParseError> {
  try {
    await extractScripts(file, text);
  } catch (err) {
    if (err instanceof ComponentParseError) return err;
    throw err;
  }
  throw new Error(`expected ${file} to be rejected`);
}

// Runs first: importing the module loaded no parser; each component kind loads only its own.
describe('lazy loading', () => {
  test('no parser is loaded until a component is read, then only its own', async () => {
    expect(loaded.size).toBe(0);
    await extractScripts('a.vue', '<script setup>\nconst a = 1\n</script>\n');
    expect([...loaded]).toEqual(['vue']);
    await extractScripts('a.svelte', '<script>\nlet a = 1\n</script>\n');
    expect([...loaded].sort()).toEqual(['svelte', 'vue']);
    await extractScripts('a.astro', '---\nconst a = 1\n---\n<p>{a}</p>\n');
    expect([...loaded].sort()).toEqual(['astro', 'svelte', 'vue']);
  });
});

describe('componentKind', () => {
  test('by extension', () => {
    expect(COMPONENT_EXTENSIONS).toEqual(['.vue', '.svelte', '.astro']);
    expect(componentKind('/x/App.vue')).toBe('vue');
    expect(componentKind('src/routes/+page.svelte')).toBe('svelte');
    expect(componentKind('src/pages/[id].astro')).toBe('astro');
    expect(componentKind('src/api.ts')).toBeNull();
  });

  test('extractScripts refuses a file that is no component', async () => {
    await expect(extractScripts('src/api.ts', 'export const a = 1;')).rejects.toThrow(/not a component/);
  });
});

describe('lineColumn', () => {
  test('1-based, with \\n, \\r\\n and \\r line ends', () => {
    const text = 'ab\ncd\r\nef\rgh';
    expect(lineColumn(text, 0)).toEqual({ line: 1, column: 1 });
    expect(lineColumn(text, 2)).toEqual({ line: 1, column: 3 }); // the \n itself
    expect(lineColumn(text, 3)).toEqual({ line: 2, column: 1 }); // c
    expect(lineColumn(text, 6)).toEqual({ line: 2, column: 4 }); // the \n of \r\n: still line 2
    expect(lineColumn(text, 7)).toEqual({ line: 3, column: 1 }); // e
    expect(lineColumn(text, 10)).toEqual({ line: 4, column: 1 }); // g
  });
});

describe('vue', () => {
  test('<script setup lang="ts"> after a template with <script> in an attribute, an interpolation and a comment', async () => {
    const text = [
      '<template>',
      '  <p title="<script>">{{ "<script>" }}</p>',
      '  <!-- <script>not a block</script> -->',
      '</template>',
      '<script setup lang="ts">',
      "const a: string = '/2023-01/labels'",
      '</script>',
      '<style>',
      ".x::after { content: '<script>' }",
      '</style>',
      '',
    ].join('\n');
    // lines 1-4 are 11 + 43 + 40 + 12 characters with their \n = 106; the open tag is 24
    const blocks = await extractScripts('C.vue', text);
    expect(blocks).toEqual([{ start: 130, end: 167, lang: 'ts', kind: 'script-setup' }]);
    expect(text.slice(130, 167)).toBe("\nconst a: string = '/2023-01/labels'\n");
  });

  test('<script> and <script setup>, CRLF, an open tag on several lines', async () => {
    const head = '<script lang="ts">\r\nexport default { name: "Éte" }\r\n';
    const setupOpen = '</script>\r\n\r\n<script\r\n  setup\r\n  lang="ts"\r\n>';
    const setupBody = '\r\nconst n: number = 1\r\n';
    const text = head + setupOpen + setupBody + '</script>\r\n<template>\r\n  <p>{{ n }}</p>\r\n</template>\r\n';
    const blocks = await extractScripts('C.vue', text);
    expect(parts(text, blocks)).toEqual([
      ['script', 'ts', '\r\nexport default { name: "Éte" }\r\n'],
      ['script-setup', 'ts', '\r\nconst n: number = 1\r\n'],
    ]);
    // '<script lang="ts">' is 18 characters
    expect(blocks[0]).toMatchObject({ start: 18, end: 18 + 34 });
    const setupStart = head.length + setupOpen.length;
    expect(blocks[1]).toMatchObject({ start: setupStart, end: setupStart + setupBody.length });
  });

  test('lang: none and js are js, tsx is ts with jsx, coffee and src= are skipped', async () => {
    expect(parts('<script>a()</script>', await extractScripts('a.vue', '<script>a()</script>'))).toEqual([
      ['script', 'js', 'a()'],
    ]);
    const tsx = await extractScripts('a.vue', '<script setup lang="tsx">const v = <p/></script>');
    expect(tsx).toEqual([{ start: 25, end: 39, lang: 'ts', kind: 'script-setup', jsx: true }]);
    expect(await extractScripts('a.vue', '<script lang="coffee">a = 1</script>')).toEqual([]);
    expect(await extractScripts('a.vue', '<script src="./logic.ts"></script><template><p/></template>')).toEqual([]);
    expect(await extractScripts('a.vue', '<template><p>only markup</p></template>')).toEqual([]);
  });

  test('offsets count UTF-16 code units (an emoji before the script is two)', async () => {
    const text = '<template><p>📦 ok</p></template>\n<script>\nx()\n</script>';
    // '<template><p>' 13, emoji 2, ' ok</p></template>' 18, '\n<script>' 9
    expect(await extractScripts('a.vue', text)).toEqual([{ start: 42, end: 47, lang: 'js', kind: 'script' }]);
  });

  test('a component Vue rejects: ComponentParseError with line and column', async () => {
    const err = await parseError('/p/Bad.vue', '<template>\n  <div>\n</template>\n<script>\nx()\n</script>\n');
    expect(err).toBeInstanceOf(ComponentParseError);
    expect(err.file).toBe('/p/Bad.vue');
    expect(err.message).toBe('Element is missing end tag.');
    expect([err.line, err.column]).toEqual([2, 3]);
    expect(await validateComponent('/p/Bad.vue', '<template>\n  <div>\n</template>\n')).toEqual({
      message: 'Element is missing end tag.',
      line: 2,
      column: 3,
    });
  });

  test('validateComponent also parses the script parts', async () => {
    expect(await validateComponent('a.vue', '<script setup lang="ts">\nconst a: number = await f()\n</script>\n')).toBeNull();
    const problem = await validateComponent('a.vue', '<template><p/></template>\n<script setup lang="ts">\nconst a: = 1\n</script>\n');
    // line 3 is 'const a: = 1': the unexpected '=' is its 10th character
    expect(problem).toMatchObject({ line: 3, column: 10 });
    expect(problem!.message).toMatch(/script-setup/);
    // TypeScript in a plain <script> is an error: the block is JavaScript
    expect(await validateComponent('a.vue', '<script>\nlet a: number = 1\n</script>')).toMatchObject({ line: 2, column: 6 });
  });
});

describe('svelte', () => {
  test('<script context="module"> and the instance script; one lang="ts" makes both TypeScript', async () => {
    const text = [
      '<script context="module">',
      "  export const PATH = '/2023-01/webhooks';",
      '</script>',
      '',
      '<script lang="ts">',
      '  let n: number = 0;',
      '</script>',
      '',
      '<p title="<script>">{\'</script>\'} {n}</p>',
      '<!-- <script>let hidden = 1;</script> -->',
      '',
    ].join('\n');
    const blocks = await extractScripts('A.svelte', text);
    expect(parts(text, blocks)).toEqual([
      ['module', 'ts', "\n  export const PATH = '/2023-01/webhooks';\n"],
      ['instance', 'ts', '\n  let n: number = 0;\n'],
    ]);
    // '<script context="module">' is 25 characters; its content is 1 + 42 + 1 long
    expect(blocks[0]).toMatchObject({ start: 25, end: 69 });
    // then '</script>\n\n' (11) and '<script lang="ts">' (18); content 1 + 20 + 1
    expect(blocks[1]).toMatchObject({ start: 98, end: 120 });
  });

  test('<script module> (Svelte 5), CRLF and an open tag on several lines; instance first in the file', async () => {
    const instanceOpen = '<script\r\n  lang="ts"\r\n>';
    const instance = '\r\n  let { data } = $props();\r\n';
    const between = '</script>\r\n<script module>';
    const moduleBody = '\r\n  export const KEY = "x";\r\n';
    const text = instanceOpen + instance + between + moduleBody + '</script>\r\n<h1>{data.title}</h1>\r\n';
    const blocks = await extractScripts('B.svelte', text);
    expect(blocks).toEqual([
      { start: instanceOpen.length, end: instanceOpen.length + instance.length, lang: 'ts', kind: 'instance' },
      {
        start: instanceOpen.length + instance.length + between.length,
        end: instanceOpen.length + instance.length + between.length + moduleBody.length,
        lang: 'ts',
        kind: 'module',
      },
    ]);
    expect(text.slice(blocks[1]!.start, blocks[1]!.end)).toBe(moduleBody);
  });

  test('without lang="ts" the scripts are JavaScript; a <script> in <svelte:head> is markup', async () => {
    const text = '<svelte:head><script src="/x.js"></script></svelte:head>\n<script>\n  let a = 1;\n</script>\n<p>{a}</p>';
    expect(parts(text, await extractScripts('c.svelte', text))).toEqual([['instance', 'js', '\n  let a = 1;\n']]);
    expect(await extractScripts('d.svelte', '<p>no script</p>')).toEqual([]);
  });

  test('a BOM before the first tag: the script ranges are offsets of the file as it is', async () => {
    const text = '\uFEFF<script>\n  fetch(`/2023-01/courier_accounts/${id}`);\n</script>\n<div>hi</div>\n';
    // the BOM is one UTF-16 code unit, then '<script>' (8): the content starts at 9
    const blocks = await extractScripts('bom.svelte', text);
    expect(blocks).toEqual([{ start: 9, end: 9 + 1 + 43 + 1, lang: 'js', kind: 'instance' }]);
    expect(text.slice(blocks[0]!.start, blocks[0]!.end)).toBe('\n  fetch(`/2023-01/courier_accounts/${id}`);\n');
  });

  test('a script syntax error is a ComponentParseError (Svelte parses the scripts)', async () => {
    const err = await parseError('e.svelte', '<h1>x</h1>\n<script>\n  let x = ;\n</script>\n');
    expect(err.message).toBe('Unexpected token');
    expect([err.line, err.column]).toEqual([3, 11]);
    expect(await validateComponent('e.svelte', '<script>\n  let x = ;\n</script>\n')).toEqual({
      message: 'Unexpected token',
      line: 2,
      column: 11,
    });
    expect(await validateComponent('f.svelte', '<script lang="ts">\n  let x: number = 1;\n</script>\n<p>{x}</p>\n')).toBeNull();
  });

  test('a markup error is a ComponentParseError', async () => {
    const err = await parseError('g.svelte', '<script>\n  let a = 1;\n</script>\n{#if a}\n<p>x</p>\n');
    expect(err.line).toBeGreaterThanOrEqual(4);
  });
});

describe('astro', () => {
  test('frontmatter, processed and inline scripts; BOM, CRLF, non-ASCII; look-alikes in markup', async () => {
    const fm = "\r\nconst é = await fetch(`/2023-01/couriers/${id}`);\r\nif (!é.ok) return Astro.redirect('/');\r\n";
    const text =
      '\uFEFF---' +
      fm +
      '---\r\n' +
      '<p title="<script>">{"<script>"} ü</p>\r\n' +
      '<!-- <script>nope()</script> -->\r\n' +
      '<script>\r\n  const b: string = "ü";\r\n</script>\r\n' +
      '<script is:inline>inline()</script>\r\n' +
      '<script type="module">mod()</script>\r\n' +
      '<script type="application/ld+json">{"@type":"Thing"}</script>\r\n' +
      '<script type="text/javascript">legacy()</script>\r\n' +
      '<button onclick="go()">go</button>\r\n' +
      '<style>p::after { content: "<script>" }</style>\r\n';
    const blocks = await extractScripts('p.astro', text);
    expect(parts(text, blocks)).toEqual([
      ['frontmatter', 'ts', fm],
      ['script', 'ts', '\r\n  const b: string = "ü";\r\n'],
      ['inline-script', 'js', 'inline()'],
      ['inline-script', 'js', 'mod()'],
      ['inline-script', 'js', 'legacy()'],
    ]);
    // the BOM is one UTF-16 code unit, then '---'
    expect(blocks[0]).toMatchObject({ start: 4, end: 4 + fm.length });
    expect(await validateComponent('p.astro', text)).toBeNull();
  });

  test('a `---` inside a string or comment of the frontmatter is no fence', async () => {
    const fm = "\nconst sep = '---';\n/*\n---\n*/\nconst t = `\n---\n`;\n";
    const text = '---' + fm + '---\n<p>{sep}</p>\n';
    expect(parts(text, await extractScripts('q.astro', text))).toEqual([['frontmatter', 'ts', fm]]);
  });

  test('an unclosed frontmatter runs to the end of the file, as the compiler reads it', async () => {
    const text = '---\nconst a = 1;\n<p>{a}</p>\n';
    expect(await extractScripts('n.astro', text)).toEqual([{ start: 3, end: text.length, lang: 'ts', kind: 'frontmatter' }]);
    // the part then fails to parse as TypeScript, which is how the file gets reported
    expect(await validateComponent('n.astro', text)).not.toBeNull();
  });

  test('a comment before the frontmatter', async () => {
    const text = '<!-- generated -->\n---\nconst a = 1;\n---\n<p>{a}</p>\n';
    // '<!-- generated -->\n---' is 22 characters
    expect(await extractScripts('m.astro', text)).toEqual([{ start: 22, end: 36, lang: 'ts', kind: 'frontmatter' }]);
  });

  test('no frontmatter; a script inside a component and inside an expression', async () => {
    const text = '<Layout>\n  <script>\n    a();\n  </script>\n</Layout>\n{show && <script>b()</script>}\n';
    expect(parts(text, await extractScripts('r.astro', text))).toEqual([
      ['script', 'ts', '\n    a();\n  '],
      ['script', 'ts', 'b()'],
    ]);
    // '<Layout>\n  <script>' is 19 characters
    expect((await extractScripts('r.astro', text))[0]).toMatchObject({ start: 19, end: 31 });
    expect(await extractScripts('s.astro', '<p>plain</p>\n')).toEqual([]);
  });

  test('an open tag on several lines: any attribute but src makes it inline (Astro does not process it)', async () => {
    const text = '---\n---\n<script\n  data-turbo="false"\n>\n  go();\n</script>\n';
    const blocks = await extractScripts('t.astro', text);
    expect(parts(text, blocks)).toEqual([
      ['frontmatter', 'ts', '\n'],
      ['inline-script', 'js', '\n  go();\n'],
    ]);
    // '---\n---\n' 8, '<script\n  data-turbo="false"\n>' 30
    expect(blocks[1]).toMatchObject({ start: 38, end: 47 });
  });

  test('a component Astro rejects, and a frontmatter that does not parse', async () => {
    const err = await parseError('u.astro', '---\n---\n<div title="x></div>\n');
    expect(err.message).toBe('Unterminated quoted attribute');
    expect([err.line, err.column]).toEqual([3, 2]);
    const problem = await validateComponent('v.astro', '---\nconst a = ;\n---\n<p/>\n');
    expect(problem).toMatchObject({ line: 2, column: 11 });
    expect(problem!.message).toMatch(/frontmatter/);
    // a processed <script> is TypeScript, an inline one JavaScript
    expect(await validateComponent('w.astro', '<script>\nconst a: number = 1\n</script>\n')).toBeNull();
    expect(await validateComponent('x.astro', '<script is:inline>\nconst a: number = 1\n</script>\n')).toMatchObject({
      line: 2,
      column: 8,
    });
  });

  test('a dead compiler (its WebAssembly program exited) is restarted once', async () => {
    await extractScripts('y.astro', '<p/>'); // the compiler is running
    const service = (globalThis as Record<string, unknown>)['@astrojs/compiler'] as { convertToTSX: unknown };
    service.convertToTSX = () => {
      throw new Error('Go program has already exited');
    };
    const text = '---\nconst a = 1;\n---\n<script>b()</script>\n';
    expect(parts(text, await extractScripts('y.astro', text))).toEqual([
      ['frontmatter', 'ts', '\nconst a = 1;\n'],
      ['script', 'ts', 'b()'],
    ]);
  });

  test('a large page stays fast (the AST of the markup is never printed)', async () => {
    const text = '---\nconst items = [1, 2, 3];\n---\n' + '<p class="row">{items.length} row</p>\n'.repeat(20000) + '<script>\nend();\n</script>\n';
    const t0 = Date.now();
    const blocks = await extractScripts('big.astro', text);
    expect(parts(text, blocks)).toEqual([
      ['frontmatter', 'ts', '\nconst items = [1, 2, 3];\n'],
      ['script', 'ts', '\nend();\n'],
    ]);
    expect(Date.now() - t0).toBeLessThan(10_000);
  });
});

// ---------------------------------------------------------------------------------------------
// the fixture projects: expect.json lines, parseable components, only script parts changed

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const projectsDir = join(root, 'fixtures', 'projects');
const ruleIds = new Set(
  (JSON.parse(readFileSync(join(root, 'rules', 'catalogue.json'), 'utf8')) as { rules: { id: string }[] }).rules.map((r) => r.id),
);

interface Expected {
  file: string;
  line: number;
  rule: string;
  what: string;
}

function filesUnder(dir: string, top = dir): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...filesUnder(full, top));
    else out.push(relative(top, full).split('\\').join('/'));
  }
  return out.sort();
}

/** The text with every script part replaced by a marker: what --fix must leave byte for byte. */
function outsideScripts(text: string, blocks: ScriptBlock[]): string {
  let out = '';
  let at = 0;
  for (const b of blocks) {
    out += text.slice(at, b.start) + `\u0000${b.kind}\u0000`;
    at = b.end;
  }
  return out + text.slice(at);
}

const projects = ['vue-app', 'sveltekit-app', 'astro-site'];

describe.each(projects)('fixture project %s', (name) => {
  const dir = join(projectsDir, name);
  const expected = JSON.parse(readFileSync(join(dir, 'expect.json'), 'utf8')) as { findings: Expected[]; residual: Expected[] };

  test('before/ and after/ hold the same files', () => {
    expect(filesUnder(join(dir, 'after'))).toEqual(filesUnder(join(dir, 'before')));
  });

  test.each([
    ['findings', 'before'],
    ['residual', 'after'],
  ] as const)('each %s entry names a catalogue rule and its text is on its line of %s/', (key, side) => {
    for (const entry of expected[key]) {
      expect(ruleIds.has(entry.rule), `${entry.rule} is a catalogue rule`).toBe(true);
      const lines = readFileSync(join(dir, side, entry.file), 'utf8').split('\n');
      expect(lines[entry.line - 1], `${side}/${entry.file}:${entry.line}`).toContain(entry.what);
    }
  });

  test('every finding and residual line lies inside a script part (components) and is sorted', async () => {
    for (const [key, side] of [
      ['findings', 'before'],
      ['residual', 'after'],
    ] as const) {
      const keys = expected[key].map((e) => `${e.file}\u0000${String(e.line).padStart(6, '0')}`);
      expect(keys, `${key} sorted by file and line`).toEqual([...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      for (const entry of expected[key]) {
        if (!componentKind(entry.file)) continue;
        const text = readFileSync(join(dir, side, entry.file), 'utf8');
        const blocks = await extractScripts(entry.file, text);
        const lines = text.split('\n');
        const at = lines.slice(0, entry.line - 1).join('\n').length + 1 + lines[entry.line - 1]!.indexOf(entry.what);
        expect(
          blocks.some((b) => at >= b.start && at < b.end),
          `${side}/${entry.file}:${entry.line} is in a script part`,
        ).toBe(true);
      }
    }
  });

  test('components parse before and after, and the fix changes only their script parts', async () => {
    for (const file of filesUnder(join(dir, 'before')).filter((f) => componentKind(f))) {
      const before = readFileSync(join(dir, 'before', file), 'utf8');
      const after = readFileSync(join(dir, 'after', file), 'utf8');
      expect(await validateComponent(file, before), `before/${file}`).toBeNull();
      expect(await validateComponent(file, after), `after/${file}`).toBeNull();
      const bb = await extractScripts(file, before);
      const ab = await extractScripts(file, after);
      expect(ab.map((b) => b.kind)).toEqual(bb.map((b) => b.kind));
      expect(outsideScripts(after, ab), `after/${file} outside its scripts`).toBe(outsideScripts(before, bb));
    }
  });
});
