// Vitest (Vite) does not transform `.cts` sources, so the engine's CommonJS loader of the compiler
// (src/core/ts.cts, which exists only to spare Node's start-up scan of the package) is swapped for
// this ESM import of the very same module when tests import src/ directly.
import { ts } from '@ts-morph/common';

export default ts;
