// The script parts of single-file components (.vue, .svelte, .astro).
//
// The analysis works on JS/TS module text. For a component it needs the text of each script part
// and where that text sits in the file, so that a finding or an edit at offset k of the part is at
// `start + k` of the file. Each component is read by its ecosystem's own parser, loaded lazily:
// a run over plain .ts files never loads any of them.
//
// Offsets are UTF-16 code units (JavaScript string indices), like every offset in src/types.ts.

import { extname } from 'node:path';
import type { AST as SvelteAST } from 'svelte/compiler';

export const COMPONENT_EXTENSIONS = ['.vue', '.svelte', '.astro'];

export type ComponentKind = 'vue' | 'svelte' | 'astro';

/**
 * One script part of a component: `text.slice(start, end)` is its module source, exactly (CRLF,
 * indentation and all).
 *
 * `kind` says which part it is:
 * - .vue: `script` (`<script>`), `script-setup` (`<script setup>`);
 * - .svelte: `module` (`<script module>` or `<script context="module">`), `instance` (`<script>`);
 * - .astro: `frontmatter` (between the `---` fences), `script` (a `<script>` Astro processes and
 *   bundles: TypeScript), `inline-script` (`is:inline`, `type="module"` or any other attribute:
 *   sent to the browser as it is, so plain JavaScript).
 */
export interface ScriptBlock {
  start: number;
  end: number;
  lang: 'ts' | 'js';
  kind: string;
  /** true when the part may contain JSX (.vue `lang="tsx"` or `lang="jsx"`) */
  jsx?: boolean;
}

/** A component its own parser rejects. `line` and `column` are 1-based, as an editor shows them. */
export class ComponentParseError extends Error {
  constructor(
    readonly file: string,
    message: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(message);
    this.name = 'ComponentParseError';
  }
}

/** Which component syntax a path has, by its extension; null for anything else. */
export function componentKind(file: string): ComponentKind | null {
  switch (extname(file).toLowerCase()) {
    case '.vue':
      return 'vue';
    case '.svelte':
      return 'svelte';
    case '.astro':
      return 'astro';
    default:
      return null;
  }
}

/**
 * The script parts of a component, in file order. Throws ComponentParseError when the component's
 * parser rejects the file. Svelte's parser also parses the scripts themselves, so a script syntax
 * error is a ComponentParseError there; the Vue and Astro parsers do not look inside scripts, so a
 * script syntax error in those surfaces when the part itself is parsed.
 */
export async function extractScripts(file: string, text: string): Promise<ScriptBlock[]> {
  const kind = componentKind(file);
  switch (kind) {
    case 'vue':
      return vueScripts(file, text);
    case 'svelte':
      return svelteScripts(file, text);
    case 'astro':
      return astroScripts(file, text);
    default:
      throw new Error(`not a component file: ${file}`);
  }
}

/**
 * Parses the whole component again with its own parser, and each script part with a JS/TS parser
 * (Svelte's parser does both; for Vue and Astro the parts are parsed with Babel, the parser Vue's
 * own script compiler uses). Returns null when it parses, otherwise the first problem with a
 * 1-based line and column in the file. Used before a fixed component is written.
 */
