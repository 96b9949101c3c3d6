/**
 * Sessions: a wrong password or an unknown address reads "Incorrect email or password" (in Albanian too)
 * against the local user pool; signing out in one tab signs out the others; a session the API refuses
 * (even after a refresh) sends the user to /login, and logging in again returns to the page they were on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DESKTOP, launch, logIn, openLogin, webUrl } from './browser';
import { newClient, signedIn, type Client } from './people';

describe('sessions', () => {
  let browser: Browser;
  let client: Client;

  beforeAll(async () => {
    [browser, client] = await Promise.all([launch(), newClient({ username: 'Besa Kola' })]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a wrong password or an unknown address reads as such, in English and in Albanian', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await logIn(page, 'client@demo.al', 'Wrong#Pass1');
    const modal = page.getByTestId('error-modal');
    await expect.poll(() => modal.textContent(), { timeout: 15_000 }).toContain('Incorrect email or password.');
    expect(await modal.textContent()).not.toContain('at least 8 characters');
    await context.close();

    const sq = await browser.newContext({ viewport: DESKTOP, locale: 'sq-AL' });
    const albanian = await sq.newPage();
    for (const [email, password] of [
      ['client@demo.al', 'Wrong#Pass1'],
      [`nobody-${Date.now()}@demo.al`, 'Client#2026'],
    ]) {
      await openLogin(albanian);
      await albanian.getByLabel('Email-i').fill(email);
      await albanian.getByLabel('Fjalëkalimi', { exact: true }).fill(password);
      await albanian.getByRole('button', { name: 'Vazhdo' }).click();
      const sqModal = albanian.getByTestId('error-modal');
      await expect
        .poll(() => sqModal.textContent(), { timeout: 15_000 })
        .toContain('Email-i ose fjalëkalimi është i pasaktë.');
      expect(new URL(albanian.url()).pathname).toBe('/login');
    }
    await sq.close();
  });

  it('logging out in one tab logs out the other tab', async () => {
    const { context, page: first } = await signedIn(browser, client);
    const second = await context.newPage();
    await second.setViewportSize(DESKTOP);
    await second.goto(webUrl('/available-posts'));
    await second.getByTestId('available-posts-page').waitFor();

    await first.getByTestId('nav-menu').click();
    await first.getByTestId('sidebar').getByRole('button', { name: 'Log out' }).click();
    await first.waitForURL('**/login');

    await second.waitForURL('**/login', { timeout: 10_000 });
    await context.close();
  });

  /** Breaks the stored ID token's signature (the API refuses it) and, if asked, the refresh token. */
  const spoil = (refreshToo: boolean) => {
    for (const key of Object.keys(localStorage)) {
      const value = localStorage.getItem(key) ?? '';
      if (key.endsWith('.idToken'))
        localStorage.setItem(key, value.slice(0, -6) + (value.endsWith('AAAAAA') ? 'BBBBBB' : 'AAAAAA'));
      if (refreshToo && key.endsWith('.refreshToken')) localStorage.setItem(key, 'revoked');
    }
  };

  it('a refused token is refreshed once and the page loads', async () => {
    const { context, page } = await signedIn(browser, client);
    await page.evaluate(spoil, false);
    await page.goto(webUrl(`/clientprofile/${client.userId}`));
    await expect.poll(() => page.getByTestId('profile-name').textContent(), { timeout: 15_000 }).toBe('Besa Kola');
    expect(new URL(page.url()).pathname).toBe(`/clientprofile/${client.userId}`);
    await context.close();
  });

  it('a session the API refuses even after a refresh goes to /login, and logging in returns to the page', async () => {
    const { context, page } = await signedIn(browser, client);
    await page.evaluate(spoil, true);
    await page.goto(webUrl('/available-posts?page=1'));
    await page.waitForURL('**/login', { timeout: 15_000 });

    await page.getByLabel('Email').fill(client.email);
    await page.getByLabel('Password', { exact: true }).fill(client.password);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/available-posts?page=1', { timeout: 20_000 });
    expect(new URL(page.url()).pathname).toBe('/available-posts');
    await context.close();
  });
});
