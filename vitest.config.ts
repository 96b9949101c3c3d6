import { defineConfig } from 'vitest/config';

/**
 * Four projects: unit (handlers with aws-sdk-client-mock, pure domain code), infra (CDK assertions on
 * the synthesized template), integration (HTTP against the local gateway over the real emulators) and
 * browser (playwright-core driving Debian's Chromium through the running product).
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['test/unit/**/*.test.ts'], environment: 'node', env: { LOG_LEVEL: 'silent' } } },
      { test: { name: 'infra', include: ['test/infra/**/*.test.ts'], environment: 'node', testTimeout: 300_000, hookTimeout: 300_000 } },
      {
        test: {
          name: 'integration', include: ['test/integration/**/*.test.ts'], environment: 'node',
          globalSetup: ['test/support/globalSetup.ts'], testTimeout: 60_000, hookTimeout: 120_000,
          env: { LOG_LEVEL: 'silent' },
        },
      },
      {
        test: {
          name: 'browser', include: ['test/browser/**/*.test.ts'], environment: 'node',
          globalSetup: ['test/support/globalSetup.ts'], testTimeout: 120_000, hookTimeout: 180_000,
          fileParallelism: false, env: { LOG_LEVEL: 'silent' },
        },
      },
    ],
  },
});
