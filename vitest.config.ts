import { defineConfig } from 'vitest/config';

const env = { LOG_LEVEL: 'silent', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' };
/** The unit, integration and browser files share their worker processes, each file starting with fresh modules of its own. */
const oneWorkerFreshModules = { isolate: false, setupFiles: ['test/support/freshModules.ts'] };

/**
 * Unit files that change the whole process, and so run in one of their own: the tracing test turns the X-Ray SDK on,
 * which patches Node's HTTP client for every later file (each AWS SDK call would then log a missing segment).
 */
const PROCESS_WIDE_UNIT_FILES = ['test/unit/tracing.test.ts'];

/**
 * Six projects: unit (handlers with aws-sdk-client-mock, pure domain code; unit-own-process for the files above), web (the web app's
 * components in happy-dom, the network answered by MSW at the fetch boundary), infra (CDK assertions on
 * the synthesized template), integration (HTTP against the local gateway over the real emulators) and
 * browser (playwright-core driving Chromium through the running product).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          exclude: PROCESS_WIDE_UNIT_FILES,
          environment: 'node',
          ...oneWorkerFreshModules,
          // Beside the browser lane a file's first call into a native library (sharp decoding a JPEG) can take over
          // Vitest's default 5 s; a test that times something asserts its own limit.
          testTimeout: 20_000,
          env,
        },
      },
      { test: { name: 'unit-own-process', include: PROCESS_WIDE_UNIT_FILES, environment: 'node', env } },
      {
        test: {
          name: 'web',
          include: ['web/src/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['web/src/testing/setup.ts'],
          // The files share a worker's modules and its happy-dom window instead of loading React, the app and a new
          // DOM for each file (a quarter of the time and a fifth of the CPU): each test renders into a cleaned
          // document with its own query client, and the setup file resets the network handlers after every test.
          isolate: false,
          testTimeout: 20_000,
          env,
        },
      },
      {
        test: {
          name: 'infra',
          include: ['test/infra/**/*.test.ts'],
          environment: 'node',
          testTimeout: 300_000,
          hookTimeout: 300_000,
          env,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/support/globalSetup.ts'],
          ...oneWorkerFreshModules,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          env,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/support/globalSetup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          ...oneWorkerFreshModules,
          // A page answers through the web build's server, the gateway and the emulators: on a busy 2-core machine a
          // list can take a few seconds to show what a poll waits for (1 s by default).
          expect: { poll: { timeout: 10_000 } },
          fileParallelism: false,
          env,
        },
      },
    ],
  },
});
