// ESLint flat config for `npm run bench`: the same detection as ast-grep-rules.yml, as a user of
// ESLint alone would write it: `no-restricted-syntax` with selectors on string literals, template
// parts and property keys, parsed by @typescript-eslint/parser (no type information: no
// parserOptions.project). The bench runs, from the tree's folder:
//   eslint --config <this file> --format json --no-inline-config .
import tsParser from '@typescript-eslint/parser';

const PATH = String.raw`/(^|\/)((pickup|rate|shipment|label|track|reference)\/v1|2023-01)(\/|$)/`;
const KEYS = String.raw`/^(courier_selection|selected_courier_id|allow_courier_fallback|preferred_min_time|preferred_max_time|courier_account_id)$/`;

const restricted = [
  { selector: `Literal[value=${PATH}]:not([value='2023-01'])`, message: 'an old shipping API path (v1 or 2023-01)' },
  { selector: `TemplateElement[value.raw=${PATH}]`, message: 'an old shipping API path (v1 or 2023-01)' },
  { selector: `Property[key.name=${KEYS}]`, message: 'a v1 or 2023-01 request field' },
  { selector: `Property[key.value=${KEYS}]`, message: 'a v1 or 2023-01 request field' },
  { selector: `TSPropertySignature[key.name=${KEYS}]`, message: 'a v1 or 2023-01 request field (in a type)' },
  { selector: `MemberExpression[property.name=${KEYS}]`, message: 'a v1 or 2023-01 request field (accessed)' },
  { selector: "Property[key.name='version'][value.value='2023-01']", message: 'a 2023-01 webhook version' },
  { selector: "Literal[value='courier_account_state_changed']", message: 'a 2023-01 webhook event name' },
  {
    selector: "ObjectExpression:has(> Property[key.name='service_shipment_id']):has(> Property[key.name='courier_id'])",
    message: 'a 2023-01 label entry (service_shipment_id beside courier_id)',
  },
];

export default [
  {
    files: ['**/*.{ts,tsx,mts,cts}'],
    languageOptions: { parser: tsParser, parserOptions: { ecmaFeatures: { jsx: true } } },
    linterOptions: { reportUnusedDisableDirectives: 'off' },
    rules: { 'no-restricted-syntax': ['error', ...restricted] },
  },
  {
    files: ['**/*.{js,jsx,mjs,cjs}'],
    languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } },
    linterOptions: { reportUnusedDisableDirectives: 'off' },
    rules: { 'no-restricted-syntax': ['error', ...restricted] },
  },
];
