/**
 * The whole product on one machine: emulators, provisioning, the local API gateway over the real
 * handlers, first-run seed data and the web app. Used by `npm start` (bin/local.ts) and by the
 * integration and browser tests (test/support/globalSetup.ts), which start their own copy on free
 * ports with a throw-away data folder.
 */
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { RuntimeConfig } from '../../common/types';
import { DEFAULT_OPEN_INDEX_SHARDS } from '../../common/constants';
import { currencySetting } from '../../common/languages';
import { LOCAL_CLIENT_ID, LOCAL_POOL_ID, startCognito } from './cognito';
import { assertJava, assertPortFree, freePort, startDynamo, startS3, type EmulatorEvent } from './emulators';
import { startFirebase, TOKEN_PATH } from './firebase';
import { importHandler, startGateway } from './gateway';
import { startMail } from './mail';
import { ensureLocalVapidKeys, startPushEndpoint, type LocalPushEndpoint } from './push';
import { startPaymentProvider } from './paymentProvider';
import { PADDLE_JS_PATH } from './paddleJs';
import { chargeCurrencyOf, PAYMENT_WEBHOOK_PATH } from '../../common/payments';
import { startStreamRunner } from './streams';
import { processEarlierUploads } from './imageEvents';
import { ensureLocalServiceAccount, ensureLocalSecret, ensureTable } from './provision';
import { runPendingMigrations } from './migrations';
import { DEMO_ACCOUNTS, ensureCognitoUser, seedIfFirstRun, type DemoAccount } from './seed';
import { serveSite } from './site';
import { startWebBuildServer } from './webBuild';

// Quiet the SDKs' notices about Node 20 (supported here) and cognito-local's bundled SDK v2.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE ??= '1';

export const REGION = 'eu-central-1';
export const BUCKET = 'marketplace-media-local';
/** The data exports' ZIPs (lambdas/privacy/export.ts): private, read only through signed links. */
export const EXPORTS_BUCKET = 'marketplace-exports-local';
export const FIREBASE_PROJECT = 'marketplace-local';

export interface LocalPorts {
  web: number;
  api: number;
  cognito: number;
  s3: number;
  dynamo: number;
  firebase: number;
  smtp: number;
  mail: number;
  push: number;
  payments: number;
}

const PORT_ENV: Record<keyof LocalPorts, [string, number, string]> = {
  web: ['WEB_PORT', 5173, 'web app'],
  api: ['API_PORT', 3001, 'API gateway'],
  cognito: ['COGNITO_PORT', 9229, 'user pool emulator'],
  s3: ['S3_PORT', 4569, 'S3 emulator'],
  dynamo: ['DYNAMODB_PORT', 8000, 'DynamoDB Local'],
  firebase: ['FIREBASE_PORT', 9000, 'Realtime Database emulator'],
  smtp: ['MAIL_SMTP_PORT', 1025, 'local SMTP server (MailDev)'],
  mail: ['MAIL_WEB_PORT', 1080, 'local web inbox (MailDev)'],
  push: ['PUSH_PORT', 1090, 'local push endpoint'],
  payments: ['PAYMENTS_PORT', 1095, 'local payment provider'],
};

/** The sender of every email locally (the cloud's is a stage setting). */
export const LOCAL_MAIL_FROM = 'Marketplace <no-reply@marketplace.local>';

export function portsFromEnv(): LocalPorts {
  return Object.fromEntries(
    Object.entries(PORT_ENV).map(([k, [env, def]]) => [k, Number(process.env[env] ?? def)]),
  ) as unknown as LocalPorts;
}

/**
 * Where the web app is opened on this machine: it is served at both names, and the API and the S3
 * emulator answer CORS for both (a cloud stage has its one origin).
 */
export const localWebOrigins = (webPort: number) => [`http://localhost:${webPort}`, `http://127.0.0.1:${webPort}`];

export async function randomPorts(): Promise<LocalPorts> {
  const entries = await Promise.all(Object.keys(PORT_ENV).map(async (k) => [k, await freePort()] as const));
  return Object.fromEntries(entries) as unknown as LocalPorts;
}

