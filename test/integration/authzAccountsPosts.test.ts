/**
 * Authorization matrix of the account, profile and post routes: each protected call made signed
 * out, with the wrong role, and as another user of the right role is refused, and the data a
 * reader sees afterwards is exactly what it was before.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { call, newAccount, newBusiness, newClient, newPost, type BusinessAccount, type Client } from '../support/api';

let victim: Client, otherClient: Client, victimBiz: BusinessAccount, otherBiz: BusinessAccount;
let postId: string;

/** Everything the refused calls could have changed, as a reader sees it. */
async function snapshot() {
  const reader = otherClient.token;
  const get = async (path: string) => {
    const r = await call('GET', path, { token: reader });
    return { status: r.status, body: r.body };
  };
  return {
    user: await get(`/user/${victim.userId}`),
    business: await get(`/business/${victimBiz.businessId}`),
    posts: await get(`/post/user/${victim.userId}`),
    post: await get(`/post/${postId}`),
  };
}

beforeAll(async () => {
  [victim, otherClient, victimBiz, otherBiz] = await Promise.all([
    newClient({ username: 'Victim Client' }),
    newClient(),
    newBusiness({ businessName: 'Victim Studio' }),
    newBusiness(),
  ]);
  postId = (await newPost(victim, { title: 'Mine', location: 'Tirana' }))._id;
});

interface Case {
  what: string;
  method: 'POST' | 'PUT' | 'DELETE';
  path: () => string;
  body: () => unknown;
  /** Callers of the wrong role or another user of the right role: each gets a 403. */
  refused: () => { token: string; role: string }[];
}

const cases: Case[] = [
  {
    what: 'create a user record for someone else',
    method: 'POST',
    path: () => '/user',
    body: () => ({ cognitoId: victim.sub, username: 'X' }),
    refused: () => [otherClient, otherBiz],
  },
  {
    what: 'create a business record for someone else',
    method: 'POST',
    path: () => '/business',
    body: () => ({ cognitoId: victimBiz.sub, businessName: 'X', location: 'Tirana' }),
    refused: () => [otherBiz, otherClient],
  },
  {
    what: 'update another client',
    method: 'PUT',
    path: () => `/user/${victim.userId}`,
    body: () => ({ username: 'Hacked' }),
    refused: () => [otherClient, otherBiz],
  },
  {
    what: 'update another business',
    method: 'PUT',
    path: () => `/business/${victimBiz.businessId}`,
    body: () => ({ businessName: 'Hacked', showroom: [] }),
    refused: () => [otherBiz, otherClient],
  },
  {
    what: 'post as another client',
    method: 'POST',
    path: () => '/post',
    body: () => ({ userId: victim.userId, title: 'Spoof', location: 'Tirana' }),
    refused: () => [otherClient, otherBiz],
  },
  {
    what: "delete another client's post",
    method: 'DELETE',
    path: () => `/post/${postId}`,
    body: () => undefined,
    refused: () => [otherClient, otherBiz],
  },
  {
    what: "close another client's post",
    method: 'POST',
    path: () => `/post/${postId}/close`,
    body: () => undefined,
    refused: () => [otherClient, otherBiz],
  },
  {
    what: "reopen another client's post",
    method: 'POST',
    path: () => `/post/${postId}/reopen`,
    body: () => undefined,
    refused: () => [otherClient, otherBiz],
  },
];

describe('refused calls change nothing', () => {
  it.each(cases)('$what', async ({ method, path, body, refused }) => {
    const before = await snapshot();
    expect((await call(method, path(), { body: body() })).status).toBe(401);
    for (const caller of refused()) {
      const res = await call(method, path(), { token: caller.token, body: body() });
      expect(res.status, `${caller.role} ${method} ${path()}`).toBe(403);
      expect(res.body.message).toEqual(expect.any(String));
    }
    expect(await snapshot()).toEqual(before);
  });

  it('suggested posts are for businesses only; an unknown account type is refused everywhere', async () => {
    expect((await call('GET', '/post/suggested', { token: victim.token })).status).toBe(403);
    const odd = await newAccount('admin');
    for (const [method, path] of [
      ['GET', '/category/all'],
      ['GET', `/post/${postId}`],
      ['POST', '/contactForm'],
    ] as const) {
      expect(
        (await call(method, path, { token: odd.idToken, body: method === 'POST' ? { message: 'hi' } : undefined }))
          .status,
      ).toBe(403);
    }
  });
});
