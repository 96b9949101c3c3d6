/**
 * Authorization matrix of the report and moderation routes: signed out (401), a client or business that is
 * no moderator on the /moderation routes (403 NOT_MODERATOR), an unknown account type (403), one's own item
 * (400 OWN_ITEM); the queue, the reported item and the weekly counts read back afterwards show that no
 * refused call changed anything.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReportedItem } from '../../common/moderation';
import {
  call,
  newAccount,
  newBusiness,
  newClient,
  newModerator,
  newPost,
  type BusinessAccount,
  type Client,
} from '../support/api';

let owner: Client, reporter: Client, biz: BusinessAccount, moderatorToken: string;
let postId: string, entryId: string;

async function snapshot() {
  const queue = await call('GET', '/moderation/reports?limit=100', { token: moderatorToken });
  const entry = (queue.body as ReportedItem[]).find((e) => e._id === entryId);
  const post = await call('GET', `/post/${postId}`, { token: reporter.token });
  return { entry, post: { status: post.status, body: post.body } };
}

beforeAll(async () => {
  [owner, reporter, biz] = await Promise.all([newClient(), newClient(), newBusiness()]);
  moderatorToken = (await newModerator()).token;
  postId = (await newPost(owner, { images: [], title: 'Watched request' }))._id;
  const reported = await call('POST', '/report', {
    token: reporter.token,
    body: { kind: 'post', targetId: postId, reason: 'spam' },
  });
  expect(reported.status).toBe(201);
  const queue = await call('GET', '/moderation/reports?limit=100', { token: moderatorToken });
  entryId = (queue.body as ReportedItem[]).find((e) => e.targetId === postId)!._id;
});

const moderationCalls = () =>
  [
    ['GET', '/moderation/reports', undefined],
    ['GET', '/moderation/reports?status=hidden', undefined],
    ['POST', `/moderation/reports/${entryId}/decision`, { action: 'hide', reason: 'Spam' }],
    ['POST', `/moderation/reports/${entryId}/decision`, { action: 'suspend', reason: 'Spam' }],
    ['POST', `/moderation/reports/${entryId}/decision`, { action: 'dismiss' }],
    ['GET', '/moderation/stats', undefined],
  ] as const;

describe('reports and moderation: refused calls change nothing', () => {
  it('signed out: every route is 401', async () => {
    const before = await snapshot();
    for (const [method, path, body] of [
      ...moderationCalls(),
      ['POST', '/report', { kind: 'post', targetId: postId, reason: 'spam' }] as const,
    ]) {
      expect((await call(method, path, { body })).status, `${method} ${path}`).toBe(401);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('a client, a business, the reported owner and an unknown account type are no moderators', async () => {
    const before = await snapshot();
    const odd = await newAccount('admin');
    for (const [who, token, code] of [
      ['client', reporter.token, 'NOT_MODERATOR'],
      ['business', biz.token, 'NOT_MODERATOR'],
      ['owner', owner.token, 'NOT_MODERATOR'],
      ['unknown type', odd.idToken, 'WRONG_ROLE'],
    ] as const) {
      for (const [method, path, body] of moderationCalls()) {
        const res = await call(method, path, { token, body });
        expect([res.status, res.body?.code], `${who} ${method} ${path}`).toEqual([403, code]);
      }
    }
    expect(await snapshot()).toEqual(before);
    expect(before.entry).toMatchObject({ status: 'open', reportCount: 1 });
    expect(before.post.status).toBe(200);
  });

  it('reporting: one’s own item is refused, a second report is refused, and neither counts', async () => {
    const before = await snapshot();
    expect(
      await call('POST', '/report', { token: owner.token, body: { kind: 'post', targetId: postId, reason: 'spam' } }),
    ).toMatchObject({ status: 400, body: { code: 'OWN_ITEM' } });
    expect(
      await call('POST', '/report', {
        token: reporter.token,
        body: { kind: 'post', targetId: postId, reason: 'fake' },
      }),
    ).toMatchObject({ status: 409, body: { code: 'ALREADY_REPORTED' } });
    expect(await snapshot()).toEqual(before);
  });
});
