import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { randomPorts, startLocalStack } from '../../bin/local/stack';
import { useOwnStack } from './api';
import { TEST_STACK_SETTINGS } from './testStack';

/**
 * The test file's own local stack (no web app, no demo data), started before its tests and stopped after, for a file
 * whose checks read the whole table: the country's operator figures (then only what the file made, whatever other
 * files do meanwhile), or the property test's Scan after every refused write (a few hundred items instead of
 * everything the other files wrote: a sixth of the time).
 */
export function useOwnLocalStack(name: string) {
  let running: Awaited<ReturnType<typeof startLocalStack>> | undefined;
  let dataDir: string | undefined;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), `marketplace-${name}-`));
    running = await startLocalStack({
      dataDir,
      ports: await randomPorts(),
      web: false,
      seed: false,
      ...TEST_STACK_SETTINGS,
    });
    useOwnStack(running.info);
  }, 180_000);
  afterAll(async () => {
    await running?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
}
