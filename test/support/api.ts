/**
 * What integration tests use to act as real callers: accounts in the local user pool with real ID
 * tokens, HTTP calls to the local gateway, and the records (clients, businesses, posts, offers) made
 * through the API the way the app makes them. The one place integration tests create test data.
 * Every answer `call` gets is checked against the OpenAPI document (test/support/openApiCheck.ts).
 */
import { randomUUID } from 'node:crypto';
import { expect, inject } from 'vitest';
import {
  AdminAddUserToGroupCommand,
  AdminConfirmSignUpCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Role } from '../../common/constants';
import type { Offer, Post } from '../../common/types';
import { MODERATOR_GROUP } from '../../common/moderation';
import { OPERATOR_GROUP } from '../../common/operatorFigures';
import { answerMismatch } from './openApiCheck';

let ownStack: ReturnType<typeof inject<'stack'>> | undefined;
/** The stack the helpers talk to: the test run's shared one, or the one a test file started for itself. */
export const stack = () => ownStack ?? inject('stack');
/** Points every helper at a stack the test file started itself (its figures are then the file's alone). */
export const useOwnStack = (info: ReturnType<typeof inject<'stack'>>) => {
  ownStack = info;
};

/** The test stack's user pool, as a script that walks the pool's accounts takes it (scripts/localTable.ts). */
export function stackPool(): { userPoolId: string; pool: CognitoIdentityProviderClient } {
  const s = stack();
  return {
    userPoolId: s.userPoolId,
    pool: new CognitoIdentityProviderClient({
      region: s.region,
      endpoint: s.authEndpoint,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  };
}

export interface CallResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

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
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON: keep the text */
  }
  // Every answer is checked against the OpenAPI document: a status or body it does not describe fails the test.
  const mismatch = answerMismatch(method, path, {
    status: res.status,
    contentType: res.headers.get('content-type') ?? '',
    body,
  });
  if (mismatch) throw new Error(`The answer differs from the OpenAPI document (common/openapi/): ${mismatch}`);
  return { status: res.status, body: body as T, headers: res.headers };
}

let cognito: CognitoIdentityProviderClient | undefined;
const pool = () => {
  const s = stack();
  cognito ??= new CognitoIdentityProviderClient({
    endpoint: s.authEndpoint,
    region: s.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  return cognito;
};

export const TEST_PASSWORD = 'Test#Pass2026';

export interface Account {
  role: Role;
  email: string;
  password: string;
  sub: string;
  idToken: string;
}

/** A confirmed, signed-in user of the local pool (no API record yet). `nickname` may be anything. */
export async function newAccount(role: Role | string, opts: { email?: string } = {}): Promise<Account> {
  const s = stack();
  const email = opts.email ?? `${role}-${randomUUID().slice(0, 8)}@test.al`;
  await pool().send(
    new SignUpCommand({
      ClientId: s.userPoolClientId,
      Username: email,
      Password: TEST_PASSWORD,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'nickname', Value: role },
      ],
    }),
  );
  await pool().send(new AdminConfirmSignUpCommand({ UserPoolId: s.userPoolId, Username: email }));
  const auth = await pool().send(
    new InitiateAuthCommand({
      ClientId: s.userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: TEST_PASSWORD },
    }),
  );
  const idToken = auth.AuthenticationResult!.IdToken!;
  const sub = JSON.parse(Buffer.from(idToken.split('.')[1], 'base64url').toString()).sub as string;
  return { role: role as Role, email, password: TEST_PASSWORD, sub, idToken };
}

/** New tokens from a refresh token (what the web app does when its ID token expires); throws the pool's refusal. */
export async function refreshTokens(refreshToken: string): Promise<string> {
  const auth = await pool().send(
    new InitiateAuthCommand({
      ClientId: stack().userPoolClientId,
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      AuthParameters: { REFRESH_TOKEN: refreshToken },
    }),
  );
  return auth.AuthenticationResult!.IdToken!;
}

