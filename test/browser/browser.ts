/**
 * Chromium driven by playwright-core (found by scripts/lib/chromium.ts: CHROMIUM_PATH, a Playwright
 * install, the one from npm, or a system browser; started once for all browser files), whose every context
 * is watched (./pageWatch.ts: a test fails on a console error or a failed request it did not provoke on
 * purpose), plus small helpers the browser tests share:
 * screenshots at desktop and mobile widths into test-results/screenshots/, and reading the
 * confirmation codes the local user pool "emails".
 */
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { watchBrowser } from './pageWatch';

export const stack = () => inject('stack');
export const webUrl = (p = '/') => `${stack().webUrl}${p}`;
/** The folder of the production build the stack serves (test/support/globalSetup.ts), for tests that serve it themselves. */
export const webBuild = () => inject('webBuild');

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 390, height: 844 };

/**
 * The test file's connection to the Chromium every browser file shares (started by test/support/globalSetup.ts):
 * its contexts are the file's own, and closing it closes them. Watched, and its contexts start without the service
 * worker unless a test allows it (`serviceWorkers: 'allow'`): the build registers one on every page, and its
 * precache (a few hundred KB per new context) is not what these tests look at; the installable app's own tests
 * (./pwa.test.ts) keep it.
 */
export const launch = async (): Promise<Browser> =>
  watchBrowser(withoutServiceWorkers(await chromium.connect(inject('browserEndpoint'), { timeout: 60_000 })));

function withoutServiceWorkers(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  // browser.newPage opens its context through browser.newContext.
  browser.newContext = (options) => newContext({ serviceWorkers: 'block', ...options });
  return browser;
}

const shotsDir = path.resolve('test-results/screenshots');

export async function screenshot(page: Page, name: string) {
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

export async function latestCode(email: string, timeoutMs = 10_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const text = await readFile(stack().codesFile, 'utf8').catch(() => '');
    const codes = text
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l))
      .filter((d) => d.email === email);
    if (codes.length) return codes[codes.length - 1].code;
    if (Date.now() > until) throw new Error(`No confirmation code for ${email}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Opens the sign-in screen and waits until the app has taken it over: its document is drawn before any script runs
 * (common/prerender.ts), and a form sent before that is the browser's, not the app's.
 */
export async function openLogin(page: Page, url = webUrl('/login')) {
  await page.goto(url);
  await page.waitForFunction(() =>
    Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')),
  );
}

export async function logIn(page: Page, email: string, password: string) {
  await openLogin(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
}
