// The config's `legacyBases` (PRODUCT.md, "Hosts"): a base known as the legacy host's only by the v1
// paths it served is recorded by --fix, and scans keep reporting it until a person removes the
// entry. Through the built CLI; every expected text written by hand.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { addLegacyBases, recordedNames } from '../src/fix/config-entry.js';
import { recordLegacyBases } from '../src/fix/legacy-bases.js';
import { oneLine } from '../src/errors.js';
import { BIN, runCli, tempTree } from './helpers.js';

// a v1 client whose base is neither legacy by name nor by value: only its v1 paths say so
const CLIENT = {
  'src/config.ts': ['// where the shipping API lives', "export const SHIP_API_URL = process.env.SHIP_API_URL ?? 'https://ship.example.com';", ''].join('\n'),
  'src/pickups.ts': [
    "import { SHIP_API_URL } from './config';",
    '',
    'export async function bookPickup(shipmentIds: string[]) {',
    '  const res = await fetch(`${SHIP_API_URL}/pickup/v1/pickups`, {',
    "    method: 'POST',",
    "    body: JSON.stringify({ courier_id: 'c1', service_shipment_ids: shipmentIds, preferred_date: '2024-10-01' }),",
    '  });',
    '  return res.json();',
    '}',
    '',
    'export const slots = (id: string) => fetch(`${SHIP_API_URL}/pickup/v1/pickup_slots/${id}`);',
    '',
  ].join('\n'),
};

const BEFORE_BASE =
  'src/config.ts:2:14: error The base URL `SHIP_API_URL` serves a v1 path that moves to 2024-09 (`/pickup/v1/pickups`), and 2024-09 is served only on the base host: point it at the base host; left for a person: the one-line change is yours. [legacy-base-url]';
const RECORDED_MESSAGE =
  "The base URL `SHIP_API_URL` is the legacy host's, recorded by `--fix` in the config's `legacyBases` when it moved the v1 paths this base served, and serves a 2024-09 path (`/2024-09/pickups`): point it at the base host, then remove `SHIP_API_URL` from `legacyBases`; left for a person: the one-line change is yours.";
const RECORDED_BASE = `src/config.ts:2:14: error ${RECORDED_MESSAGE} [legacy-base-url]`;

const PICKUPS_AFTER = [
  "import { SHIP_API_URL } from './config';",
  '',
  'export async function bookPickup(shipmentIds: string[]) {',
  '  const res = await fetch(`${SHIP_API_URL}/2024-09/pickups`, {',
  "    method: 'POST',",
  "    body: JSON.stringify({ courier_service_id: 'c1', service_shipment_ids: shipmentIds, selected_date: '2024-10-01' }),",
  '  });',
  '  return res.json();',
  '}',
  '',
  'export const slots = (id: string) => fetch(`${SHIP_API_URL}/2024-09/courier_services/${id}/pickup_slots`);',
  '',
].join('\n');

const CONFIG_WITH_COMMENTS = [
  '{',
  '  // the hosts are not configured yet',
  '  "ignorePatterns": ["dist/**"], /* built files */',
  '  "rules": {',
  '    "ambiguous-courier-id": "warn" // reviewed',
  '  }',
  '}',
  '',
].join('\n');

const read = (dir: string, rel: string) => readFileSync(path.join(dir, rel), 'utf8');

