/**
 * The web app's production build on this machine, answered the way the CDN answers it
 * (infra/constructs/webHosting.ts): the public paths (common/publicPages.ts) from the site handler
 * (bin/local/site.ts), the sign-in screen with its document rendered at build time in the visitor's language
 * (common/prerender.ts), the app's other routes and the paths that name no file (common/appRoutes.ts isAnsweredByApp)
 * with the build's index.html, /config.json from the stack's settings, every file's path from the build or 404. Vite's hashed assets may be kept for a year; every
 * other file (index.html, the service worker sw.js, the manifests) is sent with `Cache-Control: no-cache`, so the
 * browser revalidates it and a new build is picked up on the next visit. The service worker is at the root, so
 * its scope is the whole site without a `Service-Worker-Allowed` header. What can be compressed is sent compressed as
 * CloudFront sends it (`compress: true` on every behaviour): brotli when the browser accepts it, else gzip, for text
 * types from 1,000 bytes on (CloudFront's lower bound), so local Lighthouse figures are what the cloud's would be.
 *
 * Used by `WEB=build npm start` (bin/local/stack.ts), `npm run lighthouse` (scripts/lighthouse.ts) and the tests
 * of the build (test/integration/webBuild.test.ts, test/browser/pwa.test.ts, test/browser/production-build.test.ts).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { isAnsweredByApp } from '../../common/appRoutes';
import { languageOfRequest, prerenderedFile, prerenderedPathOf } from '../../common/prerender';
import type { RuntimeConfig } from '../../common/types';
import { serveSite, type SendAnswer } from './site';

/** Where `npm run build:web` puts the build (web/vite.config.ts build.outDir). */
export const WEB_DIST = path.resolve('web/dist');

/** The CDN's Cache-Control of Vite's hashed assets (infra/constructs/webHosting.ts HASHED_ASSETS_PATH). */
const HASHED_ASSETS_PREFIX = '/assets/';
const HASHED_ASSETS_CACHE = 'public, max-age=31536000, immutable';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

/** The types CloudFront compresses (of those this server sends), and its smallest file it compresses. */
const COMPRESSIBLE = /^(text\/|application\/(javascript|json|manifest\+json|xml)|image\/svg\+xml)/;
const MIN_COMPRESSED_BYTES = 1000;

export type ContentEncoding = 'br' | 'gzip';

/** The encoding CloudFront would answer with for this Accept-Encoding and body (brotli first), or undefined. */
export function encodingFor(
  acceptEncoding: string | undefined,
  contentType: string,
  bytes: number,
): ContentEncoding | undefined {
  if (bytes < MIN_COMPRESSED_BYTES || !COMPRESSIBLE.test(contentType)) return undefined;
  const accepted = (acceptEncoding ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || Number(q.split('=')[1]) > 0)
    .map(([name]) => name.toLowerCase());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return undefined;
}

export function compress(body: Buffer, encoding: ContentEncoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
      })
    : gzipSync(body, { level: 9 });
}

/** The build's files, compressed once per file version and encoding (the build does not change while served). */
const compressedFiles = new Map<string, Buffer>();

/** Sends a body as CloudFront would: compressed when the browser accepts it and the type is worth it. */
function sendBody(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  statusCode: number,
  headers: Record<string, string>,
  body: Buffer,
  cacheKey?: string,
): void {
  const encoding = encodingFor(req.headers['accept-encoding'], headers['content-type'] ?? '', body.length);
  let sent = body;
  if (encoding) {
    const key = cacheKey && `${cacheKey}:${encoding}`;
    sent = (key && compressedFiles.get(key)) || compress(body, encoding);
    if (key) compressedFiles.set(key, sent);
  }
  const contentType = headers['content-type'] ?? '';
  res.writeHead(statusCode, {
    ...headers,
    ...(encoding ? { 'content-encoding': encoding } : {}),
    ...(COMPRESSIBLE.test(contentType) ? { vary: 'Accept-Encoding' } : {}),
    'content-length': String(sent.length),
  });
  res.end((req.method ?? 'GET').toUpperCase() === 'HEAD' ? undefined : sent);
}

