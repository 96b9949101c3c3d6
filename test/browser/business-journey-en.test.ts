/**
 * The business journey in English (browser locale en-US): a business registers and confirms with the
 * emailed code, logs in, finds a client's request among the newest posts, makes an offer, sees it accepted
 * in its Offers tab, and, once the client has finished the job with a review, finds the job with the review
 * under Previous Work on its profile.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { call } from '../support/api';
import { DESKTOP, latestCode, launch, logIn, openLogin, webUrl } from './browser';
import { createPost, newClient, shots, tag, type Client } from './people';

describe('the business journey in English', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let client: Client;
  let postId: string;
  let businessId: string;
  const email = `business-${randomUUID().slice(0, 8)}@test.al`;
  const password = 'Workshop#2026';
  const businessName = `Oak & Iron ${tag()}`;
  const title = `Dining table for eight ${tag()}`;
  const review = 'A solid table, delivered on the agreed day. Thank you!';

  beforeAll(async () => {
    [browser, client] = await Promise.all([launch(), newClient({ username: 'Arta Leka' })]);
    postId = await createPost(client, {
      title,
      location: 'Tirana',
      budget: 1100,
      categories: ['Furniture'],
      content: 'Solid wood dining table, 2.2 m long, oiled finish.',
    });
    context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('registers as a business, confirms and logs in to the business dashboard', async () => {
    await openLogin(page);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.getByRole('button', { name: 'Register here' }).click();
    await page.getByRole('button', { name: 'Business', exact: true }).click();
    await page.getByLabel('Business Name').fill(businessName);
    await page.getByLabel('Location').selectOption('Tirana');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm Password').fill(password);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Confirmation Code').fill(await latestCode(email, 15_000));
    await page.getByRole('button', { name: 'Confirm Signup' }).click();
    await page.getByTestId('login-mode-login').waitFor({ timeout: 15_000 });
    await logIn(page, email, password);
    await page.waitForURL('**/business-dashboard', { timeout: 20_000 });
  });

  it("finds the client's request among the newest posts and makes an offer", async () => {
    const card = page.getByTestId('newest-posts').getByRole('article', { name: title });
    await card.waitFor({ timeout: 15_000 });
    await page.goto(webUrl(`/post/${postId}`));
    await page.getByRole('heading', { name: title }).waitFor();
    await page.getByTestId('make-offer-button').click();
    await page.getByTestId('offer-price').fill('1050');
    await page.getByTestId('offer-message').fill('Oak top, steel legs, oiled twice; ready in three weeks.');
    await page.getByTestId('offer-submit').click();
    await page.getByTestId('offer-success-banner').waitFor();
    expect(await page.getByTestId('offer-success-banner').textContent()).toBe('Offer was successfully made!');
    await expect.poll(() => page.getByTestId('my-offer').textContent()).toContain('Pending');
    await shots(page, 'en-business-offer-made');
  });

  it('sees the offer accepted in its Offers tab', async () => {
    const offers = await call<{ _id: string; businessId: string }[]>('GET', `/getPostOffers/${postId}`, {
      token: client.token,
    });
    expect(offers.status).toBe(200);
    const [{ _id: offerId }] = offers.body;
    businessId = offers.body[0].businessId;
    const accepted = await call('PUT', '/offer/status', {
      token: client.token,
      body: { offerId, newStatus: 'accepted' },
    });
    expect(accepted.status).toBe(200);

    await page.goto(webUrl(`/businessprofile/${businessId}?tab=offers`));
    const card = page.getByTestId('business-offer-card').filter({ hasText: title });
    await card.waitFor({ timeout: 15_000 });
    expect(await card.locator('.fx-status').textContent()).toBe('Accepted');
  });

  it('finds the finished job with its review under Previous Work', async () => {
    const done = await call('POST', '/finishedJobs', {
      token: client.token,
      body: { postId, businessId, rating: 5, review },
    });
    expect(done.status).toBeLessThan(300);
    await page.goto(webUrl(`/businessprofile/${businessId}`));
    await page.getByRole('heading', { name: 'Previous Work (1)' }).waitFor({ timeout: 15_000 });
    const job = page.getByTestId('finished-job');
    expect(await job.textContent()).toContain(review);
    expect(await job.getByRole('img', { name: '5 out of 5 stars' }).isVisible()).toBe(true);
    await shots(page, 'en-business-previous-work');
  });
});
