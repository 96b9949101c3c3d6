/**
 * A person's data rights through the local gateway over the emulators (docs/privacy.md): downloading everything held
 * about them (one export a day, made by the privacy worker from the table's stream, a ZIP with a README in their
 * language and their pictures, its link emailed and shown), and deleting the account (the password checked, closed at
 * once: signed out everywhere, tokens refused but for the deletion routes, profile 410, open requests withdrawn, the
 * email with the date; cancelled only by signing in again). Nobody can export, read the export of, delete or keep
 * another person's account: every route acts on the token's own account only.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { AdminSetUserPasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import { ERASURE_DELAY_DAYS } from '../../common/privacy';
import {
  call,
  newBusiness,
  newClient,
  newOffer,
  newPost,
  refreshTokenOf,
  refreshTokens,
  signIn,
  stack,
  stackPool,
  uploadPicture,
  type BusinessAccount,
  type Client,
} from '../support/api';
import { waitForEmails } from '../support/mail';
import { paidPlan } from '../support/payments';
import { tableClient } from '../support/expiry';
import { entryOf, makeModerator } from '../support/moderators';
import { waitFor } from '../support/notifications';
import { closureOf, finishClosingAsTheJob, readZip } from '../support/privacy';

const tag = Date.now().toString(36);

/** The business's plan events (its plan's history), as stored. */
async function planEventsOf(businessId: string) {
  const db = tableClient();
  const { Items } = await db.send(
    new QueryCommand({
      TableName: stack().tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
      ExpressionAttributeValues: { ':pk': `BUSINESS#${businessId}`, ':sk': 'PLANEVENT#' },
      ConsistentRead: true,
    }),
  );
  db.destroy();
  return Items ?? [];
}

/** The account's export once the worker is done with it (ready or failed). */
const finishedExport = (token: string) =>
  waitFor(async () => {
    const res = await call('GET', '/account/export', { token });
    expect(res.status).toBe(200);
    return res.body.status === 'ready' || res.body.status === 'failed' ? res.body : undefined;
  }, 60_000);

/** Gives an account its own password (the tests' accounts otherwise share one). */
async function setPassword(email: string, password: string) {
  const { pool, userPoolId } = stackPool();
  await pool.send(
    new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: email, Password: password, Permanent: true }),
  );
  pool.destroy();
}

