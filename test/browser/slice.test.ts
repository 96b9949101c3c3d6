/**
 * The walking skeleton's thin slice, as a person does it in a real browser: register a client,
 * confirm with the emailed code, log in, add a post with two pictures, see it in Recent Posts; then
 * a business registers, logs in and sees the post; and the route guards.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { roomPng } from '../../bin/local/demoImages';
import { DESKTOP, latestCode, launch, logIn, MOBILE, openLogin, screenshot, webUrl } from './browser';

const password = 'Slice#Test2026';
const postTitle = `Kitchen cabinets in walnut ${randomUUID().slice(0, 6)}`;
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function register(
  page: Page,
  details: {
    type: 'Client' | 'Business';
    email: string;
    first?: string;
    last?: string;
    businessName?: string;
    town?: string;
  },
) {
  await openLogin(page);
  await page.getByRole('button', { name: 'Register here' }).click();
  await page.getByRole('button', { name: details.type, exact: true }).click();
  if (details.type === 'Client') {
    await page.getByLabel('First Name').fill(details.first!);
    await page.getByLabel('Last Name').fill(details.last!);
  } else {
    await page.getByLabel('Business Name').fill(details.businessName!);
    await page.getByLabel('Location').selectOption(details.town!);
  }
  await page.getByLabel('Email').fill(details.email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect.poll(() => page.getByLabel('Confirmation Code').isVisible(), { timeout: 15_000 }).toBe(true);
  await page.getByLabel('Confirmation Code').fill(await latestCode(details.email));
  await page.getByRole('button', { name: 'Confirm Signup' }).click();
  // Back to login after a confirmed sign-up.
  await page.getByTestId('login-mode-login').waitFor({ timeout: 15_000 });
}

describe('walking skeleton slice', () => {
  const clientEmail = `slice-client-${randomUUID().slice(0, 8)}@test.al`;
  const businessEmail = `slice-business-${randomUUID().slice(0, 8)}@test.al`;

  it('a client registers, confirms, logs in and lands on the client dashboard', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await register(page, { type: 'Client', email: clientEmail, first: 'Arben', last: 'Krasniqi' });
    await logIn(page, clientEmail, password);
    await page.waitForURL('**/client-dashboard', { timeout: 20_000 });
    await page.getByTestId('client-dashboard').waitFor();
    await screenshot(page, 'client-dashboard-desktop');
    await page.close();
  });

  it('the client adds a post with two pictures and sees it in Recent Posts with its first picture', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await logIn(page, clientEmail, password);
    await page.waitForURL('**/client-dashboard');
    await page.goto(webUrl('/post/create'));
    await page.getByTestId('add-post-page').waitFor();
    await page.getByLabel('Title').fill(postTitle);
    await page.getByLabel('Location').selectOption('Shkodër');
    await page.getByLabel('Budget (€)').fill('1500');
    await page.getByRole('button', { name: 'Furniture' }).click();
    await page.getByRole('button', { name: 'Interior Design' }).click();
    await page.getByLabel('Description').fill('Walnut kitchen cabinets with soft-close doors.');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'slice-'));
    const files = [0, 1].map((n) => {
      const f = path.join(dir, `kitchen-${n}.png`);
      writeFileSync(f, roomPng(n + 3));
      return f;
    });
    const uploads: string[] = [];
    page.on('response', (r) => {
      if (r.url().endsWith('/generatePresignedURL')) uploads.push(String(r.status()));
    });
    await page.locator('#post-images').setInputFiles(files);
    await expect.poll(() => page.getByTestId('image-previews').locator('img').count(), { timeout: 15_000 }).toBe(2);
    await expect.poll(() => uploads, { timeout: 15_000 }).toEqual(['200', '200']);
    await screenshot(page, 'add-post-desktop');
    await page.getByRole('button', { name: 'Create Post' }).click();
    await page.waitForURL('**/client-dashboard', { timeout: 15_000 });

    const card = page.getByTestId('recent-posts').getByRole('article', { name: postTitle });
    await card.waitFor({ timeout: 15_000 });
    const img = card.locator('img').first();
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => (el.complete && el.naturalWidth > 0 ? el.currentSrc : '')), {
        timeout: 10_000,
      })
      .toMatch(/\/images\/.+\.png\/\d+\.webp$/); // a processed version, never the upload
    expect(await img.getAttribute('srcset')).toMatch(/\/images\/.+\.png\/320\.webp 320w, .+ 2048w$/);
    await screenshot(page, 'client-dashboard-with-post-desktop');
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'client-dashboard-with-post-mobile');
    await page.close();
  });

  it('a business registers, logs in, lands on the business dashboard and sees the post', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await register(page, { type: 'Business', email: businessEmail, businessName: 'Walnut & Co', town: 'Shkodër' });
    await logIn(page, businessEmail, password);
    await page.waitForURL('**/business-dashboard', { timeout: 20_000 });
    await page.getByTestId('newest-posts').getByRole('article', { name: postTitle }).waitFor({ timeout: 15_000 });
    // Recent Posts holds the three suggestions for this business.
    await expect.poll(() => page.getByTestId('recent-posts').getByRole('article').count(), { timeout: 15_000 }).toBe(3);
    await screenshot(page, 'business-dashboard-desktop');
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'business-dashboard-mobile');
    await page.close();
  });

  it('guards routes: signed out -> /login and back to the origin; wrong role -> /unauthorized; unknown -> 404', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(webUrl('/post/create'));
    await page.waitForURL('**/login', { timeout: 10_000 });
    await page.getByLabel('Email').fill(clientEmail);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/post/create', { timeout: 15_000 });

    await page.goto(webUrl('/business-dashboard'));
    await page.waitForURL('**/unauthorized', { timeout: 10_000 });
    await expect.poll(() => page.getByText('Unauthorized Access').isVisible()).toBe(true);

    await page.goto(webUrl('/no-such-page'));
    await page.getByTestId('not-found-page').waitFor();
    expect(await page.getByRole('button', { name: 'Go Back' }).isVisible()).toBe(true);
    await screenshot(page, 'not-found-desktop');
    await context.close();
  });
});