/** What `npm start` writes to .local/stack.json for tools and tests. */
export interface StackInfo {
  webUrl?: string;
  apiUrl: string;
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  authEndpoint: string;
  issuer: string;
  s3Endpoint: string;
  bucket: string;
  /** The data exports' bucket (lambdas/privacy/export.ts). */
  exportsBucket: string;
  mediaBaseUrl: string;
  dynamoEndpoint: string;
  tableName: string;
  /** `serviceAccount`: the local service-account key (JSON), for tools and tests that act as the API does. */
  firebase: { host: string; port: number; projectId: string; databaseURL: string; serviceAccount: string };
  codesFile: string;
  /** The local inbox (MailDev): `GET {apiUrl}/email` lists every message sent; `webUrl` is its web inbox. */
  mail: { webUrl: string; apiUrl: string; smtpHost: string; smtpPort: number };
  /**
   * The local push endpoint (bin/local/push.ts): `GET {url}/messages` lists every Web Push sent to a local
   * device, decrypted; `POST {url}/devices` makes a device whose subscription POST /notifications/push takes.
   */
  push: { url: string; vapidPublicKey: string };
  /**
   * The local payment provider (bin/local/paymentProvider.ts): Paddle's API at `url` (bearer `apiKey`), its checkout
   * page at `{url}/checkout/{transaction}`, webhooks signed with `webhookSecret` to the API's POST /payments/webhook.
   */
  payments: { url: string; apiKey: string; webhookSecret: string; clientToken: string; prices: Record<string, string> };
  /** What the notifier's links use here: the web app's address and the local key of unsubscribe links (tools and tests that run the notifier or the digest). */
  notifier: { appUrl: string; unsubscribeSecret: string };
  demoAccounts: DemoAccount[];
}

export interface LocalStackOptions {
  dataDir: string;
  ports: LocalPorts;
  web: boolean;
  /**
   * With web: the production build in this folder (built beforehand: bin/local/webBuild.ts buildWeb) is served
   * on the web port, as the CDN answers it, instead of Vite's dev server (`WEB=build npm start`).
   */
  webBuild?: string;
  seed: boolean;
  tableName?: string;
  onCode?: (d: { email: string; code: string }) => void;
  onRequest?: (line: { method: string; path: string; status: number; ms: number }) => void;
  /**
   * The API's time limit per request in ms; the Lambda timeout (API_TIME_LIMIT_SECONDS) unless a test
   * stack shortens it. Handlers read it as API_TIME_LIMIT_MS, the gateway applies it.
   */
  timeLimitMs?: number;
  /** How long a chat message stays unread before its email (lambdas/notify/chatReminders.ts): 10 minutes unless a test stack shortens it. */
  chatReminderDelayMs?: number;
  /** How often the Sponsored runs' impressions are written (lambdas/data/adFigures.ts): a minute unless a test stack shortens it. */
  adCountsFlushMs?: number;
  /** DynamoDB Local keeps its tables in memory, not in the data folder (test stacks; see startDynamo). */
  dynamoInMemory?: boolean;
  /** DynamoDB Local died and is restarted, or could not be: see startDynamo. Logged when not given. */
  onEmulatorEvent?: (e: EmulatorEvent) => void;
}

