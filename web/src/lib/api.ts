/**
 * The one API client of the web app. Every request carries the current Cognito ID token as a bearer
 * credential (auth/currentSession.ts: the stored one while valid, else Amplify refreshes it). Errors become ApiError with the server's message and
 * code. A 401 refreshes the session once and repeats the request; if the server still refuses, the
 * session is over: the handler the AuthProvider registers signs out and the guard sends the user to
 * /login, remembering where they were. An account suspended by moderation (any answer 403
 * ACCOUNT_SUSPENDED, while its token is still valid) ends the session the same way, and the login
 * screen says why.
 */
import { NEXT_CURSOR_HEADER } from '../../../common/constants';
import type { ApiErrorBody } from '../../../common/errors';
import { getConfig } from './config';
import { CACHED_AT_HEADER, reportAnswer } from '../pwa/offline';
import { currentIdToken } from '../auth/currentSession';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: { field: string; message: string; code?: string }[],
    readonly code?: string,
    /** The whole error answer (its details beside the code: `limit` of PLAN_LIMIT, `overlap` of AD_RUN_OVERLAP). */
    readonly body?: Partial<ApiErrorBody>,
  ) {
    super(message);
  }
}

/** True for an answer that will not change by asking again (a caller's mistake, not a failure). */
export const isClientError = (err: unknown) => err instanceof ApiError && err.status >= 400 && err.status < 500;
export const isNotFound = (err: unknown) => err instanceof ApiError && err.status === 404;

export interface ApiPage<T> {
  items: T;
  nextCursor?: string;
}

async function idToken(forceRefresh = false): Promise<string | undefined> {
  try {
    return await currentIdToken(forceRefresh);
  } catch {
    return undefined;
  }
}

/**
 * Why the server ended the session: the token is refused even after a refresh, the account is suspended, or its
 * owner deleted it (closed, waiting for its erasure: only its deletion's routes answer it).
 */
export type SessionLostReason = 'expired' | 'suspended' | 'closed';

/** The code of every answer to a suspended account's calls. */
export const ACCOUNT_SUSPENDED = 'ACCOUNT_SUSPENDED';

/** True for the answer the API gives every call of an account suspended by moderation. */
export const isAccountSuspended = (err: unknown) =>
  err instanceof ApiError && err.status === 403 && err.code === ACCOUNT_SUSPENDED;

/** The code of every answer to a closed account's calls (but its deletion's). */
export const ACCOUNT_CLOSED = 'ACCOUNT_CLOSED';

/** True for the answer the API gives a closed account's calls. */
export const isAccountClosed = (err: unknown) =>
  err instanceof ApiError && err.status === 403 && err.code === ACCOUNT_CLOSED;

let onSessionLost: ((reason: SessionLostReason) => void) | undefined;

/** Registers what happens when the server refuses the session even after a refresh, or the account is suspended. */
export function setSessionLostHandler(handler: ((reason: SessionLostReason) => void) | undefined): void {
  onSessionLost = handler;
}

/** Extra request headers of one call (for example the Idempotency-Key of a payment). */
export type RequestHeaders = Readonly<Record<string, string>>;

async function send(
  method: string,
  path: string,
  body: unknown,
  token: string | undefined,
  headers: RequestHeaders = {},
): Promise<Response> {
  return fetch(getConfig().apiUrl.replace(/\/$/, '') + path, {
    method,
    headers: {
      ...headers,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
}

async function request<T>(method: string, path: string, body?: unknown, headers?: RequestHeaders): Promise<ApiPage<T>> {
  const token = await idToken();
  let res = await send(method, path, body, token, headers);
  if (res.status === 401) {
    const fresh = token ? await idToken(true) : undefined;
    if (fresh) res = await send(method, path, body, fresh, headers);
    if (res.status === 401) onSessionLost?.('expired');
  }
  const text = await res.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!res.ok) {
    const fields = data && typeof data === 'object' ? (data as { message?: unknown; code?: unknown; errors?: [] }) : {};
    const message = (typeof fields.message === 'string' && fields.message) || `${res.status} ${res.statusText}`;
    const error = new ApiError(
      res.status,
      message,
      fields.errors,
      typeof fields.code === 'string' ? fields.code : undefined,
      data && typeof data === 'object' ? (data as Partial<ApiErrorBody>) : undefined,
    );
    if (isAccountSuspended(error)) onSessionLost?.('suspended');
    if (isAccountClosed(error)) onSessionLost?.('closed');
    throw error;
  }
  // Served by the service worker from what this account saw last (the network failed): the notice says when.
  if (method === 'GET') reportAnswer(res.headers.get(CACHED_AT_HEADER) ?? undefined);
  return { items: data as T, nextCursor: res.headers.get(NEXT_CURSOR_HEADER) ?? undefined };
}

/** Query string from an object, skipping empty values; arrays are joined with commas. */
export function toQuery(params: Record<string, string | number | string[] | undefined | null>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)) continue;
    q.set(k, Array.isArray(v) ? v.join(',') : String(v));
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

export const api = {
  get: async <T>(path: string) => (await request<T>('GET', path)).items,
  /** GET of a paged list: the items and the cursor of the next page, if any. */
  page: <T>(path: string) => request<T[]>('GET', path),
  post: async <T>(path: string, body?: unknown, headers?: RequestHeaders) =>
    (await request<T>('POST', path, body ?? {}, headers)).items,
  put: async <T>(path: string, body?: unknown) => (await request<T>('PUT', path, body ?? {})).items,
  del: async <T>(path: string) => (await request<T>('DELETE', path)).items,
};

/** For useInfiniteQuery over a cursor-paged list: the first page needs no cursor, the next page's is in the header. */
export const cursorPaging = {
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last: ApiPage<unknown[]>) => last.nextCursor,
};
