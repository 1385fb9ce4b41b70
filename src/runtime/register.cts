// `node --require migrate-check/register`, or a setup file loaded as CommonJS (jest's setupFiles):
// the hook's modules are ES modules, loaded with Node's own require (Node 20.19 and later load an
// ES module that way), so that a test runner's module registry never sees them; the runner's own
// global object (a VM context in jest) gets its `fetch` wrapped.
import { createRequire } from 'node:module';

try {
  const load = createRequire(__filename);
  const hook = load('./hook.js') as { start(target: { fetch?: typeof fetch }): void };
  hook.start(globalThis);
} catch (err) {
  const code = (err as { code?: string }).code;
  process.stderr.write(
    `migrate-check/register: the hook did not start (${code === 'ERR_REQUIRE_ESM' ? 'this Node cannot require an ES module: use --import migrate-check/register' : err instanceof Error ? err.message : String(err)}); requests go on unchecked\n`,
  );
}
