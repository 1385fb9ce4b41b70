// jscodeshift transform: endpoint-moved. Old paths rebuilt in their 2024-09 order (literals, templates, `+` chains), every `${...}`, placeholder and query string kept; full legacy URLs take the configured base host.
// Run by `migrate-check --fix` in-process, or alone: npx jscodeshift --no-babel -t dist/transforms/endpoint-moved.js <files>
import type { API, FileInfo } from 'jscodeshift';
import { runTransform, type TransformOptions } from './shared.js';

export const parser = 'tsx';

export default function transformer(file: FileInfo, api: API, options: TransformOptions): Promise<string | undefined> {
  return runTransform('endpoint-moved', file, api, options);
}
