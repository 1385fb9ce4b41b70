// The probe's tools: raw clients for both servers (bytes in, every message out recorded, nothing
// repaired), a tree with a root and a folder outside it, and the counts the probe keeps. The
// clients never correct what they send: a hostile test writes exactly the bytes it means.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BIN, tempDir } from '../helpers.js';

export const SPY = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fs-spy.mjs');
/** What no answer may hold: it is only in the file outside the root. */
export const MARKER = 'SECRET-OUTSIDE-7d41';
/** The known file (written by hand): a 2023-01 label request, path and one entry field. */
export const KNOWN = [
  "import axios from 'axios';",
  '',
  "export const createLabels = (ids: string[], svc: string) => axios.post('/2023-01/labels', { shipments: ids.map((id) => ({ service_shipment_id: id, courier_id: svc })) });",
  '',
].join('\n');
export const HEALTH_MS = 10_000;

export interface Tree {
  base: string;
  root: string;
  outside: string;
  secret: string;
  spyLog: string;
}

/** root/ (the known file, a symlink to the secret, a symlink to the outside folder) and outside/ (a secret, a config, ignore rules). */
export function makeTree(): Tree {
  const base = tempDir('mc-hostile-');
  const root = path.join(base, 'root');
  const outside = path.join(base, 'outside');
  mkdirSync(path.join(root, 'src'), { recursive: true });
  mkdirSync(outside);
  const secret = path.join(outside, 'secret.ts');
  writeFileSync(secret, `export const SECRET = '${MARKER}';\nexport const LABELS = '/2023-01/labels';\n`);
  writeFileSync(path.join(outside, 'migrate-check.config.json'), `{ "ignorePatterns": ["${MARKER}"] }\n`);
  writeFileSync(path.join(outside, '.gitignore'), `${MARKER}\n`);
  writeFileSync(path.join(root, 'src', 'labels.ts'), KNOWN);
  // a module inside that imports the secret: the analyser must not follow it out
  writeFileSync(path.join(root, 'src', 'imports-out.ts'), "import axios from 'axios';\nimport { LABELS } from '../../outside/secret';\nexport const send = () => axios.post(LABELS, {});\n");
  symlinkSync(secret, path.join(root, 'src', 'escape.ts'));
  symlinkSync(outside, path.join(root, 'link-out'));
  return { base, root, outside, secret, spyLog: path.join(base, 'spy.log') };
}

/** Every file under a folder with its size, mtime and text: compared before and after to see a write. */
export function snapshotOf(dir: string): string {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = path.join(d, name);
      const st = statSync(p);
      if (st.isDirectory()) walk(p);
      else out.push(`${path.relative(dir, p)} ${st.size} ${st.mtimeMs} ${readFileSync(p, 'utf8')}`);
    }
  };
  walk(dir);
  return out.join('\n');
}

export type Count = 'crashes' | 'hangs' | 'outsideReads' | 'outsidePathsAccepted' | 'outsideWrites' | 'protocolViolations' | 'wrongAnswers';
export const ZERO: Record<Count, number> = { crashes: 0, hangs: 0, outsideReads: 0, outsidePathsAccepted: 0, outsideWrites: 0, protocolViolations: 0, wrongAnswers: 0 };

/** The probe's counts, with what each failure was. */
export class Tally {
  readonly counts: Record<Count, number> = { ...ZERO };
  readonly failures: string[] = [];
  kinds = 0;
  messages = 0;

  fail(count: Count, what: string): void {
    this.counts[count]++;
    this.failures.push(`${count}: ${what}`);
  }

  /** Count a failure unless `ok`. */
  check(ok: boolean, count: Count, what: string): boolean {
    if (!ok) this.fail(count, what);
    return ok;
  }
}

export type Json = Record<string, any>;

/** A server process and every message it wrote; the framing of what it writes is the subclass's. */
export abstract class RawServer {
  readonly proc: ChildProcess;
  readonly received: Json[] = [];
  /** bytes on stdout that were not a well-formed message */
  readonly badOutput: string[] = [];
  stderr = '';
  readonly exited: Promise<number | null>;
  exitCode: number | null | undefined;
  private waiters: { test: () => boolean; resolve: () => void }[] = [];
  protected out = Buffer.alloc(0);
  private nextId = 1000;

