/**
 * Where a business spends money, as it meets it, in Albanian and English at 1280 and 390 px (screenshots under
 * test-results/screenshots/money-*):
 *
 * - the Ads tab: a run's days ("7 ditë: 10 deri më 16 dhjetor"), cancelling a paid run that has not started only
 *   after a question that says what happens to its days and its money (the refund rule beside it), what it gave back
 *   afterwards; the profile's counter says offers at every width;
 * - Create an ad: the towns hint follows the towns chosen; a run that overlaps one of the business's own says which
 *   and what it would add, and is not bought until the business ticks that it understands;
 * - Transactions: what was bought in the reader's language, the short id, the date and time, the test mark, what the
 *   cancelled run gave back, the amount said once;
 * - Statistics: each bar's value and an axis; Settings > Privacy: the privacy page named once, the two buttons at
 *   one edge; the public privacy page's date as the app writes it and no English on its Albanian page;
 * - back from the checkout: the wait says the payment is being confirmed; the plans' header keeps the test mark
 *   centred and Plan and billing inside its sentence; the landing's step numbers centred in their circles.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { addDays, todayDate } from '../../common/constants';
import { shortId } from '../../common/payments';
import { PRIVACY_PAGE_UPDATED } from '../../lambdas/site/pages/privacy';
import { call, uploadPicture } from '../support/api';
import { CARDS, settledPayment, submitCard } from '../support/payments';
import { DESKTOP, MOBILE, launch, webUrl } from './browser';
import { categoryId, newBusiness, shots, signedIn, type Business } from './people';

const TOWN = 'Sarandë';
const OTHER_TOWN = 'Himarë';

/** A run bought and paid through the API and the local checkout; answers its id and its payment's. */
async function paidRun(business: Business, targeting: Record<string, unknown>) {
  const created = await call('POST', '/ad', {
    token: business.token,
    body: { businessId: business.businessId, image: await uploadPicture(business), ...targeting },
  });
  if (created.status !== 201) throw new Error(`POST /ad answered ${created.status}: ${JSON.stringify(created.body)}`);
  await submitCard(created.body.checkout.transactionId, CARDS.success);
  const payment = await settledPayment(business.token, created.body.transaction.id);
  if (payment.state !== 'completed') throw new Error(`The run's payment is ${payment.state}`);
  return { adId: created.body._id as string, paymentId: created.body.transaction.id as string };
}

