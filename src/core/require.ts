// CommonJS packages the command loads on every run, taken with require: imported as ESM, Node first
// scans a CommonJS package's whole source for the names it exports (cjs-module-lexer), a few
// milliseconds of every start-up per package.
// The ones several modules use have a typed loader of their own here.
import { createRequire } from 'node:module';
import type { Ignore } from 'ignore';
import type makeIgnore from 'ignore';
import type colours from 'picocolors';

export const requireCjs = createRequire(import.meta.url);

/** A new set of gitignore-style rules (the `ignore` package is loaded with the first). */
export const newIgnore = (): Ignore => (requireCjs('ignore') as typeof makeIgnore)();

/** picocolors, loaded when a run first asks for colours (or whether it may use them). */
export const picocolors = (): typeof colours => requireCjs('picocolors') as typeof colours;
