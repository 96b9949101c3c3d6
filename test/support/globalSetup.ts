/**
 * Integration and browser tests start their own copy of the local stack on free ports with a
 * throw-away data folder, so they never touch a developer's `npm start` data and CI starts clean.
 * The browser project also gets the web app and the demo seed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { randomPorts, startLocalStack, type StackInfo } from '../../bin/local/stack';

declare module 'vitest' {
  export interface ProvidedContext { stack: StackInfo }
}

export default async function setup(project: TestProject) {
  const withWeb = project.name === 'browser';
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `marketplace-${project.name}-`));
  const { info, stop } = await startLocalStack({ dataDir, ports: await randomPorts(), web: withWeb, seed: withWeb });
  project.provide('stack', info);
  return async () => {
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
