/**
 * Sponsored runs through the local gateway (docs/sponsored-runs.md): a run bought for one service and towns and paid
 * on the local payment provider, its states driven by the provider's webhooks and the scheduled job, the strip a
 * client sees (its open requests' service in its town first; a business sees only its own runs), the counted click,
 * impressions added up and written without a write per page view, and a chat after a click counted for the run.
 */
import { describe, expect, it } from 'vitest';
import { addDays, todayDate, TOWNS } from '../../common/constants';
import { AD_RUN_DAYS, runAgainPath } from '../../common/adRuns';
import { PLAN_RULES } from '../../common/plans';
import {
  call,
  categoryIdsByName,
  newBusiness,
  newClient,
  newPost,
  uploadPicture,
  type BusinessAccount,
} from '../support/api';
import { paidAd, paidPlan } from '../support/payments';
import { makeRunDue, runAdRunJob } from '../support/adRuns';
import { waitForEmails } from '../support/mail';
import { STREAM_WAIT_MS } from '../support/notifications';

const TOWN = TOWNS[1];
const OTHER_TOWN = TOWNS[2];

const run = async (business: BusinessAccount, id: string) => {
  const res = await call('GET', `/ad/${id}`, { token: business.token });
  expect(res.status).toBe(200);
  return res.body;
};