describe('where a business spends money', () => {
  let browser: Browser;
  let business: Business;
  let decor: string;
  let live: { adId: string; paymentId: string };
  let later: { adId: string; paymentId: string };
  const startDate = addDays(todayDate(), 3);
  const contexts: BrowserContext[] = [];

  const businessPage = async (language: 'sq' | 'en') => {
    const { context, page } = await signedIn(browser, business, language);
    contexts.push(context);
    return page;
  };

  beforeAll(async () => {
    [browser, business] = await Promise.all([
      launch(),
      newBusiness({ businessName: 'Drita Dizajn', location: TOWN, language: 'sq' }),
    ]);
    decor = await categoryId(business.token, 'Decor');
    await call('PUT', `/business/${business.businessId}`, { token: business.token, body: { categories: [decor] } });
    live = await paidRun(business, { category: decor, towns: [TOWN] });
    later = await paidRun(business, { category: decor, towns: [OTHER_TOWN], startDate });
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
  });

  it('Ads tab (Albanian): a run’s days, and a paid run not started cancelled only after saying what happens to its days and money', async () => {
    const page = await businessPage('sq');
    await page.goto(webUrl(`/businessprofile/${business.businessId}?tab=ads`));
    const card = page.getByTestId('ad-card').filter({ hasText: OTHER_TOWN });
    await card.waitFor();
    // A 7-day run from its first day reads to its seventh day, the last it is shown.
    const first = Number(startDate.slice(8));
    const last = Number(addDays(startDate, 6).slice(8));
    expect(await card.getByTestId('run-dates').textContent()).toMatch(
      new RegExp(`^7 ditë: ${first}( \\p{L}+)? deri më ${last} \\p{L}+$`, 'u'),
    );
    // The profile's counter says offers, at both widths.
    expect(await page.locator('.pf-counts').textContent()).toContain('Oferta');
    await page.setViewportSize(MOBILE);
    expect(await page.locator('.pf-counts').textContent()).toContain('Oferta');
    await page.setViewportSize(DESKTOP);

    await card.getByTestId('ad-cancel').click();
    const dialog = page.getByTestId('run-stop-dialog');
    expect(await dialog.getByRole('heading').textContent()).toBe('Ta anuloni këtë fushatë?');
    expect(await dialog.getByTestId('run-stop-what').textContent()).toMatch(
      /^Ende nuk ka nisur: nuk do të shfaqet dhe gjithë çmimi i saj, .*20[.,]00.*, kthehet në kartën tuaj\.$/,
    );
    expect(await dialog.getByTestId('run-stop-rule').textContent()).toContain('rimbursohet e gjitha');
    await shots(page, 'money-cancel-dialog-sq');
    await dialog.getByTestId('run-stop-confirm').click();
    expect(await page.getByTestId('run-stop-done').textContent()).toMatch(
      /^Fushata u anulua para se të nisej: .*20[.,]00.* kthehen në kartën tuaj\.$/,
    );
    await expect.poll(() => card.getByTestId('run-state').textContent()).toBe('E anuluar');
    expect(await card.getByTestId('run-stop-note').textContent()).toMatch(/^E anuluat para se të nisej: u rimbursuan/);
    // The live run offers a stop, not a delete: no run is lost by one click.
    const liveCard = page.getByTestId('ad-card').filter({ hasText: TOWN });
    expect(await liveCard.getByTestId('ad-stop').textContent()).toBe('Ndalo fushatën');
    expect(await liveCard.getByTestId('ad-delete').count()).toBe(0);
    await shots(page, 'money-ads-tab-sq');
  });

  it('Create an ad (English and Albanian): the towns hint, and a run that overlaps one of the business’s own', async () => {
    const page = await businessPage('en');
    await page.goto(webUrl('/create-ad'));
    const hint = page.getByTestId('ad-towns-hint');
    expect(await hint.textContent()).toBe('None chosen: the whole country.');
    await page.getByTestId('ad-town-add').selectOption(TOWN);
    expect(await hint.textContent()).toBe(
      'Shown only in the towns chosen. Remove them all to show it across the country.',
    );
    // The same service and town as the live run: it overlaps, and adds nothing.
    const overlap = page.getByTestId('ad-overlap');
    await overlap.waitFor();
    expect(await overlap.textContent()).toContain('It overlaps one of your runs for the same service, towns and days.');
    expect(await page.getByTestId('ad-overlap-adds').textContent()).toBe(
      'It would add nothing your runs do not already cover.',
    );
    // Another town: it says what it adds.
    await page.getByTestId('ad-town-add').selectOption(OTHER_TOWN);
    await expect.poll(() => page.getByTestId('ad-overlap-adds').textContent()).toBe(`It would add: ${OTHER_TOWN}.`);
    await page.getByTestId('ad-image-input').setInputFiles({
      name: 'ad.png',
      mimeType: 'image/png',
      buffer: Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
        'base64',
      ),
    });
    await page.getByTestId('ad-submit').click();
    expect(await page.getByTestId('ad-error').textContent()).toBe(
      'Tick the box above to buy a run that overlaps one of yours.',
    );
    expect(page.url()).toMatch(/\/create-ad$/);
    await shots(page, 'money-overlap-en');

    const sq = await businessPage('sq');
    await sq.goto(webUrl('/create-ad'));
    await sq.getByTestId('ad-town-add').selectOption(TOWN);
    await sq.getByTestId('ad-overlap').waitFor();
    expect(await sq.getByTestId('ad-overlap-adds').textContent()).toBe(
      'Nuk do të shtonte asgjë që fushatat tuaja nuk e mbulojnë tashmë.',
    );
    expect(await sq.getByTestId('ad-towns-hint').textContent()).toContain('Shfaqet vetëm në qytetet e zgjedhura');
    await shots(sq, 'money-overlap-sq');
  });

  it('Transactions (both languages): what was bought, the short id, date and time, the test mark, what the cancelled run gave back', async () => {
    for (const [language, item, stopped, test] of [
      [
        'sq',
        `Fushatë e sponsorizuar: Dekor, ${OTHER_TOWN}`,
        /^Fushata u anulua më .+, ora \d\d:\d\d, para se të nisej/,
        'Pagesë prove',
      ],
      [
        'en',
        `Sponsored run: Decor, ${OTHER_TOWN}`,
        /^Run cancelled on .+, \d\d:\d\d, before it started/,
        'Test payment',
      ],
    ] as const) {
      const page = await businessPage(language);
      await page.goto(webUrl(`/settings/${business.businessId}/transactions`));
      const row = page.getByTestId('transaction-row').filter({ hasText: shortId(later.paymentId) });
      await row.waitFor();
      expect(await row.getByTestId('transaction-item').textContent()).toBe(item);
      expect(await row.getByTestId('transaction-id').getAttribute('title')).toContain(later.paymentId);
      expect(await row.getByTestId('transaction-date').textContent()).toMatch(/\d\d:\d\d$/);
      expect(await row.getByTestId('transaction-status').textContent()).toContain(test);
      await expect.poll(() => row.getByTestId('transaction-run-stop').textContent()).toMatch(stopped);
      // What was bought is said without its price: the amount has its own column.
      expect(await row.getByTestId('transaction-item').textContent()).not.toMatch(/20/);
      const liveRow = page.getByTestId('transaction-row').filter({ hasText: shortId(live.paymentId) });
      expect(await liveRow.getByTestId('transaction-item').textContent()).toContain(TOWN);
      await shots(page, `money-transactions-${language}`);
    }
  });

  it('Statistics, Settings > Privacy and the public privacy page (Albanian)', async () => {
    const page = await businessPage('sq');
    await page.goto(webUrl(`/settings/${business.businessId}/statistics`));
    await page.getByTestId('stats-this-month').waitFor();
    await shots(page, 'money-statistics-sq');

    await page.goto(webUrl(`/settings/${business.businessId}/privacy`));
    const link = page.getByTestId('privacy-page-link');
    await link.waitFor();
    const intro = (await link.locator('..').textContent()) ?? '';
    // Said once: where the privacy page is, as the link.
    expect(intro.match(/faqen e privatësisë/g)).toHaveLength(1);
    expect(await link.textContent()).toBe('Si i trajtojmë të dhënat tuaja, lexoni në faqen e privatësisë.');
    // Download and Delete start at the same edge.
    const [download, remove] = await Promise.all([
      page.getByTestId('export-ask').boundingBox(),
      page.getByTestId('delete-account').boundingBox(),
    ]);
    expect(Math.abs(download!.x - remove!.x)).toBeLessThan(1);
    await shots(page, 'money-privacy-settings-sq');

    await page.goto(webUrl('/privatesia'));
    const text = (await page.locator('main').textContent()) ?? '';
    const [year, month, day] = PRIVACY_PAGE_UPDATED.split('-').map(Number);
    const months = [
      'janar',
      'shkurt',
      'mars',
      'prill',
      'maj',
      'qershor',
      'korrik',
      'gusht',
      'shtator',
      'tetor',
      'nëntor',
      'dhjetor',
    ];
    expect(text).toContain(`Ndryshuar së fundi më ${day} ${months[month - 1]} ${year}.`);
    expect(text).not.toContain(PRIVACY_PAGE_UPDATED);
    expect(text).not.toContain('Local storage');
    await shots(page, 'money-privacy-page-sq');
  });

  it('back from the checkout the wait says the payment is being confirmed; the plans’ header; the landing’s steps', async () => {
    const page = await businessPage('sq');
    // The result page's code is held back a moment, as on a slow connection: the wait is said in words meanwhile.
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/assets/PaymentResultPage-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(webUrl(`/payment/${live.paymentId}`));
    const waiting = page.getByTestId('page-loading-text');
    await waiting.waitFor();
    expect(await waiting.textContent()).toBe('Po presim që ofruesi i pagesave të konfirmojë pagesën tuaj…');
    await shots(page, 'money-payment-wait-sq');
    release();
    await expect.poll(() => page.getByTestId('payment-result').getAttribute('data-state')).toBe('completed');

    for (const language of ['sq', 'en'] as const) {
      const plans = await businessPage(language);
      await plans.goto(webUrl('/subscriptions'));
      const badge = plans.getByTestId('test-payment-label');
      await badge.waitFor();
      const [b, header] = await Promise.all([badge.boundingBox(), plans.locator('.sub-header').boundingBox()]);
      expect(Math.abs(b!.x + b!.width / 2 - (header!.x + header!.width / 2))).toBeLessThan(2);
      // Plan and billing is the link inside the sentence that says what it is for.
      expect(await plans.getByTestId('subscriptions-intro').getByTestId('subscriptions-manage').count()).toBe(1);
      await shots(plans, `money-subscriptions-${language}`);
    }

    // The landing, as a visitor sees it (a signed-in browser is sent on to the app).
    const visitor = await browser.newContext({ viewport: DESKTOP, locale: 'sq-AL' });
    contexts.push(visitor);
    const landing = await visitor.newPage();
    await landing.goto(webUrl('/'));
    const step = landing.locator('.steps li').first();
    await step.waitFor();
    const centred = await step.evaluate((li) => {
      const badge = getComputedStyle(li, '::before');
      return [getComputedStyle(li).alignItems, badge.display, badge.placeItems];
    });
    expect(centred).toEqual(['center', 'grid', 'center']);
    await landing.locator('.steps').screenshot({ path: 'test-results/screenshots/money-landing-steps-desktop.png' });
    await landing.setViewportSize(MOBILE);
    await landing.locator('.steps').screenshot({ path: 'test-results/screenshots/money-landing-steps-mobile.png' });
  });
});
