// A plain command line is read without yargs (src/args.ts, quickArgs); it must read exactly as
// yargs reads it, and leave to yargs everything yargs answers itself.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { quickArgs, readArgs, yargsArgs } from '../src/args.js';
import { oneLine } from '../src/errors.js';
import { ROOT, runCli } from './helpers.js';

const plain: string[][] = [
  [],
  ['src'],
  ['src', 'lib/a.ts', './b'],
  ['--fix', '--dry-run', 'a', 'b'],
  ['--fix', '--unsafe', '--allow-dirty', '-c', 'cfg.json'],
  ['-r', 'json', '--no-progress', '.'],
  ['--reporter=sarif', '-o', 'out.sarif'],
  ['--output-file', 'report.json', '--reporter', 'json'],
  ['--rule', 'labels-path=off', '--rule', 'webhook-version=warn', '--ignore-pattern', 'vendor/**', '--ignore-pattern', 'gen/'],
  ['--rule', 'a=off', 'b=warn'],
  ['--max-warnings', '3', '--quiet'],
  ['--max-warnings', 'lots'],
  ['--max-warnings=-1'],
  ['--shard', '1/3', '--max-file-size', '100'],
  ['--list-rules'],
  ['--explain', 'labels-path'],
  ['--update-baseline', '--baseline', 'b.json'],
  ['--trend', 'trend.jsonl', '-r', 'html', '-o', 'page.html'],
  ['--dryRun', '--maxWarnings', '2'],
  ['--no-fix', '--progress'],
  ['--fix=false'],
  ['--', '--fix', '-r'],
  ['123', '0x10'],
  ['-f', 'json', '-o', 'r.json'],
  ['--format', 'compact', 'src'],
  ['--color'],
  ['--no-color', '-r', 'stylish'],
  ['--fix-dry-run', 'src'],
  // a repeatable option takes one value each time: what follows is a path
  ['--ignore-pattern', '**/gen/**', 'src'],
  ['--rule', 'labels-path=warn', 'src/a.ts'],
];

describe('reading the command line', () => {
  for (const argv of plain)
    it(`reads ${JSON.stringify(argv)} as yargs does, without yargs`, async () => {
      const quick = await quickArgs(argv);
      expect(quick).toBeDefined();
      expect(quick).toEqual(await yargsArgs(argv));
    });

  for (const argv of [['--help'], ['-h'], ['--version'], ['-v'], ['src', '--version']])
    it(`leaves ${JSON.stringify(argv)} to yargs`, async () => {
      expect(await quickArgs(argv)).toBeUndefined();
    });

  const unknown: [string[], string][] = [
    [['--nope'], 'unknown option --nope (see migrate-check --help)'],
    [['-x', 'src'], 'unknown option -x (see migrate-check --help)'],
    [['--fix', '--dry'], 'unknown option --dry (did you mean --dry-run or --fix-dry-run?)'],
    [['-rq', 'json'], 'unknown option -q (see migrate-check --help)'],
    [['--fixx'], 'unknown option --fixx (did you mean --fix?)'],
    [['--no-colour'], 'unknown option --no-colour (did you mean --no-color?)'],
    [['--ignore-patterns', 'gen'], 'unknown option --ignore-patterns (did you mean --ignore-pattern?)'],
    [['--max-warning=2'], 'unknown option --max-warning (did you mean --max-warnings?)'],
    [['--reportr', 'json'], 'unknown option --reportr (did you mean --reporter?)'],
  ];
  for (const [argv, message] of unknown)
    it(`words ${JSON.stringify(argv)} as one line with the nearest option`, async () => {
      await expect(readArgs(argv)).rejects.toThrow(message.replace(/ \(.*$/, ''));
      let line = '';
      await readArgs(argv).catch((err: unknown) => (line = oneLine(err)));
      expect(line).toBe(message);
    });

  it('reads each option as ESLint does: -f/--format, --color/--no-color, --fix-dry-run, one value per option', async () => {
    expect(await readArgs(['-f', 'json', 'src'])).toMatchObject({ reporter: 'json', reporterGiven: true, paths: ['src'] });
    expect(await readArgs(['src'])).toMatchObject({ reporter: 'stylish', reporterGiven: false, color: undefined });
    expect(await readArgs(['--color'])).toMatchObject({ color: true });
    expect(await readArgs(['--no-color'])).toMatchObject({ color: false });
    expect(await readArgs(['--fix-dry-run'])).toMatchObject({ fix: true, dryRun: true });
    expect(await readArgs(['--ignore-pattern', '**/gen/**', 'src'])).toMatchObject({ ignorePattern: ['**/gen/**'], paths: ['src'] });
    expect(await readArgs(['--ignore-pattern', 'a', '--ignore-pattern=b', 'x', 'y'])).toMatchObject({ ignorePattern: ['a', 'b'], paths: ['x', 'y'] });
    expect(await readArgs(['--rule', 'labels-path=warn', 'src/a.ts'])).toMatchObject({ rule: ['labels-path=warn'], paths: ['src/a.ts'] });
    await expect(readArgs(['-r', 'json', '--format', 'sarif'])).rejects.toThrow('--reporter takes one value, given 2: json, sarif');
    await expect(readArgs(['-o', 'a', '-o', 'b'])).rejects.toThrow('--output-file takes one value, given 2: a, b');
  });

  it('prints the package version for --version or -v, alone (without yargs) or beside other options (through yargs)', () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
    for (const argv of [['--version'], ['-v'], ['--version', '--no-progress'], ['-v', '--no-progress']]) {
      const r = runCli(argv, ROOT);
      expect(r.stdout).toBe(`${pkg.version}\n`);
      expect(r.code).toBe(0);
    }
  });

  it('yargs words the error for an option it does not know', async () => {
    await expect(yargsArgs(['--nope'])).rejects.toThrow(/Unknown argument: nope/);
  });
});

