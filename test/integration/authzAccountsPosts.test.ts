/**
 * Authorization matrix of the account, profile and post routes: each protected call made signed
 * out, with the wrong role, and as another user of the right role is refused, and the data a
 * reader sees afterwards is exactly what it was before.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { call, newAccount, newBusiness, newClient } from '../support/api';

type Client = Awaited<ReturnType<typeof newClient>>;
type Biz = Awaited<ReturnType<typeof newBusiness>>;
let victim: Client, otherClient: Client, victimBiz: Biz, otherBiz: Biz;
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
    newClient({ username: 'Victim Client' }), newClient(), newBusiness({ businessName: 'Victim Studio' }), newBusiness(),
  ]);
  postId = (await call('POST', '/post', { token: victim.token, body: { userId: victim.userId, title: 'Mine', location: 'Tirana' } })).body._id;
});

describe('refused calls change nothing', () => {
  it.each([
    // [what, method, path, body builder, callers refused with 403]
    ['create a user record for someone else', 'POST', () => '/user', () => ({ cognitoId: victim.sub, username: 'X' }), () => [otherClient, otherBiz]],
    ['create a business record for someone else', 'POST', () => '/business', () => ({ cognitoId: victimBiz.sub, businessName: 'X', location: 'Tirana' }), () => [otherBiz, otherClient]],
    ['update another client', 'PUT', () => `/user/${victim.userId}`, () => ({ username: 'Hacked' }), () => [otherClient, otherBiz]],
    ['update another business', 'PUT', () => `/business/${victimBiz.businessId}`, () => ({ businessName: 'Hacked', showroom: [] }), () => [otherBiz, otherClient]],
    ['post as another client', 'POST', () => '/post', () => ({ userId: victim.userId, title: 'Spoof', location: 'Tirana' }), () => [otherClient, otherBiz]],
    ['delete another client\'s post', 'DELETE', () => `/post/${postId}`, () => undefined, () => [otherClient, otherBiz]],
  ] as const)('%s', async (_what, method, path, body, callers) => {
    const before = await snapshot();
    expect((await call(method, path(), { body: body() })).status).toBe(401);
    for (const caller of callers()) {
      const res = await call(method, path(), { token: caller.token, body: body() });
      expect(res.status, `${caller.role} ${method} ${path()}`).toBe(403);
      expect(res.body.message).toEqual(expect.any(String));
    }
    expect(await snapshot()).toEqual(before);
  });

  it('suggested posts are for businesses only; an unknown account type is refused everywhere', async () => {
    expect((await call('GET', '/post/suggested', { token: victim.token })).status).toBe(403);
    const odd = await newAccount('admin');
    for (const [method, path] of [['GET', '/category/all'], ['GET', `/post/${postId}`], ['POST', '/contactForm']] as const) {
      expect((await call(method, path, { token: odd.idToken, body: method === 'POST' ? { message: 'hi' } : undefined })).status).toBe(403);
    }
  });
});