describe('download my data', () => {
  let client: Client;
  let business: BusinessAccount;
  let postId: string;
  let picture: string;
  let ideaId: string;

  beforeAll(async () => {
    client = await newClient({ username: `Arta Krasniqi ${tag}`, language: 'en' });
    business = await newBusiness({ businessName: `Studio Drita ${tag}` });
    picture = await uploadPicture(client);
    const post = await newPost(client, { images: [picture], title: `Kitchen ${tag}` });
    postId = post._id;
    await newOffer(business, postId);
    const room = await call('POST', '/chat/createRoom', {
      token: client.token,
      body: { businessId: business.businessId, clientId: client.userId },
    });
    expect(room.status, JSON.stringify(room.body)).toBeLessThan(300);
    const roomId = room.body._id ?? room.body.roomId;
    for (const [who, text] of [
      [client, `Hello from the client ${tag}`],
      [business, `Hello from the studio ${tag}`],
    ] as const) {
      const sent = await call('POST', `/chat/rooms/${roomId}/messages`, { token: who.token, body: { text } });
      expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    }
    // An idea of the studio's, saved to a board of the client's.
    const showroom = await uploadPicture(business);
    let shown = await call('PUT', `/business/${business.businessId}`, {
      token: business.token,
      body: { showroom: [showroom] },
    });
    for (let again = 0; shown.status === 409 && again < 10; again++) {
      await new Promise((r) => setTimeout(r, 500));
      shown = await call('PUT', `/business/${business.businessId}`, {
        token: business.token,
        body: { showroom: [showroom] },
      });
    }
    const idea = await call('POST', '/ideas', {
      token: business.token,
      body: { picture: showroom, room: 'kitchen', style: 'rustic', service: 'furniture' },
    });
    expect(idea.status, JSON.stringify(idea.body)).toBe(201);
    ideaId = idea.body._id;
    const board = await call('POST', '/boards', { token: client.token, body: { name: `Kitchen ideas ${tag}` } });
    expect((await call('PUT', `/boards/${board.body._id}/ideas/${ideaId}`, { token: client.token })).status).toBe(200);
  });

  it('makes one ZIP of everything the client put in, with a README in their language and their own pictures, linked in the app and by email', async () => {
    const before = await call('GET', '/account/export', { token: client.token });
    expect(before.body).toEqual({ status: 'none' });

    const asked = await call('POST', '/account/export', { token: client.token });
    expect(asked.status).toBe(202);
    expect(asked.body.status).toBe('requested');
    expect(asked.body.nextAllowedAt > asked.body.requestedAt).toBe(true);

    const ready = await finishedExport(client.token);
    expect(ready.status).toBe('ready');
    expect(ready.size).toBeGreaterThan(0);
    expect(Date.parse(ready.expiresAt) - Date.parse(ready.readyAt)).toBe(24 * 3600_000);

    const download = await fetch(ready.url);
    expect(download.status).toBe(200);
    const entries = readZip(Buffer.from(await download.arrayBuffer()));
    const names = entries.map((e) => e.name);
    expect(names).toEqual(expect.arrayContaining(['README.txt', 'account.json', 'requests.json', 'chat.json']));
    const file = (name: string) => entries.find((e) => e.name === name)!.data.toString('utf8');
    expect(file('README.txt')).toContain('Your data at Interio');
    expect(JSON.parse(file('account.json')).email).toBe(client.email);
    const requests = JSON.parse(file('requests.json'));
    expect(requests[0].title).toBe(`Kitchen ${tag}`);
    expect(requests[0].offers[0].business).toBe(`Studio Drita ${tag}`);
    // Their picture: the original, named by file, and the request names the same file.
    const pictureFile = requests[0].images[0];
    expect(pictureFile).toMatch(/^pictures\/[\w-]+\.png$/);
    expect(names).toContain(pictureFile);
    expect(
      entries
        .find((e) => e.name === pictureFile)!
        .data.subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    // The studio's message is there as text it sent to the client, with the name it shows: nothing private of it.
    const chat = JSON.parse(file('chat.json'));
    expect(chat[0].messages.map((m: { from: string; text: string }) => [m.from, m.text])).toEqual([
      ['me', `Hello from the client ${tag}`],
      [`Studio Drita ${tag}`, `Hello from the studio ${tag}`],
    ]);
    // Their boards, with the ideas saved on them (by id: the ideas are the businesses').
    expect(JSON.parse(file('boards.json'))).toEqual([
      {
        name: `Kitchen ideas ${tag}`,
        shared: false,
        createdAt: expect.any(String),
        ideas: [{ idea: ideaId, savedAt: expect.any(String) }],
      },
    ]);
    const everything = entries.map((e) => e.data.toString('latin1')).join('\n');
    expect(everything).not.toContain(business.email);
    expect(everything).not.toContain(business.sub);

    const [email] = await waitForEmails(client.email, /Your data is ready to download/);
    expect(email.text).toContain('Download my data:');
    const link = /Download my data: (\S+)/.exec(email.text)![1];
    expect((await fetch(link)).status).toBe(200);
  });

  it('asks for at most one export a day, saying when the next may be asked', async () => {
    const again = await call('POST', '/account/export', { token: client.token });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('EXPORT_TOO_SOON');
    const status = await call('GET', '/account/export', { token: client.token });
    expect(again.body.message).toContain(status.body.nextAllowedAt);
  });

  it('never shows one person their export or link to another: each sees only their own', async () => {
    const theirs = await call('GET', '/account/export', { token: business.token });
    expect(theirs.status).toBe(200);
    expect(theirs.body).toEqual({ status: 'none' });
    // The ZIP itself is not readable without its signed address.
    const mine = await call('GET', '/account/export', { token: client.token });
    const unsigned = new URL(mine.body.url);
    unsigned.search = '';
    expect((await fetch(unsigned)).status).toBe(403);
  });

  it('a business gets its offers, payments and verification', async () => {
    const asked = await call('POST', '/account/export', { token: business.token });
    expect(asked.status).toBe(202);
    const ready = await finishedExport(business.token);
    expect(ready.status).toBe('ready');
    const entries = readZip(Buffer.from(await (await fetch(ready.url)).arrayBuffer()));
    const file = (name: string) => JSON.parse(entries.find((e) => e.name === name)!.data.toString('utf8'));
    expect(file('offers.json')[0].request.title).toBe(`Kitchen ${tag}`);
    expect(file('payments.json')).toEqual([]);
    expect(file('ideas.json')).toEqual([
      expect.objectContaining({ room: 'kitchen', style: 'rustic', source: 'portfolio', savedToBoards: 1 }),
    ]);
    expect(entries.find((e) => e.name === 'README.txt')!.data.toString('utf8')).toContain('Të dhënat tuaja në Interio');
    // Nothing private of the client: no email, no account id; their name only as the sender of what they wrote to it.
    const everything = entries.map((e) => e.data.toString('utf8')).join('\n');
    expect(everything).not.toContain(client.email);
    expect(everything).not.toContain(client.sub);
    expect(entries.filter((e) => e.data.toString('utf8').includes(`Arta Krasniqi ${tag}`)).map((e) => e.name)).toEqual([
      'chat.json',
    ]);
    expect(file('chat.json')[0].messages[0]).toEqual(
      expect.objectContaining({ from: `Arta Krasniqi ${tag}`, text: `Hello from the client ${tag}` }),
    );
  });
});

describe('delete my account', () => {
  const password = 'Own#Pass2026';
  let client: Client;
  let other: Client;
  let business: BusinessAccount;
  let postId: string;
  let reportedPostId: string;
  let moderatorToken: string;

  beforeAll(async () => {
    client = await newClient({ username: `Besa Leka ${tag}` });
    await setPassword(client.email, password);
    client.token = await signIn(client.email, password);
    other = await newClient({ username: `Dritan Shehu ${tag}` });
    business = await newBusiness({ businessName: `Studio Hëna ${tag}` });
    const post = await newPost(client, { images: [], title: `Floor ${tag}` });
    postId = post._id;
    await newOffer(business, postId);
  });

  it('closes the reports about the account itself, keeping nothing of the person for moderators', async () => {
    const moderator = await newClient({ username: `Moderator ${tag}` });
    const modToken = await makeModerator(moderator);
    const request = await newPost(client, { images: [], title: `Reported ${tag}` });
    expect(
      (
        await call('POST', '/report', {
          token: other.token,
          body: { kind: 'post', targetId: request._id, reason: 'spam' },
        })
      ).status,
    ).toBe(201);
    expect((await entryOf(modToken, request._id))?.excerpt).toBe(`Reported ${tag}`);
    reportedPostId = request._id;
    moderatorToken = modToken;
  });

  it('refuses a wrong password and changes nothing', async () => {
    const wrong = await call('POST', '/account/deletion', {
      token: client.token,
      body: { password: 'Not#ThePassword1', confirm: true },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('WRONG_PASSWORD');
    // Another person's password is not this account's either (the tests' shared one is the other's).
    const theirs = await call('POST', '/account/deletion', {
      token: client.token,
      body: { password: other.password, confirm: true },
    });
    expect(theirs.body.code).toBe('WRONG_PASSWORD');
    const unconfirmed = await call('POST', '/account/deletion', { token: client.token, body: { password } });
    expect(unconfirmed.status).toBe(400);
    expect((await call('GET', '/account/deletion', { token: client.token })).body).toEqual({ status: 'active' });
    expect((await call('GET', `/post/${postId}`, { token: client.token })).status).toBe(200);
  });

  it('closes the account at once: signed out, tokens refused, profile gone, request withdrawn, the date in the app and by email', async () => {
    const refresh = await refreshTokenOf(client.email, password);
    const closed = await call('POST', '/account/deletion', { token: client.token, body: { password, confirm: true } });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.status).toBe('closing');
    const days = (Date.parse(closed.body.eraseAfter) - Date.parse(closed.body.closedAt)) / 86_400_000;
    expect(days).toBe(ERASURE_DELAY_DAYS);

    // Every other route refuses the closed account's token; its deletion status still answers.
    for (const [method, path] of [
      ['GET', '/account'],
      ['GET', `/post/${postId}`],
      ['POST', '/account/export'],
      ['POST', '/account/deletion'],
    ] as const) {
      const res = await call(method, path, {
        token: client.token,
        body: method === 'POST' ? { password, confirm: true } : undefined,
      });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.code).toBe('ACCOUNT_CLOSED');
    }
    expect((await call('GET', '/account/deletion', { token: client.token })).body.status).toBe('closing');
    // Signed out everywhere: its refresh token no longer gives tokens.
    await expect(refreshTokens(refresh)).rejects.toThrow();
    // Its profile is gone for everyone.
    const profile = await call('GET', `/user/${client.userId}`, { token: other.token });
    expect(profile.status).toBe(410);
    expect(profile.body.code).toBe('ACCOUNT_DELETED');
    expect((await call('GET', `/user/cognito/${client.sub}`, { token: other.token })).status).toBe(410);
    // Its open request is withdrawn: closed, out of the open lists, the business's offer declined.
    const post = await call('GET', `/post/${postId}`, { token: business.token });
    expect(post.body.status).toBe('closed');
    const offers = await call('GET', `/business/offers/${business.businessId}`, { token: business.token });
    expect(offers.body.find((o: { postId: string }) => o.postId === postId).status).toBe('declined');

    const [email] = await waitForEmails(client.email, /do të fshihet më/);
    expect(email.text).toContain('Mbaje llogarinë');

    // The report about its request closed itself, with the reason, and shows nothing of the person (closed by the
    // request, or by the hourly job when a busy request left it: finished here as the job does).
    await finishClosingAsTheJob(client.sub);
    expect(await entryOf(moderatorToken, reportedPostId, 'open')).toBeUndefined();
    const closedEntry = await entryOf(moderatorToken, reportedPostId, 'dismissed');
    expect(closedEntry).toMatchObject({ excerpt: '', ownerSub: 'deleted-account', notes: [] });
    expect(closedEntry?.decisionReason).toMatch(/deleted their account/);
    expect(JSON.stringify(closedEntry)).not.toContain(client.sub);
    expect(JSON.stringify(closedEntry)).not.toContain('Besa Leka');
  });

  it('nobody else can keep (or close) the account: the routes act on the caller only', async () => {
    const keptByOther = await call('DELETE', '/account/deletion', { token: other.token });
    expect(keptByOther.status).toBe(409);
    expect(keptByOther.body.code).toBe('NOT_CLOSING');
    // The old session cannot keep it either: only a sign-in made after the closing.
    const stale = await call('DELETE', '/account/deletion', { token: client.token });
    expect(stale.status).toBe(403);
    expect(stale.body.code).toBe('SIGN_IN_AGAIN');
    expect((await call('GET', '/account/deletion', { token: client.token })).body.status).toBe('closing');
  });

  it('is kept by signing in again and cancelling within the 14 days', async () => {
    await new Promise((r) => setTimeout(r, 1100));
    const fresh = await signIn(client.email, password);
    const kept = await call('DELETE', '/account/deletion', { token: fresh });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body).toEqual({ status: 'active' });
    expect((await call('GET', '/account', { token: fresh })).body.profile.username).toBe(`Besa Leka ${tag}`);
    expect((await call('GET', `/user/${client.userId}`, { token: other.token })).status).toBe(200);
    // What closing ended stays ended: the request is closed (its client may reopen it once).
    expect((await call('GET', `/post/${postId}`, { token: fresh })).body.status).toBe('closed');
    expect((await call('POST', `/post/${postId}/reopen`, { token: fresh })).status).toBe(200);
  });

  it('closes a business: its pending offers withdrawn, its search entries and public page gone (410), back when kept', async () => {
    const studio = await newBusiness({ businessName: `Studio Yll ${tag}`, categories: ['interior-design'] });
    const request = await newPost(other, { images: [], title: `Walls ${tag}` });
    await newOffer(studio, request._id);
    await paidPlan(studio, 'standard');
    const slug = (await call('GET', `/business/${studio.businessId}`, { token: other.token })).body.slug;
    expect((await fetch(`${stack().apiUrl}/biznes/${slug}`)).status).toBe(200);

    const closed = await call('POST', '/account/deletion', {
      token: studio.token,
      body: { password: studio.password, confirm: true },
    });
    expect(closed.status).toBe(200);
    expect((await call('GET', `/business/${studio.businessId}`, { token: other.token })).status).toBe(410);
    expect((await fetch(`${stack().apiUrl}/biznes/${slug}`)).status).toBe(410);
    const offers = await call('GET', `/getPostOffers/${request._id}`, { token: other.token });
    expect(offers.body).toEqual([]);
    // Searched by the words of its own (a first page of "Studio ..." among every test's studios may not reach it).
    const search = await call('GET', `/business/search?name=${encodeURIComponent(`Yll ${tag}`)}`, {
      token: other.token,
    });
    expect(search.body).toEqual([]);
    // Its plan ended with it (Basic, and the plan's end recorded: the operators' subscription counts subtract it).
    expect(await planEventsOf(studio.businessId)).toContainEqual(
      expect.objectContaining({ kind: 'ended', fromPlan: 'standard', plan: 'basic', reason: 'canceled' }),
    );

    await new Promise((r) => setTimeout(r, 1100));
    const fresh = await signIn(studio.email);
    expect((await call('DELETE', '/account/deletion', { token: fresh })).status).toBe(200);
    expect((await fetch(`${stack().apiUrl}/biznes/${slug}`)).status).toBe(200);
    const found = await call('GET', `/business/search?name=${encodeURIComponent(`Yll ${tag}`)}`, {
      token: other.token,
    });
    expect(found.body.map((b: { _id: string }) => b._id)).toEqual([studio.businessId]);
    // What closing ended stays ended: the plan is Basic.
    expect((await call('GET', '/subscription', { token: fresh })).body.plan).toBe('basic');
  });

  it('a closing the job read before the deletion was cancelled ends nothing: the kept business stays found, its new offer pending', async () => {
    const studio = await newBusiness({ businessName: `Studio Dritë ${tag}`, categories: ['interior-design'] });
    const closed = await call('POST', '/account/deletion', {
      token: studio.token,
      body: { password: studio.password, confirm: true },
    });
    expect(closed.status).toBe(200);
    // The hourly job lists the closures, then the person keeps the account while it works through them.
    const readByTheJob = await closureOf(studio.sub);
    expect(readByTheJob).toBeDefined();
    await new Promise((r) => setTimeout(r, 1100));
    const fresh = await signIn(studio.email);
    expect((await call('DELETE', '/account/deletion', { token: fresh })).status).toBe(200);
    const request = await newPost(other, { images: [], title: `Shelves ${tag}` });
    const offer = await newOffer({ ...studio, token: fresh }, request._id);

    await finishClosingAsTheJob(studio.sub, readByTheJob);
    const found = await call('GET', `/business/search?name=${encodeURIComponent(`Dritë ${tag}`)}`, {
      token: other.token,
    });
    expect(found.body.map((b: { _id: string }) => b._id)).toEqual([studio.businessId]);
    const offers = await call('GET', `/getPostOffers/${request._id}`, { token: other.token });
    expect(offers.body.map((o: { _id: string; status: string }) => [o._id, o.status])).toEqual([
      [offer._id, 'pending'],
    ]);
    expect((await call('GET', '/account', { token: fresh })).status).toBe(200);
  });
});
