// The fixture runner (DESIGN.md, "Fixtures"): every case under fixtures/rules/<rule>/ is found by
// glob. For each: the findings with exact positions, the fixed output, that fixing the output
// again changes nothing, and that a scan of the output leaves only what is meant to stay; an
// optional messages.json pins words some messages must hold (residual-messages.json: after the fix);
// an optional output-unsafe.* is what `--fix --unsafe` makes of the input (and again, nothing).
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeFiles, fix } from '../src/index.js';
import { loadConfig } from '../src/config.js';
import { ROOT, tempDir } from './helpers.js';

interface Pos {
  ruleId: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

const RULES_DIR = path.join(ROOT, 'fixtures', 'rules');
// the private-use characters src/core/paths.ts stands in for the unknown parts of a URL
const PLACEHOLDER = /[\uE000-\uF8FF]/u;

function cases(): { rule: string; name: string; dir: string; input: string }[] {
  const out: { rule: string; name: string; dir: string; input: string }[] = [];
  if (!existsSync(RULES_DIR)) return out;
  for (const rule of readdirSync(RULES_DIR).sort()) {
    const rd = path.join(RULES_DIR, rule);
    for (const name of readdirSync(rd).sort()) {
      const dir = path.join(rd, name);
      const input = readdirSync(dir).find((f) => f.startsWith('input.'));
      if (input) out.push({ rule, name, dir, input });
    }
  }
  return out;
}

const order = (a: Pos, b: Pos) => a.line - b.line || a.column - b.column || a.ruleId.localeCompare(b.ruleId);
const positions = (findings: Pos[]) => findings.map(({ ruleId, line, column, endLine, endColumn }) => ({ ruleId, line, column, endLine, endColumn })).sort(order);

async function scan(dir: string, file: string) {
  const config = loadConfig({ cwd: dir });
  const { results } = await analyzeFiles([file], { config });
  const r = results[0];
  if (r.fatal) throw new Error(`fatal: ${r.fatal.message}`);
  return r.findings;
}

const all = cases();

describe('rule fixtures', () => {
  it('finds the fixture cases', () => {
    expect(all.length).toBeGreaterThan(0);
  });
  for (const c of all) {
    it(`${c.rule}/${c.name}`, async () => {
      const tmp = tempDir('mc-rule-');
      const source = readFileSync(path.join(c.dir, c.input), 'utf8');
      const file = path.join(tmp, c.input);
      writeFileSync(file, source);
      if (existsSync(path.join(c.dir, 'config.json'))) writeFileSync(path.join(tmp, 'migrate-check.config.json'), readFileSync(path.join(c.dir, 'config.json')));
      const config = loadConfig({ cwd: tmp });
      const expected: Pos[] = c.name.startsWith('valid-') ? [] : JSON.parse(readFileSync(path.join(c.dir, 'findings.json'), 'utf8'));
      const found = await scan(tmp, file);
      expect(positions(found)).toEqual(positions(expected));
      if (c.name.startsWith('valid-')) expect(expected).toEqual([]);
      // messages quote the code as written, never the analysis' own placeholder characters
      for (const f of found) expect(f.message).not.toMatch(PLACEHOLDER);
      // a case may pin the words of some messages too
      const wordsFile = path.join(c.dir, 'messages.json');
      const words: { ruleId: string; includes: string }[] = existsSync(wordsFile) ? JSON.parse(readFileSync(wordsFile, 'utf8')) : [];
      for (const w of words) expect(found.filter((f) => f.ruleId === w.ruleId).map((f) => f.message)).toContainEqual(expect.stringContaining(w.includes));

      // --fix: the output file, or no change
      const outName = c.input.replace(/^input\./, 'output.');
      const want = existsSync(path.join(c.dir, outName)) ? readFileSync(path.join(c.dir, outName), 'utf8') : source;
      await fix({ paths: [file], cwd: tmp, config, unsafe: false, dryRun: false, allowDirty: true });
      const fixed = readFileSync(file, 'utf8');
      expect(fixed).toBe(want);

      // idempotent: fixing the output again changes nothing
      await fix({ paths: [file], cwd: tmp, config, unsafe: false, dryRun: false, allowDirty: true });
      expect(readFileSync(file, 'utf8')).toBe(want);

      // a case may give what `--fix --unsafe` makes of the input too (a request moved whole on an assumption)
      const unsafeName = c.input.replace(/^input\./, 'output-unsafe.');
      if (existsSync(path.join(c.dir, unsafeName))) {
        const wantUnsafe = readFileSync(path.join(c.dir, unsafeName), 'utf8');
        const tmpUnsafe = tempDir('mc-rule-unsafe-');
        const fileUnsafe = path.join(tmpUnsafe, c.input);
        writeFileSync(fileUnsafe, source);
        if (existsSync(path.join(c.dir, 'config.json'))) writeFileSync(path.join(tmpUnsafe, 'migrate-check.config.json'), readFileSync(path.join(c.dir, 'config.json')));
        await fix({ paths: [fileUnsafe], cwd: tmpUnsafe, config, unsafe: true, dryRun: false, allowDirty: true });
        expect(readFileSync(fileUnsafe, 'utf8')).toBe(wantUnsafe);
        await fix({ paths: [fileUnsafe], cwd: tmpUnsafe, config, unsafe: true, dryRun: false, allowDirty: true });
        expect(readFileSync(fileUnsafe, 'utf8')).toBe(wantUnsafe);
      }

      // what stays reported after the fix
      const residualFile = path.join(c.dir, 'residual.json');
      const residual: Pos[] = existsSync(residualFile) ? JSON.parse(readFileSync(residualFile, 'utf8')) : c.name.startsWith('valid-') ? [] : [];
      const left = await scan(tmp, file);
      expect(positions(left)).toEqual(positions(residual));
      for (const f of left) expect(f.message).not.toMatch(PLACEHOLDER);
      // and the words of what stays
      const leftWordsFile = path.join(c.dir, 'residual-messages.json');
      const leftWords: { ruleId: string; includes: string }[] = existsSync(leftWordsFile) ? JSON.parse(readFileSync(leftWordsFile, 'utf8')) : [];
      for (const w of leftWords) expect(left.filter((f) => f.ruleId === w.ruleId).map((f) => f.message)).toContainEqual(expect.stringContaining(w.includes));
    });
  }
});
