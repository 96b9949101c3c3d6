/**
 * Ideas through the local gateway on the real emulators (docs/features.md "Ideas"): a business tags its portfolio's
 * and its finished jobs' pictures; the gallery lists them by room, style, town and service, newest first, page after
 * page; a job's price band shows only while its client agrees; a request made like an idea reaches its business first
 * (in the app and by email) and any business can still offer; hidden ideas and the ideas of a hidden business leave
 * every list. Each refused call changes nothing.
 */
import { isDeepStrictEqual } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Idea, JobPriceBand } from '../../common/types';
import { IDEAS_PAGE_SIZE, MAX_JOB_PICTURES } from '../../common/ideas';
import { pagePath } from '../../common/publicPages';
import {
  call,
  categoryIdsByName,
  newBusiness,
  newClient,
  newModerator,
  newOffer,
  newPost,
  setStatus,
  stack,
  uploadPicture,
  type BusinessAccount,
  type CallResult,
  type Client,
} from '../support/api';
import { waitFor } from '../support/notifications';
import { waitForEmails } from '../support/mail';
import { reportAndHide } from '../support/moderators';

let services: Record<string, string>;
let client: Client;
let other: Client;
let studio: BusinessAccount;
let rival: BusinessAccount;
let moderator: Awaited<ReturnType<typeof newModerator>>;

beforeAll(async () => {
  [client, other, moderator] = await Promise.all([newClient(), newClient(), newModerator()]);
  services = await categoryIdsByName(client.token);
  [studio, rival] = await Promise.all([
    newBusiness({
      businessName: 'Idea Studio',
      location: 'Tepelenë',
      categories: [services['Furniture'], services['Interior Design']],
    }),
    newBusiness({ businessName: 'Rival Works', location: 'Tepelenë', categories: [services['Furniture']] }),
  ]);
});