/** A password sign-in's refresh token. */
export async function refreshTokenOf(email: string, password = TEST_PASSWORD): Promise<string> {
  const auth = await pool().send(
    new InitiateAuthCommand({
      ClientId: stack().userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  return auth.AuthenticationResult!.RefreshToken!;
}

/** The tokens of a password sign-in (what the web app keeps after its login screen); throws the pool's refusal. */
export async function sessionTokens(
  email: string,
  password = TEST_PASSWORD,
): Promise<{ idToken: string; accessToken: string; refreshToken: string }> {
  const auth = await pool().send(
    new InitiateAuthCommand({
      ClientId: stack().userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  const { IdToken, AccessToken, RefreshToken } = auth.AuthenticationResult!;
  return { idToken: IdToken!, accessToken: AccessToken!, refreshToken: RefreshToken! };
}

/** A fresh ID token of an account (password sign-in); throws the user pool's refusal. */
export async function signIn(email: string, password = TEST_PASSWORD): Promise<string> {
  const s = stack();
  const auth = await pool().send(
    new InitiateAuthCommand({
      ClientId: s.userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  return auth.AuthenticationResult!.IdToken!;
}

/**
 * A moderator: a client account (with its client record) in the pool's moderator group, signed in again
 * so its ID token carries `cognito:groups`.
 */
export async function newModerator(opts: { username?: string } = {}) {
  const client = await newClient({ username: opts.username ?? 'Test Moderator' });
  await pool().send(
    new AdminAddUserToGroupCommand({
      UserPoolId: stack().userPoolId,
      Username: client.email,
      GroupName: MODERATOR_GROUP,
    }),
  );
  const idToken = await signIn(client.email);
  return { ...client, idToken, token: idToken };
}

/**
 * One of the marketplace's operators: a client account (with its client record) in the pool's operator group, signed
 * in again so its ID token carries `cognito:groups`.
 */
export async function newOperator(opts: { username?: string; language?: string } = {}) {
  const client = await newClient({ username: opts.username ?? 'Test Operator', language: opts.language });
  await pool().send(
    new AdminAddUserToGroupCommand({
      UserPoolId: stack().userPoolId,
      Username: client.email,
      GroupName: OPERATOR_GROUP,
    }),
  );
  const idToken = await signIn(client.email);
  return { ...client, idToken, token: idToken };
}

export async function newClient(opts: { username?: string; language?: string } = {}) {
  const account = await newAccount('client');
  const res = await call('POST', '/user', {
    token: account.idToken,
    body: {
      email: account.email,
      cognitoId: account.sub,
      username: opts.username ?? 'Test Client',
      ...(opts.language ? { language: opts.language } : {}),
    },
  });
  if (res.status >= 300) throw new Error(`POST /user answered ${res.status}: ${JSON.stringify(res.body)}`);
  return { ...account, token: account.idToken, userId: res.body._id as string };
}

export async function newBusiness(
  opts: { businessName?: string; location?: string; categories?: string[]; language?: string } = {},
) {
  const account = await newAccount('business');
  const res = await call('POST', '/business', {
    token: account.idToken,
    body: {
      email: account.email,
      cognitoId: account.sub,
      businessName: opts.businessName ?? 'Test Studio',
      location: opts.location ?? 'Tirana',
      ...(opts.language ? { language: opts.language } : {}),
    },
  });
  if (res.status >= 300) throw new Error(`POST /business answered ${res.status}: ${JSON.stringify(res.body)}`);
  const businessId = res.body._id as string;
  if (opts.categories?.length) {
    const upd = await call('PUT', `/business/${businessId}`, {
      token: account.idToken,
      body: { categories: opts.categories },
    });
    if (upd.status >= 300) throw new Error(`PUT /business answered ${upd.status}: ${JSON.stringify(upd.body)}`);
  }
  return { ...account, token: account.idToken, businessId };
}

export type Client = Awaited<ReturnType<typeof newClient>>;
export type BusinessAccount = Awaited<ReturnType<typeof newBusiness>>;

/** Category ids by name (GET /category/all). */
export async function categoryIdsByName(token: string): Promise<Record<string, string>> {
  const res = await call('GET', '/category/all', { token });
  expect(res.status).toBe(200);
  return Object.fromEntries((res.body as { _id: string; name: string }[]).map((c) => [c.name, c._id]));
}

/** A post of `client` (POST /post); `over` replaces fields of a bathroom request with two images. */
export async function newPost(client: Client, over: Record<string, unknown> = {}): Promise<Post> {
  const images = 'images' in over ? [] : [await uploadPicture(client), await uploadPicture(client)];
  const body = {
    userId: client.userId,
    title: 'Renovate the bathroom',
    location: 'Durrës',
    budget: 1500,
    category: [],
    content: 'New tiles and a shower',
    images,
    ...over,
  };
  // A picture the processor has not finished yet is a 409 IMAGE_PROCESSING ("save again in a moment"), as a person
  // saving the form right after uploading meets it on a busy stack: save again, as they would.
  let res = await call('POST', '/post', { token: client.token, body });
  for (let again = 0; res.status === 409 && res.body?.code === 'IMAGE_PROCESSING' && again < 5; again++) {
    await new Promise((r) => setTimeout(r, 1000));
    res = await call('POST', '/post', { token: client.token, body });
  }
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** An offer of `business` on a post (POST /offer). */
export async function newOffer(
  business: BusinessAccount,
  postId: string,
  over: Record<string, unknown> = {},
): Promise<Offer> {
  const res = await call('POST', '/offer', {
    token: business.token,
    body: { postId, businessId: business.businessId, price: 1400, message: 'We can start next week', ...over },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

export const setStatus = (client: Client, offerId: string, newStatus: string) =>
  call('PUT', '/offer/status', { token: client.token, body: { offerId, newStatus } });

export async function postStatus(token: string, postId: string): Promise<string> {
  const res = await call('GET', `/post/${postId}`, { token });
  expect(res.status).toBe(200);
  return res.body.status;
}

/** The offers of a post as its owner sees them, by id. */
export async function offersOf(
  client: Client,
  postId: string,
): Promise<Record<string, { status: string; price: number }>> {
  const res = await call('GET', `/getPostOffers/${postId}`, { token: client.token });
  expect(res.status).toBe(200);
  return Object.fromEntries((res.body as { _id: string; status: string; price: number }[]).map((o) => [o._id, o]));
}

/** Whether the post is in GET /post/available (pages through the newer posts other tests add meanwhile). */
export async function isAvailable(token: string, post: { _id: string; createdAt: string }): Promise<boolean> {
  let cursor: string | null = null;
  for (;;) {
    const res: CallResult = await call('GET', `/post/available?limit=100${cursor ? `&cursor=${cursor}` : ''}`, {
      token,
    });
    expect(res.status).toBe(200);
    const items = res.body as { _id: string; createdAt: string }[];
    if (items.some((p) => p._id === post._id)) return true;
    cursor = res.headers.get('x-next-cursor');
    if (!cursor || items.length === 0 || items[items.length - 1].createdAt < post.createdAt) return false;
  }
}

/** A list of posts holds each post once, newest first (by the open-index sort key `{createdAt}#{id}`). */
export function expectNewestFirstOnce(posts: { _id: string; createdAt: string }[]) {
  expect(new Set(posts.map((p) => p._id)).size).toBe(posts.length);
  const keys = posts.map((p) => `${p.createdAt}#${p._id}`);
  expect(keys).toEqual([...keys].sort().reverse());
}

/** The confirmation codes the local user pool has sent (newest last). */
export async function confirmationCodes(email: string): Promise<string[]> {
  const { readFile } = await import('node:fs/promises');
  const text = await readFile(stack().codesFile, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l))
    .filter((d) => d.email === email)
    .map((d) => d.code);
}

let smallPng: Buffer | undefined;

/**
 * Uploads a picture the way the web app does (presigned URL, then a PUT with exactly the returned
 * headers) and answers its key; the local S3 emulator hands it to the image processor.
 */
export async function uploadPicture(
  account: Pick<Account, 'idToken'>,
  file?: Buffer,
  contentType = 'image/png',
): Promise<string> {
  const { default: sharp } = await import('sharp');
  smallPng ??= await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c08050' } })
    .png()
    .toBuffer();
  const body = file ?? smallPng;
  const res = await call('POST', '/generatePresignedURL', {
    token: account.idToken,
    body: { fileName: 'room', contentType, contentLength: body.length },
  });
  if (res.status !== 200)
    throw new Error(`POST /generatePresignedURL answered ${res.status}: ${JSON.stringify(res.body)}`);
  const put = await fetch(res.body.url, { method: 'PUT', headers: res.body.headers, body: new Uint8Array(body) });
  if (put.status !== 200) throw new Error(`The upload PUT answered ${put.status}`);
  return res.body.key as string;
}
