// Hand-built FileResults shared by the reporter, baseline and merge tests: two files with errors and
// warnings, a safe fix with two edits, an unsafe fix, a suppressed finding, a fatal file and a clean one.
//
// Offsets were counted by hand; test/reporters.test.ts checks that each one points at the intended text.
import type { FileResult, Finding } from '../../src/types.js';

export const cwd = '/home/u/app';

// line 1: offsets 0-30, line 2: 32-77, line 3: 79-103, line 4: 105-138, line 5: 140-164
export const sourceA = [
  "const u = '/pickup/v1/pickups';",
  'post(u, { courier_id: 1, preferred_date: d });',
  "get('/2023-01/couriers');",
  '// migrate-check-disable-next-line',
  "get('/2023-01/couriers');",
  '',
].join('\n');

// line 1: offsets 0-23, line 2: 25-60
export const sourceB = ["send({ courier_id: x });", "on('courier_account_state_changed');", ''].join('\n');

const A = `${cwd}/src/a.ts`;
const B = `${cwd}/src/b.ts`;

export const f1: Finding = {
  ruleId: 'v1-pickups-path',
  severity: 'error',
  message: 'old path /pickup/v1/pickups',
  file: A,
  line: 1,
  column: 11,
  endLine: 1,
  endColumn: 31,
  start: 10,
  end: 30,
  fixKind: 'safe',
  edits: [{ start: 11, end: 29, text: '/2024-09/pickups' }],
  changeKind: 'endpoint-moved',
};

/** a safe fix with two edits, given out of order */
export const f2: Finding = {
  ruleId: 'v1-pickup-field',
  severity: 'error',
  message: 'old pickup field names',
  file: A,
  line: 2,
  column: 11,
  endLine: 2,
  endColumn: 40,
  start: 42,
  end: 71,
  fixKind: 'safe',
  edits: [
    { start: 57, end: 71, text: 'selected_date' },
    { start: 42, end: 52, text: 'courier_service_id' },
  ],
  fixDescription: 'rename courier_id and preferred_date',
  changeKind: 'field-renamed',
};

export const f3: Finding = {
  ruleId: 'unmapped-2023-01-path',
  severity: 'error',
  message: '2023-01 path not in the spec',
  file: A,
  line: 3,
  column: 5,
  endLine: 3,
  endColumn: 24,
  start: 83,
  end: 102,
  fixKind: 'unsafe',
  edits: [{ start: 84, end: 101, text: '/2024-09/courier_services' }],
  fixDescription: 'move to /2024-09/courier_services (assumes the 2024-09 names)',
  changeKind: 'endpoint-moved',
};

/** the same construct as f3, two lines lower, under a disable comment */
export const s1: Finding = {
  ...f3,
  line: 5,
  endLine: 5,
  start: 144,
  end: 163,
  edits: [{ start: 145, end: 162, text: '/2024-09/courier_services' }],
  fixDescription: undefined,
};

export const w1: Finding = {
  ruleId: 'ambiguous-courier-id',
  severity: 'warning',
  message: 'courier_id is ambiguous',
  file: B,
  line: 1,
  column: 8,
  endLine: 1,
  endColumn: 18,
  start: 7,
  end: 17,
  fixKind: 'none',
  changeKind: 'field-renamed',
};

/** a safe fix at warning severity (as after `--rule webhook-event-renamed=warn`) */
export const w2: Finding = {
  ruleId: 'webhook-event-renamed',
  severity: 'warning',
  message: 'old event name',
  file: B,
  line: 2,
  column: 4,
  endLine: 2,
  endColumn: 35,
  start: 28,
  end: 59,
  fixKind: 'safe',
  edits: [{ start: 29, end: 58, text: 'courier_state_changed' }],
  changeKind: 'event-renamed',
};

export function sampleResults(): FileResult[] {
  // deliberately out of order: reporters sort files by path and findings by line and column
  return [
    { file: `${cwd}/src/clean.ts`, findings: [], suppressed: [], source: 'export {};\n' },
    { file: B, findings: [w2, w1], suppressed: [], source: sourceB },
    {
      file: `${cwd}/src/broken.vue`,
      findings: [],
      suppressed: [],
      fatal: { file: `${cwd}/src/broken.vue`, message: 'Parsing error: Unexpected token (3:7)', line: 3, column: 7 },
    },
    { file: A, findings: [f3, f1, f2], suppressed: [s1], source: sourceA },
  ];
}
