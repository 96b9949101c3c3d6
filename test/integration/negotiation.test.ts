/**
 * Negotiation through the local gateway on DynamoDB Local with real tokens: itemised offers with start,
 * duration, what is included and validity; counter-offers, the business's answers and revisions with the whole
 * history; who is told; expiry; refusals; and two people acting at once ending in one state, the loser told why.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { OFFER_VALIDITY_DEFAULT_DAYS, addDays, todayDate } from '../../common/constants';
import type { Offer } from '../../common/types';
import {
  call,
  newBusiness,
  newClient,
  newOffer,
  newPost,
  postStatus,
  stack,
  type BusinessAccount,
  type Client,
} from '../support/api';
import { tableClient } from '../support/expiry';
import { waitForEmails } from '../support/mail';
import { waitFor } from '../support/notifications';

const today = todayDate();

const counter = (client: Client, offer: Pick<Offer, '_id'>, body: Record<string, unknown>) =>
  call('POST', `/offer/${offer._id}/counter`, { token: client.token, body });
const answer = (business: BusinessAccount, offer: Pick<Offer, '_id'>, body: Record<string, unknown>) =>
  call('POST', `/offer/${offer._id}/answer`, { token: business.token, body });
const revise = (business: BusinessAccount, offer: Pick<Offer, '_id'>, body: Record<string, unknown>) =>
  call('PUT', `/offer/${offer._id}`, { token: business.token, body });
const decide = (client: Client, offer: Pick<Offer, '_id'>, newStatus: string, version?: number) =>
  call('PUT', '/offer/status', { token: client.token, body: { offerId: offer._id, newStatus, version } });

/** The offer as the request's client sees it in the request's offers. */
async function seenByClient(client: Client, offer: Offer): Promise<Offer> {
  const res = await call('GET', `/getPostOffers/${offer.postId}`, { token: client.token });
  expect(res.status).toBe(200);
  return (res.body as Offer[]).find((o) => o._id === offer._id)!;
}

/** Changes the stored offer as time would have left it (its validity passed). */
async function storeOffer(offerId: string, update: string, values?: Record<string, unknown>) {
  const db = tableClient();
  await db.send(
    new UpdateCommand({
      TableName: stack().tableName,
      Key: { pk: `OFFER#${offerId}`, sk: 'OFFER' },
      UpdateExpression: update,
      ExpressionAttributeValues: values,
    }),
  );
  db.destroy();
}

const kindsOf = async (token: string): Promise<Record<string, unknown>[]> =>
  ((await call('GET', '/notifications', { token })).body as { kind: string; data: Record<string, unknown> }[]).map(
    (n) => ({ kind: n.kind, ...n.data }),
  );

async function setting() {
  const client = await newClient({ username: 'Elira Hoxha' });
  const post = await newPost(client, { title: 'Kuzhinë e re' });
  const business = await newBusiness({ businessName: 'Mobilieri Drini' });
  return { client, post, business };
}

