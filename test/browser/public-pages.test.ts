/**
 * The public pages in a browser, over the seeded demo businesses, as the dev server of `npm start` serves them
 * (its middleware routes the public paths to the site handler). With JavaScript off: the profile and the
 * directory show their content and their links lead on (service chip, business card, language switch). With
 * JavaScript on: the call to action reaches the app, the Share button copies the link where the browser has no
 * share sheet, and a signed-in visitor of the landing goes to their dashboard. The demo data's price guide shows on
 * the furniture x Tirana page in both languages. Screenshots at 1280 and 390 px in
 * both languages (test-results/screenshots/public-*), failing when the phone layout scrolls sideways.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_BUSINESSES, DEMO_CLIENT } from '../../common/demoData';
import { DESKTOP, launch, logIn, webUrl } from './browser';
import { shots } from './people';

const studio = DEMO_BUSINESSES[0];
const studioPath = '/biznes/studio-ambient';

describe('public pages in a browser', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const context = async (javaScriptEnabled: boolean) => {
    const c = await browser.newContext({ viewport: DESKTOP, javaScriptEnabled });
    contexts.push(c);
    return c;
  };

  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
  });

  it('with JavaScript off, a profile and the directory are readable and their links work, in both languages', async () => {
    const page = await (await context(false)).newPage();
    const res = await page.goto(webUrl(studioPath));
    expect(res?.status()).toBe(200);
    expect(await page.locator('h1').innerText()).toBe(studio.businessName);
    const body = await page.locator('main').innerText();
    expect(body).toContain(studio.description.slice(0, 40));
    expect(body).toContain('Elira H.');
    expect(body).toContain('Përgjigje nga Studio Ambient');
    // Portfolio pictures: processed widths, loaded from the media server.
    const pictures = page.locator('.gallery img');
    expect(await pictures.count()).toBe(studio.portfolioPictures);
    expect(await pictures.first().getAttribute('srcset')).toMatch(/320\.webp 320w/);

    // A service of the profile leads to its town's directory, which lists the business.
    await page.locator('.chips a', { hasText: 'Mobilieri' }).first().click();
    await page.waitForURL(/\/sherbime\/mobilieri\/tirana$/);
    expect(await page.locator('h1').innerText()).toBe('Mobilieri në Tirana');
    const cards = page.locator('.biz-card h2 a');
    expect(await cards.allInnerTexts()).toContain(DEMO_BUSINESSES[1].businessName);

    // The language switch is a plain link to the same page in English.
    await page.getByRole('link', { name: 'Read in English' }).click();
    await page.waitForURL(/\/en\/services\/furniture\/tirana$/);
    expect(await page.locator('h1').innerText()).toBe('Furniture in Tirana');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');

    await page.locator('.biz-card h2 a', { hasText: DEMO_BUSINESSES[1].businessName }).click();
    await page.waitForURL(/\/en\/business\/mobileri-druri-i-arte$/);
    expect(await page.locator('h1').innerText()).toBe(DEMO_BUSINESSES[1].businessName);
    expect(await page.locator('main').innerText()).toContain('Reviews');

    await page.goto(webUrl('/'));
    expect(await page.locator('h1').innerText()).toContain('Zbukuroni shtëpinë');
    const missing = await page.goto(webUrl('/en/business/nobody-here'));
    expect(missing?.status()).toBe(404);
    expect(await page.locator('h1').innerText()).toBe('This page does not exist');
  });

  it('the service x town page shows the demo data’s price guide, in both languages, with JavaScript off', async () => {
    const page = await (await context(false)).newPage();
    for (const [path, median, empty] of [
      ['/sherbime/mobilieri/tirana', 'Çmimi mesatar (mediana)', 'Ende nuk ka mjaft oferta'],
      ['/en/services/furniture/tirana', 'Median price', 'Not enough accepted offers'],
    ] as const) {
      await page.goto(webUrl(path));
      const guide = page.locator('#price-guide');
      const text = (await guide.textContent())!.replace(/\s+/g, ' ');
      expect(text, path).toContain(median);
      // The pair's own figure (5 or more accepted offers from 3 or more businesses in Tirana), in euros.
      expect(text, path).toMatch(path.startsWith('/en') ? /In Tirana.*€[\d,]+/ : /Në Tirana.*\d[\d.]* €/);
      expect(text, path).not.toContain(empty);
      expect(await guide.locator('.guide-bar-half').count()).toBe(1);
    }
  });

  it('looks finished at 1280 and 390 px in both languages, pictures loaded, nothing wider than a phone', async () => {
    const page = await (await context(true)).newPage();
    for (const [name, path] of [
      ['public-landing-sq', '/'],
      ['public-landing-en', '/en/'],
      ['public-profile-sq', studioPath],
      ['public-profile-en', '/en/business/studio-ambient'],
      ['public-directory-sq', '/sherbime/mobilieri/tirana'],
      ['public-directory-en', '/en/services/furniture/tirana'],
      ['public-service-sq', '/sherbime/mobilieri'],
      ['public-service-en', '/en/services/furniture'],
      ['public-not-found-en', '/en/business/nobody-here'],
    ] as const) {
      await page.goto(webUrl(path));
      if (path.includes('studio-ambient')) {
        const picture = page.locator('.gallery img').first();
        await picture.scrollIntoViewIfNeeded();
        await expect
          .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
          .toBeGreaterThan(0);
      }
      await shots(page, name);
    }
  });

  it('with JavaScript on, the call to action reaches the app and Share copies the link', async () => {
    const c = await context(true);
    await c.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(webUrl('/')).origin });
    const page = await c.newPage();
    await page.goto(webUrl(studioPath));
    const hasShareSheet = await page.evaluate(() => typeof navigator.share === 'function');
    if (hasShareSheet) {
      expect(await page.getByRole('button', { name: 'Shpërndaje', exact: true }).isVisible()).toBe(true);
    } else {
      await page.getByRole('button', { name: 'Kopjo lidhjen' }).click();
      await page.getByRole('button', { name: 'Lidhja u kopjua' }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/biznes\/studio-ambient$/);
    }
    await page.getByRole('link', { name: `Kërko ofertë nga ${studio.businessName}` }).click();
    // Signed out: the app asks to sign in first (and returns to the request form after).
    await page.waitForURL(/\/login/);
    await page.getByTestId('login-mode-login').waitFor();
  });

  it('a signed-in visitor of the landing page goes on to their dashboard', async () => {
    const page = await (await context(true)).newPage();
    await logIn(page, DEMO_CLIENT.email, DEMO_CLIENT.password);
    await page.waitForURL(/\/client-dashboard$/, { timeout: 20_000 });
    await page.goto(webUrl('/'));
    await page.waitForURL(/\/client-dashboard$/, { timeout: 20_000 });
  });
});
