/**
 * Prints the gzipped JavaScript each route of the web app loads: the entry chunk, the route's lazily
 * loaded page and every chunk it imports statically (read from the Vite build's manifest), the data layer
 * (web/src/app/DataPages.tsx) on every route but those RootLayout's OWN_HEADER lists (the service worker's
 * registration is in the entry: web/src/pwa/register.ts), and the language
 * catalogue every page waits for (the larger of the two). Beside each route: its size before
 * the web foundation work (BASELINE_KB, for the record) and the budget, marked OVER where a route breaks it:
 * no route loads more than ROUTE_BUDGET_BYTES on a first visit (react-dom 19 renders the app).
 *
 *   npm run size                 # builds web/ first, then prints
 *   npx tsx scripts/web-sizes.ts --no-build [--strict]
 *
 * Routes and their pages are read from web/src/app/router.tsx. --strict exits 1 when a line is OVER.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { APP_PATHS } from '../common/appRoutes';

export const ROUTE_BUDGET_BYTES = 160 * 1024;

/**
 * KB each route loaded before the web foundation work (commit 3305ab1, when this script was written:
 * English texts inside the pages, no catalogue, no data layer, no form library). A route added later has
 * no baseline and no growth budget.
 */
export const BASELINE_KB: Readonly<Record<string, number>> = {
  '/': 108.9,
  '/login': 110.9,
  '/unauthorized': 105.9,
  '/client-dashboard': 113.4,
  '/business-dashboard': 115.7,
  '/post/create': 111.3,
  '/create-ad': 108.6,
  '/subscriptions': 107.9,
  '/clientprofile/:id': 108.9,
  '/businessprofile/:id': 114.0,
  '/post/view/:id': 110.4,
  '/post/:postId': 111.5,
  '/available-posts': 110.3,
  '/sponsoredPosts': 108.4,
  '/filtered-posts': 113.0,
  '/chat/:id': 109.0,
  '/settings/:id/*': 149.5,
  '*': 105.8,
};

/** What every page but the landing and sign-in loads after the entry (the data layer, the navbar). */
const DATA_PAGES = 'src/app/DataPages.tsx';

/** Routes rendered without DataPages: RootLayout's `OWN_HEADER = new Set([...])`. */
export function ownHeaderRoutes(rootLayoutSource: string): Set<string> {
  const list = /OWN_HEADER = new Set\(\[([^\]]*)\]\)/.exec(rootLayoutSource);
  if (!list) throw new Error('OWN_HEADER not found in web/src/app/RootLayout.tsx');
  return new Set([...list[1].matchAll(/'([^']+)'/g)].map((m) => m[1]));
}

/** The catalogues of the languages, one of which every page waits for (web/src/i18n/catalogs.ts). */
const CATALOGUES = ['src/i18n/catalog/sq/index.ts', 'src/i18n/catalog/en/index.ts'];

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'web/dist');

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** Route path -> page module (relative to web/), from `const X = lazy(() => import('...'))` and `path: '...', element: ... <X />`. */
export function routesOf(routerSource: string): { path: string; page: string }[] {
  const pages = new Map<string, string>();
  for (const m of routerSource.matchAll(/const (\w+) = lazy\(\(\) => import\('([^']+)'\)\)/g)) {
    pages.set(m[1], path.posix.join('src/app', m[2]) + '.tsx');
  }
  const routes: { path: string; page: string }[] = [];
  // A path is written out ('/') or named in common/appRoutes.ts (APP_PATHS.postView); the element may sit on the
  // next line (a guard with its roles).
  for (const m of routerSource.matchAll(/path: (?:'([^']+)'|APP_PATHS\.(\w+)),\s*element:[^;]*?<(\w+) \/>/g)) {
    const routePath = m[1] ?? (APP_PATHS as Record<string, string>)[m[2]];
    const page = pages.get(m[3]);
    if (page && routePath && !routes.some((r) => r.path === routePath)) routes.push({ path: routePath, page });
  }
  return routes;
}

/** Keys of the chunk and every chunk it imports statically. */
function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(manifest, dep, seen);
  return seen;
}

const gzipSizes = new Map<string, number>();
function gzipSize(file: string): number {
  let size = gzipSizes.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(dist, file))).length;
    gzipSizes.set(file, size);
  }
  return size;
}

export interface RouteSize {
  path: string;
  /** Everything the route loads, the catalogue included. */
  bytes: number;
  /** Of which the catalogue. */
  catalogue: number;
}

export function routeSizes(): RouteSize[] {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entry) throw new Error('No entry chunk in the manifest');
  const shared = closure(manifest, entry);
  const catalogue = Math.max(
    ...CATALOGUES.map((key) => {
      if (!manifest[key]) throw new Error(`${key} (a language catalogue) is not in the manifest`);
      return [...closure(manifest, key, new Set(shared))]
        .filter((k) => !shared.has(k))
        .reduce((sum, k) => sum + gzipSize(manifest[k].file), 0);
    }),
  );
  const routes = routesOf(readFileSync(path.join(root, 'web/src/app/router.tsx'), 'utf8'));
  const withoutData = ownHeaderRoutes(readFileSync(path.join(root, 'web/src/app/RootLayout.tsx'), 'utf8'));
  if (!manifest[DATA_PAGES]) throw new Error(`${DATA_PAGES} is not in the manifest`);
  return routes.map((r) => {
    if (!manifest[r.page]) throw new Error(`${r.page} (route ${r.path}) is not in the manifest`);
    const chunks = closure(manifest, r.page, new Set(shared));
    if (!withoutData.has(r.path)) closure(manifest, DATA_PAGES, chunks);
    const bytes = [...chunks].reduce((sum, k) => sum + gzipSize(manifest[k].file), 0) + catalogue;
    return { path: r.path, bytes, catalogue };
  });
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  if (!process.argv.includes('--no-build')) {
    execFileSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
    });
  }
  const sizes = routeSizes();
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  let over = 0;
  console.log(`gzipped JS loaded per route (the ${kb(sizes[0]?.catalogue ?? 0)} language catalogue included)`);
  console.log(
    `  ${'route'.padEnd(24)} ${'now'.padStart(10)} ${'before'.padStart(10)} ${'growth'.padStart(10)}  budget`,
  );
  for (const s of sizes) {
    const before = BASELINE_KB[s.path];
    const growth = before === undefined ? undefined : s.bytes - before * 1024;
    const problems = s.bytes > ROUTE_BUDGET_BYTES ? [`OVER: at most ${kb(ROUTE_BUDGET_BYTES)}`] : [];
    over += problems.length ? 1 : 0;
    console.log(
      `  ${s.path.padEnd(24)} ${kb(s.bytes).padStart(10)} ${(before === undefined ? 'new' : `${before.toFixed(1)} KB`).padStart(10)} ${(growth === undefined ? '' : `${growth >= 0 ? '+' : ''}${kb(growth)}`).padStart(10)}  ${problems.join('; ') || 'ok'}`,
    );
  }
  console.log(over ? `${over} route(s) OVER BUDGET` : 'every route within budget');
  if (over && process.argv.includes('--strict')) process.exit(1);
}
