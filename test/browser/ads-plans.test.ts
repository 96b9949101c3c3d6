/**
 * A business pays to be seen: it creates an ad (image upload, the test-payment label, €20 in the charge currency),
 * pays it in the checkout the pay step opens (the local provider's, in Paddle.js's overlay: a declined card first,
 * then the success card; the business's email filled in) and comes back
 * to the result page; the ad shows in the Sponsored strip of a client's dashboard and opens the business profile; the
 * payment is in Settings > Transactions with its receipt; choosing a plan goes through the checkout in Albanian;
 * stopping the run (after its question) takes it off the strip, and deleting it then removes it from the profile.
 * Screenshots at 1280 and 390 px.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launch, webUrl } from './browser';
import { checkoutFrame, payInFrame } from './checkout';
import {
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

describe('ads and plans', () => {
  let browser: Browser;
  let business: Business;
  let client: Client;
  let businessPage: Page;
  let clientPage: Page;
  const businessName = `Drita ${tag()} Lighting`;

  beforeAll(async () => {
    [browser, business, client] = await Promise.all([
      launch(),
      newBusiness({ businessName, location: 'Vlorë' }),
      newClient({ username: 'Ardit Shehu' }),
    ]);
    [{ page: businessPage }, { page: clientPage }] = await Promise.all([
      signedIn(browser, business),
      signedIn(browser, client),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the business creates an ad from its Ads tab, pays on the checkout page (declined, then paid), and sees it complete', async () => {
    await businessPage.goto(webUrl(`/businessprofile/${business.businessId}`));
    await businessPage.getByTestId('tab-ads').click();
    await businessPage.getByText('No ads available.').waitFor();
    await businessPage.getByTestId('create-ad-card').click();
    await businessPage.waitForURL('**/create-ad');
    expect(await businessPage.getByTestId('test-payment-label').textContent()).toBe(
      'Test payment: no real money is taken.',
    );
    expect(await businessPage.getByTestId('ad-price').textContent()).toBe('€20');

    // Paying without a picture is refused on the spot.
    await businessPage.getByTestId('ad-submit').click();
    expect(await businessPage.getByTestId('ad-error').textContent()).toBe('Please select an image');

    await businessPage.getByTestId('ad-image-input').setInputFiles(pictureFile('lamp-ad.png', 5));
    await businessPage.getByRole('img', { name: 'Ad preview' }).waitFor();
    expect(await businessPage.getByTestId('ad-error').count()).toBe(0);
    await shots(businessPage, 'create-ad');
    await businessPage.getByTestId('ad-submit').click();

    // The pay step opens the provider's checkout over it, in the reader's language, the business's email filled in.
    const checkout = await checkoutFrame(businessPage);
    expect(await checkout.getByTestId('checkout-total').textContent()).toBe('€20.00');
    expect(await checkout.locator('#email').inputValue()).toBe(business.email);
    await shots(businessPage, 'checkout-en');
    await payInFrame(checkout, '4000 0000 0000 0002');
    expect(await checkout.getByTestId('checkout-error').textContent()).toBe(
      'Your card was declined by the bank. Try another card.',
    );
    await shots(businessPage, 'checkout-declined-en');
    await payInFrame(checkout, '4242 4242 4242 4242');
    await businessPage.waitForURL(/\/payment\//, { timeout: 15_000 });
    const result = businessPage.getByTestId('payment-result');
    await expect.poll(() => result.getAttribute('data-state'), { timeout: 15_000 }).toBe('completed');
    expect(await result.textContent()).toContain('Your Sponsored ad is live.');
    await shots(businessPage, 'payment-completed-en');
    await result.getByRole('link', { name: 'See your ads' }).click();

    await businessPage.waitForURL(`**/businessprofile/${business.businessId}?tab=ads`, { timeout: 15_000 });
    const ad = businessPage.getByTestId('ad-card');
    await ad.waitFor();
    const img = ad.getByRole('img', { name: 'Ad' });
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => (el.complete && el.naturalWidth > 0 ? el.currentSrc : '')), {
        timeout: 10_000,
      })
      .toMatch(/\/images\/.+\.png\/\d+\.webp$/); // a processed version, never the upload
    await shots(businessPage, 'business-ads-tab');
  });

  it("the ad is in the client's Sponsored strip and opens the business profile", async () => {
    const adOf = (strip: Locator) => strip.getByRole('button', { name: `Sponsored: ${businessName}` });
    const sponsored = await viewStripUntil(clientPage, async (strip) => (await adOf(strip).count()) === 1);
    const ad = adOf(sponsored);
    await shots(clientPage, 'client-dashboard-sponsored');
    // Show More lists every ad on its own page; the ad opens the profile from there too.
    await sponsored.getByRole('link', { name: 'Show More' }).click();
    await clientPage.waitForURL('**/sponsoredPosts');
    const listed = clientPage.getByTestId('sponsored-page').getByRole('button', { name: `Sponsored: ${businessName}` });
    await listed.waitFor();
    await listed.click();
    await clientPage.waitForURL(`**/businessprofile/${business.businessId}`);
    // Back on the dashboard, the strip is the one seen there (its page view's answer), not the next rotation.
    await clientPage.goBack();
    await clientPage.goBack();
    await ad.waitFor();
    await ad.click();
    await clientPage.waitForURL(`**/businessprofile/${business.businessId}`);
    await expect.poll(() => clientPage.getByTestId('profile-name').textContent()).toBe(businessName);
  });

  it('the ad payment is in Settings > Transactions; choosing a plan records another one', async () => {
    await businessPage.goto(webUrl(`/settings/${business.businessId}/transactions`));
    const table = businessPage.getByTestId('transactions-table');
    await table.waitFor();
    const rows = table.locator('tbody tr');
    expect(await rows.count()).toBe(1);
    const adRow = await rows.first().textContent();
    // What was bought (the run's service and towns: a business with no service yet buys one for the whole
    // country), its time of day, and the amount once, in the currency charged.
    expect(await rows.first().getByTestId('transaction-item').textContent()).toBe(
      'Sponsored run: Every service, All of Albania',
    );
    expect(await rows.first().getByTestId('transaction-date').textContent()).toMatch(/, \d{2}:\d{2}$/);
    expect(adRow?.match(/€20/g)).toHaveLength(1);
    expect(adRow).toContain('€20.00');
    expect(adRow).toContain('Completed');
    expect(adRow).toContain('Test payment');
    expect(await rows.first().getByTestId('receipt-link').count()).toBe(1);
    await shots(businessPage, 'transactions-ad');

    // The plan is paid in Albanian this time: the app and the checkout page speak the reader's language.
    await businessPage.evaluate(() => localStorage.setItem('language', 'sq'));
    await businessPage.goto(webUrl('/subscriptions'));
    await businessPage.getByTestId('test-payment-label').waitFor();
    await businessPage.getByTestId('choose-plan-premium').click();
    const checkoutSq = await checkoutFrame(businessPage);
    expect(await checkoutSq.locator('h1').textContent()).toBe('Paguani Interio');
    await shots(businessPage, 'checkout-sq');
    await payInFrame(checkoutSq, '4242 4242 4242 4242');
    await businessPage.waitForURL(/\/payment\//, { timeout: 15_000 });
    await expect
      .poll(() => businessPage.getByTestId('payment-result').getAttribute('data-state'), { timeout: 15_000 })
      .toBe('completed');
    expect(await businessPage.getByTestId('payment-result').textContent()).toContain('Pagesa u krye');
    await shots(businessPage, 'payment-completed-sq');
    await businessPage.evaluate(() => localStorage.setItem('language', 'en'));
    await businessPage.goto(webUrl('/subscriptions'));
    await expect.poll(() => businessPage.getByTestId('choose-plan-premium').textContent()).toBe('Current plan');
    expect(await businessPage.getByTestId('choose-plan-basic').isEnabled()).toBe(true);
    await shots(businessPage, 'subscriptions-premium');

    // The plan is the business's, not the page's: it is still current after a reload.
    await businessPage.reload();
    await expect.poll(() => businessPage.getByTestId('choose-plan-premium').textContent()).toBe('Current plan');

    await businessPage.goto(webUrl(`/settings/${business.businessId}/transactions`));
    await expect.poll(() => rows.count()).toBe(2);
    const texts = await rows.allTextContents();
    const planRow = texts.find((t) => t.includes('Premium plan, first month'));
    expect(planRow).toContain('€8.00');
    expect(planRow).toContain('Completed');
    await shots(businessPage, 'transactions-ad-and-plan');
  });

  it('stopping the run asks first, takes it off the Sponsored strip and says what was refunded; deleting it then removes it', async () => {
    await businessPage.goto(webUrl(`/businessprofile/${business.businessId}?tab=ads`));
    await businessPage.getByTestId('ad-stop').click();
    const dialog = businessPage.getByTestId('run-stop-dialog');
    // What happens to the days left and the money, before anything changes; and the rule.
    expect(await dialog.getByTestId('run-stop-what').textContent()).toMatch(
      /^It leaves every Sponsored strip at once\. It has 6 whole days left: €17\.14 goes back to your card\.$/,
    );
    expect(await dialog.getByTestId('run-stop-rule').textContent()).toContain('refunds 1/7 of its price');
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await businessPage.getByTestId('run-state').textContent()).toBe('Live');

    await businessPage.getByTestId('ad-stop').click();
    await businessPage.getByTestId('run-stop-confirm').click();
    expect(await businessPage.getByTestId('run-stop-done').textContent()).toBe(
      'The run was stopped with 6 whole days left: €17.14 goes back to your card.',
    );
    await expect.poll(() => businessPage.getByTestId('run-state').textContent()).toBe('Stopped');

    await clientPage.goto(webUrl('/client-dashboard'));
    const sponsored = clientPage.getByTestId('sponsored-section');
    await sponsored.locator('.skeleton').waitFor({ state: 'detached' });
    expect(await sponsored.getByRole('button', { name: `Sponsored: ${businessName}` }).count()).toBe(0);

    await businessPage.getByTestId('ad-delete').click();
    expect(await businessPage.getByTestId('run-stop-what').textContent()).toBe(
      'The ad and its figures leave your profile. Its payment stays in your transactions.',
    );
    await businessPage.getByTestId('run-stop-confirm').click();
    await businessPage.getByText('No ads available.').waitFor();
    await businessPage.reload();
    await businessPage.getByText('No ads available.').waitFor();
  });
});