export async function validateComponent(
  file: string,
  text: string,
): Promise<null | { message: string; line: number; column: number }> {
  let blocks: ScriptBlock[];
  try {
    blocks = await extractScripts(file, text);
  } catch (err) {
    if (err instanceof ComponentParseError) return { message: err.message, line: err.line, column: err.column };
    throw err;
  }
  if (componentKind(file) === 'svelte') return null;
  for (const block of blocks) {
    const problem = await checkScriptSyntax(text, block);
    if (problem) return problem;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// positions

const LINE_BREAK = /\r\n|[\r\n\u2028\u2029]/g;

/** 1-based line and column (UTF-16) of an offset; \r\n, \r, \n, U+2028 and U+2029 end a line. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const at = Math.max(0, Math.min(offset, text.length));
  let line = 1;
  let lineStart = 0;
  LINE_BREAK.lastIndex = 0;
  for (let m = LINE_BREAK.exec(text); m && m.index < at; m = LINE_BREAK.exec(text)) {
    const next = m.index + m[0].length;
    if (next > at) break; // offset between \r and \n: still on that line
    line++;
    lineStart = next;
  }
  return { line, column: at - lineStart + 1 };
}

function parseError(file: string, text: string, message: string, offset: number | undefined): ComponentParseError {
  const { line, column } = offset === undefined ? { line: 1, column: 1 } : lineColumn(text, offset);
  return new ComponentParseError(file, message, line, column);
}

/** The first line of a parser message, without a trailing "(line:col)" that counts from elsewhere. */
function firstLine(message: string): string {
  return message.split('\n')[0]!.replace(/\s*\(\d+:\d+\)$/, '').trim();
}

// ---------------------------------------------------------------------------------------------
// .vue

async function vueScripts(file: string, text: string): Promise<ScriptBlock[]> {
  const { parse } = await import('@vue/compiler-sfc');
  const { descriptor, errors } = parse(text, { filename: file, sourceMap: false });
  if (errors.length > 0) {
    const first = errors[0]!;
    const loc = (first as { loc?: { start: { offset: number } } | null }).loc;
    throw parseError(file, text, firstLine(first.message), loc ? loc.start.offset : undefined);
  }
  const blocks: ScriptBlock[] = [];
  for (const [block, kind] of [
    [descriptor.script, 'script'],
    [descriptor.scriptSetup, 'script-setup'],
  ] as const) {
    if (!block || block.src) continue; // absent, or an external file (<script src>) with no content here
    const lang = vueLang(block.lang);
    if (!lang) continue; // coffee and the like: not JavaScript
    const start = block.loc.start.offset;
    const end = block.loc.end.offset;
    if (text.slice(start, end) !== block.content) {
      throw new Error(`${file}: Vue parser gave a <script> range that does not hold its content`);
    }
    blocks.push({ start, end, lang: lang.lang, kind, ...(lang.jsx ? { jsx: true } : {}) });
  }
  return blocks.sort((a, b) => a.start - b.start);
}

function vueLang(lang: string | undefined): { lang: 'ts' | 'js'; jsx: boolean } | null {
  switch ((lang ?? 'js').toLowerCase()) {
    case 'js':
    case 'mjs':
      return { lang: 'js', jsx: false };
    case 'jsx':
      return { lang: 'js', jsx: true };
    case 'ts':
    case 'mts':
      return { lang: 'ts', jsx: false };
    case 'tsx':
      return { lang: 'ts', jsx: true };
    default:
      return null;
  }
}

// ---------------------------------------------------------------------------------------------
// .svelte

interface SvelteCompileError {
  message: string;
  start?: { character?: number };
  position?: [number, number];
}

async function svelteScripts(file: string, text: string): Promise<ScriptBlock[]> {
  const { parse } = await import('svelte/compiler');
  let root: SvelteAST.Root;
  try {
    // the parser drops a leading BOM and counts its offsets from after it: a space in its place
    // keeps every offset the file's own
    root = parse(text.charCodeAt(0) === 0xfeff ? ` ${text.slice(1)}` : text, { filename: file, modern: true });
  } catch (err) {
    const e = err as SvelteCompileError;
    if (e && typeof e.message === 'string' && (e.position || e.start)) {
      throw parseError(file, text, firstLine(e.message), e.start?.character ?? e.position?.[0]);
    }
    throw err;
  }
  const scripts = [root.module, root.instance].filter((s): s is NonNullable<typeof s> => s != null);
  // Svelte decides TypeScript for the whole file: one `lang="ts"` makes every script TypeScript.
  const ts = scripts.some((s) =>
    s.attributes.some(
      (a) => a.type === 'Attribute' && a.name === 'lang' && Array.isArray(a.value) && a.value.some((v) => v.type === 'Text' && v.data === 'ts'),
    ),
  );
  const blocks: ScriptBlock[] = [];
  for (const script of scripts) {
    const content = script.content as unknown as { start: number; end: number };
    const start = content.start;
    const end = content.end;
    // the content runs from the end of the opening tag to the closing tag
    if (!/^<\/script\s*>/.test(text.slice(end, script.end)) || text[start - 1] !== '>') {
      throw new Error(`${file}: Svelte parser gave a <script> range that does not hold its content`);
    }
    blocks.push({ start, end, lang: ts ? 'ts' : 'js', kind: script.context === 'module' ? 'module' : 'instance' });
  }
  return blocks.sort((a, b) => a.start - b.start);
}

// ---------------------------------------------------------------------------------------------
// .astro
//
// @astrojs/compiler 4 has an async API (and a sync one under `@astrojs/compiler/sync`). Its
// `parse` prints the whole AST to JSON in a way that grows with the square of the number of
// sibling nodes (a 23 KB page takes seconds and gigabytes; larger ones exhaust the WebAssembly
// memory and kill the compiler for the rest of the process), and its positions are UTF-8 byte
// offsets. So the scripts come from `convertToTSX`, whose `metaRanges.scripts` give each script's
// content in UTF-16 offsets of the source together with Astro's own classification, and the
// frontmatter comes from `parse` run on the file only up to the closing fence.

type AstroCompiler = typeof import('@astrojs/compiler');
type AstroScriptType = 'processed-module' | 'module' | 'inline' | 'event-attribute' | 'json' | 'raw' | 'unknown';

const JS_MIME = /^(?:module|(?:text|application)\/(?:x-)?(?:javascript|ecmascript)|text\/partytown)$/i;

/**
 * One call into the Astro compiler. When its WebAssembly program has died (out of memory on some
 * earlier input, which also breaks every later call), it is torn down and the call tried once more
 * on a fresh one; a second failure is reported as the file's parse failure.
 */
async function astroCall<T>(compiler: AstroCompiler, file: string, call: () => Promise<T | undefined>): Promise<T> {
  let lastError: unknown;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const result = await call();
      if (result) return result;
      lastError = new Error('no result');
    } catch (err) {
      lastError = err;
    }
    compiler.teardown(); // the next call starts a fresh compiler
  }
  const reason = firstLine(String((lastError as Error)?.message ?? lastError));
  throw new ComponentParseError(file, `Astro compiler failed: ${reason}`, 1, 1);
}

