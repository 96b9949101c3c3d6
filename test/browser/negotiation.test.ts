/**
 * Negotiation in the browser: the client compares three offers side by side (items, start, rating,
 * jobs done) and sorts them, counters one; the business sees the counter-offer and answers with a revised offer;
 * the client sees the whole history and accepts. Screenshots at 1280 and 390 px, in English and in Albanian
 * (`test-results/screenshots/negotiation-*`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { addDays, todayDate } from '../../common/constants';
import { LANGUAGE_STORAGE_KEY } from '../../web/src/i18n/languages';
import { DEMO_BUSINESSES, DEMO_CLIENT, DEMO_POSTS } from '../../common/demoData';
import { call, signIn } from '../support/api';
import { launch, webUrl } from './browser';
import { createPost, newBusiness, newClient, shots, signedIn, tag, type Business, type Client } from './people';

const day = (offset: number) => addDays(todayDate(), offset);

async function offer(business: Business, postId: string, body: Record<string, unknown>) {
  const res = await call('POST', '/offer', {
    token: business.token,
    body: { postId, businessId: business.businessId, ...body },
  });
  if (res.status !== 201) throw new Error(`POST /offer answered ${res.status}: ${JSON.stringify(res.body)}`);
}

/** The page again in `language` (the stored choice the language switch writes). */
async function inLanguage(page: Page, language: 'sq' | 'en') {
  await page.evaluate(([key, lang]) => localStorage.setItem(key, lang), [LANGUAGE_STORAGE_KEY, language] as const);
  await page.reload();
}

