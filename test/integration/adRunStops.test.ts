/**
 * A business's money on its Sponsored runs, through the local gateway and the local payment provider
 * (docs/sponsored-runs.md "Cancelling or stopping a run", "Shown where it matters"):
 *
 * - a run paid and not started is cancelled with its whole price refunded, a live one stopped with its whole days
 *   left refunded, an included one stopped with nothing refunded; the refund goes through the provider and counts
 *   once whatever the clicks; the run leaves every strip; the payment's row says what happened; the rule's words are
 *   in the answer; DELETE of a live run applies the same rule;
 * - a run that overlaps one of the business's own is refused until it is confirmed, saying what it would add;
 * - a strip's answer never holds one business twice (the dashboards' strip and /sponsoredPosts), however many runs
 *   one business bought.
 */
import { describe, expect, it } from 'vitest';
import { addDays, todayDate, TOWNS } from '../../common/constants';
import { AD_RUN_DAYS } from '../../common/adRuns';
import { ads as adsEn } from '../../common/i18n/catalog/en/ads';
import {
  call,
  categoryIdsByName,
  newBusiness,
  newClient,
  newPost,
  uploadPicture,
  type BusinessAccount,
} from '../support/api';
import { CARDS, paidPlan, paymentWhen, settledPayment, submitCard } from '../support/payments';
import { STREAM_WAIT_MS } from '../support/notifications';

const TOWN = TOWNS[5];
const OTHER_TOWN = TOWNS[6];

