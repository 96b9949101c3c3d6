/**
 * Vite config of the web app (root web/, output web/dist). The runtime settings are not baked in:
 * the app fetches /config.json at start (served by the local runner, deployed per stage in the cloud).
 * React renders the app; @vitejs/plugin-react adds the JSX transform and hot refresh; vite-plugin-pwa builds
 * the service worker (installable app, offline lists, Web Push: README "Installable app and Web Push").
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { precompileMessages } from './precompileMessages.js';
import { precachedAssets, type Manifest } from './routeChunks.js';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * The service worker's precache: every file of the build but the hashed chunks and stylesheets (index.html, the
 * manifests, the icons), and of those only the shell and the routes a signed-in user opens first
 * (web/routeChunks.ts precachedAssets, from the build's chunk graph); the worker keeps the others as they are visited.
 */
function precacheOnly(): { plugin: Plugin; keep: (url: string) => boolean } {
  let assets: Set<string> | undefined;
  return {
    plugin: {
      name: 'precache-only',
      apply: 'build',
      writeBundle(options) {
        const manifest = JSON.parse(
          readFileSync(path.join(options.dir ?? path.join(webRoot, 'dist'), '.vite/manifest.json'), 'utf8'),
        ) as Manifest;
        assets = precachedAssets(manifest, readFileSync(path.join(webRoot, 'src/app/router.tsx'), 'utf8'));
      },
    },
    keep: (url) => {
      if (!url.startsWith('assets/')) return true;
      if (!assets) throw new Error('The precache list is asked for before the build was written');
      return assets.has(url);
    },
  };
}
const precache = precacheOnly();

export default defineConfig({
  root: webRoot,
  plugins: [
    react(),
    ...precompileMessages(),
    precache.plugin,
    // The service worker (web/src/sw.ts) with part of the build precached: the app shell, both catalogues, the
    // routes a signed-in user opens first (precacheOnly above), the icons and the two manifests
    // (web/public/manifest.*.webmanifest, one per language; index.html links the Albanian one and the app swaps
    // it: web/src/pwa/app.ts). Other chunks are kept by the worker as they are fetched.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,webmanifest,png,svg,woff2}'],
        globIgnores: ['**/screenshots/**'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        manifestTransforms: [
          (entries) => Promise.resolve({ manifest: entries.filter((e) => precache.keep(e.url)), warnings: [] }),
        ],
      },
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // read by scripts/web-sizes.ts (npm run size)
    manifest: true,
  },
  server: {
    port: process.env.WEB_PORT ? Number(process.env.WEB_PORT) : 5173,
    strictPort: true,
    // Loopback only, IPv4: answers both http://127.0.0.1:<port> and http://localhost:<port>.
    host: '127.0.0.1',
    // The app imports the shared constants and types from common/, outside web/.
    fs: { allow: [repoRoot] },
  },
  preview: {
    port: process.env.WEB_PORT ? Number(process.env.WEB_PORT) : 4173,
  },
});
