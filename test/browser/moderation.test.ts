/**
 * Reports and moderation in the app: a client reports a business from its profile; the demo moderator
 * finds it in /moderation's open reports and hides it with a reason; the client no longer finds the
 * business (profile and search), its owner reads why on its own profile. A moderator suspends the
 * account of another business: that business, signed in, is signed out at its next call and the login
 * screen says the account is suspended, and signing in again is refused with the same text. Screens of
 * the moderation pages at 1280 and 390 px in English and Albanian.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { call, newModerator } from '../support/api';
import { launch, logIn, webUrl } from './browser';
import { newBusiness, newClient, shots, signedIn, tag, type Business, type Client } from './people';

/**
 * A moderator of its own (a client account added to the pool's moderator group), so that no other test file
 * signing the seeded demo moderator in at the same time shares its sessions.
 */
let MODERATOR: { email: string; password: string };
const SUSPENDED_TEXT =
  'Your account has been suspended by moderation, so you cannot sign in. Write to support if you think this is a mistake.';

/** The open entry whose excerpt names `text` (reloading while the queue does not show it yet). */
async function openEntry(page: Page, text: string) {
  const entry = page.getByTestId('report-entry').filter({ hasText: text });
  for (let tries = 0; (await entry.count()) === 0; tries++) {
    if (tries > 10) throw new Error(`no open report of '${text}'`);
    await page.waitForTimeout(1000);
    await page.reload();
    await page.getByTestId('reports-status-open').waitFor();
    await page.waitForLoadState('networkidle');
  }
  return entry;
}

