/**
 * Vite config of the web app (root web/, output web/dist). The runtime settings are not baked in:
 * the app fetches /config.json at start (served by the local runner, deployed per stage in the cloud).
 * Components render on Preact (web/renderer.ts); the preset adds Preact's JSX, hot refresh and devtools.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import preactPreset from '@preact/preset-vite';
import { precompileMessages } from './precompileMessages.js';
import { RENDERER_ALIASES } from './renderer.js';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  root: webRoot,
  plugins: [preactPreset({ reactAliasesEnabled: false }), ...precompileMessages()],
  resolve: { alias: RENDERER_ALIASES },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // read by scripts/web-sizes.ts (npm run size)
    manifest: true,
    rolldownOptions: {
      onLog(level, log, handler) {
        // react-router reads React 19's useOptimistic when the renderer has it and falls back when it has
        // not; preact/compat has not, which is expected, not a fault of the build.
        if (log.code === 'IMPORT_IS_UNDEFINED' && log.message.includes('useOptimistic')) return;
        handler(level, log);
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
});
