// A config `paths` entry that gives a method applies only to a request sent with that method,
// where the call shows it (api.post, fetch's `method` or its GET default, axios' config, the calls
// that read a constant, wherever they are); a path whose method cannot be seen (a constant also
// read with another method) moves only by an entry without a method.
// Through the built CLI (`npm run build` first): plain --fix on a temporary project.
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempTree } from './helpers.js';

const CONFIG = JSON.stringify({
  paths: {
    'POST /2023-01/shipments': 'POST /2024-09/shipments',
    'PUT /2023-01/shipments/{id}': 'PUT /2024-09/shipments/{id}/update',
    '/2023-01/rates': '/2024-09/rates',
  },
});

const INPUT = `import axios from 'axios';

export const create = () => axios.post('/2023-01/shipments', { incoterms: 'DDP' });
export const list = () => axios.get('/2023-01/shipments');
export const update = (id: string) => fetch(\`/2023-01/shipments/\${id}\`, { method: 'PUT', body: '{}' });
export const peek = (id: string) => fetch(\`/2023-01/shipments/\${id}\`);
export const viaConfig = () => axios({ url: '/2023-01/shipments', method: 'post', data: {} });
const SHIPMENTS = '/2023-01/shipments';
export const viaConstant = () => axios.post(SHIPMENTS, {});
export const quote = (method: string) => fetch('/2023-01/rates', { method });
export const SHARED_SHIPMENTS = '/2023-01/shipments';
export const viaShared = () => axios.post(SHARED_SHIPMENTS, {});
export const BOTH_SHIPMENTS = '/2023-01/shipments';
export const createBoth = () => axios.post(BOTH_SHIPMENTS, {});
export const listBoth = () => axios.get(BOTH_SHIPMENTS);
`;

// by hand: POST and PUT where the call shows them move; GET (named, or fetch's default) has no
// entry; the module's own constant, and the exported one, are read only by a POST in the project;
// the other exported constant is also read by a GET, which no entry maps, so it stays; the rates
// entry gives no method, so it applies
const OUTPUT = `import axios from 'axios';

export const create = () => axios.post('/2024-09/shipments', { incoterms: 'DDP' });
export const list = () => axios.get('/2023-01/shipments');
export const update = (id: string) => fetch(\`/2024-09/shipments/\${id}/update\`, { method: 'PUT', body: '{}' });
export const peek = (id: string) => fetch(\`/2023-01/shipments/\${id}\`);
export const viaConfig = () => axios({ url: '/2024-09/shipments', method: 'post', data: {} });
const SHIPMENTS = '/2024-09/shipments';
export const viaConstant = () => axios.post(SHIPMENTS, {});
export const quote = (method: string) => fetch('/2024-09/rates', { method });
export const SHARED_SHIPMENTS = '/2024-09/shipments';
export const viaShared = () => axios.post(SHARED_SHIPMENTS, {});
export const BOTH_SHIPMENTS = '/2023-01/shipments';
export const createBoth = () => axios.post(BOTH_SHIPMENTS, {});
export const listBoth = () => axios.get(BOTH_SHIPMENTS);
`;

describe('paths entries with a method', () => {
  it('apply where the call shows that method, and only there', () => {
    const dir = tempTree({ 'migrate-check.config.json': CONFIG, 'package.json': '{ "type": "module" }', 'src/api.ts': INPUT });
    try {
      const scan = runCli(['--reporter', 'json', '--no-progress', '.'], dir);
      expect(scan.code, scan.stderr).toBe(1);
      const messages = (JSON.parse(scan.stdout) as { messages: { line: number; fix?: unknown; suggestions?: unknown[] }[] }[])[0].messages;
      // a safe fix where an entry applies, a suggestion (--unsafe) where none does
      expect(messages.map((m) => [m.line, m.fix ? 'fix' : m.suggestions ? 'suggestion' : 'none'])).toEqual([
        [3, 'fix'],
        [4, 'suggestion'],
        [5, 'fix'],
        [6, 'suggestion'],
        [7, 'fix'],
        [8, 'fix'],
        [10, 'fix'],
        [11, 'fix'],
        [13, 'suggestion'],
      ]);
      const r = runCli(['--fix', '--allow-dirty', '--no-progress', '.'], dir);
      expect(r.code, r.stderr).toBe(1);
      expect(readFileSync(path.join(dir, 'src/api.ts'), 'utf8')).toBe(OUTPUT);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
