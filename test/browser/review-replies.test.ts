/**
 * Replies to reviews in the browser: the business opens its profile, replies under a client's review and
 * edits the reply; a client visiting the profile sees the reply under the review. Screens in English and
 * Albanian at 1280 and 390 px.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { call } from '../support/api';
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

describe('replies to reviews', () => {
  let browser: Browser;
  let client: Client;
  let business: Business;
  const title = `Kitchen shelves ${tag()}`;

  beforeAll(async () => {
    [browser, client, business] = await Promise.all([
      launch(),
      newClient({ username: 'Arta Hoxha' }),
      newBusiness({ businessName: `Dru Stil ${tag()}`, location: 'Tirana' }),
    ]);
    const postId = await createPost(client, { title, location: 'Tirana', budget: 600, categories: ['Furniture'] });
    const offerId = await createOffer(business, postId, 550, 'Oak shelves, one week.');
    const accepted = await call('PUT', '/offer/status', {
      token: client.token,
      body: { offerId, newStatus: 'accepted' },
    });
    expect(accepted.status).toBe(200);
    const review = { postId, businessId: business.businessId, rating: 5, review: 'Solid work, tidy and on time.' };
    expect((await call('POST', '/finishedJobs', { token: client.token, body: review })).status).toBe(201);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the business replies under the review and edits the reply; a client sees it', async () => {
    const { context, page } = await signedIn(browser, business);
    await page.goto(webUrl(`/businessprofile/${business.businessId}`));
    const card = page.getByTestId('finished-job').filter({ hasText: title });
    await card.getByRole('button', { name: 'Reply' }).click();
    const form = card.getByRole('form', { name: 'Reply' });
    await form.getByLabel('Your reply').fill('Thank you, Arta! It was a pleasure.');
    await shots(page, 'review-reply-form-en');
    await form.getByRole('button', { name: 'Save reply' }).click();
    await card.getByTestId('review-reply').getByText('Thank you, Arta! It was a pleasure.').waitFor();
    expect(await card.getByTestId('review-reply-window').textContent()).toMatch(/^You can edit your reply until /);

    await card.getByRole('button', { name: 'Edit reply' }).click();
    await card.getByLabel('Your reply').fill('Thank you, Arta! See you for the bathroom.');
    await card.getByRole('button', { name: 'Save reply' }).click();
    await card.getByTestId('review-reply').getByText('Thank you, Arta! See you for the bathroom.').waitFor();
    expect(await card.getByTestId('review-reply').textContent()).toContain('edited');
    await shots(page, 'review-reply-owner-en');

    await page.evaluate(() => localStorage.setItem('language', 'sq'));
    await page.reload();
    await card.getByRole('button', { name: 'Ndrysho përgjigjen' }).click();
    await shots(page, 'review-reply-form-sq');
    await context.close();

    const visitor = await signedIn(browser, client);
    await visitor.page.evaluate(() => localStorage.setItem('language', 'sq'));
    await visitor.page.goto(webUrl(`/businessprofile/${business.businessId}`));
    const seen = visitor.page.getByTestId('finished-job').filter({ hasText: title });
    await seen.getByTestId('review-reply').getByText('Thank you, Arta! See you for the bathroom.').waitFor();
    expect(await seen.getByTestId('review-reply').textContent()).toContain('Përgjigjja e biznesit');
    expect(await seen.getByTestId('review-reply-open').count()).toBe(0);
    await shots(visitor.page, 'review-reply-visitor-sq');
    await visitor.context.close();
  });
});
