import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// One run, four projects: the pure core, the CLI/server and the bench's pure
// modules under Node, the UI under happy-dom. Two workers at most: the machines have two cores.
export default defineConfig({
  resolve: { conditions: ['redline-source'] },
  test: {
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: 'core', environment: 'node', include: ['packages/core/src/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'cli',
          environment: 'node',
          include: ['apps/cli/src/**/*.test.ts', 'apps/cli/testSupport/**/*.test.ts'],
          // Each test file gets a fresh XDG_CONFIG_HOME: no test reads or writes the reviewer's real preferences.
          setupFiles: ['apps/cli/testSupport/isolatedConfigHome.ts'],
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        // The bench's pure modules (its runs are `npm run bench`, never a test).
        test: { name: 'bench', environment: 'node', include: ['bench/**/*.test.mjs'] },
      },
      {
        extends: true,
        plugins: [react()],
        test: {
          name: 'ui',
          environment: 'happy-dom',
          include: ['packages/review-editor/**/*.test.{ts,tsx}'],
          exclude: ['**/node_modules/**'],
        },
      },
    ],
  },
});
