/**
 * The installable app in the page (loaded with the entry: its cost is in `npm run size`): says when a new
 * version of the service worker (web/src/sw.ts) waits ("a new version is ready: reload"),
 * keeps the browser's install prompt for the right moment (after the user's first request or offer, not
 * on a first visit), and points the page at the manifest of the language shown.
 */
type Listener = () => void;
const listeners = new Set<Listener>();
const notify = () => listeners.forEach((l) => l());

/** Subscribes to any change of what the banners show (update waiting, install possible). */
export function onPwaChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

let updateWaiting = false;
let applyUpdate: (() => Promise<void>) | undefined;

export const isUpdateWaiting = () => updateWaiting;
/** Lets the waiting version take over, then reloads the page on it. */
export const reloadToUpdate = () => void applyUpdate?.();

/** The service worker registration (web/src/pwa/register.ts) says a new version waits; `apply` lets it take over. */
export function updateFound(apply: () => Promise<void>): void {
  applyUpdate = apply;
  updateWaiting = true;
  notify();
}

// ---- Install ----

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** Set once the user has made a request or an offer: from then on the install prompt may show. */
const ENGAGED_KEY = 'interio.engaged';
/** Set when the user said "Not now" (or installed): the prompt does not come back. */
const DISMISSED_KEY = 'interio.install-dismissed';

let deferred: InstallPromptEvent | undefined;

const stored = (key: string) => {
  try {
    return localStorage.getItem(key) === '1';
  } catch {
    return false;
  }
};
const store = (key: string) => {
  try {
    localStorage.setItem(key, '1');
  } catch {
    /* private mode: the prompt simply shows again later */
  }
};

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (e) => {
    // The browser's own mini bar is kept back: the app asks at a better moment.
    e.preventDefault();
    deferred = e as InstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    deferred = undefined;
    store(DISMISSED_KEY);
    notify();
  });
}

const standalone = () =>
  typeof window !== 'undefined' &&
  (window.matchMedia?.('(display-mode: standalone)').matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true);

/** iPhone and iPad Safari: no install prompt; the help page tells how to add the app to the home screen. */
export const isIos = () =>
  typeof navigator !== 'undefined' &&
  (/iPhone|iPad|iPod/.test(navigator.userAgent) ||
    (navigator.userAgent.includes('Macintosh') && navigator.maxTouchPoints > 1));

/** A first request or offer was made: the install prompt may show from now on. */
export function markEngaged(): void {
  if (stored(ENGAGED_KEY)) return;
  store(ENGAGED_KEY);
  notify();
}

/** What the install banner offers now: the browser's prompt, the iPhone help, or nothing. */
export function installOffer(): 'prompt' | 'ios' | undefined {
  if (!stored(ENGAGED_KEY) || stored(DISMISSED_KEY) || standalone()) return undefined;
  if (deferred) return 'prompt';
  return isIos() ? 'ios' : undefined;
}

export async function install(): Promise<void> {
  const e = deferred;
  if (!e) return;
  deferred = undefined;
  await e.prompt();
  await e.userChoice.catch(() => undefined);
  store(DISMISSED_KEY);
  notify();
}

export function dismissInstall(): void {
  store(DISMISSED_KEY);
  notify();
}

/** The manifest in the language shown (its name and description), swapped with the language. */
export function setManifestLanguage(language: string): void {
  const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  if (link) link.href = `/manifest.${language === 'en' ? 'en' : 'sq'}.webmanifest`;
}