/** A picture `business` uploaded and added to its portfolio (processed before it is saved, as the app waits). */
async function portfolioPicture(business: BusinessAccount): Promise<string> {
  const key = await uploadPicture(business);
  const current = (await call('GET', `/business/${business.businessId}`, { token: business.token })).body;
  for (let again = 0; ; again++) {
    const showroom = [...(current.showroom as string[]), key];
    const res = await call('PUT', `/business/${business.businessId}`, { token: business.token, body: { showroom } });
    if (res.status === 200) return key;
    if (res.body?.code !== 'IMAGE_PROCESSING' || again > 10) throw new Error(JSON.stringify(res.body));
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** POST /ideas, again while the picture is still being processed (as a person saving right after the upload would). */
async function tag(business: BusinessAccount, body: Record<string, unknown>) {
  for (let again = 0; ; again++) {
    const res = await call('POST', '/ideas', { token: business.token, body });
    if (res.status !== 409 || res.body?.code !== 'IMAGE_PROCESSING' || again > 10) return res;
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** A request of `who` done by `business` at `price` and reviewed; answers its id. */
async function finishedJob(who: Client, business: BusinessAccount, price: number, location = 'Tepelenë') {
  const post = await newPost(who, { images: [], location, category: [services['Furniture']] });
  const offer = await newOffer(business, post._id, { price });
  expect((await setStatus(who, offer._id, 'accepted')).status).toBe(200);
  const review = { postId: post._id, businessId: business.businessId, rating: 5, review: 'Beautiful work' };
  expect((await call('POST', '/finishedJobs', { token: who.token, body: review })).status).toBe(201);
  return post._id;
}

/** A public page as a visitor gets it (no sign-in, no redirect followed): its status and HTML. */
const publicPage = async (path: string) => {
  const res = await fetch(stack().apiUrl + path, { redirect: 'manual' });
  return { status: res.status, text: await res.text() };
};

const list = async (query: string, token = client.token): Promise<Idea[]> => {
  const res = await call('GET', `/ideas?${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

/** Every idea of a list, page after page (`limit` each), in the order answered. */
async function allPages(query: string, limit: number, token = client.token): Promise<Idea[]> {
  const seen: Idea[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 50; page++) {
    const res: CallResult<Idea[]> = await call(
      'GET',
      `/ideas?${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
      {
        token,
      },
    );
    expect(res.status).toBe(200);
    seen.push(...res.body);
    cursor = res.headers.get('x-next-cursor');
    if (!cursor) return seen;
  }
  throw new Error('Too many pages');
}

describe('tagging', () => {
  it('tags a portfolio picture with a room and a style, lists it where its tags say, and moves it when they change', async () => {
    const picture = await portfolioPicture(studio);
    const made = await tag(studio, { picture, room: 'office', style: 'industrial' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const idea = made.body as Idea;
    expect(idea).toMatchObject({
      room: 'office',
      style: 'industrial',
      town: 'Tepelenë',
      service: services['Furniture'],
      source: 'portfolio',
      business: { _id: studio.businessId, businessName: 'Idea Studio', location: 'Tepelenë', verified: false },
      saveCount: 0,
    });
    expect(idea.picture).toMatch(/^https?:\/\/.+\/images\//);
    expect(idea.priceBand).toBeUndefined();

    const ids = (q: string) => list(q).then((l) => l.map((i) => i._id));
    expect(await ids('room=office')).toContain(idea._id);
    expect(await ids('room=office&town=Tepelen%C3%AB')).toContain(idea._id);
    expect(await ids('style=industrial')).toContain(idea._id);
    expect(await ids(`service=${services['Furniture']}&town=Tepelen%C3%AB`)).toContain(idea._id);
    expect(await ids(`business=${studio.businessId}`)).toContain(idea._id);
    // The same picture again: its tags change (200), it moves, its id stays.
    const again = await tag(studio, {
      picture,
      room: 'kitchen',
      style: null,
      service: services['Interior Design'],
    });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ _id: idea._id, room: 'kitchen', service: services['Interior Design'] });
    expect(again.body.style).toBeUndefined();
    expect(await ids('room=office')).not.toContain(idea._id);
    expect(await ids('style=industrial')).not.toContain(idea._id);
    expect(await ids('room=kitchen&town=Tepelen%C3%AB')).toContain(idea._id);
    expect(await ids(`service=${services['Furniture']}`)).not.toContain(idea._id);
    const one = await call('GET', `/ideas/${idea._id}`, { token: other.token });
    expect(one.status).toBe(200);
    // Others never see how many boards hold it, nor a job's request.
    expect(one.body.saveCount).toBeUndefined();
  });

  it('refuses a picture that is not in the portfolio, another business’s upload, a service it does not offer, and changes nothing', async () => {
    const loose = await uploadPicture(studio);
    const before = await list(`business=${studio.businessId}&limit=100`, studio.token);
    const notInPortfolio = await tag(studio, { picture: loose, room: 'kitchen' });
    expect([notInPortfolio.status, notInPortfolio.body.code]).toEqual([400, 'INVALID_VALUE']);
    const theirs = await portfolioPicture(rival);
    const notOwn = await tag(studio, { picture: theirs, room: 'kitchen' });
    expect([notOwn.status, notOwn.body.code]).toEqual([400, 'NOT_OWN_UPLOAD']);
    const mine = await portfolioPicture(studio);
    const service = await tag(studio, { picture: mine, room: 'kitchen', service: services['Painting'] });
    expect([service.status, service.body.code]).toEqual([400, 'SERVICE_NOT_OFFERED']);
    const badRoom = await tag(studio, { picture: mine, room: 'garage' });
    expect([badRoom.status, badRoom.body.code]).toEqual([400, 'INVALID_VALUE']);
    expect(
      (await call('POST', '/ideas', { token: client.token, body: { picture: mine, room: 'kitchen' } })).body.code,
    ).toBe('WRONG_ROLE');
    expect((await call('POST', '/ideas', { body: { picture: mine, room: 'kitchen' } })).status).toBe(401);
    expect(await list(`business=${studio.businessId}&limit=100`, studio.token)).toEqual(before);
  });

  it('refuses a mix of filters that is not one list, and an unknown room', async () => {
    for (const q of [
      'room=kitchen&style=modern',
      'town=Tirana',
      'style=modern&town=Tirana',
      'business=x&room=kitchen',
    ]) {
      const res = await call('GET', `/ideas?${q}`, { token: client.token });
      expect([res.status, res.body.code], q).toEqual([400, 'INVALID_VALUE']);
    }
    expect((await call('GET', '/ideas?room=garage', { token: client.token })).status).toBe(400);
  });

  it('shows pictures of a finished job, at most MAX_JOB_PICTURES, only by the business that did it, in the job’s town', async () => {
    const postId = await finishedJob(client, studio, 1800, 'Përmet');
    const job = await tag(studio, { picture: await uploadPicture(studio), postId, room: 'bedroom', style: 'rustic' });
    expect(job.status, JSON.stringify(job.body)).toBe(201);
    expect(job.body).toMatchObject({ source: 'job', postId, town: 'Përmet', room: 'bedroom' });
    // The client's own request pictures are never the business's to show.
    const clientsPicture = await uploadPicture(client);
    expect((await tag(studio, { picture: clientsPicture, postId, room: 'bedroom' })).body.code).toBe('NOT_OWN_UPLOAD');
    // Another business's job.
    const rivalsJob = await tag(rival, { picture: await uploadPicture(rival), postId, room: 'bedroom' });
    expect(rivalsJob.status).toBe(403);
    for (let i = 1; i < MAX_JOB_PICTURES; i++)
      expect((await tag(studio, { picture: await uploadPicture(studio), postId, room: 'bedroom' })).status).toBe(201);
    const tooMany = await tag(studio, { picture: await uploadPicture(studio), postId, room: 'bedroom' });
    expect([tooMany.status, tooMany.body.code]).toEqual([409, 'TOO_MANY_ITEMS']);
    const pictures = (await list(`business=${studio.businessId}&limit=100`, studio.token)).filter(
      (i) => i.postId === postId,
    );
    expect(pictures).toHaveLength(MAX_JOB_PICTURES);
    // A picture taken out frees its place.
    expect((await call('DELETE', `/ideas/${pictures[0]._id}`, { token: rival.token })).status).toBe(403);
    expect((await call('DELETE', `/ideas/${pictures[0]._id}`, { token: studio.token })).status).toBe(200);
    expect((await call('GET', `/ideas/${pictures[0]._id}`, { token: studio.token })).status).toBe(404);
    expect((await tag(studio, { picture: await uploadPicture(studio), postId, room: 'bedroom' })).status).toBe(201);
  });
});

describe('paging', () => {
  it('walks a list page after page, newest first, each idea once', async () => {
    const shop = await newBusiness({
      businessName: 'Paging Shop',
      location: 'Kuçovë',
      categories: [services['Decor']],
    });
    const made: string[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await tag(shop, { picture: await portfolioPicture(shop), room: 'shop-restaurant', style: 'classic' });
      expect(res.status).toBe(201);
      made.push(res.body._id);
    }
    const walked = await allPages('room=shop-restaurant&town=Ku%C3%A7ov%C3%AB', 3);
    expect(walked.map((i) => i._id)).toEqual([...made].reverse());
    const byBusiness = await allPages(`business=${shop.businessId}`, 2);
    expect(byBusiness.map((i) => i._id)).toEqual([...made].reverse());
    expect((await call('GET', '/ideas?room=kitchen&cursor=nonsense', { token: client.token })).body.code).toBe(
      'INVALID_CURSOR',
    );
    // A cursor of one list is no position of another.
    const first = await call('GET', '/ideas?room=shop-restaurant&town=Ku%C3%A7ov%C3%AB&limit=2', {
      token: client.token,
    });
    const cursor = first.headers.get('x-next-cursor')!;
    expect((await call('GET', `/ideas?room=kitchen&cursor=${cursor}`, { token: client.token })).body.code).toBe(
      'INVALID_CURSOR',
    );
    expect(IDEAS_PAGE_SIZE).toBeGreaterThan(7);
  });
});

describe('the price band of a finished job', () => {
  it('shows only while the job’s client agrees, never the price, and only the client decides', async () => {
    const postId = await finishedJob(client, studio, 1800);
    const made = await tag(studio, { picture: await uploadPicture(studio), postId, room: 'kitchen', style: 'modern' });
    const ideaId = made.body._id as string;
    expect(made.body.priceBand).toBeUndefined();

    const read = await call<JobPriceBand>('GET', `/ideas/price-band/${postId}`, { token: client.token });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ postId, show: false, band: { min: 1000, max: 2500, currency: 'EUR' }, pictures: 1 });

    // Nobody but its client: another client, the business, a stranger signed out; and nothing changes.
    expect(
      (await call('PUT', `/ideas/price-band/${postId}`, { token: other.token, body: { show: true } })).status,
    ).toBe(403);
    expect(
      (await call('PUT', `/ideas/price-band/${postId}`, { token: studio.token, body: { show: true } })).body.code,
    ).toBe('WRONG_ROLE');
    expect((await call('PUT', `/ideas/price-band/${postId}`, { body: { show: true } })).status).toBe(401);
    expect(
      (await call('PUT', `/ideas/price-band/${postId}`, { token: client.token, body: { show: 'yes' } })).status,
    ).toBe(400);
    expect((await call('GET', `/ideas/price-band/nothing-here`, { token: client.token })).status).toBe(404);
    expect((await call('GET', `/ideas/${ideaId}`, { token: other.token })).body.priceBand).toBeUndefined();

    const agreed = await call('PUT', `/ideas/price-band/${postId}`, { token: client.token, body: { show: true } });
    expect(agreed.body).toMatchObject({ show: true });
    const shown = (await call('GET', `/ideas/${ideaId}`, { token: other.token })).body as Idea;
    expect(shown.priceBand).toEqual({ min: 1000, max: 2500, currency: 'EUR' });
    expect(JSON.stringify(shown)).not.toContain('1800');
    const inGallery = (await list('room=kitchen&town=Tepelen%C3%AB&limit=100')).find((i) => i._id === ideaId);
    expect(inGallery?.priceBand).toEqual({ min: 1000, max: 2500, currency: 'EUR' });
    // A picture of the job added after the client agreed shows the band too.
    const later = await tag(studio, { picture: await uploadPicture(studio), postId, room: 'kitchen' });
    expect(later.body.priceBand).toEqual({ min: 1000, max: 2500, currency: 'EUR' });

    expect(
      (await call('PUT', `/ideas/price-band/${postId}`, { token: client.token, body: { show: false } })).status,
    ).toBe(200);
    expect((await call('GET', `/ideas/${ideaId}`, { token: other.token })).body.priceBand).toBeUndefined();
    expect(
      (await list('room=kitchen&town=Tepelen%C3%AB&limit=100')).find((i) => i._id === ideaId)?.priceBand,
    ).toBeUndefined();
  });

  it('ends as the last of answers given at once says, on the idea and on every gallery entry', async () => {
    const postId = await finishedJob(client, studio, 30_000);
    const ideaId = (await tag(studio, { picture: await uploadPicture(studio), postId, room: 'exterior' })).body._id;
    const answers = [true, false, true, false, true, true, false, true];
    await Promise.all(
      answers.map((show) => call('PUT', `/ideas/price-band/${postId}`, { token: client.token, body: { show } })),
    );
    const final = (await call('GET', `/ideas/price-band/${postId}`, { token: client.token })).body as JobPriceBand;
    const expected = final.show ? { min: 25_000, max: 50_000, currency: 'EUR' } : undefined;
    let seen: unknown;
    await waitFor(async () => {
      const idea = (await call('GET', `/ideas/${ideaId}`, { token: other.token })).body as Idea;
      const entries = [
        ...(await list('room=exterior&limit=100')),
        ...(await list(`service=${services['Furniture']}&town=Tepelen%C3%AB&limit=100`)),
      ].filter((i) => i._id === ideaId);
      const all = [idea, ...entries];
      seen = all.map((i) => i.priceBand);
      return entries.length === 2 && all.every((i) => isDeepStrictEqual(i.priceBand, expected)) ? true : undefined;
    }).catch((err: unknown) => {
      throw new Error(`${String(err)}: expected ${JSON.stringify(expected)}, seen ${JSON.stringify(seen)}`);
    });
  });
});

describe('ask for offers like this', () => {
  it('prefills nothing it cannot see, invites the idea’s business first, and lets any business offer', async () => {
    const maker = await newBusiness({
      businessName: 'Maker of Rooms',
      location: 'Berat',
      categories: [services['Interior Design']],
    });
    const ideaId = (
      await tag(maker, { picture: await portfolioPicture(maker), room: 'living-room', style: 'scandinavian' })
    ).body._id as string;
    const post = await newPost(client, {
      images: [],
      title: 'A living room like this one',
      location: 'Berat',
      category: [services['Interior Design']],
      ideaId,
    });
    expect(post.reference).toMatchObject({ ideaId, businessId: maker.businessId });
    const detail = await call('GET', `/post/${post._id}`, { token: rival.token });
    expect(detail.body.reference?.picture).toMatch(/images\//);
    // The maker is told at once, in the app and by email, that it is invited first.
    const told = await waitFor(async () => {
      const res = await call('GET', '/notifications', { token: maker.token });
      return (res.body as { kind: string; data: { postId?: string } }[]).find(
        (n) => n.kind === 'ideaRequest' && n.data.postId === post._id,
      );
    });
    expect(told).toMatchObject({ link: `/post/${post._id}` });
    expect(await waitForEmails(maker.email, /like one of your ideas|si një nga idetë tuaja/)).toHaveLength(1);
    // Other businesses can still offer.
    expect((await newOffer(rival, post._id))._id).toBeTruthy();
    // An idea that does not exist is no start: 404, and no request is made.
    const before = (await call('GET', `/post/user/${client.userId}`, { token: client.token })).body.length;
    const missing = await call('POST', '/post', {
      token: client.token,
      body: { userId: client.userId, title: 'Like nothing', location: 'Berat', ideaId: 'no-such-idea' },
    });
    expect(missing.status).toBe(404);
    expect((await call('GET', `/post/user/${client.userId}`, { token: client.token })).body.length).toBe(before);
  });
});

describe('hidden ideas and businesses', () => {
  it('an idea a moderator hid leaves every list and page for everyone but its business and moderators', async () => {
    const idea = (await tag(studio, { picture: await portfolioPicture(studio), room: 'childrens-room' })).body as Idea;
    expect((await list('room=childrens-room&limit=100')).map((i) => i._id)).toContain(idea._id);
    expect(
      (
        await call('POST', '/report', {
          token: studio.token,
          body: { kind: 'idea', targetId: idea._id, reason: 'spam' },
        })
      ).body.code,
    ).toBe('OWN_ITEM');
    await reportAndHide(moderator.token, client, { kind: 'idea', targetId: idea._id });
    expect((await list('room=childrens-room&limit=100')).map((i) => i._id)).not.toContain(idea._id);
    expect((await call('GET', `/ideas/${idea._id}`, { token: other.token })).status).toBe(404);
    const own = await call('GET', `/ideas/${idea._id}`, { token: studio.token });
    expect(own.body.hidden).toMatchObject({ reason: 'Not real' });
    expect((await list(`business=${studio.businessId}&limit=100`, other.token)).map((i) => i._id)).not.toContain(
      idea._id,
    );
    // Its public page is gone (410), and no gallery page links to it.
    expect((await publicPage(pagePath({ kind: 'idea', id: idea._id }, 'sq'))).status).toBe(410);
    expect((await publicPage(pagePath({ kind: 'ideas', room: 'childrens-room' }, 'en'))).text).not.toContain(idea._id);
  });

  it('a hidden business’s ideas leave every list, board and page', async () => {
    const shady = await newBusiness({
      businessName: 'Shady Rooms',
      location: 'Delvinë',
      categories: [services['Decor']],
    });
    const idea = (await tag(shady, { picture: await portfolioPicture(shady), room: 'bathroom', style: 'minimalist' }))
      .body as Idea;
    const board = (await call('POST', '/boards', { token: client.token, body: { name: 'Baths' } })).body;
    expect((await call('PUT', `/boards/${board._id}/ideas/${idea._id}`, { token: client.token })).status).toBe(200);
    expect((await call('GET', `/boards/${board._id}/ideas`, { token: client.token })).body).toHaveLength(1);
    await reportAndHide(moderator.token, client, { kind: 'business', targetId: shady.businessId });
    await waitFor(async () => ((await list('room=bathroom&town=Delvin%C3%AB')).length === 0 ? true : undefined));
    expect((await list('style=minimalist&limit=100')).map((i) => i._id)).not.toContain(idea._id);
    expect((await call('GET', `/ideas/${idea._id}`, { token: other.token })).status).toBe(404);
    expect((await call('GET', `/boards/${board._id}/ideas`, { token: client.token })).body).toEqual([]);
    // Its public page answers 410, and neither a gallery nor the board shared by link shows it.
    expect((await publicPage(pagePath({ kind: 'idea', id: idea._id }, 'en'))).status).toBe(410);
    expect((await publicPage(pagePath({ kind: 'ideas', style: 'minimalist' }, 'sq'))).text).not.toContain(idea._id);
    expect((await call('PUT', `/boards/${board._id}`, { token: client.token, body: { shared: true } })).status).toBe(
      200,
    );
    const shared = await publicPage(pagePath({ kind: 'board', id: board._id }, 'sq'));
    expect(shared.status).toBe(200);
    expect(shared.text).not.toContain(idea._id);
    // A client cannot save it any more.
    const other2 = (await call('POST', '/boards', { token: other.token, body: { name: 'Later' } })).body;
    expect((await call('PUT', `/boards/${other2._id}/ideas/${idea._id}`, { token: other.token })).status).toBe(404);
  });
});