describe('an option given without its value', () => {
  const cases: [string[], string][] = [
    [['.', '--shard', ''], '--shard needs a value'],
    [['.', '--shard'], '--shard needs a value'],
    [['--shard=', '.'], '--shard needs a value'],
    [['-o', '--fix'], '-o needs a value'],
    [['--explain', ''], '--explain needs a value'],
    [['-r'], '-r needs a value'],
    [['--max-warnings'], '--max-warnings needs a value'],
    [['--maxFileSize='], '--max-file-size needs a value'],
    [['--config', '', 'src'], '--config needs a value'],
    [['--fix=yes'], '--fix takes no value (given: yes)'],
    [['--quiet='], '--quiet takes no value (given: an empty one)'],
  ];
  for (const [argv, message] of cases)
    it(`${JSON.stringify(argv)}: ${message}`, async () => {
      await expect(readArgs(argv)).rejects.toThrow(message);
    });

  it('reads a separate value that starts with a dash and a digit as the value, and its own check words the error', async () => {
    await expect(readArgs(['--shard', '-1/4', '.'])).resolves.toMatchObject({ shard: '-1/4', paths: ['.'] });
    await expect(readArgs(['.', '--max-warnings', '-1', '-r', 'json'])).resolves.toMatchObject({ maxWarnings: -1, reporter: 'json', paths: ['.'] });
    // an empty path given on purpose stays among the paths
    await expect(readArgs(['--shard', '-2/4', ''])).resolves.toMatchObject({ shard: '-2/4', paths: [''] });
    const r = runCli(['--shard', '-1/4', '--no-progress', '.'], ROOT);
    expect(r.stderr).toBe('migrate-check: --shard must be i/n with 1 <= i <= n (e.g. 2/4), got "-1/4"\n');
    expect(r.code).toBe(2);
  });

  it('takes negative numbers, `=` values, switches set to true or false, and anything after --', async () => {
    for (const argv of [['--max-warnings', '-1'], ['--max-warnings=0'], ['--reporter=json'], ['--fix=true', '--progress=false'], ['--', '--shard'], ['-o', 'out.json', '.']])
      await expect(readArgs(argv)).resolves.toBeTypeOf('object');
  });
});
