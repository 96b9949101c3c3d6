/**
 * Registers the service worker (web/src/sw.ts) in a production build (the development server serves none):
 * imported by the entry only, since the module is made by vite-plugin-pwa at build time. A new version
 * waits until the user reloads to it (web/src/pwa/PwaBanners.tsx).
 */
import { registerSW } from 'virtual:pwa-register';
import { updateFound } from './app';

export function startPwa(): void {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  const apply = registerSW({
    onNeedRefresh() {
      updateFound(apply);
    },
    onRegisteredSW(_url, registration) {
      // A tab left open for days still learns of a new version: checked every hour.
      if (registration) setInterval(() => void registration.update().catch(() => undefined), 60 * 60_000);
    },
  });
}