describe('reports and moderation', () => {
  let browser: Browser;
  let client: Client;
  let business: Business;
  let other: Business;
  let moderatorPage: Page;
  const word = `Mash${tag(5)}`;
  const businessName = `Studio ${word}`;
  const otherName = `Atelier ${tag()}`;

  beforeAll(async () => {
    [browser, client, business, other, MODERATOR] = await Promise.all([
      launch(),
      newClient({ username: 'Elira Kola' }),
      newBusiness({ businessName, location: 'Shkodër' }),
      newBusiness({ businessName: otherName, location: 'Korçë' }),
      newModerator({ username: 'Moderatori' }),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a client reports a business from its profile', async () => {
    const { page } = await signedIn(browser, client);
    expect(await page.getByTestId('nav-moderation').count()).toBe(0);
    await page.goto(webUrl(`/businessprofile/${business.businessId}`));
    await page.getByTestId('report-business').click();
    const dialog = page.getByTestId('report-dialog');
    await dialog.getByLabel('Fake or misleading').check();
    await dialog.getByTestId('report-note').fill('The photos belong to another company.');
    await shots(page, 'report-dialog-en');
    await dialog.getByTestId('report-submit').click();
    expect(await dialog.getByTestId('report-sent').textContent()).toBe(
      'Thank you. Our moderators will look at your report.',
    );
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await page.getByTestId('report-business-done').waitFor();

    // The same report again is refused as one already made.
    const again = await call('POST', '/report', {
      token: client.token,
      body: { kind: 'business', targetId: business.businessId, reason: 'spam' },
    });
    expect(again.status).toBe(409);
  });

  it('the moderator hides it with a reason from the open reports', async () => {
    ({ page: moderatorPage } = await signedIn(browser, MODERATOR));
    await moderatorPage.getByTestId('nav-moderation').click();
    await moderatorPage.waitForURL('**/moderation/reports');
    const entry = await openEntry(moderatorPage, businessName);
    expect(await entry.getByTestId('report-count').textContent()).toBe('1 report');
    expect(await entry.textContent()).toContain('Fake or misleading: 1');
    expect(await entry.textContent()).toContain('The photos belong to another company.');
    await shots(moderatorPage, 'moderation-reports-en');

    await entry.getByTestId('report-hide').click();
    const dialog = moderatorPage.getByTestId('decision-dialog');
    await dialog.getByTestId('decision-submit').click();
    await dialog.getByTestId('decision-reason-error').waitFor();
    await dialog.getByTestId('decision-reason').fill('Photos copied from another company');
    await dialog.getByTestId('decision-submit').click();
    await moderatorPage.getByTestId('decision-done').waitFor();
    await expect.poll(() => entry.count()).toBe(0);

    await moderatorPage.getByTestId('reports-status-hidden').click();
    const hidden = moderatorPage.getByTestId('report-entry').filter({ hasText: businessName });
    await hidden.waitFor();
    expect(await hidden.textContent()).toContain('Reason: Photos copied from another company');

    await moderatorPage.getByTestId('moderation-tab-stats').click();
    const table = moderatorPage.getByTestId('stats-table');
    await table.waitFor();
    expect(await table.locator('tbody tr').count()).toBe(8);
    await shots(moderatorPage, 'moderation-stats-en');
  });

  it('the client no longer finds the business; its owner reads why', async () => {
    const { page } = await signedIn(browser, client);
    await page.goto(webUrl(`/businessprofile/${business.businessId}`));
    await page.getByText('This profile could not be found.').waitFor();

    await page.goto(webUrl('/client-dashboard'));
    const search = page.getByTestId('business-search');
    await search.getByRole('searchbox', { name: 'Search businesses' }).fill(word);
    const results = search.getByRole('listbox', { name: 'Business search results' });
    await results.getByText('No businesses found').waitFor({ timeout: 10_000 });
    expect(await results.getByRole('option').count()).toBe(0);

    const { page: ownerPage } = await signedIn(browser, business);
    await ownerPage.goto(webUrl(`/businessprofile/${business.businessId}`));
    const notice = ownerPage.getByTestId('hidden-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('Hidden by moderation: Photos copied from another company');
    expect(await ownerPage.getByTestId('profile-name').textContent()).toBe(businessName);
    await shots(ownerPage, 'hidden-notice-en');
  });

  it('a suspended account is signed out and cannot sign in again', async () => {
    const { page: otherPage } = await signedIn(browser, other);
    const reported = await call('POST', '/report', {
      token: client.token,
      body: { kind: 'business', targetId: other.businessId, reason: 'fraud', note: 'Asked for payment up front.' },
    });
    expect(reported.status).toBe(201);

    await moderatorPage.goto(webUrl('/moderation/reports'));
    const entry = await openEntry(moderatorPage, otherName);
    await entry.getByTestId('report-suspend').click();
    const dialog = moderatorPage.getByTestId('decision-dialog');
    await dialog.getByTestId('decision-reason').fill('Takes payments and never does the work');
    await dialog.getByTestId('decision-submit').click();
    expect(await dialog.getByTestId('suspend-confirm').textContent()).toContain('Suspend the account of');
    await dialog.getByTestId('suspend-confirm-yes').click();
    await moderatorPage.getByTestId('decision-done').waitFor();

    // Its still-valid token is refused at the next call: signed out, and told why.
    await otherPage.goto(webUrl('/notifications'));
    await otherPage.waitForURL('**/login');
    expect(await otherPage.getByTestId('login-suspended').textContent()).toBe(SUSPENDED_TEXT);

    await logIn(otherPage, other.email, other.password);
    await otherPage.getByTestId('login-suspended').waitFor();
    expect(await otherPage.getByTestId('login-suspended').textContent()).toBe(SUSPENDED_TEXT);
    expect(otherPage.url()).toContain('/login');
  });

  it('the moderation pages read in Albanian', async () => {
    await moderatorPage.evaluate(() => localStorage.setItem('language', 'sq'));
    await moderatorPage.goto(webUrl('/moderation/reports?status=hidden'));
    await moderatorPage.getByRole('heading', { name: 'Moderimi' }).waitFor();
    await moderatorPage.getByTestId('report-entry').first().waitFor();
    expect(await moderatorPage.getByTestId('nav-moderation').textContent()).toBe('Moderimi');
    await shots(moderatorPage, 'moderation-reports-sq');
    await moderatorPage.getByRole('link', { name: 'Shifrat javore' }).click();
    await moderatorPage.getByTestId('stats-table').waitFor();
    await shots(moderatorPage, 'moderation-stats-sq');
  });
});
