/**
 * Registers the service worker (web/src/sw.ts, built by vite-plugin-pwa) in a production build (the development
 * server serves none), in the entry: its few lines are in `npm run size`. Once a worker is active, the page hands it
 * the build files it fetched itself, so that they open offline too. A new version installs in the
 * background and waits; the banner (web/src/pwa/PwaBanners.tsx) offers to reload, which tells the waiting
 * worker to take over (`SKIP_WAITING`) and reloads the page once it controls it.
 */
import { updateFound } from './app';
import { KEEP_ASSETS_MESSAGE } from './offline';

/** The build's files this page has fetched so far (Vite's hashed chunks and stylesheets). */
const fetchedAssets = () =>
  performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((url) => new URL(url).origin === location.origin && new URL(url).pathname.startsWith('/assets/'));

/** Where the build puts the service worker (vite-plugin-pwa's `filename`, compiled to JavaScript). */
const SERVICE_WORKER = '/sw.js';

export function startPwa(): void {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  const waiting = (worker: ServiceWorker) =>
    updateFound(async () => {
      navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
      worker.postMessage({ type: 'SKIP_WAITING' });
    });
  window.addEventListener('load', () => {
    navigator.serviceWorker
      .register(SERVICE_WORKER, { scope: '/' })
      .then((registration) => {
        // A version already waiting (installed while no tab could take it).
        if (registration.waiting && navigator.serviceWorker.controller) waiting(registration.waiting);
        registration.addEventListener('updatefound', () => {
          const worker = registration.installing;
          worker?.addEventListener('statechange', () => {
            // Installed while a version controls the page: a new one, waiting. (The first version takes over at once.)
            if (worker.state === 'installed' && navigator.serviceWorker.controller) waiting(worker);
          });
        });
        // What this page fetched before a worker controlled it is kept too (the worker keeps what it fetches itself).
        void navigator.serviceWorker.ready.then((ready) =>
          ready.active?.postMessage({ type: KEEP_ASSETS_MESSAGE, urls: fetchedAssets() }),
        );
        // A tab left open for days still learns of a new version: checked every hour.
        setInterval(() => void registration.update().catch(() => undefined), 60 * 60_000);
      })
      .catch((err: unknown) => console.warn('The service worker could not be registered', err));
  });
}
