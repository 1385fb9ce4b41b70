// The TypeScript compiler the analysis parses with: ts-morph's own (TypeScript 6; the registry's
// `typescript` 7 has no JavaScript API). It is loaded with require() from this CommonJS module
// rather than imported from ESM: an ESM import of a CommonJS package makes Node scan the whole
// package text for its export names first, which for this 9 MB compiler costs about 0.3 s.
import common = require('@ts-morph/common');
export = common.ts;
