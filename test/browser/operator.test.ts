/**
 * The operator's figures in the app (/operator): a client sees no link and is sent away; an operator (a member of the
 * pool's operator group) lands on the last whole week, and one click on sees the week in progress (how many of its
 * hours have passed, no change from the week before) with its headline figures equal to the API's; a chart per
 * figure (SVG pictures with a title and a description), the town x service grid where a town whose request nobody
 * answered stands out as empty, and the CSV download are each a tab away; choosing a town keeps only the figures kept
 * there; the download saves a file named by the figure and the weeks. The revenue headlines (a run bought through the
 * local provider) read as money in the charge currency, in each language. On a phone the town and service choices
 * are read whole. Screens at 1280 and 390 px, in English and Albanian.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { OPERATOR_FIGURES, OPERATOR_CHART_WEEKS } from '../../common/operatorFigures';
import type { OperatorFiguresAnswer } from '../../common/schemas/operator';
import { en } from '../../web/src/i18n/catalog/en';
import { call, newBusiness as newPayingBusiness, newOperator } from '../support/api';
import { paidAd } from '../support/payments';
import { waitFor } from '../support/notifications';
import { addWeeks } from '../../common/operatorFigures';
import { weekStartOf } from '../../common/moderation';
import { DESKTOP, MOBILE, launch, openLogin, webUrl } from './browser';
import { createOffer, createPost, newBusiness, newClient, shots, signedIn } from './people';

/** A town and a service no other browser test posts in: this file's requests decide its cells. */
const EMPTY_TOWN = 'Konispol';
const ANSWERED_TOWN = 'Ersekë';

