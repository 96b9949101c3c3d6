import { deleteKeptAnswers } from '../pwa/offline';

/**
 * Forgets every cached API answer (at sign-out) without downloading the data layer: the data layer's query
 * client registers here when it is created (app/DataPages.tsx; a test's client in testing/render.tsx).
 */
export interface CachedAnswers {
  clear(): void;
}

const caches = new Set<CachedAnswers>();

/** Adds a cache to forget at sign-out; returns what removes it again. */
export function registerCachedAnswers(cache: CachedAnswers): () => void {
  caches.add(cache);
  return () => {
    caches.delete(cache);
  };
}

export function clearCachedAnswers(): void {
  caches.forEach((cache) => cache.clear());
  // And the answers the service worker kept for offline use (web/src/sw.ts).
  void deleteKeptAnswers().catch(() => undefined);
}
