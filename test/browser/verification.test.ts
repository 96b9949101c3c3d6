/**
 * Verified businesses in the browser: a business asks in Settings > Verification with its NIPT and a document
 * photo; a moderator (in Albanian) refuses it with a reason from the queue; the business reads the reason and
 * asks again; the moderator (in English) enlarges the document and approves; a client sees the verified badge
 * on the business's profile. Screenshots of each screen at 1280 and 390 px.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, launch, openLogin, webUrl } from './browser';
import { newBusiness, newClient, pictureFile, shots, signedIn, tag, type Business, type Client } from './people';
import { makeModerator } from '../support/moderators';

describe('verified businesses', () => {
  let browser: Browser;
  let business: Business;
  let client: Client;
  let moderator: Client;
  let businessPage: Page;
  const contexts: BrowserContext[] = [];
  const name = `Mermer Verifikuar ${tag()}`;

  /** The moderator's browser in a language, signed in through the login screen (found by its fields). */
  async function moderatorPage(locale: 'sq-AL' | 'en-US'): Promise<Page> {
    const context = await browser.newContext({ viewport: DESKTOP, locale });
    contexts.push(context);
    const page = await context.newPage();
    await openLogin(page);
    const form = page.getByTestId('login-mode-login');
    await form.locator('input[type=email]').fill(moderator.email);
    await form.locator('input[type=password]').fill(moderator.password);
    await form.locator('button[type=submit]').click();
    await page.waitForURL(/\/client-dashboard$/, { timeout: 20_000 });
    await page.goto(webUrl('/moderation/verifications'));
    return page;
  }

  beforeAll(async () => {
    [browser, business, client, moderator] = await Promise.all([
      launch(),
      newBusiness({ businessName: name, location: 'Korçë' }),
      newClient({ username: 'Elira Dervishi' }),
      newClient({ username: 'Moderatori' }),
    ]);
    await makeModerator(moderator);
    const signed = await signedIn(browser, business);
    contexts.push(signed.context);
    businessPage = signed.page;
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
  });

  it('the business asks with its NIPT and a document photo', async () => {
    await businessPage.goto(webUrl(`/settings/${business.businessId}/verification`));
    await businessPage.getByText('Your business is not verified yet.').waitFor();
    await businessPage.getByLabel('NIPT').fill('l2171802');
    await businessPage.getByRole('button', { name: 'Ask for verification' }).click();
    await businessPage.getByTestId('verification-nipt-error').waitFor();
    await businessPage.getByLabel('NIPT').fill(' l21718020a ');
    await businessPage.getByTestId('verification-document').setInputFiles(pictureFile('qkb.png', 3));
    await shots(businessPage, 'verification-form');
    await businessPage.getByRole('button', { name: 'Ask for verification' }).click();
    await businessPage.getByTestId('verification-sent').waitFor({ timeout: 20_000 });
    expect(await businessPage.getByTestId('verification-status').textContent()).toContain('L21718020A');
    await shots(businessPage, 'verification-pending');
  });

  it('a moderator refuses it with a reason, in Albanian; the business reads it and asks again', async () => {
    const page = await moderatorPage('sq-AL');
    const entry = page.getByTestId('verification-request').filter({ hasText: name });
    await entry.waitFor();
    expect(await entry.textContent()).toContain('L21718020A');
    await shots(page, 'sq-verification-queue');
    await entry.getByRole('button', { name: 'Refuzo' }).click();
    const dialog = page.getByTestId('verification-refuse-dialog');
    await dialog.getByRole('button', { name: 'Refuzo kërkesën' }).click();
    await dialog.getByTestId('verification-refuse-error').waitFor();
    await dialog.getByRole('textbox').fill('Dokumenti nuk lexohet, ju lutem dërgoni një foto më të qartë.');
    await shots(page, 'sq-verification-refuse-dialog');
    await dialog.getByRole('button', { name: 'Refuzo kërkesën' }).click();
    await page.getByTestId('verification-queue-done').waitFor();
    await entry.waitFor({ state: 'detached' });

    await businessPage.reload();
    await businessPage.getByTestId('verification-reason').waitFor();
    expect(await businessPage.getByTestId('verification-reason').textContent()).toContain('Dokumenti nuk lexohet');
    await shots(businessPage, 'verification-refused');
    // The same screen in Albanian.
    const sqContext = await browser.newContext({ viewport: DESKTOP, locale: 'sq-AL' });
    contexts.push(sqContext);
    const sqPage = await sqContext.newPage();
    await openLogin(sqPage);
    const form = sqPage.getByTestId('login-mode-login');
    await form.locator('input[type=email]').fill(business.email);
    await form.locator('input[type=password]').fill(business.password);
    await form.locator('button[type=submit]').click();
    await sqPage.waitForURL(/\/business-dashboard$/, { timeout: 20_000 });
    await sqPage.goto(webUrl(`/settings/${business.businessId}/verification`));
    await sqPage.getByRole('button', { name: 'Kërkoje përsëri' }).waitFor();
    await shots(sqPage, 'sq-verification-refused');

    await businessPage.getByLabel('NIPT').fill('L21718020A');
    await businessPage.getByTestId('verification-document').setInputFiles(pictureFile('qkb-clear.png', 4));
    await businessPage.getByRole('button', { name: 'Ask again' }).click();
    await businessPage.getByTestId('verification-sent').waitFor({ timeout: 20_000 });
  });

  it('a moderator enlarges the document and approves, in English; clients see the badge', async () => {
    const page = await moderatorPage('en-US');
    const entry = page.getByTestId('verification-request').filter({ hasText: name });
    await entry.waitFor();
    await shots(page, 'verification-queue');
    await entry.getByRole('button', { name: `Enlarge the document of ${name}` }).click();
    const dialog = page.getByTestId('verification-document-dialog');
    await dialog.getByRole('img').waitFor();
    await shots(page, 'verification-document-enlarged');
    await dialog.getByRole('button', { name: 'Close dialog' }).click();
    await entry.getByRole('button', { name: 'Approve' }).click();
    await page.getByText(`${name} is now verified.`).waitFor();

    await businessPage.reload();
    await businessPage.getByTestId('verified-badge').waitFor();
    await shots(businessPage, 'verification-verified');

    const { context, page: clientPage } = await signedIn(browser, client);
    contexts.push(context);
    await clientPage.goto(webUrl(`/businessprofile/${business.businessId}`));
    await clientPage.getByTestId('verified-badge').waitFor();
    expect(await clientPage.getByTestId('verified-badge').textContent()).toBe('Verified');
    await shots(clientPage, 'business-profile-verified');
  });

  it('a user outside the moderator group cannot open the queue', async () => {
    const { context, page } = await signedIn(browser, client);
    contexts.push(context);
    await page.goto(webUrl('/moderation/verifications'));
    await page.waitForURL(/\/unauthorized$/);
  });
});