describe('an itemised offer, countered, revised and accepted', () => {
  it('keeps the whole history, tells each side when it must answer, and ends accepted at the revised terms', async () => {
    const { client, post, business } = await setting();
    const start = addDays(today, 10);
    const offer = await newOffer(business, post._id, {
      price: 1800,
      message: 'Kitchen in oak veneer',
      items: [
        { label: 'Materials', amount: 1200.5 },
        { label: 'Fitting', amount: 599.5 },
      ],
      startDate: start,
      durationDays: 12,
      included: ['materials', 'fitting', 'materials'],
      includedNote: 'Old cabinets taken away',
    });
    expect(offer).toMatchObject({
      price: 1800,
      items: [
        { label: 'Materials', amount: 1200.5 },
        { label: 'Fitting', amount: 599.5 },
      ],
      startDate: start,
      durationDays: 12,
      included: ['materials', 'fitting'],
      includedNote: 'Old cabinets taken away',
      validUntil: addDays(today, OFFER_VALIDITY_DEFAULT_DAYS),
      expired: false,
      version: 0,
      awaiting: 'client',
      history: [{ by: 'business', action: 'offer', price: 1800, startDate: start }],
    });

    const countered = await counter(client, offer, { version: 0, price: 1600, note: 'Can you do 1,600?' });
    expect(countered.status, JSON.stringify(countered.body)).toBe(200);
    expect(countered.body).toMatchObject({
      price: 1800,
      version: 1,
      awaiting: 'business',
      proposal: { price: 1600, note: 'Can you do 1,600?' },
    });
    // The business sees the counter-offer on its offer, and is told it must answer (in the app and by email).
    const own = await call('GET', `/getPostOffers/${post._id}`, { token: business.token });
    expect(own.body[0]).toMatchObject({ proposal: { price: 1600 }, awaiting: 'business' });
    const told = await waitFor(async () => {
      const kinds = await kindsOf(business.token);
      return kinds.find((k) => k.kind === 'counterOffer');
    });
    expect(told).toMatchObject({ postId: post._id, postTitle: 'Kuzhinë e re', price: 1600 });
    const [email] = await waitForEmails(business.email, /Kundërofertë/);
    expect(email.subject).toMatch(/Kuzhinë e re/);

    const revised = await revise(business, offer, {
      version: 1,
      price: 1700,
      message: 'Kitchen in oak veneer, fitting included',
      items: [
        { label: 'Materials', amount: 1150 },
        { label: 'Fitting', amount: 550 },
      ],
      startDate: start,
      durationDays: 10,
      included: ['materials', 'fitting'],
      note: 'We can meet at 1,700',
    });
    expect(revised.status, JSON.stringify(revised.body)).toBe(200);
    expect(revised.body).toMatchObject({ price: 1700, version: 2, awaiting: 'client', durationDays: 10 });
    expect(revised.body.proposal).toBeUndefined();
    expect(revised.body.includedNote).toBeUndefined();
    const clientTold = await waitFor(async () =>
      (await kindsOf(client.token)).find((k) => k.kind === 'negotiationAnswer'),
    );
    expect(clientTold).toMatchObject({ answer: 'revise', price: 1700, businessName: 'Mobilieri Drini' });

    const accepted = await decide(client, offer, 'accepted', 2);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body).toMatchObject({ status: 'accepted', price: 1700, version: 3 });
    expect(await postStatus(client.token, post._id)).toBe('accepted');

    const seen = await seenByClient(client, offer);
    expect(seen.history!.map((s) => [s.by, s.action, s.price ?? null, s.note ?? null])).toEqual([
      ['business', 'offer', 1800, null],
      ['client', 'counter', 1600, 'Can you do 1,600?'],
      ['business', 'revision', 1700, 'We can meet at 1,700'],
      ['client', 'accept', 1700, null],
    ]);
    expect(seen).toMatchObject({ status: 'accepted', version: 3, business: { finishedJobsCount: 0 } });
    expect(seen.awaiting).toBeUndefined();
    // The business is told of the acceptance as before.
    await waitFor(async () => (await kindsOf(business.token)).find((k) => k.kind === 'offerAccepted'));
  });

  it('the business accepting a counter-offer makes the deal at the client terms in one step; declining keeps its own', async () => {
    const { client, post, business } = await setting();
    const offer = await newOffer(business, post._id, {
      price: 1000,
      items: [
        { label: 'Paint', amount: 400 },
        { label: 'Labour', amount: 600 },
      ],
    });
    const start = addDays(today, 3);
    expect((await counter(client, offer, { version: 0, price: 850, startDate: start })).status).toBe(200);
    const declined = await answer(business, offer, { version: 1, answer: 'decline' });
    expect(declined.status, JSON.stringify(declined.body)).toBe(200);
    expect(declined.body).toMatchObject({ status: 'pending', price: 1000, version: 2, awaiting: 'client' });
    expect(declined.body.proposal).toBeUndefined();
    await waitFor(async () =>
      (await kindsOf(client.token)).find((k) => k.kind === 'negotiationAnswer' && k.answer === 'decline'),
    );

    // The client may counter again once the last one is answered.
    expect((await counter(client, offer, { version: 2, price: 900, startDate: start })).status).toBe(200);
    const deal = await answer(business, offer, { version: 3, answer: 'accept' });
    expect(deal.status, JSON.stringify(deal.body)).toBe(200);
    expect(deal.body).toMatchObject({ status: 'accepted', price: 900, startDate: start, version: 4 });
    expect(deal.body.items).toBeUndefined();
    expect(await postStatus(client.token, post._id)).toBe('accepted');
    const seen = await seenByClient(client, offer);
    expect(seen.history!.map((s) => `${s.by}:${s.action}`)).toEqual([
      'business:offer',
      'client:counter',
      'business:declineCounter',
      'client:counter',
      'business:acceptCounter',
    ]);
    const told = await waitFor(async () =>
      (await kindsOf(client.token)).find((k) => k.kind === 'negotiationAnswer' && k.answer === 'accept'),
    );
    expect(told).toMatchObject({ price: 900 });
    // The business accepted itself: it is not told "your offer was accepted".
    await new Promise((r) => setTimeout(r, 1000));
    expect((await kindsOf(business.token)).filter((k) => k.kind === 'offerAccepted')).toEqual([]);
  });
});

