/**
 * The network of the component tests: an MSW server at the fetch boundary. The app's own code runs
 * unchanged; each test answers the API paths it needs with `answer(...)` (JSON, a status, or never).
 */
import { delay, http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { NEXT_CURSOR_HEADER } from '../../../common/constants';
import type { RuntimeConfig } from '../../../common/types';

export const API = 'http://api.test';

export const testConfig: RuntimeConfig = {
  stage: 'test',
  apiUrl: API,
  region: 'eu-central-1',
  userPoolId: 'eu-central-1_test',
  userPoolClientId: 'testclient',
  authFlow: 'USER_PASSWORD_AUTH',
  cdnBaseUrl: 'http://cdn.test',
  firebase: { apiKey: 'test', projectId: 'test', databaseURL: 'http://firebase.test' },
  payments: { provider: 'local', chargeCurrency: 'EUR', localProviderUrl: 'http://127.0.0.1:1095' },
};

export const server = setupServer(http.get('*/config.json', () => HttpResponse.json(testConfig)));

type Reply = JsonBodyType | { status: number; body?: JsonBodyType } | 'never';

/** Answers GET {API}{path} (path as MSW matches it, e.g. '/post/:id'). */
export function answer(path: string, reply: Reply, options?: { nextCursor?: string }) {
  server.use(
    http.get(`${API}${path}`, async () => {
      if (reply === 'never') {
        await delay('infinite');
        return HttpResponse.json(null);
      }
      if (
        reply &&
        typeof reply === 'object' &&
        !Array.isArray(reply) &&
        'status' in reply &&
        typeof reply.status === 'number'
      ) {
        return HttpResponse.json(reply.body ?? { message: 'Server error', code: 'INTERNAL' }, { status: reply.status });
      }
      return HttpResponse.json(reply, {
        headers: options?.nextCursor ? { [NEXT_CURSOR_HEADER]: options.nextCursor } : {},
      });
    }),
  );
}
