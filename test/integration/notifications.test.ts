/**
 * Notifications end to end on the local stack: a write through the API, the table's stream,
 * the notifier, the local inbox (MailDev) and the in-app list.
 */
import { describe, expect, it } from 'vitest';
import {
  call,
  categoryIdsByName,
  newBusiness,
  newClient,
  newOffer,
  newPost,
  setStatus,
  stack,
  type CallResult,
} from '../support/api';
import { emailsTo, header, source, waitForEmails } from '../support/mail';
import { setLanguage, streamRecordOf, useStackEnvironment, waitFor } from '../support/notifications';
import { CHAT_REMINDER_TEST_DELAY_MS } from '../support/testStack';

describe('notifications', () => {
  it('an offer gives the client exactly one email, in Albanian, with the request title (escaped) and a working link', async () => {
    const client = await newClient();
    const business = await newBusiness({ businessName: 'Studio <Arta> & Co' });
    const post = await newPost(client, { title: 'Banjo e re <b>me</b> pllaka & dush' });
    await newOffer(business, post._id, { price: 1250 });

    const emails = await waitForEmails(client.email, /Ofertë e re/);
    expect(emails).toHaveLength(1);
    const [email] = emails;
    expect(email.subject).toBe('Ofertë e re për „Banjo e re <b>me</b> pllaka & dush”');
    expect(email.text).toContain('Studio <Arta> & Co');
    expect(email.html).toContain('Banjo e re &lt;b&gt;me&lt;/b&gt; pllaka &amp; dush');
    expect(email.html).not.toContain('<b>me</b>');
    expect(email.html).toContain('Studio &lt;Arta&gt; &amp; Co');
    expect(email.text).toContain(`/post/view/${post._id}`);
    const raw = await source(email.id);
    expect(header(raw, 'List-Unsubscribe')).toMatch(/^<http:\/\/[^>]+\/notifications\/unsubscribe\?token=[^>]+>$/);
    expect(header(raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    // No second email comes later.
    await new Promise((r) => setTimeout(r, 1500));
    expect(await waitForEmails(client.email, /Ofertë e re/, 2, 0)).toHaveLength(1);
  });
});

describe('in-app notifications', () => {
  it('lists the new offer newest first with its link, counts it unread, and marks one / all read', async () => {
    const client = await newClient();
    const business = await newBusiness({ businessName: 'Atelier Drini' });
    const post = await newPost(client, { title: 'Kitchen cabinets' });
    await newOffer(business, post._id, { price: 900 });
    const list = await waitFor(async () => {
      const res = await call('GET', '/notifications', { token: client.token });
      return res.body.length ? res : undefined;
    });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      expect.objectContaining({
        kind: 'newOffer',
        read: false,
        link: `/post/view/${post._id}`,
        data: expect.objectContaining({
          postId: post._id,
          postTitle: 'Kitchen cabinets',
          businessName: 'Atelier Drini',
          price: 900,
        }),
      }),
    ]);
    expect((await call('GET', '/notifications/unread', { token: client.token })).body).toEqual({ count: 1 });

    // The business sees none of the client's notifications, and cannot mark them.
    expect((await call('GET', '/notifications', { token: business.token })).body).toEqual([]);
    const id = list.body[0]._id as string;
    expect((await call('POST', '/notifications/read', { token: business.token, body: { id } })).status).toBe(404);
    expect((await call('GET', '/notifications/unread', { token: client.token })).body).toEqual({ count: 1 });

    const read = await call('POST', '/notifications/read', { token: client.token, body: { id } });
    expect([read.status, read.body.read]).toEqual([200, true]);
    expect((await call('GET', '/notifications/unread', { token: client.token })).body).toEqual({ count: 0 });
    // Marking it again changes nothing.
    await call('POST', '/notifications/read', { token: client.token, body: { id } });
    expect((await call('GET', '/notifications/unread', { token: client.token })).body).toEqual({ count: 0 });

    // Two more offers, then "mark all read".
    for (const name of ['Second Studio', 'Third Studio'])
      await newOffer(await newBusiness({ businessName: name }), post._id);
    await waitFor(async () =>
      (await call('GET', '/notifications/unread', { token: client.token })).body.count === 2 ? true : undefined,
    );
    const page1 = await call('GET', '/notifications?limit=2', { token: client.token });
    expect(page1.body.map((n: { data: { businessName: string } }) => n.data.businessName)).toEqual([
      'Third Studio',
      'Second Studio',
    ]);
    const page2 = await call('GET', `/notifications?limit=2&cursor=${page1.headers.get('x-next-cursor')}`, {
      token: client.token,
    });
    expect(page2.body.map((n: { _id: string }) => n._id)).toEqual([id]);
    expect((await call('POST', '/notifications/read', { token: client.token, body: { all: true } })).body).toEqual({
      count: 0,
    });
    expect((await call('GET', '/notifications/unread', { token: client.token })).body).toEqual({ count: 0 });
    const after = await call('GET', '/notifications', { token: client.token });
    expect(after.body.every((n: { read: boolean }) => n.read)).toBe(true);

    // Every page after "mark all read" shows them read (the next pages take the mark from the cursor); an offer
    // that comes after the mark is unread on the first page, the older ones still read on the pages after it.
    const pages = async () => {
      const seen: { _id: string; read: boolean }[][] = [];
      let cursor: string | null = null;
      do {
        const res: CallResult = await call('GET', `/notifications?limit=1${cursor ? `&cursor=${cursor}` : ''}`, {
          token: client.token,
        });
        expect(res.status).toBe(200);
        seen.push(res.body);
        cursor = res.headers.get('x-next-cursor');
      } while (cursor);
      return seen.map((p) => p.map((n) => n.read));
    };
    expect(await pages()).toEqual([[true], [true], [true], []]);
    await newOffer(await newBusiness({ businessName: 'Fourth Studio' }), post._id);
    await waitFor(async () =>
      (await call('GET', '/notifications/unread', { token: client.token })).body.count === 1 ? true : undefined,
    );
    expect(await pages()).toEqual([[false], [true], [true], [true], []]);
  });

  it('tells the business of acceptance, cancellation and decline, in English when its account says so', async () => {
    const client = await newClient();
    const business = await newBusiness();
    await setLanguage(`BUSINESS#${business.businessId}`, 'en');
    const post = await newPost(client, { title: 'Wardrobe' });
    const offer = await newOffer(business, post._id);
    expect((await setStatus(client, offer._id, 'accepted')).status).toBe(200);
    expect((await setStatus(client, offer._id, 'pending')).status).toBe(200);
    expect((await setStatus(client, offer._id, 'declined')).status).toBe(200);
    const emails = await waitForEmails(business.email, /Wardrobe/, 3);
    expect(emails.map((e) => e.subject).sort()).toEqual([
      'Acceptance cancelled: "Wardrobe"',
      'Your offer was accepted: "Wardrobe"',
      'Your offer was declined: "Wardrobe"',
    ]);
    const kinds = await waitFor(async () => {
      const res = await call('GET', '/notifications', { token: business.token });
      return res.body.length === 3 ? res.body.map((n: { kind: string }) => n.kind) : undefined;
    });
    expect(kinds.sort()).toEqual(['acceptanceCancelled', 'offerAccepted', 'offerDeclined']);
  });
});

