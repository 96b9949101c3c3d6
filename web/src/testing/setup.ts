/**
 * Component tests: the MSW server around every test, the runtime config and every text of both languages loaded (a
 * screen's own areas are checked by test/unit/catalogueAreas.test.ts), the DOM cleaned.
 */
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { LANGUAGES } from '../../../common/languages';
import { loadMessages, loadTexts, SCREEN_AREAS } from '../i18n/catalogs';
import { loadConfig } from '../lib/config';
import { server } from './server';

// The machine running the tests may be busy: wait up to 5 s for what a screen should show.
configure({ asyncUtilTimeout: 5000 });

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  await loadConfig();
  await Promise.all(LANGUAGES.map(loadMessages));
  await loadTexts(SCREEN_AREAS);
  // The API client loads the sign-in module on its first request; load it once up front.
  await import('../auth/session');
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());
