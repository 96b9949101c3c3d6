/**
 * The installable app on the production build (install, offline start, Web Push), at 390 px: the build is served at its own address
 * by the server of `WEB=build npm start` (bin/local/webBuild.ts; a service worker needs a real server), with the
 * API proxied under /api (so the page and the API share the origin) and the stage's /config.json. The service worker
 * installs; a dashboard seen once opens offline with the kept list and the "offline, showing what you saw
 * at HH:MM" notice; a push delivered to the service worker through the DevTools protocol shows a
 * notification whose click opens the offer; signing out deletes the kept answers.
 *
 * The notification itself: the headless Chromium the tests run denies the notification permission (whatever
 * the context grants) and offers no way to click one, so the test records the service worker's
 * showNotification calls (title, body, tag, data) and then dispatches a 'notificationclick' event carrying
 * that notification's data inside the service worker; its handler takes the open window to the
 * notification's page (the same code a real click runs).
 */
import { request as httpRequest, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { freePort } from '../../bin/local/emulators';
import { startWebBuildServer } from '../../bin/local/webBuild';
import type { RuntimeConfig } from '../../common/types';
import { launchChromium } from '../../scripts/lib/chromium';
import { MOBILE, screenshot, stack, webBuild, webUrl } from './browser';
import { createOffer, createPost, newBusiness, newClient, tag, type Business, type Client } from './people';

describe('the installable app (production build)', () => {
  let browser: Browser;
  let server: Server;
  let origin = '';
  let outDir = '';
  let client: Client;
  let business: Business;
  let postId = '';
  let offerId = '';
  const title = `Raft druri ${tag()}`;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    // The build the stack serves (test/support/globalSetup.ts), at an address of its own.
    outDir = webBuild();
    const config = (await (await fetch(webUrl('/config.json'))).json()) as RuntimeConfig;
    const api = new URL(stack().apiUrl);
    const port = await freePort();
    // localhost: a secure context, as service workers and push need.
    origin = `http://localhost:${port}`;
    // The build answered as `WEB=build npm start` answers it, with the API under /api of the same origin.
    server = await startWebBuildServer({
      dist: outDir,
      port,
      runtimeConfig: { ...config, apiUrl: `${origin}/api` },
      before: (req, res) => {
        const url = new URL(req.url ?? '/', 'http://x');
        if (!url.pathname.startsWith('/api/')) return false;
        // The gateway answers as it does for the app.
        const proxied = httpRequest(
          {
            host: api.hostname,
            port: api.port,
            method: req.method,
            path: `${url.pathname.slice(4)}${url.search}`,
            headers: { ...req.headers, host: api.host },
          },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        proxied.on('error', () => res.destroy());
        req.pipe(proxied);
        return true;
      },
    });
    [browser, client, business] = await Promise.all([
      launchChromium(),
      newClient({ username: 'Elira Hoxha' }),
      newBusiness({ businessName: `Zdrukthëtari ${tag()}`, location: 'Tirana' }),
    ]);
    postId = await createPost(client, { title, location: 'Tirana', budget: 400, categories: ['Furniture'] });
    offerId = await createOffer(business, postId, 380, 'Mund ta bëjmë këtë javë.');
  }, 300_000);

  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
    await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  });

  async function signedInAt390(language: 'sq' | 'en'): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport: MOBILE, locale: language === 'en' ? 'en-GB' : 'sq-AL' });
    contexts.push(context);
    await context.grantPermissions(['notifications'], { origin });
    const page = await context.newPage();
    await page.addInitScript((l) => localStorage.setItem('language', l), language);
    await page.goto(`${origin}/login`);
    await page.locator('input[type="email"]').fill(client.email);
    await page.locator('input[type="password"]').first().fill(client.password);
    await page.locator('form button[type="submit"]').first().click();
    await page.waitForURL(/\/client-dashboard$/, { timeout: 30_000 });
    await page.getByText(title).first().waitFor({ timeout: 30_000 });
    return { context, page };
  }

  const keptCaches = (page: Page) =>
    page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('api-answers-')));

  it('installs the service worker, opens the dashboard offline with the kept list, shows a push that opens the offer, and forgets the answers at sign-out', async () => {
    const { context, page } = await signedInAt390('sq');

    // The manifest: Albanian names, the icons and the start address.
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(manifestHref).toBe('/manifest.sq.webmanifest');
    const manifest = (await (await fetch(`${origin}${manifestHref}`)).json()) as Record<string, any>;
    expect(manifest).toMatchObject({ lang: 'sq', short_name: 'Interio', start_url: '/app?source=pwa' });
    expect(manifest.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);

    // The service worker is installed, active and controls the page.
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${origin}/`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 15_000 });
    // Seen once under its control: the answers are kept for this account.
    await page.reload();
    await page.getByText(title).first().waitFor();
    await expect.poll(() => keptCaches(page), { timeout: 10_000 }).toEqual([`api-answers-${client.sub}`]);
    expect(await page.getByTestId('offline-notice').count()).toBe(0);
    // The picture of the manifest's screenshot (web/public/screenshots/dashboard-390.png is a copy of it).
    await screenshot(page, 'pwa-dashboard-sq-390');

    // Offline: the page, its code and the list come from the service worker, with the notice.
    await context.setOffline(true);
    await page.reload();
    await page.getByText(title).first().waitFor({ timeout: 20_000 });
    const notice = page.getByTestId('offline-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toMatch(/^Jeni pa internet: po shihni atë që patë në orën \d{2}:\d{2}\.$/);
    await screenshot(page, 'pwa-offline-dashboard-sq-390');
    await context.setOffline(false);

    // A push delivered to the service worker (DevTools protocol) asks for the notification (see the file comment).
    const [worker] = context.serviceWorkers();
    expect(worker).toBeDefined();
    await worker.evaluate(() => {
      const sw = self as unknown as ServiceWorkerGlobalScope & { shown: unknown[] };
      sw.shown = [];
      const show = ServiceWorkerRegistration.prototype.showNotification;
      ServiceWorkerRegistration.prototype.showNotification = function (title, options) {
        sw.shown.push({ title, ...options });
        return show.call(this, title, options).catch(() => undefined);
      };
    });
    const cdp = await context.newCDPSession(page);
    const registrationId = await new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const r = registrations.find((x: { scopeURL: string }) => x.scopeURL === `${origin}/`);
        if (r) resolve(r.registrationId as string);
      });
      void cdp.send('ServiceWorker.enable');
    });
    const payload = {
      id: `push-${offerId}`,
      kind: 'newOffer',
      title: `Ofertë e re për „${title}”`,
      body: 'Zdrukthëtari ju dërgoi një ofertë prej 380 €.',
      url: `${origin}/post/view/${postId}`,
      lang: 'sq',
    };
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify(payload) });
    const shown = () => worker.evaluate(() => (self as unknown as { shown: unknown[] }).shown);
    await expect.poll(shown, { timeout: 15_000 }).toHaveLength(1);
    expect((await shown())[0]).toEqual({
      title: payload.title,
      body: payload.body,
      tag: payload.id,
      lang: 'sq',
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
      data: { url: payload.url },
    });

    // Its click (see the file comment) takes the open window to the offer.
    await worker.evaluate((url) => {
      const click = new ExtendableEvent('notificationclick');
      Object.defineProperty(click, 'notification', { value: { data: { url }, close: () => undefined } });
      self.dispatchEvent(click);
    }, payload.url);
    await page.waitForURL(`${origin}/post/view/${postId}`, { timeout: 15_000 });
    await page.getByText(title).first().waitFor();

    // Signing out forgets every kept answer.
    expect(await keptCaches(page)).toEqual([`api-answers-${client.sub}`]);
    await page.getByTestId('nav-menu').click();
    await page.getByTestId('sidebar').locator('button.btn-block').click();
    await page.waitForURL('**/login');
    await expect.poll(() => keptCaches(page), { timeout: 10_000 }).toEqual([]);
  }, 180_000);

  it('Settings > Notifications offers push on this device (English, 390 px), the permission asked only on the click', async () => {
    const { page } = await signedInAt390('en');
    await page.goto(`${origin}/settings/${client.userId}/notifications`);
    const device = page.getByTestId('push-device');
    await device.waitFor({ timeout: 20_000 });
    expect(await device.getByRole('button').textContent()).toBe('Turn on push on this device');
    await screenshot(page, 'pwa-settings-push-en-390');
    // The offline dashboard in English too.
    await page.goto(`${origin}/client-dashboard`);
    await page.getByText(title).first().waitFor();
  }, 120_000);
});