describe('legacyBases: --fix records a base known as legacy only by its v1 paths', () => {
  it('scan, fix (an existing config keeps its comments), scan again, then clean once the entry is removed', () => {
    const dir = tempTree({ ...CLIENT, 'migrate-check.config.json': CONFIG_WITH_COMMENTS }, 'mc-lb-');
    const scan = runCli(['-r', 'compact'], dir);
    expect(scan.code).toBe(1);
    expect(scan.stdout.trim().split('\n')).toEqual([
      BEFORE_BASE,
      expect.stringMatching(/^src\/pickups\.ts:4:43: error .* \[v1-pickups-path\]$/),
      expect.stringMatching(/^src\/pickups\.ts:6:28: error .* \[v1-pickup-field\]$/),
      expect.stringMatching(/^src\/pickups\.ts:6:81: error .* \[v1-pickup-field\]$/),
      expect.stringMatching(/^src\/pickups\.ts:11:60: error .* \[v1-pickup-slots-path\]$/),
    ]);

    const fixed = runCli(['--fix', '--allow-dirty', '-r', 'compact'], dir);
    expect(fixed.stderr).toBe('');
    expect(fixed.code).toBe(1);
    expect(read(dir, 'src/pickups.ts')).toBe(PICKUPS_AFTER);
    expect(read(dir, 'src/config.ts')).toBe(CLIENT['src/config.ts']);
    expect(read(dir, 'migrate-check.config.json')).toBe(
      [
        '{',
        '  // the hosts are not configured yet',
        '  "ignorePatterns": ["dist/**"], /* built files */',
        '  "rules": {',
        '    "ambiguous-courier-id": "warn" // reviewed',
        '  },',
        '  "legacyBases": ["SHIP_API_URL"]',
        '}',
        '',
      ].join('\n'),
    );
    // the report after the fix, then the summary: the base recorded, and left for a person
    expect(fixed.stdout.startsWith(`${RECORDED_BASE}\n\n`)).toBe(true);
    const summary = fixed.stdout.slice(RECORDED_BASE.length + 2);
    expect(summary.split('\n').slice(0, 5)).toEqual([
      'migrate-check --fix: 1 file changed, 4 findings fixed, 1 left for a person.',
      "  recorded SHIP_API_URL in the config's legacyBases, migrate-check.config.json: known as the legacy host's only by the v1 paths it served, it is reported until pointed at the base host and removed from legacyBases.",
      '',
      'Left for a person:',
      `  src/config.ts:2:14  legacy-base-url  ${RECORDED_MESSAGE}`,
    ]);

    // the next scan: red, on the base
    const again = runCli(['-r', 'compact'], dir);
    expect(again.code).toBe(1);
    expect(again.stdout).toBe(RECORDED_BASE + '\n');

    // a second --fix changes nothing and records nothing twice
    const twice = runCli(['--fix', '--allow-dirty', '-r', 'compact'], dir);
    expect(twice.stdout).toContain('migrate-check --fix: 0 files changed, 0 findings fixed, 1 left for a person.');
    expect(twice.stdout).not.toContain('recorded SHIP_API_URL');
    expect(read(dir, 'migrate-check.config.json').match(/SHIP_API_URL/g)).toHaveLength(1);

    // a person points the base at the base host and removes the entry: clean
    writeFileSync(path.join(dir, 'migrate-check.config.json'), CONFIG_WITH_COMMENTS);
    const clean = runCli(['-r', 'compact'], dir);
    expect(clean.stdout).toBe('');
    expect(clean.code).toBe(0);
  });

  it('with no config, --fix writes a new migrate-check.config.json', () => {
    const dir = tempTree(CLIENT, 'mc-lb-');
    const fixed = runCli(['--fix', '--allow-dirty'], dir);
    expect(fixed.code).toBe(1);
    expect(fixed.stdout).toContain(
      "  recorded SHIP_API_URL in the config's legacyBases, migrate-check.config.json (a new file): known as the legacy host's only by the v1 paths it served, it is reported until pointed at the base host and removed from legacyBases.",
    );
    expect(read(dir, 'migrate-check.config.json')).toBe('{\n  "legacyBases": ["SHIP_API_URL"]\n}\n');
    expect(runCli(['-r', 'compact'], dir).stdout).toBe(RECORDED_BASE + '\n');
  });

  it('into the "migrate-check" key of package.json when the config lives there, and into the --config file', () => {
    const pkg = JSON.stringify({ name: 'client', private: true, 'migrate-check': { rules: {} } }, null, 2) + '\n';
    const dir = tempTree({ ...CLIENT, 'package.json': pkg }, 'mc-lb-');
    runCli(['--fix', '--allow-dirty'], dir);
    expect(read(dir, 'package.json')).toBe(
      ['{', '  "name": "client",', '  "private": true,', '  "migrate-check": {', '    "rules": {},', '    "legacyBases": ["SHIP_API_URL"]', '  }', '}', ''].join('\n'),
    );
    expect(existsSync(path.join(dir, 'migrate-check.config.json'))).toBe(false);

    const other = tempTree({ ...CLIENT, 'ci/mc.json': '{ "maxFileSize": 100000 }\n' }, 'mc-lb-');
    const fixed = runCli(['--fix', '--allow-dirty', '--config', 'ci/mc.json'], other);
    expect(fixed.stdout).toContain("recorded SHIP_API_URL in the config's legacyBases, ci/mc.json:");
    expect(read(other, 'ci/mc.json')).toBe('{ "maxFileSize": 100000, "legacyBases": ["SHIP_API_URL"] }\n');
    expect(existsSync(path.join(other, 'migrate-check.config.json'))).toBe(false);
    expect(runCli(['-r', 'compact', '--config', 'ci/mc.json'], other).stdout).toBe(RECORDED_BASE + '\n');
  });

  it('a fix over some files records a base defined outside them, from the v1 paths it moves', () => {
    const dir = tempTree(CLIENT, 'mc-lb-');
    const fixed = runCli(['--fix', '--allow-dirty', 'src/pickups.ts'], dir);
    expect(read(dir, 'src/pickups.ts')).toBe(PICKUPS_AFTER);
    expect(fixed.stdout).toContain("  recorded SHIP_API_URL in the config's legacyBases, migrate-check.config.json (a new file)");
    expect(read(dir, 'migrate-check.config.json')).toBe('{\n  "legacyBases": ["SHIP_API_URL"]\n}\n');
    expect(runCli(['-r', 'compact'], dir).stdout).toBe(RECORDED_BASE + '\n');
  });

  it('with no config, --fix of a folder run from the folder above it writes no config outside it, and says what to add', () => {
    const dir = tempTree(Object.fromEntries(Object.entries(CLIENT).map(([f, text]) => [`proj/${f}`, text])), 'mc-lb-');
    const fixed = runCli(['--fix', '--allow-dirty', 'proj'], dir);
    expect(read(dir, 'proj/src/pickups.ts')).toBe(PICKUPS_AFTER);
    expect(existsSync(path.join(dir, 'migrate-check.config.json'))).toBe(false);
    expect(existsSync(path.join(dir, 'proj', 'migrate-check.config.json'))).toBe(false);
    expect(fixed.stdout).toContain(
      "  could not record SHIP_API_URL in the config's legacyBases, migrate-check.config.json: no config file was read, and a new one here would lie outside the paths given, where `--fix` writes nothing: add \"legacyBases\": [\"SHIP_API_URL\"] to the project's migrate-check.config.json by hand: known as the legacy host's",
    );
  });

  it('--fix --dry-run writes no config, but says it would record the base', () => {
    const dir = tempTree({ ...CLIENT, 'migrate-check.config.json': CONFIG_WITH_COMMENTS }, 'mc-lb-');
    const r = runCli(['--fix', '--dry-run'], dir);
    expect(r.stderr).toContain(
      "  would record SHIP_API_URL in the config's legacyBases, migrate-check.config.json: known as the legacy host's only by the v1 paths it served, it is reported until pointed at the base host and removed from legacyBases.",
    );
    // the summary shows what a scan would report after the fix
    expect(r.stderr).toContain(`Left for a person:\n  src/config.ts:2:14  legacy-base-url  ${RECORDED_MESSAGE}`);
    expect(read(dir, 'migrate-check.config.json')).toBe(CONFIG_WITH_COMMENTS);
    expect(read(dir, 'src/pickups.ts')).toBe(CLIENT['src/pickups.ts']);
    const bare = tempTree(CLIENT, 'mc-lb-');
    expect(runCli(['--fix', '--dry-run'], bare).stderr).toContain('would record SHIP_API_URL in the config\'s legacyBases, migrate-check.config.json (a new file)');
    expect(existsSync(path.join(bare, 'migrate-check.config.json'))).toBe(false);
  });

  it('nothing is recorded when the fix writes no file (the request is held)', () => {
    // a literal time whose day differs from preferred_date: the body, and so the request, is left whole
    const held = CLIENT['src/pickups.ts']
      .replace("preferred_date: '2024-10-01' }", "preferred_date: '2024-10-01', preferred_min_time: '2024-10-02T09:00' }")
      .replace(/\nexport const slots.*\n/, '\n');
    const dir = tempTree({ ...CLIENT, 'src/pickups.ts': held }, 'mc-lb-');
    const r = runCli(['--fix', '--allow-dirty', '-r', 'compact'], dir);
    expect(r.stdout).toContain('migrate-check --fix: 0 files changed, 0 findings fixed,');
    expect(r.stdout).not.toContain('legacyBases');
    expect(existsSync(path.join(dir, 'migrate-check.config.json'))).toBe(false);
    expect(read(dir, 'src/pickups.ts')).toBe(held);
  });

  it('a base with no name to record (a literal, joined to the path with new URL) holds its v1 path: both stay reported', () => {
    const SRC = "export const cancel = () => fetch(new URL('/pickup/v1/pickups', 'https://ship.example.com'), { method: 'POST' });\n";
    const dir = tempTree({ 'src/cancel.ts': SRC }, 'mc-lb-');
    const before = runCli(['-r', 'compact'], dir);
    expect(before.stdout).toContain('src/cancel.ts:1:65: error The base URL `https://ship.example.com` serves a v1 path that moves to 2024-09');
    const r = runCli(['--fix', '--allow-dirty', '-r', 'compact'], dir);
    // (moved alone, the path would go to a host not known to serve 2024-09, and no later scan would say so)
    expect(read(dir, 'src/cancel.ts')).toBe(SRC);
    expect(r.stdout).toContain('migrate-check --fix: 0 files changed, 0 findings fixed, 2 left for a person.');
    expect(r.stdout).toContain("src/cancel.ts:1:44  v1-pickups-path  `/pickup/v1/pickups` (POST /pickup/v1/pickups) is legacy v1; 2024-09 uses `/2024-09/pickups` on the base host; left for a person: the base it is joined to, `'https://ship.example.com'`, is not known to be the base host");
    expect(r.stdout).toContain('src/cancel.ts:1:65  legacy-base-url  The base URL `https://ship.example.com` serves a v1 path that moves to 2024-09');
    expect(existsSync(path.join(dir, 'migrate-check.config.json'))).toBe(false);
  });

  it('a name in legacyBases is a legacy base in any file, as a constant or an environment variable', () => {
    const dir = tempTree(
      {
        'migrate-check.config.json': '{ "legacyBases": ["SHIP_API_URL", "RATES_HOST"] }\n',
        'a/client.ts': "const SHIP_API_URL = 'https://ship.example.com';\nexport const pickups = () => fetch(SHIP_API_URL + '/2024-09/pickups');\n",
        'b/env.ts': "export const couriers = () => fetch(`${process.env.RATES_HOST}/2024-09/couriers`);\n",
        // another name, not recorded: no finding
        'c/other.ts': "const API_URL = 'https://ship.example.com';\nexport const pickups = () => fetch(API_URL + '/2024-09/pickups');\n",
      },
      'mc-lb-',
    );
    const r = runCli(['-r', 'compact'], dir);
    expect(r.code).toBe(1);
    expect(r.stdout.trim().split('\n')).toEqual([
      "a/client.ts:1:7: error The base URL `SHIP_API_URL` is the legacy host's, recorded by `--fix` in the config's `legacyBases` when it moved the v1 paths this base served, and serves a 2024-09 path (`/2024-09/pickups`): point it at the base host, then remove `SHIP_API_URL` from `legacyBases`; left for a person: the one-line change is yours. [legacy-base-url]",
      "b/env.ts:1:40: error The environment variable RATES_HOST is the legacy host's, recorded by `--fix` in the config's `legacyBases` when it moved the v1 paths this base served, and serves a 2024-09 path (`/2024-09/couriers`): point it at the base host, then remove `RATES_HOST` from `legacyBases`; left for a person: the one-line change is yours. [legacy-base-url]",
    ]);
  });
});