async function astroScripts(file: string, text: string): Promise<ScriptBlock[]> {
  const compiler = await import('@astrojs/compiler');
  const tsx = await astroCall(compiler, file, async () => {
    const result = await compiler.convertToTSX(text, { filename: file });
    return result && result.metaRanges ? result : undefined;
  });
  const error = (tsx.diagnostics ?? []).find((d) => d.severity === 1);
  if (error) throw new ComponentParseError(file, firstLine(error.text), error.location.line, error.location.column);

  const blocks: ScriptBlock[] = [];
  const fm = tsx.metaRanges.frontmatter;
  // convertToTSX copies the frontmatter (then a newline) into its output; "" when there is none
  const tsxFrontmatter = tsx.code.slice(fm.start, fm.end);
  if (tsxFrontmatter !== '') {
    const range = await astroFrontmatter(compiler, file, text, tsxFrontmatter.length - 1);
    blocks.push({ ...range, lang: 'ts', kind: 'frontmatter' });
  }

  for (const script of tsx.metaRanges.scripts ?? []) {
    const { start, end } = script.position;
    const kind = astroScriptKind(text, start, script.type as AstroScriptType);
    if (!kind) continue;
    // (the range of an event attribute, which is skipped, takes in the closing quote)
    if (text.slice(start, end) !== script.content) {
      throw new Error(`${file}: Astro compiler gave a <script> range that does not hold its content`);
    }
    blocks.push({ start, end, lang: kind === 'script' ? 'ts' : 'js', kind });
  }
  return blocks.sort((a, b) => a.start - b.start);
}

