/**
 * Deleting a request that has an accepted offer: 409 POST_HAS_ACCEPTED_OFFER and
 * nothing changes; the client cancels the acceptance first, then the delete goes through.
 */
import { describe, expect, it } from 'vitest';
import { call, newBusiness, newClient, newOffer, newPost, postStatus, setStatus } from '../support/api';

describe('DELETE /post/{id} with an accepted offer', () => {
  it('answers 409 with a clear message and keeps the post and the accepted offer', async () => {
    const client = await newClient();
    const business = await newBusiness();
    const other = await newBusiness();
    const post = await newPost(client);
    const accepted = await newOffer(business, post._id);
    const pending = await newOffer(other, post._id);
    expect((await setStatus(client, accepted._id, 'accepted')).status).toBe(200);

    const res = await call('DELETE', `/post/${post._id}`, { token: client.token });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: 'POST_HAS_ACCEPTED_OFFER',
      message: expect.stringMatching(/cancel the acceptance first/i),
    });

    expect(await postStatus(client.token, post._id)).toBe('accepted');
    const offers = await call('GET', `/getPostOffers/${post._id}`, { token: client.token });
    expect(Object.fromEntries(offers.body.map((o: { _id: string; status: string }) => [o._id, o.status]))).toEqual({
      [accepted._id]: 'accepted',
      [pending._id]: 'pending',
    });
    const own = await call('GET', `/business/offers/${business.businessId}`, { token: business.token });
    expect(own.body.map((o: { _id: string }) => o._id)).toEqual([accepted._id]);
    expect((await call('GET', `/business/${business.businessId}`, { token: business.token })).body.offersCount).toBe(1);

    // Cancel the acceptance, then the request can be deleted (with its offers).
    expect((await setStatus(client, accepted._id, 'pending')).status).toBe(200);
    const deleted = await call('DELETE', `/post/${post._id}`, { token: client.token });
    expect(deleted.status).toBe(200);
    expect((await call('GET', `/post/${post._id}`, { token: client.token })).status).toBe(404);
    expect((await call('GET', `/business/offers/${business.businessId}`, { token: business.token })).body).toEqual([]);
  });
});
