/** Component tests: the MSW server around every test, the runtime config loaded, the DOM cleaned. */
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { loadConfig } from '../lib/config';
import { server } from './server';

// The machine running the tests may be busy: wait up to 5 s for what a screen should show.
configure({ asyncUtilTimeout: 5000 });

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  await loadConfig();
  // The API client loads the sign-in module on its first request; load it once up front.
  await import('../auth/session');
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());
