/**
 * The main client journey in Albanian (browser locale sq-AL): a client registers and confirms with the
 * emailed code, logs in, posts a request with two pictures (the services offered by their Albanian names),
 * receives a business's offer, accepts it and leaves a review; the business profile then shows the job with
 * the review. Fields, buttons and states are found by id and data-testid (screens move to Albanian texts
 * independently); texts that are already Albanian are asserted from the Albanian catalogue itself.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { sq } from '../../web/src/i18n/catalog/sq';
import { latestCode, launch, openLogin, webUrl } from './browser';
import { createOffer, newBusiness, pictureFile, shots, tag, type Business } from './people';

describe('the client journey in Albanian', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let business: Business;
  let postId: string;
  const email = `klient-${randomUUID().slice(0, 8)}@test.al`;
  const password = 'Shtepia#2026';
  const title = `Garderobë prej lisi për dhomën e gjumit ${tag()}`;
  const businessName = `Mobileri Teuta ${tag()}`;
  const review = 'Punë e pastër dhe në kohë; garderoba doli shumë e bukur. E rekomandoj!';

  beforeAll(async () => {
    [browser, business] = await Promise.all([launch(), newBusiness({ businessName, location: 'Durrës' })]);
    context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'sq-AL' });
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('registers as a client, confirms with the emailed code and logs in: the app is in Albanian', async () => {
    await openLogin(page);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('sq');
    await page.getByTestId('login-mode-login').waitFor();
    // the link under the card switches between logging in and registering
    await page.locator('.btn-link').last().click();
    const form = page.getByTestId('login-mode-register');
    await form.waitFor();
    await form.locator('[role=group] button').first().click(); // client
    await form.locator('#firstName').fill('Teuta');
    await form.locator('#lastName').fill('Gjoni');
    await form.locator('#email').fill(email);
    await form.locator('#password').fill(password);
    await form.locator('#confirmPassword').fill(password);
    await form.locator('button[type=submit]').click();
    const confirm = page.getByTestId('login-mode-confirm');
    await confirm.waitFor({ timeout: 15_000 });
    await confirm.locator('#code').fill(await latestCode(email));
    await confirm.locator('button[type=submit]').click();
    const login = page.getByTestId('login-mode-login');
    await login.waitFor({ timeout: 15_000 });
    await login.locator('input[type=email]').fill(email);
    await login.locator('input[type=password]').fill(password);
    await login.locator('button[type=submit]').click();
    await page.waitForURL('**/client-dashboard', { timeout: 20_000 });
    await page.getByTestId('client-dashboard').waitFor();
  });

  it('posts a request with two pictures, choosing services by their Albanian names', async () => {
    await page.goto(webUrl('/post/create'));
    await page.getByTestId('add-post-page').waitFor();
    await page.locator('#post-title').fill(title);
    await page.getByRole('button', { name: sq['services.category.furniture'], exact: true }).click();
    await page.getByRole('button', { name: sq['services.category.interior-design'], exact: true }).click();
    await page.locator('#post-budget').fill('1400');
    await page.locator('#post-location').selectOption('Durrës');
    await page
      .locator('#post-content')
      .fill('Garderobë në mur, 2,6 m e gjerë, me dyer rrëshqitëse dhe sirtarë nga brenda.');
    await page.locator('#post-images').setInputFiles([pictureFile('dhoma-1.png', 3), pictureFile('dhoma-2.png', 4)]);
    await expect.poll(() => page.getByTestId('image-previews').locator('img').count(), { timeout: 15_000 }).toBe(2);
    await shots(page, 'sq-add-post');
    const created = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith('/post'),
    );
    await page.getByTestId('add-post-page').locator('button[type=submit]').click();
    postId = ((await (await created).json()) as { _id: string })._id;
    await page.waitForURL('**/client-dashboard', { timeout: 15_000 });
    await page.getByTestId('recent-posts').getByRole('article', { name: title }).waitFor({ timeout: 15_000 });
  });

  it('receives an offer and accepts it', async () => {
    await createOffer(business, postId, 1250, 'Lis masiv, shina me mbyllje të butë; e montojmë për dy ditë.');
    await page.goto(webUrl(`/post/view/${postId}`));
    const card = page.getByTestId('offer-card');
    await expect.poll(() => card.textContent(), { timeout: 15_000 }).toContain(businessName);
    expect(await card.textContent()).toContain('Lis masiv, shina me mbyllje të butë');
    await shots(page, 'sq-post-view-offer');
    await card.getByTestId('offer-accept').click();
    await page.getByTestId('offer-accepted-banner').waitFor();
    await card.getByTestId('offer-finish').waitFor();
  });

  it('finishes the job with four stars and a review, which the business profile then shows', async () => {
    await page.getByTestId('offer-finish').click();
    const dialog = page.getByTestId('review-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('review-text').fill(review);
    await dialog.getByTestId('review-star-4').click();
    await shots(page, 'sq-review-dialog');
    await dialog.getByTestId('review-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('offer-finished').waitFor();
    expect(await page.getByTestId('offer-card').getAttribute('data-offer-status')).toBe('finished');

    await page.goto(webUrl(`/businessprofile/${business.businessId}`));
    const job = page.getByTestId('finished-job');
    await expect.poll(() => job.textContent(), { timeout: 15_000 }).toContain(review);
    expect(await job.textContent()).toContain(title);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('sq');
    await shots(page, 'sq-business-profile-review');
  });
});
