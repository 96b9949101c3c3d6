/**
 * What integration tests use to act as real callers: accounts in the local user pool with real ID
 * tokens, and HTTP calls to the local gateway.
 */
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import {
  AdminConfirmSignUpCommand, CognitoIdentityProviderClient, InitiateAuthCommand, SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Role } from '../../common/constants';

export const stack = () => inject('stack');

export interface CallResult<T = any> { status: number; body: T; headers: Headers }

export async function call<T = any>(
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<CallResult<T>> {
  const res = await fetch(stack().apiUrl + path, {
    method,
    headers: {
      ...(opts.body !== undefined || opts.rawBody !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...opts.headers,
    },
    body: opts.rawBody ?? (opts.body !== undefined ? JSON.stringify(opts.body) : undefined),
  });
  const text = await res.text();
  let body: unknown = text;
  try { body = text ? JSON.parse(text) : undefined; } catch { /* not JSON: keep the text */ }
  return { status: res.status, body: body as T, headers: res.headers };
}

let cognito: CognitoIdentityProviderClient | undefined;
const pool = () => {
  const s = stack();
  cognito ??= new CognitoIdentityProviderClient({ endpoint: s.authEndpoint, region: s.region, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  return cognito;
};

export const TEST_PASSWORD = 'Test#Pass2026';

export interface Account { role: Role; email: string; password: string; sub: string; idToken: string }

/** A confirmed, signed-in user of the local pool (no API record yet). `nickname` may be anything. */
export async function newAccount(role: Role | string, opts: { email?: string } = {}): Promise<Account> {
  const s = stack();
  const email = opts.email ?? `${role}-${randomUUID().slice(0, 8)}@test.al`;
  await pool().send(new SignUpCommand({
    ClientId: s.userPoolClientId, Username: email, Password: TEST_PASSWORD,
    UserAttributes: [{ Name: 'email', Value: email }, { Name: 'nickname', Value: role }],
  }));
  await pool().send(new AdminConfirmSignUpCommand({ UserPoolId: s.userPoolId, Username: email }));
  const auth = await pool().send(new InitiateAuthCommand({
    ClientId: s.userPoolClientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: TEST_PASSWORD },
  }));
  const idToken = auth.AuthenticationResult!.IdToken!;
  const sub = JSON.parse(Buffer.from(idToken.split('.')[1], 'base64url').toString()).sub as string;
  return { role: role as Role, email, password: TEST_PASSWORD, sub, idToken };
}

export async function newClient(opts: { username?: string } = {}) {
  const account = await newAccount('client');
  const res = await call('POST', '/user', {
    token: account.idToken,
    body: { email: account.email, cognitoId: account.sub, username: opts.username ?? 'Test Client' },
  });
  if (res.status >= 300) throw new Error(`POST /user answered ${res.status}: ${JSON.stringify(res.body)}`);
  return { ...account, token: account.idToken, userId: res.body._id as string };
}

export async function newBusiness(opts: { businessName?: string; location?: string; categories?: string[] } = {}) {
  const account = await newAccount('business');
  const res = await call('POST', '/business', {
    token: account.idToken,
    body: { email: account.email, cognitoId: account.sub, businessName: opts.businessName ?? 'Test Studio', location: opts.location ?? 'Tirana' },
  });
  if (res.status >= 300) throw new Error(`POST /business answered ${res.status}: ${JSON.stringify(res.body)}`);
  const businessId = res.body._id as string;
  if (opts.categories?.length) {
    const upd = await call('PUT', `/business/${businessId}`, { token: account.idToken, body: { categories: opts.categories } });
    if (upd.status >= 300) throw new Error(`PUT /business answered ${upd.status}: ${JSON.stringify(upd.body)}`);
  }
  return { ...account, token: account.idToken, businessId };
}

/** The confirmation codes the local user pool has sent (newest last). */
export async function confirmationCodes(email: string): Promise<string[]> {
  const { readFile } = await import('node:fs/promises');
  const text = await readFile(stack().codesFile, 'utf8').catch(() => '');
  return text.split('\n').filter(Boolean).map((l) => JSON.parse(l)).filter((d) => d.email === email).map((d) => d.code);
}