function astroScriptKind(text: string, start: number, type: AstroScriptType): 'script' | 'inline-script' | null {
  switch (type) {
    case 'processed-module':
      return 'script';
    case 'module': // type="module"
    case 'inline': // is:inline, define:vars, or another attribute
    case 'raw': // is:raw: still a script the browser runs
      return 'inline-script';
    case 'unknown': {
      // a `type` Astro does not name: JavaScript when it is a JavaScript MIME type
      const open = text.lastIndexOf('<script', start);
      const m = open >= 0 ? /\stype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(text.slice(open, start)) : null;
      const mime = m ? (m[1] ?? m[2] ?? m[3] ?? '').trim() : '';
      return JS_MIME.test(mime) ? 'inline-script' : null;
    }
    default: // json, event-attribute (an onclick="..." value, not a module)
      return null;
  }
}

/** UTF-16 index in `s` of a UTF-8 byte offset. */
function utf16Offset(s: string, byteOffset: number): number {
  let bytes = 0;
  let i = 0;
  while (i < s.length && bytes < byteOffset) {
    const c = s.codePointAt(i)!;
    bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
    i += c >= 0x10000 ? 2 : 1;
  }
  return i;
}

/**
 * The frontmatter's content range. The frontmatter is a prefix of the file, so `parse` of the file
 * cut right after a candidate closing fence finds the same frontmatter as a parse of the whole file,
 * at the cost of the frontmatter alone. The candidate convertToTSX's copy points at is tried first,
 * then every `---` in order (one inside a string is no fence: the parse says so).
 */
async function astroFrontmatter(
  compiler: AstroCompiler,
  file: string,
  text: string,
  contentLength: number,
): Promise<{ start: number; end: number }> {
  const tryPrefix = async (cut: number): Promise<{ start: number; end: number } | null> => {
    const prefix = text.slice(0, cut);
    const result = await astroCall(compiler, file, async () => {
      const parsed = await compiler.parse(prefix, { position: true });
      return parsed && parsed.ast ? parsed : undefined;
    });
    const node: { type: string; value?: string; position?: { start: { offset: number } } } | undefined =
      result.ast.children.find((n) => n.type === 'frontmatter');
    if (!node || typeof node.value !== 'string' || !node.position) return null;
    const start = utf16Offset(prefix, node.position.start.offset) + 3; // after the opening ---
    const end = start + node.value.length;
    if (text.slice(start, end) !== node.value) return null;
    if (cut === text.length && !text.startsWith('---', end)) return { start, end }; // not closed: runs to the end
    return end + 3 === cut && text.startsWith('---', end) ? { start, end } : null;
  };

  const opening = text.indexOf('---');
  const guess = opening + 3 + contentLength;
  if (opening >= 0 && text.startsWith('---', guess)) {
    const found = await tryPrefix(guess + 3);
    if (found) return found;
  }
  for (let fence = text.indexOf('---', opening + 3); opening >= 0 && fence >= 0; fence = text.indexOf('---', fence + 1)) {
    if (fence === guess) continue;
    const found = await tryPrefix(fence + 3);
    if (found) return found;
  }
  const whole = await tryPrefix(text.length);
  if (whole) return whole;
  throw new Error(`${file}: cannot locate the Astro frontmatter`);
}

// ---------------------------------------------------------------------------------------------
// syntax of a script part (validateComponent)

async function checkScriptSyntax(
  text: string,
  block: ScriptBlock,
): Promise<null | { message: string; line: number; column: number }> {
  const { babelParse } = await import('@vue/compiler-sfc');
  const plugins: NonNullable<Parameters<typeof babelParse>[1]>['plugins'] = ['importAttributes', 'explicitResourceManagement'];
  if (block.lang === 'ts') plugins.push('typescript');
  if (block.jsx) plugins.push('jsx');
  try {
    babelParse(text.slice(block.start, block.end), {
      sourceType: 'module',
      plugins,
      allowAwaitOutsideFunction: true,
      // Astro frontmatter may `return Astro.redirect(...)`
      allowReturnOutsideFunction: block.kind === 'frontmatter',
    });
    return null;
  } catch (err) {
    const e = err as { message?: string; pos?: number; loc?: { index?: number } };
    const at = e.loc?.index ?? e.pos ?? 0;
    const { line, column } = lineColumn(text, block.start + at);
    return { message: `${firstLine(String(e.message ?? err))} (in ${block.kind})`, line, column };
  }
}
