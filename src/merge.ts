// Merging the reports of a sharded run (`--shard i/n`): several `--reporter json` outputs, or several
// SARIF logs, into one. The kind is read from the content; json and SARIF cannot be mixed.
import { parseJsonText } from './config.js';
import { UsageError } from './errors.js';
import { compareStrings } from './core/order.js';

type Json = Record<string, unknown>;
type Kind = 'json' | 'sarif';

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function kindOf(value: unknown, label: string): Kind {
  if (Array.isArray(value)) {
    const bad = value.findIndex((r) => !isObject(r) || typeof r.filePath !== 'string' || !Array.isArray(r.messages));
    if (bad >= 0) throw new UsageError(`${label}: entry ${bad} is not an ESLint-style result (filePath, messages)`);
    return 'json';
  }
  if (isObject(value) && Array.isArray(value.runs)) {
    if (value.version !== '2.1.0') throw new UsageError(`${label}: only SARIF version 2.1.0 can be merged, got ${JSON.stringify(value.version)}`);
    return 'sarif';
  }
  throw new UsageError(`${label}: neither a --reporter json array nor a SARIF log`);
}

type Message = Json & { line?: number; column?: number; ruleId?: string | null; count?: number };

/**
 * The messages of one file from several reports: an exact repeat (two shards, or a static and a
 * run-time report overlapping) is kept once; a run-time finding seen by several processes is one
 * message whose count is the sum.
 */
function joinMessages(lists: Message[][]): Message[] {
  const byKey = new Map<string, Message>();
  for (const list of lists) {
    for (const m of list) {
      const { count, ...rest } = m;
      const key = JSON.stringify(rest);
      const known = byKey.get(key);
      if (!known) byKey.set(key, { ...m });
      else if (typeof count === 'number' && typeof known.count === 'number') known.count += count;
    }
  }
  return [...byKey.values()].sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0) || compareStrings(String(a.ruleId ?? ''), String(b.ruleId ?? '')));
}

function mergeJson(reports: unknown[][]): string {
  const byPath = new Map<string, Json[]>();
  for (const report of reports) {
    for (const r of report as Json[]) {
      const key = r.filePath as string;
      const list = byPath.get(key);
      if (list) list.push(r);
      else byPath.set(key, [r]);
    }
  }
  const out = [...byPath.values()].map((entries) => {
    if (entries.length === 1) return entries[0];
    const messages = joinMessages(entries.map((e) => e.messages as Message[]));
    const count = (sev: number, fixable = false) => messages.filter((m) => m.severity === sev && !m.fatal && (!fixable || m.fix)).length;
    return {
      ...entries[0],
      messages,
      errorCount: messages.filter((m) => m.severity === 2).length,
      fatalErrorCount: messages.filter((m) => m.fatal).length,
      warningCount: count(1),
      fixableErrorCount: count(2, true),
      fixableWarningCount: count(1, true),
    };
  });
  out.sort((a, b) => compareStrings(a.filePath as string, b.filePath as string));
  return `${JSON.stringify(out)}\n`;
}

function resultSortKey(r: Json): [string, number, number, string] {
  const loc = (Array.isArray(r.locations) ? r.locations[0] : undefined) as Json | undefined;
  const phys = (loc?.physicalLocation ?? {}) as Json;
  const uri = String(((phys.artifactLocation ?? {}) as Json).uri ?? '');
  const region = (phys.region ?? {}) as Json;
  return [uri, Number(region.startLine ?? 0), Number(region.startColumn ?? 0), String(r.ruleId ?? '')];
}

