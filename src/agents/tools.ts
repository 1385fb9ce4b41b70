// The four MCP tools over the engine. The engine is imported statically here, so it is loaded
// once when the server starts and kept for the life of the process; every tool call only reads
// the files it needs. Config and ignore rules are read from the root on each call (an edit to the
// config takes effect on the next call; a bad config is that call's error, not the server's).

import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { explainText, getRule, loadCatalogue, nearestRuleIds, toolVersion } from '../catalogue/index.js';
import { loadConfig } from '../config.js';
import { oneLine, UsageError } from '../errors.js';
import { assertClean, check, fix, warmUp as warmUpEngine } from '../index.js';
import { reporters, toEslintResults, type EslintResult } from '../reporters/index.js';
import type { FileResult, FixResult } from '../types.js';
import {
  checkInput,
  checkOutput,
  explainInput,
  explainOutput,
  fixInput,
  fixOutput,
  listRulesInput,
  listRulesOutput,
  type CheckOutput,
  type ExplainOutput,
  type FixOutput,
  type ListRulesOutput,
} from './schemas.js';
import { fileInRoot, relToRoot, resolveInRoot, type Root } from './wall.js';

export const serverVersion = toolVersion;

/** Diagnostics go to stderr: stdout carries protocol messages only. */
export function log(message: string): void {
  process.stderr.write(`migrate-check mcp: ${message}\n`);
}

function toolError(err: unknown): CallToolResult {
  if (!(err instanceof UsageError)) log(err instanceof Error && err.stack ? err.stack : String(err));
  return { isError: true, content: [{ type: 'text', text: oneLine(err) }] };
}

function ok<T extends Record<string, unknown>>(structured: T, text: string): CallToolResult {
  return { structuredContent: structured, content: [{ type: 'text', text }] };
}

function plural(word: string, n: number): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

export interface McpEngine {
  server: McpServer;
  /** analyse one in-memory file (nothing read from disk) so that the first real call is warm */
  warmUp(): Promise<void>;
}