  constructor(args: string[], cwd: string, tree: Tree) {
    this.proc = spawn(process.execPath, ['--import', SPY, BIN, ...args], {
      cwd,
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, MC_SPY_WATCH: tree.outside, MC_SPY_LOG: tree.spyLog },
    });
    this.exited = new Promise((resolve) =>
      this.proc.on('exit', (code) => {
        this.exitCode = code;
        resolve(code);
        this.poke();
      }),
    );
    this.proc.stdin!.on('error', () => undefined);
    this.proc.stderr!.on('data', (d: Buffer) => (this.stderr += d.toString()));
    this.proc.stdout!.on('data', (d: Buffer) => {
      this.out = Buffer.concat([this.out, d]);
      for (const m of this.decode()) {
        this.received.push(m);
        this.onMessage(m);
      }
      this.poke();
    });
  }

  /** Split what the server wrote into messages (a bad one goes to badOutput). */
  protected abstract decode(): Json[];
  /** Frame one message as a well-behaved client would. */
  abstract frame(message: unknown): Buffer;
  /** A request the server makes of the client, answered as a plain client would. */
  protected abstract answerServerRequest(m: Json): unknown;

  private onMessage(m: Json): void {
    if (typeof m.method === 'string' && 'id' in m) void this.write(this.frame({ jsonrpc: '2.0', id: m.id, result: this.answerServerRequest(m) }));
  }

  get alive(): boolean {
    return this.exitCode === undefined;
  }

  write(bytes: Buffer | string): Promise<void> {
    return new Promise((resolve) => {
      if (!this.alive || this.proc.stdin!.destroyed) return resolve();
      this.proc.stdin!.write(bytes, () => resolve());
    });
  }

  id(): number {
    return this.nextId++;
  }

  send(message: unknown): Promise<void> {
    return this.write(this.frame(message));
  }

  notify(method: string, params?: unknown): Promise<void> {
    return this.send(params === undefined ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', method, params });
  }

  /** Send a request and wait for the answer with its id (undefined: none within `ms`). */
  async request(method: string, params?: unknown, ms = HEALTH_MS): Promise<Json | undefined> {
    const id = this.id();
    await this.send(params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params });
    return this.answer(id, ms);
  }

  /** The answer with this id (waits up to `ms`). */
  async answer(id: unknown, ms = HEALTH_MS): Promise<Json | undefined> {
    let found: Json | undefined;
    await this.waitFor(() => !!(found = this.received.find((m) => m.id === id && !('method' in m))), ms);
    return found;
  }

  /** Wait until `test` holds or the process ends; false after `ms`. */
  waitFor(test: () => boolean, ms: number): Promise<boolean> {
    if (test()) return Promise.resolve(true);
    return new Promise((resolve) => {
      const w = {
        test: () => test() || !this.alive,
        resolve: () => {
          clearTimeout(timer);
          resolve(test());
        },
      };
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(w), 1);
        resolve(false);
      }, ms);
      this.waiters.push(w);
    });
  }

  /** Let the server read what was sent (a round trip would do, but some kinds have none). */
  settle(ms = 150): Promise<void> {
    return new Promise((r) => setTimeout(r, ms));
  }

  protected poke(): void {
    for (const w of [...this.waiters])
      if (w.test()) {
        this.waiters.splice(this.waiters.indexOf(w), 1);
        w.resolve();
      }
  }

  kill(): void {
    if (this.alive) this.proc.kill('SIGKILL');
  }
}

/** The language server: Content-Length framing both ways. */
export class RawLsp extends RawServer {
  constructor(tree: Tree) {
    super(['lsp', '--stdio'], tree.root, tree);
  }

