/**
 * A business's plan month by month in the app: it subscribes to Standard in the local checkout, reads Plan and
 * billing (the renewal date, the month's use of its limits), a renewal is declined (the banner asks for a new card by
 * the end of the grace period, in both languages), a new card pays it, and it cancels (the date it keeps the plan
 * until is shown before and after). Screenshots of the plans page and Plan and billing at 1280 and 390 px, English
 * and Albanian.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { call, stack } from '../support/api';
import { tableClient } from '../support/expiry';
import { provider } from '../support/payments';
import { launch, webUrl } from './browser';
import { checkoutFrame, payInFrame } from './checkout';
import { newBusiness, shots, signedIn, tag, type Business } from './people';

describe('plan and billing', () => {
  let browser: Browser;
  let business: Business;
  let page: Page;

  beforeAll(async () => {
    [browser, business] = await Promise.all([
      launch(),
      newBusiness({ businessName: `Arta ${tag()} Interiors`, location: 'Tirana' }),
    ]);
    ({ page } = await signedIn(browser, business));
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** Pays in the checkout the pay step opened (the provider's, in its overlay frame). */
  async function payOnCheckout(card: string) {
    await payInFrame(await checkoutFrame(page), card, 'Arta Hoxha');
  }
  const language = (lang: 'sq' | 'en') => page.evaluate((l) => localStorage.setItem('language', l), lang);
  const billingPath = () => webUrl(`/settings/${business.businessId}/plan`);
  const status = () => page.getByTestId('plan-status').textContent();

  it('subscribes to Standard on the checkout and reads Plan and billing', async () => {
    await page.goto(webUrl('/subscriptions'));
    await page.getByTestId('choose-plan-standard').waitFor();
    expect(await page.getByTestId('plan-basic').textContent()).toContain('10 offers a month');
    await shots(page, 'subscriptions-en');
    await page.getByTestId('choose-plan-standard').click();
    await payOnCheckout('4242 4242 4242 4242');
    await page.waitForURL(/\/payment\//, { timeout: 15_000 });
    await expect
      .poll(() => page.getByTestId('payment-result').getAttribute('data-state'), { timeout: 15_000 })
      .toBe('completed');

    await page.goto(billingPath());
    await expect.poll(() => page.getByTestId('plan-name').textContent(), { timeout: 15_000 }).toBe('Standard');
    // The renewal date comes with the provider's subscription, a moment after the payment (a refetch shows it).
    await expect
      .poll(
        async () => {
          const text = await status();
          if (!text?.startsWith('Renews')) await page.reload();
          return text;
        },
        { timeout: 15_000 },
      )
      .toMatch(/^Renews on .+ for €5\. Cancel at any time\.$/);
    expect(await page.getByTestId('usage-offers').textContent()).toBe('0 of 40 offers this month');
    await shots(page, 'plan-billing-active-en');
  });

  it('a declined renewal shows the banner until a new card pays it (Albanian)', async () => {
    const { body } = await call('GET', `/business/${business.businessId}`, { token: business.token });
    expect(body.plan).toBe('standard');
    // A month passes and the card is declined (as `npm run payments:renew -- --fail` does).
    const db = tableClient();
    const { Item } = await db.send(
      new GetCommand({
        TableName: stack().tableName,
        Key: { pk: `BUSINESS#${business.businessId}`, sk: 'PROFILE' },
        ConsistentRead: true,
      }),
    );
    db.destroy();
    await provider('POST', `/admin/subscriptions/${Item!.subscriptionId}/renew`, { fail: true });

    await language('sq');
    await page.goto(billingPath());
    const banner = page.getByTestId('plan-past-due');
    await banner.waitFor({ timeout: 15_000 });
    expect(await banner.textContent()).toContain('Përditësoni kartën deri më');
    await shots(page, 'plan-billing-past-due-sq');
    await language('en');
    await page.reload();
    await banner.waitFor();
    expect(await banner.textContent()).toContain('Update your card by');
    await shots(page, 'plan-billing-past-due-en');

    await banner.getByRole('button', { name: 'Update card' }).click();
    await payOnCheckout('4242 4242 4242 4242');
    await page.waitForURL(/\/settings\/.+\/plan/, { timeout: 15_000 });
    await expect.poll(() => status(), { timeout: 15_000 }).toMatch(/^Renews on /);
    expect(await banner.count()).toBe(0);
  });

  it('cancels: the date it keeps the plan until is said before and after', async () => {
    await page.getByTestId('plan-cancel').click();
    const confirm = page.getByTestId('plan-cancel-confirm');
    expect(await confirm.textContent()).toMatch(/Cancel Standard\? You keep it until .+; then you move to Basic/);
    await page.getByTestId('plan-cancel-yes').click();
    await expect.poll(() => status(), { timeout: 15_000 }).toMatch(/^Cancelled: you keep Standard until .+/);
    await shots(page, 'plan-billing-ending-en');
    await language('sq');
    await page.reload();
    await expect.poll(() => status(), { timeout: 15_000 }).toMatch(/^E anuluar: e mbani Standard deri më .+/);
    await shots(page, 'plan-billing-ending-sq');
    await page.goto(webUrl('/subscriptions'));
    await page.getByTestId('choose-plan-standard').waitFor();
    await shots(page, 'subscriptions-sq');
    await language('en');
  });
});
