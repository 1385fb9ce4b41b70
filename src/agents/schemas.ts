// The MCP tools' input and output schemas (zod; the SDK publishes them as JSON Schema).
import { z } from 'zod';

const paths = z
  .array(z.string({ error: 'paths: each path must be a string' }).max(4096, { error: 'paths: a path is at most 4096 characters' }), { error: 'paths must be an array of strings' })
  .max(10_000)
  .optional()
  .describe('Files or folders to look at, relative to the server root (or absolute inside it). Default: the whole root.');

export const checkInput = z.strictObject({ paths });

export const fixInput = z.strictObject({
  paths,
  dryRun: z
    .boolean({ error: 'dryRun must be true or false' })
    .default(true)
    .describe('true (the default): preview only, return the unified diff and write nothing. false: write the edits, as `--fix` does.'),
  unsafe: z
    .boolean({ error: 'unsafe must be true or false' })
    .default(false)
    .describe('Also apply the fixes that rest on an assumption (`--fix --unsafe`), e.g. 2023-01 paths the spec does not map.'),
  allowDirty: z
    .boolean({ error: 'allowDirty must be true or false' })
    .default(false)
    .describe('With dryRun false: write even when the git tree has uncommitted changes under the paths (`--allow-dirty`).'),
});

export const explainInput = z.strictObject({
  ruleId: z.string({ error: 'ruleId must be a string' }).min(1, { error: 'ruleId must not be empty' }).max(200, { error: 'ruleId is at most 200 characters' }).describe('A rule id from list_rules, e.g. "labels-path".'),
});

export const listRulesInput = z.strictObject({});

// ---------------------------------------------------------------------------------------------
// Output: the ESLint JSON formatter's shape (loose, so that a field the reporter adds later is kept)

const rangeFix = z.looseObject({ range: z.array(z.number()), text: z.string() });

const eslintMessage = z.looseObject({
  ruleId: z.string().nullable(),
  fatal: z.boolean().optional(),
  severity: z.union([z.literal(1), z.literal(2)]),
  message: z.string(),
  line: z.number(),
  column: z.number(),
  endLine: z.number().optional(),
  endColumn: z.number().optional(),
  fix: rangeFix.optional(),
  suggestions: z.array(z.looseObject({ desc: z.string(), fix: rangeFix })).optional(),
});

export const eslintResult = z.looseObject({
  filePath: z.string(),
  messages: z.array(eslintMessage),
  suppressedMessages: z.array(eslintMessage).optional(),
  errorCount: z.number(),
  fatalErrorCount: z.number().optional(),
  warningCount: z.number(),
  fixableErrorCount: z.number(),
  fixableWarningCount: z.number(),
});

export const checkOutput = z.object({
  results: z.array(eslintResult).describe('The same array as `--reporter json` (ESLint JSON formatter shape), one entry per file looked at.'),
  errorCount: z.number(),
  warningCount: z.number(),
  fixableCount: z.number().describe('Findings that `fix` (without unsafe) rewrites.'),
});

export const fixOutput = z.object({
  dryRun: z.boolean().describe('true: a preview, nothing was written.'),
  changedFiles: z.array(z.string()).describe('Root-relative paths of the files written (in a preview: that would be written).'),
  diff: z.string().describe('A unified diff of the changes, paths relative to the root (`git apply` accepts it).'),
  remaining: z.array(eslintResult).describe('What is left for a person after the fix, in the ESLint JSON shape (files with messages only).'),
  errorCount: z.number().describe('Errors left after the fix.'),
  warningCount: z.number().describe('Warnings left after the fix.'),
  manualSteps: z.array(z.object({ id: z.string(), title: z.string(), text: z.string() })).describe('The steps no code change covers.'),
  reviewCourierId: z
    .array(z.object({ file: z.string(), line: z.number(), column: z.number(), message: z.string() }))
    .describe('Ambiguous `courier_id` warnings seen before the fix: review them by hand.'),
  refused: z.array(z.object({ file: z.string(), reason: z.string() })).describe('Files left untouched (the fixed text would not parse, or the file changed on disk).'),
  legacyBases: z
    .object({ names: z.array(z.string()), file: z.string(), written: z.boolean(), error: z.string().optional() })
    .optional()
    .describe("Bases known as the legacy host's only by the v1 paths they served, recorded in the config's `legacyBases` (in a preview: that would be), so that scans keep reporting them."),
});

export const explainOutput = z.object({
  ruleId: z.string(),
  severity: z.enum(['error', 'warning']),
  fixable: z.enum(['safe', 'unsafe', 'none']),
  summary: z.string(),
  text: z.string().describe('What `--explain RULE_ID` prints.'),
});

export const listRulesOutput = z.object({
  rules: z.array(
    z.object({
      ruleId: z.string(),
      from: z.string().describe('The version the old construct belongs to: v1, 2023-01, or any.'),
      severity: z.enum(['error', 'warning']),
      fixable: z.enum(['safe', 'unsafe', 'none']).describe('safe: `fix` applies it; unsafe: only with unsafe: true; none: left for a person.'),
      summary: z.string(),
    }),
  ),
});

export type CheckOutput = z.infer<typeof checkOutput>;
export type FixOutput = z.infer<typeof fixOutput>;
export type ExplainOutput = z.infer<typeof explainOutput>;
export type ListRulesOutput = z.infer<typeof listRulesOutput>;
