/**
 * The local Realtime Database: firebase-server (the database's websocket protocol, rules checked by
 * targaryen) behind our own HTTP server, so that it behaves like the cloud where chat needs it:
 * - it enforces the same rules file as the stage (infra/chat/database.rules.json);
 * - it admits a browser only with a custom token the API minted (POST /chat/token), verified with
 *   the local service account's key, as `auth = {uid, token: {role, accountId}}` (the cloud's shape);
 *   the web app hands that token to connectDatabaseEmulator as its `mockUserToken`;
 * - it answers the service account's OAuth token request (the local key file's `token_uri` points
 *   here) and REST writes made with that token, which, as in the cloud, the rules do not apply to.
 * Data is kept in memory, saved to a JSON file every few seconds and on stop, and loaded on start.
 * `POST /.local/drop-connections` closes every websocket (tests of reconnecting).
 */
import { createPublicKey, randomBytes, verify, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { jwtVerify } from 'jose';
import { FIREBASE_CUSTOM_TOKEN_AUDIENCE } from '../../lambdas/domain/chat';
import { parseServiceAccount } from '../../lambdas/chat/serviceAccount';

const require = createRequire(import.meta.url);

export const CHAT_RULES_FILE = fileURLToPath(new URL('../../infra/chat/database.rules.json', import.meta.url));
/** Path of the OAuth token endpoint on the emulator (the local service account's `token_uri`). */
export const TOKEN_PATH = '/oauth2/token';

/**
 * firebase-server pins firebase 8 (installed nested through package.json overrides). Its bundle
 * requires every firebase 8 product, and npm hoists firebase 8's @firebase/auth next to firebase 12's
 * @firebase/app, where it crashes on load. The emulator only needs the database, so the other products
 * are resolved to an empty module for requests coming from that nested firebase 8.
 */
function loadFirebaseServer() {
  const Module = require('node:module');
  const nested = `firebase-server${path.sep}node_modules${path.sep}firebase${path.sep}`;
  const unused = new Set([
    '@firebase/auth',
    '@firebase/firestore',
    '@firebase/firestore/bundle',
    '@firebase/functions',
    '@firebase/storage',
  ]);
  const empty = fileURLToPath(new URL('./empty-module.cjs', import.meta.url));
  const original = Module._resolveFilename;
  Module._resolveFilename = function (request: string, parent: { filename?: string } | undefined, ...rest: unknown[]) {
    if (unused.has(request) && parent?.filename?.includes(nested)) return empty;
    return original.call(this, request, parent, ...rest);
  };
  try {
    return require('firebase-server');
  } finally {
    Module._resolveFilename = original;
  }
}

/** The claims firebase-server makes `auth` of: uid from `sub`, the custom claims under `auth.token`. */
type VerifiedToken = Record<string, unknown> & { sub: string; user_id: string; provider_id: string };

/**
 * Checks a Firebase custom token as the cloud would before signing the user in: RS256 signed by the
 * service account, for the custom-token audience, not expired. Synchronous: firebase-server asks on
 * every request. A token once accepted stays accepted for its connection (as a cloud session does).
 */
function customTokenVerifier(publicKey: KeyObject, issuer: string) {
  const accepted = new Map<string, VerifiedToken>();
  return (token: string): VerifiedToken => {
    const known = accepted.get(token);
    if (known) return known;
    const [h, p, s] = String(token).split('.');
    if (!h || !p || !s) throw new Error('Not a JWT');
    const header = JSON.parse(Buffer.from(h, 'base64url').toString());
    if (header.alg !== 'RS256') throw new Error('Not an RS256 token');
    if (!verify('RSA-SHA256', Buffer.from(`${h}.${p}`), publicKey, Buffer.from(s, 'base64url')))
      throw new Error('Bad signature');
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString()) as {
      iss?: string;
      aud?: string;
      exp?: number;
      uid?: unknown;
      claims?: Record<string, unknown>;
    };
    if (payload.iss !== issuer || payload.aud !== FIREBASE_CUSTOM_TOKEN_AUDIENCE)
      throw new Error('Not a custom token of this project');
    if (typeof payload.exp !== 'number' || payload.exp * 1000 < Date.now()) throw new Error('Expired');
    if (typeof payload.uid !== 'string' || !payload.uid) throw new Error('No uid');
    const verified: VerifiedToken = {
      ...(payload.claims ?? {}),
      sub: payload.uid,
      user_id: payload.uid,
      provider_id: 'custom',
    };
    accepted.set(token, verified);
    return verified;
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of req) {
    body += chunk;
    if (body.length > 1e6) throw new Error('Body too large');
  }
  return body;
}