export async function startLocalStack(opts: LocalStackOptions) {
  const { ports, dataDir } = opts;
  assertJava();
  for (const [key, port] of Object.entries(ports) as [keyof LocalPorts, number][]) {
    if (key === 'web' && !opts.web) continue;
    await assertPortFree(port, PORT_ENV[key][2], PORT_ENV[key][0]);
  }
  mkdirSync(dataDir, { recursive: true });
  const tableName = opts.tableName ?? 'marketplace-local';
  const webUrl = `http://localhost:${ports.web}`;
  const corsOrigins = opts.web ? localWebOrigins(ports.web) : '*';
  const codesFile = path.join(dataDir, 'confirmation-codes.jsonl');
  const stops: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const s of stops.reverse()) await s().catch(() => undefined);
  };

  const serviceAccount = ensureLocalServiceAccount(
    path.join(dataDir, 'firebase'),
    FIREBASE_PROJECT,
    `http://127.0.0.1:${ports.firebase}${TOKEN_PATH}`,
  );
  const databaseURL = `http://127.0.0.1:${ports.firebase}?ns=${FIREBASE_PROJECT}`;
  const unsubscribeSecret = ensureLocalSecret(path.join(dataDir, 'unsubscribe-secret'));
  // Web Push's VAPID key pair: made on the first start, kept in the data folder (a Secrets Manager secret in the cloud).
  const vapid = ensureLocalVapidKeys(path.join(dataDir, 'push', 'vapid.json'));

  try {
    const currency = currencySetting(process.env.CURRENCY, 'CURRENCY');
    const [dynamo, s3, firebase, cognito, mail, push, payments] = await Promise.all([
      startDynamo({
        port: ports.dynamo,
        dataDir: path.join(dataDir, 'dynamodb'),
        inMemory: opts.dynamoInMemory,
        onEvent: opts.onEmulatorEvent ?? ((e) => console.error(`local stack: ${e.message}`)),
      }),
      startS3({
        port: ports.s3,
        dataDir: path.join(dataDir, 's3'),
        bucket: BUCKET,
        privateBuckets: [EXPORTS_BUCKET],
        corsOrigins,
      }),
      startFirebase({ port: ports.firebase, dataDir: path.join(dataDir, 'firebase'), serviceAccount }),
      startCognito({
        dataDir: path.join(dataDir, 'cognito'),
        port: ports.cognito,
        onCode: (d) => {
          appendFileSync(codesFile, `${JSON.stringify({ ...d, time: new Date().toISOString() })}\n`);
          opts.onCode?.(d);
          void sendCodeEmail(d).catch((err) =>
            console.error(`local stack: the code for ${d.email} was not emailed: ${(err as Error).message}`),
          );
        },
      }),
      startMail({ smtpPort: ports.smtp, webPort: ports.mail, dataDir: path.join(dataDir, 'mail') }),
      startPushEndpoint({ port: ports.push, dataDir: path.join(dataDir, 'push'), vapidPublicKey: vapid.publicKey }),
      startPaymentProvider({
        port: ports.payments,
        dataDir: path.join(dataDir, 'payments'),
        currency: chargeCurrencyOf(currency),
      }),
    ]);
    // The inboxes stop last: emails and pushes still being sent (a code, a notification) reach them.
    stops.push(push.stop, mail.stop, dynamo.stop, s3.stop, firebase.stop, cognito.stop, payments.stop);

    await ensureTable(dynamo.endpoint, tableName);
    const mediaBaseUrl = `${s3.endpoint}/${BUCKET}/`;
    const issuer = `${cognito.url}/${LOCAL_POOL_ID}`;

    // The handlers know where they run only through these variables (the CDK sets them in the cloud).
    Object.assign(process.env, {
      AWS_REGION: REGION,
      // s3rver only accepts these credentials; DynamoDB Local accepts any.
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      TABLE_NAME: tableName,
      MEDIA_BUCKET: BUCKET,
      MEDIA_BASE_URL: mediaBaseUrl,
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      S3_ENDPOINT: s3.endpoint,
      // Payments: the Paddle adapter pointed at the local provider (the same API; lambdas/payments/provider.ts).
      PAYMENTS_PROVIDER: 'local',
      PAYMENTS_API_URL: payments.url,
      PAYMENTS_TEST: 'true',
      PAYMENTS_PRICES: JSON.stringify(payments.prices),
      PAYMENTS_API_KEY: payments.apiKey,
      PAYMENTS_WEBHOOK_SECRET: payments.webhookSecret,
      OPEN_INDEX_SHARDS: String(DEFAULT_OPEN_INDEX_SHARDS),
      FIREBASE_SERVICE_ACCOUNT: serviceAccount,
      FIREBASE_DATABASE_URL: databaseURL,
      // Email goes to the local inbox over SMTP (SES in the cloud): lambdas/notify/mailer.ts.
      MAIL_TRANSPORT: 'smtp',
      SMTP_HOST: mail.smtpHost,
      SMTP_PORT: String(mail.smtpPort),
      MAIL_FROM: LOCAL_MAIL_FROM,
      // Links in emails: the web app's pages and the API's unsubscribe route (set below, once it listens).
      APP_URL: webUrl,
      // The public pages' canonical origin (lambdas/site): the dev server's; SITE_INDEXABLE stays unset (noindex).
      SITE_URL: webUrl,
      UNSUBSCRIBE_SECRET: unsubscribeSecret,
      // Web Push: the local VAPID keys (lambdas/notify/vapid.ts); http:// endpoints only from the local push endpoint.
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: vapid.subject,
      PUSH_LOCAL_ORIGIN: push.url,
      // A moderator's 'suspend' disables the account in the local user pool; deleting one's account checks the
      // password through the web client and signs out; the erasure deletes the user (lambdas/lib/userPool.ts).
      USER_POOL_ID: LOCAL_POOL_ID,
      USER_POOL_CLIENT_ID: LOCAL_CLIENT_ID,
      COGNITO_ENDPOINT: cognito.url,
      // Data exports (docs/privacy.md): their ZIPs' bucket.
      EXPORTS_BUCKET,
    });
    if (opts.chatReminderDelayMs) process.env.CHAT_REMINDER_DELAY_MS = String(opts.chatReminderDelayMs);
    else delete process.env.CHAT_REMINDER_DELAY_MS;
    if (opts.adCountsFlushMs) process.env.AD_COUNTS_FLUSH_MS = String(opts.adCountsFlushMs);
    else delete process.env.AD_COUNTS_FLUSH_MS;
    if (opts.timeLimitMs) process.env.API_TIME_LIMIT_MS = String(opts.timeLimitMs);
    else delete process.env.API_TIME_LIMIT_MS;

    const gateway = await startGateway({
      port: ports.api,
      issuer,
      audience: LOCAL_CLIENT_ID,
      corsOrigins,
      loadHandler: importHandler,
      onRequest: opts.onRequest,
      timeLimitMs: opts.timeLimitMs,
    });
    stops.push(gateway.stop);
    process.env.API_URL = gateway.url;
    payments.setWebhookUrl(`${gateway.url}${PAYMENT_WEBHOOK_PATH}`);

    // The table's stream feeds the notifier, as the event source mapping does in the cloud.
    const streamRunner = await startStreamRunner({
      endpoint: dynamo.endpoint,
      region: REGION,
      tableName,
      loadHandler: async () => (await import('../../lambdas/notify/handler')).handler,
      failuresFile: path.join(dataDir, 'notifier-failures.jsonl'),
    });
    stops.push(streamRunner.stop);
    // Its second reader, as in the cloud: the privacy worker (data exports, the closure email).
    const privacyRunner = await startStreamRunner({
      endpoint: dynamo.endpoint,
      region: REGION,
      tableName,
      loadHandler: async () => (await import('../../lambdas/privacy/worker')).handler,
      failuresFile: path.join(dataDir, 'privacy-worker-failures.jsonl'),
      onError: (m) => console.error(`privacy worker: ${m}`),
    });
    stops.push(privacyRunner.stop);

    // The pending data migrations, as `cdk deploy` runs them once the functions are updated: the handlers and the
    // stream's readers are up, so local data follows the same path as a stage's. A failure stops the start here.
    const migrations = await runPendingMigrations();

    const info: StackInfo = {
      webUrl: opts.web ? webUrl : undefined,
      apiUrl: gateway.url,
      region: REGION,
      userPoolId: LOCAL_POOL_ID,
      userPoolClientId: LOCAL_CLIENT_ID,
      authEndpoint: cognito.url,
      issuer,
      s3Endpoint: s3.endpoint,
      bucket: BUCKET,
      exportsBucket: EXPORTS_BUCKET,
      mediaBaseUrl,
      dynamoEndpoint: dynamo.endpoint,
      tableName,
      firebase: { host: firebase.host, port: firebase.port, projectId: FIREBASE_PROJECT, databaseURL, serviceAccount },
      codesFile,
      mail: { webUrl: mail.webUrl, apiUrl: mail.apiUrl, smtpHost: mail.smtpHost, smtpPort: mail.smtpPort },
      notifier: { appUrl: webUrl, unsubscribeSecret },
      push: { url: push.url, vapidPublicKey: vapid.publicKey },
      payments: {
        url: payments.url,
        apiKey: payments.apiKey,
        webhookSecret: payments.webhookSecret,
        clientToken: payments.clientToken,
        prices: payments.prices,
      },
      demoAccounts: [],
    };

    await processEarlierUploads(BUCKET);
    info.demoAccounts = await seedIfFirstRun(info, {
      seed: opts.seed,
      imagesProcessed: s3.imagesProcessed,
      pay: (transactionId) => payments.pay(transactionId, '4242424242424242'),
    });
    if (opts.seed) await giveDemoAccountsDevices(info, push);

    if (opts.web) {
      const runtimeConfig: RuntimeConfig = {
        stage: 'local',
        apiUrl: gateway.url,
        region: REGION,
        userPoolId: LOCAL_POOL_ID,
        userPoolClientId: LOCAL_CLIENT_ID,
        userPoolEndpoint: cognito.url,
        authFlow: 'USER_PASSWORD_AUTH',
        cdnBaseUrl: mediaBaseUrl,
        firebase: {
          apiKey: 'local-api-key',
          projectId: FIREBASE_PROJECT,
          databaseURL,
          emulator: { host: '127.0.0.1', port: ports.firebase },
        },
        payments: {
          provider: 'local',
          chargeCurrency: chargeCurrencyOf(currency),
          environment: 'sandbox',
          clientToken: payments.clientToken,
          paddleJsUrl: `${payments.url}${PADDLE_JS_PATH}`,
          localProviderUrl: payments.url,
        },
        currency,
      };
      const web = opts.webBuild
        ? await startWebBuild(ports.web, opts.webBuild, runtimeConfig)
        : await startWeb(ports.web, runtimeConfig);
      stops.push(web.stop);
    }
    return { info, stop, dynamo: { pid: dynamo.pid }, migrations };
  } catch (err) {
    await stop();
    throw err;
  }
}

