/**
 * The pay step opened more than once, and in the other language: Paddle.js (the local provider's stand-in of it,
 * which refuses a second Paddle.Initialize as Paddle's does) is loaded and initialised once per page, so closing
 * the checkout and opening it again, or switching the app to Albanian, opens the checkout again instead of the
 * error page; the buyer's email is filled in; the payment then completes. Screenshots at 1280 and 390 px in both
 * languages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { call, uploadPicture } from '../support/api';
import { launch, webUrl } from './browser';
import { checkoutFrame, payInFrame } from './checkout';
import { newBusiness, shots, signedIn, type Business } from './people';

describe('the pay step', () => {
  let browser: Browser;
  let business: Business;
  let page: Page;
  let payPath: string;
  let paymentId: string;

  beforeAll(async () => {
    [browser, business] = await Promise.all([launch(), newBusiness({ businessName: 'Dritare Lindja' })]);
    const ad = await call('POST', '/ad', {
      token: business.token,
      body: { businessId: business.businessId, image: await uploadPicture(business) },
    });
    expect(ad.status).toBe(201);
    const url = new URL(ad.body.checkout.url);
    payPath = `${url.pathname}${url.search}`;
    paymentId = ad.body.transaction.id;
    ({ page } = await signedIn(browser, business));
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** Whether Paddle.js is on the page and initialised, and how many checkout frames are open. */
  const paddleState = () =>
    page.evaluate(() => ({
      initialized: (window as unknown as { Paddle?: { Initialized: boolean } }).Paddle?.Initialized ?? false,
      scripts: document.querySelectorAll('script[src*="/paddle/v2/paddle.js"]').length,
      frames: document.querySelectorAll('iframe[name=paddle_frame]').length,
    }));

  it('opens the checkout, closed and opened again, with the email filled in (English)', async () => {
    await page.goto(webUrl(payPath));
    const checkout = await checkoutFrame(page);
    expect(await checkout.locator('h1').textContent()).toBe('Pay Interio');
    expect(await checkout.locator('#email').inputValue()).toBe(business.email);
    expect(await checkout.getByTestId('checkout-total').textContent()).toBe('€20.00');
    expect(await paddleState()).toEqual({ initialized: true, scripts: 1, frames: 1 });
    await shots(page, 'pay-step-open-en');

    await checkout.getByTestId('checkout-close').click();
    const reopen = page.getByTestId('pay-reopen');
    await reopen.waitFor();
    expect(await page.getByRole('alert').textContent()).toBe(
      'The payment page was closed before the payment was made.',
    );
    expect((await paddleState()).frames).toBe(0);
    await shots(page, 'pay-step-closed-en');

    // Opened again: Paddle.js is not initialised a second time (it would refuse), the checkout simply opens.
    await reopen.click();
    const again = await checkoutFrame(page);
    expect(await again.locator('#email').inputValue()).toBe(business.email);
    expect(await paddleState()).toEqual({ initialized: true, scripts: 1, frames: 1 });
    expect(await page.getByRole('alert').count()).toBe(0);
  });

  it('opens it again in Albanian when the app switches language, and the payment completes', async () => {
    await (await checkoutFrame(page)).getByTestId('checkout-close').click();
    await page.getByTestId('pay-reopen').waitFor();
    await page.getByTestId('language-sq').click();
    const checkout = await checkoutFrame(page);
    await expect.poll(() => checkout.locator('h1').textContent()).toBe('Paguani Interio');
    expect(await checkout.locator('#email').inputValue()).toBe(business.email);
    expect(await paddleState()).toEqual({ initialized: true, scripts: 1, frames: 1 });
    await shots(page, 'pay-step-open-sq');

    await checkout.getByTestId('checkout-close').click();
    await page.getByTestId('pay-reopen').waitFor();
    expect(await page.getByRole('alert').textContent()).toBe('Faqja e pagesës u mbyll para se të kryhej pagesa.');
    await shots(page, 'pay-step-closed-sq');

    await page.getByTestId('pay-reopen').click();
    await payInFrame(await checkoutFrame(page), '4242 4242 4242 4242');
    await page.waitForURL(`**/payment/${paymentId}`, { timeout: 15_000 });
    const result = page.getByTestId('payment-result');
    await expect.poll(() => result.getAttribute('data-state'), { timeout: 15_000 }).toBe('completed');
    expect(await result.textContent()).toContain('Pagesa u krye');
    await shots(page, 'pay-step-paid-sq');
  });
});
