/**
 * Verified businesses through the local gateway over the emulators: a business asks with its
 * NIPT and a document picture, a moderator (a member of the pool's moderator group) refuses with a reason or
 * approves from the pending queue (oldest first), the business asks again after a refusal, and `verified` shows
 * in every answer carrying the business. Anonymous callers, the wrong role, non-moderators and other businesses
 * are refused and change nothing; nobody sets `verified` through a body.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../../lambdas/model/keys';
import {
  call,
  newAccount,
  newBusiness,
  newClient,
  newOffer,
  newPost,
  uploadPicture,
  type BusinessAccount,
  stack,
  type Client,
} from '../support/api';
import { tableClient } from '../support/expiry';
import { makeModerator } from '../support/moderators';
import { useStackEnvironment, waitFor } from '../support/notifications';
import { paidAd } from '../support/payments';

/** A signed-in user of `role` who is also in the moderator group. */
async function newModerator(role: 'client' | 'business' = 'client'): Promise<{ token: string; sub: string }> {
  const account = role === 'client' ? await newClient() : await newBusiness();
  return { token: await makeModerator(account), sub: account.sub };
}

/** The business's in-app notification of the decision on its verification (the notifier reads the table's stream). */
const decisionNotice = (business: BusinessAccount, approved: boolean) =>
  waitFor(async () => {
    const list = await call('GET', '/notifications', { token: business.token });
    return list.body.find?.(
      (n: { kind: string; data: { approved?: boolean } }) =>
        n.kind === 'verificationDecided' && n.data.approved === approved,
    );
  });

const ask = (business: BusinessAccount, body: unknown) =>
  call('POST', '/business/verification', { token: business.token, body });
const mine = (business: BusinessAccount) => call('GET', '/business/verification', { token: business.token });
const decide = (token: string, businessId: string, body: unknown) =>
  call('POST', `/moderation/verifications/${businessId}/decision`, { token, body });