describe('a new offer', () => {
  it('reads as a one-line offer valid 14 days, at version 0, its history one offer step, the client to answer', async () => {
    const { client, post, business } = await setting();
    const offer = await newOffer(business, post._id, { price: 750 });
    const seen = await seenByClient(client, offer);
    expect(seen).toMatchObject({ price: 750, expired: false, version: 0, awaiting: 'client' });
    expect(seen.validUntil).toBe(addDays(todayDate(), OFFER_VALIDITY_DEFAULT_DAYS));
    expect(seen.items).toBeUndefined();
    expect(seen.history).toEqual([{ by: 'business', action: 'offer', at: offer.createdAt, price: 750 }]);
    const countered = await counter(client, offer, { version: 0, price: 700 });
    expect(countered.status, JSON.stringify(countered.body)).toBe(200);
    expect(countered.body.history.map((s: { action: string }) => s.action)).toEqual(['offer', 'counter']);
    expect(countered.body.version).toBe(1);
  });
});

describe('expiry', () => {
  it('an offer past its validity says so and cannot be accepted or countered; a revision renews it', async () => {
    const { client, post, business } = await setting();
    const offer = await newOffer(business, post._id, { price: 500, validUntil: addDays(today, 5) });
    expect(offer.validUntil).toBe(addDays(today, 5));
    await storeOffer(offer._id, 'SET validUntil = :d', { ':d': addDays(today, -1) });

    expect(await seenByClient(client, offer)).toMatchObject({ expired: true, status: 'pending' });
    const accept = await decide(client, offer, 'accepted', 0);
    expect(accept.status).toBe(409);
    expect(accept.body.code).toBe('OFFER_EXPIRED');
    const late = await counter(client, offer, { version: 0, price: 450 });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('OFFER_EXPIRED');
    expect(await postStatus(client.token, post._id)).toBe('open');

    const renewed = await revise(business, offer, { version: 0, price: 520, message: 'Still available' });
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    expect(renewed.body).toMatchObject({ expired: false, validUntil: addDays(today, OFFER_VALIDITY_DEFAULT_DAYS) });
    expect((await decide(client, offer, 'accepted', 1)).status).toBe(200);
  });
});

