/**
 * `npm start`: the whole marketplace on this machine (see bin/local/stack.ts). Data lives in .local/
 * and survives restarts; `npm run reset` wipes it. Ctrl-C stops everything.
 *
 * The web app is Vite's dev server (hot reload) unless WEB=build: then it is built for production first
 * (as `npm run build:web`, into web/dist) and that build is served on the same port as the CDN answers it
 * (bin/local/webBuild.ts), with its service worker: the app can be installed, used offline and get push.
 */
import path from 'node:path';
import { LocalStackError } from './local/emulators';
import { DEMO_ACCOUNTS } from './local/seed';
import { portsFromEnv, startLocalStack, writeStackInfo } from './local/stack';
import { LOCAL_STACK_FILE } from './local/stackFile';
import { migrationReport } from './local/migrations';
import { MigrationFailed } from '../lambdas/domain/migrations';
import { buildWeb, WEB_DIST } from './local/webBuild';
import { POST_EXPIRY_SCHEDULE_MINUTES } from '../common/constants';
import { AD_RUN_SCHEDULE_MINUTES } from '../common/adRuns';
import { ERASURE_DELAY_DAYS, ERASURE_SCHEDULE_MINUTES } from '../common/privacy';
import { RECONCILE_SCHEDULE_MINUTES } from '../common/payments';
import { PLAN_LIFECYCLE_SCHEDULE_MINUTES } from '../common/plans';

const dataDir = path.resolve('.local/data');
const stackFile = path.resolve(LOCAL_STACK_FILE);
const started = Date.now();
const verbose = process.env.VERBOSE === '1';
/** WEB=build: the production build instead of the dev server (README "Run it on your machine"). */
const WEB_MODES = ['dev', 'build'] as const;
const webMode = process.env.WEB || 'dev';
if (!(WEB_MODES as readonly string[]).includes(webMode)) {
  console.error(
    `npm start: WEB=${webMode} is not known; use WEB=build (the production build) or leave it unset (dev server).`,
  );
  process.exit(1);
}
const servesBuild = webMode === 'build';

console.log(
  'Starting the local marketplace (DynamoDB Local, user pool, S3 and Realtime Database emulators, mail inbox, push endpoint, payment provider, API, web)...',
);

/** Set once the stack runs: an emulator the supervisor cannot bring back stops everything with one message. */
let stopStack: (() => Promise<void>) | undefined;
let failed = false;

