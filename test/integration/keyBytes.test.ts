/**
 * Values that become part of a DynamoDB key are bounded in UTF-8 bytes as stored, and refused with
 * a 400 naming the field: folding turns each U+3316 into six three-byte katakana,
 * so 100 of them were one 1,800-byte search word, over the 1,024-byte sort key limit.
 */
import { describe, expect, it } from 'vitest';
import { call, newBusiness, newClient } from '../support/api';

const SQUARE_KM = '\u3316'.repeat(100);

describe('key parts bounded in bytes', () => {
  it('GET /business/search with 100 x U+3316 answers 400 FIELD_TOO_LONG on name', async () => {
    const client = await newClient();
    const res = await call('GET', `/business/search?name=${encodeURIComponent(SQUARE_KM)}`, { token: client.token });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'FIELD_TOO_LONG', errors: [{ field: 'name', code: 'FIELD_TOO_LONG' }] });
    // Twenty of them fold to a word that fits: searched, nothing found.
    const fits = await call('GET', `/business/search?name=${encodeURIComponent('\u3316'.repeat(20))}`, {
      token: client.token,
    });
    expect([fits.status, fits.body]).toEqual([200, []]);
  });

  it('POST /business and PUT /business/{id} with that businessName answer 400 FIELD_TOO_LONG and change nothing', async () => {
    const business = await newBusiness({ businessName: 'Kilometer Studio' });
    const update = await call('PUT', `/business/${business.businessId}`, {
      token: business.token,
      body: { businessName: SQUARE_KM },
    });
    expect(update.status).toBe(400);
    expect(update.body).toMatchObject({
      code: 'FIELD_TOO_LONG',
      errors: [{ field: 'businessName', code: 'FIELD_TOO_LONG' }],
    });
    expect((await call('GET', `/business/${business.businessId}`, { token: business.token })).body.businessName).toBe(
      'Kilometer Studio',
    );

    const { newAccount } = await import('../support/api');
    const account = await newAccount('business');
    const create = await call('POST', '/business', {
      token: account.idToken,
      body: { cognitoId: account.sub, email: account.email, businessName: SQUARE_KM, location: 'Tirana' },
    });
    expect(create.status).toBe(400);
    expect(create.body.errors).toEqual([expect.objectContaining({ field: 'businessName', code: 'FIELD_TOO_LONG' })]);
    expect((await call('GET', `/business/cognito/${account.sub}`, { token: account.idToken })).status).toBe(404);

    // A name with a few of them is a name like any other, found by its folded word.
    const ok = await call('PUT', `/business/${business.businessId}`, {
      token: business.token,
      body: { businessName: `\u3316\u3316 Studio` },
    });
    expect(ok.status).toBe(200);
    const hits = await call('GET', `/business/search?name=${encodeURIComponent('キロメートルキロ')}`, {
      token: business.token,
    });
    expect(hits.body.map((h: { _id: string }) => h._id)).toContain(business.businessId);
  });

  it('3,000-character category and town ids in /post/filtred answer 400 naming the field', async () => {
    const client = await newClient();
    const long = 'c'.repeat(3000);
    const cats = await call('GET', `/post/filtred?categories=${long}`, { token: client.token });
    expect(cats.status).toBe(400);
    expect(cats.body.errors).toEqual([expect.objectContaining({ field: 'categories', code: 'FIELD_TOO_LONG' })]);
    const wide = await call('GET', `/post/filtred?categories=${encodeURIComponent('ë'.repeat(300))}`, {
      token: client.token,
    });
    expect(wide.body.errors).toEqual([expect.objectContaining({ field: 'categories', code: 'FIELD_TOO_LONG' })]);
    const towns = await call('GET', `/post/filtred?locations=${'t'.repeat(3000)}`, { token: client.token });
    expect(towns.status).toBe(400);
    expect(towns.body.errors[0].field).toBe('locations');
  });

  it('category ids of a post or a business and path ids are bounded too; never a 500', async () => {
    const client = await newClient();
    const business = await newBusiness();
    const post = await call('POST', '/post', {
      token: client.token,
      body: { userId: client.userId, title: 'T', location: 'Tirana', category: ['k'.repeat(3000)] },
    });
    expect(post.status).toBe(400);
    expect(post.body.errors[0]).toMatchObject({ field: 'category.0', code: 'FIELD_TOO_LONG' });
    const biz = await call('PUT', `/business/${business.businessId}`, {
      token: business.token,
      body: { categories: ['ë'.repeat(1000)] },
    });
    expect(biz.body.errors[0]).toMatchObject({ field: 'categories.0', code: 'FIELD_TOO_LONG' });
    for (const path of [`/post/${'p'.repeat(3000)}`, `/user/${'ë'.repeat(600)}`, `/business/ads/${'😀'.repeat(500)}`]) {
      const res = await call('GET', path, { token: client.token });
      expect(res.status, path.slice(0, 20)).toBe(400);
      expect(res.body.code).toBe('FIELD_TOO_LONG');
    }
  });

  it('a cursor whose key parts are over the sort key limit is INVALID_CURSOR', async () => {
    const client = await newClient();
    const start = { pk: 'POST#x', sk: 'POST', gsi1pk: `USERPOSTS#${client.userId}`, gsi1sk: 'é'.repeat(900) };
    const cursor = Buffer.from(JSON.stringify(start)).toString('base64url');
    const res = await call('GET', `/post/user/${client.userId}?cursor=${cursor}`, { token: client.token });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_CURSOR');
  });
});
