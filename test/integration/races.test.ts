/**
 * Requests that race over the local stack: the same write sent many times at once, and two writes that
 * exclude each other sent together. Whatever order the table applies them in, exactly one wins, every
 * loser is a 4xx with a code, and what is stored afterwards agrees with the answers (counters included).
 */
import { describe, expect, it } from 'vitest';
import type { Offer, Post } from '../../common/types';
import {
  call,
  newBusiness,
  newClient,
  newModerator,
  newOffer,
  newPost,
  offersOf,
  postStatus,
  setStatus,
  type BusinessAccount,
  type CallResult,
  type Client,
} from '../support/api';
import { reportQueue } from '../support/moderators';

const TIMES = 10;
/** Which write wins a pair is up to the table: each pair is tried on this many fresh requests. */
const ROUNDS = 3;
const statuses = (answers: CallResult[]) => answers.map((a) => a.status);
const business = async (token: string, id: string) => (await call('GET', `/business/${id}`, { token })).body;

/** `race` on ROUNDS fresh requests of a client, each with one pending offer of a business. */
async function eachRound(
  race: (r: { client: Client; studio: BusinessAccount; post: Post; offer: Offer }) => Promise<void>,
) {
  for (let round = 0; round < ROUNDS; round++) {
    const client = await newClient();
    const studio = await newBusiness();
    const post = await newPost(client, { images: [] });
    await race({ client, studio, post, offer: await newOffer(studio, post._id) });
  }
}

/** Every loser is a 4xx JSON error with a code: never a 5xx. */
function expectClearLosers(answers: CallResult[], winner: number) {
  for (const a of answers) {
    if (a.status === winner) continue;
    expect(a.status, JSON.stringify(a.body)).toBeGreaterThanOrEqual(400);
    expect(a.status, JSON.stringify(a.body)).toBeLessThan(500);
    expect(a.body).toMatchObject({ message: expect.any(String), code: expect.any(String) });
  }
}

describe('one write sent many times at once', () => {
  it('the same business offers on one post 10 times: one offer, one in its count', async () => {
    const client = await newClient();
    const studio = await newBusiness();
    const post = await newPost(client, { images: [] });
    const answers = await Promise.all(
      Array.from({ length: TIMES }, (_, i) =>
        call('POST', '/offer', {
          token: studio.token,
          body: { postId: post._id, businessId: studio.businessId, price: 100 + i, message: 'Oak, two days' },
        }),
      ),
    );
    expect(statuses(answers).filter((s) => s === 201)).toHaveLength(1);
    expectClearLosers(answers, 201);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.code === 'ALREADY_OFFERED')).toBe(true);
    expect(Object.keys(await offersOf(client, post._id))).toEqual([answers.find((a) => a.status === 201)!.body._id]);
    expect((await business(client.token, studio.businessId)).offersCount).toBe(1);
  });

  it('the client sends the review of one job 10 times: one review, counted once', async () => {
    const client = await newClient();
    const studio = await newBusiness();
    const post = await newPost(client, { images: [] });
    const offer = await newOffer(studio, post._id);
    expect((await setStatus(client, offer._id, 'accepted')).status).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: TIMES }, (_, i) =>
        call('POST', '/finishedJobs', {
          token: client.token,
          body: { postId: post._id, businessId: studio.businessId, rating: (i % 5) + 1, review: 'Well done' },
        }),
      ),
    );
    expect(statuses(answers).filter((s) => s === 201)).toHaveLength(1);
    expectClearLosers(answers, 201);
    const won = answers.find((a) => a.status === 201)!.body as { rating: number };
    expect(await business(client.token, studio.businessId)).toMatchObject({
      reviewCount: 1,
      finishedJobsCount: 1,
      ratingAverage: won.rating,
    });
    expect(await postStatus(client.token, post._id)).toBe('finished');
  });

  it('one user reports one request 10 times: one report in one queue entry', async () => {
    const owner = await newClient();
    const reporter = await newClient();
    const moderator = await newModerator();
    const post = await newPost(owner, { images: [] });
    const answers = await Promise.all(
      Array.from({ length: TIMES }, () =>
        call('POST', '/report', { token: reporter.token, body: { kind: 'post', targetId: post._id, reason: 'spam' } }),
      ),
    );
    expect(statuses(answers).filter((s) => s === 201)).toHaveLength(1);
    expectClearLosers(answers, 201);
    const entries = await reportQueue(moderator.token);
    expect(entries.filter((e) => e.targetId === post._id).map((e) => e.reportCount)).toEqual([1]);
  });
});

describe('two writes that exclude each other, sent together', () => {
  it('closing a request while accepting an offer on it: closed with the offer declined, or accepted and the close refused', async () => {
    await eachRound(async ({ client, post, offer }) => {
      const [closed, accepted] = await Promise.all([
        call('POST', `/post/${post._id}/close`, { token: client.token }),
        setStatus(client, offer._id, 'accepted'),
      ]);
      const status = await postStatus(client.token, post._id);
      const stored = (await offersOf(client, post._id))[offer._id];
      if (accepted.status === 200) {
        expectClearLosers([closed], 200);
        expect([status, stored.status]).toEqual(['accepted', 'accepted']);
      } else {
        expect(closed.status, JSON.stringify(closed.body)).toBe(200);
        expectClearLosers([accepted], 200);
        expect([status, stored.status]).toEqual(['closed', 'declined']);
      }
    });
  });

  it('a business withdraws its offer while the client accepts it: never an accepted offer that is gone', async () => {
    await eachRound(async ({ client, studio, post, offer }) => {
      const [withdrawn, accepted] = await Promise.all([
        call('DELETE', `/offer/${offer._id}`, { token: studio.token }),
        setStatus(client, offer._id, 'accepted'),
      ]);
      const status = await postStatus(client.token, post._id);
      const stored = (await offersOf(client, post._id))[offer._id];
      if (accepted.status === 200) {
        // Withdrawing an accepted offer is allowed too (the post then reopens); either way they agree.
        if (withdrawn.status === 200) expect([status, stored]).toEqual(['open', undefined]);
        else expect([status, stored?.status]).toEqual(['accepted', 'accepted']);
      } else {
        expectClearLosers([accepted], 200);
        expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
        expect([status, stored]).toEqual(['open', undefined]);
      }
      expect((await business(client.token, studio.businessId)).offersCount).toBe(stored ? 1 : 0);
    });
  });

  it('the client deletes a request while accepting an offer on it: deleted, or accepted and kept', async () => {
    await eachRound(async ({ client, studio, post, offer }) => {
      const [deleted, accepted] = await Promise.all([
        call('DELETE', `/post/${post._id}`, { token: client.token }),
        setStatus(client, offer._id, 'accepted'),
      ]);
      const after = await call('GET', `/post/${post._id}`, { token: client.token });
      if (deleted.status === 200) {
        expectClearLosers([accepted], 200);
        expect(after.status).toBe(404);
        expect((await business(client.token, studio.businessId)).offersCount).toBe(0);
      } else {
        expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
        expectClearLosers([deleted], 200);
        expect(after.body.status).toBe('accepted');
      }
    });
  });
});