try {
  const ports = portsFromEnv();
  if (servesBuild) {
    console.log(`Building the web app for production into ${path.relative('.', WEB_DIST)} (as npm run build:web)...`);
    await buildWeb(WEB_DIST);
  }
  const { info, stop, migrations } = await startLocalStack({
    dataDir,
    ports,
    web: true,
    webBuild: servesBuild ? WEB_DIST : undefined,
    seed: true,
    // The seed confirms the demo accounts itself: only codes people need are printed.
    onCode: ({ email, code }) => {
      if (!DEMO_ACCOUNTS.some((a) => a.email === email))
        console.log(`\n  ✉  Confirmation code for ${email}: ${code}\n`);
    },
    onRequest: verbose ? (l) => console.log(`  ${l.method} ${l.path} -> ${l.status} (${l.ms} ms)`) : undefined,
    // DynamoDB Local's JVM died: it is restarted (API calls answer 503 meanwhile); if it cannot be, stop.
    onEmulatorEvent: (e) => {
      if (e.kind !== 'failed') return console.log(`  ${e.message}`);
      if (failed) return;
      failed = true;
      console.error(`\nnpm start: ${e.message} Stopping everything; run npm start again (data is kept in .local/).`);
      void (stopStack?.() ?? Promise.resolve()).finally(() => process.exit(1));
    },
  });
  stopStack = stop;
  writeStackInfo(stackFile, info);
  if (migrations.applied.length)
    for (const line of migrationReport(migrations)) console.log(`  Data migrations: ${line}`);

  // The expiry job of requests, as the hourly schedule runs it in the cloud (infra/constructs/postExpiry.ts).
  const { closeExpiredPosts } = await import('../lambdas/jobs/closeExpiredPosts');
  const runExpiry = () =>
    closeExpiredPosts()
      .then((r) => {
        if (r.closed) console.log(`  Closed ${r.closed} request(s) past their 30 days.`);
      })
      .catch((err) => console.error('  The expiry job failed:', err instanceof Error ? err.message : err));
  void runExpiry();
  const expiryTimer = setInterval(() => void runExpiry(), POST_EXPIRY_SCHEDULE_MINUTES * 60_000);
  expiryTimer.unref();

  // The job of Sponsored runs, as the schedule runs it in the cloud (infra/constructs/adRunJobs.ts).
  const { advanceSponsoredRuns } = await import('../lambdas/jobs/advanceAdRuns');
  const runAdRuns = () =>
    advanceSponsoredRuns()
      .then((r) => {
        if (r.started || r.ended) console.log(`  Sponsored runs: ${r.started} started, ${r.ended} ended.`);
      })
      .catch((err) => console.error('  The job of Sponsored runs failed:', err instanceof Error ? err.message : err));
  void runAdRuns();
  const adRunsTimer = setInterval(() => void runAdRuns(), AD_RUN_SCHEDULE_MINUTES * 60_000);
  adRunsTimer.unref();

  // The privacy job (closings finished, accounts erased when due), as its schedule runs it in the cloud.
  const { eraseClosedAccounts } = await import('../lambdas/jobs/eraseClosedAccounts');
  const runErasure = () =>
    eraseClosedAccounts()
      .then((r) => {
        if (r.erased) console.log(`  Erased ${r.erased} account(s) deleted ${ERASURE_DELAY_DAYS} days ago.`);
      })
      .catch((err) => console.error('  The privacy job failed:', err instanceof Error ? err.message : err));
  void runErasure();
  const erasureTimer = setInterval(() => void runErasure(), ERASURE_SCHEDULE_MINUTES * 60_000);
  erasureTimer.unref();

  // The reconciliation of payments with the provider, as the hourly schedule runs it in the cloud.
  const { reconcileRecentPayments } = await import('../lambdas/jobs/reconcilePayments');
  const runReconcile = () =>
    reconcileRecentPayments()
      .then((r) => {
        if (r.repaired) console.log(`  Reconciliation repaired ${r.repaired} payment(s) a webhook had not.`);
      })
      .catch((err) => console.error('  The reconciliation failed:', err instanceof Error ? err.message : err));
  const reconcileTimer = setInterval(() => void runReconcile(), RECONCILE_SCHEDULE_MINUTES * 60_000);
  reconcileTimer.unref();

  // The plans' lifecycle (grace periods ending, downgrades due, monthly reports), as the hourly schedule runs it.
  const { runPlanLifecycle } = await import('../lambdas/jobs/planLifecycle');
  const { createLogger } = await import('../lambdas/lib/log');
  const runLifecycle = () =>
    runPlanLifecycle(new Date(), createLogger({ handler: 'planLifecycle' }))
      .then((r) => {
        if (r.graceEnded || r.downgraded)
          console.log(`  Plans: ${r.graceEnded} grace period(s) ended, ${r.downgraded} downgrade(s) applied.`);
      })
      .catch((err) => console.error("  The plans' lifecycle job failed:", err instanceof Error ? err.message : err));
  void runLifecycle();
  const lifecycleTimer = setInterval(() => void runLifecycle(), PLAN_LIFECYCLE_SCHEDULE_MINUTES * 60_000);
  lifecycleTimer.unref();

  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`
Ready in ${seconds} s.

  Web app      ${info.webUrl}${servesBuild ? ' (the production build of web/dist: installable, offline, push; no hot reload, restart to rebuild)' : ''}
  API          ${info.apiUrl}
  API docs     ${info.apiUrl}/docs (the OpenAPI document: ${info.apiUrl}/openapi.json)
  User pool    ${info.authEndpoint} (${info.userPoolId}, client ${info.userPoolClientId})
  S3           ${info.s3Endpoint} (bucket ${info.bucket})
  DynamoDB     ${info.dynamoEndpoint} (table ${info.tableName})
  Realtime DB  ${info.firebase.host}:${info.firebase.port}
  Mail inbox   ${info.mail.webUrl} (SMTP ${info.mail.smtpHost}:${info.mail.smtpPort}; every email the app sends lands here)
  Push         ${info.push.url} (every Web Push the notifier sends to a local device, decrypted; the demo accounts have one each)
  Payments     ${info.payments.url} (the local payment provider: Paddle's API, its checkout page, signed webhooks; test card 4242 4242 4242 4242)

Demo accounts:
${info.demoAccounts.map((a) => `  ${(a.moderator ? 'moderator' : a.role).padEnd(9)} ${a.email}  /  ${a.password}${a.operator ? '  (also an operator: /operator)' : ''}`).join('\n')}

Confirmation codes for new sign-ups are printed here and emailed to the inbox. Endpoints are in .local/stack.json.
Press Ctrl-C to stop.`);

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping...');
    await stop();
    console.log('Stopped. Data kept in .local/ (npm run reset wipes it).');
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
} catch (err) {
  if (err instanceof LocalStackError) {
    console.error(`npm start: ${err.message}`);
  } else if (err instanceof MigrationFailed) {
    console.error(
      `npm start: ${err.message}. Fix the migration (or the data it names) and start again: it goes on where it stopped.`,
    );
  } else {
    console.error('npm start failed:', err);
  }
  process.exit(1);
}
