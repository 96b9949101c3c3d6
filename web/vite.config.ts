/**
 * Vite config of the web app (root web/, output web/dist). The runtime settings are not baked in:
 * the app fetches /config.json at start (served by the local runner, deployed per stage in the cloud).
 * React renders the app; @vitejs/plugin-react adds the JSX transform and hot refresh; vite-plugin-pwa builds
 * the service worker (installable app, offline lists, Web Push: README "Installable app and Web Push"); after the
 * bundle is written, web/buildSteps.ts renders the sign-in screen per language and lists what the worker precaches.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { precompileMessages } from './precompileMessages.js';
import { buildSteps } from './buildSteps.js';
import { designTokens } from './designTokens.js';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** After the bundle is written: the sign-in screen rendered per language, and the service worker's precache list. */
const steps = buildSteps();

/**
 * React Router publishes its development build (warnings for developers in the code) under every export condition;
 * the production build beside it differs only in those warnings being off. The app's build takes that one.
 */
const reactRouterProduction = fileURLToPath(
  new URL('../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

export default defineConfig(({ command }) => ({
  root: webRoot,
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  plugins: [
    react(),
    designTokens(),
    ...precompileMessages(),
    steps.plugin,
    // The service worker (web/src/sw.ts) with part of the build precached: the app shell, both catalogues, the
    // routes a signed-in user opens first (web/buildSteps.ts), the icons and the two manifests
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
          (entries) => Promise.resolve({ manifest: entries.filter((e) => steps.keepInPrecache(e.url)), warnings: [] }),
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
    rolldownOptions: {
      output: {
        // Everything the entry imports goes in the entry's own file: left alone, the bundler splits out each module
        // a lazily loaded page also imports (config, constants, the formatters...) into a file of its own, which
        // every first visit then fetches beside the entry, paying a request and its headers each (2 KB in all).
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
      },
    },
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
}));
