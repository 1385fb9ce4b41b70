// The contract examples (../shared/examples, beside the clone; not part of the repository) through
// the built CLI, as the fixture projects are run in `npm test`: each example's scan, fix, second
// fix and rescan, and the same output with the analysis on worker threads and a reader thread.
// `npm run test:contract` runs this file (.ci/run does, after `npm test`). Without the examples it
// fails in CI and, elsewhere, says in one line that it did not run.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers.js';
import { exampleDirs, runExample, sameOnEveryThread } from '../support/projects.js';
import { leaveOut } from '../support/requires.js';

const EXAMPLES = path.resolve(ROOT, '..', 'shared', 'examples');
const present = existsSync(EXAMPLES);

describe.skipIf(leaveOut(present, 'the contract examples (test/contract/examples.test.ts)', `${EXAMPLES} is missing`, 'they come with the project\'s shared folder, beside the clone'))('contract examples (../shared/examples)', () => {
  const names = exampleDirs(EXAMPLES);
  it('are present', () => expect(names.length, `${EXAMPLES}: CI must have the 8 contract examples`).toBe(8));
  for (const name of names) {
    it(name, () => runExample(EXAMPLES, name));
    it(`${name}: the same json and --fix diff on worker threads and a reader thread`, () => sameOnEveryThread(path.join(EXAMPLES, name, 'before')));
  }
});
