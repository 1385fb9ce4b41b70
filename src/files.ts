// TEMPORARY, removed when the doors (src/cli.ts, src/editor/) are moved onto check()/fix() after
// the merges of issues 24 and 26: discovery is src/pipeline/discover.ts.
export { ALWAYS_IGNORED_DIRS, discover, discoverFiles, scopeRule, toPosix } from './pipeline/discover.js';
export { ALL_EXTENSIONS, COMPONENT_EXTS, SOURCE_EXTENSIONS } from './core/extensions.js';
export { textSignal } from './pipeline/prefilter.js';
