/**
 * The local gateway behaves like API Gateway's HTTP API with a JWT authorizer: every route of the
 * table is served, nothing else is, and no handler runs without a valid ID token from the pool.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { SignJWT, decodeJwt, exportJWK, generateKeyPair } from 'jose';
import { describe, expect, it } from 'vitest';
import { routes } from '../../common/routes';
import { call, newAccount, stack } from './../support/api';
import { startGateway } from '../../bin/local/gateway';
import { freePort, startS3 } from '../../bin/local/emulators';
import { localWebOrigins } from '../../bin/local/stack';

const require = createRequire(import.meta.url);
const samplePath = (path: string) => path.replace(/\{\w+\}/g, 'some-id');

describe('local API gateway', () => {
  it('answers 401 on every signed-in route without a token, with invalid tokens and with tampered tokens', async () => {
    const account = await newAccount('client');
    const [h, p] = account.idToken.split('.');
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url')}.${account.idToken.split('.')[2]}`;
    for (const route of routes.filter((r) => r.auth !== 'public')) {
      for (const token of [undefined, 'not-a-jwt', tampered]) {
        const res = await call(route.method, samplePath(route.path), {
          token,
          body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
        });
        expect(res.status, `${route.method} ${route.path} with ${token ? 'bad' : 'no'} token`).toBe(401);
        expect(res.body).toEqual({ message: 'Unauthorized', code: 'UNAUTHORIZED' });
      }
    }
  });

  it('answers 404 for paths and methods that are not in the route table', async () => {
    const account = await newAccount('client');
    const res = await call('GET', '/nope', { token: account.idToken });
    expect([res.status, res.body]).toEqual([404, { message: 'Not Found', code: 'NOT_FOUND' }]);
    expect((await call('PATCH', '/post/abc', { token: account.idToken })).status).toBe(404);
    expect((await call('GET', '/post', { token: account.idToken })).status).toBe(404);
  });

  it('answers 400 for a path with malformed percent-encoding and keeps serving', async () => {
    const account = await newAccount('client');
    for (const path of ['/post/%E0%A4%A', '/post/%']) {
      const res = await call('GET', path, { token: account.idToken });
      expect([res.status, res.body], path).toEqual([400, { message: 'Bad Request', code: 'BAD_REQUEST' }]);
    }
    expect((await call('GET', '/post/available', { token: account.idToken })).status).toBe(200);
  });

  it('puts the account type (nickname) and sub of the ID token into the claims the handler reads', async () => {
    const account = await newAccount('business');
    const claims = JSON.parse(Buffer.from(account.idToken.split('.')[1], 'base64url').toString());
    expect(claims.nickname).toBe('business');
    expect(claims.sub).toBe(account.sub);
    expect(claims.iss).toBe(stack().issuer);
  });

  it('answers CORS preflights and exposes the paging header', async () => {
    const res = await fetch(`${stack().apiUrl}/post/available`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'GET' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(res.headers.get('access-control-expose-headers')).toContain('x-next-cursor');
  });
});

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: any;
  reusedSocket: boolean;
}

/** One request through the given agent, answering what a keep-alive client sees (and whether the socket was reused). */
function send(
  agent: http.Agent,
  method: string,
  path: string,
  opts: { body?: Buffer | string; headers?: Record<string, string> } = {},
) {
  const url = new URL(stack().apiUrl + path);
  return new Promise<RawAnswer>((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        method,
        path: url.pathname + url.search,
        headers: { 'content-type': 'application/json', ...opts.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            /* keep the text */
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, reusedSocket: req.reusedSocket });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

describe('local API gateway: requests too large', () => {
  it('refuses a 2 MB body with a JSON 413 and keeps the keep-alive connection usable (5 of 5)', async () => {
    const account = await newAccount('client');
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const big = Buffer.alloc(2 * 1024 * 1024, 'a');
      for (let i = 0; i < 5; i++) {
        const refused = await send(agent, 'POST', '/post', {
          body: big,
          headers: { authorization: `Bearer ${account.idToken}` },
        });
        expect([refused.status, refused.body], `round ${i}`).toEqual([
          413,
          { message: 'Request Entity Too Large', code: 'BODY_TOO_LARGE' },
        ]);
        const next = await send(agent, 'GET', '/post/available', {
          headers: { authorization: `Bearer ${account.idToken}` },
        });
        expect(next.status, `round ${i}: the request after the 413`).toBe(200);
        expect(next.reusedSocket, `round ${i}: same connection`).toBe(true);
      }
    } finally {
      agent.destroy();
    }
  });

  it('answers a 64 KB query string with a JSON 431 and keeps the connection usable', async () => {
    const account = await newAccount('client');
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const auth = { authorization: `Bearer ${account.idToken}` };
      const long = await send(agent, 'GET', `/post/available?q=${'x'.repeat(64 * 1024)}`, { headers: auth });
      expect([long.status, long.body]).toEqual([
        431,
        { message: 'Request Header Fields Too Large', code: 'HEADERS_TOO_LARGE' },
      ]);
      const next = await send(agent, 'GET', '/post/available', { headers: auth });
      expect([next.status, next.reusedSocket]).toEqual([200, true]);
    } finally {
      agent.destroy();
    }
  });

  it('answers headers Node cannot even parse (300 KB) with a JSON 431 and closes the connection cleanly', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const res = await send(agent, 'GET', '/post/available', { headers: { 'x-filler': 'y'.repeat(300 * 1024) } });
      expect([res.status, res.body]).toEqual([
        431,
        { message: 'Request Header Fields Too Large', code: 'HEADERS_TOO_LARGE' },
      ]);
      expect(res.headers.connection).toBe('close');
      const next = await send(agent, 'GET', '/nope');
      expect(next.status).toBe(404);
    } finally {
      agent.destroy();
    }
  });
});

