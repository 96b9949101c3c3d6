/**
 * The local gateway behaves like API Gateway's HTTP API with a JWT authorizer: every route of the
 * table is served, nothing else is, and no handler runs without a valid ID token from the pool.
 */
import { describe, expect, it } from 'vitest';
import { routes } from '../../common/routes';
import { call, newAccount, stack } from './../support/api';

const samplePath = (path: string) => path.replace(/\{\w+\}/g, 'some-id');

describe('local API gateway', () => {
  it('answers 401 on every route without a token, with invalid tokens and with tampered tokens', async () => {
    const account = await newAccount('client');
    const [h, p] = account.idToken.split('.');
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url')}.${account.idToken.split('.')[2]}`;
    for (const route of routes) {
      for (const token of [undefined, 'not-a-jwt', tampered]) {
        const res = await call(route.method, samplePath(route.path), { token, body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {} });
        expect(res.status, `${route.method} ${route.path} with ${token ? 'bad' : 'no'} token`).toBe(401);
        expect(res.body).toEqual({ message: 'Unauthorized' });
      }
    }
  });

  it('answers 404 for paths and methods that are not in the route table', async () => {
    const account = await newAccount('client');
    expect((await call('GET', '/nope', { token: account.idToken })).status).toBe(404);
    expect((await call('PATCH', '/post/abc', { token: account.idToken })).status).toBe(404);
    expect((await call('GET', '/post', { token: account.idToken })).status).toBe(404);
  });

  it('answers 400 for a path with malformed percent-encoding and keeps serving', async () => {
    const account = await newAccount('client');
    for (const path of ['/post/%E0%A4%A', '/post/%']) {
      const res = await call('GET', path, { token: account.idToken });
      expect([res.status, res.body], path).toEqual([400, { message: 'Bad Request' }]);
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
      method: 'OPTIONS', headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'GET' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(res.headers.get('access-control-expose-headers')).toContain('x-next-cursor');
  });
});
