/**
 * Closing a request tells the businesses that offered on it: when its client closes it, or the
 * hourly job closes it after POST_OPEN_DAYS, every business whose offer was pending gets one in-app
 * `requestClosed` notification and, unless it turned that kind off, one email in its language; a business
 * whose offer was already declined, or that deleted its offer, hears nothing. Through the real stream and
 * notifier of the local stack.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { call, newBusiness, newClient, newOffer, newPost, setStatus, type Client } from '../support/api';
import { emailsTo, waitForEmails } from '../support/mail';
import { setLanguage, waitFor } from '../support/notifications';
import { ageOut, runExpiryJob } from '../support/expiry';

let client: Client;
beforeAll(async () => {
  client = await newClient();
});

type Note = { kind: string; link: string; data: Record<string, unknown> };
const notificationsOf = async (token: string): Promise<Note[]> => (await call('GET', '/notifications', { token })).body;
/** Waits until `token`'s notifications include one of `kind`, and answers those. */
const waitForKind = (token: string, kind: string) =>
  waitFor(async () => {
    const of = (await notificationsOf(token)).filter((n) => n.kind === kind);
    return of.length ? of : undefined;
  });
const settle = () => new Promise((r) => setTimeout(r, 1500));

describe('closing a request tells the businesses with a pending offer', () => {
  it("closed by its client: each pending offer's business is told once, in its language; others are not", async () => {
    const [albanian, english, declined, quiet] = await Promise.all([
      newBusiness(),
      newBusiness(),
      newBusiness(),
      newBusiness(),
    ]);
    await setLanguage(`BUSINESS#${english.businessId}`, 'en');
    expect(
      (
        await call('PUT', '/notifications/preferences', {
          token: quiet.token,
          body: { emails: { requestClosed: false } },
        })
      ).status,
    ).toBe(200);
    const post = await newPost(client, { title: 'Dollap për hollin', images: [] });
    for (const b of [albanian, english, quiet]) await newOffer(b, post._id, { price: 450 });
    const refused = await newOffer(declined, post._id);
    expect((await setStatus(client, refused._id, 'declined')).status).toBe(200);

    expect((await call('POST', `/post/${post._id}/close`, { token: client.token })).status).toBe(200);

    const [sq] = await waitForEmails(albanian.email, /u mbyll/);
    expect(sq.subject).toBe('Kërkesa „Dollap për hollin” u mbyll');
    expect(sq.text).toContain('Klienti e mbylli kërkesën „Dollap për hollin” pa zgjedhur asnjë ofertë.');
    expect(sq.text).toContain(`/post/${post._id}`);
    const [en] = await waitForEmails(english.email, /was closed/);
    expect(en.subject).toBe('The request "Dollap për hollin" was closed');
    expect(en.text).toContain('Your offer of €450 is no longer pending.');

    for (const b of [albanian, english, quiet]) {
      const notes = await waitForKind(b.token, 'requestClosed');
      expect(notes).toEqual([
        expect.objectContaining({
          link: `/post/${post._id}`,
          data: expect.objectContaining({ postId: post._id, postTitle: 'Dollap për hollin', closedReason: 'client' }),
        }),
      ]);
      // Told that the request closed, not that its offer was declined.
      expect((await notificationsOf(b.token)).map((n) => n.kind)).not.toContain('offerDeclined');
    }
    await settle();
    // Once each; the business that turned the kind off gets the in-app notification only.
    expect(await emailsTo(albanian.email, /u mbyll/)).toHaveLength(1);
    expect(await emailsTo(english.email, /was closed/)).toHaveLength(1);
    expect(await emailsTo(quiet.email, /u mbyll|was closed/)).toEqual([]);
    // The business whose offer the client had declined hears of its decline only.
    const kinds = (await notificationsOf(declined.token)).map((n) => n.kind);
    expect(kinds).toContain('offerDeclined');
    expect(kinds).not.toContain('requestClosed');
  });

  it('expired (the hourly job): the business with a pending offer is told it expired', async () => {
    const business = await newBusiness();
    await setLanguage(`BUSINESS#${business.businessId}`, 'en');
    const post = await newPost(client, { title: 'Garden lights', images: [] });
    await newOffer(business, post._id, { price: 120 });
    await ageOut(post._id);
    expect((await runExpiryJob()).closed).toBeGreaterThanOrEqual(1);

    const [email] = await waitForEmails(business.email, /expired/);
    expect(email.subject).toBe('The request "Garden lights" expired');
    expect(email.text).toContain('was open for 30 days without an accepted offer');
    const notes = await waitForKind(business.token, 'requestClosed');
    expect(notes).toEqual([expect.objectContaining({ data: expect.objectContaining({ closedReason: 'expired' }) })]);
    // The job running again changes nothing and tells nobody twice.
    await runExpiryJob();
    await settle();
    expect(await emailsTo(business.email, /expired/)).toHaveLength(1);
    expect((await notificationsOf(business.token)).filter((n) => n.kind === 'requestClosed')).toHaveLength(1);
  });
});