describe('legacyBases: the config key', () => {
  const bad: [string, string, string][] = [
    ['not an array', '{ "legacyBases": "SHIP_API_URL" }', 'migrate-check.config.json: legacyBases must be an array, got "SHIP_API_URL"'],
    ['an item not a string', '{ "legacyBases": ["A", 3] }', 'migrate-check.config.json: legacyBases[1] must be a string, got 3'],
    [
      'an item not an identifier',
      '{ "legacyBases": ["process.env.SHIP_API_URL"] }',
      "migrate-check.config.json: legacyBases[0] must be the name of a constant, variable or environment variable (an identifier), or a module object's member (`environment.pickupApiUrl`), got \"process.env.SHIP_API_URL\"",
    ],
    [
      "a member of this",
      '{ "legacyBases": ["this.baseUrl"] }',
      "migrate-check.config.json: legacyBases[0] must be the name of a constant, variable or environment variable (an identifier), or a module object's member (`environment.pickupApiUrl`), got \"this.baseUrl\"",
    ],
    ['an empty name', '{ "legacyBases": [""] }', "migrate-check.config.json: legacyBases[0] must be the name of a constant, variable or environment variable (an identifier), or a module object's member (`environment.pickupApiUrl`), got \"\""],
  ];
  for (const [name, text, line] of bad) {
    it(`${name}: one line, exit 2`, () => {
      const dir = tempTree({ 'migrate-check.config.json': text, 'a.ts': 'export {};\n' }, 'mc-lb-');
      const r = runCli([], dir);
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(`migrate-check: ${line}\n`);
      expect(r.stdout).toBe('');
    });
  }

  it('loads the names', () => {
    const dir = tempTree({ 'migrate-check.config.json': '{ "legacyBases": ["SHIP_API_URL", "$base", "_x1", "environment.pickupApiUrl"] }' }, 'mc-lb-');
    expect(loadConfig({ cwd: dir }).legacyBases).toEqual(['SHIP_API_URL', '$base', '_x1', 'environment.pickupApiUrl']);
    let err: unknown;
    try {
      loadConfig({ cwd: tempTree({ 'migrate-check.config.json': '{ "legacyBasses": [] }' }, 'mc-lb-') });
    } catch (e) {
      err = e;
    }
    expect(oneLine(err)).toBe('migrate-check.config.json: unknown key "legacyBasses" (did you mean "legacyBases"?)');
  });
});

