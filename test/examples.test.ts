// The fixture projects (fixtures/projects) through the built CLI: scan before/, fix a git copy,
// compare with after/ byte for byte, fix again (no change), scan the result against `residual`.
// The contract examples (../shared/examples) get the same run in test/contract/, outside
// `npm test`: a clone of this repository does not have them.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers.js';
import { exampleDirs, runExample } from './support/projects.js';

const PROJECTS = path.join(ROOT, 'fixtures', 'projects');

describe('fixture projects (fixtures/projects)', () => {
  const names = exampleDirs(PROJECTS);
  it('are present', () => expect(names).toEqual(['angular-environment-v1-base', 'angular-environments', 'angular-inject-token', 'angular-service-base-in-a-field', 'angular-versioned-environments', 'astro-site', 'axios-defaults', 'barrel-reads', 'bases-read-through-dynamic-imports', 'bases-used-beyond-their-requests', 'client-factory-keeping-its-instance', 'client-factory-version', 'clients-rewriting-the-body', 'commonjs-builders-handed-on', 'commonjs-client-classes-required', 'commonjs-event-export', 'commonjs-event-export-through-a-config-module', 'commonjs-event-map-sent-with-its-registration', 'commonjs-event-maps-compared-by-handlers', 'commonjs-exported-wrappers', 'config-read-bases', 'declaration-types', 'dispatch-classes', 'endpoint-maps-read-by-key', 'event-constants-imported-by-handlers', 'event-label-maps', 'event-names-typed-by-an-objects-keys', 'fetch-wrapper', 'generated-and-hosts', 'imported-path-constants', 'jest-assertions', 'ky-versioned-client', 'legacy-client', 'legacy-named-base-wrapper', 'module-augmentation-of-a-request-type', 'namespace-client', 'nest-body-forwarded-to-a-service', 'nest-http-modules', 'nock-beside-an-endpoint-constant', 'nock-scope-on-a-held-base', 'nuxt-aliases', 'nx-path-alias', 'openapi-fetch-generated', 'openapi-fetch-handwritten-paths', 'openapi-generator-folder', 'openapi-on-2024-09', 'package-generic-labels', 'package-generic-nested-labels', 'path-constants-read-as-members', 'path-helper', 'path-helpers-exported-by-name', 'path-joined-from-an-array', 'pinia-label-store', 'prototype-client-version', 'react-query-labels', 'regex-test-doubles', 'route-maps-through-versioned-bases', 'rtk-query-api-with-an-imported-path', 'rtk-query-labels-and-pickups', 'sdk-class-version', 'server-routes-and-a-fake-server', 'service-client', 'shared-body-constant', 'subclass-base-fields', 'svelte-got-shop', 'svelte-typed-markup', 'sveltekit-app', 'test-doubles', 'tests-asserting-the-url-sent', 'tests-reading-the-body-by-old-keys', 'typed-axios-client', 'typescript-export-equals', 'version-in-an-env-module-beside-process-env', 'vue-app', 'warehouse-commonjs', 'webhook-event-types', 'webhook-version-after-a-hand-fix', 'webhook-version-base', 'webhook-version-typed-by-an-alias', 'workspace-monorepo', 'wrapped-client', 'wrapper-called-under-other-names', 'wretch-client', 'zod-inferred-body', 'zod-schemas-nested-and-spread']));
  for (const name of names) it(name, () => runExample(PROJECTS, name));
});
