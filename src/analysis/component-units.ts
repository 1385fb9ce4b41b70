// Script parts of .vue/.svelte/.astro files as analysis units, with their offsets in the file.
// Loaded only when a component passes the text test.

import { ComponentParseError, extractScripts } from '../components.js';
import { parseModule, scriptKindFor, tooDeep, TOO_DEEP_TO_PARSE, type Unit } from './units.js';

export async function componentUnitsFor(
  file: string,
  text: string,
): Promise<{ units: Unit[] } | { fatal: { message: string; line: number; column: number } }> {
  try {
    const blocks = await extractScripts(file, text);
    const units = blocks.map((b) => ({
      file,
      fileText: text,
      offset: b.start,
      // (a `lang="tsx"` part is TSX: parsed as plain TypeScript, its JSX would be a syntax error)
      sf: parseModule(`${file}.${b.start}.${b.lang === 'ts' ? (b.jsx ? 'tsx' : 'ts') : 'js'}`, text.slice(b.start, b.end), scriptKindFor(file, b.lang, b.jsx)),
    }));
    for (const u of units) {
      const deep = tooDeep(u.sf);
      if (deep) return { fatal: { message: deep, line: 1, column: 1 } };
    }
    return { units };
  } catch (err) {
    if (err instanceof RangeError) return { fatal: { message: TOO_DEEP_TO_PARSE, line: 1, column: 1 } };
    if (err instanceof ComponentParseError) return { fatal: { message: `Parsing error: ${err.message}`, line: err.line, column: err.column } };
    const msg = err instanceof Error ? err.message : String(err);
    return { fatal: { message: `Parsing error: ${msg.split('\n')[0]}`, line: 1, column: 1 } };
  }
}
