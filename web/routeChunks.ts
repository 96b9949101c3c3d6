/**
 * Which files of the build each route of the app needs: the routes and their lazily loaded pages are read from
 * web/src/app/router.tsx, the chunks each page imports statically from the build's chunk graph. Read by the service
 * worker's precache list (precacheOnly in web/vite.config.ts: the shell and the routes a signed-in user opens first)
 * and by `npm run size` (scripts/web-sizes.ts).
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_PATHS } from '../common/appRoutes';
import { LANGUAGES } from '../common/languages';

/**
 * The routes a signed-in user opens first, precached by the service worker beside the shell: the two dashboards,
 * a request (the client's view and the business's) and the chat. Every other route's files are kept by the worker
 * as they are visited (web/src/sw.ts).
 */
export const PRECACHED_ROUTES: readonly string[] = [
  APP_PATHS.clientDashboard,
  APP_PATHS.businessDashboard,
  APP_PATHS.postView,
  APP_PATHS.postDetail,
  APP_PATHS.chatRoom,
];

/** What every page but those with their own header loads after the entry (the data layer, the navbar). */
export const DATA_PAGES = 'src/app/DataPages.tsx';

/**
 * The sign-in library (Amplify), which the app loads to sign in or out, and to refresh a signed-in visitor's tokens
 * near their end (web/src/auth/currentSession.ts).
 */
export const SESSION = 'src/auth/session.ts';

/**
 * Where the catalogue's areas are (relative to web/): the app's own, and those the server's pages and emails say too,
 * which web/ and lambdas/ both import (web/src/i18n/catalogs.ts reads both).
 */
export const CATALOGUE_FOLDERS = ['src/i18n/catalog', '../common/i18n/catalog'] as const;
const webRoot = path.dirname(fileURLToPath(import.meta.url));

/** Every area of the catalogue (the area files of the English one, in both folders). */
export const catalogueAreaNames = (): string[] =>
  CATALOGUE_FOLDERS.flatMap((folder) =>
    readdirSync(path.join(webRoot, folder, 'en'))
      .filter((file) => file.endsWith('.ts') && file !== 'index.ts')
      .map((file) => file.slice(0, -3)),
  );

/**
 * The texts of the languages (web/src/i18n/catalogs.ts), one module per area and language (relative to web/, as the
 * build's manifest names it): the shell's areas, which every page waits for, and the areas each page names
 * (lazyWithTexts in the router).
 */
export function catalogueArea(language: string, area: string): string {
  const folder = CATALOGUE_FOLDERS.find((f) => existsSync(path.join(webRoot, f, language, `${area}.ts`)));
  if (!folder) throw new Error(`No area ${area} in ${language} under ${CATALOGUE_FOLDERS.join(' or ')}`);
  return `${folder}/${language}/${area}.ts`;
}

/** SHELL_AREAS of web/src/i18n/catalogs.ts. */
export function shellAreasOf(cataloguesSource: string): string[] {
  const list = /SHELL_AREAS = \[([^\]]*)\]/.exec(cataloguesSource);
  if (!list) throw new Error('SHELL_AREAS not found in web/src/i18n/catalogs.ts');
  return [...list[1].matchAll(/'(\w+)'/g)].map((m) => m[1]);
}

export interface RoutePage {
  path: string;
  /** The page module (relative to web/). */
  page: string;
  /** The areas of texts it downloads beyond the shell's (its lazyWithTexts). */
  areas: string[];
}

/**
 * Route path -> page module (relative to web/) and its areas, from
 * `const X = lazyWithTexts(() => import('...'), ['area', ...])` and `path: '...', element: ... <X />`.
 */
export function routesOf(routerSource: string): RoutePage[] {
  const pages = new Map<string, { page: string; areas: string[] }>();
  for (const m of routerSource.matchAll(
    /const (\w+) = lazyWithTexts\(\s*\(\) => import\('([^']+)'\),\s*\[([^\]]*)\],?\s*\)/g,
  )) {
    const areas = [...m[3].matchAll(/'(\w+)'/g)].map((a) => a[1]);
    pages.set(m[1], { page: path.posix.join('src/app', m[2]) + '.tsx', areas });
  }
  const routes: RoutePage[] = [];
  // A path is written out ('/') or named in common/appRoutes.ts (APP_PATHS.postView); its element, up to the next
  // route, may take several lines (a guard with its roles, a page given props): its page is the first lazily loaded
  // page it names.
  const paths = [...routerSource.matchAll(/path: (?:'([^']+)'|APP_PATHS\.(\w+)),\s*element:/g)];
  paths.forEach((m, i) => {
    const routePath = m[1] ?? (APP_PATHS as Record<string, string>)[m[2]];
    const element = routerSource.slice(m.index + m[0].length, paths[i + 1]?.index ?? routerSource.length);
    const tag = [...element.matchAll(/<(\w+)[\s/>]/g)].find((t) => pages.has(t[1]));
    const page = tag && pages.get(tag[1]);
    if (page && routePath && !routes.some((r) => r.path === routePath)) routes.push({ path: routePath, ...page });
  });
  return routes;
}

/** Routes rendered without DataPages: RootLayout's `OWN_HEADER = new Set([...])`. */
export function ownHeaderRoutes(rootLayoutSource: string): Set<string> {
  const list = /OWN_HEADER = new Set\(\[([^\]]*)\]\)/.exec(rootLayoutSource);
  if (!list) throw new Error('OWN_HEADER not found in web/src/app/RootLayout.tsx');
  return new Set([...list[1].matchAll(/'([^']+)'/g)].map((m) => m[1]));
}

/** One chunk of the build (Vite's manifest, `build.manifest`), keyed by its source (relative to web/). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** Keys of the chunk and every chunk it imports statically. */
export function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(manifest, dep, seen);
  return seen;
}

/** The entry chunk's key. */
export function entryOf(manifest: Manifest): string {
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entry) throw new Error('No entry chunk in the manifest');
  return entry;
}

/**
 * The files (paths in the build, e.g. `assets/index-3f9a.js`) the service worker precaches: the shell (the entry and
 * what it imports, its stylesheet, the sign-in library a returning user needs when its tokens are near their end,
 * the shell's texts in both languages: the app cannot start without them), the data layer, and each of
 * PRECACHED_ROUTES's page with what it imports and its texts in both languages. `shellAreas`: SHELL_AREAS of
 * web/src/i18n/catalogs.ts (shellAreasOf).
 */
export function precachedAssets(manifest: Manifest, routerSource: string, shellAreas: readonly string[]): Set<string> {
  const routes = routesOf(routerSource);
  const texts = (areas: readonly string[]) => LANGUAGES.flatMap((l) => areas.map((a) => catalogueArea(l, a)));
  const keys = new Set<string>();
  const add = (key: string, what: string) => {
    if (!manifest[key]) throw new Error(`${key} (${what}) is not in the build's manifest`);
    closure(manifest, key, keys);
  };
  for (const key of [entryOf(manifest), SESSION, DATA_PAGES, ...texts(shellAreas)]) add(key, 'the shell');
  for (const routePath of PRECACHED_ROUTES) {
    const route = routes.find((r) => r.path === routePath);
    if (!route) throw new Error(`The page of ${routePath} is not in the router`);
    for (const key of [route.page, ...texts(route.areas)]) add(key, routePath);
  }
  const files = new Set<string>();
  for (const key of keys) {
    files.add(manifest[key].file);
    for (const css of manifest[key].css ?? []) files.add(css);
  }
  return files;
}
