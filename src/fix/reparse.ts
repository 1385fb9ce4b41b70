// Every rewritten file is parsed again before it is written.
import path from 'node:path';
import { COMPONENT_EXTS } from '../core/extensions.js';

export async function reparseError(file: string, text: string): Promise<string | undefined> {
  const ext = path.extname(file).toLowerCase();
  if (COMPONENT_EXTS.includes(ext)) {
    const { validateComponent } = await import('../components.js');
    const err = await validateComponent(file, text);
    return err ? `the fixed component would not parse (${err.line}:${err.column} ${err.message}); left untouched` : undefined;
  }
  // the compiler is loaded only when a file is rewritten
  const { parseErrors, parseModule, scriptKindFor } = await import('../analysis/units.js');
  let errs;
  try {
    errs = parseErrors(parseModule(file, text, scriptKindFor(file)));
  } catch (err) {
    if (err instanceof RangeError) return 'the fixed file is nested too deeply to parse; left untouched';
    throw err;
  }
  if (!errs.length) return undefined;
  const d = errs[0];
  return `the fixed file would not parse (${typeof d.messageText === 'string' ? d.messageText : d.messageText.messageText}); left untouched`;
}
