/** Component tests: the MSW server around every test, the runtime config loaded, the DOM cleaned. */
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { loadConfig } from '../lib/config';
import { server } from './server';

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  await loadConfig();
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());
