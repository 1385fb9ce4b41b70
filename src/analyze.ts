// TEMPORARY, removed when src/cli.ts is moved onto check()/fix() after the merge of issue 24.
export { analyzeFiles, hostsOf } from './pipeline/analyze.js';
