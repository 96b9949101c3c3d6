/**
 * The production build, as it is deployed (minified, the catalogues compiled), at the app's own address: the build
 * every browser test uses (test/support/globalSetup.ts), whose app routes and files this test answers from its folder as
 * `WEB=build npm start` answers them (bin/local/webBuild.ts: an app route gets index.html, the sign-in screen its
 * document rendered at build time in the visitor's language, as CloudFront answers); /config.json and the public
 * pages come from the running stack. The sign-in screen is taken over by the app without being drawn again, in
 * both languages; a client and a business walk their main screens in both languages through the real API, and
 * nothing fails in the console.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { buildFileHeaders, buildFileOf } from '../../bin/local/webBuild';
import { launchChromium } from '../../scripts/lib/chromium';
import { DESKTOP, MOBILE, logIn, webBuild, webUrl } from './browser';
import { createPost, newBusiness, newClient, tag, type Business, type Client } from './people';

describe('the production build', () => {
  let browser: Browser;
  let client: Client;
  let business: Business;
  let postId: string;
  let outDir: string;
  const businessName = `Mobilieri ${tag()}`;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    // The build the stack serves, built as `npm run build:web` builds it (test/support/globalSetup.ts).
    outDir = webBuild();
    [browser, client, business] = await Promise.all([
      // A page this test answers itself has no network address, so Chromium's local network access rules
      // would count it as public and refuse its calls to the API on the loopback address; the deployed app
      // and the development server are real servers and need no such setting.
      launchChromium({
        args: ['--disable-features=LocalNetworkAccessChecks,BlockInsecurePrivateNetworkRequests'],
      }),
      newClient({ username: 'Arta Lika' }),
      newBusiness({ businessName, location: 'Durrës' }),
    ]);
    postId = await createPost(client, {
      title: `Dining table ${tag()}`,
      location: 'Durrës',
      budget: 700,
      categories: ['Furniture'],
    });
  }, 300_000);
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
  });

  /** A page whose app comes from the build; its console errors and uncaught exceptions, as lines. */
  async function builtPage(
    viewport = DESKTOP,
    locale?: string,
  ): Promise<{ page: Page; errors: string[]; warnings: string[] }> {
    const context = await browser.newContext({ viewport, locale });
    contexts.push(context);
    const origin = new URL(webUrl()).origin;
    await context.route(`${origin}/**`, async (route) => {
      const { pathname } = new URL(route.request().url());
      if (pathname === '/config.json') return route.continue();
      // The app's routes and the build's files as `WEB=build npm start` answers them (bin/local/webBuild.ts); the
      // rest (the public pages) from the dev server's site handler, as the CDN sends them to the site Lambda.
      const headers = await route.request().allHeaders();
      const file = buildFileOf(outDir, pathname, {
        cookie: headers.cookie,
        acceptLanguage: headers['accept-language'],
      });
      if (!file) return route.continue();
      return route.fulfill({ path: file, headers: buildFileHeaders(outDir, file) });
    });
    const page = await context.newPage();
    const errors: string[] = [];
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`console.error: ${m.text()}`);
      if (m.type() === 'warning') warnings.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    return { page, errors, warnings };
  }

  it('is what the browser runs: minified code, no development server', async () => {
    const { page } = await builtPage();
    await page.goto(webUrl('/login'));
    await page.getByTestId('login-mode-login').waitFor();
    const scripts = await page.evaluate(() => [...document.scripts].map((s) => s.src).filter(Boolean));
    expect(scripts.some((src) => /\/assets\/index-[\w-]+\.js$/.test(src))).toBe(true);
    expect(scripts.some((src) => src.includes('/@vite/client'))).toBe(false);
  });

  it("sends the sign-in screen rendered in the visitor's language, and the app takes it over as it is", async () => {
    for (const [locale, language, heading] of [
      ['sq-AL', 'sq', 'Hyni'],
      ['en-US', 'en', 'Log in'],
    ] as const) {
      const { page, errors, warnings } = await builtPage(MOBILE, locale);
      await page.goto(webUrl('/login'));
      // Drawn by the server before any script ran: the heading is there and is kept by the app.
      const drawn = await page.evaluateHandle(() => document.querySelector('main h1'));
      expect(await drawn.evaluate((h) => h?.textContent)).toBe(heading);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
      // Taken over (React's root is on the container), the form answers: the mode switch is the app's state.
      await page.waitForFunction(() =>
        Object.keys(document.getElementById('root')!).some((k) => k.startsWith('__reactContainer')),
      );
      await page.locator('.auth-switch button').click();
      await page.getByTestId('login-mode-register').waitFor();
      await page.locator('.auth-switch button').click();
      await page.getByTestId('login-mode-login').waitFor();
      expect(await drawn.evaluate((h) => h?.isConnected), locale).toBe(true);
      // Hydrated without a mismatch: React would have drawn the screen again and said so (main.tsx).
      expect(
        warnings.filter((w) => /prerendered screen|hydrat/i.test(w)),
        locale,
      ).toEqual([]);
      expect(errors, locale).toEqual([]);
    }
  });

  it('a client signs in and walks their screens, in English and in Albanian', async () => {
    const { page, errors } = await builtPage();
    await logIn(page, client.email, client.password);
    await page.waitForURL(/\/client-dashboard$/, { timeout: 20_000 });
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');

    await page.goto(webUrl('/available-posts'));
    await page.getByTestId('available-posts-page').waitFor();
    await page.goto(webUrl(`/post/view/${postId}`));
    await expect.poll(() => page.locator('h1').first().textContent()).toContain('Dining table');
    await page.goto(webUrl('/post/create'));
    await page.getByTestId('add-post-page').waitFor();
    await page.getByRole('button', { name: 'Furniture' }).waitFor();
    await page.goto(webUrl(`/clientprofile/${client.userId}`));
    await expect.poll(() => page.getByTestId('profile-name').textContent()).toBe('Arta Lika');
    await page.goto(webUrl(`/settings/${client.userId}/notifications`));
    await page.getByRole('checkbox', { name: 'New offers on my requests' }).first().waitFor();

    await page.getByTestId('language-sq').click();
    // The choice is stored once the Albanian catalogue has arrived: leaving before that would keep English.
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('sq');
    await page.goto(webUrl('/post/create'));
    await page.getByRole('heading', { name: 'Shto një kërkesë' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('sq');
    expect(errors).toEqual([]);
  });

  it('a business on a phone finds the request and opens its page, profile and plans', async () => {
    const { page, errors } = await builtPage(MOBILE);
    await logIn(page, business.email, business.password);
    await page.waitForURL(/\/business-dashboard$/, { timeout: 20_000 });

    await page.goto(webUrl(`/post/${postId}`));
    await expect.poll(() => page.locator('h1').first().textContent()).toContain('Dining table');
    await page.goto(webUrl(`/businessprofile/${business.businessId}`));
    await expect.poll(() => page.getByTestId('profile-name').textContent()).toBe(businessName);
    await page.goto(webUrl('/subscriptions'));
    await page.locator('main h1').first().waitFor();
    expect(errors).toEqual([]);
  });
});
