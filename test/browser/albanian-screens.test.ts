/**
 * The moderators' and the operators' screens, walked in Albanian: not one word of the English catalogue that the
 * Albanian one never uses (./englishWords.ts: words both languages share, names and towns, numbers and ids do not
 * count), in the page's text nor in its labels, including what the server sends for its lists (a payment's state,
 * what was bought, what a business's cancelled run gave back: message ids the app words). Each screen at 1280 and
 * 390 px (test-results/screenshots/sq-walk-*); the payments list in English too.
 *
 * A check of the check: the same walk over the English screen finds the English words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { addDays, todayDate } from '../../common/constants';
import { shortId } from '../../common/payments';
import { weekStartOf } from '../../common/moderation';
import { call, newModerator, newOperator, uploadPicture } from '../support/api';
import { CARDS, settledPayment, submitCard } from '../support/payments';
import { launch, webUrl } from './browser';
import { englishWordsOn } from './englishWords';
import { newBusiness, shots, signedIn } from './people';

describe('the moderators’ and operators’ screens in Albanian', () => {
  let browser: Browser;
  let moderator: Awaited<ReturnType<typeof newModerator>>;
  let operator: Awaited<ReturnType<typeof newOperator>>;
  let paymentId: string;
  const contexts: BrowserContext[] = [];

  const pageOf = async (who: { email: string; password: string }, language: 'sq' | 'en'): Promise<Page> => {
    const { context, page } = await signedIn(browser, who, language);
    contexts.push(context);
    return page;
  };

  /** Opens `path`, waits for `ready`, and answers the English words on it (screens saved at both widths). */
  async function walk(page: Page, path: string, ready: string, name: string): Promise<string[]> {
    await page.goto(webUrl(path));
    await page.getByTestId(ready).first().waitFor();
    await page.waitForLoadState('networkidle');
    const words = await englishWordsOn(page);
    await shots(page, name);
    return words;
  }

  beforeAll(async () => {
    const business = await newBusiness({ businessName: 'Mobilieri Arbëri', location: 'Berat', language: 'sq' });
    [browser, moderator, operator] = await Promise.all([
      launch(),
      newModerator({ username: 'Arta Moderatore' }),
      newOperator({ username: 'Besa Operatore', language: 'sq' }),
    ]);
    // A run paid and then cancelled by its business: its payment's row has the most to say.
    const created = await call('POST', '/ad', {
      token: business.token,
      body: {
        businessId: business.businessId,
        image: await uploadPicture(business),
        towns: ['Berat'],
        startDate: addDays(todayDate(), 2),
      },
    });
    if (created.status !== 201) throw new Error(`POST /ad answered ${created.status}`);
    paymentId = created.body.transaction.id;
    await submitCard(created.body.checkout.transactionId, CARDS.success);
    await settledPayment(business.token, paymentId);
    const stopped = await call('POST', `/ad/${created.body._id}/stop`, { token: business.token });
    if (stopped.status !== 200) throw new Error(`POST /ad/{id}/stop answered ${stopped.status}`);
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
  });

  it('Moderation: reports, verifications, weekly counts and payments say nothing in English', async () => {
    const page = await pageOf(moderator, 'sq');
    const found: Record<string, string[]> = {
      reports: await walk(page, '/moderation/reports', 'reports-status-open', 'sq-walk-moderation-reports'),
      hidden: await walk(
        page,
        '/moderation/reports?status=hidden',
        'reports-status-hidden',
        'sq-walk-moderation-hidden',
      ),
      verifications: await walk(
        page,
        '/moderation/verifications',
        'moderation-tab-verifications',
        'sq-walk-verifications',
      ),
      stats: await walk(page, '/moderation/stats', 'moderation-tab-stats', 'sq-walk-moderation-stats'),
      payments: await walk(page, '/moderation/payments', 'payment-entry', 'sq-walk-moderation-payments'),
    };
    expect(found).toEqual({ reports: [], hidden: [], verifications: [], stats: [], payments: [] });

    // The cancelled run's payment: its state, what was bought and what happened, in Albanian, with its id and time.
    const entry = page.getByTestId('payment-entry').filter({ hasText: shortId(paymentId) });
    await expect.poll(() => entry.getByTestId('payment-status').textContent()).toBe('Rimbursuar');
    expect(await entry.getByTestId('payment-item').textContent()).toBe('Fushatë e sponsorizuar: Çdo shërbim, Berat');
    expect(await entry.getByTestId('payment-test').textContent()).toBe('Pagesë prove');
    expect(await entry.getByTestId('payment-date').textContent()).toMatch(/, ora \d\d:\d\d$/);
    expect(await entry.getByTestId('payment-run-stop').textContent()).toMatch(
      /^Fushata u anulua më .+, para se të nisej: u rimbursuan .*20[.,]00/,
    );
  });

  it('Operator: the last whole week, the week in progress and each tab say nothing in English', async () => {
    const page = await pageOf(operator, 'sq');
    const week = weekStartOf(new Date());
    const found: Record<string, string[]> = {
      lastWhole: await walk(page, '/operator', 'week-label', 'sq-walk-operator'),
      inProgress: await walk(page, `/operator?week=${week}`, 'operator-headlines', 'sq-walk-operator-week'),
      charts: await walk(page, `/operator?week=${week}&view=charts`, 'chart-requests', 'sq-walk-operator-charts'),
      grid: await walk(page, `/operator?week=${week}&view=grid`, 'operator-grid', 'sq-walk-operator-grid'),
      export: await walk(page, `/operator?week=${week}&view=export`, 'export-submit', 'sq-walk-operator-export'),
    };
    expect(found).toEqual({ lastWhole: [], inProgress: [], charts: [], grid: [], export: [] });
  });

  it('the check finds English where there is English (the payments list in English)', async () => {
    const page = await pageOf(moderator, 'en');
    const words = await walk(page, '/moderation/payments', 'payment-entry', 'en-walk-moderation-payments');
    expect(words.map((w) => w.split(' ')[0])).toEqual(expect.arrayContaining(['Refunded', 'Sponsored', 'Payments']));
  });
});