export function createMcpServer(root: Root): McpEngine {
  const version = serverVersion();
  const meta = { cwd: root.real, version, color: false };
  const server = new McpServer({ name: 'migrate-check', version }, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });

  // one call at a time: a fix writes files that a concurrent check would read half-way
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = queue.then(fn, fn);
    queue = run.catch(() => undefined);
    return run;
  };
  const guarded = <A>(fn: (args: A) => Promise<CallToolResult> | CallToolResult) => (args: A) =>
    serial(async () => {
      try {
        return await fn(args);
      } catch (err) {
        return toolError(err);
      }
    });

  const config = () => loadConfig({ cwd: root.real });
  const resolvePaths = (paths: string[] | undefined): string[] => (paths?.length ? paths.map((p) => resolveInRoot(root, p)) : [root.real]);

  /** Files reached through imports can lie outside the root: never show them. */
  const insideOnly = (results: FileResult[]): { inside: FileResult[]; hidden: number } => {
    const inside = results.filter((r) => fileInRoot(root, r.file));
    return { inside, hidden: results.length - inside.length };
  };

  const eslint = (results: FileResult[]): EslintResult[] => JSON.parse(reporters.json(results, meta)) as EslintResult[];

  server.registerTool(
    'check',
    {
      title: 'Find old API usage',
      description:
        "Scan files under the server root for uses of the shipping API's old versions (legacy v1 and 2023-01) and return every finding: rule id, severity, message (what is old, the 2024-09 form, whether `fix` handles it) and position. structuredContent.results is the `--reporter json` array (ESLint JSON shape); the text holds one `path:line:col: severity message [rule]` line per finding. Read-only.",
      inputSchema: checkInput,
      outputSchema: checkOutput,
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    guarded(async (args: { paths?: string[] }) => {
      const cfg = config();
      const paths = resolvePaths(args.paths);
      const { results } = await check({ paths, cwd: root.real, config: cfg, root: root.real });
      const { inside, hidden } = insideOnly(results);
      const json = eslint(inside);
      const out: CheckOutput = {
        results: json as unknown as CheckOutput['results'],
        errorCount: json.reduce((n, r) => n + r.errorCount, 0),
        warningCount: json.reduce((n, r) => n + r.warningCount, 0),
        fixableCount: json.reduce((n, r) => n + r.fixableErrorCount + r.fixableWarningCount, 0),
      };
      let text = reporters.compact(inside, meta);
      if (!text) text = `No old API usage found (${plural('file', json.length)} checked).\n`;
      if (hidden) text += `(${plural('result', hidden)} in files outside the root, reached through imports, not shown)\n`;
      return ok(out, text);
    }),
  );

  server.registerTool(
    'fix',
    {
      title: 'Fix old API usage',
      description:
        'Rewrite old API usage to 2024-09, exactly as `migrate-check --fix` does. By default (dryRun: true) a preview: structuredContent.diff is a unified diff (paths relative to the root) and nothing is written. With dryRun: false the files are written, under the same guards as `--fix`: a git tree with uncommitted changes under the paths is refused unless allowDirty is true. Returns changedFiles, the findings left for a person (remaining), the steps no code change covers (manualSteps) and the diff. unsafe: true also applies the fixes that rest on an assumption.',
      inputSchema: fixInput,
      outputSchema: fixOutput,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    guarded(async (args: { paths?: string[]; dryRun: boolean; unsafe: boolean; allowDirty: boolean }) => {
      const cfg = config();
      const paths = resolvePaths(args.paths);
      const base = { paths, cwd: root.real, config: cfg, unsafe: args.unsafe, root: root.real };
      if (!args.dryRun && !args.allowDirty) {
        try {
          assertClean(root.real, paths);
        } catch (err) {
          // the same guard as --fix, worded for this tool's arguments
          if (err instanceof UsageError) throw new UsageError(err.message.replace(/^--fix /, 'fix '), 'commit or stash them first, or pass allowDirty: true');
          throw err;
        }
      }
      // the preview first: a fix may reach files outside the root through imports; refuse before anything is written
      const preview = await fix({ ...base, dryRun: true, allowDirty: true });
      const outside = preview.changes.filter((c) => !fileInRoot(root, c.file));
      if (outside.length) {
        throw new UsageError(
          `the fix would change ${plural('file', outside.length)} outside the root (reached through imports), e.g. ${relToRoot(root, outside[0].file)}; nothing written`,
          'run migrate-check --fix from a folder that holds both, or start the server with a wider --root',
        );
      }
      let res: FixResult = preview;
      if (!args.dryRun) {
        res = await fix({ ...base, dryRun: false, allowDirty: args.allowDirty });
        const late = res.changes.filter((c) => !fileInRoot(root, c.file));
        if (late.length) log(`warning: the fix wrote outside the root: ${late.map((c) => c.file).join(', ')}`);
      }
      return fixResult(res, args.dryRun);
    }),
  );

  const fixResult = (res: FixResult, dryRun: boolean): CallToolResult => {
    const { inside } = insideOnly(res.remaining.results);
    const remaining = toEslintResults(inside).filter((r) => r.messages.length > 0);
    const out: FixOutput = {
      dryRun,
      changedFiles: res.changes.map((c) => relToRoot(root, c.file)),
      diff: res.diff,
      remaining: remaining as unknown as FixOutput['remaining'],
      errorCount: remaining.reduce((n, r) => n + r.errorCount, 0),
      warningCount: remaining.reduce((n, r) => n + r.warningCount, 0),
      manualSteps: res.manualSteps,
      reviewCourierId: res.ambiguousBefore
        .filter((f) => fileInRoot(root, f.file))
        .map((f) => ({ file: relToRoot(root, f.file), line: f.line, column: f.column, message: f.message })),
      refused: res.refused.map((r) => ({ file: relToRoot(root, r.file), reason: r.reason })),
      ...(res.legacyBases
        ? { legacyBases: { names: res.legacyBases.names, file: relToRoot(root, res.legacyBases.file), written: res.legacyBases.written, ...(res.legacyBases.error ? { error: res.legacyBases.error } : {}) } }
        : {}),
    };
    const fixed = res.changes.reduce((n, c) => n + c.fixed, 0);
    const lines = [
      `${dryRun ? 'Preview (nothing written)' : 'Fixed'}: ${plural('file', res.changes.length)} ${dryRun ? 'would change' : 'changed'}, ${plural('finding', fixed)} fixed, ${plural('finding', out.errorCount + out.warningCount)} left for a person.`,
    ];
    for (const f of out.changedFiles) lines.push(`  ${dryRun ? 'would change' : 'changed'}: ${f}`);
    for (const r of out.refused) lines.push(`  not written: ${r.file}: ${r.reason}`);
    if (out.legacyBases)
      lines.push(`  ${out.legacyBases.error ? 'could not record' : dryRun ? 'would record' : 'recorded'} ${out.legacyBases.names.join(', ')} in the config's legacyBases (${out.legacyBases.file})${out.legacyBases.error ? `: ${out.legacyBases.error}` : ''}`);
    const left = reporters.compact(inside, meta).trimEnd();
    if (left) lines.push('', 'Left for a person:', ...left.split('\n').map((l) => `  ${l}`));
    if (out.reviewCourierId.length) {
      lines.push('', 'Review these ambiguous `courier_id` warnings seen before the fix:');
      for (const f of out.reviewCourierId) lines.push(`  ${f.file}:${f.line}:${f.column}: ${f.message}`);
    }
    lines.push('', 'Steps no code change covers:', ...out.manualSteps.map((s) => `  - ${s.title}: ${s.text}`));
    if (dryRun && res.diff) lines.push('', res.diff.trimEnd());
    return ok(out, `${lines.join('\n')}\n`);
  };

  server.registerTool(
    'explain',
    {
      title: 'Explain a rule',
      description: 'What `migrate-check --explain RULE_ID` prints for one rule: the old form, the 2024-09 form, the spec section and whether `fix` handles it. Rule ids come from list_rules or from a finding.',
      inputSchema: explainInput,
      outputSchema: explainOutput,
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    guarded((args: { ruleId: string }) => {
      const id = args.ruleId.trim();
      const rule = getRule(id);
      if (!rule) throw new UsageError(`unknown rule: ${id}`, `did you mean ${nearestRuleIds(id).join(', ')}?`);
      const text = explainText(rule);
      const out: ExplainOutput = { ruleId: rule.id, severity: rule.severity, fixable: rule.fix, summary: rule.summary, text };
      return ok(out, `${text}\n`);
    }),
  );

  server.registerTool(
    'list_rules',
    {
      title: 'List the rules',
      description: 'The rule catalogue: every rule id with its default severity, whether `fix` handles it (safe, unsafe: only with unsafe: true, none: left for a person) and a one-line summary.',
      inputSchema: listRulesInput,
      outputSchema: listRulesOutput,
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    guarded(() => {
      const out: ListRulesOutput = {
        rules: loadCatalogue().rules.map((r) => ({ ruleId: r.id, from: r.from, severity: r.severity, fixable: r.fix, summary: r.summary })),
      };
      const w = Math.max(...out.rules.map((r) => r.ruleId.length));
      const text = out.rules.map((r) => `${r.ruleId.padEnd(w)}  ${r.severity.padEnd(7)}  fix:${r.fixable.padEnd(6)}  ${r.summary}`).join('\n');
      return ok(out, `${text}\n`);
    }),
  );

  const warmUp = () =>
    serial(async () => {
      // a file that exists only in memory: the parser and the analysis run once, nothing is read
      try {
        await warmUpEngine(root.real);
      } catch (err) {
        log(`warm-up failed (the tools still work): ${oneLine(err)}`);
      }
    });

  return { server, warmUp };
}

const INSTRUCTIONS = `migrate-check finds and fixes uses of the shipping API's old versions (legacy v1 and 2023-01) in this project and moves them to 2024-09.
Typical use: call check to see what is old; call fix (a preview by default) and read its diff; call fix with dryRun: false to write the changes; call check again; tell the user about remaining findings and manualSteps. Use explain on a rule id for details. Paths are relative to the server root; nothing outside it is read or written.`;
