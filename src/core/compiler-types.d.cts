// The types of `#compiler` (package.json "imports"): the TypeScript namespace ts-morph bundles.
// At run time `#compiler` is src/core/compiler-loader.cts, which loads that very module.
import { ts } from '@ts-morph/common';
export = ts;
