// TEMPORARY, removed when src/cli.ts is moved onto check()/fix() after the merge of issue 24.
export { MIN_FILES, readAheadEnv, readerWanted, startReader, type ReadAhead, type Reader } from '../pipeline/reader.js';