async function buyRun(business: BusinessAccount, targeting: Record<string, unknown>) {
  const created = await call('POST', '/ad', {
    token: business.token,
    body: { businessId: business.businessId, image: await uploadPicture(business), ...targeting },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  await submitCard(created.body.checkout.transactionId, CARDS.success);
  expect((await settledPayment(business.token, created.body.transaction.id)).state).toBe('completed');
  return created.body as { _id: string; transaction: { id: string } };
}

const runOf = async (business: BusinessAccount, id: string) =>
  (await call('GET', `/ad/${id}`, { token: business.token })).body;

const serviceIds = async () => Object.values(await categoryIdsByName((await newClient()).token));

describe('cancelling and stopping a paid run', () => {
  it('a run paid and not started is cancelled with its whole price refunded through the provider; the payment says so; a second stop is refused', async () => {
    const [service] = await serviceIds();
    const business = await newBusiness({ categories: [service] });
    const run = await buyRun(business, { towns: [TOWN], startDate: addDays(todayDate(), 3) });
    expect((await runOf(business, run._id)).state).toBe('scheduled');

    const stopped = await call('POST', `/ad/${run._id}/stop`, { token: business.token });
    expect(stopped.status, JSON.stringify(stopped.body)).toBe(200);
    expect(stopped.body).toMatchObject({
      _id: run._id,
      state: 'ended',
      endReason: 'canceled',
      stop: { kind: 'cancel', daysLeft: AD_RUN_DAYS, refund: 20 },
      message: 'The run was cancelled before it started: €20.00 goes back to your card.',
    });
    // The rule in the answer is the app's help text, word for word.
    expect(stopped.body.rule).toBe(adsEn['ads.stop.rule'].replace('{days}', String(AD_RUN_DAYS)));

    // The provider approves the refund a moment later: the payment reads Refunded, and its row says what happened.
    const payment = await paymentWhen(business.token, run.transaction.id, (p) => p.state === 'refunded');
    expect(payment).toMatchObject({
      state: 'refunded',
      status: 'Refunded',
      refundedAmount: 20,
      refund: { status: 'approved', amount: 20, runStop: 'cancel' },
      runStop: { kind: 'cancel', daysLeft: AD_RUN_DAYS, refund: 20 },
    });
    // The run stays cancelled (not "ended by a refund") and keeps its place in the business's list.
    expect(await runOf(business, run._id)).toMatchObject({ state: 'ended', endReason: 'canceled' });
    const own = await call('GET', `/business/ads/${business.businessId}`, { token: business.token });
    expect(own.body[0]).toMatchObject({ _id: run._id, stop: { kind: 'cancel', refund: 20 } });

    const again = await call('POST', `/ad/${run._id}/stop`, { token: business.token });
    expect([again.status, again.body.code]).toEqual([409, 'AD_RUN_NOT_ACTIVE']);

    // The business is told in its language, with no moderator's reason.
    const until = Date.now() + STREAM_WAIT_MS;
    let notice;
    while (!notice && Date.now() < until) {
      const list = await call('GET', '/notifications', { token: business.token });
      notice = list.body.find((n: { kind: string }) => n.kind === 'paymentRefunded');
      if (!notice) await new Promise((r) => setTimeout(r, 250));
    }
    expect(notice?.data).toMatchObject({ amount: 20, runStop: 'cancel' });
    expect(notice?.data).not.toHaveProperty('reason');
  }, 120_000);

  it('a live run stopped is refunded for each whole day it has left, leaves every strip at once, and five clicks at once refund once', async () => {
    const [, service] = await serviceIds();
    const business = await newBusiness({ categories: [service] });
    const run = await buyRun(business, { category: service, towns: [OTHER_TOWN] });
    const client = await newClient();
    await newPost(client, { location: OTHER_TOWN, category: [service] });
    const inStrip = async () =>
      (await call('GET', '/ads?limit=100', { token: client.token })).body.some(
        (a: { _id: string }) => a._id === run._id,
      );
    expect(await inStrip()).toBe(true);

    const answers = await Promise.all(
      Array.from({ length: 5 }, () => call('POST', `/ad/${run._id}/stop`, { token: business.token })),
    );
    const ok = answers.filter((a) => a.status === 200);
    expect(ok, JSON.stringify(answers.map((a) => a.body))).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 200))
      expect([refused.status, ['AD_RUN_STOPPING', 'AD_RUN_NOT_ACTIVE']]).toEqual([
        409,
        expect.arrayContaining([refused.body.code]),
      ]);
    // Paid a moment ago: 6 whole days left of 7 (the day under way is not refunded), 20 x 6 / 7 = 17.14.
    expect(ok[0].body).toMatchObject({
      state: 'ended',
      endReason: 'stopped',
      stop: { kind: 'stop', daysLeft: 6, refund: 17.14 },
    });
    expect(ok[0].body.message).toBe('The run was stopped with 6 whole days left: €17.14 goes back to your card.');
    expect(await inStrip()).toBe(false);

    const payment = await paymentWhen(business.token, run.transaction.id, (p) => p.refund?.status === 'approved');
    // A partial refund: the payment reads Refunded with what was given back, once.
    expect(payment).toMatchObject({
      state: 'refunded',
      refundedAmount: 17.14,
      runStop: { kind: 'stop', daysLeft: 6, refund: 17.14 },
    });
  }, 120_000);

  it('DELETE of a live run applies the same rule first; an included run is stopped with nothing refunded; only its business may stop a run', async () => {
    const [, , service] = await serviceIds();
    const business = await newBusiness({ categories: [service] });
    const run = await buyRun(business, { towns: [TOWN] });
    const deleted = await call('DELETE', `/ad/${run._id}`, { token: business.token });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body).toMatchObject({ _id: run._id, stop: { kind: 'stop', daysLeft: 6, refund: 17.14 } });
    expect(deleted.body.rule).toContain('refunds 1/7 of its price for each whole day it has left');
    expect((await call('GET', `/ad/${run._id}`, { token: business.token })).status).toBe(404);
    expect(await paymentWhen(business.token, run.transaction.id, (p) => p.refund?.status === 'approved')).toMatchObject(
      { refundedAmount: 17.14, runStop: { kind: 'stop' } },
    );

    const premium = await newBusiness({ categories: [service] });
    await paidPlan(premium, 'premium');
    const included = await call('POST', '/ad', {
      token: premium.token,
      body: { businessId: premium.businessId, image: await uploadPicture(premium), includedRun: true },
    });
    expect(included.status, JSON.stringify(included.body)).toBe(201);

    const other = await newBusiness();
    const client = await newClient();
    expect((await call('POST', `/ad/${included.body._id}/stop`, { token: other.token })).status).toBe(403);
    expect((await call('POST', `/ad/${included.body._id}/stop`, { token: client.token })).status).toBe(403);
    expect((await call('POST', `/ad/${included.body._id}/stop`, {})).status).toBe(401);
    expect((await call('POST', '/ad/00000000-0000-4000-8000-000000000000/stop', { token: premium.token })).status).toBe(
      404,
    );

    const stopped = await call('POST', `/ad/${included.body._id}/stop`, { token: premium.token });
    expect(stopped.status, JSON.stringify(stopped.body)).toBe(200);
    expect(stopped.body).toMatchObject({ endReason: 'stopped', stop: { kind: 'stop', refund: 0 } });
    expect(stopped.body.message).toBe('The run was stopped. Nothing is refunded.');
    // The month's included run stays used.
    expect((await call('GET', '/subscription', { token: premium.token })).body.usage.includedRuns.used).toBe(1);

    // A run awaiting its payment cannot be stopped (nothing was paid): it is deleted.
    const unpaid = await call('POST', '/ad', {
      token: business.token,
      body: { businessId: business.businessId, image: await uploadPicture(business), towns: [OTHER_TOWN] },
    });
    const refused = await call('POST', `/ad/${unpaid.body._id}/stop`, { token: business.token });
    expect([refused.status, refused.body.code]).toEqual([409, 'AD_RUN_NOT_ACTIVE']);
    expect((await call('DELETE', `/ad/${unpaid.body._id}`, { token: business.token })).body).toEqual({
      message: 'Ad deleted',
      _id: unpaid.body._id,
    });
  }, 180_000);
});

