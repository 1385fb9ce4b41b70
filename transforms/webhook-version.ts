// jscodeshift transform: webhook-version. A webhook body's `version: '2023-01'` becomes `'2024-09'`.
// Run by `migrate-check --fix` in-process, or alone: npx jscodeshift --no-babel -t dist/transforms/webhook-version.js <files>
import type { API, FileInfo } from 'jscodeshift';
import { runTransform, type TransformOptions } from './shared.js';

export const parser = 'tsx';

export default function transformer(file: FileInfo, api: API, options: TransformOptions): Promise<string | undefined> {
  return runTransform('webhook-version', file, api, options);
}
