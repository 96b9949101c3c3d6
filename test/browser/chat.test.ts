/**
 * Talking before deciding: the client presses Message on an offer and lands in /chat/{roomId} with
 * the room open; the business, in its own browser, opens the same room; what one sends arrives at
 * the other in real time (no reload), through the Realtime Database emulator.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, MOBILE, launch, screenshot, webUrl } from './browser';
import { call, newModerator } from '../support/api';
import { reportEntryId } from '../../lambdas/domain/moderation';
import { chatMessageTargetId } from '../../lambdas/model/moderation';
import {
  createOffer,
  createPost,
  newBusiness,
  newClient,
  shots,
  signedIn,
  tag,
  type Business,
  type Client,
} from './people';

describe('chat between a client and a business', () => {
  let browser: Browser;
  let client: Client;
  let business: Business;
  let clientPage: Page;
  let businessPage: Page;
  let postId: string;
  let roomPath: string;
  const businessName = `Dekor ${tag()}`;
  const question = `Can you start next Monday? (${tag()})`;
  const answer = `Yes, Monday at 9 works for us. (${tag()})`;

  beforeAll(async () => {
    [browser, client, business] = await Promise.all([
      launch(),
      newClient({ username: 'Klea Muça' }),
      newBusiness({ businessName, location: 'Korçë' }),
    ]);
    postId = await createPost(client, {
      title: `Curtains and rugs ${tag()}`,
      location: 'Korçë',
      budget: 300,
      categories: ['Decor'],
    });
    await createOffer(business, postId, 280, 'Linen curtains and a wool rug, delivered in a week.');
    [{ page: clientPage }, { page: businessPage }] = await Promise.all([
      signedIn(browser, client),
      signedIn(browser, business),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('Message on an offer opens /chat/{id} with the room', async () => {
    await clientPage.goto(webUrl(`/post/view/${postId}`));
    await clientPage.getByTestId('offer-message-button').click();
    await clientPage.waitForURL(/\/chat\/[^/]+$/, { timeout: 15_000 });
    roomPath = new URL(clientPage.url()).pathname;
    const room = clientPage.getByTestId('chat-room');
    await room.waitFor();
    expect(await room.textContent()).toContain(businessName);
    expect(await room.getAttribute('class')).toContain('chat-room--active');
    const pane = clientPage.getByRole('region', { name: 'Conversation' });
    await expect.poll(() => pane.locator('.chat-header-name').textContent()).toBe(businessName);
    expect(await pane.textContent()).toContain('Korçë, Albania');
    await pane.getByText('No messages yet. Say hello!').waitFor({ timeout: 15_000 });
  });

  it('the business sees the message arrive in real time and answers; the client sees the answer', async () => {
    // The business opens its conversations from the navbar and picks the client's room.
    await businessPage.getByTestId('nav-chat').click();
    const room = businessPage.getByTestId('chat-room');
    await room.waitFor({ timeout: 15_000 });
    expect(await room.textContent()).toContain('Klea Muça');
    await room.click();
    await businessPage.waitForURL(`**${roomPath}`);
    await businessPage.getByText('No messages yet. Say hello!').waitFor({ timeout: 15_000 });

    // Blank messages are not sent.
    const input = clientPage.getByTestId('chat-input');
    await input.fill('   ');
    expect(await clientPage.getByTestId('chat-send').isDisabled()).toBe(true);
    await input.fill(question);
    await input.press('Enter');
    await expect.poll(() => clientPage.getByTestId('chat-message-own').last().textContent()).toContain(question);
    expect(await input.inputValue()).toBe('');

    const incoming = businessPage.getByTestId('chat-message-other');
    await expect.poll(() => incoming.last().textContent(), { timeout: 10_000 }).toContain(question);
    // The room list shows the latest message too.
    await expect.poll(() => room.textContent()).toContain(question);

    await businessPage.getByTestId('chat-input').fill(answer);
    await businessPage.getByTestId('chat-send').click();
    await expect.poll(() => businessPage.getByTestId('chat-message-own').last().textContent()).toContain(answer);
    await expect
      .poll(() => clientPage.getByTestId('chat-message-other').last().textContent(), { timeout: 10_000 })
      .toContain(answer);
    expect(await clientPage.getByTestId('chat-message-own').count()).toBe(1);
    await shots(clientPage, 'chat-client');
    await shots(businessPage, 'chat-business');
  });

  it('on a phone the list and the conversation take turns; Go back shows the list', async () => {
    await clientPage.setViewportSize(MOBILE);
    await clientPage.reload();
    await expect
      .poll(() => clientPage.getByTestId('chat-message-other').last().textContent(), { timeout: 15_000 })
      .toContain(answer);
    await clientPage.getByTestId('chat-back').click();
    await clientPage.getByTestId('chat-room').waitFor();
    expect(await clientPage.getByTestId('chat-input').count()).toBe(0);
    expect(await clientPage.getByTestId('chat-room').textContent()).toContain(answer);
    await screenshot(clientPage, 'chat-rooms-mobile');
    await clientPage.setViewportSize(DESKTOP);
  });

  it('a bare /chat address opens the same list of conversations, none chosen', async () => {
    await clientPage.goto(webUrl('/chat'));
    await expect.poll(() => clientPage.getByTestId('chat-room').first().textContent()).toContain(answer);
    expect(await clientPage.getByTestId('chat-input').count()).toBe(0);
    expect(await clientPage.getByTestId('not-found-page').count()).toBe(0);
  });

  it('pressing Message again opens the same room, with the conversation so far', async () => {
    await clientPage.goto(webUrl(`/post/view/${postId}`));
    await clientPage.getByTestId('offer-message-button').click();
    await clientPage.waitForURL(`**${roomPath}`, { timeout: 15_000 });
    await expect
      .poll(() => clientPage.getByTestId('chat-message-other').last().textContent(), { timeout: 15_000 })
      .toContain(answer);
    expect(await clientPage.getByTestId('chat-room').count()).toBe(1);
  });
  it("a message moderation hid vanishes from the other member's chat live; its sender reads why", async () => {
    const roomId = roomPath.split('/').pop()!;
    const rude = `Pay me outside the site. (${tag()})`;
    const sent = await call('POST', `/chat/rooms/${roomId}/messages`, { token: business.token, body: { text: rude } });
    expect(sent.status).toBe(201);
    await businessPage.goto(webUrl(roomPath));
    await expect
      .poll(() => clientPage.getByTestId('chat-message-other').last().textContent(), { timeout: 15_000 })
      .toContain(rude);
    const reported = await call('POST', `/chat/rooms/${roomId}/messages/${sent.body.id}/report`, {
      token: client.token,
      body: { reason: 'fraud' },
    });
    expect(reported.status).toBe(201);
    const moderator = await newModerator();
    const entryId = reportEntryId('chatMessage', chatMessageTargetId(roomId, sent.body.id));
    const decided = await call('POST', `/moderation/reports/${entryId}/decision`, {
      token: moderator.token,
      body: { action: 'hide', reason: 'Payment outside the site' },
    });
    expect(decided.status).toBe(200);

    await expect
      .poll(() => clientPage.getByTestId('chat-messages').textContent(), { timeout: 15_000 })
      .not.toContain(rude);
    expect(await clientPage.getByTestId('chat-message-other').last().textContent()).toContain(answer);
    const notice = businessPage.getByTestId('chat-message-hidden');
    await notice.waitFor({ timeout: 15_000 });
    expect(await notice.textContent()).toContain('Hidden by moderation: Payment outside the site');
    await shots(businessPage, 'chat-hidden-sender');
    await shots(clientPage, 'chat-hidden-other');
  });
});
