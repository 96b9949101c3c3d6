/**
 * Numbers that are not numbers and text that is not text are refused with 400 and a code, and
 * nothing is stored (the shared schemas of common/schemas/fields.ts).
 */
import { describe, expect, it } from 'vitest';
import { call, newBusiness, newClient, newPost } from '../support/api';

describe('numeric fields take a JSON number or a plain decimal string only', () => {
  it('POST /offer refuses price true, [5], "0x10", " 7 ", nested arrays, "1e3"; nothing is stored', async () => {
    const client = await newClient();
    const business = await newBusiness();
    const post = await newPost(client);
    for (const price of [true, [5], '0x10', ' 7 ', [[5]], '1e3', 'NaN', 'Infinity', {}]) {
      const res = await call('POST', '/offer', {
        token: business.token,
        body: { postId: post._id, businessId: business.businessId, price, message: 'Hi' },
      });
      expect(res.status, JSON.stringify(price)).toBe(400);
      expect(res.body).toMatchObject({ code: 'NOT_A_NUMBER', errors: [{ field: 'price', code: 'NOT_A_NUMBER' }] });
    }
    expect((await call('GET', `/getPostOffers/${post._id}`, { token: client.token })).body).toEqual([]);
    // A plain decimal string is a number.
    const ok = await call('POST', '/offer', {
      token: business.token,
      body: { postId: post._id, businessId: business.businessId, price: '12.5', message: 'Hi' },
    });
    expect([ok.status, ok.body.price]).toEqual([201, 12.5]);
  });

  it('POST /generatePresignedURL refuses contentLength true and [[1]]', async () => {
    const client = await newClient();
    for (const contentLength of [true, [[1]], [1], '0x10', ' 5 ']) {
      const res = await call('POST', '/generatePresignedURL', {
        token: client.token,
        body: { contentType: 'image/png', contentLength },
      });
      expect(res.status, JSON.stringify(contentLength)).toBe(400);
      expect(res.body.errors).toEqual([expect.objectContaining({ field: 'contentLength', code: 'NOT_A_NUMBER' })]);
    }
  });

  it('POST /finishedJobs, POST /post budget and query numbers are checked the same way', async () => {
    const client = await newClient();
    const rating = await call('POST', '/finishedJobs', {
      token: client.token,
      body: { postId: 'p', businessId: 'b', rating: true, review: 'Good' },
    });
    expect(rating.body.errors).toEqual([expect.objectContaining({ field: 'rating', code: 'NOT_A_NUMBER' })]);
    const budget = await call('POST', '/post', {
      token: client.token,
      body: { userId: client.userId, title: 'T', location: 'Tirana', budget: [100] },
    });
    expect(budget.body.errors).toEqual([expect.objectContaining({ field: 'budget', code: 'NOT_A_NUMBER' })]);
    for (const q of ['limit=0x10', 'limit=%207%20', 'limit=true', 'minBudget=1e3', 'maxBudget=0x10']) {
      const res = await call('GET', `/post/filtred?${q}`, { token: client.token });
      expect(res.status, q).toBe(400);
      expect(res.body.code, q).toBe('NOT_A_NUMBER');
    }
    expect((await call('GET', '/post/available?limit=5', { token: client.token })).status).toBe(200);
  });
});

describe('user text is valid Unicode without control or bidi override characters', () => {
  const bad = {
    NUL: 'Studio\u0000X',
    'a lone surrogate': 'Studio \uD800',
    'a right-to-left override': 'Studio \u202Egpj.exe',
    'an isolate': 'Studio \u2066x\u2069',
  };

  it.each(Object.entries(bad))(
    'names, titles, messages and reviews with %s are refused (INVALID_TEXT), nothing stored',
    async (_name, text) => {
      const client = await newClient();
      const business = await newBusiness();
      const post = await newPost(client);

      const name = await call('PUT', `/business/${business.businessId}`, {
        token: business.token,
        body: { businessName: text },
      });
      expect([name.status, name.body.code, name.body.errors?.[0]?.field]).toEqual([
        400,
        'INVALID_TEXT',
        'businessName',
      ]);
      expect((await call('GET', `/business/${business.businessId}`, { token: business.token })).body.businessName).toBe(
        'Test Studio',
      );

      const title = await call('POST', '/post', {
        token: client.token,
        body: { userId: client.userId, title: text, location: 'Tirana' },
      });
      expect([title.status, title.body.code]).toEqual([400, 'INVALID_TEXT']);
      expect((await call('GET', `/post/user/${client.userId}`, { token: client.token })).body).toHaveLength(1);

      const offer = await call('POST', '/offer', {
        token: business.token,
        body: { postId: post._id, businessId: business.businessId, price: 5, message: text },
      });
      expect([offer.status, offer.body.code]).toEqual([400, 'INVALID_TEXT']);
      expect((await call('GET', `/getPostOffers/${post._id}`, { token: client.token })).body).toEqual([]);

      const user = await call('PUT', `/user/${client.userId}`, { token: client.token, body: { username: text } });
      expect([user.status, user.body.code]).toEqual([400, 'INVALID_TEXT']);
      const contact = await call('POST', '/contactForm', { token: client.token, body: { message: text } });
      expect([contact.status, contact.body.code]).toEqual([400, 'INVALID_TEXT']);
    },
  );

  it('newlines are kept where the field is multi-line and refused in one-line fields', async () => {
    const client = await newClient();
    const post = await newPost(client, { content: 'Line one\nLine two' });
    expect(post.content).toBe('Line one\nLine two');
    const title = await call('POST', '/post', {
      token: client.token,
      body: { userId: client.userId, title: 'Two\nlines', location: 'Tirana' },
    });
    expect([title.status, title.body.code]).toEqual([400, 'INVALID_TEXT']);
  });

  it('path ids with control characters are refused, never a 500', async () => {
    const client = await newClient();
    for (const id of ['%00', 'a%0Ab', '%E2%80%AEx']) {
      const res = await call('GET', `/post/${id}`, { token: client.token });
      expect(res.status, id).toBe(400);
      expect(res.body.code).toBe('INVALID_TEXT');
    }
  });
});