describe('refusals', () => {
  it('only the request’s client counters and only the offer’s business answers', async () => {
    const { client, post, business } = await setting();
    const offer = await newOffer(business, post._id);
    const stranger = await newClient();
    const otherBusiness = await newBusiness();

    const byStranger = await counter(stranger, offer, { version: 0, price: 100 });
    expect(byStranger.status).toBe(403);
    expect(byStranger.body.code).toBe('FORBIDDEN');
    const byBusiness = await call('POST', `/offer/${offer._id}/counter`, {
      token: business.token,
      body: { version: 0, price: 100 },
    });
    expect(byBusiness.status).toBe(403);
    expect(byBusiness.body.code).toBe('WRONG_ROLE');
    expect((await call('GET', `/getPostOffers/${post._id}`, { token: stranger.token })).status).toBe(403);
    const foreign = await call('GET', `/getPostOffers/${post._id}`, { token: otherBusiness.token });
    expect(foreign.body).toEqual([]);

    expect((await counter(client, offer, { version: 0, price: 1300 })).status).toBe(200);
    const byOther = await answer(otherBusiness, offer, { version: 1, answer: 'accept' });
    expect(byOther.status).toBe(403);
    const byClient = await call('POST', `/offer/${offer._id}/answer`, {
      token: client.token,
      body: { version: 1, answer: 'accept' },
    });
    expect(byClient.status).toBe(403);
    expect(byClient.body.code).toBe('WRONG_ROLE');
    // A business moderation hid makes no deal: its acceptance of the counter-offer is refused, nothing changes.
    const db = tableClient();
    await db.send(
      new UpdateCommand({
        TableName: stack().tableName,
        Key: { pk: `BUSINESS#${business.businessId}`, sk: 'PROFILE' },
        UpdateExpression: 'SET #h = :h',
        ExpressionAttributeNames: { '#h': 'hidden' },
        ExpressionAttributeValues: { ':h': { reason: 'Test', at: new Date().toISOString() } },
      }),
    );
    const hiddenDeal = await answer(business, offer, { version: 1, answer: 'accept' });
    await db.send(
      new UpdateCommand({
        TableName: stack().tableName,
        Key: { pk: `BUSINESS#${business.businessId}`, sk: 'PROFILE' },
        UpdateExpression: 'REMOVE #h',
        ExpressionAttributeNames: { '#h': 'hidden' },
      }),
    );
    db.destroy();
    expect(hiddenDeal.status).toBe(403);
    const unknown = await counter(client, { _id: 'no-such-offer' }, { version: 0, price: 1 });
    expect(unknown.status).toBe(404);
    // Nothing of that changed the offer.
    expect(await seenByClient(client, offer)).toMatchObject({ version: 1, proposal: { price: 1300 } });
  });

  it('one open proposal at a time, no answer without one, no step on an offer already decided or changed since', async () => {
    const { client, post, business } = await setting();
    const offer = await newOffer(business, post._id, { price: 2000 });

    const noProposal = await answer(business, offer, { version: 0, answer: 'accept' });
    expect(noProposal.status).toBe(409);
    expect(noProposal.body.code).toBe('NO_OPEN_PROPOSAL');

    expect((await counter(client, offer, { version: 0, price: 1800 })).status).toBe(200);
    const second = await counter(client, offer, { version: 1, price: 1700 });
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('PROPOSAL_OPEN');

    const stale = await revise(business, offer, { version: 0, price: 1900, message: 'Stale page' });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('CONCURRENT_CHANGE');
    const staleAccept = await decide(client, offer, 'accepted', 0);
    expect(staleAccept.status).toBe(409);
    expect(staleAccept.body.code).toBe('CONCURRENT_CHANGE');

    // The client may still accept the business's terms while its counter-offer waits: it closes the proposal.
    const accepted = await decide(client, offer, 'accepted', 1);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ status: 'accepted', price: 2000 });
    expect(accepted.body.proposal).toBeUndefined();

    const afterDeal = await counter(client, offer, { version: 2, price: 1000 });
    expect(afterDeal.status).toBe(409);
    expect(afterDeal.body.code).toBe('OFFER_STATUS_CONFLICT');
    const lateAnswer = await answer(business, offer, { version: 2, answer: 'decline' });
    expect(lateAnswer.status).toBe(409);
    expect(lateAnswer.body.code).toBe('OFFER_STATUS_CONFLICT');
  });

  it('items must add up to the price; days must be real and not in the past; validity at most 90 days', async () => {
    const { post, business } = await setting();
    const body = { postId: post._id, businessId: business.businessId, message: 'Items' };
    const cases: [Record<string, unknown>, string, string][] = [
      [
        {
          price: 1000,
          items: [
            { label: 'A', amount: 600 },
            { label: 'B', amount: 300 },
          ],
        },
        'items',
        'ITEMS_TOTAL_MISMATCH',
      ],
      [
        {
          price: 0.3,
          items: [
            { label: 'A', amount: 0.1 },
            { label: 'B', amount: 0.1 },
          ],
        },
        'items',
        'ITEMS_TOTAL_MISMATCH',
      ],
      [{ price: 100, startDate: '2026-02-30' }, 'startDate', 'INVALID_DATE'],
      [{ price: 100, startDate: addDays(today, -5) }, 'startDate', 'INVALID_DATE'],
      [{ price: 100, validUntil: addDays(today, 91) }, 'validUntil', 'INVALID_DATE'],
      [{ price: 100, durationDays: 0 }, 'durationDays', 'NUMBER_OUT_OF_RANGE'],
      [{ price: 100, included: ['jacuzzi'] }, 'included.0', 'INVALID_VALUE'],
    ];
    for (const [over, field, code] of cases) {
      const res = await call('POST', '/offer', { token: business.token, body: { ...body, ...over } });
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.errors, JSON.stringify(res.body)).toContainEqual(expect.objectContaining({ field, code }));
    }
    // 0.1 + 0.2 adds up to 0.3 (to the cent), and nothing was stored by the refusals.
    const ok = await newOffer(business, post._id, {
      price: 0.3,
      items: [
        { label: 'A', amount: 0.1 },
        { label: 'B', amount: 0.2 },
      ],
    });
    const wrongRevision = await revise(business, ok, {
      price: 50,
      message: 'x',
      items: [{ label: 'A', amount: 49 }],
    });
    expect(wrongRevision.status).toBe(400);
    expect(wrongRevision.body.code).toBe('ITEMS_TOTAL_MISMATCH');
  });
});