describe('legacyBases: the entry in the config text', () => {
  it('joins an array as its items are written, on one line or a line each', () => {
    expect(addLegacyBases('{ "legacyBases": ["A"] }', ['B', 'C'])).toBe('{ "legacyBases": ["A", "B", "C"] }');
    expect(addLegacyBases('{ "legacyBases": [] }', ['B'])).toBe('{ "legacyBases": ["B"] }');
    expect(addLegacyBases('{\n  "legacyBases": [\n    "A" // first\n  ]\n}\n', ['B'])).toBe('{\n  "legacyBases": [\n    "A",\n    "B" // first\n  ]\n}\n');
  });

  it('adds the key after the last one, keeping comments, a trailing comma, CRLF and a BOM', () => {
    expect(addLegacyBases('{\n\t"baseUrl": "https://api.example.com" // the base host\n}\n', ['A'])).toBe('{\n\t"baseUrl": "https://api.example.com", // the base host\n\t"legacyBases": ["A"]\n}\n');
    expect(addLegacyBases('{\n  "maxFileSize": 10,\n}\n', ['A'])).toBe('{\n  "maxFileSize": 10,\n  "legacyBases": ["A"],\n}\n');
    expect(addLegacyBases('\ufeff{\r\n  "maxFileSize": 10\r\n}\r\n', ['A'])).toBe('\ufeff{\r\n  "maxFileSize": 10,\r\n  "legacyBases": ["A"]\r\n}\r\n');
    expect(addLegacyBases('{"maxFileSize":10}', ['A'])).toBe('{"maxFileSize":10, "legacyBases": ["A"]}');
    expect(addLegacyBases('{}', ['A'])).toBe('{\n  "legacyBases": [\n    "A"\n  ]\n}');
  });

  it('reads the names a text gives, and records a name once', async () => {
    expect(recordedNames('{ /* c */ "legacyBases": ["A", "B"], }')).toEqual(['A', 'B']);
    expect(recordedNames('{ "migrate-check": { "legacyBases": ["A"] } }', 'migrate-check')).toEqual(['A']);
    const dir = tempTree({ 'migrate-check.config.json': '{ "legacyBases": ["A"] }\n' }, 'mc-lb-');
    const file = path.join(dir, 'migrate-check.config.json');
    const at = { file, shown: 'migrate-check.config.json', found: true };
    expect(await recordLegacyBases(at, ['A'], false, [dir])).toBeUndefined();
    expect(readFileSync(file, 'utf8')).toBe('{ "legacyBases": ["A"] }\n');
    expect(await recordLegacyBases(at, ['A', 'B'], false, [dir])).toEqual({ names: ['B'], file, created: false, written: true });
    expect(readFileSync(file, 'utf8')).toBe('{ "legacyBases": ["A", "B"] }\n');
  });

  it('a config that cannot be written is told, not thrown (the fix is done by then)', async () => {
    const file = path.join(tempTree({}, 'mc-lb-'), 'gone', 'migrate-check.config.json');
    expect(await recordLegacyBases({ file, shown: 'gone/migrate-check.config.json', found: false }, ['A'], false, [path.dirname(file)])).toEqual({
      names: ['A'],
      file,
      created: true,
      written: false,
      error: 'cannot write it (ENOENT)',
    });
    // a dry run writes nothing, there or anywhere
    expect(await recordLegacyBases({ file, shown: 'gone/migrate-check.config.json', found: false }, ['A'], true, [path.dirname(file)])).toEqual({ names: ['A'], file, created: true, written: false });
    expect(existsSync(path.dirname(file))).toBe(false);
  });
});

