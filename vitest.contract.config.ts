// `npm run test:contract`: the contract examples (../shared/examples), which `npm test` leaves out.
import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

export default defineConfig({ ...base, test: { ...base.test, include: ['test/contract/**/*.test.ts'], exclude: ['**/node_modules/**'] } });
