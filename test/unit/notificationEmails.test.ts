/** Notification emails and unsubscribe links, without any emulator (lambdas/notify/emails.ts, unsubscribe.ts). */
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS } from '../../common/constants';
import { renderEmail } from '../../lambdas/notify/emails';
import { signUnsubscribe, verifyUnsubscribe } from '../../lambdas/notify/unsubscribe';

const links = {
  page: 'https://app.example/post/view/p1?a=1&b=2',
  unsubscribe: 'https://api.example/notifications/unsubscribe?token=t',
  settings: 'https://app.example/settings/u1/notifications',
};

describe('notification emails', () => {
  it('escape everything from other users in the HTML and keep the subject on one line', () => {
    const data = {
      postId: 'p1',
      postTitle: '<img src=x onerror=alert(1)>\n"Bath" & \'tiles\'',
      businessName: '<b>Studio</b>',
      price: 1200,
    };
    const email = renderEmail('newOffer', data, 'en', links);
    expect(email.html).not.toContain('<img src=x');
    expect(email.html).not.toContain('<b>Studio</b>');
    expect(email.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(email.html).toContain('&quot;Bath&quot; &amp; &#39;tiles&#39;');
    expect(email.html).toContain('href="https://app.example/post/view/p1?a=1&amp;b=2"');
    expect(email.subject).not.toMatch(/[\r\n]/);
    expect(email.text).toContain(`View the offer: ${links.page}`);
    expect(email.text).toContain(links.unsubscribe);
  });

  it('exist for every kind in Albanian and English, with a subject, a button and the unsubscribe link', () => {
    for (const kind of NOTIFICATION_KINDS) {
      for (const lang of ['sq', 'en'] as const) {
        const email = renderEmail(
          kind,
          { postId: 'p', postTitle: 'T', day: '2026-11-22', posts: [{ postId: 'p', title: 'T', town: 'Fier' }] },
          lang,
          links,
        );
        expect(email.subject.length, `${kind} ${lang}`).toBeGreaterThan(5);
        expect(email.html).toContain(`<html lang="${lang}">`);
        expect(email.html).toContain('https://api.example/notifications/unsubscribe?token=t');
      }
    }
    expect(renderEmail('newOffer', { postTitle: 'Banjo' }, 'sq', links).subject).toBe('Ofertë e re për „Banjo”');
  });
});

describe('the refund of a run its business cancelled or stopped', () => {
  it('says what the business did, in its language, and no empty reason', () => {
    const base = { businessId: 'b1', amount: 20, currency: 'EUR', paidFor: 'ad' as const };
    const sq = renderEmail('paymentRefunded', { ...base, runStop: 'cancel' }, 'sq', links);
    expect(sq.text).toContain('Ju e anuluat fushatën para se të nisej.');
    expect(sq.text).not.toContain('Arsyeja');
    const en = renderEmail('paymentRefunded', { ...base, runStop: 'stop' }, 'en', links);
    expect(en.text).toContain('You stopped the run: the whole days it had left are refunded.');
    expect(en.text).not.toContain('Reason');
    // A moderator's refund keeps its reason.
    expect(renderEmail('paymentRefunded', { ...base, reason: 'Shown twice' }, 'en', links).text).toContain(
      'Reason: "Shown twice"',
    );
  });
});

describe('unsubscribe links', () => {
  const secret = 'test-secret';

  it('carry the user and kind they were signed for', async () => {
    const token = await signUnsubscribe({ sub: 'user-1', kind: 'newLead' }, secret);
    expect(await verifyUnsubscribe(token, secret)).toEqual({ sub: 'user-1', kind: 'newLead' });
  });

  it('refuse an altered, truncated or foreign token', async () => {
    const token = await signUnsubscribe({ sub: 'user-1', kind: 'newLead' }, secret);
    const [payload, signature] = token.split('.');
    const otherUser = Buffer.from(JSON.stringify({ s: 'user-2', k: 'newLead' })).toString('base64url');
    const otherKind = Buffer.from(JSON.stringify({ s: 'user-1', k: 'newOffer' })).toString('base64url');
    for (const bad of [
      `${otherUser}.${signature}`,
      `${otherKind}.${signature}`,
      `${payload}.${signature.slice(1)}`,
      payload,
      `${token}.x`,
      '',
    ]) {
      expect(await verifyUnsubscribe(bad, secret), bad).toBeUndefined();
    }
    expect(await verifyUnsubscribe(token, 'another-key')).toBeUndefined();
    const unknownKind = Buffer.from(JSON.stringify({ s: 'user-1', k: 'everything' })).toString('base64url');
    const signedUnknown = (await signUnsubscribe({ sub: 'user-1', kind: 'newLead' }, secret)).replace(
      payload,
      unknownKind,
    );
    expect(await verifyUnsubscribe(signedUnknown, secret)).toBeUndefined();
  });
});
