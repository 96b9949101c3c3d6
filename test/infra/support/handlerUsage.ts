/**
 * What each handler's code really uses, read from its esbuild bundle: every handler is bundled the
 * way the CDK app bundles it (ESM, tree-shaken, AWS SDK left external) but not minified, so that
 *  - the named imports from the AWS SDK that survive tree-shaking are the commands it can send,
 *  - the module markers (`// lambdas/data/posts.ts`) tell our code apart from libraries, and what
 *    is left of it names the indexes it queries and the item kinds of its transactions.
 */
import path from 'node:path';
import { build } from 'esbuild';
import {
  COMMAND_ACTIONS,
  S3_COMMAND_ACTIONS,
  TRANSACTION_ITEM_ACTIONS,
  USER_POOL_COMMAND_ACTIONS,
  EXPORTS_READ_COMMANDS,
  type MediaAction,
  type UserPoolAction,
  type TableAction,
} from '../../../infra/access';
import { HANDLERS_DIR, REPO_ROOT } from '../../../infra/constructs/api';

export interface HandlerUsage {
  /** Named imports per external SDK package, e.g. { '@aws-sdk/lib-dynamodb': ['GetCommand'] }. */
  sdkImports: Record<string, string[]>;
  /** Our own code (not node_modules) that made it into the bundle, minus the index definitions. */
  appCode: string;
}

const IMPORT = /^import\s*\{([^}]*)\}\s*from\s*"(@aws-sdk\/[^"]+)";?$/gm;
/** esbuild's comment before each module: `// lambdas/data/posts.ts`, `// node_modules/zod/...`. */
const MODULE_MARKER = /^\/\/ ([\w@.-]+(?:\/[\w@.-]+)+\.(?:ts|tsx|js|mjs|cjs|json))$/m;

export function bundleHandlers(handlers: string[]): Promise<Map<string, HandlerUsage>> {
  return bundleEntries(Object.fromEntries(handlers.map((h) => [h, path.join(HANDLERS_DIR, `${h}.ts`)])));
}

/** The same for any entry files, by name (the public site's function: lambdas/site/handler.ts). */
export async function bundleEntries(entries: Record<string, string>): Promise<Map<string, HandlerUsage>> {
  const result = await build({
    absWorkingDir: REPO_ROOT,
    entryPoints: entries,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    mainFields: ['module', 'main'],
    external: ['@aws-sdk/*'],
    outdir: path.join(REPO_ROOT, 'cdk.out', 'handler-usage'),
    write: false,
    minify: false,
    treeShaking: true,
    logLevel: 'silent',
  });
  const usage = new Map<string, HandlerUsage>();
  for (const file of result.outputFiles) {
    const handler = path.basename(file.path, '.js');
    const text = file.text;
    const sdkImports: Record<string, string[]> = {};
    for (const m of text.matchAll(IMPORT)) {
      const names = m[1]
        .split(',')
        .map((s) => s.trim().split(/\s+as\s+/)[0])
        .filter(Boolean);
      sdkImports[m[2]] = [...new Set([...(sdkImports[m[2]] ?? []), ...names])].sort();
    }
    // Split into per-module chunks and keep ours, except the index definitions themselves.
    const chunks = text.split(/(?=^\/\/ [\w@.-]+(?:\/[\w@.-]+)+\.(?:ts|tsx|js|mjs|cjs|json)$)/m);
    const appCode = chunks
      .filter((c) => {
        const source = MODULE_MARKER.exec(c)?.[1];
        return source && !source.includes('node_modules') && !source.endsWith('lambdas/model/schema.ts');
      })
      .join('\n');
    usage.set(handler, { sdkImports, appCode });
  }
  return usage;
}

/** What a handler's bundle shows it needs, in the terms of infra/access.ts. */
export interface DetectedAccess {
  commands: string[];
  table: TableAction[];
  indexes: string[];
  /** S3 actions on the media bucket's uploads (sorted). */
  media: MediaAction[];
  chatSecret: boolean;
  unsubscribeSecret: boolean;
  vapidSecret: boolean;
  /** Reads the Paddle keys (PAYMENTS_SECRET_ARN). */
  paymentsSecret: boolean;
  /** The user pool's admin actions its commands need (infra/access.ts `userPool`), sorted. */
  userPool: UserPoolAction[];
  /** Signs download addresses of data exports (infra/access.ts `exportsRead`). */
  exportsRead: boolean;
  /** Commands no handler may send (Scan, PartiQL). */
  forbidden: string[];
  /** AWS SDK commands this check does not know how to grant: teach infra/access.ts first. */
  unknown: string[];
}

const COMMAND_CALL = /\bnew\s+([A-Z]\w*Command)\d*\s*\(/g;
const PAGINATOR_CALL = /\b(paginate[A-Z]\w*?)\d*\s*\(/g;
const TRANSACTION_ITEM = /\b(Put|Update|Delete|ConditionCheck)\s*:\s*\{/g;
const INDEX_NAME = /\b(GSI\d+)\b/g;
/** A `Tagging` parameter of a PutObject (the tag a presigned upload is stored with). */
const TAGGING_PARAM = /\bTagging\s*:/;

export function detectAccess({ appCode }: HandlerUsage): DetectedAccess {
  const commands = [
    ...new Set([
      ...[...appCode.matchAll(COMMAND_CALL)].map((m) => m[1]),
      ...[...appCode.matchAll(PAGINATOR_CALL)].map((m) => m[1]),
    ]),
  ].sort();
  const table = new Set<TableAction>();
  const media = new Set<MediaAction>();
  const detected: DetectedAccess = {
    commands,
    table: [],
    indexes: [],
    media: [],
    chatSecret: appCode.includes('FIREBASE_SECRET_ARN'),
    unsubscribeSecret: appCode.includes('UNSUBSCRIBE_SECRET_ARN'),
    vapidSecret: appCode.includes('VAPID_SECRET_ARN'),
    paymentsSecret: appCode.includes('PAYMENTS_SECRET_ARN'),
    userPool: [],
    exportsRead: false,
    forbidden: [],
    unknown: [],
  };
  for (const command of commands) {
    const actions = COMMAND_ACTIONS[command];
    if (S3_COMMAND_ACTIONS[command]) {
      S3_COMMAND_ACTIONS[command].forEach((a) => media.add(a));
      if (command === 'PutObjectCommand' && TAGGING_PARAM.test(appCode)) media.add('PutObjectTagging');
    } else if (command === 'GetSecretValueCommand')
      detected.chatSecret ||= !detected.unsubscribeSecret && !detected.vapidSecret && !detected.paymentsSecret;
    else if (USER_POOL_COMMAND_ACTIONS[command]) detected.userPool.push(USER_POOL_COMMAND_ACTIONS[command]);
    else if ((EXPORTS_READ_COMMANDS as readonly string[]).includes(command)) detected.exportsRead = true;
    else if (actions === 'forbidden') detected.forbidden.push(command);
    else if (actions === 'transaction') {
      for (const m of appCode.matchAll(TRANSACTION_ITEM)) table.add(TRANSACTION_ITEM_ACTIONS[m[1]]);
    } else if (actions) actions.forEach((a) => table.add(a));
    else detected.unknown.push(command);
  }
  if (/\bcreatePresignedPost\s*\(/.test(appCode)) media.add('PutObject');
  detected.table = [...table].sort();
  detected.userPool = [...new Set(detected.userPool)].sort();
  detected.media = [...media].sort();
  detected.indexes = [...new Set([...appCode.matchAll(INDEX_NAME)].map((m) => m[1]))].sort();
  return detected;
}