describe('local API gateway: the time limit of a handler', () => {
  it('answers a handler that runs past the time limit with a JSON 503 and Retry-After, on time, and keeps serving', async () => {
    const account = await newAccount('client');
    const timeLimitMs = 400;
    let remainingSeen: number | undefined;
    const gateway = await startGateway({
      port: 0,
      issuer: stack().issuer,
      audience: stack().userPoolClientId,
      corsOrigins: '*',
      timeLimitMs,
      routes: [
        { method: 'GET', path: '/slow', handler: 'slow', auth: 'user' },
        { method: 'GET', path: '/fast', handler: 'fast', auth: 'user' },
      ],
      loadHandler: async (name) => async (_event, context) => {
        remainingSeen = (context.getRemainingTimeInMillis as () => number)();
        if (name === 'slow') await new Promise((r) => setTimeout(r, 5000));
        return { statusCode: 200, body: '{}' };
      },
    });
    try {
      const started = Date.now();
      const res = await fetch(`${gateway.url}/slow`, { headers: { authorization: `Bearer ${account.idToken}` } });
      const took = Date.now() - started;
      expect([res.status, await res.json()]).toEqual([
        503,
        { message: 'Service Unavailable', code: 'SERVICE_UNAVAILABLE' },
      ]);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(took).toBeGreaterThanOrEqual(timeLimitMs - 20);
      expect(took).toBeLessThan(timeLimitMs + 1500);
      // Like the Lambda runtime, the handler is told how long it has left.
      expect(remainingSeen).toBeGreaterThan(0);
      expect(remainingSeen).toBeLessThanOrEqual(timeLimitMs);
      const fast = await fetch(`${gateway.url}/fast`, { headers: { authorization: `Bearer ${account.idToken}` } });
      expect(fast.status).toBe(200);
    } finally {
      await gateway.stop();
    }
  });
});

