// jscodeshift transform: nested-pickup. The nested `pickup` object of a v1 pickup body: fields the top level lacks hoisted (renamed) in its place, fields it gives dropped, the emptied object removed.
// Run by `migrate-check --fix` in-process, or alone: npx jscodeshift --no-babel -t dist/transforms/nested-pickup.js <files>
import type { API, FileInfo } from 'jscodeshift';
import { runTransform, type TransformOptions } from './shared.js';

export const parser = 'tsx';

export default function transformer(file: FileInfo, api: API, options: TransformOptions): Promise<string | undefined> {
  return runTransform('nested-pickup', file, api, options);
}
