/**
 * A Sponsored run from the business's side and the client's: the business buys a run for its service in two towns
 * (Create ad: service, towns, the local checkout), the Ads tab shows it live; a client with an open request for that
 * service in one of the towns finds it leading its Sponsored strip (fair rotation: within a few page views) and
 * clicks it; the run's page shows the click in its figures, per day, in English and Albanian. Screenshots at 1280 and 390 px. The run is deleted at the end so the
 * other browser tests' strips are as before. A Premium business starts the run its plan includes from Plan and
 * billing: no price, no checkout, live at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, webUrl } from './browser';
import { checkoutFrame, payInFrame } from './checkout';
import {
  createPost,
  newBusiness,
  newClient,
  pictureFile,
  shots,
  signedIn,
  tag,
  viewStripUntil,
  type Business,
  type Client,
} from './people';
import { call } from '../support/api';
import { paidPlan } from '../support/payments';

describe('Sponsored runs', () => {
  let browser: Browser;
  let business: Business;
  let client: Client;
  let businessPage: Page;
  let clientPage: Page;
  let service: { _id: string; name: string };
  let runId: string | undefined;
  const businessName = `Arbri ${tag()} Kitchens`;

  beforeAll(async () => {
    [browser, client] = await Promise.all([launch(), newClient({ username: 'Elira Kola' })]);
    const categories = (await call<{ _id: string; name: string }[]>('GET', '/category/all', { token: client.token }))
      .body;
    service = categories[0];
    business = await newBusiness({ businessName, location: 'Shkodër', categories: [service._id] });
    await createPost(client, { title: 'A new kitchen', location: 'Lezhë', categories: [service.name] });
    [{ page: businessPage }, { page: clientPage }] = await Promise.all([
      signedIn(browser, business),
      signedIn(browser, client),
    ]);
  });
  afterAll(async () => {
    if (runId) await call('DELETE', `/ad/${runId}`, { token: business.token });
    await browser?.close();
  });

  it('the business buys a run for its service in two towns and sees it live in its Ads tab', async () => {
    await businessPage.goto(webUrl('/create-ad'));
    await businessPage.getByTestId('ad-image-input').setInputFiles(pictureFile('kitchen-run.png', 3));
    await businessPage.getByRole('img', { name: 'Ad preview' }).waitFor();
    await expect.poll(() => businessPage.getByTestId('ad-service').inputValue()).toBe(service._id);
    await businessPage.getByTestId('ad-town-add').selectOption('Shkodër');
    await businessPage.getByTestId('ad-town-add').selectOption('Lezhë');
    expect(await businessPage.getByTestId('ad-towns').textContent()).toContain('Lezhë');
    expect(await businessPage.getByTestId('ad-town-add').isDisabled()).toBe(false);
    // The terms before paying: a hidden or suspended business's run stops showing, its days still count.
    expect(await businessPage.getByTestId('ad-terms').textContent()).toContain('its days still count');
    await shots(businessPage, 'create-run-en');
    await businessPage.getByTestId('ad-submit').click();

    await payInFrame(await checkoutFrame(businessPage), '4242 4242 4242 4242', 'Arbri Gjoka');
    await businessPage.waitForURL(/\/payment\//, { timeout: 15_000 });
    await expect
      .poll(() => businessPage.getByTestId('payment-result').getAttribute('data-state'), { timeout: 15_000 })
      .toBe('completed');

    await businessPage.goto(webUrl(`/businessprofile/${business.businessId}?tab=ads`));
    const card = businessPage.getByTestId('ad-card');
    await expect.poll(() => card.getByTestId('run-state').textContent(), { timeout: 15_000 }).toBe('Live');
    expect(await card.getByTestId('run-targeting').textContent()).toContain('Shkodër, Lezhë');
    expect(await card.getByTestId('run-figures').textContent()).toContain('0 clicks');
    runId = (await card.getByTestId('ad-figures').getAttribute('href'))!.split('/').pop();
    await shots(businessPage, 'ads-tab-run-en');
  });

  it("a client with an open request for the service in one of the towns finds the run first in its strip; the click shows in the run's figures", async () => {
    // Its tier (runs for the request's service in its town, whole-country runs of that service too) rotates fairly.
    const strip = await viewStripUntil(
      clientPage,
      async (s) => (await s.getByTestId('ad-card').first().getAttribute('aria-label')) === `Sponsored: ${businessName}`,
    );
    const first = strip.getByTestId('ad-card').first();
    expect(await strip.getByTestId('ad-card').count()).toBeLessThanOrEqual(4);
    await first.click();
    await clientPage.waitForURL(`**/businessprofile/${business.businessId}`);

    await businessPage.goto(webUrl(`/ads/${runId}`));
    const totals = businessPage.getByTestId('run-totals');
    await totals.waitFor();
    await expect
      .poll(
        async () => {
          await businessPage.reload();
          await totals.waitFor();
          return totals.textContent();
        },
        { timeout: 20_000 },
      )
      .toContain('Clicks1');
    expect(await businessPage.getByTestId('run-days').locator('tbody tr').count()).toBe(1);
    await shots(businessPage, 'run-page-en');

    await businessPage.evaluate(() => localStorage.setItem('language', 'sq'));
    await businessPage.reload();
    await expect.poll(() => businessPage.getByTestId('run-state').textContent()).toBe('Aktive');
    expect(await totals.textContent()).toContain('Klikime1');
    await shots(businessPage, 'run-page-sq');
    await businessPage.goto(webUrl('/create-ad'));
    await businessPage.getByTestId('ad-service').waitFor();
    await shots(businessPage, 'create-run-sq');
    await businessPage.evaluate(() => localStorage.setItem('language', 'en'));
  });

  it('a Premium business starts the run its plan includes from Plan and billing: no checkout, live at once', async () => {
    const premium = await newBusiness({
      businessName: `Drita ${tag()} Premium`,
      location: 'Tirana',
      categories: [service._id],
    });
    await paidPlan(premium, 'premium');
    const { page, context } = await signedIn(browser, premium);
    let includedId: string | undefined;
    try {
      await page.goto(webUrl(`/settings/${premium.businessId}/plan`));
      expect(await page.getByTestId('usage-included-runs').textContent()).toBe(
        '0 of 1 included Sponsored runs started this month',
      );
      await page.getByTestId('start-included-run').click();
      await page.waitForURL(/\/create-ad\?included=1/);
      await page.getByTestId('ad-image-input').setInputFiles(pictureFile('included-run.png', 4));
      await page.getByRole('img', { name: 'Ad preview' }).waitFor();
      expect(await page.getByTestId('ad-included').isChecked()).toBe(true);
      expect(await page.getByTestId('ad-price').textContent()).toBe('€0');
      expect(await page.getByTestId('ad-submit').textContent()).toBe('Start the included run');
      await shots(page, 'create-included-run-en');
      await page.getByTestId('ad-submit').click();
      await page.waitForURL(/\/ads\/[0-9a-f-]+$/, { timeout: 15_000 });
      includedId = page.url().split('/').pop();
      await expect.poll(() => page.getByTestId('run-state').textContent(), { timeout: 15_000 }).toBe('Live');
      // Used for this month: Plan and billing says so and offers no second one.
      await page.goto(webUrl(`/settings/${premium.businessId}/plan`));
      await expect
        .poll(() => page.getByTestId('usage-included-runs').textContent())
        .toBe('1 of 1 included Sponsored runs started this month');
      expect(await page.getByTestId('start-included-run').count()).toBe(0);
    } finally {
      if (includedId) await call('DELETE', `/ad/${includedId}`, { token: premium.token });
      await context.close();
    }
  });
});