/**
 * Each demo account (client, business) has one local device subscribed to push, so what the notifier pushes
 * to them lands on the local push endpoint's page (bin/local/push.ts) as it would on their phones.
 */
async function giveDemoAccountsDevices(info: StackInfo, push: LocalPushEndpoint) {
  const { savePushSubscription } = await import('../../lambdas/data/pushSubscriptions');
  for (const account of DEMO_ACCOUNTS.filter((a) => !a.moderator)) {
    const label = `Demo phone of ${account.email}`;
    const device = push.devices().find((d) => d.label === label && !d.gone) ?? push.createDevice(label);
    const sub = await ensureCognitoUser(info, account);
    await savePushSubscription(sub, push.subscriptionOf(device), device.createdAt);
  }
}

/**
 * The user pool's confirmation and reset codes arrive in the local inbox as real emails too, as Cognito
 * sends them through SES in the cloud (they are still printed by npm start).
 */
async function sendCodeEmail(d: { email: string; code: string }) {
  const { sendMail } = await import('../../lambdas/notify/mailer');
  const text = `Your verification code is ${d.code}\nKodi juaj i verifikimit është ${d.code}`;
  await sendMail({
    to: d.email,
    subject: `Your verification code / Kodi i verifikimit: ${d.code}`,
    text,
    html: `<p>Your verification code is <strong>${d.code}</strong></p><p>Kodi juaj i verifikimit është <strong>${d.code}</strong></p>`,
  });
}

