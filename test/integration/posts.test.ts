/** Posts through the local gateway: create (clients, as themselves), read, list, delete (owner only). */
import { beforeAll, describe, expect, it } from 'vitest';
import { call, categoryIdsByName, newBusiness, newClient, newOffer, newPost, uploadPicture } from '../support/api';

let categories: Record<string, string>;
beforeAll(async () => {
  categories = await categoryIdsByName((await newClient()).token);
});

const postBody = (userId: string, over: Record<string, unknown> = {}) => ({
  userId,
  title: 'Paint two bedrooms',
  category: [categories.Painting],
  location: 'Tirana',
  budget: 300,
  content: 'Walls and ceilings',
  images: [],
  ...over,
});

describe('GET /category/all', () => {
  it('answers the nine services', async () => {
    const c = await newClient();
    const res = await call('GET', '/category/all', { token: c.token });
    expect((res.body as { name: string }[]).map((x) => x.name)).toEqual([
      'Interior Design',
      'Decor',
      'Furniture',
      'Outdoor',
      'Dural',
      'Flooring',
      'Painting',
      'Lights',
      'Bathroom',
    ]);
  });
});

describe('POST /post', () => {
  it("creates an open post with the client's name; it shows in the post, the client's list and the available list", async () => {
    const client = await newClient({ username: 'Elira Gashi' });
    const created = await call('POST', '/post', {
      token: client.token,
      body: postBody(client.userId, { budget: '1200', images: [await uploadPicture(client)] }),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      userId: client.userId,
      status: 'open',
      budget: 1200,
      clientName: 'Elira Gashi',
    });
    expect(created.body.images[0]).toMatch(new RegExp(`^https?://.+/images/${client.sub}/.+/1280\\.webp$`));

    const read = await call('GET', `/post/${created.body._id}`, { token: client.token });
    expect(read.body).toEqual(created.body);
    const mine = await call('GET', `/post/user/${client.userId}`, { token: client.token });
    expect(mine.body).toEqual([created.body]);
    const available = await call('GET', '/post/available?limit=100', { token: client.token });
    expect((available.body as { _id: string }[]).map((p) => p._id)).toContain(created.body._id);
  });

  it("refuses businesses, other users' ids and invalid bodies, creating nothing", async () => {
    const client = await newClient();
    const other = await newClient();
    const biz = await newBusiness();
    expect((await call('POST', '/post', { token: biz.token, body: postBody(client.userId) })).status).toBe(403);
    expect((await call('POST', '/post', { token: other.token, body: postBody(client.userId) })).status).toBe(403);
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '' }, 'title'],
      [{ location: '' }, 'location'],
      [{ budget: 'lots' }, 'budget'],
      [{ category: ['not-a-category'] }, 'category'],
      [{ images: Array.from({ length: 6 }, (_, i) => `uploads/${client.sub}/${i}.png`) }, 'images'],
      // Only files the caller uploaded: another user's upload (by key or CDN address) is refused.
      [{ images: [`uploads/${client.sub}/mine.png`, `uploads/${other.sub}/theirs.png`] }, 'images.1'],
    ];
    for (const [change, field] of cases) {
      const res = await call('POST', '/post', { token: client.token, body: postBody(client.userId, change) });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    expect((await call('GET', `/post/user/${client.userId}`, { token: client.token })).body).toEqual([]);
  });

  it('GET /post/{id} is 404 for an unknown id', async () => {
    const c = await newClient();
    const res = await call('GET', '/post/00000000-0000-4000-8000-000000000000', { token: c.token });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'No post found.', code: 'NOT_FOUND' });
  });
});

describe('DELETE /post/{id}', () => {
  it('only the owner deletes; the post, its open entries and its offers go', async () => {
    const owner = await newClient();
    const intruder = await newClient();
    const biz = await newBusiness();
    const post = await newPost(owner, postBody(owner.userId, { location: 'Berat' }));
    await newOffer(biz, post._id, { price: 250, message: 'We can start Monday' });

    expect((await call('DELETE', `/post/${post._id}`, { token: intruder.token })).status).toBe(403);
    expect((await call('DELETE', `/post/${post._id}`, { token: biz.token })).status).toBe(403);
    expect((await call('GET', `/post/${post._id}`, { token: owner.token })).status).toBe(200);

    const deleted = await call('DELETE', `/post/${post._id}`, { token: owner.token });
    expect(deleted.status).toBe(200);
    expect((await call('GET', `/post/${post._id}`, { token: owner.token })).status).toBe(404);
    expect((await call('GET', `/post/user/${owner.userId}`, { token: owner.token })).body).toEqual([]);
    const berat = await call('GET', '/post/filtred?locations=Berat&limit=100', { token: biz.token });
    expect((berat.body as { _id: string }[]).map((p) => p._id)).not.toContain(post._id);
    const offers = await call('GET', `/business/offers/${biz.businessId}`, { token: biz.token });
    expect(offers.body).toEqual([]);
    expect(
      (
        await call('POST', '/offer', {
          token: biz.token,
          body: { postId: post._id, businessId: biz.businessId, price: 1, message: 'Again' },
        })
      ).status,
    ).toBe(404);
    expect((await call('DELETE', `/post/${post._id}`, { token: owner.token })).status).toBe(404);
  });
});
