/**
 * Integration and browser tests start their own copy of the local stack on free ports with a
 * throw-away data folder, so they never touch a developer's `npm start` data and CI starts clean.
 * The browser project also gets the demo seed and the web app as users get it: the production build (minified,
 * the catalogues compiled, the sign-in screen rendered at build time), built once here and answered as the CDN
 * answers it (bin/local/webBuild.ts). A page of the build loads a few files where Vite's dev server sends every
 * module on its own, which is most of what a browser test waited for.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { launchChromiumServer } from '../../scripts/lib/chromium';
import { buildWeb } from '../../bin/local/webBuild';
import { randomPorts, startLocalStack, type StackInfo } from '../../bin/local/stack';
import { TEST_STACK_SETTINGS } from './testStack';

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackInfo;
    /** The browser project's production build of the web app (a folder), '' for the integration project. */
    webBuild: string;
    /** Where the browser project's files connect to the one Chromium they share, '' for the integration project. */
    browserEndpoint: string;
  }
}

export default async function setup(project: TestProject) {
  const withWeb = project.name === 'browser';
  // One Chromium for every browser file (each connects and opens contexts of its own, test/browser/browser.ts)
  // instead of one started and stopped per file. No browser that runs: fail now with one line, before anything else.
  const browser = withWeb ? await launchChromiumServer() : undefined;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `marketplace-${project.name}-`));
  const webBuild = withWeb ? path.join(dataDir, 'web-build') : '';
  // Built as `npm run build:web` builds it, without source maps (nothing here reads them).
  if (webBuild) await buildWeb(webBuild, { sourcemap: false });
  const { info, stop } = await startOnFreePorts(dataDir, withWeb, webBuild);
  project.provide('stack', info);
  project.provide('webBuild', webBuild);
  project.provide('browserEndpoint', browser?.wsEndpoint() ?? '');
  return async () => {
    await browser?.close();
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

/**
 * Free ports are picked, released, then bound by the emulators: another process on the machine can
 * take one in between. Such a start is retried on other ports (a fresh data folder each time).
 */
async function startOnFreePorts(dataDir: string, withWeb: boolean, webBuild: string) {
  for (let attempt = 1; ; attempt++) {
    const attemptDir = path.join(dataDir, `attempt-${attempt}`);
    try {
      // Unread chat messages are emailed after 2 s instead of 10 minutes (test/integration/notifications.test.ts).
      return await startLocalStack({
        dataDir: attemptDir,
        ports: await randomPorts(),
        web: withWeb,
        webBuild: webBuild || undefined,
        seed: withWeb,
        ...TEST_STACK_SETTINGS,
      });
    } catch (err) {
      const portClash = /EADDRINUSE|is taken/.test(String((err as Error)?.message ?? err));
      if (!portClash || attempt >= 3) throw err;
      rmSync(attemptDir, { recursive: true, force: true });
    }
  }
}