describe('buying a run that overlaps one of the business’s own', () => {
  it('is refused until confirmed, saying which runs it overlaps and what it would add', async () => {
    const [, , , service] = await serviceIds();
    const business = await newBusiness({ categories: [service] });
    const first = await buyRun(business, { category: service, towns: [TOWN] });
    const body = async (more: Record<string, unknown>) => ({
      businessId: business.businessId,
      image: await uploadPicture(business),
      category: service,
      ...more,
    });

    const same = await call('POST', '/ad', { token: business.token, body: await body({ towns: [TOWN] }) });
    expect([same.status, same.body.code]).toEqual([409, 'AD_RUN_OVERLAP']);
    expect(same.body.overlap).toMatchObject({
      runs: [{ _id: first._id, state: 'live', towns: [TOWN] }],
      addsTowns: [],
      addsCountry: false,
      addsDays: 0,
    });

    const startDate = addDays(todayDate(), 3);
    const wider = await call('POST', '/ad', {
      token: business.token,
      body: await body({ towns: [TOWN, OTHER_TOWN], startDate }),
    });
    expect(wider.status).toBe(409);
    // Its days after the first run's end: from then to its own end, 7 days after its first day, in whole days.
    const firstEnds = Date.parse((await runOf(business, first._id)).endsAt);
    const addsDays = Math.round(
      (Date.parse(`${addDays(startDate, AD_RUN_DAYS)}T00:00:00.000Z`) - firstEnds) / 86_400_000,
    );
    expect(wider.body.overlap).toMatchObject({ addsTowns: [OTHER_TOWN], addsCountry: false, addsDays });
    const country = await call('POST', '/ad', { token: business.token, body: await body({ towns: [] }) });
    expect(country.body.overlap).toMatchObject({ addsCountry: true });

    // Another service, another town, or days after it: no overlap. Nothing was bought by the refusals.
    const listed = async () =>
      (await call('GET', `/business/ads/${business.businessId}`, { token: business.token })).body;
    expect(await listed()).toHaveLength(1);
    const elsewhere = await call('POST', '/ad', { token: business.token, body: await body({ towns: [TOWNS[7]] }) });
    expect(elsewhere.status, JSON.stringify(elsewhere.body)).toBe(201);

    // Confirmed: bought.
    const confirmed = await call('POST', '/ad', {
      token: business.token,
      body: await body({ towns: [TOWN], allowOverlap: true }),
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
    expect(confirmed.body.checkout.url).toBeTruthy();
  }, 120_000);
});

describe('a Sponsored strip never holds one business twice', () => {
  it('one business with three identical runs among others: every strip and /sponsoredPosts show it once, its runs in turn', async () => {
    const [, , , , service] = await serviceIds();
    const town = TOWNS[9];
    const doubled = await newBusiness({ businessName: 'Tri Herë', categories: [service] });
    const others = await Promise.all(
      ['Një', 'Dy', 'Katër'].map((name) => newBusiness({ businessName: `Studio ${name}`, categories: [service] })),
    );
    const doubledRuns = [];
    doubledRuns.push(await buyRun(doubled, { category: service, towns: [town] }));
    for (let i = 0; i < 2; i++)
      doubledRuns.push(await buyRun(doubled, { category: service, towns: [town], allowOverlap: true }));
    for (const business of others) await buyRun(business, { category: service, towns: [town] });

    const client = await newClient();
    await newPost(client, { location: town, category: [service] });
    const seenOfDoubled = new Set<string>();
    // Impressions counted for the runs of the business with three (one per page view it was shown in).
    const shownTimes = new Map<string, number>();
    for (let i = 0; i < 12; i++) {
      const strip = await call('GET', `/ads?view=strip-view-${i}-${client.userId}`, { token: client.token });
      expect(strip.status).toBe(200);
      const businesses = strip.body.map((a: { businessId: string }) => a.businessId);
      expect(new Set(businesses).size, JSON.stringify(businesses)).toBe(businesses.length);
      for (const ad of strip.body as { _id: string; businessId: string }[])
        if (ad.businessId === doubled.businessId) {
          seenOfDoubled.add(ad._id);
          shownTimes.set(ad._id, (shownTimes.get(ad._id) ?? 0) + 1);
        }
    }
    // The runs of the business with three take its one place in turn.
    expect(seenOfDoubled.size).toBeGreaterThanOrEqual(2);
    for (const id of seenOfDoubled) expect(doubledRuns.map((r) => r._id)).toContain(id);

    // /sponsoredPosts (the strip's Show More): the longest answer, each business once.
    const page = await call('GET', '/ads?limit=100', { token: client.token });
    const all = page.body.map((a: { businessId: string }) => a.businessId);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toContain(doubled.businessId);
    const onPage = page.body.find((a: { businessId: string }) => a.businessId === doubled.businessId);
    shownTimes.set(onPage._id, (shownTimes.get(onPage._id) ?? 0) + 1);
    // Each of its runs counted the page views it was shown in: one impression per view, whichever run it was. (Waiting
    // for them also leaves nothing held in this process once the stack stops.)
    const until = Date.now() + STREAM_WAIT_MS;
    for (const [id, times] of shownTimes) {
      let figures = (await runOf(doubled, id)).figures;
      while (figures.impressions < times && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 250));
        figures = (await runOf(doubled, id)).figures;
      }
      expect(figures.impressions).toBe(times);
    }
    // The business's own strip: one of its runs.
    const own = await call('GET', '/ads', { token: doubled.token });
    expect(own.body).toHaveLength(1);
    expect(doubledRuns.map((r) => r._id)).toContain(own.body[0]._id);
  }, 240_000);
});
