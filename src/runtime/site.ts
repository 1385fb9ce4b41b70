// The call site of a request: the stack is captured when the request is made (cheaply: V8 keeps
// the frames and formats them only when `.stack` is read, which happens only for a request with a
// finding) and read back as the first frame in the client's own code. The stack text is whatever
// the process prints for an error, so a process run with source maps (`--enable-source-maps`,
// source-map-support, tsx) gives the TypeScript positions.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where a request was made. */
export interface CallSite {
  /** absolute path of the client's file ('' when no frame of the stack is one) */
  file: string;
  line: number;
  column: number;
  /** the package in node_modules the request was sent from, when it was one */
  via?: string;
}

/** How many frames a request's stack keeps: enough to reach past a few layers of libraries. */
const FRAMES = 40;

/**
 * The frames of the current stack, to be read later by `callSite`. Where the process maps no
 * positions (no source maps, no stack formatter of its own), the frames are kept as V8's call
 * site objects, which cost a fraction of the text the default formatter would write.
 */
export function captureStack(): Error {
  const before = Error.stackTraceLimit;
  const format = Error.prepareStackTrace;
  const plain = format === undefined && !(process as { sourceMapsEnabled?: boolean }).sourceMapsEnabled;
  Error.stackTraceLimit = FRAMES;
  if (plain) Error.prepareStackTrace = (_err, sites) => sites;
  const holder = new Error('migrate-check call site');
  if (plain) {
    (holder as { sites?: NodeJS.CallSite[] }).sites = holder.stack as unknown as NodeJS.CallSite[];
    Error.prepareStackTrace = format;
  }
  Error.stackTraceLimit = before;
  return holder;
}

/** file URL -> path, remembered (a process has few files, and the same ones on every stack). */
const paths = new Map<string, string>();
function filePath(name: string): string {
  if (!name.startsWith('file://')) return name;
  let p = paths.get(name);
  if (p === undefined) {
    p = fileURLToPath(name);
    if (paths.size < 10_000) paths.set(name, p);
  }
  return p;
}

function* framesOf(holder: Error): Generator<Frame> {
  const sites = (holder as { sites?: NodeJS.CallSite[] }).sites;
  if (!sites) return yield* parseFrames(String(holder.stack ?? ''));
  for (const s of sites) {
    const file = filePath(s.getFileName() ?? '');
    if (path.isAbsolute(file)) yield { file, line: s.getLineNumber() ?? 0, column: s.getColumnNumber() ?? 0 };
  }
}

interface Frame {
  file: string;
  line: number;
  column: number;
}

/** `    at fn (file:line:col)`, `    at file:line:col`, `    at async fn (file:line:col)`. */
const FRAME = /^\s*at (?:.*? \()?(.+?):(\d+):(\d+)\)?$/;

export function parseFrames(stack: string): Frame[] {
  const out: Frame[] = [];
  for (const lineText of stack.split('\n')) {
    const m = FRAME.exec(lineText);
    if (!m) continue;
    let file = m[1];
    try {
      file = filePath(file);
    } catch {
      continue;
    }
    // node:internal/…, internal/…, <anonymous>, evalmachine: no file of the client's
    if (!path.isAbsolute(file)) continue;
    out.push({ file, line: Number(m[2]), column: Number(m[3]) });
  }
  return out;
}

const NODE_MODULES = `${path.sep}node_modules${path.sep}`;

/** The package a file in node_modules belongs to (`@scope/name` or `name`). */
export function packageOf(file: string): string | undefined {
  const at = file.lastIndexOf(NODE_MODULES);
  if (at < 0) return undefined;
  const parts = file.slice(at + NODE_MODULES.length).split(path.sep);
  return parts[0].startsWith('@') && parts[1] ? `${parts[0]}/${parts[1]}` : parts[0];
}

/**
 * The first frame outside node_modules and the hook (`hookDir`): where a person fixes the request.
 * A request sent from inside a dependency names the package whose frame is nearest the request.
 * No client frame on the stack (a request sent from a callback a library scheduled): the nearest
 * frame in node_modules, else none.
 */
export function callSite(holder: Error, hookDir: string): CallSite {
  let frames: Iterable<Frame>;
  try {
    frames = framesOf(holder);
  } catch {
    frames = [];
  }
  const own = hookDir.endsWith(path.sep) ? hookDir : hookDir + path.sep;
  let via: string | undefined;
  let firstDependency: Frame | undefined;
  for (const f of frames) {
    if (f.file.startsWith(own)) continue;
    const pkg = packageOf(f.file);
    if (pkg) {
      via ??= pkg;
      firstDependency ??= f;
      continue;
    }
    return { file: f.file, line: f.line, column: f.column, via };
  }
  if (firstDependency) return { ...firstDependency, via };
  return { file: '', line: 0, column: 0 };
}