describe('the operator screen', () => {
  let browser: Browser;
  let operator: Awaited<ReturnType<typeof newOperator>>;
  const contexts: BrowserContext[] = [];

  const countryWeek = async () =>
    (await call<OperatorFiguresAnswer>('GET', '/operator/figures?weeks=2', { token: operator.token })).body.weeks[1];

  beforeAll(async () => {
    [browser, operator] = await Promise.all([launch(), newOperator({ username: 'Operatori' })]);
    const [client, business] = await Promise.all([
      newClient({ username: 'Dea Shehu' }),
      newBusiness({ businessName: 'Atelier Ersekë', location: ANSWERED_TOWN }),
    ]);
    const before = (await countryWeek()).counts.requests;
    await createPost(client, { title: 'Banjo e re në Konispol', location: EMPTY_TOWN, categories: ['Bathroom'] });
    const answered = await createPost(client, {
      title: 'Dekor për sallonin',
      location: ANSWERED_TOWN,
      categories: ['Decor'],
    });
    await createOffer(business, answered, 900, 'Mund të vijmë të enjten.');
    // A Sponsored run bought: the week has revenue.
    await paidAd(await newPayingBusiness({ businessName: 'Studio Sponsored' }));
    // The stream's consumer counts them a moment later.
    await waitFor(async () => {
      const week = await countryWeek();
      return week.counts.requests >= before + 2 && week.counts.answered > 0 && week.counts.adRevenue > 0
        ? week
        : undefined;
    }, 30_000);
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
  });

  async function operatorPage(locale?: string): Promise<Page> {
    const context = await browser.newContext({ viewport: DESKTOP, ...(locale ? { locale } : {}) });
    contexts.push(context);
    const page = await context.newPage();
    await openLogin(page);
    const form = page.getByTestId('login-mode-login');
    await form.locator('input[type=email]').fill(operator.email);
    await form.locator('input[type=password]').fill(operator.password);
    await form.locator('button[type=submit]').click();
    await page.waitForURL(/\/client-dashboard$/, { timeout: 20_000 });
    return page;
  }

  it('is not for a client: no link, and the address sends it away', async () => {
    const client = await newClient();
    const { context, page } = await signedIn(browser, client);
    contexts.push(context);
    expect(await page.getByTestId('nav-operator').count()).toBe(0);
    await page.goto(webUrl('/operator'));
    await page.waitForURL(/\/unauthorized$/);
  });

  it('an operator lands on the last whole week; the week in progress is a click on: its headlines as the API counts them, charts and grid one tab away (English)', async () => {
    const page = await operatorPage();
    await page.getByTestId('nav-operator').click();
    await page.waitForURL(/\/operator$/);
    // The address changes at once; the screen follows once its code and texts have loaded.
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Marketplace figures');
    const thisWeek = weekStartOf(new Date());
    // The last whole week first: a week of a few hours would read as a fall of every figure.
    await expect.poll(() => page.getByTestId('week-label').textContent()).toContain('The last whole week');
    expect(await page.getByTestId('week-label').textContent()).toContain(
      new Date(`${addWeeks(thisWeek, -1)}T12:00:00Z`).toLocaleDateString('en-US', {
        month: 'long',
        day: 'numeric',
        year: 'numeric',
      }),
    );
    await page.getByTestId('week-next').click();
    await page.waitForURL(new RegExp(`week=${thisWeek}`));
    await page.getByTestId('operator-headlines').waitFor();
    const hours = Math.floor((Date.now() - Date.parse(`${thisWeek}T00:00:00Z`)) / 3_600_000);
    expect(await page.getByTestId('week-hours').textContent()).toMatch(
      new RegExp(`^In progress: (${hours}|${hours + 1}) of its 168 hours so far$`),
    );
    // Nothing is compared with the whole week before while this one runs.
    expect(await page.locator('[data-testid^="headline-change-"]').count()).toBe(0);

    const week = await countryWeek();
    const requests = page.getByTestId('headline-value-requests');
    await expect.poll(() => requests.textContent()).toBe(week.counts.requests.toLocaleString('en-US'));
    const share = Math.round((week.counts.answeredWithin24h / week.counts.requests) * 100);
    expect(await page.getByTestId('headline-value-answeredWithin24h').textContent()).toBe(`${share}%`);
    // Money in the currency the payments were charged in (the test stage charges euros), cents when there are any.
    expect(await page.getByTestId('headline-value-revenue').textContent()).toMatch(/^€[\d,]+(\.\d\d)?$/);
    expect(await page.getByTestId('headline-value-mrr').textContent()).toMatch(/^€[\d,]+(\.\d\d)?$/);
    expect(await page.getByTestId('operator-headlines').getByRole('listitem').count()).toBe(
      OPERATOR_FIGURES.filter((f) => f.headline).length,
    );
    // The first screen is the headlines: no chart and no grid until their tab is chosen.
    expect(await page.locator('svg.op-chart-svg').count()).toBe(0);
    expect(await page.getByTestId('operator-grid').count()).toBe(0);
    await shots(page, 'operator-en');

    // A chart per figure: a picture with its name and every week read out.
    await page.getByRole('tab', { name: 'Over 12 weeks' }).click();
    await page.getByTestId('chart-requests').waitFor();
    const charts = page.getByRole('img');
    const named = await charts.evaluateAll((svgs) =>
      svgs.filter((s) => s.tagName === 'svg').map((s) => s.querySelector('title')?.textContent ?? ''),
    );
    expect(named).toEqual(OPERATOR_FIGURES.map((f) => en[`operator.figure.${f.id}`]));
    const desc = await page.getByTestId('chart-requests').locator('desc').textContent();
    expect(desc?.split('; ')).toHaveLength(OPERATOR_CHART_WEEKS);
    await shots(page, 'operator-charts-en');

    // The grid: the unanswered request's cell is empty (red), the answered one is fine.
    await page.getByRole('tab', { name: 'Towns and services' }).click();
    const empty = page.getByTestId(`cell-${EMPTY_TOWN}-bathroom`);
    await empty.waitFor();
    expect(await empty.getAttribute('data-state')).toBe('empty');
    expect(await empty.getAttribute('title')).toMatch(new RegExp(`^${EMPTY_TOWN}, Bathroom: 0 of 1 requests answered`));
    expect(await page.getByTestId(`cell-${ANSWERED_TOWN}-decor`).getAttribute('data-state')).toBe('ok');
    await shots(page, 'operator-grid-en');

    // A town: only the figures kept there, and a note about the others.
    await page.getByRole('tab', { name: 'The week' }).click();
    await page.getByTestId('scope-town').selectOption(EMPTY_TOWN);
    await page.waitForURL(/town=Konispol/);
    await expect.poll(() => page.getByTestId('headline-value-requests').textContent()).toBe('1');
    expect(await page.getByTestId('headline-value-answeredWithin24h').textContent()).toBe('0%');
    await page.getByRole('tab', { name: 'Over 12 weeks' }).click();
    await page.getByTestId('chart-requests').waitFor();
    expect(await page.getByTestId('chart-activeClients').count()).toBe(0);

    // The CSV download of the town's requests.
    await page.getByRole('tab', { name: 'Download' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-submit').click()]);
    expect(download.suggestedFilename()).toMatch(
      /^figures-requests-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}-konispol\.csv$/,
    );
    await page.getByTestId('export-done').waitFor();
    // A range that ends before it starts is refused in the form, as the API would refuse it.
    await page.getByLabel('From the week of').fill('2026-03-02');
    await page.getByLabel('To the week of').fill('2026-01-05');
    await page.getByTestId('export-submit').click();
    expect(await page.getByTestId('export-range-error').textContent()).toBe(
      'Choose weeks that end after they start: at most 104 weeks.',
    );
  });

  it('says it in Albanian, at 1280 and 390 px; on a phone the town and service choices are read whole', async () => {
    const page = await operatorPage('sq-AL');
    await page.goto(webUrl(`/operator?week=${weekStartOf(new Date())}`));
    await page.getByTestId('operator-headlines').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Shifrat e tregut');
    expect(await page.getByTestId('week-hours').textContent()).toMatch(
      /^Në vazhdim: \d+ nga 168 orët e saj deri tani$/,
    );
    expect(await page.getByTestId('headline-requests').textContent()).toContain('Kërkesa të postuara');
    expect(await page.getByTestId('headline-revenue').textContent()).toContain('Të ardhurat');
    // Albanian writes thousands with a point and cents after a comma (the symbol's place is the browser's ICU data).
    // The cards are drawn while the figures load ("Pa shifër"): the value is read once they have come.
    await expect
      .poll(() => page.getByTestId('headline-value-revenue').textContent())
      .toMatch(/^(€\s[\d.]+(,\d\d)?|[\d.]+(,\d\d)?\s€)$/);
    await shots(page, 'operator-sq');

    // On a phone each choice takes the whole width: its chosen words are not cut.
    await page.setViewportSize(MOBILE);
    for (const id of ['scope-town', 'scope-service']) {
      const select = page.getByTestId(id);
      const cut = await select.evaluate((el: HTMLSelectElement) => {
        const probe = document.createElement('span');
        probe.style.cssText = `position:absolute;visibility:hidden;white-space:nowrap;font:${getComputedStyle(el).font}`;
        probe.textContent = el.options[el.selectedIndex].text;
        document.body.append(probe);
        const needed = probe.getBoundingClientRect().width;
        probe.remove();
        // Room for the text beside the select's arrow and padding.
        return needed + 48 > el.getBoundingClientRect().width;
      });
      expect(cut, id).toBe(false);
    }
    await page.setViewportSize(DESKTOP);

    await page.getByRole('tab', { name: 'Qytetet dhe shërbimet' }).click();
    await expect
      .poll(() => page.getByTestId(`cell-${EMPTY_TOWN}-bathroom`).getAttribute('title'))
      .toMatch(/^Konispol, Banjo: 0 nga 1 kërkesa morën përgjigje/);
    await shots(page, 'operator-grid-sq');
    await page.getByRole('tab', { name: 'Në 12 javë' }).click();
    await page.getByTestId('chart-adRuns').waitFor();
    // The figure names say it in Albanian (fushata të sponsorizuara), not "Sponsored".
    expect(await page.getByTestId('chart-adRuns').locator('h3').textContent()).toBe(
      'Fushata të sponsorizuara të shitura',
    );
    await shots(page, 'operator-charts-sq');
  });
});
