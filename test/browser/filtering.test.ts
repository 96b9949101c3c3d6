/**
 * A business looks for work: the dashboard's Filters panel (Service Type / Location / Budget) ->
 * Apply Filters -> /filtered-posts?... lists only the matching posts, 15 per page, and its pagination
 * really pages (the original showed the buttons but never sliced the list); nothing matching says so;
 * the available-posts page shows 6 per page with working Next and numbered buttons.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { DESKTOP, MOBILE, launch, screenshot, webUrl } from './browser';
import { categoryId, createPost, newBusiness, newClient, shots, signedIn, tag, type Client } from './people';
import { DEMO_POSTS } from '../../common/demoData';

const TOWN = 'Gramsh';
const MATCHING = 17;

const titlesOf = (list: Locator) =>
  list.getByRole('article').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));

async function pick(page: Page, scope: Locator, testId: string, option: string, search?: string) {
  const select = scope.getByTestId(testId);
  await select.getByRole('combobox').click();
  if (search) await select.getByRole('textbox').fill(search);
  await select.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
  await select.getByRole('listbox').waitFor({ state: 'detached' });
}

describe('business filtering and paging', () => {
  let browser: Browser;
  let client: Client;
  let page: Page;
  let paintingId: string;
  const run = tag();
  const matching = Array.from({ length: MATCHING }, (_, i) => `Paint job ${run} ${String(i + 1).padStart(2, '0')}`);
  const others = [`Too dear ${run}`, `Other trade ${run}`, `Other town ${run}`];

  beforeAll(async () => {
    [browser, client] = await Promise.all([launch(), newClient({ username: 'Genti Hysa' })]);
    paintingId = await categoryId(client.token, 'Painting');
    const business = await newBusiness({ businessName: `Ngjyra ${run}`, categories: [paintingId] });
    // Budgets 200..500 (both bounds included by the €200-€500 range), created side by side.
    await Promise.all(
      matching.map((title, i) =>
        createPost(client, {
          title,
          location: TOWN,
          budget: 200 + Math.round((300 * i) / (MATCHING - 1)),
          categories: ['Painting', 'Decor'],
        }),
      ),
    );
    await Promise.all([
      createPost(client, { title: others[0], location: TOWN, budget: 600, categories: ['Painting'] }),
      createPost(client, { title: others[1], location: TOWN, budget: 300, categories: ['Flooring'] }),
      createPost(client, { title: others[2], location: 'Peshkopi', budget: 300, categories: ['Painting'] }),
    ]);
    ({ page } = await signedIn(browser, business));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("Recent Posts suggests posts of the business's own services first", async () => {
    const recent = page.getByTestId('recent-posts');
    await expect.poll(() => recent.getByRole('article').count(), { timeout: 15_000 }).toBe(3);
    for (const card of await recent.getByRole('article').all()) expect(await card.textContent()).toContain('Painting');
  });

  it('the Filters panel opens /filtered-posts with only the matching posts, paged 15 at a time', async () => {
    const panel = page.getByTestId('filter-panel');
    await pick(page, panel, 'filter-categories', 'Painting');
    await pick(page, panel, 'filter-locations', TOWN, 'gram');
    await pick(page, panel, 'filter-budgets', '€200-€500');
    expect(await panel.textContent()).toContain('Painting');
    await shots(page, 'dashboard-filters-chosen');
    await panel.getByRole('button', { name: 'Apply Filters' }).click();

    await page.waitForURL('**/filtered-posts?**');
    const params = new URL(page.url()).searchParams;
    expect(Object.fromEntries(params)).toEqual({
      categories: paintingId,
      locations: TOWN,
      minBudget: '200',
      maxBudget: '500',
    });

    const list = page.getByTestId('filtered-posts');
    await expect.poll(() => list.getByRole('article').count(), { timeout: 15_000 }).toBe(15);
    const pagination = page.getByTestId('pagination');
    await pagination.getByRole('button', { name: 'Page 2' }).waitFor();
    const first = await titlesOf(list);
    for (const card of await list.getByRole('article').all()) expect(await card.textContent()).toContain(TOWN);
    await shots(page, 'filtered-posts-page-1');

    await pagination.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => list.getByRole('article').count()).toBe(MATCHING - 15);
    expect(await pagination.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    expect(await pagination.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    const second = await titlesOf(list);
    // Every matching post exactly once over the two pages; none of the others.
    expect([...first, ...second].sort()).toEqual([...matching].sort());
    await shots(page, 'filtered-posts-page-2');

    // The page is in the URL: a reload (or Back from a post) returns to page 2.
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    await page.reload();
    await expect.poll(() => titlesOf(list), { timeout: 15_000 }).toEqual(second);
    expect(await pagination.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');

    await pagination.getByRole('button', { name: 'Page 1' }).click();
    await expect.poll(() => titlesOf(list)).toEqual(first);
    expect(await pagination.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
  });

  it("the filter bar re-filters; nothing matching says 'No posts found with the selected filters.'", async () => {
    // Re-filter while on page 2: the new list starts at its first page.
    await page.getByTestId('pagination').getByRole('button', { name: 'Page 2' }).click();
    await expect.poll(() => page.getByTestId('filtered-posts').getByRole('article').count()).toBe(MATCHING - 15);
    const bar = page.getByRole('form', { name: 'Filters' });
    // The bar starts from the query string.
    expect(await bar.getByTestId('filter-budgets').textContent()).toContain('€200-€500');
    await bar.getByRole('button', { name: 'Clear Budget' }).click();
    await pick(page, bar, 'filter-budgets', '€500-€1,000');
    await bar.getByRole('button', { name: 'Apply Filters' }).click();
    await page.waitForURL((url) => url.searchParams.get('minBudget') === '500');
    const list = page.getByTestId('filtered-posts');
    // Bounds are inclusive: the 500 post is in both €200-€500 and €500-€1,000.
    await expect.poll(async () => (await titlesOf(list)).sort()).toEqual([matching[MATCHING - 1], others[0]].sort());
    expect(await page.getByTestId('pagination').count()).toBe(0);

    await bar.getByRole('button', { name: 'Clear Budget' }).click();
    await pick(page, bar, 'filter-budgets', '€1-€100');
    await bar.getByRole('button', { name: 'Apply Filters' }).click();
    await page.waitForURL((url) => url.searchParams.get('maxBudget') === '100');
    await expect.poll(() => list.textContent()).toBe('No posts found with the selected filters.');
    await shots(page, 'filtered-posts-none');

    // The top range has no maximum: any service anywhere from 5000 up (the seed's 6000 parquet).
    await bar.getByRole('button', { name: 'Clear Service Type' }).click();
    await bar.getByRole('button', { name: 'Clear Location' }).click();
    await bar.getByRole('button', { name: 'Clear Budget' }).click();
    await pick(page, bar, 'filter-budgets', '€5,000+');
    await bar.getByRole('button', { name: 'Apply Filters' }).click();
    await page.waitForURL((url) => url.search === '?minBudget=5000');
    await list.getByRole('article', { name: DEMO_POSTS.find((p) => p.budget >= 5000)!.title }).waitFor();
    for (const card of await list.getByRole('article').all()) {
      expect(
        Number((await card.locator('.post-card-budget').textContent())!.replace(/[€,]/g, '')),
      ).toBeGreaterThanOrEqual(5000);
    }
  });

  it("the search bar's filter shows 'Filtered Results' in place of Recent Posts and Newest", async () => {
    await page.goto(webUrl('/business-dashboard'));
    await page.getByTestId('newest-posts').waitFor();
    await page.getByTestId('search-filter-toggle').click();
    const inline = page.getByTestId('search-filters');
    await inline.getByRole('button', { name: 'Painting', exact: true }).click();
    expect(await inline.getByRole('button', { name: 'Painting', exact: true }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await inline.getByLabel('Location').selectOption(TOWN);
    await inline.getByLabel('Budget').selectOption('200-500');
    await inline.getByRole('button', { name: 'Apply Filters' }).click();

    const results = page.getByTestId('filtered-results');
    await results.getByRole('heading', { name: 'Filtered Results' }).waitFor();
    await expect.poll(() => results.getByRole('article').count(), { timeout: 10_000 }).toBe(15);
    expect((await titlesOf(results)).every((t) => matching.includes(t))).toBe(true);
    expect(await page.getByTestId('newest-posts').count()).toBe(0);
    expect(await page.getByTestId('recent-posts').count()).toBe(0);
    await shots(page, 'dashboard-filtered-results');

    // Reopened, the filter shows the filters the results are for (and the URL keeps them).
    expect(new URL(page.url()).searchParams.get('locations')).toBe(TOWN);
    await page.getByTestId('search-filter-toggle').click();
    expect(await inline.getByRole('button', { name: 'Painting', exact: true }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(await inline.getByLabel('Location').inputValue()).toBe(TOWN);
    expect(await inline.getByLabel('Budget').inputValue()).toBe('200-500');
    await inline.getByRole('button', { name: 'Painting', exact: true }).click();
    await inline.getByRole('button', { name: 'Bathroom', exact: true }).click();
    await inline.getByRole('button', { name: 'Apply Filters' }).click();
    await expect.poll(() => results.textContent()).toContain('No posts match your filters');

    await results.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByTestId('newest-posts').waitFor();
    await page.getByTestId('recent-posts').waitFor();
  });

  it('on a phone the Filters panel folds open and closed', async () => {
    await page.setViewportSize(MOBILE);
    const panel = page.getByTestId('filter-panel');
    const toggle = panel.getByRole('button', { name: 'Show' });
    await toggle.waitFor();
    expect(await panel.getByRole('button', { name: 'Apply Filters' }).isVisible()).toBe(false);
    await toggle.click();
    await panel.getByRole('button', { name: 'Apply Filters' }).waitFor();
    expect(await panel.getByRole('button', { name: 'Hide' }).getAttribute('aria-expanded')).toBe('true');
    await screenshot(page, 'dashboard-filters-open-mobile');
    await panel.getByRole('button', { name: 'Hide' }).click();
    await panel.getByRole('button', { name: 'Apply Filters' }).waitFor({ state: 'hidden' });
    await page.setViewportSize(DESKTOP);
  });

  it('available posts: 6 per page with working Next and numbered buttons', async () => {
    await page.goto(webUrl('/available-posts'));
    const list = page.getByTestId('available-posts');
    await expect.poll(() => list.getByRole('article').count(), { timeout: 15_000 }).toBe(6);
    const first = await titlesOf(list);
    const pagination = page.getByTestId('pagination');
    await pagination.getByRole('button', { name: 'Next' }).click();
    await expect.poll(async () => (await titlesOf(list)).join()).not.toBe(first.join());
    const second = await titlesOf(list);
    expect(second).toHaveLength(6);
    expect(second.filter((t) => first.includes(t))).toEqual([]);
    await pagination.getByRole('button', { name: 'Page 3' }).waitFor();
    await shots(page, 'available-posts-page-2');
    await pagination.getByRole('button', { name: 'Next' }).click();
    await expect.poll(async () => (await titlesOf(list)).join()).not.toBe(second.join());
    const third = await titlesOf(list);
    expect(third.filter((t) => first.includes(t) || second.includes(t))).toEqual([]);
    await pagination.getByRole('button', { name: 'Page 1' }).click();
    await expect.poll(() => titlesOf(list)).toEqual(first);
  });
});
