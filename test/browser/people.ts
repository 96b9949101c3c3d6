/**
 * What the flow tests share: fresh users made straight in the local user pool and the API (fast,
 * no sign-up screens: the slice test covers those), posts and offers created through the API, a
 * signed-in browser context per person, and screenshots of one screen at desktop and mobile widths.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { roomPng } from '../../bin/local/demoImages';
import { call, newBusiness, newClient, sessionTokens, stack } from '../support/api';
import { LANGUAGE_STORAGE_KEY } from '../../web/src/i18n/languages';
import { DESKTOP, MOBILE, screenshot, webUrl } from './browser';

export type Client = Awaited<ReturnType<typeof newClient>>;
export type Business = Awaited<ReturnType<typeof newBusiness>>;
export { newBusiness, newClient };

/** A short random tag of letters (search folds case; digits would not be a "word start"). */
export const tag = (n = 6) =>
  Array.from(randomUUID().replace(/-/g, '').slice(0, n), (c) => String.fromCharCode(97 + (parseInt(c, 16) % 26))).join(
    '',
  );

let categoryIds: Map<string, string> | undefined;
/** Category name -> id, as the API lists them. */
export async function categoryId(token: string, name: string): Promise<string> {
  if (!categoryIds) {
    const res = await call<{ _id: string; name: string }[]>('GET', '/category/all', { token });
    categoryIds = new Map(res.body.map((c) => [c.name, c._id]));
  }
  const id = categoryIds.get(name);
  if (!id) throw new Error(`No category ${name}`);
  return id;
}

export interface PostInput {
  title: string;
  location: string;
  budget?: number;
  categories?: string[];
  content?: string;
}

/** A client's post, created through the API; answers the post's id. */
export async function createPost(client: Client, input: PostInput): Promise<string> {
  const category = await Promise.all((input.categories ?? []).map((n) => categoryId(client.token, n)));
  const res = await call('POST', '/post', {
    token: client.token,
    body: {
      userId: client.userId,
      title: input.title,
      location: input.location,
      budget: input.budget,
      category,
      content: input.content ?? `${input.title}: details follow.`,
    },
  });
  if (res.status !== 201) throw new Error(`POST /post answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body._id as string;
}

/** A business's offer on a post, created through the API; answers the offer's id. */
export async function createOffer(business: Business, postId: string, price: number, message: string): Promise<string> {
  const res = await call('POST', '/offer', {
    token: business.token,
    body: { postId, businessId: business.businessId, price, message },
  });
  if (res.status >= 300) throw new Error(`POST /offer answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body._id as string;
}

/**
 * A browser context signed in as `who`, on its dashboard: the tokens of a password sign-in are stored where the
 * web app's Amplify keeps them (`CognitoIdentityServiceProvider.<client id>.<user>.<token>` in localStorage), and
 * the login screen, opened signed in, sends the user to their dashboard. A second or so less than typing into the
 * login screen each time; the screen itself is walked by the session, slice, accessibility and operator tests.
 */
export async function signedIn(
  browser: Browser,
  who: { email: string; password: string },
  /** The app's language (the browser's locale and the stored choice); the account's own when not given. */
  language?: 'sq' | 'en',
): Promise<{ context: BrowserContext; page: Page }> {
  const { idToken, accessToken, refreshToken } = await sessionTokens(who.email, who.password);
  const username = String(JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString()).username);
  const prefix = `CognitoIdentityServiceProvider.${stack().userPoolClientId}`;
  const localStorage = [
    { name: `${prefix}.LastAuthUser`, value: username },
    { name: `${prefix}.${username}.idToken`, value: idToken },
    { name: `${prefix}.${username}.accessToken`, value: accessToken },
    { name: `${prefix}.${username}.refreshToken`, value: refreshToken },
    { name: `${prefix}.${username}.clockDrift`, value: '0' },
    ...(language ? [{ name: LANGUAGE_STORAGE_KEY, value: language }] : []),
  ];
  const context = await browser.newContext({
    viewport: DESKTOP,
    ...(language ? { locale: language === 'sq' ? 'sq-AL' : 'en-US' } : {}),
    storageState: { cookies: [], origins: [{ origin: new URL(webUrl()).origin, localStorage }] },
  });
  const page = await context.newPage();
  await page.goto(webUrl('/login'));
  await page.waitForURL(/\/(client|business)-dashboard$/, { timeout: 20_000 });
  return { context, page };
}

/** Elements sticking out of the window on the right (a phone would scroll sideways). */
export function horizontalOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    return [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 1 && el.getBoundingClientRect().width > 0)
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
  });
}

const nextFrame = (page: Page) =>
  page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(null)))));

/**
 * `name`-desktop.png and `name`-mobile.png of the current screen, from the top of the page (a sticky
 * navbar would otherwise be drawn mid-page); fails when the mobile layout scrolls sideways. Leaves
 * the page at desktop width.
 */
export async function shots(page: Page, name: string) {
  await page.setViewportSize(DESKTOP);
  await page.evaluate(() => window.scrollTo(0, 0));
  await nextFrame(page);
  await screenshot(page, `${name}-desktop`);
  await page.setViewportSize(MOBILE);
  await page.evaluate(() => window.scrollTo(0, 0));
  await nextFrame(page);
  await screenshot(page, `${name}-mobile`);
  const overflow = await horizontalOverflow(page);
  await page.setViewportSize(DESKTOP);
  if (overflow.length) throw new Error(`${name}: the mobile layout is wider than the window: ${overflow.join(', ')}`);
}

/** A PNG picture file on disk (for file inputs), 640 x 420 unless told. */
export function pictureFile(name: string, variant = 1, size?: { width: number; height: number }): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'flows-'));
  const file = path.join(dir, name);
  writeFileSync(file, roomPng(variant, size?.width, size?.height));
  return file;
}

/**
 * Opens the client's dashboard and views it again until its Sponsored strip shows what `shows` looks for; returns the
 * strip. Its places rotate fairly among the runs that reach the client (lambdas/domain/adStrip.ts): a run is in some
 * strips, or leads some, not every one, and a new page view is a new strip.
 */
export async function viewStripUntil(page: Page, shows: (strip: Locator) => Promise<boolean>): Promise<Locator> {
  await page.goto(webUrl('/client-dashboard'));
  const strip = page.getByTestId('sponsored-section');
  await expect
    .poll(
      async () => {
        await strip.getByTestId('ad-card').first().waitFor({ timeout: 15_000 });
        if (await shows(strip)) return true;
        await page.reload();
        return false;
      },
      // A strip shows 4 of the tier's businesses, rotating: with the runs every browser file buys in one stack,
      // the business may need a dozen views to come round, each a page load on a busy machine.
      { timeout: 60_000, message: 'no view of the Sponsored strip showed it' },
    )
    .toBe(true);
  return strip;
}