describe('legacyBases: through the MCP fix tool', () => {
  it('a preview says it would record the base and writes nothing; the fix records it', async () => {
    const dir = tempTree(CLIENT, 'mc-lb-mcp-');
    const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', '--root', dir], cwd: os.tmpdir(), stderr: 'pipe' });
    const client = new Client({ name: 'legacy-bases-test', version: '0.0.0' });
    await client.connect(transport);
    // listing the tools makes the client check each structuredContent against the tool's outputSchema
    await client.listTools();
    try {
      type Call = { isError?: boolean; content: { text: string }[]; structuredContent?: Record<string, unknown> };
      const call = async (args: Record<string, unknown>) => (await client.callTool({ name: 'fix', arguments: args })) as unknown as Call;
      const preview = await call({ dryRun: true });
      expect(preview.isError).toBeFalsy();
      expect(preview.structuredContent!.legacyBases).toEqual({ names: ['SHIP_API_URL'], file: 'migrate-check.config.json', written: false });
      expect(preview.content.map((c) => c.text).join('')).toContain("  would record SHIP_API_URL in the config's legacyBases (migrate-check.config.json)\n");
      expect(existsSync(path.join(dir, 'migrate-check.config.json'))).toBe(false);
      const r = await call({ dryRun: false, allowDirty: true });
      expect(r.isError).toBeFalsy();
      expect(r.structuredContent!.legacyBases).toEqual({ names: ['SHIP_API_URL'], file: 'migrate-check.config.json', written: true });
      expect(read(dir, 'migrate-check.config.json')).toBe('{\n  "legacyBases": ["SHIP_API_URL"]\n}\n');
      expect(r.content.map((c) => c.text).join('')).toContain(`Left for a person:\n  ${RECORDED_BASE}`);
    } finally {
      await client.close();
    }
  });
});
