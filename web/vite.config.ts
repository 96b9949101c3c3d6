/**
 * Vite config of the web app (root web/, output web/dist). The runtime settings are not baked in:
 * the app fetches /config.json at start (served by the local runner, deployed per stage in the cloud).
 * React renders the app; @vitejs/plugin-react adds the JSX transform and hot refresh.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompileMessages } from './precompileMessages.js';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  root: webRoot,
  plugins: [react(), ...precompileMessages()],
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
