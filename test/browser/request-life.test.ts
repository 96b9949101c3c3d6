/**
 * A request's whole life in the browser: a business revises its pending offer and the client sees
 * "revised" and how each business was rated; the client sorts by rating (kept in the URL), closes the
 * request after confirming (its pending offer is declined, the business can no longer revise) and
 * reopens it once.
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

describe("a request's whole life", () => {
  let browser: Browser;
  let client: Client;
  let business: Business;
  let clientPage: Page;
  let postId: string;
  const title = `Wardrobe doors ${tag()}`;
  const name = `Dru Stil ${tag()}`;

  beforeAll(async () => {
    [browser, client, business] = await Promise.all([
      launch(),
      newClient({ username: 'Arta Hoxha' }),
      newBusiness({ businessName: name, location: 'Shkodër' }),
    ]);
    postId = await createPost(client, { title, location: 'Shkodër', budget: 900, categories: ['Flooring'] });
    await createOffer(business, postId, 880, 'Oak doors, two weeks.');
    ({ page: clientPage } = await signedIn(browser, client));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the business revises its pending offer; the client sees the new price, "revised" and the rating', async () => {
    const { context, page } = await signedIn(browser, business);
    await page.goto(webUrl(`/post/${postId}`));
    await page.getByTestId('offer-revise').click();
    const form = page.getByRole('form', { name: 'Revise your offer' });
    await form.getByTestId('offer-price').fill('820');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Your offer was updated.').waitFor();
    await page.getByTestId('my-offer-revised').waitFor();
    expect(await page.getByTestId('my-offer').textContent()).toContain('820');
    await context.close();

    await clientPage.goto(webUrl(`/post/view/${postId}?sort=rating`));
    const card = clientPage.getByTestId('offer-card').filter({ hasText: name });
    await card.getByTestId('offer-revised').waitFor();
    expect(await card.textContent()).toContain('820');
    expect(await card.getByTestId('rating-summary').textContent()).toBe('No reviews yet');
    expect(await clientPage.getByTestId('offer-sort').count()).toBe(0);
    await shots(clientPage, 'post-view-revised-offer');
  });

  it('the client closes the request after confirming, then reopens it once', async () => {
    await clientPage.getByTestId('post-close').click();
    await clientPage.getByTestId('close-post-dialog').getByRole('button', { name: 'Keep it open' }).click();
    expect(await clientPage.locator('.pv-facts').textContent()).toContain('Open');
    await clientPage.getByTestId('post-close').click();
    await shots(clientPage, 'close-request-dialog');
    await clientPage.getByTestId('post-close-confirm').click();
    await clientPage.getByTestId('post-closed').waitFor();
    expect(await clientPage.locator('.pv-facts').textContent()).toContain('Closed');
    const card = clientPage.getByTestId('offer-card').filter({ hasText: name });
    await expect.poll(() => card.getAttribute('data-offer-status')).toBe('declined');

    await clientPage.getByTestId('post-reopen').click();
    await clientPage.getByTestId('post-closed').waitFor({ state: 'detached' });
    expect(await clientPage.locator('.pv-facts').textContent()).toContain('Open');
    await clientPage.reload();
    await clientPage.getByTestId('post-close').waitFor();
    await clientPage.getByTestId('post-close').click();
    await clientPage.getByTestId('post-close-confirm').click();
    await clientPage.getByText('A request can be reopened once; this one already was.').waitFor();
    expect(await clientPage.getByTestId('post-reopen').count()).toBe(0);
    await shots(clientPage, 'closed-request-reopened-once');
  });
});
