// Where the hook sees requests: `fetch` on a global object, and `http`/`https`'s `request` and
// `get` (which axios, got, node-fetch, superagent and the rest call in Node). Each wrapper passes
// the very arguments it was given to the function it wraps and returns what that returns: the
// request, its bytes and its response are the client's own. Only a request the observer claims
// (the service's) costs more than a URL test: its stack is captured when it is made, and an http
// request's written chunks are copied (up to the cap) on their way out. Nothing the hook does can
// throw into the client: every step of its own is caught.
import http from 'node:http';
import https from 'node:https';
import { syncBuiltinESMExports } from 'node:module';
import { Chunks, fetchInitBody, requestBody, type BodyRead } from './body.js';
import { captureStack } from './site.js';

export interface Observer<Claim> {
  /** The request is one to check (the service's): a claim, else undefined. Must be cheap. */
  claim(url: URL): Claim | undefined;
  /** A claimed request, complete: its method, its body as read, the stack when it was made. */
  seen(claim: Claim, method: string, url: URL, body: BodyRead, stack: Error): void;
  /** The hook's own fault (never the client's): noted, and the request goes on. */
  fault(err: unknown): void;
}

const WRAPPED = Symbol.for('migrate-check.runtime.wrapped');

type Fetch = typeof globalThis.fetch;

function urlOfFetch(input: unknown): URL | undefined {
  if (input instanceof URL) return input;
  if (typeof input === 'string') return URL.canParse(input) ? new URL(input) : undefined;
  const url = input && typeof input === 'object' ? (input as { url?: unknown }).url : undefined;
  return typeof url === 'string' && URL.canParse(url) ? new URL(url) : undefined;
}

/** Wraps a `fetch` (once: a wrapped one is returned as it is). */
export function wrapFetch<C>(original: Fetch, observer: Observer<C>): Fetch {
  if ((original as unknown as Record<symbol, unknown>)[WRAPPED]) return original;
  const wrapped = function fetch(this: unknown, input: Parameters<Fetch>[0], init?: Parameters<Fetch>[1]) {
    try {
      const url = urlOfFetch(input);
      const claim = url && observer.claim(url);
      if (claim) {
        const stack = captureStack();
        const request = typeof Request === 'function' && input instanceof Request ? input : undefined;
        const method = String(init?.method ?? request?.method ?? 'GET').toUpperCase();
        if (init && init.body !== undefined && init.body !== null) observer.seen(claim, method, url, fetchInitBody(init.body), stack);
        else if (request?.body) {
          requestBody(request).then(
            (body) => observer.seen(claim, method, url, body, stack),
            (err) => observer.fault(err),
          );
        } else observer.seen(claim, method, url, { kind: 'none' }, stack);
      }
    } catch (err) {
      observer.fault(err);
    }
    // eslint-disable-next-line prefer-rest-params
    return Reflect.apply(original, this, arguments) as ReturnType<Fetch>;
  };
  Object.defineProperty(wrapped, 'length', { value: original.length });
  Object.defineProperty(wrapped, WRAPPED, { value: true });
  return wrapped as Fetch;
}

function urlOfRequest(req: http.ClientRequest): URL | undefined {
  const host = req.getHeader('host');
  const authority = typeof host === 'string' && host ? host : req.host;
  const text = `${req.protocol}//${authority}${req.path}`;
  return URL.canParse(text) ? new URL(text) : undefined;
}

/** Watches one claimed http request: its chunks on the way out, then the whole at `end()`. */
function watch<C>(req: http.ClientRequest, observer: Observer<C>): void {
  const url = urlOfRequest(req);
  const claim = url && observer.claim(url);
  if (!claim) return;
  const stack = captureStack();
  const method = (req.method || 'GET').toUpperCase();
  // `http.get` ends its request before returning it: nothing more will be written
  if (req.writableEnded) return observer.seen(claim, method, url, { kind: 'none' }, stack);
  const chunks = new Chunks();
  const write = req.write;
  const end = req.end;
  let done = false;
  req.write = function (this: http.ClientRequest, chunk: unknown, encoding?: unknown) {
    try {
      chunks.add(chunk, encoding);
    } catch (err) {
      observer.fault(err);
    }
    // eslint-disable-next-line prefer-rest-params
    return Reflect.apply(write, this, arguments) as boolean;
  } as typeof req.write;
  req.end = function (this: http.ClientRequest, chunk?: unknown, encoding?: unknown) {
    // eslint-disable-next-line prefer-rest-params
    const result = Reflect.apply(end, this, arguments) as http.ClientRequest;
    if (!done) {
      done = true;
      try {
        chunks.add(chunk, encoding);
        observer.seen(claim, method, url, chunks.read(), stack);
      } catch (err) {
        observer.fault(err);
      }
    }
    return result;
  } as typeof req.end;
}

/** Wraps `request` and `get` of `http` and `https` (once per process: the modules are shared). */
export function wrapHttp<C>(observer: Observer<C>): void {
  for (const mod of [http, https] as const) {
    const holder = mod as unknown as Record<symbol, unknown>;
    if (holder[WRAPPED]) continue;
    holder[WRAPPED] = true;
    for (const name of ['request', 'get'] as const) {
      const original = mod[name] as (...args: unknown[]) => http.ClientRequest;
      const wrapped = function (this: unknown) {
        // eslint-disable-next-line prefer-rest-params
        const req = Reflect.apply(original, this, arguments) as http.ClientRequest;
        try {
          watch(req, observer);
        } catch (err) {
          observer.fault(err);
        }
        return req;
      };
      Object.defineProperty(wrapped, 'name', { value: name });
      Object.defineProperty(wrapped, 'length', { value: original.length });
      (mod as unknown as Record<string, unknown>)[name] = wrapped;
    }
  }
  // `import { request } from 'node:http'` in a module that loads after the hook sees the wrapper
  syncBuiltinESMExports();
}