/**
 * Vite's dev server for web/, with /config.json answered from this stack's settings. It listens on
 * 127.0.0.1, which serves both http://127.0.0.1:<port> and http://localhost:<port> (browsers try
 * 127.0.0.1 for localhost), and not on the network.
 */
async function startWeb(port: number, runtimeConfig: RuntimeConfig) {
  const { createServer } = await import('vite');
  const body = JSON.stringify(runtimeConfig, null, 2);
  const server = await createServer({
    configFile: path.resolve('web/vite.config.ts'),
    server: { port, strictPort: true, host: '127.0.0.1' },
    clearScreen: false,
    logLevel: 'warn',
    plugins: [
      {
        name: 'local-runtime-config',
        configureServer(s) {
          s.middlewares.use('/config.json', (_req, res) => {
            res.setHeader('content-type', 'application/json');
            res.setHeader('cache-control', 'no-store');
            res.end(body);
          });
          // The public pages (landing, profiles, directory, sitemaps) come from the site handler, as the CDN
          // routes them to its Lambda; every other path is the app.
          s.middlewares.use((req, res, next) => {
            serveSite(req, res).then((served) => served || next(), next);
          });
        },
      },
    ],
  });
  await server.listen();
  return { stop: () => server.close() };
}

/** The production build in dist, on the same address and with the same routing and /config.json as startWeb. */
async function startWebBuild(port: number, dist: string, runtimeConfig: RuntimeConfig) {
  const server = await startWebBuildServer({ dist, port, runtimeConfig });
  return { stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

export function writeStackInfo(file: string, info: StackInfo) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(info, null, 2));
}
