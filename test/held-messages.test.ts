// A message about a held request names what holds it (PRODUCT.md, "What --fix does": "the one path
// of a prefix that has no 2024-09 form, not the whole prefix"), with its file:line when that lies in
// another file. Through the built CLI, across modules; the expected words written by hand.
import { describe, expect, it } from 'vitest';
import { runCli, tempTree } from './helpers.js';

/** The message of the one finding at `file:line:col` with this rule, from a compact report. */
function messageAt(stdout: string, at: string, ruleId: string): string {
  const lines = stdout.split('\n').filter((l) => l.startsWith(`${at}: `) && l.endsWith(` [${ruleId}]`));
  expect(lines).toHaveLength(1);
  return lines[0];
}

describe('held requests name what holds them', () => {
  it('a versioned base names the one path sent through it, in another module, that has no 2024-09 form', () => {
    const dir = tempTree({
      'src/api.ts': "import axios from 'axios';\nexport const api = axios.create({ baseURL: 'https://api.shipping.test/2023-01' });\n",
      'src/shipments.ts': [
        "import { api } from './api';",
        '',
        "export const list = () => api.get('/shipments');",
        'export const account = (id: string) => api.get(`/courier_accounts/${id}`);',
        '',
      ].join('\n'),
    });
    const r = runCli(['-r', 'compact'], dir);
    expect(r.code).toBe(1);
    // (they move only with `--unsafe`, on that path's assumed form)
    expect(messageAt(r.stdout, 'src/api.ts:2:70', 'versioned-base-url')).toContain(
      '`--fix --unsafe` moves it to /2024-09 together with those paths, on the assumed 2024-09 form of `/2023-01/shipments` (src/shipments.ts:3), which the spec does not give; plain `--fix` leaves them all',
    );
    // the path that has a 2024-09 form, waiting with the base, names the same path (in its own file: by line)
    expect(messageAt(r.stdout, 'src/shipments.ts:4:49', 'courier-accounts-path')).toContain(
      '`--fix --unsafe` moves it with the base, on the assumed 2024-09 form of `/2023-01/shipments` (line 3), which the spec does not give; plain `--fix` leaves them all',
    );
  });

  it('a body shared by two requests names, at the one that could move, the request that holds it', () => {
    const dir = tempTree({
      'src/body.ts': "export const BODY = { courier_id: 'svc', preferred_date: '2025-03-04' };\n",
      // a full legacy URL with no baseUrl configured: its path stays, and its body with it
      'src/legacy.ts': "import axios from 'axios';\nimport { BODY } from './body';\n\nexport const book = () => axios.post('https://legacy.shipping.test/pickup/v1/pickups', BODY);\n",
      'src/book.ts': "import axios from 'axios';\nimport { BODY } from './body';\n\nexport const bookToo = () => axios.post('/pickup/v1/pickups', BODY);\n",
    });
    const r = runCli(['-r', 'compact'], dir);
    expect(messageAt(r.stdout, 'src/body.ts:1:23', 'v1-pickup-field')).toContain(
      'left for a person: the path it is sent to, `/pickup/v1/pickups` (src/legacy.ts:4), stays as it is (v1-pickups-path)',
    );
    expect(messageAt(r.stdout, 'src/book.ts:4:42', 'v1-pickups-path')).toContain(
      'left for a person: the body sent with it holds what `--fix` leaves (`courier_id`, v1-pickup-field, src/body.ts:1; `preferred_date`, v1-pickup-field, src/body.ts:1; held with the request to `/pickup/v1/pickups` (src/legacy.ts:4))',
    );
    // and nothing moves: the shared body would reach the legacy request in 2024-09 form
    const fixed = runCli(['--fix', '--allow-dirty', '-r', 'compact'], dir);
    expect(fixed.stdout).toContain('migrate-check --fix: 0 files changed');
  });

  it('a path shared by two requests names, at the body that could move, what holds the other one', () => {
    const dir = tempTree({
      'src/paths.js': "export const PICKUPS = '/pickup/v1/pickups';\n",
      'src/good.js': "import axios from 'axios';\nimport { PICKUPS } from './paths.js';\nexport const good = () => axios.post(PICKUPS, { courier_id: 'a', preferred_date: '2025-01-01' });\n",
      'src/bad.js': "import axios from 'axios';\nimport { PICKUPS } from './paths.js';\nexport const bad = () => axios.post(PICKUPS, { courier_id: 'a', pickup: { courier_id: 'b' } });\n",
    });
    const r = runCli(['-r', 'compact'], dir);
    expect(messageAt(r.stdout, 'src/good.js:3:49', 'v1-pickup-field')).toContain(
      'left for a person: the path it is sent to, `/pickup/v1/pickups` (src/paths.js:1), stays as it is: another request sent to it is held, its body holding what `--fix` leaves (`pickup`, v1-pickup-nested-object, src/bad.js:3; `courier_id`, v1-pickup-field, src/bad.js:3)',
    );
  });

  it('a path read in another module, with an object of its body there the check cannot tie to a request, names that object', () => {
    const dir = tempTree({
      'src/config.js': "module.exports = { pickupsPath: process.env.USE_NEW_API ? '/2024-09/pickups' : '/pickup/v1/pickups' };\n",
      'src/pickups.js': [
        "const cfg = require('./config');",
        'exports.schedule = (svc, date) =>',
        "  fetch('https://api.shipping.test' + cfg.pickupsPath, {",
        "    method: 'POST',",
        '    body: JSON.stringify({ courier_id: svc, preferred_date: date }),',
        '  });',
        '',
      ].join('\n'),
    });
    const r = runCli(['-r', 'compact'], dir);
    expect(messageAt(r.stdout, 'src/config.js:1:81', 'v1-pickups-path')).toContain(
      'left for a person: an object in src/pickups.js (`courier_id`, v1-pickup-field, line 5), a module that imports this one, looks like a body sent to this path, but the check cannot tie it to a request',
    );
    // the path stays with that body: the request is not sent half moved
    const fixed = runCli(['--fix', '--allow-dirty', '-r', 'compact'], dir);
    expect(fixed.stdout).toContain('migrate-check --fix: 0 files changed');
  });
});