describe('a negotiated offer', () => {
  let browser: Browser;
  let client: Client;
  let oak: Business;
  let pine: Business;
  let ash: Business;
  let clientPage: Page;
  let postId: string;
  const names = { oak: `Oak Works ${tag()}`, pine: `Pine Studio ${tag()}`, ash: `Ash Kitchens ${tag()}` };

  beforeAll(async () => {
    [browser, client, oak, pine, ash] = await Promise.all([
      launch(),
      newClient({ username: 'Drita Basha' }),
      newBusiness({ businessName: names.oak, location: 'Tirana' }),
      newBusiness({ businessName: names.pine, location: 'Tirana' }),
      newBusiness({ businessName: names.ash, location: 'Tirana' }),
    ]);
    postId = await createPost(client, {
      title: `Kuzhinë e re ${tag()}`,
      location: 'Tirana',
      budget: 2000,
      categories: ['Furniture'],
    });
    await offer(oak, postId, {
      price: 1800,
      message: 'Oak veneer kitchen, soft-close drawers.',
      items: [
        { label: 'Cabinets and worktop', amount: 1450 },
        { label: 'Fitting', amount: 350 },
      ],
      startDate: day(14),
      durationDays: 12,
      included: ['materials', 'delivery', 'fitting'],
      includedNote: 'Old cabinets taken away',
    });
    await offer(pine, postId, { price: 1650, message: 'Pine kitchen, two weeks.', startDate: day(21) });
    await offer(ash, postId, { price: 2100, message: 'Ash kitchen with appliances.', startDate: day(7) });
    ({ page: clientPage } = await signedIn(browser, client));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the client compares three offers side by side and sorts them', async () => {
    await clientPage.goto(webUrl(`/post/view/${postId}`));
    for (const name of Object.values(names))
      await clientPage.getByTestId('offer-card').filter({ hasText: name }).getByTestId('compare-pick').check();
    await clientPage.getByTestId('compare-open').click();
    const dialog = clientPage.getByTestId('compare-dialog');
    await dialog.getByTestId('compare-table').waitFor();
    const columns = () => dialog.getByTestId('compare-business').allTextContents();
    expect(await columns()).toEqual([names.pine, names.oak, names.ash]);
    expect(await dialog.textContent()).toContain('Cabinets and worktop');
    await dialog.getByTestId('compare-sort').selectOption('start');
    await expect.poll(columns).toEqual([names.ash, names.oak, names.pine]);
    await shots(clientPage, 'negotiation-compare-en');
    await dialog.getByTestId('compare-close').click();
    await clientPage.getByTestId('compare-dialog').waitFor({ state: 'detached' });
  });

  it('the client counters; the business answers with a revision; the client accepts, with the whole history', async () => {
    await clientPage.goto(webUrl(`/post/view/${postId}`));
    const oakCard = clientPage.getByTestId('offer-card').filter({ hasText: names.oak });
    await oakCard.getByTestId('offer-counter').click();
    const counter = clientPage.getByTestId('counter-dialog');
    await counter.getByTestId('counter-price').fill('1500');
    await counter.getByTestId('counter-note').fill('Could you do 1,500 with the fitting?');
    await counter.getByTestId('counter-send').click();
    await oakCard.getByTestId('negotiation-waiting').waitFor();
    expect(await oakCard.getByTestId('negotiation-waiting').textContent()).toContain('1,500.00');
    await shots(clientPage, 'negotiation-countered-en');

    const { context, page } = await signedIn(browser, oak);
    // Its list of offers says an answer is needed.
    await page.goto(webUrl(`/businessprofile/${oak.businessId}?tab=offers`));
    expect(await page.getByTestId('business-offer-counter').textContent()).toBe(
      'Counter-offer of €1,500.00: your answer is needed',
    );
    await page.goto(webUrl(`/post/${postId}`));
    await page.getByTestId('counter-proposal').waitFor();
    expect(await page.getByTestId('counter-proposal').textContent()).toContain('Could you do 1,500 with the fitting?');
    await shots(page, 'negotiation-business-answer-en');
    await page.getByTestId('counter-revise').click();
    const form = page.getByRole('form', { name: 'Revise your offer' });
    const amounts = form.getByTestId('offer-item-amount');
    await amounts.nth(0).fill('1300');
    await amounts.nth(1).fill('300');
    await form.getByTestId('offer-price').fill('1600');
    await form.getByTestId('offer-revision-note').fill('1,600 with fitting is our best price.');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Your offer was updated.').waitFor();
    await page.getByTestId('negotiation-thread').waitFor();
    expect(await page.getByTestId('negotiation-step').allTextContents()).toHaveLength(3);
    await inLanguage(page, 'sq');
    await page.getByTestId('negotiation-thread').waitFor();
    expect(await page.getByTestId('negotiation-waiting').textContent()).toBe('Në pritje të përgjigjes së klientit.');
    await shots(page, 'negotiation-business-revised-sq');
    await context.close();

    await clientPage.reload();
    const steps = oakCard.getByTestId('negotiation-step');
    await expect.poll(() => steps.count()).toBe(3);
    expect(await steps.nth(2).textContent()).toContain('The business revised the offer to €1,600.00');
    expect(await oakCard.textContent()).toContain('1,600 with fitting is our best price.');
    await oakCard.getByTestId('offer-accept').click();
    await clientPage.getByTestId('offer-accepted-banner').waitFor();
    await expect.poll(() => oakCard.getAttribute('data-offer-status')).toBe('accepted');
    await expect.poll(() => steps.count()).toBe(4);
    expect(await steps.nth(3).textContent()).toContain('The client accepted the offer');
    await shots(clientPage, 'negotiation-accepted-en');

    await inLanguage(clientPage, 'sq');
    await oakCard.getByTestId('negotiation-thread').waitFor();
    expect(await steps.nth(1).textContent()).toContain('Klienti propozoi');
    await shots(clientPage, 'negotiation-accepted-sq');
    await clientPage.getByTestId('offer-card').filter({ hasText: names.pine }).getByTestId('compare-pick').check();
    await oakCard.getByTestId('compare-pick').check();
    await clientPage.getByTestId('compare-open').click();
    await clientPage.getByTestId('compare-dialog').getByTestId('compare-table').waitFor();
    await shots(clientPage, 'negotiation-compare-sq');
    await inLanguage(clientPage, 'en');
  });

  it('on the demo data, the demo client compares the three offers on its living-room request', async () => {
    const token = await signIn(DEMO_CLIENT.email, DEMO_CLIENT.password);
    const me = (await call('GET', '/account', { token })).body.profile as { _id: string };
    const posts = (await call('GET', `/post/user/${me._id}`, { token })).body as { _id: string; title: string }[];
    const demoPost = posts.find((p) => p.title === DEMO_POSTS[0].title)!;
    const { context, page } = await signedIn(browser, DEMO_CLIENT);
    await page.goto(webUrl(`/post/view/${demoPost._id}`));
    const cards = page.getByTestId('offer-card');
    await expect.poll(() => cards.count()).toBe(3);
    for (let i = 0; i < 3; i++) await cards.nth(i).getByTestId('compare-pick').check();
    await page.getByTestId('compare-open').click();
    const dialog = page.getByTestId('compare-dialog');
    await dialog.getByTestId('compare-table').waitFor();
    expect((await dialog.getByTestId('compare-business').allTextContents()).sort()).toEqual(
      [DEMO_BUSINESSES[0], DEMO_BUSINESSES[1], DEMO_BUSINESSES[3]].map((b) => b.businessName).sort(),
    );
    expect(await dialog.getByTestId('compare-price').allTextContents()).toEqual([
      '€2,100.00',
      '€2,350.00',
      '€2,600.00',
    ]);
    await context.close();
  });
});
