/**
 * infra/access.ts is the only source of each Lambda's data permissions; this test reads every
 * handler's bundle and checks the map against what the code really does, both ways: nothing the
 * code needs is missing (it would fail with AccessDenied in the cloud) and nothing is granted that
 * the code does not use.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../common/routes';
import { HANDLER_ACCESS, MIGRATIONS_ACCESS, READ_TABLE_ACTIONS, SITE_ACCESS, accessOf } from '../../infra/access';
import { SITE_ENTRY } from '../../infra/constructs/publicSite';
import { MIGRATIONS_ENTRY } from '../../infra/constructs/migrations';
import { INDEXES } from '../../lambdas/model/schema';
import {
  bundleEntries,
  bundleHandlers,
  detectAccess,
  type DetectedAccess,
  type HandlerUsage,
} from './support/handlerUsage';

const handlers = [...new Set(routes.map((r) => r.handler))];
let usage: Map<string, HandlerUsage>;
const detected = new Map<string, DetectedAccess>();

beforeAll(async () => {
  usage = await bundleHandlers(handlers);
  for (const [h, u] of usage) detected.set(h, detectAccess(u));
});

const sorted = (xs: readonly string[] | undefined) => [...(xs ?? [])].sort();

describe('infra/access.ts', () => {
  it('has exactly one entry per handler of the route table', () => {
    expect(sorted(Object.keys(HANDLER_ACCESS))).toEqual(sorted(handlers));
  });

  it('bundled every handler', () => {
    expect(sorted([...usage.keys()])).toEqual(sorted(handlers));
  });

  it.each(handlers)(
    '%s: grants exactly the DynamoDB actions, indexes, uploads and secrets its code uses',
    (handler) => {
      const found = detected.get(handler)!;
      const declared = accessOf(handler);
      const hint = `${handler} sends ${found.commands.join(', ') || 'no AWS command'}; fix infra/access.ts`;

      expect(found.forbidden, `${handler} must not scan`).toEqual([]);
      expect(found.unknown, `${hint}: teach infra/access.ts COMMAND_ACTIONS these commands`).toEqual([]);
      expect(
        found.indexes.every((i) => i in INDEXES),
        `unknown index in ${handler}`,
      ).toBe(true);
      expect(sorted(declared.indexes), hint).toEqual(found.indexes);

      // Query is the one action that can go to the table or an index. When the code names an index,
      // whether it also queries the base table is not visible in the bundle: the map decides.
      const withoutAmbiguousQuery = (actions: readonly string[]) =>
        sorted(found.indexes.length > 0 ? actions.filter((a) => a !== 'Query') : actions);
      expect(withoutAmbiguousQuery(declared.table), hint).toEqual(withoutAmbiguousQuery(found.table));
      if (found.indexes.length > 0 && declared.table.includes('Query')) {
        expect(found.table, `${handler} is granted Query on the table but sends no Query`).toContain('Query');
      }

      expect(sorted(declared.media), `${hint}: S3 actions on uploads/*`).toEqual(found.media);
      expect(!!declared.chatSecret, `${handler}: Firebase secret`).toBe(found.chatSecret);
      expect(!!declared.unsubscribeSecret, `${handler}: unsubscribe link key`).toBe(found.unsubscribeSecret);
      expect(!!declared.vapidSecret, `${handler}: VAPID key pair`).toBe(found.vapidSecret);
      expect(!!declared.paymentsSecret, `${handler}: Paddle keys`).toBe(found.paymentsSecret);
      expect(sorted(declared.userPool), `${handler}: user pool admin calls`).toEqual(found.userPool);
      expect(!!declared.exportsRead, `${handler}: data export downloads`).toBe(found.exportsRead);
    },
  );

  it('lets only createUploadUrl sign uploads, only the handlers that save or delete records with pictures tag and untag them, only the chat handlers that mint tokens, send or report messages read the Firebase secret', () => {
    const withMedia = (action: string) => handlers.filter((h) => accessOf(h).media?.includes(action as never)).sort();
    const secretReaders = handlers.filter((h) => accessOf(h).chatSecret);
    expect(withMedia('PutObject')).toEqual(['createUploadUrl']);
    expect(withMedia('PutObjectTagging')).toEqual([
      'createUploadUrl',
      'deleteAd',
      'deleteIdea',
      'deletePost',
      'requestVerification',
      'updateBusiness',
      'updateUser',
    ]);
    expect(withMedia('DeleteObjectTagging')).toEqual([
      'createAd',
      'createPost',
      'deleteAd',
      'deleteIdea',
      'deletePost',
      'requestVerification',
      'tagIdea',
      'updateBusiness',
      'updateUser',
    ]);
    expect(secretReaders.sort()).toEqual([
      'createChatToken',
      'decideReportedItem',
      'reportChatMessage',
      'sendChatMessage',
    ]);
  });

  it('detects a command the map does not grant (the check can fail)', () => {
    const fake = detectAccess({
      sdkImports: {},
      appCode:
        'async function f() { await ddb().send(new DeleteCommand2({ Key })); await send(new TransactWriteCommand({ TransactItems: [{ ConditionCheck: { Key } }] })); return q({ index: "GSI2" }); }',
    });
    expect(fake.table).toEqual(['ConditionCheckItem', 'DeleteItem']);
    expect(fake.indexes).toEqual(['GSI2']);
    expect(detectAccess({ sdkImports: {}, appCode: 'send(new ScanCommand({}))' }).forbidden).toEqual(['ScanCommand']);
    // S3: a tagged PUT needs PutObjectTagging too; an untag is its own action.
    expect(detectAccess({ sdkImports: {}, appCode: 'sign(new PutObjectCommand({ Bucket, Key }))' }).media).toEqual([
      'PutObject',
    ]);
    expect(detectAccess({ sdkImports: {}, appCode: 'sign(new PutObjectCommand({ Key, Tagging: t }))' }).media).toEqual([
      'PutObject',
      'PutObjectTagging',
    ]);
    expect(detectAccess({ sdkImports: {}, appCode: 'send(new DeleteObjectTaggingCommand({ Key }))' }).media).toEqual([
      'DeleteObjectTagging',
    ]);
  });
});

describe('infra/access.ts SITE_ACCESS (the public pages)', () => {
  let site: DetectedAccess;
  beforeAll(async () => {
    const usage = await bundleEntries({ site: SITE_ENTRY });
    site = detectAccess(usage.get('site')!);
  });

  it('grants exactly the reads the site code sends: no Scan, no write, no upload, no secret', () => {
    const hint = `lambdas/site sends ${site.commands.join(', ')}; fix infra/access.ts SITE_ACCESS`;
    expect(site.forbidden).toEqual([]);
    expect(site.unknown, hint).toEqual([]);
    expect(sorted(SITE_ACCESS.table), hint).toEqual(site.table);
    expect(sorted(SITE_ACCESS.indexes), hint).toEqual(site.indexes);
    expect(site.media).toEqual([]);
    expect([site.chatSecret, site.unsubscribeSecret, site.vapidSecret, site.paymentsSecret, site.exportsRead]).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(site.userPool).toEqual([]);
  });

  it('is read-only', () => {
    expect(SITE_ACCESS.table.every((a) => READ_TABLE_ACTIONS.includes(a))).toBe(true);
    expect(SITE_ACCESS.media ?? []).toEqual([]);
  });
});

describe('infra/access.ts MIGRATIONS_ACCESS (the data migrations of a deployment)', () => {
  let runner: DetectedAccess;
  beforeAll(async () => {
    const usage = await bundleEntries({ migrations: MIGRATIONS_ENTRY });
    runner = detectAccess(usage.get('migrations')!);
  });

  it('grants exactly what the runner and the migrations of lambdas/migrations/ send: no Scan, no upload, no secret', () => {
    const hint = `the migrations' function sends ${runner.commands.join(', ')}; fix infra/access.ts MIGRATIONS_ACCESS`;
    expect(runner.forbidden).toEqual([]);
    expect(runner.unknown, hint).toEqual([]);
    expect(sorted(MIGRATIONS_ACCESS.table), hint).toEqual(runner.table);
    expect(sorted(MIGRATIONS_ACCESS.indexes), hint).toEqual(runner.indexes);
    expect(runner.media).toEqual([]);
    expect([
      runner.chatSecret,
      runner.unsubscribeSecret,
      runner.vapidSecret,
      runner.paymentsSecret,
      runner.exportsRead,
    ]).toEqual([false, false, false, false, false]);
    expect(runner.userPool).toEqual([]);
  });
});
