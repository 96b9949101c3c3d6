/**
 * Saying no, changing one's mind, withdrawing: the client declines one offer (it shows Declined, also
 * to the business), accepts another and cancels it again (back to pending, the post back among the
 * available posts), and a business deletes its own offer ('Delete this offer'), after which the
 * client no longer sees it. Last the client deletes the post from its page: the page goes to the client's profile
 * without asking for the deleted post again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, ConsoleMessage, Page, Response } from 'playwright-core';
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

describe('decline, cancel and delete offers', () => {
  let browser: Browser;
  let client: Client;
  let declined: Business;
  let chosen: Business;
  let withdrawing: Business;
  let clientPage: Page;
  let postId: string;
  const title = `Balcony tiles ${tag()}`;
  const names = { declined: `Pllaka ${tag()}`, chosen: `Keramika ${tag()}`, withdrawing: `Mozaik ${tag()}` };

  const offerCard = (page: Page, businessName: string) =>
    page.getByTestId('offer-card').filter({ hasText: businessName });

  beforeAll(async () => {
    [browser, client, declined, chosen, withdrawing] = await Promise.all([
      launch(),
      newClient({ username: 'Besa Kola' }),
      newBusiness({ businessName: names.declined, location: 'Fier' }),
      newBusiness({ businessName: names.chosen, location: 'Fier' }),
      newBusiness({ businessName: names.withdrawing, location: 'Fier' }),
    ]);
    postId = await createPost(client, { title, location: 'Fier', budget: 700, categories: ['Flooring'] });
    await createOffer(declined, postId, 680, 'Porcelain tiles, frost-proof.');
    await createOffer(chosen, postId, 640, 'Anti-slip ceramic, two days of work.');
    await createOffer(withdrawing, postId, 900, 'Natural stone.');
    ({ page: clientPage } = await signedIn(browser, client));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the client declines an offer: it shows Declined, also after a reload and to the business', async () => {
    await clientPage.goto(webUrl(`/post/view/${postId}`));
    await clientPage.getByRole('heading', { name: 'Offers from businesses (3)' }).waitFor();
    const card = offerCard(clientPage, names.declined);
    await card.getByTestId('offer-decline').click();
    await card.getByRole('button', { name: 'Declined' }).waitFor();
    expect(await card.getByRole('button', { name: 'Declined' }).isDisabled()).toBe(true);
    expect(await card.getByTestId('offer-accept').count()).toBe(0);
    // The other offers are still open to choose.
    expect(await offerCard(clientPage, names.chosen).getByTestId('offer-accept').isEnabled()).toBe(true);

    await clientPage.reload();
    await offerCard(clientPage, names.declined).getByRole('button', { name: 'Declined' }).waitFor();
    expect(await offerCard(clientPage, names.declined).getAttribute('data-offer-status')).toBe('declined');
    await shots(clientPage, 'post-view-declined');

    const { context, page } = await signedIn(browser, declined);
    await page.goto(webUrl(`/businessprofile/${declined.businessId}?tab=offers`));
    const mine = page.getByTestId('business-offer-card');
    await mine.waitFor();
    expect(await mine.locator('.fx-status').textContent()).toBe('Declined');
    expect(await mine.textContent()).toContain(title);
    await shots(page, 'business-offers-declined');
    await context.close();
  });

  it('accept then Cancel: the offer is pending again and the post is back among the available posts', async () => {
    const card = offerCard(clientPage, names.chosen);
    await card.getByTestId('offer-accept').click();
    await card.getByTestId('offer-cancel').waitFor();
    // The others are dimmed and cannot be chosen while one is accepted.
    expect(await offerCard(clientPage, names.withdrawing).getByTestId('offer-accept').isDisabled()).toBe(true);
    expect(await offerCard(clientPage, names.withdrawing).getAttribute('class')).toContain('pv-offer--dimmed');
    await shots(clientPage, 'post-view-one-accepted');

    // While accepted, the post is not available to other businesses.
    const visitor = await signedIn(browser, withdrawing);
    await visitor.page.goto(webUrl('/available-posts'));
    await visitor.page.getByTestId('available-posts').waitFor();
    expect(await visitor.page.getByTestId('available-posts').getByRole('article', { name: title }).count()).toBe(0);
    // Another business opening it sees it is taken (its own pending offer stays shown).
    const outsider = await signedIn(browser, await newBusiness({ businessName: `Guri ${tag()}` }));
    await outsider.page.goto(webUrl(`/post/${postId}`));
    await outsider.page.getByText('This request is no longer taking offers.').waitFor();
    expect(await outsider.page.getByTestId('make-offer-button').count()).toBe(0);
    await outsider.context.close();

    await card.getByTestId('offer-cancel').click();
    await card.getByTestId('offer-accept').waitFor();
    // The buttons come back once the cancellation is answered (they are disabled while it is under way).
    await expect.poll(() => card.getByTestId('offer-decline').isEnabled()).toBe(true);
    await expect
      .poll(() => offerCard(clientPage, names.withdrawing).getByTestId('offer-accept').isEnabled())
      .toBe(true);
    await clientPage.reload();
    await offerCard(clientPage, names.chosen).getByTestId('offer-accept').waitFor();
    expect(await offerCard(clientPage, names.chosen).getAttribute('data-offer-status')).toBe('pending');
    expect(await clientPage.locator('.pv-facts').textContent()).toContain('Open');
    expect(await offerCard(clientPage, names.declined).getAttribute('data-offer-status')).toBe('declined');

    await visitor.page.reload();
    await visitor.page.getByTestId('available-posts').getByRole('article', { name: title }).waitFor();
    await shots(visitor.page, 'available-posts-reopened');
    await visitor.context.close();

    // And the client's profile lists it under Available again, not Ongoing.
    await clientPage.goto(webUrl(`/clientprofile/${client.userId}`));
    const available = clientPage.getByTestId('profile-section-open');
    await available.getByRole('heading', { name: 'Available posts (1)' }).waitFor();
    expect(await available.textContent()).toContain(title);
    expect(
      await clientPage
        .getByTestId('profile-section-accepted')
        .getByRole('heading', { name: 'Ongoing posts (0)' })
        .isVisible(),
    ).toBe(true);
  });

  it("a business deletes its offer and it disappears from the client's view", async () => {
    const { context, page } = await signedIn(browser, withdrawing);
    await page.goto(webUrl(`/businessprofile/${withdrawing.businessId}`));
    await page.getByTestId('tab-offers').click();
    const mine = page.getByTestId('business-offer-card').filter({ hasText: title });
    await mine.waitFor();
    expect(await mine.locator('.fx-status').textContent()).toBe('Pending');
    await shots(page, 'business-offers-pending');
    await mine.getByRole('button', { name: 'Delete this offer' }).click();
    await mine.waitFor({ state: 'detached' });
    await page.getByText('No offers available.').waitFor();
    await page.reload();
    await page.getByText('No offers available.').waitFor();
    await context.close();

    await clientPage.goto(webUrl(`/post/view/${postId}`));
    await clientPage.getByRole('heading', { name: 'Offers from businesses (2)' }).waitFor();
    expect(await offerCard(clientPage, names.withdrawing).count()).toBe(0);
    expect(await offerCard(clientPage, names.chosen).count()).toBe(1);
    await shots(clientPage, 'post-view-after-withdrawal');
  });

  it('the client deletes the post from its page after confirming: off to the profile, no request for the deleted post', async () => {
    // What the page asks for after the deletion: nothing about the deleted post (it answers 404), no console error.
    const faults: string[] = [];
    const onResponse = (r: Response) => {
      if (r.status() >= 400) faults.push(`${r.status()} ${r.request().method()} ${r.url()}`);
    };
    const onConsole = (m: ConsoleMessage) => {
      if (m.type() === 'error') faults.push(`console.error: ${m.text()}`);
    };
    clientPage.on('response', onResponse);
    clientPage.on('console', onConsole);
    await clientPage.getByTestId('post-delete').click();
    const dialog = clientPage.getByTestId('delete-post-dialog');
    await dialog.waitFor();
    // Cancel keeps it.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await clientPage.getByTestId('post-delete').click();
    await shots(clientPage, 'delete-post-dialog');
    await clientPage.getByTestId('post-delete-confirm').click();
    await clientPage.waitForURL(`**/clientprofile/${client.userId}`);
    await clientPage.getByText('Start by creating your first post!').waitFor();
    await clientPage.waitForLoadState('networkidle');
    clientPage.off('response', onResponse);
    clientPage.off('console', onConsole);
    expect(faults).toEqual([]);
  });

  it('a deleted post is gone: its page says so, it is not among the available posts, its offers went with it', async () => {
    await clientPage.goto(webUrl(`/post/view/${postId}`));
    await clientPage.getByText('No post found.').waitFor();
    await clientPage.goto(webUrl('/available-posts'));
    await clientPage.getByTestId('available-posts').getByRole('article').first().waitFor();
    expect(await clientPage.getByTestId('available-posts').getByRole('article', { name: title }).count()).toBe(0);

    // The offers on it went with it.
    const { context, page } = await signedIn(browser, chosen);
    await page.goto(webUrl(`/businessprofile/${chosen.businessId}?tab=offers`));
    await page.getByText('No offers available.').waitFor();
    await context.close();
  });
});
