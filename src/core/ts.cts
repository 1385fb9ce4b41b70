// The TypeScript compiler the analysis parses with: ts-morph's own (TypeScript 6; the registry's
// `typescript` 7 has no JavaScript API). `#compiler` (package.json "imports") is typed as that
// module and loaded, at run time, by src/core/compiler-loader.cts (straight from its file, with a
// V8 code cache). It is required from this CommonJS module rather than imported from ESM: an ESM
// import of CommonJS makes Node scan the module text for its export names first.
import ts = require('#compiler');
export = ts;
