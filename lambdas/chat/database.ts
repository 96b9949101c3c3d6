/**
 * Writing to the Realtime Database as the service account, through its REST API: an OAuth 2 access
 * token from the account's `token_uri` (Google's token endpoint; locally the database emulator) for
 * a JWT signed with the account's key, then `PUT {databaseURL}/{path}.json` with that token. Writes
 * made this way are not subject to the database rules (docs/api-offers-ads-chat.md, "Chat").
 */
import { SignJWT, importPKCS8 } from 'jose';
import type { ServiceAccount } from './serviceAccount';
import { ChatNotConfigured } from './serviceAccount';

const GOOGLE_TOKEN_URI = 'https://oauth2.googleapis.com/token';
const SCOPES = 'https://www.googleapis.com/auth/firebase.database https://www.googleapis.com/auth/userinfo.email';

let cached: { account: string; token: string; until: number } | undefined;

async function accessToken(account: ServiceAccount): Promise<string> {
  if (cached?.account === account.client_email && Date.now() < cached.until) return cached.token;
  const tokenUri = account.token_uri ?? GOOGLE_TOKEN_URI;
  const now = Math.floor(Date.now() / 1000);
  const assertion = await new SignJWT({ scope: SCOPES })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(account.client_email)
    .setAudience(tokenUri)
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(await importPKCS8(account.private_key, 'RS256'));
  const res = await fetch(tokenUri, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
  });
  if (!res.ok) throw new Error(`The token endpoint answered ${res.status}`);
  const body = (await res.json()) as { access_token?: string; expires_in?: number };
  if (!body.access_token) throw new Error('The token endpoint gave no access token');
  // Renewed a minute before it runs out.
  cached = {
    account: account.client_email,
    token: body.access_token,
    until: Date.now() + ((body.expires_in ?? 3600) - 60) * 1000,
  };
  return body.access_token;
}

/** The REST address of `path` in the stage's database (FIREBASE_DATABASE_URL, which may carry `?ns=`). */
function restUrl(path: string, base = process.env.FIREBASE_DATABASE_URL): URL {
  if (!base) throw new ChatNotConfigured('FIREBASE_DATABASE_URL is not set');
  const url = new URL(base);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/${path}.json`;
  return url;
}

/**
 * Sets the value at `path` of the database at `databaseUrl` (default: this stage's). `.settings/rules`
 * is where the database's rules are set.
 */
export async function putValue(
  account: ServiceAccount,
  path: string,
  value: unknown,
  databaseUrl?: string,
): Promise<void> {
  const url = restUrl(path, databaseUrl);
  const res = await fetch(url, {
    method: 'PUT',
    headers: { authorization: `Bearer ${await accessToken(account)}`, 'content-type': 'application/json' },
    body: JSON.stringify(value),
  });
  if (res.status === 401) cached = undefined;
  if (!res.ok) throw new Error(`The Realtime Database answered ${res.status} to a write`);
}

/** The value at `path` of this stage's database (null when there is none). */
export async function getValue(account: ServiceAccount, path: string): Promise<unknown> {
  const res = await fetch(restUrl(path), { headers: { authorization: `Bearer ${await accessToken(account)}` } });
  if (res.status === 401) cached = undefined;
  if (!res.ok) throw new Error(`The Realtime Database answered ${res.status} to a read`);
  return res.json();
}
