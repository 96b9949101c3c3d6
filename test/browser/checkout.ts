/**
 * The checkout as a buyer meets it: the pay step (/pay/...) opens the provider's checkout in an overlay frame
 * (Paddle.js in the cloud; the local provider's stand-in of it here, bin/local/paddleJs.ts), with the buyer's email
 * filled in; the buyer pays with a test card inside the frame.
 */
import type { FrameLocator, Page } from 'playwright-core';

/** The checkout frame the pay step opened, once its form is shown. */
export async function checkoutFrame(page: Page): Promise<FrameLocator> {
  await page.waitForURL(/\/pay\//, { timeout: 15_000 });
  const frame = page.frameLocator('iframe[name=paddle_frame]');
  await frame.locator('#card').waitFor({ timeout: 15_000 });
  return frame;
}

/** Fills the checkout's card form (its email is filled in already) and pays. */
export async function payInFrame(frame: FrameLocator, card: string, name = 'Drita Hoxha') {
  await frame.locator('#card').fill(card);
  await frame.locator('#expiry').fill('12/34');
  await frame.locator('#cvc').fill('123');
  await frame.locator('#name').fill(name);
  await frame.locator('form button[type=submit]').click();
}