describe('email preferences and unsubscribe links', () => {
  it('a kind turned off gives no email (the in-app notification still comes)', async () => {
    const client = await newClient();
    const put = await call('PUT', '/notifications/preferences', {
      token: client.token,
      body: { emails: { newOffer: false } },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ emails: { newOffer: false, offerAccepted: true }, leadAlerts: 'instant' });
    expect((await call('GET', '/notifications/preferences', { token: client.token })).body.emails.newOffer).toBe(false);
    const post = await newPost(client, { title: 'Quiet request' });
    await newOffer(await newBusiness(), post._id);
    await waitFor(async () =>
      (await call('GET', '/notifications/unread', { token: client.token })).body.count === 1 ? true : undefined,
    );
    await new Promise((r) => setTimeout(r, 1000));
    expect(await emailsTo(client.email, /Ofertë e re|New offer/)).toEqual([]);
  });

  it('refuses bad preferences with a clear 400 and changes nothing', async () => {
    const client = await newClient();
    for (const body of [
      { emails: { newOffer: 'no' } },
      { emails: { somethingElse: false } },
      { leadAlerts: 'weekly' },
      { other: 1 },
    ]) {
      const res = await call('PUT', '/notifications/preferences', { token: client.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ message: expect.any(String), code: expect.any(String) });
    }
    expect((await call('GET', '/notifications/preferences', { token: client.token })).body).toMatchObject({
      emails: { newOffer: true },
      leadAlerts: 'instant',
    });
  });

  it('the unsubscribe link of an email turns that kind off without signing in; an altered link is refused with a clear page', async () => {
    const client = await newClient();
    const post = await newPost(client, { title: 'Living room' });
    await newOffer(await newBusiness(), post._id);
    const [email] = await waitForEmails(client.email, /Ofertë e re/);
    const link = header(await source(email.id), 'List-Unsubscribe')!.slice(1, -1);
    expect(email.text).toContain(link);

    const asBrowser = { accept: 'text/html,application/xhtml+xml' };
    const page = await fetch(link, { headers: asBrowser });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('<form method="post"');
    // Opening the page changes nothing by itself.
    expect((await call('GET', '/notifications/preferences', { token: client.token })).body.emails.newOffer).toBe(true);

    const token = new URL(link).searchParams.get('token')!;
    const [payload, signature] = token.split('.');
    const otherSub = Buffer.from(JSON.stringify({ s: 'someone-else', k: 'newOffer' })).toString('base64url');
    for (const bad of [`${payload}.${signature.slice(0, -2)}xx`, `${otherSub}.${signature}`, 'nonsense', '']) {
      const url = `${stack().apiUrl}/notifications/unsubscribe?token=${encodeURIComponent(bad)}`;
      const res = await fetch(url, { method: 'POST', headers: asBrowser });
      expect(res.status, bad).toBe(400);
      expect(await res.text()).toContain('This unsubscribe link was altered or is incomplete');
      // Any other caller gets the API's JSON error.
      const api = await call('POST', url.slice(stack().apiUrl.length));
      expect([api.status, api.body.code], bad).toEqual([400, bad ? 'INVALID_VALUE' : 'FIELD_REQUIRED']);
    }
    expect((await call('GET', '/notifications/preferences', { token: client.token })).body.emails.newOffer).toBe(true);

    // One click, as mail clients do it (RFC 8058): a POST with List-Unsubscribe=One-Click.
    const done = await fetch(link, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('U çregjistruat');
    expect((await call('GET', '/notifications/preferences', { token: client.token })).body.emails).toMatchObject({
      newOffer: false,
      offerAccepted: true,
    });
  });
});

describe('the notifier', () => {
  it('sends one email when a stream record is delivered twice', async () => {
    const client = await newClient();
    const post = await newPost(client, { title: 'Twice delivered' });
    const offer = await newOffer(await newBusiness(), post._id);
    await waitForEmails(client.email, /Twice delivered/);
    const record = await streamRecordOf(`OFFER#${offer._id}`, 'INSERT');
    useStackEnvironment();
    const { handler } = await import('../../lambdas/notify/handler');
    for (let i = 0; i < 2; i++) expect(await handler({ Records: [record] })).toEqual({ batchItemFailures: [] });
    await new Promise((r) => setTimeout(r, 500));
    expect(await emailsTo(client.email, /Twice delivered/)).toHaveLength(1);
    expect((await call('GET', '/notifications/unread', { token: client.token })).body).toEqual({ count: 1 });
  });
});

describe('lead alerts', () => {
  it("a new request in a business's service and service town alerts it at once; others are not told", async () => {
    const client = await newClient();
    const ids = await categoryIdsByName(client.token);
    const [kitchens, lights] = Object.values(ids);
    const matching = await newBusiness({ location: 'Tirana', categories: [kitchens] });
    expect(
      (
        await call('PUT', `/business/${matching.businessId}`, {
          token: matching.token,
          body: { serviceTowns: ['Tirana', 'Vlorë'] },
        })
      ).body.serviceTowns,
    ).toEqual(['Tirana', 'Vlorë']);
    const otherService = await newBusiness({ location: 'Vlorë', categories: [lights] });
    const otherTown = await newBusiness({ location: 'Shkodër', categories: [kitchens] });
    // The lead index follows the profiles through the stream: give it a moment.
    await new Promise((r) => setTimeout(r, 1000));
    const post = await newPost(client, { title: 'Lead <in> Vlorë', location: 'Vlorë', category: [kitchens] });
    const [email] = await waitForEmails(matching.email, /Kërkesë e re në Vlorë/);
    expect(email.subject).toBe('Kërkesë e re në Vlorë: „Lead <in> Vlorë”');
    expect(email.html).toContain('Lead &lt;in&gt; Vlorë');
    expect(email.text).toContain(`/post/${post._id}`);
    await new Promise((r) => setTimeout(r, 1000));
    expect(await emailsTo(otherService.email, /Lead/)).toEqual([]);
    expect(await emailsTo(otherTown.email, /Lead/)).toEqual([]);
    expect(
      (await call('GET', '/notifications', { token: matching.token })).body.map((n: { kind: string }) => n.kind),
    ).toEqual(['newLead']);
  });

  it("a digest run gathers the day's matching requests into one email per business; lead alerts off gives none", async () => {
    const client = await newClient();
    const ids = await categoryIdsByName(client.token);
    const [, , painting] = Object.values(ids);
    const daily = await newBusiness({ location: 'Fier', categories: [painting] });
    const off = await newBusiness({ location: 'Fier', categories: [painting] });
    expect(
      (await call('PUT', '/notifications/preferences', { token: daily.token, body: { leadAlerts: 'daily' } })).status,
    ).toBe(200);
    expect(
      (await call('PUT', '/notifications/preferences', { token: off.token, body: { leadAlerts: 'off' } })).status,
    ).toBe(200);
    await new Promise((r) => setTimeout(r, 1000));
    const first = await newPost(client, { title: 'Paint the hall', location: 'Fier', category: [painting] });
    const second = await newPost(client, { title: 'Paint the stairs', location: 'Fier', category: [painting] });
    await newPost(client, { title: 'Paint elsewhere', location: 'Berat', category: [painting] });
    await new Promise((r) => setTimeout(r, 1500));
    expect(await emailsTo(daily.email, /Paint/)).toEqual([]);

    useStackEnvironment();
    const { handler: digest } = await import('../../lambdas/notify/digest');
    const day = first.createdAt.slice(0, 10);
    expect(await digest({ day })).toMatchObject({ requests: expect.any(Number) });
    await digest({ day }); // a second run sends nothing more
    const emails = await waitForEmails(daily.email, /kërkesa të reja për ju/);
    expect(emails).toHaveLength(1);
    expect(emails[0].subject).toBe(`2 kërkesa të reja për ju (${day})`);
    expect(emails[0].text).toContain('Paint the hall (Fier)');
    expect(emails[0].text).toContain(`/post/${second._id}`);
    expect(emails[0].text).not.toContain('Paint elsewhere');
    expect(await emailsTo(off.email, /Paint|kërkesa/)).toEqual([]);
  });
});

describe('the notifier when sending fails', () => {
  it('reports the failed record as the batch item failure, loses nothing, and a retry sends each email once', async () => {
    const client = await newClient();
    const post = await newPost(client, { title: 'Retried delivery' });
    const offer = await newOffer(await newBusiness(), post._id);
    await waitForEmails(client.email, /Retried delivery/);
    const real = await streamRecordOf(`OFFER#${offer._id}`, 'INSERT');
    // Two more deliveries of events of their own (new event ids), as a stream would hand them.
    const records = ['a', 'b'].map((k, i) => ({
      ...real,
      eventID: `${real.eventID}-${k}`,
      dynamodb: { ...real.dynamodb, SequenceNumber: `9${i}${real.dynamodb!.SequenceNumber}` },
    }));
    useStackEnvironment();
    const { handler } = await import('../../lambdas/notify/handler');

    // The mail server refuses (nothing listens on port 1): the first record fails and is reported, the batch stops there.
    process.env.SMTP_PORT = '1';
    expect(await handler({ Records: records })).toEqual({
      batchItemFailures: [{ itemIdentifier: records[0].dynamodb!.SequenceNumber }],
    });
    expect(await emailsTo(client.email, /Retried delivery/)).toHaveLength(1);

    // The stream retries from the failed record once the mail server answers: both are sent, once.
    process.env.SMTP_PORT = String(stack().mail.smtpPort);
    expect(await handler({ Records: records })).toEqual({ batchItemFailures: [] });
    expect(await handler({ Records: records })).toEqual({ batchItemFailures: [] });
    await new Promise((r) => setTimeout(r, 500));
    expect(await emailsTo(client.email, /Retried delivery/)).toHaveLength(3);
  });
});

describe('unread chat messages', () => {
  it('a message still unread after the wait is emailed to its recipient, at most once per room in 30 minutes; a read one is not', async () => {
    const client = await newClient({ username: 'Ana <Hoxha>' });
    const business = await newBusiness({ businessName: 'Dru & Dizajn' });
    const room = await call('POST', '/chat/createRoom', {
      token: client.token,
      body: { businessId: business.businessId, clientId: client.userId },
    });
    expect(room.status).toBe(201);
    const roomId = room.body.roomId ?? room.body._id;
    expect(
      (
        await call('POST', `/chat/rooms/${roomId}/messages`, {
          token: client.token,
          body: { text: 'Hello, is the oak table still possible?' },
        })
      ).status,
    ).toBe(201);
    expect(
      (await call('POST', `/chat/rooms/${roomId}/messages`, { token: client.token, body: { text: 'And the chairs?' } }))
        .status,
    ).toBe(201);
    // Nothing before the wait is over.
    expect(await emailsTo(business.email, /Mesazh i palexuar/)).toEqual([]);
    const [email] = await waitForEmails(business.email, /Mesazh i palexuar/);
    expect(email.subject).toBe('Mesazh i palexuar nga Ana <Hoxha>');
    expect(email.html).toContain('Ana &lt;Hoxha&gt;');
    expect(email.text).not.toContain('oak table');
    await new Promise((r) => setTimeout(r, CHAT_REMINDER_TEST_DELAY_MS + 1500));
    expect(await emailsTo(business.email, /Mesazh i palexuar/)).toHaveLength(1);

    // The business answers; the client reads it at once: no email to the client.
    expect(
      (await call('POST', `/chat/rooms/${roomId}/messages`, { token: business.token, body: { text: 'Yes, both.' } }))
        .status,
    ).toBe(201);
    expect((await call('POST', `/chat/rooms/${roomId}/read`, { token: client.token })).status).toBeLessThan(300);
    await new Promise((r) => setTimeout(r, CHAT_REMINDER_TEST_DELAY_MS + 1500));
    expect(await emailsTo(client.email, /Unread message|Mesazh i palexuar/)).toEqual([]);
  });
});
