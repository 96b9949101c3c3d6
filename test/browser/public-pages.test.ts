/**
 * The public pages in a browser, over the seeded demo businesses, as the test stack's web server serves them
 * (it routes the public paths to the site handler, as the CDN and the dev server of `npm start` do). With JavaScript off: the profile and the
 * directory show their content and their links lead on (service chip, business card, language switch). With
 * JavaScript on: the call to action reaches the app, the Share button copies the link where the browser has no
 * share sheet, and a signed-in visitor of the landing goes to their dashboard. The demo data's price guide shows on
 * the furniture x Tirana page in both languages. The landing says the spec's slogan, tagline and first-platform
 * statement and has About us; its services carousel shows 3 cards at 1280 px (fewer at 390), wraps around both ways
 * with its buttons, and without JavaScript is a row that scrolls sideways with every card in it. Screenshots at
 * 1280 and 390 px in both languages (test-results/screenshots/public-*), failing when the phone layout scrolls
 * sideways.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_BUSINESSES, DEMO_CLIENT } from '../../common/demoData';
import { PUBLIC_SERVICE_IDS } from '../../common/publicPages';
import { DESKTOP, MOBILE, launch, logIn, screenshot, webUrl } from './browser';
import { shots } from './people';

const studio = DEMO_BUSINESSES[0];

/** The landing's words from the spec, as each language says them (the app's catalogue). */
const LANDING = {
  sq: {
    path: '/',
    slogan: 'Zbukuroni shtëpinë me ne',
    tagline: 'Ngrini ambientin tuaj, pjesë pas pjese.',
    first: 'Platforma e parë online kushtuar dizajnit të interierit në Shqipëri.',
    about: 'Rreth nesh',
    next: 'Shërbimet e tjera',
    previous: 'Shërbimet e mëparshme',
  },
  en: {
    path: '/en/',
    slogan: 'Decorate your home with us',
    tagline: 'Elevate your environment, one piece at a time.',
    first: 'The first online platform dedicated to interior design in Albania.',
    about: 'About us',
    next: 'Next services',
    previous: 'Previous services',
  },
} as const;

/** The names of the services carousel's cards that show whole inside its row. */
const wholeCards = (page: Page) =>
  page.evaluate(() => {
    const track = document.getElementById('services-track')!;
    const box = track.getBoundingClientRect();
    return [...track.children]
      .filter((card) => {
        const r = card.getBoundingClientRect();
        return r.left >= box.left - 1 && r.right <= box.right + 1;
      })
      .map((card) => card.querySelector('h3')!.textContent!.trim());
  });
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

  it("the landing says the spec's words and its services carousel shows 3 at a time and wraps both ways, in both languages at 1280 and 390 px", async () => {
    const page = await (await context(true)).newPage();
    for (const [lang, words] of Object.entries(LANDING)) {
      for (const viewport of [DESKTOP, MOBILE]) {
        await page.setViewportSize(viewport);
        await page.goto(webUrl(words.path));
        expect(await page.locator('h1').innerText()).toBe(words.slogan);
        const main = await page.locator('main').innerText();
        for (const text of [words.tagline, words.first]) expect(main, `${lang} ${viewport.width}`).toContain(text);
        await page.getByRole('heading', { level: 2, name: words.about }).waitFor();

        const cards = page.locator('#services-track > li');
        expect(await cards.count()).toBe(PUBLIC_SERVICE_IDS.length);
        const names = await cards.locator('h3').allInnerTexts();
        const next = page.getByRole('button', { name: words.next });
        const previous = page.getByRole('button', { name: words.previous });
        await next.waitFor();
        const shown = () => wholeCards(page);
        if (viewport === DESKTOP) {
          await expect.poll(shown).toEqual(names.slice(0, 3));
          await screenshot(page, `public-landing-carousel-${lang}-1280`);
          await next.click();
          await expect.poll(shown).toEqual(names.slice(3, 6));
          await next.click();
          await expect.poll(shown).toEqual(names.slice(6, 9));
          // Next from the last view goes back to the first; previous from the first goes to the last.
          await next.click();
          await expect.poll(shown).toEqual(names.slice(0, 3));
          await previous.click();
          await expect.poll(shown).toEqual(names.slice(6, 9));
          await previous.click();
          await expect.poll(shown).toEqual(names.slice(3, 6));
        } else {
          // A phone shows one card whole (and the edge of the next), and wraps the same way.
          await expect.poll(shown).toEqual(names.slice(0, 1));
          await screenshot(page, `public-landing-carousel-${lang}-390`);
          await next.click();
          await expect.poll(shown).toEqual(names.slice(1, 2));
          await previous.click();
          await expect.poll(shown).toEqual(names.slice(0, 1));
          await previous.click();
          await expect.poll(shown).toEqual(names.slice(-1));
          await next.click();
          await expect.poll(shown).toEqual(names.slice(0, 1));
        }
        // Each card leads to its service's page.
        await cards.first().locator('a').click();
        await page.waitForURL(lang === 'sq' ? /\/sherbime\/[\w-]+$/ : /\/en\/services\/[\w-]+$/);
      }
    }
  });

  it('with JavaScript off, the landing’s services are a row that scrolls sideways, every card in it, no buttons', async () => {
    const page = await (await context(false)).newPage();
    await page.goto(webUrl('/en/'));
    const track = page.locator('#services-track');
    expect(await track.locator('li a').count()).toBe(PUBLIC_SERVICE_IDS.length);
    const { scrolls, buttons } = await track.evaluate((row) => ({
      scrolls: row.scrollWidth > row.clientWidth && getComputedStyle(row).overflowX === 'auto',
      buttons: [...document.querySelectorAll('.carousel-btn')].map((b) => getComputedStyle(b).visibility),
    }));
    expect(scrolls).toBe(true);
    // Without the script they would do nothing, so they are not shown (nor read out, nor in the tab order).
    expect(buttons).toEqual(['hidden', 'hidden']);
    await track.evaluate((row) => row.scrollTo({ left: row.scrollWidth }));
    await expect.poll(() => wholeCards(page)).toContain('Bathroom');
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
