/**
 * What the build does once Vite has written the bundle, with the app's own modules (loaded through a Vite server in
 * middleware mode, as the dev server loads them: TypeScript, the shared common/ modules):
 *
 * - **The screens rendered at build time** (common/prerender.ts: the sign-in screen), one document per language,
 *   written beside index.html (`login.sq.html`, `login.en.html`). Each is the build's index.html with the screen's
 *   markup in the app's container (marked with the path and language it was rendered for: src/app/prerendered.ts),
 *   its title and language, its stylesheets inlined (nothing blocks the first paint) and its page's chunks and
 *   texts (the shell's areas and the page's, in the screen's language) preloaded beside the entry (so the app takes
 *   the screen over sooner). The screen is rendered by the
 *   app's own components (src/app/prerender.tsx), so what the browser hydrates is what was rendered. The CDN and the
 *   local server answer the screen's path with the document of the visitor's language.
 * - **The service worker's precache list**: index.html (the shell), the manifests and the icons, and of the hashed
 *   chunks and stylesheets only the shell's and those of the routes a signed-in user opens first
 *   (routeChunks.ts precachedAssets, from the build's chunk graph); the worker keeps the others as they are visited.
 *   The screens rendered at build time are left out: offline, every screen opens from the shell.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin, ViteDevServer } from 'vite';
import type { Manifest } from './routeChunks.js';
import type { Prerendered, PrerenderedScreen } from './src/app/prerender.js';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

type RouteChunks = typeof import('./routeChunks.js');
type Prerender = typeof import('./src/app/prerender.js');

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The document of one screen in one language, from the build's index.html. */
export function screenDocument(opts: {
  indexHtml: string;
  screen: Prerendered;
  path: string;
  language: string;
  /** The container's attributes that say what it holds (src/app/prerendered.ts). */
  attributes: Record<string, string>;
  /** The stylesheets the screen needs (the entry's first), as text, inlined in place of the entry's link. */
  css: string[];
  /** The chunks to preload beside the entry (the screen's page and what it imports, its texts). */
  preload: string[];
}): string {
  let html = opts.indexHtml;
  const replace = (pattern: RegExp, by: string) => {
    if (!pattern.test(html)) throw new Error(`index.html has no ${pattern.source}`);
    html = html.replace(pattern, () => by);
  };
  replace(/<html lang="[^"]*">/, `<html lang="${opts.language}">`);
  replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(opts.screen.title)}</title>`);
  replace(/href="\/manifest\.[a-z]{2}\.webmanifest"/, `href="/manifest.${opts.language}.webmanifest"`);
  const style = `<style>${opts.css.join('\n').replace(/<\/style/gi, '<\\/style')}</style>`;
  const preloads = opts.preload.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('\n    ');
  replace(/<link rel="stylesheet"[^>]*href="\/assets\/[^"]+\.css">/, `${preloads}\n    ${style}`);
  const attributes = Object.entries(opts.attributes)
    .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
    .join('');
  replace(/<div id="root"><\/div>/, `<div id="root"${attributes}>${opts.screen.html}</div>`);
  return html;
}

/** Writes the prerendered screens' documents into the build folder. */
async function writeScreens(dir: string, manifest: Manifest, chunks: RouteChunks, prerender: Prerender) {
  const indexHtml = readFileSync(path.join(dir, 'index.html'), 'utf8');
  const entryCss = /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)">/.exec(indexHtml)?.[1];
  if (!entryCss) throw new Error("index.html links no stylesheet: where is the entry's CSS?");
  const routes = chunks.routesOf(readFileSync(path.join(webRoot, 'src/app/router.tsx'), 'utf8'));
  // What the entry loads already is left out: index.html preloads it.
  const loaded = chunks.closure(manifest, chunks.entryOf(manifest));
  const beyondEntry = (key: string) =>
    [...chunks.closure(manifest, key, new Set(loaded))].filter((k) => !loaded.has(k));
  const shellAreas = chunks.shellAreasOf(readFileSync(path.join(webRoot, 'src/i18n/catalogs.ts'), 'utf8'));
  const areas = chunks.catalogueAreaNames();
  for (const screen of prerender.PRERENDERED_SCREENS satisfies readonly PrerenderedScreen[]) {
    const route = routes.find((r) => r.path === screen.path);
    if (!route || !manifest[route.page]) throw new Error(`The page of ${screen.path} is not in the build's manifest`);
    const pageChunks = beyondEntry(route.page);
    const css = [...new Set([entryCss, ...pageChunks.flatMap((k) => manifest[k].css ?? [])])];
    // The texts the screen shows: the shell's and its page's areas, in its language.
    const texts = [...shellAreas, ...route.areas].map((area) => chunks.catalogueArea(screen.language, area));
    const missing = texts.find((key) => !manifest[key]);
    if (missing) throw new Error(`${missing} (texts of ${screen.path}) is not in the build's manifest`);
    const rendered = await prerender.prerenderScreen(screen.path, screen.language);
    // A text the screen showed before it was loaded is written as its id ("auth.login.title"): never shipped.
    const untranslated = [...rendered.html.matchAll(/>\s*([a-z]\w*)\.[\w.]+\s*</g)].find((m) => areas.includes(m[1]));
    if (untranslated) throw new Error(`${screen.file} shows the id ${untranslated[0]}: its texts were not loaded`);
    const document = screenDocument({
      indexHtml,
      screen: rendered,
      path: screen.path,
      language: screen.language,
      attributes: prerender.containerAttributes(screen),
      css: css.map((file) => readFileSync(path.join(dir, file), 'utf8')),
      preload: [...new Set([...pageChunks, ...texts.flatMap(beyondEntry)])].map((k) => manifest[k].file),
    });
    writeFileSync(path.join(dir, screen.file.replace(/^\//, '')), document);
  }
}

export function buildSteps(): { plugin: Plugin; keepInPrecache: (url: string) => boolean } {
  let precached: Set<string> | undefined;
  return {
    plugin: {
      name: 'build-steps',
      apply: 'build',
      writeBundle: {
        sequential: true,
        async handler(options) {
          const dir = options.dir ?? path.join(webRoot, 'dist');
          const manifest = JSON.parse(readFileSync(path.join(dir, '.vite/manifest.json'), 'utf8')) as Manifest;
          const { createServer } = await import('vite');
          const server: ViteDevServer = await createServer({
            configFile: false,
            root: webRoot,
            logLevel: 'error',
            appType: 'custom',
            server: { middlewareMode: true, hmr: false, fs: { allow: [repoRoot] } },
            optimizeDeps: { noDiscovery: true, include: [] },
          });
          try {
            const chunks = (await server.ssrLoadModule('/routeChunks.ts')) as RouteChunks;
            const prerender = (await server.ssrLoadModule('/src/app/prerender.tsx')) as Prerender;
            precached = chunks.precachedAssets(
              manifest,
              readFileSync(path.join(webRoot, 'src/app/router.tsx'), 'utf8'),
              chunks.shellAreasOf(readFileSync(path.join(webRoot, 'src/i18n/catalogs.ts'), 'utf8')),
            );
            await writeScreens(dir, manifest, chunks, prerender);
          } finally {
            await server.close();
          }
        },
      },
    },
    keepInPrecache: (url) => {
      if (url.endsWith('.html')) return url === 'index.html';
      if (!url.startsWith('assets/')) return true;
      if (!precached) throw new Error('The precache list is asked for before the build was written');
      return precached.has(url);
    },
  };
}
