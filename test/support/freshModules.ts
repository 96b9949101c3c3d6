/**
 * The unit, integration and browser files share their worker processes (vitest.config.ts, `isolate: false`): the
 * libraries they load (the AWS SDK, Ajv, playwright-core) are loaded once per worker, not once per file, which was
 * most of what an integration file spent before its first test. Each file still starts as if it had the process to
 * itself: this repository's own modules are loaded anew (the handlers' clients and caches as a Lambda's cold start has
 * them, the helpers' state such as the stack a file chose), and the environment is the one the worker started with (a
 * file's jobs set the handlers' environment for their stack). Stubs an earlier file left behind are undone first: Vitest
 * keeps what `vi.stubEnv` replaced for the whole worker, so a later file's `vi.unstubAllEnvs()` would otherwise put back
 * an earlier file's value, or delete a variable its own setup had set.
 */
import { vi } from 'vitest';

vi.unstubAllEnvs();
vi.unstubAllGlobals();
vi.restoreAllMocks();
vi.useRealTimers();

const started = ((globalThis as { workerEnvironment?: Record<string, string | undefined> }).workerEnvironment ??= {
  ...process.env,
});
for (const name of Object.keys(process.env)) if (!(name in started)) delete process.env[name];
Object.assign(process.env, started);
vi.resetModules();
