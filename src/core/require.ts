// CommonJS packages the command loads on every run, taken with require: imported as ESM, Node first
// scans a CommonJS package's whole source for the names it exports (cjs-module-lexer), a few
// milliseconds of every start-up per package.
import { createRequire } from 'node:module';

export const requireCjs = createRequire(import.meta.url);
