/**
 * Notifications in the app: the client's bell shows nothing, a business makes an offer on the client's
 * request, the bell's count rises (the notifier wrote it from the table's stream), the notifications page
 * says who offered on what and links to the request; opening it marks it read and the count falls.
 * Then the business's Settings > Notifications. Screens at 1280 and 390 px in English and Albanian.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, webUrl } from './browser';
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

/** The bell's count after reloads (the notifier writes a moment after the offer); '' while there is none. */
async function bellCountBecomes(page: Page, expected: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const count = page.getByTestId('nav-notifications-count');
    const text = (await count.count()) ? ((await count.textContent()) ?? '') : '';
    if (text === expected) return;
    if (Date.now() > deadline) throw new Error(`bell shows '${text}', expected '${expected}'`);
    await page.waitForTimeout(1000);
    await page.reload();
    await page.getByTestId('nav-notifications').waitFor();
  }
}

describe('notifications in the app', () => {
  let browser: Browser;
  let client: Client;
  let business: Business;
  let clientPage: Page;
  let postId: string;
  const title = `Kitchen cabinets ${tag()}`;
  const businessName = `Druri ${tag()}`;

  beforeAll(async () => {
    [browser, client, business] = await Promise.all([
      launch(),
      newClient({ username: 'Arta Hoxha' }),
      newBusiness({ businessName, location: 'Durrës' }),
    ]);
    postId = await createPost(client, { title, location: 'Durrës', budget: 1500, categories: ['Flooring'] });
    ({ page: clientPage } = await signedIn(browser, client));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the bell rises when a business offers and falls when the client reads it', async () => {
    await clientPage.goto(webUrl('/client-dashboard'));
    const bell = clientPage.getByTestId('nav-notifications');
    await bell.waitFor();
    expect(await clientPage.getByTestId('nav-notifications-count').count()).toBe(0);

    await createOffer(business, postId, 1400, 'Oak cabinets, fitted in a week.');
    await bellCountBecomes(clientPage, '1');
    expect(await bell.getAttribute('aria-label')).toBe('Notifications, 1 unread');

    await bell.click();
    await clientPage.waitForURL('**/notifications');
    const entry = clientPage.getByTestId('notification').first();
    await entry.waitFor();
    expect(await entry.textContent()).toContain(`${businessName} made an offer of`);
    expect(await entry.textContent()).toContain(title);
    expect(await entry.getAttribute('class')).toContain('notification--unread');
    await shots(clientPage, 'notifications-en');

    await entry.getByRole('link').click();
    await clientPage.waitForURL(`**/post/view/${postId}`);
    await bellCountBecomes(clientPage, '', 10_000);
    expect(await bell.getAttribute('aria-label')).toBe('Notifications, none unread');

    await clientPage.goto(webUrl('/notifications'));
    await clientPage.getByTestId('notification').first().waitFor();
    expect(await clientPage.getByTestId('notification').first().getAttribute('class')).not.toContain(
      'notification--unread',
    );
  });

  it('the page and the settings read in Albanian', async () => {
    const { page } = await signedIn(browser, business);
    await page.evaluate(() => localStorage.setItem('language', 'sq'));
    await page.goto(webUrl('/notifications'));
    await page.getByRole('heading', { name: 'Njoftimet' }).waitFor();
    expect(await page.getByTestId('nav-notifications').getAttribute('aria-label')).toMatch(/^Njoftimet, /);
    await shots(page, 'notifications-sq');
    await page.goto(webUrl(`/settings/${business.businessId}/notifications`));
    await page.getByRole('radio', { name: 'Një përmbledhje në ditë' }).check();
    await page.getByRole('button', { name: 'Ruaj' }).click();
    await page.getByTestId('notification-settings-saved').waitFor();
    await shots(page, 'notification-settings-sq');
    await page.reload();
    await page.getByRole('radio', { name: 'Një përmbledhje në ditë' }).waitFor();
    expect(await page.getByRole('radio', { name: 'Një përmbledhje në ditë' }).isChecked()).toBe(true);
  });
});
