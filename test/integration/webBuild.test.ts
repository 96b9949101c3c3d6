/**
 * `WEB=build npm start`: the web app's production build answered as the CDN answers it, by the server the stack
 * starts on the web port (bin/local/webBuild.ts), here over the test stack's API, user pool and database. The
 * build is made once into a temporary folder (as `npm run build:web`). What a browser installing the app
 * fetches: index.html and the service worker (never kept without revalidation), the manifest and its icons, the
 * stack's /config.json; a public page comes from the site handler (server-rendered), an app route is index.html,
 * the sign-in screen its document rendered at build time in the visitor's language.
 * Text is sent compressed as CloudFront sends it (brotli when accepted, else gzip; small files as they are).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { get, type Server } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../bin/local/emulators';
import { buildWeb, startWebBuildServer } from '../../bin/local/webBuild';
import { APP_PATHS } from '../../common/appRoutes';
import type { RuntimeConfig } from '../../common/types';
import { stack } from '../support/api';
import { useStackEnvironment } from '../support/notifications';

describe('the production build on the local stack (WEB=build npm start)', () => {
  let outDir = '';
  let server: Server | undefined;
  let origin = '';
  let runtimeConfig: RuntimeConfig;
  let indexHtml = '';

  beforeAll(async () => {
    const s = stack();
    outDir = mkdtempSync(path.join(os.tmpdir(), 'marketplace-web-build-served-'));
    await buildWeb(outDir, { sourcemap: false });
    indexHtml = readFileSync(path.join(outDir, 'index.html'), 'utf8');
    const port = await freePort();
    origin = `http://localhost:${port}`;
    // The site handler runs in this process, pointed at the test stack as npm start points it.
    useStackEnvironment();
    process.env.SITE_URL = origin;
    runtimeConfig = {
      stage: 'local',
      apiUrl: s.apiUrl,
      region: s.region,
      userPoolId: s.userPoolId,
      userPoolClientId: s.userPoolClientId,
      userPoolEndpoint: s.authEndpoint,
      authFlow: 'USER_PASSWORD_AUTH',
      cdnBaseUrl: s.mediaBaseUrl,
      firebase: {
        apiKey: 'local-api-key',
        projectId: s.firebase.projectId,
        databaseURL: s.firebase.databaseURL,
        emulator: { host: s.firebase.host, port: s.firebase.port },
      },
      payments: { provider: 'local', chargeCurrency: 'EUR', localProviderUrl: 'http://127.0.0.1:1095' },
    };
    server = await startWebBuildServer({ dist: outDir, port, runtimeConfig });
  }, 300_000);

  afterAll(async () => {
    await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });

  it('answers index.html with no-cache, pointing at hashed assets that may be kept for a year', async () => {
    const res = await fetch(`${origin}/index.html`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toBe(indexHtml);

    const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(indexHtml)?.[1];
    expect(script, 'index.html loads a hashed script').toBeDefined();
    const asset = await fetch(`${origin}${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('answers the service worker at the root as JavaScript with no-cache, its scope the whole site', async () => {
    const res = await fetch(`${origin}/sw.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const body = await res.text();
    // The build's precache list is in it: the app shell is what the installed app opens offline.
    expect(body).toContain('index.html');
    expect(body.length).toBeGreaterThan(1000);
  });

  it('answers the manifest index.html links, and its icons', async () => {
    const href = /<link[^>]+rel="manifest"[^>]+href="([^"]+)"/.exec(indexHtml)?.[1];
    expect(href, 'index.html links a manifest').toBeDefined();
    const res = await fetch(new URL(href!, `${origin}/`));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/manifest+json');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const manifest = (await res.json()) as { name: string; start_url: string; icons: { src: string }[] };
    expect(manifest.name).toBeTruthy();
    expect(manifest.start_url).toBeTruthy();
    expect(manifest.icons.length).toBeGreaterThan(0);
    const icon = await fetch(new URL(manifest.icons[0].src, res.url));
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toMatch(/^image\//);
  });

  it("answers /config.json with the stack's settings, never kept", async () => {
    const res = await fetch(`${origin}/config.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual(runtimeConfig);
  });

  it('answers a public page from the site handler: server-rendered, not the app shell', async () => {
    const res = await fetch(`${origin}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    // The site handler's caching for the CDN and its noindex outside production.
    expect(res.headers.get('cache-control')).toContain('s-maxage=');
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    const html = await res.text();
    expect(html).not.toBe(indexHtml);
    expect(html).toMatch(/<html lang="sq"/);
    expect(html).toMatch(/<h1[^>]*>[^<]+/);
    expect(html).toContain(`<link rel="canonical" href="${origin}/"`);
  });

  it('answers an app route and a path that names no file with index.html (no-cache), and an unknown file with 404', async () => {
    for (const route of [APP_PATHS.clientDashboard, APP_PATHS.chatList, '/post/view/some-request', '/no-such-page']) {
      const res = await fetch(`${origin}${route}`);
      expect(res.status, route).toBe(200);
      expect(res.headers.get('content-type'), route).toBe('text/html; charset=utf-8');
      expect(res.headers.get('cache-control'), route).toBe('no-cache');
      expect(await res.text(), route).toBe(indexHtml);
    }
    const missing = await fetch(`${origin}/assets/missing-file.js`);
    expect(missing.status).toBe(404);
    const outside = await fetch(`${origin}/..%2F..%2Fetc%2Fpasswd`);
    expect(outside.status).toBe(404);
  });

  it("answers the sign-in screen with its document rendered at build time, in the language the visitor's app will choose", async () => {
    const login = async (headers: Record<string, string>) => {
      const res = await fetch(`${origin}${APP_PATHS.login}`, { headers });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const html = await res.text();
      return {
        lang: /<html lang="([a-z]+)">/.exec(html)?.[1],
        screen: /<div id="root" data-prerendered="([^"]+)" data-prerendered-language="([a-z]+)">/.exec(html)?.slice(1),
        h1: /<h1>([^<]+)<\/h1>/.exec(html)?.[1],
        inlineCss: /<style>:root\{/.test(html),
        stylesheetLinks: (html.match(/<link rel="stylesheet"/g) ?? []).length,
      };
    };
    // No stored choice: the browser's languages (the first one the product speaks), else Albanian.
    expect(await login({})).toEqual({
      lang: 'sq',
      screen: ['/login', 'sq'],
      h1: 'Hyni',
      inlineCss: true,
      stylesheetLinks: 0,
    });
    expect(await login({ 'accept-language': 'en-GB,en;q=0.9' })).toMatchObject({ lang: 'en', h1: 'Log in' });
    expect(await login({ 'accept-language': 'de-DE,de;q=0.9,sq;q=0.8,en;q=0.7' })).toMatchObject({ lang: 'sq' });
    // The stored choice (the app keeps it as a cookie too) comes first.
    expect(await login({ 'accept-language': 'sq-AL', cookie: 'a=1; language=en' })).toMatchObject({
      lang: 'en',
      screen: ['/login', 'en'],
    });
    expect((await login({ 'accept-language': 'en', cookie: 'language=sq' })).lang).toBe('sq');
    // The documents are the build's, with the app's entry: the app takes the screen over.
    const entry = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(indexHtml)![1];
    expect(readFileSync(path.join(outDir, 'login.en.html'), 'utf8')).toContain(entry);
  });

  /** The raw answer (fetch would decompress it): its status, headers and bytes as sent. */
  const raw = (pathname: string, acceptEncoding?: string) =>
    new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
      (resolve, reject) => {
        get(`${origin}${pathname}`, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        }).on('error', reject);
      },
    );

  it('sends text compressed as the CDN does: brotli when accepted, else gzip, else as it is', async () => {
    const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(indexHtml)![1];
    const plain = readFileSync(path.join(outDir, script));
    const br = await raw(script, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(br.body).equals(plain)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.length / 2);
    const gzip = await raw(script, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(plain)).toBe(true);
    const none = await raw(script);
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body.equals(plain)).toBe(true);
    expect((await raw(script, 'br;q=0, gzip')).headers['content-encoding']).toBe('gzip');

    // A public page and an app route too; a picture is sent as it is.
    const page = await raw('/', 'br');
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.body).toString()).toMatch(/^<!DOCTYPE html><html lang="sq"/);
    const app = await raw(APP_PATHS.clientDashboard, 'gzip');
    expect(app.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(app.body).toString()).toBe(indexHtml);
    const icon = await raw('/icons/icon-192.png', 'br');
    expect(icon.headers['content-encoding']).toBeUndefined();
  });
});