describe('local API gateway: verified tokens remembered until they expire', () => {
  it('answers a token the same on every call until its exp, then 401; a token that failed never passes', async () => {
    const { publicKey, privateKey } = await generateKeyPair('RS256');
    const other = await generateKeyPair('RS256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'pool-key', alg: 'RS256', use: 'sig' };
    let keyFetches = 0;
    const pool = http.createServer((_req, res) => {
      keyFetches++;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((resolve) => pool.listen(0, '127.0.0.1', resolve));
    const issuer = `http://127.0.0.1:${(pool.address() as AddressInfo).port}/pool`;
    const audience = 'local-client';
    const token = (claims: Record<string, unknown>, exp: number, key = privateKey) =>
      new SignJWT({ token_use: 'id', nickname: 'client', ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: 'pool-key' })
        .setIssuer(issuer)
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime(exp)
        .sign(key);
    const gateway = await startGateway({
      port: 0,
      issuer,
      audience,
      corsOrigins: '*',
      routes: [{ method: 'GET', path: '/me', handler: 'me', auth: 'user' }],
      loadHandler: async () => async (event) => ({
        statusCode: 200,
        body: JSON.stringify(event.requestContext.authorizer?.jwt?.claims ?? null),
      }),
    });
    const get = async (bearer: string) => {
      const res = await fetch(`${gateway.url}/me`, { headers: { authorization: `Bearer ${bearer}` } });
      return [res.status, await res.json()];
    };
    try {
      // Valid while the clock's whole second is before exp (jose's rule); start right after a second turns.
      await new Promise((r) => setTimeout(r, 1000 - (Date.now() % 1000) + 20));
      const exp = Math.floor(Date.now() / 1000) + 2;
      const good = await token({ sub: 'user-1' }, exp);
      const first = await get(good);
      expect(first[0]).toBe(200);
      expect(first[1]).toMatchObject({ sub: 'user-1', nickname: 'client', exp: String(exp) });
      expect(await get(good)).toEqual(first);
      expect(keyFetches).toBe(1);
      // Tokens that fail answer 401 every time, also beside a remembered one with the same claims.
      const [h, , signature] = good.split('.');
      const otherKey = await token({ sub: 'user-1' }, exp, other.privateKey);
      const tampered = `${h}.${Buffer.from(JSON.stringify({ ...decodeJwt(good), sub: 'user-2' })).toString('base64url')}.${signature}`;
      const wrongAudience = await new SignJWT({ token_use: 'id', nickname: 'client', sub: 'user-1' })
        .setProtectedHeader({ alg: 'RS256', kid: 'pool-key' })
        .setIssuer(issuer)
        .setAudience('someone-else')
        .setExpirationTime(exp)
        .sign(privateKey);
      for (const bad of [otherKey, tampered, wrongAudience, otherKey, tampered, wrongAudience]) {
        expect(await get(bad)).toEqual([401, { message: 'Unauthorized', code: 'UNAUTHORIZED' }]);
      }
      expect(await get(good)).toEqual(first);
      // From its exp on, the remembered token is refused like any expired one.
      await new Promise((r) => setTimeout(r, exp * 1000 - Date.now() + 20));
      expect(await get(good)).toEqual([401, { message: 'Unauthorized', code: 'UNAUTHORIZED' }]);
      expect(await get(good)).toEqual([401, { message: 'Unauthorized', code: 'UNAUTHORIZED' }]);
    } finally {
      await gateway.stop();
      pool.close();
    }
  });
});

describe('local API gateway: the user pool unreachable', () => {
  it("answers 503 SERVICE_UNAVAILABLE (not 401) when the pool's keys cannot be fetched", async () => {
    const account = await newAccount('client');
    const closed = await freePort();
    const gateway = await startGateway({
      port: 0,
      issuer: `http://127.0.0.1:${closed}/pool`,
      audience: stack().userPoolClientId,
      corsOrigins: '*',
      routes: [{ method: 'GET', path: '/post/available', handler: 'listAvailablePosts', auth: 'user' }],
      loadHandler: async () => async () => ({ statusCode: 200, body: '[]' }),
    });
    try {
      const res = await fetch(`${gateway.url}/post/available`, {
        headers: { authorization: `Bearer ${account.idToken}` },
      });
      expect([res.status, await res.json()]).toEqual([
        503,
        { message: 'Service Unavailable', code: 'SERVICE_UNAVAILABLE' },
      ]);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      // No token at all is still the caller's problem.
      expect((await fetch(`${gateway.url}/post/available`)).status).toBe(401);
    } finally {
      await gateway.stop();
    }
  });
});

describe('the local web app at both localhost and 127.0.0.1', () => {
  const origins = localWebOrigins(5173);
  const preflight = (url: string, origin: string, method: string) =>
    fetch(url, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'content-type' },
    });

  it('names both origins of the web app', () => {
    expect(origins).toEqual(['http://localhost:5173', 'http://127.0.0.1:5173']);
  });

  it('the API answers CORS for both origins of the web app, and for no other', async () => {
    const account = await newAccount('client');
    const gateway = await startGateway({
      port: 0,
      issuer: stack().issuer,
      audience: stack().userPoolClientId,
      corsOrigins: origins,
      routes: [{ method: 'GET', path: '/post/available', handler: 'listAvailablePosts', auth: 'user' }],
      loadHandler: async () => async () => ({ statusCode: 200, body: '[]' }),
    });
    try {
      for (const origin of origins) {
        const pre = await preflight(`${gateway.url}/post/available`, origin, 'GET');
        expect([pre.status, pre.headers.get('access-control-allow-origin')], origin).toEqual([204, origin]);
        const res = await fetch(`${gateway.url}/post/available`, {
          headers: { origin, authorization: `Bearer ${account.idToken}` },
        });
        expect([res.status, res.headers.get('access-control-allow-origin')], origin).toEqual([200, origin]);
        expect(res.headers.get('access-control-expose-headers')).toContain('x-next-cursor');
      }
      for (const origin of ['http://localhost:5174', 'http://evil.example', 'http://127.0.0.2:5173']) {
        const pre = await preflight(`${gateway.url}/post/available`, origin, 'GET');
        expect(pre.headers.get('access-control-allow-origin'), origin).toBeNull();
      }
    } finally {
      await gateway.stop();
    }
  });

  it('the S3 emulator takes uploads from both origins of the web app', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'marketplace-s3-cors-'));
    const s3 = await startS3({ port: await freePort(), dataDir, bucket: 'cors-test', corsOrigins: origins });
    try {
      for (const origin of origins) {
        // s3rver answers an allowed origin with "*" and refuses the others with 403.
        const pre = await preflight(`${s3.endpoint}/cors-test/uploads/a.jpg`, origin, 'PUT');
        expect([pre.status, pre.headers.get('access-control-allow-origin')], origin).toEqual([200, '*']);
      }
      const other = await preflight(`${s3.endpoint}/cors-test/uploads/a.jpg`, 'http://evil.example', 'PUT');
      expect([other.status, other.headers.get('access-control-allow-origin')]).toEqual([403, null]);
    } finally {
      await s3.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the local S3 emulator', () => {
  it('answers a put, and announces the object, only once the whole object is on disk', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'marketplace-s3-put-'));
    // Starting the emulator readies its file store (bin/local/emulators.ts), which every put goes through.
    const s3 = await startS3({ port: await freePort(), dataDir, bucket: 'put-test', corsOrigins: '*' });
    try {
      const FileStore = require('s3rver/lib/stores/filesystem');
      const StoredObject = require('s3rver/lib/models/object');
      const store = new FileStore(dataDir);
      const written: { key: string; answered: number; onDisk: number }[] = [];
      for (let i = 0; i < 10; i++) {
        // An upload arrives as a stream (a browser's PUT); a processed picture as a buffer.
        const streamed = Readable.from(Array.from({ length: 32 }, () => Buffer.alloc(256 * 1024, i)));
        for (const [key, content] of [
          [`uploads/streamed-${i}`, streamed],
          [`images/buffered-${i}`, Buffer.alloc(4 * 1024 * 1024, i)],
        ] as const) {
          const { size } = await store.putObject(new StoredObject('put-test', key, content, {}));
          const onDisk = statSync(store.getResourcePath('put-test', key, 'object')).size;
          written.push({ key, answered: size, onDisk });
        }
      }
      expect(written.filter((w) => w.onDisk !== w.answered || w.answered === 0)).toEqual([]);
    } finally {
      await s3.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
