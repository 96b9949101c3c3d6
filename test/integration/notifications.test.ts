/**
 * Notifications end to end on the local stack (issue 11): a write through the API, the table's stream,
 * the notifier, the local inbox (MailDev) and the in-app list.
 */
import { describe, expect, it } from 'vitest';
import { newBusiness, newClient, newOffer, newPost } from '../support/api';
import { header, source, waitForEmails } from '../support/mail';

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
