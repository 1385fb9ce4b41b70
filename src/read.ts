// Kept only for src/analysis/detect.ts, which imports setsAxiosDefaults from here while its split
// (issue 22, the analysis part) is under way: the reading moved to src/pipeline/read.ts, the text
// pre-filter to src/pipeline/prefilter.ts, and this test to src/core/axios-defaults.ts. Delete this
// file once detect.ts (or its successors) import src/core/axios-defaults.ts.
export { setsAxiosDefaults } from './core/axios-defaults.js';
