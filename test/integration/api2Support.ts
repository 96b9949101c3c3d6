/** Helpers of the offers / ads / chat integration tests: posts and offers made through the API. */
import { expect } from 'vitest';
import { call, newBusiness, newClient } from '../support/api';

export type Client = Awaited<ReturnType<typeof newClient>>;
export type BusinessAccount = Awaited<ReturnType<typeof newBusiness>>;

export async function newPost(client: Client, over: Record<string, unknown> = {}) {
  const res = await call('POST', '/post', {
    token: client.token,
    body: {
      userId: client.userId, title: 'Renovate the bathroom', location: 'Durrës', budget: 1500, category: [],
      content: 'New tiles and a shower', images: [`uploads/${client.sub}/bath-1.jpg`, `uploads/${client.sub}/bath-2.jpg`], ...over,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { _id: string; createdAt: string; status: string };
}

export async function newOffer(business: BusinessAccount, postId: string, over: Record<string, unknown> = {}) {
  const res = await call('POST', '/offer', {
    token: business.token,
    body: { postId, businessId: business.businessId, price: 1400, message: 'We can start next week', ...over },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { _id: string; status: string };
}

export const setStatus = (client: Client, offerId: string, newStatus: string) =>
  call('PUT', '/offer/status', { token: client.token, body: { offerId, newStatus } });

export async function postStatus(token: string, postId: string): Promise<string> {
  const res = await call('GET', `/post/${postId}`, { token });
  expect(res.status).toBe(200);
  return res.body.status;
}

/** The offers of a post as its owner sees them, by id. */
export async function offersOf(client: Client, postId: string): Promise<Record<string, { status: string; price: number }>> {
  const res = await call('GET', `/getPostOffers/${postId}`, { token: client.token });
  expect(res.status).toBe(200);
  return Object.fromEntries((res.body as { _id: string; status: string; price: number }[]).map((o) => [o._id, o]));
}

/** Whether the post is in GET /post/available (pages through the newer posts other tests add meanwhile). */
export async function isAvailable(token: string, post: { _id: string; createdAt: string }): Promise<boolean> {
  let cursor: string | null = null;
  for (;;) {
    const res: Awaited<ReturnType<typeof call>> = await call('GET', `/post/available?limit=100${cursor ? `&cursor=${cursor}` : ''}`, { token });
    expect(res.status).toBe(200);
    const items = res.body as { _id: string; createdAt: string }[];
    if (items.some((p) => p._id === post._id)) return true;
    cursor = res.headers.get('x-next-cursor');
    if (!cursor || items.length === 0 || items[items.length - 1].createdAt < post.createdAt) return false;
  }
}
