/**
 * Finding a business by name: typing the start of any word of its name (case and accents ignored)
 * shows 'Searching...', then the business with its town; the result opens its profile. A name that
 * matches nothing says so, and clearing the box clears the results. Works from both dashboards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, webUrl } from './browser';
import { newBusiness, newClient, shots, signedIn, tag, type Business } from './people';

describe('business search', () => {
  let browser: Browser;
  let business: Business;
  let clientPage: Page;
  // A made-up word so that exactly this business matches; 'Kodër' checks the accent folding.
  const word = `Zeq${tag(5)}`;
  const businessName = `Atelier ${word} Kodër`;

  beforeAll(async () => {
    let client;
    [browser, business, client] = await Promise.all([
      launch(),
      newBusiness({ businessName, location: 'Berat' }),
      newClient({ username: 'Dorina Leka' }),
    ]);
    ({ page: clientPage } = await signedIn(browser, client));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("the client types the start of a word of the name: 'Searching...', the result, its profile", async () => {
    const search = clientPage.getByTestId('business-search');
    const box = search.getByRole('searchbox', { name: 'Search businesses' });
    const results = search.getByRole('listbox', { name: 'Business search results' });
    await box.fill(word.slice(0, 6).toLowerCase());
    await results.getByText('Searching...').waitFor();
    const hit = results.getByRole('option');
    await expect.poll(() => hit.count(), { timeout: 10_000 }).toBe(1);
    expect(await hit.textContent()).toContain(businessName);
    expect(await hit.textContent()).toContain('Berat');
    expect(await results.getByText('Searching...').count()).toBe(0);
    await shots(clientPage, 'search-results');

    await hit.click();
    await clientPage.waitForURL(`**/businessprofile/${business.businessId}`);
    await expect.poll(() => clientPage.getByTestId('profile-name').textContent()).toBe(businessName);
    expect(await clientPage.locator('.pf-location').first().textContent()).toContain('Berat, Albania');
  });

  it('a later word without its accent finds it too; no match says so; a cleared box shows nothing', async () => {
    await clientPage.goto(webUrl('/client-dashboard'));
    const search = clientPage.getByTestId('business-search');
    const box = search.getByRole('searchbox', { name: 'Search businesses' });
    const results = search.getByRole('listbox', { name: 'Business search results' });
    await box.fill(`${word} kode`);
    await expect
      .poll(() => results.getByRole('option').allTextContents(), { timeout: 10_000 })
      .toEqual([expect.stringContaining(businessName)]);

    await box.fill(`qx${tag(8)}`);
    await results.getByText('No businesses found').waitFor({ timeout: 10_000 });
    await box.fill('   ');
    await results.waitFor({ state: 'detached' });
  });

  it('businesses search the same way from their dashboard', async () => {
    const { context, page } = await signedIn(browser, business);
    const search = page.getByTestId('business-search');
    await search.getByRole('searchbox', { name: 'Search businesses' }).fill(word.toUpperCase());
    const hit = search.getByRole('option', { name: new RegExp(businessName) });
    await hit.waitFor({ timeout: 10_000 });
    await hit.click();
    await page.waitForURL(`**/businessprofile/${business.businessId}`);
    // It is the business's own profile: the owner's tabs show.
    await page.getByTestId('tab-offers').waitFor();
    await context.close();
  });
});