/** Every pending entry of the queue, page after page (oldest first). */
async function wholeQueue(token: string): Promise<{ businessId: string; requestedAt: string; [k: string]: unknown }[]> {
  const all = [];
  let cursor: string | undefined;
  do {
    const res = await call('GET', `/moderation/verifications?limit=2${cursor ? `&cursor=${cursor}` : ''}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    all.push(...res.body);
    cursor = res.headers.get('x-next-cursor') ?? undefined;
  } while (cursor);
  return all;
}

let moderator: { token: string; sub: string };
let client: Client;

beforeAll(async () => {
  useStackEnvironment();
  [moderator, client] = await Promise.all([newModerator(), newClient()]);
});

describe('verified businesses', () => {
  it('refused with a reason, asked again, approved: the badge shows in every answer carrying the business', async () => {
    const name = `Verified ${Date.now().toString(36)}`;
    const studio = await newBusiness({ businessName: name, location: 'Durrës' });
    expect((await mine(studio)).body).toEqual({ status: 'none' });

    // The NIPT is checked for form (trimmed, upper-cased).
    const document = await uploadPicture(studio);
    const bad = await ask(studio, { nipt: 'L2171802', document });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('INVALID_NIPT');
    expect((await mine(studio)).body).toEqual({ status: 'none' });

    const asked = await ask(studio, { nipt: ' l21718020a ', document, status: 'verified' });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    expect(asked.body).toMatchObject({ status: 'pending', nipt: 'L21718020A' });
    expect(typeof asked.body.requestedAt).toBe('string');
    const again = await ask(studio, { nipt: 'L21718020A', document });
    expect([again.status, again.body.code]).toEqual([409, 'VERIFICATION_PENDING']);
    const pending = (await mine(studio)).body;
    expect(pending).toMatchObject({ status: 'pending', nipt: 'L21718020A', requestedAt: asked.body.requestedAt });
    expect(pending.documentUrl).toMatch(/\/images\/.+\/1280\.webp$/);

    // The moderator's queue holds it, with the business's name and town and the document.
    const entry = (await wholeQueue(moderator.token)).find((e) => e.businessId === studio.businessId);
    expect(entry).toEqual({
      businessId: studio.businessId,
      businessName: name,
      location: 'Durrës',
      nipt: 'L21718020A',
      documentUrl: pending.documentUrl,
      requestedAt: asked.body.requestedAt,
    });
    // The document is served (through the picture pipeline, never the original).
    expect((await fetch(pending.documentUrl)).status).toBe(200);

    // A refusal needs a reason.
    const noReason = await decide(moderator.token, studio.businessId, { approve: false });
    expect([noReason.status, noReason.body.code]).toEqual([400, 'FIELD_REQUIRED']);
    const refused = await decide(moderator.token, studio.businessId, {
      approve: false,
      reason: 'The document is not readable',
    });
    expect(refused.status, JSON.stringify(refused.body)).toBe(200);
    expect(refused.body).toMatchObject({ status: 'refused', reason: 'The document is not readable' });
    const twice = await decide(moderator.token, studio.businessId, { approve: true });
    expect([twice.status, twice.body.code]).toEqual([409, 'ALREADY_DECIDED']);
    expect((await mine(studio)).body).toMatchObject({
      status: 'refused',
      nipt: 'L21718020A',
      reason: 'The document is not readable',
      decidedAt: refused.body.decidedAt,
    });
    expect((await wholeQueue(moderator.token)).some((e) => e.businessId === studio.businessId)).toBe(false);
    expect((await call('GET', `/business/${studio.businessId}`, { token: client.token })).body.verified).toBe(false);
    expect(await decisionNotice(studio, false)).toMatchObject({
      data: { businessId: studio.businessId, reason: 'The document is not readable' },
      link: `/settings/${studio.businessId}/verification`,
    });

    // Asked again with a clearer picture, then approved.
    const second = await ask(studio, { nipt: 'L21718020A', document: await uploadPicture(studio) });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect((await mine(studio)).body).toMatchObject({ status: 'pending' });
    expect((await mine(studio)).body.reason).toBeUndefined();
    const approved = await decide(moderator.token, studio.businessId, { approve: true, reason: 'ignored' });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({ status: 'verified', nipt: 'L21718020A' });
    expect(approved.body.reason).toBeUndefined();
    expect((await mine(studio)).body).toMatchObject({ status: 'verified' });
    expect((await decisionNotice(studio, true)).data.reason).toBeUndefined();
    const late = await ask(studio, { nipt: 'L21718020A', document: await uploadPicture(studio) });
    expect([late.status, late.body.code]).toEqual([409, 'ALREADY_VERIFIED']);

    // The badge: profile (others and the owner), offers' cards, search hits, ads.
    expect((await call('GET', `/business/${studio.businessId}`, { token: client.token })).body.verified).toBe(true);
    expect((await call('GET', `/business/cognito/${studio.sub}`, { token: studio.token })).body.verified).toBe(true);
    const post = await newPost(client, { images: [] });
    const offer = await newOffer(studio, post._id);
    const offers = await call('GET', `/getPostOffers/${post._id}`, { token: client.token });
    expect(offers.body.find((o: { _id: string }) => o._id === offer._id).business).toMatchObject({
      businessName: name,
      verified: true,
    });
    const hits = await call('GET', `/business/search?name=${encodeURIComponent(name)}`, { token: client.token });
    expect(hits.body).toEqual([expect.objectContaining({ _id: studio.businessId, verified: true })]);
    const ad = { body: await paidAd(studio) };
    expect(ad.body.verified).toBe(true);
    const ads = await call('GET', `/business/ads/${studio.businessId}`, { token: client.token });
    expect(ads.body).toEqual([expect.objectContaining({ _id: ad.body._id, verified: true })]);
    const strip = await call('GET', '/ads?limit=100', { token: client.token });
    expect(strip.body.find((a: { _id: string }) => a._id === ad.body._id)).toMatchObject({ verified: true });

    // The document's address is in no public answer of the business.
    const publicAnswers = JSON.stringify([
      (await call('GET', `/business/${studio.businessId}`, { token: client.token })).body,
      hits.body,
      offers.body,
      strip.body,
    ]);
    expect(publicAnswers).not.toContain(second.body.documentUrl.split('/images/')[1].split('/1280')[0]);
  });

  it('an unverified business answers verified: false everywhere', async () => {
    const name = `Plain ${Date.now().toString(36)}`;
    const plain = await newBusiness({ businessName: name });
    expect((await call('GET', `/business/${plain.businessId}`, { token: client.token })).body.verified).toBe(false);
    const hits = await call('GET', `/business/search?name=${encodeURIComponent(name)}`, { token: client.token });
    expect(hits.body).toEqual([expect.objectContaining({ _id: plain.businessId, verified: false })]);
    const post = await newPost(client, { images: [] });
    await newOffer(plain, post._id);
    const offers = await call('GET', `/getPostOffers/${post._id}`, { token: client.token });
    expect(offers.body[0].business.verified).toBe(false);
  });

  it('the queue is oldest first and pages', async () => {
    const studios: BusinessAccount[] = [];
    for (let i = 0; i < 3; i++) {
      const studio = await newBusiness({ businessName: `Queue ${i}` });
      expect((await ask(studio, { nipt: `K1234567${i}B`, document: await uploadPicture(studio) })).status).toBe(201);
      studios.push(studio);
    }
    const queue = await wholeQueue(moderator.token);
    const mineInQueue = queue.filter((e) => studios.some((s) => s.businessId === e.businessId));
    expect(mineInQueue.map((e) => e.businessId)).toEqual(studios.map((s) => s.businessId));
    const times = queue.map((e) => e.requestedAt);
    expect([...times].sort()).toEqual(times);
    for (const s of studios) expect((await decide(moderator.token, s.businessId, { approve: true })).status).toBe(200);
  });

  it("the queue shows the business's current name and town: stored with the request, then kept current", async () => {
    const studio = await newBusiness({ businessName: `Before ${Date.now().toString(36)}`, location: 'Durrës' });
    expect((await ask(studio, { nipt: 'M01234567C', document: await uploadPicture(studio) })).status).toBe(201);
    const entryOf = async () => (await wholeQueue(moderator.token)).find((e) => e.businessId === studio.businessId);
    // The request is stored with its copy of the profile.
    const db = tableClient();
    const stored = await db.send(
      new GetCommand({ TableName: stack().tableName, Key: keys.verification(studio.businessId), ConsistentRead: true }),
    );
    expect(stored.Item).toMatchObject({
      businessName: expect.stringMatching(/^Before /),
      location: 'Durrës',
      profileVersion: expect.any(String),
    });

    // A rename and a move while it waits show in the queue at once.
    const renamed = `After ${Date.now().toString(36)}`;
    const edit = await call('PUT', `/business/${studio.businessId}`, {
      token: studio.token,
      body: { businessName: renamed, location: 'Vlorë' },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(await entryOf()).toMatchObject({ businessName: renamed, location: 'Vlorë' });

    expect((await decide(moderator.token, studio.businessId, { approve: true })).status).toBe(200);
  });

  it('refuses anonymous callers, the wrong role, non-moderators and other businesses, changing nothing', async () => {
    const studio = await newBusiness();
    const other = await newBusiness();
    const document = await uploadPicture(studio);
    expect((await ask(studio, { nipt: 'J61922018S', document })).status).toBe(201);
    const before = { mine: (await mine(studio)).body, queue: await wholeQueue(moderator.token) };

    // Anonymous: the gateway's 401 on every route.
    for (const [method, path] of [
      ['POST', '/business/verification'],
      ['GET', '/business/verification'],
      ['GET', '/moderation/verifications'],
      ['POST', `/moderation/verifications/${studio.businessId}/decision`],
    ])
      expect((await call(method, path, method === 'POST' ? { body: { approve: true } } : {})).status).toBe(401);

    // A client has no business verification.
    const asClient = await call('POST', '/business/verification', {
      token: client.token,
      body: { nipt: 'J61922018S', document },
    });
    expect([asClient.status, asClient.body.code]).toEqual([403, 'WRONG_ROLE']);
    const readAsClient = await call('GET', '/business/verification', { token: client.token });
    expect([readAsClient.status, readAsClient.body.code]).toEqual([403, 'WRONG_ROLE']);

    // Businesses and clients outside the moderator group cannot read the queue or decide.
    for (const token of [studio.token, other.token, client.token]) {
      const queue = await call('GET', '/moderation/verifications', { token });
      expect([queue.status, queue.body.code]).toEqual([403, 'NOT_MODERATOR']);
      const decision = await decide(token, studio.businessId, { approve: true });
      expect([decision.status, decision.body.code]).toEqual([403, 'NOT_MODERATOR']);
    }

    // Another business cannot use this business's document, and sees only its own (none).
    const stolen = await ask(other, { nipt: 'J61922018S', document });
    expect([stolen.status, stolen.body.code]).toEqual([400, 'NOT_OWN_UPLOAD']);
    expect((await mine(other)).body).toEqual({ status: 'none' });

    // A moderator does not decide on their own business, nor on a business without a request.
    const moderatorBusiness = await newModerator('business');
    const ownBusiness = await call('GET', `/business/cognito/${moderatorBusiness.sub}`, {
      token: moderatorBusiness.token,
    });
    expect(
      (
        await call('POST', '/business/verification', {
          token: moderatorBusiness.token,
          body: { nipt: 'M01234567N', document: await uploadPicture({ idToken: moderatorBusiness.token }) },
        })
      ).status,
    ).toBe(201);
    const selfDecided = await decide(moderatorBusiness.token, ownBusiness.body._id, { approve: true });
    expect([selfDecided.status, selfDecided.body.code]).toEqual([403, 'FORBIDDEN']);
    const unknown = await decide(moderator.token, other.businessId, { approve: true });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'NOT_FOUND']);

    // Nothing changed.
    expect((await mine(studio)).body).toEqual(before.mine);
    expect((await call('GET', `/business/${studio.businessId}`, { token: client.token })).body.verified).toBe(false);
    const after = await wholeQueue(moderator.token);
    expect(after.find((e) => e.businessId === studio.businessId)).toEqual(
      before.queue.find((e) => e.businessId === studio.businessId),
    );
    expect((await call('GET', `/business/${ownBusiness.body._id}`, { token: client.token })).body.verified).toBe(false);
    expect((await decide(moderator.token, studio.businessId, { approve: true })).status).toBe(200);
    expect((await decide(moderator.token, ownBusiness.body._id, { approve: false, reason: 'Test' })).status).toBe(200);
  });

  it('cannot be set through a profile body', async () => {
    const account = await newAccount('business');
    const created = await call('POST', '/business', {
      token: account.idToken,
      body: {
        email: account.email,
        cognitoId: account.sub,
        businessName: 'Forged Studio',
        location: 'Tirana',
        verified: true,
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.verified).toBe(false);
    const updated = await call('PUT', `/business/${created.body._id}`, {
      token: account.idToken,
      body: { description: 'Kitchens', verified: true },
    });
    expect(updated.status).toBe(200);
    const profile = await call('GET', `/business/${created.body._id}`, { token: client.token });
    expect(profile.body).toMatchObject({ description: 'Kitchens', verified: false });
  });
});
