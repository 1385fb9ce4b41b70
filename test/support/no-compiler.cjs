// Preloaded (node -r) by test/compiler-cache.test.ts: makes the bundled TypeScript compiler
// impossible to resolve, as in a broken install, without touching node_modules.
const Module = require('node:module');
const original = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (request === '@ts-morph/common/dist/typescript.js') {
    const err = new Error(`Cannot find module '${request}'`);
    err.code = 'MODULE_NOT_FOUND';
    throw err;
  }
  return original.call(this, request, ...rest);
};
