/** Business search by name through the token index: prefix of any word, case and accents folded. */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { call, newBusiness, type CallResult } from '../support/api';

/** A word no other test uses, so results are predictable on a shared stack. */
const word = () => `zq${randomBytes(4).toString('hex').replace(/\d/g, 'x')}`;

describe('GET /business/search', () => {
  it('matches the start of any word, ignoring case and accents', async () => {
    const w = word();
    const a = await newBusiness({ businessName: `Çmimi ${w} Dekor`, location: 'Korçë' });
    const b = await newBusiness({ businessName: `${w}ëria Home` });
    const search = async (q: string) => {
      const res = await call('GET', `/business/search?name=${encodeURIComponent(q)}`, { token: a.token });
      expect(res.status).toBe(200);
      return (res.body as { _id: string }[]).map((h) => h._id).sort();
    };
    expect(await search(w.toUpperCase())).toEqual([a.businessId, b.businessId].sort());
    expect(await search(`${w}eri`)).toEqual([b.businessId]);
    expect(await search(`${w.slice(0, -1)}`)).toEqual([a.businessId, b.businessId].sort());
    expect(await search(w.slice(1))).toEqual([]);
    // Several words: consecutive words of the name, the last one a prefix.
    expect(await search(`${w} dek`)).toEqual([a.businessId]);
    expect(await search(`cmimi ${w}`)).toEqual([a.businessId]);
    expect(await search(`${w} home`)).toEqual([]);
    const hit = (await call('GET', `/business/search?name=${w}eria`, { token: a.token })).body[0];
    expect(hit).toEqual({
      _id: b.businessId,
      businessName: `${w}ëria Home`,
      location: 'Tirana',
      ratingAverage: 0,
      reviewCount: 0,
      verified: false,
    });
  });

  it('a blank query answers an empty list', async () => {
    const b = await newBusiness();
    for (const q of ['', '%20%20', undefined]) {
      const res = await call('GET', `/business/search${q === undefined ? '' : `?name=${q}`}`, { token: b.token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
    }
  });

  it('follows a rename: the old name no longer matches, the new one does', async () => {
    const [oldWord, newWord] = [word(), word()];
    const b = await newBusiness({ businessName: `${oldWord} Studio` });
    const ids = async (q: string) =>
      ((await call('GET', `/business/search?name=${q}`, { token: b.token })).body as { _id: string }[]).map(
        (h) => h._id,
      );
    expect(await ids(oldWord)).toEqual([b.businessId]);
    expect(
      (
        await call('PUT', `/business/${b.businessId}`, {
          token: b.token,
          body: { businessName: `${newWord} Studio`, location: 'Fier' },
        })
      ).status,
    ).toBe(200);
    expect(await ids(oldWord)).toEqual([]);
    const hits = (await call('GET', `/business/search?name=${newWord}`, { token: b.token })).body;
    expect(hits).toEqual([
      {
        _id: b.businessId,
        businessName: `${newWord} Studio`,
        location: 'Fier',
        ratingAverage: 0,
        reviewCount: 0,
        verified: false,
      },
    ]);
  });
});

describe('GET /business/search pages like every list', () => {
  it('more matches than a page: ?limit= pages with x-next-cursor, every business once', async () => {
    const w = word();
    const made = [];
    for (let i = 0; i < 4; i++) made.push((await newBusiness({ businessName: `${w} Studio ${i}` })).businessId);
    // Two words of this name start with the query: it is still answered once.
    made.push((await newBusiness({ businessName: `${w} ${w}ara Home` })).businessId);
    const seen: string[] = [];
    const pages: number[] = [];
    let cursor: string | null = null;
    const token = (await newBusiness()).token;
    do {
      const res: CallResult = await call(
        'GET',
        `/business/search?name=${w}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        { token },
      );
      expect(res.status).toBe(200);
      pages.push(res.body.length);
      seen.push(...res.body.map((h: { _id: string }) => h._id));
      cursor = res.headers.get('x-next-cursor');
    } while (cursor && pages.length < 10);
    expect(pages.length).toBeGreaterThan(2);
    expect(pages.every((n) => n <= 2)).toBe(true);
    expect(seen.sort()).toEqual(made.sort());
    // The default page holds them all; a bad cursor or limit is a 400 with its code.
    const all = await call('GET', `/business/search?name=${w}`, { token });
    expect(all.body).toHaveLength(5);
    expect(all.headers.get('x-next-cursor')).toBeNull();
    const bad = await call('GET', `/business/search?name=${w}&cursor=bm9wZQ`, { token });
    expect([bad.status, bad.body.code]).toEqual([400, 'INVALID_CURSOR']);
    const limit = await call('GET', `/business/search?name=${w}&limit=0`, { token });
    expect([limit.status, limit.body.code]).toEqual([400, 'NUMBER_OUT_OF_RANGE']);
  });

  it('several words whose first word is common: the page is filled from the range past its first read', async () => {
    const w = word();
    // Twenty names share the first word; one goes on with "Yll". A page of 5 reads 5 token items at a time.
    const others = await Promise.all(
      Array.from({ length: 20 }, (_, i) => newBusiness({ businessName: `${w} Dekor ${String.fromCharCode(97 + i)}` })),
    );
    const target = await newBusiness({ businessName: `${w} Yll Mobileri` });
    const res = await call('GET', `/business/search?name=${encodeURIComponent(`${w} yll`)}&limit=5`, {
      token: others[0].token,
    });
    expect(res.status).toBe(200);
    expect(res.body.map((h: { _id: string }) => h._id)).toEqual([target.businessId]);
    // The 21 items fit in the 5 reads one page may make: the range ended, no next page.
    expect(res.headers.get('x-next-cursor')).toBeNull();
  });
});
