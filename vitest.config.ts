import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { RENDERER_ALIASES } from './web/renderer';

/**
 * The component tests render on Preact as the app does (web/renderer.ts). The libraries that import React's
 * names are bundled (inlined) so that the aliases apply inside them too; those whose entry for Node is
 * CommonJS are pointed at their ES module build.
 */
const WEB_TEST_ALIASES = [
  ...RENDERER_ALIASES,
  {
    find: /^@testing-library\/react$/,
    replacement: fileURLToPath(
      new URL('node_modules/@testing-library/react/dist/@testing-library/react.esm.js', import.meta.url),
    ),
  },
  {
    find: /^react-router$/,
    replacement: fileURLToPath(new URL('node_modules/react-router/dist/development/index.mjs', import.meta.url)),
  },
];

const env = { LOG_LEVEL: 'silent', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' };

/**
 * Five projects: unit (handlers with aws-sdk-client-mock, pure domain code), web (the web app's
 * components in happy-dom, the network answered by MSW at the fetch boundary), infra (CDK assertions on
 * the synthesized template), integration (HTTP against the local gateway over the real emulators) and
 * browser (playwright-core driving Chromium through the running product).
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['test/unit/**/*.test.ts'], environment: 'node', env } },
      {
        test: {
          name: 'web',
          include: ['web/src/**/*.test.tsx'],
          alias: WEB_TEST_ALIASES,
          server: {
            deps: {
              inline: [
                /react-router/,
                /@testing-library\/react/,
                /react-intl/,
                /@tanstack\/react-query/,
                /react-hook-form/,
                /@hookform/,
              ],
            },
          },
          environment: 'happy-dom',
          setupFiles: ['web/src/testing/setup.ts'],
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
          fileParallelism: false,
          env,
        },
      },
    ],
  },
});
