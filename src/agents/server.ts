// `migrate-check mcp [--root DIR]`: a Model Context Protocol server over stdio, so that a coding
// agent gets the tool's exact findings and fixes (tools: check, fix, explain, list_rules).
// Loaded only for this subcommand (the CLI imports this module dynamically).
//
// Messages are read by transport.ts, which refuses what is not a well-formed message (too large,
// not JSON, params that are not an object) with an error answer and keeps serving.
//
// stdout carries protocol messages and nothing else: console output is routed to stderr before
// anything else runs, and every diagnostic goes to stderr.

import { createMcpServer, log } from './tools.js';
import { LineTransport } from './transport.js';
import { resolveRoot } from './wall.js';

function consoleToStderr(): void {
  const toErr = (...args: unknown[]) => console.error(...args);
  console.log = toErr;
  console.info = toErr;
  console.debug = toErr;
  console.warn = toErr;
  console.dir = (obj: unknown) => console.error(obj);
}

export async function startMcpServer(root: string): Promise<void> {
  consoleToStderr();
  const r = resolveRoot(root);
  const { server, warmUp } = createMcpServer(r);
  const transport = new LineTransport(log);
  const closed = new Promise<void>((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      server.close().then(resolve, resolve);
    };
    process.stdin.once('end', finish);
    process.stdin.once('close', finish);
    server.server.onclose = () => resolve();
  });
  await server.connect(transport);
  log(`serving ${r.given}`);
  void warmUp();
  await closed;
}
