/// <reference lib="webworker" />
/**
 * The service worker (built by vite-plugin-pwa, injectManifest): the app shell and the routes a signed-in user opens
 * first precached (web/routeChunks.ts), every other chunk of the build kept as it is fetched (hashed names: kept
 * copies never go stale), including those the page fetched before the worker took it over (the page lists them:
 * web/src/pwa/register.ts); pages of the app open offline (the network first, the cached shell when it fails); the
 * signed-in user's GET answers of the API kept per account and served, marked with when they were
 * fetched, only when the network fails; Web Push messages shown as notifications whose click opens their
 * page. A new version waits until the page asks it to take over ("a new version is ready: reload").
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { ANSWER_CACHE_PREFIX, CACHED_AT_HEADER, KEEP_ASSETS_MESSAGE, accountOfBearer } from './pwa/offline';
import type { PushPayload } from '../../common/push';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

// `/` is the server-rendered landing page, not the app's shell: no directory index.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();

self.addEventListener('message', (event) => {
  const data = event.data as { type?: string; urls?: unknown } | null;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (data?.type === KEEP_ASSETS_MESSAGE) event.waitUntil(keepAssets(data.urls));
});

/** Same-origin paths that are not the app: the public pages keep their own server answer when online. */
const APP_CONFIG = '/config.json';

/** Vite's content-hashed files (web/vite.config.ts): a name never changes content, so a kept copy is always right. */
const ASSETS_PREFIX = '/assets/';
const ASSETS_CACHE = 'app-assets';
/** Chunks of older versions are left behind by new ones: the oldest go beyond this many. */
const MAX_KEPT_ASSETS = 150;

const isAsset = (url: URL) => url.origin === self.location.origin && url.pathname.startsWith(ASSETS_PREFIX);

async function trimAssets(cache: Cache): Promise<void> {
  const keys = await cache.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - MAX_KEPT_ASSETS))) await cache.delete(old);
}

/** A chunk or stylesheet not precached: the kept copy, else the network (and kept from then on). */
async function asset(request: Request): Promise<Response> {
  const cache = await caches.open(ASSETS_CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const fresh = await fetch(request);
  if (fresh.ok) {
    await cache.put(request, fresh.clone());
    await trimAssets(cache);
  }
  return fresh;
}

/** Keeps the files the page fetched before this worker controlled it (from the browser's HTTP cache, not the network). */
async function keepAssets(urls: unknown): Promise<void> {
  if (!Array.isArray(urls)) return;
  const cache = await caches.open(ASSETS_CACHE);
  for (const url of urls) {
    if (typeof url !== 'string' || !isAsset(new URL(url, self.location.origin))) continue;
    if ((await matchPrecache(url)) || (await cache.match(url))) continue;
    const fetched = await fetch(url).catch(() => undefined);
    if (fetched?.ok) await cache.put(url, fetched);
  }
  await trimAssets(cache);
}

async function navigation(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch {
    return (await matchPrecache('/index.html')) ?? Response.error();
  }
}

/** The runtime settings: the network first, the last seen copy offline (the app cannot start without them). */
async function config(request: Request): Promise<Response> {
  const cache = await caches.open('app-config');
  try {
    const fresh = await fetch(request);
    if (fresh.ok) await cache.put(APP_CONFIG, fresh.clone());
    return fresh;
  } catch {
    return (await cache.match(APP_CONFIG)) ?? Response.error();
  }
}

/** A signed-in GET of the API: the network first; its answer kept for this account; the kept one when offline. */
async function answer(request: Request, account: string): Promise<Response> {
  const cache = await caches.open(`${ANSWER_CACHE_PREFIX}${account}`);
  try {
    const fresh = await fetch(request);
    if (fresh.ok) {
      const headers = new Headers(fresh.headers);
      headers.set(CACHED_AT_HEADER, new Date().toISOString());
      const body = await fresh.clone().arrayBuffer();
      await cache.put(request.url, new Response(body, { status: fresh.status, headers }));
    }
    return fresh;
  } catch (err) {
    const kept = await cache.match(request.url);
    if (kept) return kept;
    throw err;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  // The API (on its own origin, or under this one): a signed-in call names its account in its bearer token.
  const account = accountOfBearer(request.headers.get('authorization'));
  if (account) return event.respondWith(answer(request, account));
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') event.respondWith(navigation(request));
  else if (url.pathname === APP_CONFIG) event.respondWith(config(request));
  else if (isAsset(url)) event.respondWith(asset(request));
});

// The first version takes the open pages at once (they have no other); a later one waits for "reload".
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('push', (event) => {
  let payload: PushPayload;
  try {
    payload = event.data?.json() as PushPayload;
  } catch {
    return;
  }
  if (!payload?.title) return;
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      tag: payload.id,
      lang: payload.lang,
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
      data: { url: payload.url },
    }),
  );
});

/** The page a notification opens: an address of this app only. */
const pageOf = (data: unknown): string => {
  const raw = (data as { url?: unknown } | null)?.url;
  try {
    const url = new URL(typeof raw === 'string' ? raw : '/', self.location.origin);
    return url.origin === self.location.origin ? url.href : self.location.origin;
  } catch {
    return self.location.origin;
  }
};

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = pageOf(event.notification.data);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        await open.navigate(url);
        await open.focus().catch(() => undefined);
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