const sendCompressed: SendAnswer = (req, res, statusCode, headers, body) =>
  sendBody(req, res, statusCode, headers, Buffer.from(body));

/**
 * Builds web/ for production into outDir, as `npm run build:web` does (NODE_ENV=production: the test runner's
 * NODE_ENV=test would keep the libraries' development checks in the bundle).
 */
export async function buildWeb(outDir = WEB_DIST, opts: { sourcemap?: boolean } = {}): Promise<void> {
  const { build } = await import('vite');
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: path.resolve('web/vite.config.ts'),
      build: { outDir, emptyOutDir: true, ...(opts.sourcemap === undefined ? {} : { sourcemap: opts.sourcemap }) },
      logLevel: 'warn',
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

export interface WebBuildServerOptions {
  /** The build's folder (WEB_DIST unless a test built elsewhere); must contain index.html. */
  dist: string;
  port: number;
  /** Answered at /config.json (no-store); without it /config.json is looked up in the build like any file. */
  runtimeConfig?: RuntimeConfig;
  /** Called before the CDN's rules: true when it answered the request itself (a test's API under the page's origin). */
  before?: (req: http.IncomingMessage, res: http.ServerResponse) => boolean;
}

/** What of a request chooses the language of a screen rendered at build time (common/prerender.ts). */
export interface LanguageHeaders {
  cookie?: string;
  acceptLanguage?: string;
}

/**
 * Which file of the build answers a path, or undefined (404): a screen rendered at build time gets its document in
 * the visitor's language (common/prerender.ts, as the CDN's function chooses it), another app route index.html.
 */
export function buildFileOf(dist: string, pathname: string, request: LanguageHeaders = {}): string | undefined {
  const root = path.resolve(dist);
  const screen = prerenderedPathOf(pathname);
  if (screen) {
    const language = languageOfRequest(request.cookie, request.acceptLanguage);
    const document = path.join(root, prerenderedFile(screen, language).slice(1));
    if (existsSync(document)) return document;
  }
  const file = isAnsweredByApp(pathname)
    ? path.join(root, 'index.html')
    : path.join(root, decodeURIComponent(pathname));
  if (!file.startsWith(root + path.sep) || !existsSync(file) || !statSync(file).isFile()) return undefined;
  return file;
}

/** The headers the CDN sends with a file of the build. */
export function buildFileHeaders(dist: string, file: string): Record<string, string> {
  const relative = `/${path.relative(path.resolve(dist), file).split(path.sep).join('/')}`;
  return {
    'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
    'cache-control': relative.startsWith(HASHED_ASSETS_PREFIX) ? HASHED_ASSETS_CACHE : 'no-cache',
  };
}

/**
 * Serves the build on 127.0.0.1:port (which answers http://localhost:port too: a secure context, as the service
 * worker and push need) until close() is called.
 */
export function startWebBuildServer(opts: WebBuildServerOptions): Promise<http.Server> {
  const dist = path.resolve(opts.dist);
  if (!existsSync(path.join(dist, 'index.html'))) {
    throw new Error(`${path.join(dist, 'index.html')} is missing: build the web app first (npm run build:web)`);
  }
  const config = opts.runtimeConfig && JSON.stringify(opts.runtimeConfig, null, 2);
  const server = http.createServer((req, res) => {
    void (async () => {
      if (opts.before?.(req, res)) return;
      const { pathname } = new URL(req.url ?? '/', 'http://local');
      if (config && pathname === '/config.json') {
        sendCompressed(req, res, 200, { 'content-type': 'application/json', 'cache-control': 'no-store' }, config);
        return;
      }
      if (await serveSite(req, res, undefined, sendCompressed)) return;
      const method = (req.method ?? 'GET').toUpperCase();
      const languageHeaders = { cookie: req.headers.cookie, acceptLanguage: req.headers['accept-language'] };
      const file = method === 'GET' || method === 'HEAD' ? buildFileOf(dist, pathname, languageHeaders) : undefined;
      if (!file) {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
        return;
      }
      const { mtimeMs, size } = statSync(file);
      sendBody(req, res, 200, buildFileHeaders(dist, file), readFileSync(file), `${file}:${mtimeMs}:${size}`);
    })().catch((err) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(String(err));
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}
