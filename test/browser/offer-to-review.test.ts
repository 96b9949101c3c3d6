/**
 * From offer to review, as the two people do it: a business opens a client's post and makes an offer;
 * the client sees it (price in €), accepts, the post moves to Ongoing, Finish opens the review
 * (submit disabled until a star is chosen), the offer shows Finished; the business profile lists the
 * job under Previous Work with rating and review, and the business's Offers tab says Finished.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, webUrl } from './browser';
import { createPost, newBusiness, newClient, shots, signedIn, tag, type Business, type Client } from './people';

const text = (page: Page, testId: string) => page.getByTestId(testId).first().textContent();

describe('offer to review', () => {
  let browser: Browser;
  let client: Client;
  let business: Business;
  let clientPage: Page;
  let businessPage: Page;
  let postId: string;
  const title = `Walk-in wardrobe ${tag()}`;
  const businessName = `Mobilia ${tag()} Studio`;
  const review = 'Precise work, on time and tidy. The wardrobe looks great.';

  beforeAll(async () => {
    [browser, client, business] = await Promise.all([
      launch(),
      newClient({ username: 'Mira Dervishi' }),
      newBusiness({ businessName, location: 'Durrës' }),
    ]);
    postId = await createPost(client, {
      title,
      location: 'Durrës',
      budget: 1400,
      categories: ['Furniture'],
      content: 'Oak wardrobe with sliding doors, 2.6 m wide.',
    });
    [{ page: clientPage }, { page: businessPage }] = await Promise.all([
      signedIn(browser, client),
      signedIn(browser, business),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the business opens the post and makes an offer', async () => {
    await businessPage.goto(webUrl(`/post/${postId}`));
    await businessPage.getByRole('heading', { name: title }).waitFor();
    expect(await text(businessPage, 'post-budget')).toBe('€1,400');
    expect(await text(businessPage, 'post-client-link')).toBe('Mira Dervishi');
    await businessPage.getByTestId('make-offer-button').click();
    // A message is required.
    await businessPage.getByTestId('offer-price').fill('1250.5');
    await businessPage.getByTestId('offer-submit').click();
    expect(
      await businessPage.getByTestId('offer-message').evaluate((el: HTMLTextAreaElement) => el.validity.valueMissing),
    ).toBe(true);
    expect(await businessPage.getByTestId('offer-submit').isVisible()).toBe(true);
    await businessPage.getByTestId('offer-price').fill('1250');
    await businessPage.getByTestId('offer-message').fill('Solid oak, soft-close rails, fitted in two days.');
    await businessPage.getByTestId('offer-submit').click();
    await businessPage.getByTestId('offer-success-banner').waitFor();
    expect(await text(businessPage, 'offer-success-banner')).toBe('Offer was successfully made!');
    await expect.poll(() => text(businessPage, 'my-offer')).toMatch(/€1,250\.00\s*Pending/);
    await shots(businessPage, 'offer-made');
    // The banner goes away after 3 seconds; the own offer stays.
    await businessPage.getByTestId('offer-success-banner').waitFor({ state: 'detached', timeout: 6_000 });
    expect(await businessPage.getByTestId('make-offer-button').count()).toBe(0);
  });

  it('the client sees the offer in € and accepts it; the post moves to Ongoing', async () => {
    await clientPage.goto(webUrl(`/post/view/${postId}`));
    await clientPage.getByRole('heading', { name: 'Offers from businesses (1)' }).waitFor();
    const card = clientPage.getByTestId('offer-card');
    await expect.poll(() => card.textContent()).toContain(businessName);
    expect(await card.textContent()).toContain('€1,250.00');
    expect(await card.textContent()).toContain('Solid oak, soft-close rails');
    await shots(clientPage, 'post-view-offer');

    await card.getByTestId('offer-accept').click();
    await clientPage.getByTestId('offer-accepted-banner').waitFor();
    expect(await text(clientPage, 'offer-accepted-banner')).toBe('Offer has been accepted!');
    await card.getByTestId('offer-finish').waitFor();
    expect(await card.getByTestId('offer-cancel').isVisible()).toBe(true);
    expect(await card.getByTestId('offer-accept').count()).toBe(0);
    await shots(clientPage, 'post-view-accepted');

    await clientPage.goto(webUrl(`/clientprofile/${client.userId}`));
    const ongoing = clientPage.getByTestId('profile-section-accepted');
    await ongoing.getByRole('heading', { name: 'Ongoing posts (1)' }).waitFor();
    expect(await ongoing.textContent()).toContain(title);
    expect(
      await clientPage
        .getByTestId('profile-section-open')
        .getByRole('heading', { name: 'Available posts (0)' })
        .isVisible(),
    ).toBe(true);
    await shots(clientPage, 'client-profile-ongoing');
  });

  it('Finish opens the review: Skip leaves it accepted; submit waits for a star; submitting finishes the offer', async () => {
    await clientPage.goto(webUrl(`/post/view/${postId}`));
    await clientPage.getByTestId('offer-finish').click();
    const dialog = clientPage.getByTestId('review-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('review-skip').click();
    await dialog.waitFor({ state: 'detached' });
    expect(await clientPage.getByTestId('offer-card').getAttribute('data-offer-status')).toBe('accepted');
    await clientPage.getByTestId('offer-finish').click();
    await dialog.waitFor();
    const submit = dialog.getByTestId('review-submit');
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByTestId('review-text').fill(review);
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByTestId('review-star-4').click();
    expect(await dialog.getByTestId('review-star-4').getAttribute('aria-checked')).toBe('true');
    expect(await submit.isEnabled()).toBe(true);
    await shots(clientPage, 'review-dialog');
    await submit.click();
    await dialog.waitFor({ state: 'detached' });
    const finished = clientPage.getByTestId('offer-finished');
    await finished.waitFor();
    expect(await finished.textContent()).toBe('Finished');
    expect(await finished.isDisabled()).toBe(true);

    // It is stored, not only shown: a reload still says Finished, and the post is under Finished.
    await clientPage.reload();
    await clientPage.getByTestId('offer-finished').waitFor();
    await shots(clientPage, 'post-view-finished');
    await clientPage.goto(webUrl(`/clientprofile/${client.userId}`));
    const done = clientPage.getByTestId('profile-section-finished');
    await done.getByRole('heading', { name: 'Finished posts (1)' }).waitFor();
    expect(await done.textContent()).toContain(title);
    expect(await text(clientPage, 'profile-projects-count')).toBe('1');
  });

  it('the business profile shows the job under Previous Work (1) with rating and review', async () => {
    // Seen by the client (a visitor) ...
    await clientPage.goto(webUrl(`/businessprofile/${business.businessId}`));
    await clientPage.getByRole('heading', { name: 'Previous Work (1)' }).waitFor();
    const job = clientPage.getByTestId('finished-job');
    expect(await job.getByRole('heading', { name: title }).isVisible()).toBe(true);
    expect(await job.getByRole('img', { name: '4 out of 5 stars' }).isVisible()).toBe(true);
    expect(await job.textContent()).toContain(review);
    expect(await job.textContent()).toContain('Durrës');
    expect(await clientPage.getByTestId('tab-offers').count()).toBe(0);
    expect(await text(clientPage, 'profile-projects-count')).toBe('1');
    await shots(clientPage, 'business-profile-previous-work');
  });

  it("the business's Offers tab shows the offer with the status badge Finished", async () => {
    await businessPage.goto(webUrl(`/businessprofile/${business.businessId}`));
    await businessPage.getByTestId('tab-offers').click();
    const card = businessPage.getByTestId('business-offer-card');
    await card.waitFor();
    expect(await card.locator('.fx-status').textContent()).toBe('Finished');
    expect(await card.getByRole('heading', { name: title }).isVisible()).toBe(true);
    expect(await card.textContent()).toContain('Your Offer: €1,250.00');
    expect(await card.textContent()).toContain('Furniture');
    // A finished job's offer cannot be deleted any more.
    expect(await card.getByTestId('offer-delete').count()).toBe(0);
    await shots(businessPage, 'business-offers-finished');
    await card.getByRole('link', { name: 'View Post' }).click();
    await businessPage.waitForURL(`**/post/${postId}`);
    await expect.poll(() => text(businessPage, 'my-offer')).toMatch(/€1,250\.00\s*Finished/);
  });
});