function answer(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export async function startFirebase(opts: { port: number; dataDir: string; serviceAccount: string }) {
  mkdirSync(opts.dataDir, { recursive: true });
  const file = path.join(opts.dataDir, 'database.json');
  const initial = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
  const account = parseServiceAccount(opts.serviceAccount);
  const publicKey = createPublicKey(account.private_key);
  const tokenUri = `http://127.0.0.1:${opts.port}${TOKEN_PATH}`;
  const accessTokens = new Map<string, number>();

  const http = createServer((req, res) => {
    handleHttp(req, res).catch(() => answer(res, 400, { error: 'Bad request' }));
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(opts.port, '127.0.0.1', () => resolve());
  });

  // firebase-server's typings declare a no-argument constructor; it takes (options, name, data). Its members
  // (targaryen, baseRef, tokenValidator) have no typings at all.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const FirebaseServer = loadFirebaseServer() as new (options: object, name: string, data: unknown) => any;
  class LocalDatabase extends FirebaseServer {
    /** Also answers the SDK's one-shot `get()` ("g" requests) that firebase-server predates, checking the rules. */
    handleConnection(ws: { on: (e: string, f: (d: unknown) => void) => void; send: (s: string) => void }) {
      let auth: unknown = null;
      ws.on('message', (data: unknown) => {
        let msg: { t?: string; d?: { a?: string; r?: number; b?: { p?: string; cred?: string } } };
        try {
          msg = JSON.parse(String(data));
        } catch {
          return;
        }
        if (msg.t !== 'd') return;
        if (msg.d?.a === 'auth') {
          try {
            auth = this.authOf(msg.d.b?.cred ?? '');
          } catch {
            auth = null;
          }
          return;
        }
        if (msg.d?.a !== 'g') return;
        const p = (msg.d.b?.p ?? '/').replace(/^\/+|\/+$/g, '');
        const reply = (b: unknown) => {
          ws.send('1');
          ws.send(JSON.stringify({ t: 'd', d: { r: msg.d!.r, b } }));
        };
        if (!this.targaryen.as(auth).read(p).allowed) return reply({ s: 'permission_denied', d: 'Permission denied' });
        const ref = p ? this.baseRef.child(p) : this.baseRef;
        ref.once('value').then((snap: { val: () => unknown }) => reply({ s: 'ok', d: snap.val() }));
      });
      super.handleConnection(ws);
    }

    /** The `auth` the rules see for a token, as firebase-server builds it. */
    authOf(token: string) {
      const decoded = this.tokenValidator.decode(token);
      return { provider: decoded.provider_id, token: decoded, uid: decoded.user_id };
    }
  }
  const server = new LocalDatabase({ server: http }, 'localhost', initial);
  const verifyToken = customTokenVerifier(publicKey, account.client_email);
  server.tokenValidator = { ...server.tokenValidator, decode: (token: string) => verifyToken(token) };
  server.setRules(JSON.parse(readFileSync(CHAT_RULES_FILE, 'utf8')));

  async function handleHttp(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', tokenUri);
    if (req.method === 'POST' && url.pathname === TOKEN_PATH) {
      const form = new URLSearchParams(await readBody(req));
      try {
        await jwtVerify(form.get('assertion') ?? '', publicKey, { issuer: account.client_email, audience: tokenUri });
      } catch {
        return answer(res, 400, { error: 'invalid_grant' });
      }
      const token = randomBytes(24).toString('base64url');
      accessTokens.set(token, Date.now() + 3600_000);
      return answer(res, 200, { access_token: token, expires_in: 3600, token_type: 'Bearer' });
    }
    if (req.method === 'POST' && url.pathname === '/.local/drop-connections') {
      const clients = [...server.wss.clients] as { terminate(): void }[];
      clients.forEach((ws) => ws.terminate());
      return answer(res, 200, { dropped: clients.length });
    }
    if (!url.pathname.endsWith('.json')) return answer(res, 404, { error: 'Not found' });
    const bearer =
      /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? url.searchParams.get('access_token') ?? '';
    if (!((accessTokens.get(bearer) ?? 0) > Date.now())) return answer(res, 401, { error: 'Unauthorized request.' });
    const dbPath = url.pathname.replace(/\.json$/, '').replace(/^\/+|\/+$/g, '');
    if (dbPath === '.settings/rules') {
      if (req.method !== 'PUT') return answer(res, 405, { error: 'Method not allowed' });
      const rules = JSON.parse(await readBody(req));
      server.setRules(rules);
      return answer(res, 200, { status: 'ok' });
    }
    const ref = dbPath ? server.baseRef.child(dbPath) : server.baseRef;
    if (req.method === 'GET') return answer(res, 200, (await ref.once('value')).val());
    if (req.method === 'PUT') {
      const value = JSON.parse(await readBody(req));
      // The emulator's own database copy is offline: its write promise never settles, the value is set at once.
      void ref.set(value);
      return answer(res, 200, value);
    }
    return answer(res, 405, { error: 'Method not allowed' });
  }

  let lastSaved = JSON.stringify(initial);
  const save = async () => {
    const value = JSON.stringify((await server.getValue()) ?? null);
    if (value !== lastSaved) {
      writeFileSync(file, value);
      lastSaved = value;
    }
  };
  const timer = setInterval(() => void save().catch(() => undefined), 5000);
  timer.unref();
  return {
    host: '127.0.0.1',
    port: opts.port,
    server,
    stop: async () => {
      clearInterval(timer);
      await save().catch(() => undefined);
      await server.close();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