function mergeSarif(logs: Json[], labels: string[]): string {
  const runs: { run: Json; label: string }[] = [];
  logs.forEach((log, i) => {
    for (const run of log.runs as unknown[]) {
      if (!isObject(run) || !isObject(run.tool) || !isObject(run.tool.driver)) {
        throw new UsageError(`${labels[i]}: a run has no tool.driver`);
      }
      runs.push({ run, label: labels[i] });
    }
  });
  if (runs.length === 0) throw new UsageError('the SARIF logs to merge have no runs');
  const driverOf = (run: Json) => (run.tool as Json).driver as Json;
  const first = driverOf(runs[0].run);
  for (const { run, label } of runs) {
    if (driverOf(run).name !== first.name) {
      throw new UsageError(`${label}: cannot merge SARIF from different tools (${JSON.stringify(driverOf(run).name)} and ${JSON.stringify(first.name)})`);
    }
  }

  // rules: the union by id, in order of first appearance
  const rules: Json[] = [];
  const ruleIndex = new Map<string, number>();
  for (const { run } of runs) {
    for (const rule of (driverOf(run).rules as Json[] | undefined) ?? []) {
      const id = String(rule.id);
      if (!ruleIndex.has(id)) {
        ruleIndex.set(id, rules.length);
        rules.push(rule);
      }
    }
  }
  const reindex = (run: Json, ref: { id?: unknown; index?: unknown }): { id?: string; index?: number } => {
    const local = (driverOf(run).rules as Json[] | undefined) ?? [];
    const id = typeof ref.id === 'string' ? ref.id : typeof ref.index === 'number' ? (local[ref.index]?.id as string | undefined) : undefined;
    return id === undefined ? {} : { id, index: ruleIndex.get(id) };
  };

  const results: Json[] = [];
  const notifications: Json[] = [];
  const seenResults = new Set<string>();
  const seenNotes = new Set<string>();
  let successful = true;
  const baseIds: Json = {};
  for (const { run } of runs) {
    for (const r of (run.results as Json[] | undefined) ?? []) {
      const copy: Json = { ...r };
      const ref = reindex(run, { id: r.ruleId, index: r.ruleIndex });
      if (ref.id !== undefined) copy.ruleId = ref.id;
      if (ref.index !== undefined) copy.ruleIndex = ref.index;
      const key = JSON.stringify(copy);
      if (seenResults.has(key)) continue;
      seenResults.add(key);
      results.push(copy);
    }
    for (const inv of (run.invocations as Json[] | undefined) ?? []) {
      if (inv.executionSuccessful === false) successful = false;
      for (const n of (inv.toolExecutionNotifications as Json[] | undefined) ?? []) {
        const copy: Json = { ...n };
        if (isObject(n.associatedRule)) {
          const ref = reindex(run, n.associatedRule);
          if (ref.id !== undefined) copy.associatedRule = ref.index === undefined ? { id: ref.id } : { id: ref.id, index: ref.index };
        }
        const key = JSON.stringify(copy);
        if (seenNotes.has(key)) continue;
        seenNotes.add(key);
        notifications.push(copy);
      }
    }
    for (const [k, v] of Object.entries((run.originalUriBaseIds as Json | undefined) ?? {})) if (!(k in baseIds)) baseIds[k] = v;
  }
  const keys = results.map(resultSortKey);
  const order = results.map((_, i) => i);
  order.sort((a, b) => {
    const [ka, kb] = [keys[a], keys[b]];
    return compareStrings(ka[0], kb[0]) || ka[1] - kb[1] || ka[2] - kb[2] || compareStrings(ka[3], kb[3]) || a - b;
  });

  const run: Json = {
    tool: { driver: { ...first, rules } },
    invocations: [{ executionSuccessful: successful, toolExecutionNotifications: notifications }],
  };
  if (Object.keys(baseIds).length) run.originalUriBaseIds = baseIds;
  const columnKind = runs[0].run.columnKind;
  if (columnKind !== undefined && runs.every(({ run: r }) => r.columnKind === columnKind)) run.columnKind = columnKind;
  run.results = order.map((i) => results[i]);
  const log: Json = {};
  if (typeof logs[0].$schema === 'string') log.$schema = logs[0].$schema;
  log.version = '2.1.0';
  log.runs = [run];
  return `${JSON.stringify(log, null, 2)}\n`;
}

/**
 * Merges several reports of one kind. json: the arrays concatenated, one entry per filePath (the
 * first seen), sorted by path. SARIF: every run of every log in one run (rules unioned by id with
 * ruleIndex rewritten, results and notifications concatenated without exact duplicates, results
 * sorted by location). `names` label the inputs in error messages (default "report 1", ...).
 */
export function mergeReports(texts: string[], names?: string[]): string {
  return merge(texts, names).text;
}

/** mergeReports, with the kind of the reports it joined (json or SARIF: the output is the same kind). */
export function merge(texts: string[], names?: string[]): { kind: Kind; text: string } {
  if (texts.length === 0) throw new UsageError('no reports to merge');
  const labels = texts.map((_, i) => names?.[i] ?? `report ${i + 1}`);
  const values = texts.map((t, i) => parseJsonText(t, labels[i]));
  const kinds = values.map((v, i) => kindOf(v, labels[i]));
  const other = kinds.findIndex((k) => k !== kinds[0]);
  if (other >= 0) {
    throw new UsageError(`cannot merge ${kinds[0]} and ${kinds[other]} reports (${labels[0]} is ${kinds[0]}, ${labels[other]} is ${kinds[other]})`);
  }
  return { kind: kinds[0], text: kinds[0] === 'json' ? mergeJson(values as unknown[][]) : mergeSarif(values as Json[], labels) };
}
