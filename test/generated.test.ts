// The config's `generated` globs (PRODUCT.md, "What --fix does": generated or vendored code is
// never edited, its findings say to regenerate it, and a request whose body lives there is held).
// Through the built CLI (`npm run build` first) on test/data/generated-globs, whose config says
// `"generated": ["src/gen/**"]`: src/gen/labels.ts builds the body that src/labels.ts sends to
// `/2023-01/labels`; src/labels.ts also sends a mapped path alone.
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli, tempCopy } from './helpers.js';

const FIXTURE = path.join(ROOT, 'test', 'data', 'generated-globs');

interface Message {
  ruleId: string;
  line: number;
  message: string;
  fix?: unknown;
}

function scan(cwd: string, args: string[] = []): Record<string, Message[]> {
  const r = runCli(['--reporter', 'json', '--no-progress', ...args], cwd);
  expect(r.code, r.stderr).toBe(1);
  const out: Record<string, Message[]> = {};
  for (const x of JSON.parse(r.stdout) as { filePath: string; messages: Message[] }[]) out[path.relative(FIXTURE, x.filePath).split(path.sep).join('/')] = x.messages;
  return out;
}

const brief = (ms: Message[]) => ms.map((m) => [m.ruleId, m.line, !!m.fix, m.message]);

const GEN = [
  'label-entry-field',
  2,
  false,
  '`courier_id` in a 2023-01 label entry is `courier_service_id` in 2024-09; left for a person: this file is generated (matched by `src/gen/**` in the config\'s `generated`): regenerate it for 2024-09 rather than edit it.',
];
const HELD = [
  'labels-path',
  4,
  false,
  '`/2023-01/labels` (POST /2023-01/labels) is 2023-01; 2024-09 uses `/2024-09/batches/labels`; left for a person: the body sent with it is built in generated code (src/gen/labels.ts), which `--fix` never edits: regenerate it for 2024-09, then move the request with it.',
];
const ACCOUNT = [
  'courier-accounts-path',
  6,
  true,
  '`/2023-01/courier_accounts/${id}` (GET /2023-01/courier_accounts/{courier_account_id}) is 2023-01; 2024-09 uses `/2024-09/couriers/{courier_id}`; `--fix` rewrites it.',
];

describe('the config\'s generated globs', () => {
  it('a globbed file\'s findings say to regenerate it; the request whose body it builds is held', () => {
    const found = scan(FIXTURE, ['.']);
    expect(brief(found['src/gen/labels.ts'])).toEqual([GEN]);
    expect(brief(found['src/labels.ts'])).toEqual([HELD, ACCOUNT]);
  });

  it('globs are relative to the config file\'s folder, wherever the run starts', () => {
    const found = scan(path.join(FIXTURE, 'src'), ['--config', '../migrate-check.config.json', '.']);
    expect(brief(found['src/gen/labels.ts'])).toEqual([GEN]);
    // file names in messages are relative to where the run starts
    const held = [...HELD.slice(0, 3), (HELD[3] as string).replace('(src/gen/labels.ts)', '(gen/labels.ts)')];
    expect(brief(found['src/labels.ts'])).toEqual([held, ACCOUNT]);
  });

  it('--fix leaves the globbed file and the held request; without the glob, the request moves whole', () => {
    const dir = tempCopy(FIXTURE, 'mc-generated-');
    try {
      const gen = readFileSync(path.join(dir, 'src/gen/labels.ts'), 'utf8');
      const r = runCli(['--fix', '--allow-dirty', '--no-progress', '.'], dir);
      expect(r.code, r.stderr).toBe(1);
      expect(readFileSync(path.join(dir, 'src/gen/labels.ts'), 'utf8')).toBe(gen);
      const labels = readFileSync(path.join(dir, 'src/labels.ts'), 'utf8');
      expect(labels).toContain("fetch('/2023-01/labels'");
      expect(labels).toContain('fetch(`/2024-09/couriers/${id}`)');

      rmSync(path.join(dir, 'migrate-check.config.json'));
      const again = runCli(['--fix', '--allow-dirty', '--no-progress', '.'], dir);
      expect([0, 1], again.stderr).toContain(again.code);
      expect(readFileSync(path.join(dir, 'src/gen/labels.ts'), 'utf8')).toContain('courier_service_id: svc');
      expect(readFileSync(path.join(dir, 'src/labels.ts'), 'utf8')).toContain("fetch('/2024-09/batches/labels'");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