describe('two people acting at once', () => {
  it('the client accepting while the business revises: one wins, the other gets 409 with a code, one consistent state', async () => {
    for (let round = 0; round < 3; round++) {
      const { client, post, business } = await setting();
      const offer = await newOffer(business, post._id, { price: 1200 });
      const [acc, rev] = await Promise.all([
        decide(client, offer, 'accepted', 0),
        revise(business, offer, { version: 0, price: 1500, message: 'Prices went up' }),
      ]);
      expect([acc.status, rev.status].sort()).toEqual([200, 409]);
      const seen = await seenByClient(client, offer);
      if (acc.status === 200) {
        expect(rev.body.code).toBe('OFFER_STATUS_CONFLICT');
        expect(seen).toMatchObject({ status: 'accepted', price: 1200, version: 1 });
        expect(await postStatus(client.token, post._id)).toBe('accepted');
      } else {
        expect(acc.body.code).toBe('CONCURRENT_CHANGE');
        expect(seen).toMatchObject({ status: 'pending', price: 1500, version: 1 });
        expect(await postStatus(client.token, post._id)).toBe('open');
      }
      expect(seen.history).toHaveLength(2);
    }
  });

  it('two counter-offers at once: one is open, the other gets 409 PROPOSAL_OPEN', async () => {
    for (let round = 0; round < 3; round++) {
      const { client, post, business } = await setting();
      const offer = await newOffer(business, post._id, { price: 900 });
      const results = await Promise.all([
        counter(client, offer, { version: 0, price: 800 }),
        counter(client, offer, { version: 0, price: 700 }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      const loser = results.find((r) => r.status === 409)!;
      expect(loser.body.code).toBe('PROPOSAL_OPEN');
      const winner = results.find((r) => r.status === 200)!;
      const seen = await seenByClient(client, offer);
      expect(seen.proposal!.price).toBe(winner.body.proposal.price);
      expect(seen.history!.filter((s) => s.action === 'counter')).toHaveLength(1);
      expect(seen.version).toBe(1);
    }
  });

  it('the business accepting a counter-offer while the client declines the offer: one state', async () => {
    const { client, post, business } = await setting();
    const offer = await newOffer(business, post._id, { price: 640 });
    expect((await counter(client, offer, { version: 0, price: 600 })).status).toBe(200);
    const [deal, no] = await Promise.all([
      answer(business, offer, { version: 1, answer: 'accept' }),
      decide(client, offer, 'declined', 1),
    ]);
    expect([deal.status, no.status].sort()).toEqual([200, 409]);
    expect((deal.status === 409 ? deal : no).body.code).toBe('OFFER_STATUS_CONFLICT');
    const seen = await seenByClient(client, offer);
    expect(seen.status).toBe(deal.status === 200 ? 'accepted' : 'declined');
    expect(await postStatus(client.token, post._id)).toBe(deal.status === 200 ? 'accepted' : 'open');
  });
});
