/**
 * Unit tests call a handler directly with the event API Gateway (HTTP API, payload v2) would hand it
 * after the JWT authorizer: built by bin/local/apiEvent.ts, the builder the local gateway uses.
 */
import { uploadKeyOf, type ImageState } from '../../common/images';
import { randomUUID } from 'node:crypto';
import type { HttpMethod } from '../../common/routes';
import type { ApiEvent, ApiResult } from '../../lambdas/api/http';
import { buildApiEvent } from '../../bin/local/apiEvent';
import { keys } from '../../lambdas/model/keys';

export interface TestCaller {
  sub: string;
  nickname?: string;
  email?: string;
  /** The token's `token_use` claim: `id` (what the web app sends) unless a test says otherwise. */
  tokenUse?: string;
  /** The token's `cognito:groups` claim (e.g. ['moderator']). */
  groups?: string[];
}

export interface EventInput {
  /** The signed-in caller; `null` for an event without claims (signed out). */
  caller?: TestCaller | null;
  pathParameters?: Record<string, string>;
  query?: Record<string, string>;
  /** Serialised as JSON unless it is already a string. */
  body?: unknown;
  method?: string;
  path?: string;
}

export const clientCaller = (over: Partial<TestCaller> = {}): TestCaller => ({
  sub: randomUUID(),
  nickname: 'client',
  email: 'client@example.com',
  ...over,
});
export const businessCaller = (over: Partial<TestCaller> = {}): TestCaller => ({
  sub: randomUUID(),
  nickname: 'business',
  email: 'business@example.com',
  ...over,
});

/** The event of a request of `caller` (bin/local/apiEvent.ts, the same builder the local gateway uses). */
export function apiEvent(input: EventInput = {}): ApiEvent {
  const caller = input.caller === undefined ? clientCaller() : input.caller;
  return buildApiEvent({
    route: {
      method: (input.method ?? (input.body === undefined ? 'GET' : 'POST')) as HttpMethod,
      path: input.path ?? '/',
    },
    params: input.pathParameters,
    query: input.query,
    headers: { 'content-type': 'application/json' },
    body:
      input.body === undefined ? undefined : typeof input.body === 'string' ? input.body : JSON.stringify(input.body),
    claims: caller
      ? {
          sub: caller.sub,
          token_use: caller.tokenUse ?? 'id',
          nickname: caller.nickname,
          email: caller.email || undefined,
          ...(caller.groups ? { 'cognito:groups': caller.groups } : {}),
        }
      : undefined,
  });
}

/** A handler's answer with the JSON body parsed. */
export function parse(result: ApiResult) {
  const text = typeof result.body === 'string' ? result.body : '';
  return {
    status: result.statusCode ?? 200,
    headers: (result.headers ?? {}) as Record<string, string>,
    body: text ? JSON.parse(text) : undefined,
  };
}

/** Call a handler with an event built from `input`, answer parsed. */
export async function invoke(handler: (e: ApiEvent) => Promise<ApiResult>, input: EventInput = {}) {
  return parse(await handler(apiEvent(input)));
}

/** Environment a handler reads (lambdas/lib/config.ts); call at the top of a unit test file. */
export const TEST_ENV = {
  TABLE_NAME: 'test-table',
  MEDIA_BUCKET: 'test-media',
  MEDIA_BASE_URL: 'https://cdn.test/',
  AWS_REGION: 'eu-central-1',
  AWS_ACCESS_KEY_ID: 'test',
  AWS_SECRET_ACCESS_KEY: 'test',
} as const;

/**
 * The media CDN as unit tests see it: the image processor's state of an upload (common/images.ts) is
 * `ready` unless a test sets another here (by upload key; 'pending' = not written yet).
 */
export const cdnImageStates = new Map<string, ImageState | 'pending'>();

const realFetch = globalThis.fetch;
async function fetchWithTestCdn(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (!url.startsWith(TEST_ENV.MEDIA_BASE_URL)) return realFetch(input, init);
  const key = uploadKeyOf(url.slice(TEST_ENV.MEDIA_BASE_URL.length));
  const state = key ? (cdnImageStates.get(key) ?? { state: 'ready', width: 800, height: 600 }) : 'pending';
  return state === 'pending' ? new Response('', { status: 403 }) : Response.json(state);
}

export function useTestEnv() {
  globalThis.fetch = fetchWithTestCdn as typeof fetch;
  for (const [k, v] of Object.entries(TEST_ENV)) process.env[k] = v;
  delete process.env.DYNAMODB_ENDPOINT;
  delete process.env.S3_ENDPOINT;
}

/**
 * The calls of a mocked DynamoDB client other than the wrapper's read of the suspended accounts
 * (lambdas/data/suspensions.ts: one Query of their partition, when the process's copy is not fresh).
 */
export function dataCalls(mock: { calls: () => { args: unknown[] }[] }) {
  return mock.calls().filter((c) => {
    const input = (c.args[0] as { input?: { ExpressionAttributeValues?: Record<string, unknown> } })?.input;
    return input?.ExpressionAttributeValues?.[':pk'] !== keys.suspensionsPartition;
  });
}
