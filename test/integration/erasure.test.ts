/**
 * The erasure leaves no trace (docs/privacy.md): a client and a business with everything (requests with pictures,
 * offers, a negotiation, chat both ways, reviews and a reply, an ad, plans, a verification, reports, a push device,
 * payments, a contact message, an export, ideas with their price bands, boards) delete their accounts; the 14 days are made to pass (their erasure dates
 * moved into the past, and what the table's TTL deletes by then deleted); the privacy job is killed half way twice
 * and run again. Then neither's email, name, sub, record ids or any picture key is anywhere: a full Scan of the
 * table (every item, every attribute), the buckets' listings, the Realtime Database's tree, the user pool, the mail
 * inbox's later messages. What others rely on stays, anonymised; nothing of anyone else is touched.
 */
import { describe, expect, it } from 'vitest';
import {
  call,
  newModerator,
  type CallResult,
  newBusiness,
  newClient,
  newOffer,
  newPost,
  setStatus,
  stack,
  uploadPicture,
  type BusinessAccount,
  type Client,
} from '../support/api';
import { inbox } from '../support/mail';
import { CARDS, paidPlan, settledPayment, submitCard } from '../support/payments';
import { subscribedDevice } from '../support/push';
import { waitFor } from '../support/notifications';
import {
  bucketKeys,
  chatTree,
  expireItemsWithin,
  letErasureDatePass,
  poolUsers,
  runPrivacyJob,
  scanTable,
  tracesOf,
} from '../support/privacy';

const tag = Date.now().toString(36);

const ok = async (p: Promise<{ status: number; body: unknown }>, status = 200) => {
  const res = await p;
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body as any;
};

async function room(client: Client, business: BusinessAccount): Promise<string> {
  const res = await call('POST', '/chat/createRoom', {
    token: client.token,
    body: { businessId: business.businessId, clientId: client.userId },
  });
  expect(res.status).toBeLessThan(300);
  return res.body._id;
}
const say = (token: string, roomId: string, text: string) =>
  ok(call('POST', `/chat/rooms/${roomId}/messages`, { token, body: { text } }), 201);

async function review(client: Client, business: BusinessAccount, title: string) {
  const post = await newPost(client, { images: [], title });
  const offer = await newOffer(business, post._id);
  await ok(setStatus(client, offer._id, 'accepted'));
  await ok(
    call('POST', '/finishedJobs', {
      token: client.token,
      body: { postId: post._id, businessId: business.businessId, rating: 4, review: `Good work ${title}` },
    }),
    201,
  );
  return { post, offer };
}

/** Waits until the table stops changing for a while (the notifier and the privacy worker are done with the stream). */
async function settled() {
  let before = JSON.stringify(await scanTable());
  let quiet = 0;
  for (let i = 0; i < 60 && quiet < 3; i++) {
    await new Promise((r) => setTimeout(r, 1500));
    const now = JSON.stringify(await scanTable());
    quiet = now === before ? quiet + 1 : 0;
    before = now;
  }
}

