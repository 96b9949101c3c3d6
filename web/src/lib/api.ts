/**
 * The one API client of the web app. Every request carries the current Cognito ID token as a bearer
 * credential (Amplify refreshes it when needed). Errors become ApiError with the server's message.
 */
import { fetchAuthSession } from 'aws-amplify/auth';
import { getConfig } from './config';

export class ApiError extends Error {
  constructor(readonly status: number, message: string, readonly errors?: { field: string; message: string }[]) {
    super(message);
  }
}

export interface ApiPage<T> { items: T; nextCursor?: string }

async function idToken(): Promise<string | undefined> {
  try {
    const session = await fetchAuthSession();
    return session.tokens?.idToken?.toString();
  } catch {
    return undefined;
  }
}

async function request<T>(method: string, path: string, body?: unknown): Promise<ApiPage<T>> {
  const token = await idToken();
  const res = await fetch(getConfig().apiUrl.replace(/\/$/, '') + path, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  let data: unknown = undefined;
  if (text) {
    try { data = JSON.parse(text); } catch { data = text; }
  }
  if (!res.ok) {
    const serverMessage = data && typeof data === 'object' && 'message' in data
      ? String((data as { message: unknown }).message) : '';
    const message = serverMessage || `${res.status} ${res.statusText}`;
    throw new ApiError(res.status, message, (data as { errors?: [] } | undefined)?.errors);
  }
  return { items: data as T, nextCursor: res.headers.get('x-next-cursor') ?? undefined };
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
  post: async <T>(path: string, body?: unknown) => (await request<T>('POST', path, body ?? {})).items,
  put: async <T>(path: string, body?: unknown) => (await request<T>('PUT', path, body ?? {})).items,
  del: async <T>(path: string) => (await request<T>('DELETE', path)).items,
};
