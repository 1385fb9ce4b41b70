// TEMPORARY, removed when the doors (src/cli.ts, src/editor/) are moved onto check()/fix() after
// the merges of issues 24 and 26: discovery is src/pipeline/discover.ts, .gitignore src/core/gitignore.ts.
export { discoverFiles } from './pipeline/discover.js';
export { ALWAYS_IGNORED_DIRS, scopeRule, toPosix } from './core/gitignore.js';
export { ALL_EXTENSIONS, COMPONENT_EXTS, SOURCE_EXTENSIONS } from './core/extensions.js';
export { textSignal } from './pipeline/prefilter.js';
