/**
 * Prints the gzipped JavaScript each route of the web app loads: the entry chunk, plus the route's
 * lazily loaded page and every chunk it imports statically, read from the Vite build's manifest.
 *
 *   npm run size                 # builds web/ first, then prints
 *   npx tsx scripts/web-sizes.ts --no-build [--strict]
 *
 * Routes and their pages are read from web/src/app/router.tsx. --strict exits 1 when the landing
 * route loads more than LANDING_BUDGET_BYTES.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const LANDING_BUDGET_BYTES = 90 * 1024;

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
  for (const m of routerSource.matchAll(/path: '([^']+)',\s*element:[^\n]*?<(\w+) \/>/g)) {
    const page = pages.get(m[2]);
    if (page) routes.push({ path: m[1], page });
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

export function routeSizes(): { path: string; bytes: number }[] {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entry) throw new Error('No entry chunk in the manifest');
  const shared = closure(manifest, entry);
  const routes = routesOf(readFileSync(path.join(root, 'web/src/app/router.tsx'), 'utf8'));
  return routes.map((r) => {
    if (!manifest[r.page]) throw new Error(`${r.page} (route ${r.path}) is not in the manifest`);
    const chunks = closure(manifest, r.page, new Set(shared));
    const bytes = [...chunks].reduce((sum, k) => sum + gzipSize(manifest[k].file), 0);
    return { path: r.path, bytes };
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
  console.log('gzipped JS loaded per route');
  for (const s of sizes) console.log(`  ${s.path.padEnd(24)} ${kb(s.bytes).padStart(10)}`);
  const landing = sizes.find((s) => s.path === '/');
  const over = landing && landing.bytes > LANDING_BUDGET_BYTES;
  console.log(
    `landing route: ${landing ? kb(landing.bytes) : '?'} (budget ${kb(LANDING_BUDGET_BYTES)})${over ? '  OVER BUDGET' : ''}`,
  );
  if (over && process.argv.includes('--strict')) process.exit(1);
}