async function figuresWhen(business: BusinessAccount, id: string, check: (f: any) => boolean) {
  const until = Date.now() + STREAM_WAIT_MS; // the figures are counted from the stream
  for (;;) {
    const detail = await run(business, id);
    if (check(detail.figures) || Date.now() > until) return detail;
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('Sponsored runs', () => {
  it('a paid run for a service in a town goes live and leads the strip of a client with an open request for it there; a business sees no competitor; clicks, impressions and chats are counted', async () => {
    const categories = Object.values(await categoryIdsByName((await newClient()).token));
    const service = categories[categories.length - 1];
    const studio = await newBusiness({ businessName: 'Studio Drita', categories: [service] });
    const rival = await newBusiness({ businessName: 'Rival Design', categories: [service] });
    const ours = await paidAd(studio, { category: service, towns: [TOWN] });
    // Asked for, it waited for its payment; paid, it went live.
    expect(ours.state).toBe('awaiting_payment');
    const theirs = await paidAd(rival, { category: service, towns: [TOWN, OTHER_TOWN] });

    const live = await run(studio, ours._id);
    expect(live).toMatchObject({ state: 'live', category: service, towns: [TOWN], price: 20, currency: 'EUR' });
    expect(Date.parse(live.endsAt) - Date.parse(live.startsAt)).toBe(AD_RUN_DAYS * 24 * 3600_000);

    const client = await newClient();
    await newPost(client, { location: TOWN, category: [service] });
    for (let i = 0; i < 3; i++) {
      const strip = await call('GET', `/ads?view=page-view-${i}-${client.userId}`, { token: client.token });
      expect(strip.status).toBe(200);
      expect(strip.body.length).toBeLessThanOrEqual(4);
      // The two runs for the client's service in its town come first, every time; the list keeps its fields.
      expect(
        strip.body
          .slice(0, 2)
          .map((a: { _id: string }) => a._id)
          .sort(),
      ).toEqual([ours._id, theirs._id].sort());
      const shown = strip.body.find((a: { _id: string }) => a._id === ours._id);
      expect(shown).toMatchObject({ businessId: studio.businessId, businessName: 'Studio Drita' });
      expect(shown.image).toMatch(/^https?:\/\//);
      expect(shown).not.toHaveProperty('figures');
      expect(shown).not.toHaveProperty('state');
    }
    // A business's strip: its own live runs only, never a competitor's.
    const own = await call('GET', '/ads', { token: studio.token });
    expect(own.body.map((a: { _id: string }) => a._id)).toEqual([ours._id]);
    const rivals = await call('GET', '/ads', { token: rival.token });
    expect(rivals.body.map((a: { _id: string }) => a._id)).toEqual([theirs._id]);

    // The same page view asked again counts one impression.
    await call('GET', `/ads?view=page-view-0-${client.userId}`, { token: client.token });
    const seen = await figuresWhen(studio, ours._id, (f) => f.impressions >= 3);
    expect(seen.figures.impressions).toBe(3);

    const click = await call('POST', `/ad/${ours._id}/click`, { token: client.token, body: { view: 'click-view-1' } });
    expect(click.body).toEqual({ businessId: studio.businessId, counted: true });
    const again = await call('POST', `/ad/${ours._id}/click`, { token: client.token, body: { view: 'click-view-1' } });
    expect(again.body.counted).toBe(false);
    const self = await call('POST', `/ad/${ours._id}/click`, { token: studio.token, body: { view: 'click-view-2' } });
    expect(self.body.counted).toBe(false);
    const room = await call('POST', '/chat/createRoom', {
      token: client.token,
      body: { businessId: studio.businessId, clientId: client.userId },
    });
    expect(room.status).toBe(201);

    const detail = await figuresWhen(studio, ours._id, (f) => f.chats >= 1);
    expect(detail.figures).toMatchObject({ impressions: 3, clicks: 1, chats: 1 });
    expect(detail.days).toEqual([expect.objectContaining({ day: todayDate(), clicks: 1, chats: 1, impressions: 3 })]);
    // Not the competitor's figures.
    expect((await run(rival, theirs._id)).figures).toMatchObject({ clicks: 0, chats: 0 });

    // Only its business sees the run's figures.
    expect((await call('GET', `/ad/${ours._id}`, { token: rival.token })).status).toBe(403);
    expect((await call('GET', `/ad/${ours._id}`, { token: client.token })).status).toBe(403);
    expect((await call('GET', '/ad/00000000-0000-4000-8000-000000000000', { token: studio.token })).status).toBe(404);
    const ownList = await call('GET', `/business/ads/${studio.businessId}`, { token: studio.token });
    expect(ownList.body[0]).toMatchObject({ _id: ours._id, state: 'live', figures: { clicks: 1 } });
    const publicList = await call('GET', `/business/ads/${studio.businessId}`, { token: client.token });
    expect(publicList.body.map((a: { _id: string }) => a._id)).toEqual([ours._id]);
    expect(publicList.body[0]).not.toHaveProperty('figures');
  }, 180_000);

  it('a run with a later first day is scheduled when paid, goes live on its day and ends after its days (the job); a run refused: 400 and nothing bought', async () => {
    const categories = Object.values(await categoryIdsByName((await newClient()).token));
    const business = await newBusiness({ categories: [categories[0]] });
    const client = await newClient();
    const startDate = addDays(todayDate(), 2);
    const ad = await paidAd(business, { towns: [OTHER_TOWN], startDate });
    expect(await run(business, ad._id)).toMatchObject({
      state: 'scheduled',
      category: categories[0],
      startsAt: `${startDate}T00:00:00.000Z`,
    });
    const visible = async () =>
      (await call('GET', `/business/ads/${business.businessId}`, { token: client.token })).body.map(
        (a: { _id: string }) => a._id,
      );
    expect(await visible()).toEqual([]);

    await makeRunDue(ad._id);
    expect((await runAdRunJob()).started).toBeGreaterThanOrEqual(1);
    expect((await run(business, ad._id)).state).toBe('live');
    expect(await visible()).toEqual([ad._id]);

    await makeRunDue(ad._id);
    expect((await runAdRunJob()).ended).toBeGreaterThanOrEqual(1);
    expect(await run(business, ad._id)).toMatchObject({ state: 'ended', endReason: 'finished' });
    expect(await visible()).toEqual([]);
    // The business is told, by email and in the app, with the run's figures and Run it again.
    const [email] = await waitForEmails(business.email, /Fushata juaj e sponsorizuar përfundoi/);
    expect(email?.text).toContain('Nise përsëri');
    expect(email?.text).toContain(runAgainPath(ad._id));
    const notices = await call('GET', '/notifications', { token: business.token });
    expect(notices.body.find((n: { kind: string }) => n.kind === 'adRunEnded')).toMatchObject({
      link: runAgainPath(ad._id),
      data: { adId: ad._id, figures: { impressions: 0, clicks: 0 } },
    });
    // The job run again changes nothing of it.
    await runAdRunJob();
    expect((await run(business, ad._id)).state).toBe('ended');

    const body = { businessId: business.businessId, image: await uploadPicture(business) };
    for (const [bad, field] of [
      [{ category: categories[1] }, 'category'],
      [{ towns: TOWNS.slice(0, 4) }, 'towns'],
      [{ towns: ['Atlantis'] }, 'towns'],
      [{ startDate: addDays(todayDate(), -1) }, 'startDate'],
    ] as const) {
      const res = await call('POST', '/ad', { token: business.token, body: { ...body, ...bad } });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.errors[0].field).toMatch(new RegExp(`^${field}`));
    }
    const own = await call('GET', `/business/ads/${business.businessId}`, { token: business.token });
    expect(own.body).toHaveLength(1);
  }, 180_000);

  it("Premium's included run starts with no payment, once a month; a plan without one is refused", async () => {
    const premium = await newBusiness();
    const basic = await newBusiness();
    await paidPlan(premium, 'premium');
    const body = async (b: BusinessAccount) => ({
      businessId: b.businessId,
      image: await uploadPicture(b),
      includedRun: true,
    });
    const runsOf = async (b: BusinessAccount) =>
      (await call('GET', '/subscription', { token: b.token })).body.usage.includedRuns;
    expect(await runsOf(premium)).toEqual({ used: 0, limit: PLAN_RULES.premium.includedSponsoredRunsPerMonth });
    const included = await call('POST', '/ad', { token: premium.token, body: await body(premium) });
    expect(included.status, JSON.stringify(included.body)).toBe(201);
    // Plan and billing counts it: the month's one is used.
    expect(await runsOf(premium)).toEqual({ used: 1, limit: 1 });
    expect(await runsOf(basic)).toEqual({ used: 0, limit: 0 });
    expect(included.body).toMatchObject({ state: 'live', price: 0, includedMonth: todayDate().slice(0, 7) });
    expect(included.body).not.toHaveProperty('checkout');
    const again = await call('POST', '/ad', { token: premium.token, body: await body(premium) });
    expect([again.status, again.body.code]).toEqual([409, 'INCLUDED_RUN_UNAVAILABLE']);
    const none = await call('POST', '/ad', { token: basic.token, body: await body(basic) });
    expect([none.status, none.body.code]).toEqual([409, 'INCLUDED_RUN_UNAVAILABLE']);
    expect((await call('GET', `/business/ads/${basic.businessId}`, { token: basic.token })).body).toEqual([]);
  }, 180_000);
});