  frame(message: unknown): Buffer {
    const body = Buffer.from(typeof message === 'string' ? message : JSON.stringify(message), 'utf8');
    return Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, 'latin1'), body]);
  }

  protected decode(): Json[] {
    const out: Json[] = [];
    for (;;) {
      const end = this.out.indexOf('\r\n\r\n');
      if (end < 0) return out;
      const header = this.out.subarray(0, end).toString('latin1');
      const m = /^Content-Length: (\d+)$/i.exec(header.split('\r\n').find((l) => /^content-length:/i.test(l)) ?? '');
      if (!m || !/^Content-Length:/i.test(header)) {
        this.badOutput.push(header.slice(0, 200));
        this.out = this.out.subarray(end + 4);
        continue;
      }
      const length = Number(m[1]);
      if (this.out.length < end + 4 + length) return out;
      const body = this.out.subarray(end + 4, end + 4 + length).toString('utf8');
      this.out = this.out.subarray(end + 4 + length);
      try {
        out.push(JSON.parse(body) as Json);
      } catch {
        this.badOutput.push(body.slice(0, 200));
      }
    }
  }

  protected answerServerRequest(m: Json): unknown {
    return m.method === 'workspace/configuration' ? (m.params?.items ?? []).map(() => ({})) : null;
  }

  /** Diagnostics published for a uri at a version (waits up to `ms`). */
  async diagnostics(uri: string, version: number, ms = HEALTH_MS): Promise<Json[] | undefined> {
    let found: Json | undefined;
    await this.waitFor(() => !!(found = this.received.find((m) => m.method === 'textDocument/publishDiagnostics' && m.params?.uri === uri && m.params?.version === version)), ms);
    return found?.params.diagnostics;
  }

  logs(): string[] {
    return this.received.filter((m) => m.method === 'window/logMessage').map((m) => String(m.params?.message));
  }
}

/** The MCP server: one JSON message per line both ways. */
export class RawMcp extends RawServer {
  constructor(tree: Tree) {
    super(['mcp', '--root', tree.root], tree.base, tree);
  }

  frame(message: unknown): Buffer {
    return Buffer.from(`${typeof message === 'string' ? message : JSON.stringify(message)}\n`, 'utf8');
  }

  protected decode(): Json[] {
    const out: Json[] = [];
    for (let nl = this.out.indexOf(10); nl >= 0; nl = this.out.indexOf(10)) {
      const line = this.out.subarray(0, nl).toString('utf8');
      this.out = this.out.subarray(nl + 1);
      try {
        out.push(JSON.parse(line) as Json);
      } catch {
        this.badOutput.push(line.slice(0, 200));
      }
    }
    return out;
  }

  protected answerServerRequest(): unknown {
    return {};
  }
}

export function spyLines(tree: Tree): string[] {
  return existsSync(tree.spyLog) ? readFileSync(tree.spyLog, 'utf8').split('\n').filter(Boolean) : [];
}

/**
 * What any session must keep, checked after each kind: nothing read outside the root since the
 * last look (the spy's log from `spyFrom` on; the new length is returned), nothing written there,
 * well-formed output, one answer per id, null ids only on parse and request errors, nothing shown
 * from the outside secret, and no diagnostics published for a walled uri.
 */
export function checkSession(s: RawServer, tally: Tally, kind: string, o: { tree: Tree; outsideBefore: string; spyFrom: number; walled?: Set<string> }): number {
  const reads = spyLines(o.tree);
  for (const line of reads.slice(o.spyFrom)) tally.fail('outsideReads', `${kind}: read ${line}`);
  tally.check(snapshotOf(o.tree.outside) === o.outsideBefore, 'outsideWrites', `${kind}: the outside folder changed`);
  for (const bad of s.badOutput.splice(0)) tally.fail('protocolViolations', `${kind}: a message on stdout that is not well-formed: ${bad}`);
  const answered = new Set<unknown>();
  for (const m of s.received) {
    const text = JSON.stringify(m);
    if (text.includes(MARKER)) tally.fail('outsideReads', `${kind}: an answer shows the outside secret: ${text.slice(0, 200)}`);
    if (m.method === 'textDocument/publishDiagnostics' && o.walled?.has(m.params.uri)) tally.fail('outsidePathsAccepted', `${kind}: diagnostics for ${m.params.uri}`);
    if ('method' in m) continue;
    if (m.id === null) {
      tally.check([-32700, -32600].includes(m.error?.code), 'protocolViolations', `${kind}: a null-id answer that is not a parse or request error: ${text.slice(0, 200)}`);
      continue;
    }
    tally.check(!answered.has(m.id), 'protocolViolations', `${kind}: two answers to id ${m.id}`);
    answered.add(m.id);
  }
  return reads.length;
}

/** The answer to a request sent raw must be this error code, under the request's id. */
export async function expectError(s: RawServer, tally: Tally, id: number, code: number, kind: string): Promise<void> {
  const a = await s.answer(id);
  if (tally.check(!!a, 'hangs', `${kind}: no answer to request ${id}`)) tally.check(a!.error?.code === code, 'protocolViolations', `${kind}: request ${id} answered ${JSON.stringify(a).slice(0, 200)}, not error ${code}`);
}
