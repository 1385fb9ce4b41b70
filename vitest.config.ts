import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // see test/support/ts-for-vitest.ts
    alias: [{ find: /^(?:\.\.\/)+core\/ts\.cjs$/, replacement: fileURLToPath(new URL('./test/support/ts-for-vitest.ts', import.meta.url)) }],
  },
  test: {
    include: ['test/**/*.test.ts'],
    // the contract examples live outside the repository: `npm run test:contract` (vitest.contract.config.ts)
    exclude: ['test/contract/**', '**/node_modules/**'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    globalSetup: ['test/support/temp-root.ts'],
  },
});
