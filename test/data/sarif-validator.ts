// The official OASIS SARIF 2.1.0 schema (test/data/sarif-schema-2.1.0.json, a draft-04 schema) compiled
// with ajv as draft-07: the only draft-04 feature it uses that draft-07 spells differently is the
// top-level `id`, which becomes `$id` (see test/data/README.md).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import * as addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS: its default export arrives as `default` or as the module itself
const addFormats = ((addFormatsModule as unknown as { default: unknown }).default ?? addFormatsModule) as (ajv: Ajv) => Ajv;

export function sarifValidator() {
  const file = fileURLToPath(new URL('./sarif-schema-2.1.0.json', import.meta.url));
  const schema = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const { id, $schema: _draft04, ...rest } = schema;
  const ajv = new Ajv({ allErrors: true, strict: true, strictTypes: false, strictRequired: false });
  addFormats(ajv);
  return ajv.compile({ $schema: 'http://json-schema.org/draft-07/schema#', $id: id as string, ...rest });
}
