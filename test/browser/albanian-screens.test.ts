/**
 * Every screen in Albanian (browser locale sq-AL, the app's default language) on a phone, 390 px wide, for a
 * signed-out visitor, a client and a business: Albanian words are longer than English ones, so nothing may
 * stick out of the window sideways and no text may be cut (its box narrower than its text, clipped or
 * spilling over; deliberate ellipsis or line clamps, which show "…", and text for screen readers only are
 * allowed), and nothing is logged to the console as an error (the lean Chromium of the tests has no Albanian
 * locale data, which the app must cope with quietly). A full-page screenshot
 * of each screen is saved as test-results/screenshots/sq-390-<screen>.png to look at.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launch, MOBILE, openLogin, screenshot, webUrl } from './browser';
import {
  createOffer,
  createPost,
  horizontalOverflow,
  newBusiness,
  newClient,
  tag,
  type Business,
  type Client,
} from './people';

/** Elements whose own text is wider than their box (cut off or spilling over), as short descriptions. */
function cutTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const ownText = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== '');
      // 0-1 px boxes are text for screen readers only (.visually-hidden), never meant to be seen
      if (!ownText || el.clientWidth <= 1) continue;
      const style = getComputedStyle(el);
      if (style.display === 'inline' || style.visibility === 'hidden') continue;
      if (style.textOverflow === 'ellipsis' || style.webkitLineClamp !== 'none') continue;
      if (el.scrollWidth > el.clientWidth + 1) {
        found.push(
          `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ').join('.')}` : ''} "${el.textContent!.trim().slice(0, 40)}" (${el.scrollWidth} > ${el.clientWidth} px)`,
        );
      }
    }
    return found.slice(0, 8);
  });
}

interface Finding {
  screen: string;
  what: string;
}

/** Console errors and uncaught exceptions of each page, as lines. */
const consoleErrors = new WeakMap<Page, string[]>();

async function walk(page: Page, screens: [name: string, url: string][], findings: Finding[]) {
  const errors = consoleErrors.get(page) ?? [];
  for (const [name, url] of screens) {
    await page.goto(webUrl(url));
    await page.locator('main').first().waitFor();
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => document.fonts.ready);
    await screenshot(page, `sq-390-${name}`);
    expect(await page.evaluate(() => document.documentElement.lang), name).toBe('sq');
    for (const what of await horizontalOverflow(page))
      findings.push({ screen: name, what: `wider than the window: ${what}` });
    for (const what of await cutTexts(page)) findings.push({ screen: name, what: `text cut: ${what}` });
    for (const what of errors.splice(0)) findings.push({ screen: name, what });
  }
}

describe('every screen in Albanian at 390 px wide', () => {
  let browser: Browser;
  let client: Client;
  let business: Business;
  let postId: string;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [browser, client, business] = await Promise.all([
      launch(),
      newClient({ username: 'Ermira Dervishi' }),
      newBusiness({ businessName: `Mobileri Ermal ${tag()}`, location: 'Durrës' }),
    ]);
    postId = await createPost(client, {
      title: `Rikonstruksion i plotë i kuzhinës dhe i dhomës së ndenjes ${tag()}`,
      location: 'Fushë-Krujë',
      budget: 4800,
      categories: ['Interior Design', 'Furniture', 'Flooring'],
      content:
        'Kuzhinë e re me dollapë deri në tavan, parket laminat në sallon dhe ndriçim i integruar në tavan me dural.',
    });
    await createOffer(
      business,
      postId,
      4650,
      'Mund të fillojmë javën që vjen; oferta përfshin materialet, transportin dhe montimin.',
    );
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
  });

  /** A phone-sized Albanian browser, signed in through the login screen (found by its fields, not its words). */
  async function phone(who?: { email: string; password: string }): Promise<Page> {
    const context = await browser.newContext({ viewport: MOBILE, locale: 'sq-AL' });
    contexts.push(context);
    const page = await context.newPage();
    const errors: string[] = [];
    consoleErrors.set(page, errors);
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`console.error: ${m.text().split('\n')[0]}`);
    });
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    if (who) {
      await openLogin(page);
      const form = page.getByTestId('login-mode-login');
      await form.locator('input[type=email]').fill(who.email);
      await form.locator('input[type=password]').fill(who.password);
      await form.locator('button[type=submit]').click();
      await page.waitForURL(/\/(client|business)-dashboard$/, { timeout: 20_000 });
    }
    return page;
  }

  it('signed out: landing, login, not found', async () => {
    const findings: Finding[] = [];
    await walk(
      await phone(),
      [
        ['landing', '/'],
        ['login', '/login'],
        ['not-found', '/no-such-page'],
      ],
      findings,
    );
    expect(findings).toEqual([]);
  });

  it("a client's screens", async () => {
    const findings: Finding[] = [];
    await walk(
      await phone(client),
      [
        ['client-dashboard', '/client-dashboard'],
        ['add-post', '/post/create'],
        ['available-posts', '/available-posts'],
        ['sponsored', '/sponsoredPosts'],
        ['filtered-posts', '/filtered-posts?locations=Tirana'],
        ['client-profile', `/clientprofile/${client.userId}`],
        ['post-view', `/post/view/${postId}`],
        ['business-profile-as-client', `/businessprofile/${business.businessId}`],
        ['settings-client-profile', `/settings/${client.userId}/client-profile`],
        ['settings-change-password', `/settings/${client.userId}/change-password`],
        ['settings-help', `/settings/${client.userId}/help-support`],
        ['chat-client', `/chat/${client.userId}`],
        ['unauthorized', '/unauthorized'],
      ],
      findings,
    );
    expect(findings).toEqual([]);
  });

  it("a business's screens", async () => {
    const findings: Finding[] = [];
    await walk(
      await phone(business),
      [
        ['business-dashboard', '/business-dashboard'],
        ['post-detail', `/post/${postId}`],
        ['business-profile', `/businessprofile/${business.businessId}`],
        ['business-profile-ads', `/businessprofile/${business.businessId}?tab=ads`],
        ['business-profile-offers', `/businessprofile/${business.businessId}?tab=offers`],
        ['create-ad', '/create-ad'],
        ['subscriptions', '/subscriptions'],
        ['settings-business-profile', `/settings/${business.businessId}/business-profile`],
        ['settings-transactions', `/settings/${business.businessId}/transactions`],
        ['settings-verification', `/settings/${business.businessId}/verification`],
        ['chat-business', `/chat/${business.businessId}`],
        ['client-profile-as-business', `/clientprofile/${client.userId}`],
      ],
      findings,
    );
    expect(findings).toEqual([]);
  });
});
