/**
 * Every screen, for a client, a business and a signed-out visitor, at 1280 and 390 px wide: axe finds
 * no serious or critical violation, the page has one <main>, nothing is logged to the console as
 * an error (no console.error, no uncaught exception) and the layout does not shift as the page's code and
 * data arrive (cumulative layout shift, measured as browsers report it, under CLS_BUDGET; each figure printed).
 */
import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, MOBILE, launch, logIn, webUrl } from './browser';
import { createOffer, createPost, newBusiness, newClient, tag, type Business, type Client } from './people';

/** Core Web Vitals' "good" cumulative layout shift. */
const CLS_BUDGET = 0.1;

/**
 * Records the page's layout shifts from its first paint, as the Web Vitals define CLS: shifts not caused by
 * input, grouped in session windows (gaps under 1 s, at most 5 s long); the largest window is the CLS.
 */
function recordLayoutShifts() {
  const state = { cls: 0, window: 0, first: 0, last: 0 };
  (window as unknown as { __layoutShift: typeof state }).__layoutShift = state;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
      if (entry.hadRecentInput) continue;
      if (state.window && entry.startTime - state.last < 1000 && entry.startTime - state.first < 5000) {
        state.window += entry.value;
      } else {
        state.window = entry.value;
        state.first = entry.startTime;
      }
      state.last = entry.startTime;
      state.cls = Math.max(state.cls, state.window);
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** Each screen's CLS at each width, printed when the walk ends. */
const shifts: { url: string; width: number; cls: number }[] = [];

interface Finding {
  url: string;
  width: number;
  what: string;
}

async function check(page: Page, url: string, findings: Finding[], ready?: (page: Page) => Promise<unknown>) {
  for (const viewport of [DESKTOP, MOBILE]) {
    await page.setViewportSize(viewport);
    await page.goto(webUrl(url));
    await page.locator('main').first().waitFor();
    await page.waitForLoadState('networkidle');
    if (ready) await ready(page);
    const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    for (const v of result.violations.filter((x) => x.impact === 'serious' || x.impact === 'critical')) {
      findings.push({
        url,
        width: viewport.width,
        what: `${v.id} (${v.impact}): ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
      });
    }
    const cls = await page.evaluate(() => (window as unknown as { __layoutShift: { cls: number } }).__layoutShift.cls);
    shifts.push({ url, width: viewport.width, cls });
    if (cls >= CLS_BUDGET)
      findings.push({ url, width: viewport.width, what: `layout shift ${cls.toFixed(3)} (at most ${CLS_BUDGET})` });
    const mains = await page.locator('main').count();
    if (mains !== 1) findings.push({ url, width: viewport.width, what: `${mains} <main> elements` });
  }
}

/** Console errors and uncaught exceptions of a page, as lines. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console.error: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  return errors;
}

describe('accessibility and a clean console on every screen', () => {
  let browser: Browser;
  let client: Client;
  let business: Business;
  let postId: string;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [browser, client, business] = await Promise.all([
      launch(),
      newClient({ username: 'Elira Hoxha' }),
      newBusiness({ businessName: `Studio ${tag()}`, location: 'Tirana' }),
    ]);
    postId = await createPost(client, {
      title: `Living room ${tag()}`,
      location: 'Tirana',
      budget: 900,
      categories: ['Decor'],
    });
    await createOffer(business, postId, 850, 'We can start next week.');
  });
  afterAll(async () => {
    console.log(
      `cumulative layout shift per screen (budget ${CLS_BUDGET})\n` +
        shifts.map((s) => `  ${s.cls.toFixed(3)}  ${String(s.width).padStart(4)} px  ${s.url}`).join('\n'),
    );
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
  });

  async function pageFor(who?: { email: string; password: string }) {
    const context = await browser.newContext({ viewport: DESKTOP });
    await context.addInitScript(recordLayoutShifts);
    contexts.push(context);
    const page = await context.newPage();
    const errors = consoleErrors(page);
    if (who) {
      await logIn(page, who.email, who.password);
      await page.waitForURL(/\/(client|business)-dashboard$/, { timeout: 20_000 });
    }
    return { page, errors };
  }

  it('signed out: landing, login, not found', async () => {
    const { page, errors } = await pageFor();
    const findings: Finding[] = [];
    for (const url of ['/', '/login', '/no-such-page']) await check(page, url, findings);
    expect(findings).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("a client's screens", async () => {
    const { page, errors } = await pageFor(client);
    const findings: Finding[] = [];
    const screens = [
      '/client-dashboard',
      '/post/create',
      '/available-posts',
      '/sponsoredPosts',
      '/filtered-posts?locations=Tirana',
      `/clientprofile/${client.userId}`,
      `/post/view/${postId}`,
      `/businessprofile/${business.businessId}`,
      `/settings/${client.userId}/client-profile`,
      `/settings/${client.userId}/change-password`,
      `/settings/${client.userId}/help-support`,
      '/unauthorized',
    ];
    for (const url of screens) await check(page, url, findings);
    expect(findings).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("a business's screens", async () => {
    const { page, errors } = await pageFor(business);
    const findings: Finding[] = [];
    const screens = [
      '/business-dashboard',
      `/post/${postId}`,
      `/businessprofile/${business.businessId}`,
      `/businessprofile/${business.businessId}?tab=ads`,
      `/businessprofile/${business.businessId}?tab=offers`,
      '/create-ad',
      '/subscriptions',
      `/settings/${business.businessId}/business-profile`,
      `/settings/${business.businessId}/transactions`,
      `/settings/${business.businessId}/verification`,
      `/clientprofile/${client.userId}`,
    ];
    for (const url of screens) await check(page, url, findings);
    expect(findings).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("a moderator's screens (the seeded demo moderator)", async () => {
    const { page, errors } = await pageFor({ email: 'moderator@demo.al', password: 'Moderator#2026' });
    const findings: Finding[] = [];
    for (const url of [
      '/moderation/reports',
      '/moderation/reports?status=hidden',
      '/moderation/verifications',
      '/moderation/stats',
      '/notifications',
    ])
      await check(page, url, findings);
    expect(findings).toEqual([]);
    expect(errors).toEqual([]);
  });
});