describe('erasing a client and a business', () => {
  it('leaves neither anywhere, keeps what others rely on anonymised, and finishes after being killed half way', async () => {
    // ---- The two people, with everything ----
    const clientName = `Erjona Qosja ${tag}`;
    const businessName = `Studio Zana ${tag}`;
    const client = await newClient({ username: clientName });
    const business = await newBusiness({ businessName, categories: ['interior-design'], location: 'Tirana' });
    // Others, who keep what they rely on.
    const otherClient = await newClient({ username: `Genta Marku ${tag}` });
    const otherBusiness = await newBusiness({ businessName: `Studio Ora ${tag}` });

    const avatar = await uploadPicture(client);
    await ok(call('PUT', `/user/${client.userId}`, { token: client.token, body: { profilePicture: avatar } }));
    const logo = await uploadPicture(business);
    const showroom = await uploadPicture(business);
    await ok(
      call('PUT', `/business/${business.businessId}`, {
        token: business.token,
        body: { profilePicture: logo, showroom: [showroom], serviceTowns: ['Tirana', 'Durrës'] },
      }),
    );

    // An open request with pictures, offers from both businesses, a negotiation on the business's.
    const open = await newPost(client, {
      title: `Living room ${tag}`,
      category: ['interior-design'],
      location: 'Tirana',
    });
    const offer = await newOffer(business, open._id);
    const otherOffer = await newOffer(otherBusiness, open._id);
    await ok(
      call('POST', `/offer/${offer._id}/counter`, {
        token: client.token,
        body: { version: 0, price: 1200, note: `Lower please ${tag}` },
      }),
    );
    await ok(
      call('POST', `/offer/${offer._id}/answer`, { token: business.token, body: { version: 1, answer: 'decline' } }),
    );
    // Finished work both ways, with reviews and a reply.
    const mutual = await review(client, business, `Kitchen ${tag}`);
    await ok(
      call('PUT', `/post/${mutual.post._id}/review/reply`, { token: business.token, body: { text: `Thanks ${tag}` } }),
    );
    const byClient = await review(client, otherBusiness, `Bathroom ${tag}`);
    const forOther = await review(otherClient, business, `Terrace ${tag}`);

    // Ideas: the business's portfolio picture and a picture of the other client's job (its band shown, as that
    // client agreed) and of the client's; the client agreed to show its job's band too. Boards: the client's holds
    // both businesses' ideas; the other client's holds the business's.
    const showroomIdea = await ok(
      call('POST', '/ideas', { token: business.token, body: { picture: showroom, room: 'living-room' } }),
      201,
    );
    const jobPicture = await uploadPicture(business);
    const mutualPicture = await uploadPicture(business);
    const tagJob = async (picture: string, postId: string) => {
      for (let again = 0; ; again++) {
        const res = await call('POST', '/ideas', {
          token: business.token,
          body: { picture, postId, room: 'exterior' },
        });
        if (res.status !== 409 || res.body?.code !== 'IMAGE_PROCESSING' || again > 10)
          return ok(Promise.resolve(res), 201);
        await new Promise((r) => setTimeout(r, 500));
      }
    };
    await tagJob(jobPicture, forOther.post._id);
    await tagJob(mutualPicture, mutual.post._id);
    await ok(call('PUT', `/ideas/price-band/${forOther.post._id}`, { token: otherClient.token, body: { show: true } }));
    await ok(call('PUT', `/ideas/price-band/${mutual.post._id}`, { token: client.token, body: { show: true } }));
    const otherShowroom = await uploadPicture(otherBusiness);
    await ok(
      call('PUT', `/business/${otherBusiness.businessId}`, {
        token: otherBusiness.token,
        body: { showroom: [otherShowroom] },
      }),
    );
    const othersIdea = await ok(
      call('POST', '/ideas', {
        token: otherBusiness.token,
        body: { picture: otherShowroom, room: 'kitchen', service: 'decor' },
      }),
      201,
    );
    const clientsBoard = await ok(
      call('POST', '/boards', { token: client.token, body: { name: `Ideas ${clientName}` } }),
      201,
    );
    for (const idea of [showroomIdea, othersIdea])
      await ok(call('PUT', `/boards/${clientsBoard._id}/ideas/${idea._id}`, { token: client.token }));
    await ok(call('PUT', `/boards/${clientsBoard._id}`, { token: client.token, body: { shared: true } }));
    const othersBoard = await ok(call('POST', '/boards', { token: otherClient.token, body: { name: 'Liked' } }), 201);
    await ok(call('PUT', `/boards/${othersBoard._id}/ideas/${showroomIdea._id}`, { token: otherClient.token }));
    await ok(call('PUT', `/boards/${othersBoard._id}/ideas/${othersIdea._id}`, { token: otherClient.token }));

    // Chat both ways, and with the others.
    const mutualRoom = await room(client, business);
    await say(client.token, mutualRoom, `Client here ${tag}`);
    await say(business.token, mutualRoom, `Studio here ${tag}`);
    const clientAndOther = await room(client, otherBusiness);
    await say(client.token, clientAndOther, `Hi Ora ${tag}`);
    await say(otherBusiness.token, clientAndOther, `Hi from Ora ${tag}`);
    const otherAndBusiness = await room(otherClient, business);
    await say(otherClient.token, otherAndBusiness, `Hi Zana ${tag}`);
    await say(business.token, otherAndBusiness, `Hi from Zana ${tag}`);

    // Payments: an ad (with its picture, bought with an idempotency key) and a plan.
    const adImage = await uploadPicture(business);
    const ad = (await ok(
      call('POST', '/ad', {
        token: business.token,
        body: { businessId: business.businessId, image: adImage },
        headers: { 'Idempotency-Key': `ad-${tag}` },
      }),
      201,
    )) as { checkout: { transactionId: string }; transaction: { id: string } };
    await submitCard(ad.checkout.transactionId, CARDS.success);
    expect((await settledPayment(business.token, ad.transaction.id)).state).toBe('completed');
    await paidPlan(business, 'premium');
    // A verification with its document.
    const document = await uploadPicture(business);
    await ok(
      call('POST', '/business/verification', { token: business.token, body: { nipt: 'L21718020A', document } }),
      201,
    );
    // Reports: by each of them, and about each of them.
    await ok(
      call('POST', '/report', {
        token: client.token,
        body: { kind: 'business', targetId: otherBusiness.businessId, reason: 'spam', note: `Client's note ${tag}` },
      }),
      201,
    );
    await ok(
      call('POST', '/report', {
        token: business.token,
        body: {
          kind: 'review',
          targetId: (
            await call('GET', `/getBusinessFinishedJobs/${otherBusiness.businessId}`, { token: business.token })
          ).body[0]._id,
          reason: 'fake',
        },
      }),
      201,
    );
    await ok(
      call('POST', '/report', { token: otherClient.token, body: { kind: 'post', targetId: open._id, reason: 'spam' } }),
      201,
    );
    await ok(
      call('POST', '/report', {
        token: otherClient.token,
        body: { kind: 'business', targetId: business.businessId, reason: 'fraud', note: `About ${businessName}` },
      }),
      201,
    );
    // A push device, contact messages, an export.
    await subscribedDevice(client.token, `phone ${tag}`);
    await ok(call('POST', '/contactForm', { token: client.token, body: { message: `Help ${clientName}` } }), 201);
    await ok(call('POST', '/contactForm', { token: business.token, body: { message: `Help ${businessName}` } }), 201);
    await ok(call('POST', '/account/export', { token: client.token }), 202);
    await waitFor(async () => {
      const s = await call('GET', '/account/export', { token: client.token });
      return s.body.status === 'ready' ? true : undefined;
    }, 60_000);

    // ---- Both delete their accounts; the job finishes the closing; 14 days pass ----
    for (const who of [client, business])
      await ok(
        call('POST', '/account/deletion', { token: who.token, body: { password: who.password, confirm: true } }),
      );
    const closing = await runPrivacyJob();
    // Theirs, and any the other test files closed meanwhile.
    expect(closing.closingFinished).toBeGreaterThanOrEqual(2);
    // The business's subscription is cancelled at the payment provider (nothing more is billed) and that is kept.
    const subscription = (await scanTable()).find(
      (i) => String(i.pk).startsWith('SUBSCRIPTION#') && i.businessId === business.businessId,
    );
    expect(subscription?.cancelAt, JSON.stringify(subscription)).toEqual(expect.any(String));
    expect((await call('GET', `/business/${business.businessId}`, { token: otherBusiness.token })).status).toBe(410);
    await settled();
    await letErasureDatePass(client.sub, { pk: `USER#${client.userId}`, sk: 'PROFILE' });
    await letErasureDatePass(business.sub, { pk: `BUSINESS#${business.businessId}`, sk: 'PROFILE' });
    await expireItemsWithin(14);

    // Each picture by its own file id (`uploads/{sub}/{id}.{ext}`, `images/{sub}/{id}.{ext}/{width}.webp`).
    const pictureId = (keyOrAddress: string) => /(?:uploads|images)\/[^/]+\/([^/.]+)/.exec(keyOrAddress)![1];
    const pictures = [avatar, logo, showroom, adImage, document, jobPicture, mutualPicture, ...open.images];
    const ids = [
      client.userId,
      business.businessId,
      open._id,
      mutual.post._id,
      byClient.post._id,
      clientsBoard._id,
      // The other business's idea: the client's board that held it is gone, so one board less holds it.
      othersIdea._id,
    ];
    const needles = [
      client.email,
      client.sub,
      clientName,
      business.email,
      business.sub,
      businessName,
      ...pictures.map(pictureId),
    ];
    const before = await scanTable();
    // What may change: what names them, and the entries of the reports they filed (withdrawn with them).
    const reportsTheyFiled = before
      .filter((i) => String(i.sk) === `BY#${client.sub}` || String(i.sk) === `BY#${business.sub}`)
      .map((i) => String(i.pk));
    const touching = [...needles, ...ids, ...reportsTheyFiled];
    const untouched = before.filter((i) => tracesOf(i, touching).length === 0);
    const mailBefore = new Set((await inbox()).map((m) => m.id));

    // ---- The erasure, killed half way twice, then run to the end ----
    const first = await runPrivacyJob({ stopAfterSteps: 5 });
    expect(first).toMatchObject({ stopped: true, erased: 0, steps: 5 });
    const second = await runPrivacyJob({ stopAfterSteps: 40 });
    expect(second.stopped).toBe(true);
    const last = await runPrivacyJob();
    expect(last.stopped).toBe(false);
    expect(first.erased + second.erased + last.erased).toBe(2);
    expect((await runPrivacyJob()).erased).toBe(0);
    await settled();

    // ---- No trace of either anywhere ----
    const after = await scanTable();
    const traced = after.filter((i) => tracesOf(i, needles).length > 0);
    expect(traced, 'items naming them').toEqual([]);
    expect(tracesOf(after, needles), 'the table').toEqual([]);
    expect(tracesOf(await bucketKeys(stack().bucket), needles), 'the media bucket').toEqual([]);
    expect(tracesOf(await bucketKeys(stack().exportsBucket), needles), 'the exports bucket').toEqual([]);
    expect(tracesOf(await chatTree(), needles), 'the chat database').toEqual([]);
    expect(tracesOf(await poolUsers(), needles), 'the user pool').toEqual([]);
    const later = (await inbox()).filter((m) => !mailBefore.has(m.id));
    expect(tracesOf(later, needles), 'later emails').toEqual([]);
    // Their records and ids are gone too (ids remain only where others' kept records point at nothing).
    expect(after.filter((i) => i.pk === `USER#${client.userId}` || i.pk === `BUSINESS#${business.businessId}`)).toEqual(
      [],
    );

    // ---- Nothing else touched ----
    const byKey = new Map(after.map((i) => [`${i.pk}\u0000${i.sk}`, i]));
    const changed = untouched.filter((i) => JSON.stringify(byKey.get(`${i.pk}\u0000${i.sk}`)) !== JSON.stringify(i));
    expect(changed, 'items that named neither of them').toEqual([]);

    // ---- What others rely on stays, anonymised ----
    // The other business keeps the client's review (a former client's) and its rating.
    const jobs = await call('GET', `/getBusinessFinishedJobs/${otherBusiness.businessId}`, {
      token: otherBusiness.token,
    });
    const kept = jobs.body.find((j: { postId: string }) => j.postId === byClient.post._id);
    expect(kept).toMatchObject({ review: `Good work Bathroom ${tag}`, formerClient: true, rating: 4 });
    const profile = await call('GET', `/business/${otherBusiness.businessId}`, { token: otherBusiness.token });
    expect(profile.body).toMatchObject({ ratingAverage: 4, reviewCount: 1 });
    // Its offer on the client's deleted request stays its own, without the request.
    const itsOffers = await call('GET', `/business/offers/${otherBusiness.businessId}?limit=100`, {
      token: otherBusiness.token,
    });
    expect(itsOffers.body.find((o: { _id: string }) => o._id === otherOffer._id)).toBeDefined();
    // Chat rooms show a former user, with the other member's own messages kept.
    const rooms = await call('GET', `/chat/businessRooms?cognitoId=${otherBusiness.sub}`, {
      token: otherBusiness.token,
    });
    const former = rooms.body.find((r: { _id: string }) => r._id === clientAndOther);
    expect(former.user).toEqual({ username: '', former: true });
    const otherRooms = await call('GET', `/chat/getUserRooms?cognitoId=${otherClient.sub}`, {
      token: otherClient.token,
    });
    expect(otherRooms.body.find((r: { _id: string }) => r._id === otherAndBusiness).business).toEqual({
      businessName: '',
      former: true,
    });
    const tree = JSON.stringify(await chatTree());
    expect(tree).toContain(`Hi from Ora ${tag}`);
    expect(tree).toContain(`Hi Zana ${tag}`);
    expect(tree).not.toContain(`Hi Ora ${tag}`);
    expect(tree).not.toContain(`Hi from Zana ${tag}`);
    // The other client's request keeps its finished offer, from a former business; its review stays, in no list.
    const onTerrace = await call('GET', `/getPostOffers/${forOther.post._id}`, { token: otherClient.token });
    expect(onTerrace.body[0]).toMatchObject({ status: 'finished', business: { businessName: '', former: true } });
    expect(after.find((i) => i.pk === `POST#${forOther.post._id}` && i.sk === 'FINISHEDJOB')).toMatchObject({
      formerBusiness: true,
      review: `Good work Terrace ${tag}`,
    });
    // Payment records stay, without name or email.
    const payments = after.filter((i) => String(i.pk).startsWith('TXN#') && i.anonymisedAt);
    expect(payments.length).toBeGreaterThanOrEqual(2);
    for (const p of payments) expect(Object.keys(p)).not.toContain('clientName');
    // Moderators still find them in the payments list (the answer checked against the OpenAPI document by `call`),
    // marked as a deleted account's, with nothing that names it.
    const moderator = await newModerator();
    let cursor: string | null = null;
    let listed: Record<string, unknown> | undefined;
    for (let page = 0; page < 50 && !listed; page++) {
      const res: CallResult = await call(
        'GET',
        `/moderation/payments?limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        { token: moderator.token },
      );
      expect(res.status).toBe(200);
      listed = res.body.find((p: { id: string }) => p.id === ad.transaction.id);
      cursor = res.headers.get('x-next-cursor');
      if (!cursor) break;
    }
    expect(listed).toMatchObject({ id: ad.transaction.id, anonymised: true, state: 'completed' });
    expect(Object.keys(listed!)).not.toContain('clientName');
    expect(Object.keys(listed!)).not.toContain('businessId');
    // Their ideas are gone from every list and board; the other business's idea stays on the other client's board.
    const gallery = await call('GET', '/ideas?room=living-room&limit=100', { token: otherClient.token });
    expect(gallery.body.map((i: { _id: string }) => i._id)).not.toContain(showroomIdea._id);
    const onBoard = await call('GET', `/boards/${othersBoard._id}/ideas`, { token: otherClient.token });
    expect(onBoard.body.map((i: { _id: string }) => i._id)).toEqual([othersIdea._id]);
    expect((await call('GET', `/boards/${othersBoard._id}`, { token: otherClient.token })).body).toMatchObject({
      ideaCount: 1,
      cover: othersIdea.picture,
    });
    expect(after.filter((i) => String(i.pk) === `BOARD#${clientsBoard._id}`)).toEqual([]);
    const itsIdea = await call('GET', `/ideas/${othersIdea._id}`, { token: otherBusiness.token });
    expect(itsIdea.body.saveCount).toBe(1);
    // The report about the other business by the client is gone; the moderators' queue shows nothing of them.
  }, 600_000);
});
