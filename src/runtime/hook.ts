// The run-time hook put together: the interception (intercept.ts) hands each of the service's
// requests (classify.ts) to the static rules' checks (check.ts), whose findings are counted per
// call site (site.ts) into the process's report (report.ts). One hook per process or worker
// thread, however many times it is loaded (a test runner's setup file runs once per test file).
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCatalogue } from '../catalogue/index.js';
import { compact } from '../reporters/compact.js';
import { BODY_CAP, jsonOf, type BodyRead } from './body.js';
import { checkRequest } from './check.js';
import { classify, loadSettings, type ServiceRequest } from './classify.js';
import { wrapFetch, wrapHttp, type Observer } from './intercept.js';
import { RuntimeReport } from './report.js';
import { callSite } from './site.js';

/** The hook's own folder: its frames are never a call site. */
const HOOK_DIR = path.dirname(fileURLToPath(import.meta.url));
const STATE = Symbol.for('migrate-check.runtime.state');

interface State {
  observer: Observer<ServiceRequest>;
}

type Warn = (kind: string, text: string) => void;

/** One stderr line per kind of trouble, at most, for the life of the process. */
function warner(): Warn {
  const said = new Set<string>();
  return (kind, text) => {
    if (said.has(kind)) return;
    said.add(kind);
    try {
      process.stderr.write(`migrate-check/register: ${text}\n`);
    } catch {
      // nowhere to say it: the client's program goes on
    }
  };
}

function bodyValue(body: BodyRead, shown: string, warn: Warn): unknown {
  switch (body.kind) {
    case 'text':
      return jsonOf(body.text);
    case 'stream':
      warn('stream', `the body of ${shown} is a stream given to fetch: its path was checked, its body was not (the hook never reads a stream it would take from the client)`);
      return undefined;
    case 'over-cap':
      warn('over-cap', `the body of ${shown} is over ${BODY_CAP / 1024 / 1024} MiB: its path was checked, its body was not`);
      return undefined;
    default:
      return undefined;
  }
}

function create(env: NodeJS.ProcessEnv): State {
  const warn = warner();
  const settings = loadSettings(process.cwd(), env, (text) => warn('config', text));
  const dir = env.MIGRATE_CHECK_RUNTIME_DIR || undefined;
  const report = new RuntimeReport(dir, settings.rules, warn);
  loadCatalogue();
  const observer: Observer<ServiceRequest> = {
    claim: (url) => classify(url, settings),
    seen(claim, method, url, body, stack) {
      const shown = `${url.origin}${url.pathname}`;
      // with its method known, a `paths` entry for that method may give the path its 2024-09 form
      const req = classify(url, settings, method) ?? claim;
      const decisions = checkRequest(req, bodyValue(body, `${method} ${shown}`, warn), settings.baseUrl, url.origin);
      if (!decisions.length) return;
      const site = callSite(stack, HOOK_DIR);
      for (const d of decisions) report.add({ site, ruleId: d.ruleId, text: d.text, method, url: shown });
    },
    fault(err) {
      warn('fault', `an internal error was caught and the request went on unchanged (${err instanceof Error ? err.message : String(err)})`);
    },
  };
  process.on('exit', () => {
    if (dir) report.write(true);
    else {
      const text = compact(report.results(), { cwd: process.cwd(), version: '', color: false });
      if (text) warn('summary', `requests in an old API version, seen at run time:\n${text.trimEnd()}`);
    }
  });
  return { observer };
}

/** Starts the hook for this process (once) and wraps `fetch` on the given global object. */
export function start(target: { fetch?: typeof fetch } = globalThis, env: NodeJS.ProcessEnv = process.env): void {
  try {
    // kept on the http module, which every realm of the process shares (a test runner's VM context too)
    const holder = http as unknown as Record<symbol, State | undefined>;
    let state = holder[STATE];
    if (!state) {
      state = create(env);
      holder[STATE] = state;
      wrapHttp(state.observer);
    }
    if (typeof target.fetch === 'function') target.fetch = wrapFetch(target.fetch, state.observer);
  } catch (err) {
    process.stderr.write(`migrate-check/register: the hook did not start (${err instanceof Error ? err.message : String(err)}); requests go on unchecked\n`);
  }
}
