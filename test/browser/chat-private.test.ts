/**
 * Chat as its two members and a third user meet it: the third user who opens someone else's room
 * sees nothing and cannot write; unread counts on the navbar and in the room list, cleared by opening
 * the room; 20 messages sent quickly from both sides arrive once and in the same order in both panes;
 * text stays text (no HTML), links are safe, Albanian letters and emoji are kept; a room opens on its
 * last 50 messages and loads older ones when scrolled up; a dropped connection catches up; a member
 * reports a message and blocks the other member.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, stack, webUrl } from './browser';
import { newBusiness, newClient, signedIn, tag, type Business, type Client } from './people';
import { call } from '../support/api';

describe('a private chat between a client and a business', () => {
  let browser: Browser;
  let client: Client;
  let business: Business;
  let stranger: Client;
  let clientPage: Page;
  let businessPage: Page;
  let strangerPage: Page;
  let roomId: string;
  const businessName = `Mobilje ${tag()}`;

  const send = (who: Client | Business, text: string) =>
    call('POST', `/chat/rooms/${roomId}/messages`, { token: who.token, body: { text } });
  const texts = (page: Page) => page.locator('[data-testid^="chat-message-"] p').allTextContents();

  beforeAll(async () => {
    [browser, client, business, stranger] = await Promise.all([
      launch(),
      newClient({ username: 'Ermira Çela' }),
      newBusiness({ businessName }),
      newClient({ username: 'Curious Third' }),
    ]);
    const room = await call('POST', '/chat/createRoom', {
      token: client.token,
      body: { businessId: business.businessId, clientId: client.userId },
    });
    expect(room.status).toBe(201);
    roomId = room.body.roomId;
    [{ page: clientPage }, { page: businessPage }, { page: strangerPage }] = await Promise.all([
      signedIn(browser, client),
      signedIn(browser, business),
      signedIn(browser, stranger),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("unread messages show on the business's navbar and room list; opening the room clears them", async () => {
    expect((await send(client, 'Mirëdita! Sa kushton një divan?')).status).toBe(201);
    expect((await send(client, 'Edhe një tavolinë çaji.')).status).toBe(201);
    await businessPage.reload();
    await expect.poll(() => businessPage.getByTestId('nav-chat-unread').textContent(), { timeout: 15_000 }).toBe('2');
    await businessPage.getByTestId('nav-chat').click();
    const room = businessPage.getByTestId('chat-room');
    await room.waitFor();
    expect(await businessPage.getByTestId('chat-room-unread').textContent()).toBe('2');
    expect(await room.textContent()).toContain('Edhe një tavolinë çaji.');
    await room.click();
    await expect
      .poll(() => texts(businessPage))
      .toEqual(['Mirëdita! Sa kushton një divan?', 'Edhe një tavolinë çaji.']);
    await expect.poll(() => businessPage.getByTestId('nav-chat-unread').count(), { timeout: 10_000 }).toBe(0);
    expect(await businessPage.getByTestId('chat-room-unread').count()).toBe(0);
    expect((await call('GET', '/chat/unread', { token: business.token })).body).toEqual({ total: 0 });
  });

  it("a third signed-in user who opens the room's address sees nothing and cannot write", async () => {
    await clientPage.goto(webUrl(`/chat/${roomId}`));
    await expect.poll(() => texts(clientPage), { timeout: 15_000 }).toHaveLength(2);

    await strangerPage.goto(webUrl(`/chat/${roomId}`));
    await strangerPage.getByText('No conversations yet.').waitFor({ timeout: 15_000 });
    await strangerPage.getByText('Select a conversation to start chatting.').waitFor();
    expect(await strangerPage.locator('[data-testid^="chat-message-"]').count()).toBe(0);
    expect(await strangerPage.getByTestId('chat-input').count()).toBe(0);
    expect(await strangerPage.textContent('body')).not.toContain('divan');

    // Sending with the third user's own session, from their page, is refused and changes nothing.
    const status = await strangerPage.evaluate(
      async ([apiUrl, id]) => {
        const key = Object.keys(localStorage).find((k) => k.endsWith('.idToken'));
        const res = await fetch(`${apiUrl}/chat/rooms/${id}/messages`, {
          method: 'POST',
          headers: { authorization: `Bearer ${localStorage.getItem(key!)}`, 'content-type': 'application/json' },
          body: JSON.stringify({ text: 'let me in' }),
        });
        return res.status;
      },
      [stack().apiUrl, roomId] as const,
    );
    expect(status).toBe(404);
    await clientPage.waitForTimeout(500);
    expect(await texts(clientPage)).toHaveLength(2);
  });

  it('20 messages sent quickly from both sides arrive once, in the same order, in both panes', async () => {
    const before = (await texts(clientPage)).length;
    const typeAll = async (page: Page, prefix: string) => {
      const input = page.getByTestId('chat-input');
      for (let i = 1; i <= 10; i++) {
        await input.fill(`${prefix} ${i}`);
        await input.press('Enter');
      }
    };
    await Promise.all([typeAll(clientPage, 'klient'), typeAll(businessPage, 'biznes')]);
    await expect.poll(async () => (await texts(clientPage)).length, { timeout: 30_000 }).toBe(before + 20);
    await expect.poll(async () => (await texts(businessPage)).length, { timeout: 30_000 }).toBe(before + 20);
    const inClient = (await texts(clientPage)).slice(before);
    const inBusiness = (await texts(businessPage)).slice(before);
    expect(inBusiness).toEqual(inClient);
    expect(new Set(inClient).size).toBe(20);
    for (const prefix of ['klient', 'biznes']) {
      expect(inClient.filter((t) => t.startsWith(prefix))).toEqual(
        Array.from({ length: 10 }, (_, i) => `${prefix} ${i + 1}`),
      );
    }
  });

  it('text is shown as text, http(s) links are clickable and safe, emoji and Albanian letters are kept', async () => {
    const html = '<img src=x onerror="window.__injected = 1"><b>bold</b>';
    const withLinks = 'Shiko https://example.com/divan?ngjyra=gri, jo javascript:alert(1) 😀 ÇçËë';
    expect((await send(business, html)).status).toBe(201);
    expect((await send(business, withLinks)).status).toBe(201);
    const last = clientPage.getByTestId('chat-message-other').last();
    await expect.poll(() => last.locator('p').textContent(), { timeout: 10_000 }).toBe(withLinks);
    const htmlMessage = clientPage.getByTestId('chat-message-other').nth(-2);
    expect(await htmlMessage.locator('p').textContent()).toBe(html);
    expect(await htmlMessage.locator('img, b').count()).toBe(0);
    expect(await clientPage.evaluate(() => (window as unknown as { __injected?: number }).__injected)).toBeUndefined();

    const links = last.locator('a');
    expect(await links.count()).toBe(1);
    expect(await links.getAttribute('href')).toBe('https://example.com/divan?ngjyra=gri');
    expect(await links.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await links.getAttribute('target')).toBe('_blank');
  });

  it('a dropped connection reconnects and shows what arrived meanwhile', async () => {
    const { firebase } = stack();
    const dropped = await fetch(`http://${firebase.host}:${firebase.port}/.local/drop-connections`, { method: 'POST' });
    expect(dropped.status).toBe(200);
    expect((await dropped.json()).dropped).toBeGreaterThan(0);
    const meanwhile = `Sent while you were offline ${tag()}`;
    expect((await send(business, meanwhile)).status).toBe(201);
    await expect
      .poll(() => clientPage.getByTestId('chat-message-other').last().textContent(), { timeout: 20_000 })
      .toContain(meanwhile);
    // And it goes on live after the reconnect.
    const after = `And after ${tag()}`;
    expect((await send(business, after)).status).toBe(201);
    await expect
      .poll(() => clientPage.getByTestId('chat-message-other').last().textContent(), { timeout: 10_000 })
      .toContain(after);
  });

  it('the client reports a message and blocks the business: nothing more from it arrives until unblocked', async () => {
    const reportButton = clientPage.getByTestId('chat-report').last();
    await reportButton.click();
    const dialog = clientPage.getByTestId('report-dialog');
    await dialog.getByLabel('Abusive or threatening').check();
    await dialog.getByTestId('report-submit').click();
    await dialog.getByTestId('report-sent').waitFor();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect.poll(() => clientPage.getByTestId('chat-report-done').count()).toBe(1);

    await clientPage.getByTestId('chat-block').click();
    await clientPage.getByTestId('chat-blocked').waitFor();
    expect(await clientPage.getByTestId('chat-block').textContent()).toBe('Unblock');
    const count = (await texts(clientPage)).length;

    await businessPage.reload();
    const input = businessPage.getByTestId('chat-input');
    await input.fill('Hello again?');
    await input.press('Enter');
    await businessPage.getByText('This member has blocked you: your message was not sent').waitFor({ timeout: 10_000 });
    expect(await input.inputValue()).toBe('Hello again?');
    await clientPage.waitForTimeout(500);
    expect(await texts(clientPage)).toHaveLength(count);

    await clientPage.getByTestId('chat-block').click();
    await clientPage.getByTestId('chat-input').waitFor();
    await businessPage.getByTestId('chat-send').click();
    await expect
      .poll(() => clientPage.getByTestId('chat-message-other').last().textContent(), { timeout: 10_000 })
      .toContain('Hello again?');
  });

  it('a room opens on its last 50 messages and loads older ones when scrolled up', async () => {
    const seeded = await Promise.all([
      newClient({ username: 'Lirie Dushi' }),
      newBusiness({ businessName: `Arkiv ${tag()}` }),
    ]);
    const [c, b] = seeded;
    const room = await call('POST', '/chat/createRoom', {
      token: c.token,
      body: { businessId: b.businessId, clientId: c.userId },
    });
    for (let i = 1; i <= 60; i++) {
      expect(
        (
          await call('POST', `/chat/rooms/${room.body.roomId}/messages`, {
            token: i % 2 ? c.token : b.token,
            body: { text: `mesazhi ${i}` },
          })
        ).status,
      ).toBe(201);
    }
    const { page } = await signedIn(browser, c);
    await page.goto(webUrl(`/chat/${room.body.roomId}`));
    await expect.poll(async () => (await texts(page)).length, { timeout: 15_000 }).toBe(50);
    expect((await texts(page))[0]).toBe('mesazhi 11');
    expect((await texts(page)).at(-1)).toBe('mesazhi 60');
    await page.getByTestId('chat-older').waitFor();

    await page.getByTestId('chat-messages').evaluate((el) => {
      el.scrollTop = 0;
      el.dispatchEvent(new Event('scroll'));
    });
    await expect.poll(async () => (await texts(page)).length, { timeout: 15_000 }).toBe(60);
    expect((await texts(page))[0]).toBe('mesazhi 1');
    expect(await page.getByTestId('chat-older').count()).toBe(0);
    await page.context().close();
  });
});
