// jscodeshift transform: event-renamed. `courier_account_state_changed` becomes `courier_state_changed` in `event_types` and in handler comparisons.
// Run by `migrate-check --fix` in-process, or alone: npx jscodeshift --no-babel -t dist/transforms/event-renamed.js <files>
import type { API, FileInfo } from 'jscodeshift';
import { runTransform, type TransformOptions } from './shared.js';

export const parser = 'tsx';

export default function transformer(file: FileInfo, api: API, options: TransformOptions): Promise<string | undefined> {
  return runTransform('event-renamed', file, api, options);
}
