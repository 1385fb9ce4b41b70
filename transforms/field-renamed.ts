// jscodeshift transform: field-renamed. Request-body keys renamed by context, all at once (identifier, quoted and shorthand keys; the courier block; label entries; v1 pickup fields and their literal times), and the request types and uses the type checker ties to them.
// Run by `migrate-check --fix` in-process, or alone: npx jscodeshift --no-babel -t dist/transforms/field-renamed.js <files>
import type { API, FileInfo } from 'jscodeshift';
import { runTransform, type TransformOptions } from './shared.js';

export const parser = 'tsx';

export default function transformer(file: FileInfo, api: API, options: TransformOptions): Promise<string | undefined> {
  return runTransform('field-renamed', file, api, options);
}
