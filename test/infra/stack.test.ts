/**
 * Assertions on the synthesized CloudFormation of a stage: the dev stage is synthesized once with
 * real esbuild bundling of every handler (shared by all tests here), the prod stage once without
 * bundling (its tests look at data retention only).
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { App, type CfnResource, Stack, Validations } from 'aws-cdk-lib';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { Code, Function as LambdaFunction, Runtime } from 'aws-cdk-lib/aws-lambda';
import { BackupPlan, BackupResource } from 'aws-cdk-lib/aws-backup';
import { AttributeType, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { GlobalTableChecks } from '../../infra/nag';
import { ResponseHeadersPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TIME_LIMIT_SECONDS } from '../../common/constants';
import { routeKey, routes, type RouteDef } from '../../common/routes';
import { routeGroup, routeStackId } from '../../infra/constructs/routeFunctions';
import { STAGE_STACK_ROUTE_GROUPS } from '../../infra/constructs/api';
import { OPENAPI_KEY } from '../../infra/constructs/webHosting';
import { accessOf } from '../../infra/access';
import { INDEXES } from '../../lambdas/model/schema';
import { stageConfig } from '../../infra/stages';
import { buildApp } from '../../infra/app';
import { FUNCTION_RUNTIME, bundling } from '../../infra/constructs/functionDefaults';
import { BUNDLE_CEILING_BYTES, TOTAL_CEILING_BYTES, bundleSizes } from '../../scripts/bundle-sizes';
import { fakeWebBuild, flattenResources, synthStage, type Synthesized } from './support/synth';
import { Template } from 'aws-cdk-lib/assertions';
import { APP_ROUTE_PATTERNS, isAnsweredByApp, isAppPath } from '../../common/appRoutes';
import { PUBLIC_PATH_PATTERNS } from '../../common/publicPages';
import {
  LANGUAGE_COOKIE,
  languageOfRequest,
  PRERENDERED_PATHS,
  prerenderedFile,
  prerenderedPathOf,
} from '../../common/prerender';
import { scriptHash } from '../../infra/constructs/webHosting';
import { CACHE_CONTROL } from '../../lambdas/site/handler';
import { SCRIPTS } from '../../lambdas/site/pages';

const run = promisify(execFile);

type Resource = {
  Type: string;
  Properties: Record<string, any>;
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
};
type Resources = Record<string, Resource>;

let dev: Synthesized;
let res: Resources;
const dump = (v: unknown) => JSON.stringify(v);
const ofType = (type: string) => Object.entries(res).filter(([, r]) => r.Type === type);
const one = (type: string) => {
  const found = ofType(type);
  expect(found, type).toHaveLength(1);
  return found[0];
};
/** Logical id the value refers to through Ref or Fn::GetAtt. */
const target = (value: any): string | undefined => value?.Ref ?? value?.['Fn::GetAtt']?.[0];
/** The web app's distribution (app, files and public pages) and the media CDN's, as [logical id, resource]. */
const webDistribution = () => {
  const id = dev.stack.getLogicalId(dev.stack.web.distribution.node.defaultChild as CfnResource);
  return [id, res[id]] as const;
};
const mediaDistribution = () => ofType('AWS::CloudFront::Distribution').find(([id]) => id !== webDistribution()[0])!;

let mainStack: Resources;
// Bundling every function (one esbuild run each, as `cdk synth` does) takes 3 to 4 minutes on 2 cores alone, more
// beside the other projects: the hook may take up to 10.
beforeAll(() => {
  dev = synthStage('dev', { bundle: true });
  mainStack = dev.template.toJSON().Resources;
  // The route functions, the dashboard and alarms and the notifier live in nested stacks
  // (infra/constructs/routeFunctions.ts, monitoring.ts, notifier.ts): read as one template.
  res = flattenResources(dev.stack);
}, 600_000);
afterAll(() => dev?.cleanup());

const IMAGE_PROCESSOR = 'marketplace-dev-image-processor';
const POST_EXPIRY = 'marketplace-dev-close-expired-posts';
/**
 * Functions that are not behind a route: the image processor, the expiry job of requests, the job of Sponsored runs,
 * the privacy job and worker, the notifier's three and the deployment's steps that put the VAPID key pair of Web Push
 * and run the data migrations.
 */
const NOTIFIER_FUNCTIONS = ['notifier', 'lead-digest', 'chat-reminder', 'operator-report'].map(
  (n) => `marketplace-dev-${n}`,
);
const SITE = 'marketplace-dev-site';
const VAPID_KEY_PAIR = 'marketplace-dev-vapid-key-pair';
const MIGRATIONS = 'marketplace-dev-migrations';
const ERASURE = 'marketplace-dev-erase-closed-accounts';
const PRIVACY_WORKER = 'marketplace-dev-privacy-worker';
const RECONCILE = 'marketplace-dev-reconcile-payments';
const AD_RUN_JOB = 'marketplace-dev-advance-ad-runs';
const PLAN_LIFECYCLE = 'marketplace-dev-plan-lifecycle';
const NOT_ROUTES = [
  IMAGE_PROCESSOR,
  POST_EXPIRY,
  AD_RUN_JOB,
  SITE,
  VAPID_KEY_PAIR,
  MIGRATIONS,
  ERASURE,
  PRIVACY_WORKER,
  RECONCILE,
  PLAN_LIFECYCLE,
  ...NOTIFIER_FUNCTIONS,
];
const routeFunctions = () =>
  ofType('AWS::Lambda::Function').filter(
    ([, r]) =>
      typeof r.Properties.FunctionName === 'string' &&
      r.Properties.FunctionName.startsWith('marketplace-dev-') &&
      !NOT_ROUTES.includes(r.Properties.FunctionName),
  );

describe('API', () => {
  it('has one route per route-table entry, each with its own function and the Cognito JWT authorizer (public routes: none)', () => {
    const [authorizerId, authorizer] = one('AWS::ApiGatewayV2::Authorizer');
    expect(authorizer.Properties.AuthorizerType).toBe('JWT');
    const [poolId] = one('AWS::Cognito::UserPool');
    const [clientId] = one('AWS::Cognito::UserPoolClient');
    expect(dump(authorizer.Properties.JwtConfiguration.Issuer)).toContain(poolId);
    expect(authorizer.Properties.JwtConfiguration.Audience).toEqual([{ Ref: clientId }]);

    const apiRoutes = ofType('AWS::ApiGatewayV2::Route');
    expect(apiRoutes.map(([, r]) => r.Properties.RouteKey).sort()).toEqual(routes.map(routeKey).sort());

    const functionsUsed = new Set<string>();
    for (const route of routes) {
      const [, r] = apiRoutes.find(([, x]) => x.Properties.RouteKey === routeKey(route))!;
      if (route.auth === 'public') {
        expect(r.Properties.AuthorizationType, routeKey(route)).toBe('NONE');
        expect(r.Properties.AuthorizerId).toBeUndefined();
      } else {
        expect(r.Properties.AuthorizationType, routeKey(route)).toBe('JWT');
        expect(r.Properties.AuthorizerId).toEqual({ Ref: authorizerId });
      }
      const integrationId = dump(r.Properties.Target).match(/"Ref":"([^"]+)"/)![1];
      const integration = res[integrationId];
      expect(integration.Properties.IntegrationType).toBe('AWS_PROXY');
      expect(integration.Properties.PayloadFormatVersion).toBe('2.0');
      const fnId = target(integration.Properties.IntegrationUri)!;
      expect(res[fnId].Properties.FunctionName).toBe(`marketplace-dev-api-${route.handler}`);
      functionsUsed.add(fnId);
    }
    expect(functionsUsed.size).toBe(routes.length);
    expect(routeFunctions()).toHaveLength(routes.length);
  });

  it('runs every function on Node.js 24, arm64, with memory, timeout, JSON logs with retention and the stage environment', () => {
    const stage = stageConfig('dev');
    for (const [, fn] of routeFunctions()) {
      const p = fn.Properties;
      expect(p.Runtime).toBe('nodejs24.x');
      expect(p.Architectures).toEqual(['arm64']);
      expect(p.MemorySize).toBe(stage.lambda.memoryMb);
      expect(p.Timeout).toBe(API_TIME_LIMIT_SECONDS);
      expect(p.Handler).toBe('index.handler');
      expect(p.LoggingConfig.LogFormat).toBe('JSON');
      expect(Object.keys(p.Environment.Variables)).toEqual(
        expect.arrayContaining(['TABLE_NAME', 'MEDIA_BUCKET', 'MEDIA_BASE_URL', 'NODE_OPTIONS']),
      );
      expect(p.Environment.Variables.NODE_OPTIONS).toContain('--enable-source-maps');
      const logGroup = res[target(p.LoggingConfig.LogGroup)!];
      expect(logGroup.Properties.RetentionInDays).toBe(14);
    }
  });

  it('bundles each function as a minified ESM file with a source map', () => {
    const assetDirs = readdirSync(dev.outdir).filter(
      (d) => d.startsWith('asset.') && existsSync(path.join(dev.outdir, d, 'index.mjs')),
    );
    expect(assetDirs.length).toBe(routes.length + NOT_ROUTES.length);
    for (const dir of assetDirs) {
      const code = readFileSync(path.join(dev.outdir, dir, 'index.mjs'), 'utf8');
      expect(existsSync(path.join(dev.outdir, dir, 'index.mjs.map'))).toBe(true);
      expect(code).toMatch(/export\s*\{[^}]*as handler/);
      expect(code.length / code.split('\n').length, dir).toBeGreaterThan(500); // minified: long lines
    }
  });

  it('builds every function alike, for the Node.js version it runs on, with the AWS SDK and Powertools in its bundle and no layer', () => {
    const functions = ofType('AWS::Lambda::Function').filter(([, f]) =>
      String(f.Properties.FunctionName).startsWith('marketplace-dev-'),
    );
    expect(functions).toHaveLength(routes.length + NOT_ROUTES.length);
    // One configuration for all of them (infra/constructs/functionDefaults.ts).
    for (const [, f] of functions) {
      expect(f.Properties, f.Properties.FunctionName).toMatchObject({
        Runtime: 'nodejs24.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
        TracingConfig: { Mode: 'Active' },
        LoggingConfig: { LogFormat: 'JSON', ApplicationLogLevel: 'INFO', SystemLogLevel: 'WARN' },
        Environment: { Variables: expect.objectContaining({ POWERTOOLS_SERVICE_NAME: 'marketplace-dev' }) },
      });
      // Everything a function runs is in its own asset: no layer to keep at the same version.
      expect(f.Properties.Layers, f.Properties.FunctionName).toBeUndefined();
    }
    // esbuild writes code for the runtime's Node.js version: nodejs24.x -> node24.
    expect(FUNCTION_RUNTIME.name).toBe('nodejs24.x');
    expect(bundling().target).toBe('node24');

    const imported = new Set<string>();
    for (const dir of readdirSync(dev.outdir).filter((d) => existsSync(path.join(dev.outdir, d, 'index.mjs')))) {
      const code = readFileSync(path.join(dev.outdir, dir, 'index.mjs'), 'utf8');
      // Static imports (top-level statements: at the start or after a `;` or `}`).
      for (const m of code.matchAll(/(?:^|[;}])\s*import\s*(?:[\w$*\s{},]+?from\s*)?"([^"]+)"/g)) imported.add(m[1]);
      // The bundled SDK and Powertools: the X-Ray segment the Tracer adds to each SDK call is in the code itself.
      expect(code, dir).not.toMatch(/from\s*"@aws-(sdk|lambda-powertools)\//);
    }
    const packages = [...imported].filter((m) => !m.startsWith('node:'));
    // sharp is installed next to the image processor's bundle (its arm64 binaries).
    expect(packages).toEqual(['sharp']);
  });

  it('loads every bundle on its own, from a folder with no node_modules above it (all but the image processor: its sharp is for arm64)', async () => {
    const sizes = bundleSizes(dev.outdir).filter((s) => s.functionName !== IMAGE_PROCESSOR);
    const alone = mkdtempSync(path.join(tmpdir(), 'bundles-alone-'));
    try {
      const files = sizes.map((s) => {
        const dir = path.join(alone, s.functionName);
        cpSync(path.dirname(s.file), dir, { recursive: true });
        return path.join(dir, 'index.mjs');
      });
      expect(existsSync(path.join(tmpdir(), 'node_modules'))).toBe(false);
      // In Lambda's environment, so the Tracer (loaded only there, from the bundle) loads too. A few bundles per
      // process: each holds its own SDK.
      const env = { PATH: process.env.PATH, AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x', AWS_REGION: 'eu-central-1' };
      const script =
        'for (const f of process.argv.slice(1)) { const m = await import(f); if (typeof m.handler !== "function") throw new Error(f + " exports no handler"); }';
      for (let i = 0; i < files.length; i += 10)
        await run(process.execPath, ['--input-type=module', '-e', script, ...files.slice(i, i + 10)], {
          env,
          cwd: alone,
        });
    } finally {
      rmSync(alone, { recursive: true, force: true });
    }
  }, 300_000);

  it(`keeps every bundle under ${BUNDLE_CEILING_BYTES / 1024} KB minified and all of them under ${TOTAL_CEILING_BYTES / 1024 / 1024} MB gzipped (npm run bundle-sizes; their start: npm run bench:start), the site's too`, () => {
    const sizes = bundleSizes(dev.outdir);
    expect(sizes).toHaveLength(routes.length + NOT_ROUTES.length);
    expect(
      sizes.filter((s) => s.overCeiling).map((s) => `${s.functionName} ${(s.bytes / 1024).toFixed(0)} KB`),
    ).toEqual([]);
    expect(sizes.reduce((sum, s) => sum + s.gzipBytes, 0)).toBeLessThanOrEqual(TOTAL_CEILING_BYTES);
    // Source maps hold our own code's mappings only (infra/constructs/ownSourceMaps.mjs): small, read at every start.
    for (const s of sizes) {
      const map = JSON.parse(readFileSync(`${s.file}.map`, 'utf8')) as { sources: string[] };
      expect(
        map.sources.filter((f) => f.includes('node_modules/')),
        s.functionName,
      ).toEqual([]);
      expect(
        map.sources.some((f) => /\/(lambdas|common)\//.test(f)),
        s.functionName,
      ).toBe(true);
    }
    // The site renders with React's legacy server renderer alone (infra/constructs/publicSite.ts
    // SITE_SERVER_RENDERER), in its production build, and without zod (its data modules import none).
    const site = readFileSync(sizes.find((s) => s.functionName === SITE)!.file, 'utf8');
    expect(site).not.toContain('resumeToPipeableStream');
    expect(site).not.toContain('ZodError');
  });

  it('answers CORS only for the web origin and exposes the paging header; throttles and writes JSON access logs', () => {
    const [, cors] = ofType('Custom::AWS').find(([, r]) => dump(r.Properties.Create).includes('UpdateApi'))!;
    const call = dump(cors.Properties.Create);
    const [webCdnId] = webDistribution();
    expect(call).toContain('UpdateApi');
    expect(call).toContain(webCdnId);
    expect(call).toContain('x-next-cursor');
    expect(call).not.toContain('"*"');

    const [, stage] = one('AWS::ApiGatewayV2::Stage');
    expect(stage.Properties.StageName).toBe('$default');
    expect(stage.Properties.DefaultRouteSettings).toMatchObject({ ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 });
    const format = JSON.parse(stage.Properties.AccessLogSettings.Format);
    expect(format.requestId).toBe('$context.requestId');
    expect(format.status).toBe('$context.status');
  });
});

describe('route table', () => {
  it('refuses to synthesize a route whose handler file is missing, naming the file', () => {
    const ghost = { method: 'GET', path: '/ghost', handler: 'ghostHandler', auth: 'user' } as const;
    expect(() =>
      buildApp({
        context: { stage: 'dev', 'aws:cdk:bundling-stacks': [] },
        webDistPath: fakeWebBuild(),
        routes: [...routes, ghost],
      }),
    ).toThrow('GET /ghost -> lambdas/handlers/ghostHandler.ts');
  });
});

describe('least privilege', () => {
  /** action -> resource (serialized) pairs of every policy attached to a role, logs excluded. */
  const grantsOf = (roleId: string) => {
    const pairs: string[] = [];
    for (const [, policy] of ofType('AWS::IAM::Policy')) {
      if (!policy.Properties.Roles.some((r: any) => r.Ref === roleId)) continue;
      for (const s of policy.Properties.PolicyDocument.Statement) {
        expect(s.Effect).toBe('Allow');
        for (const action of [s.Action].flat()) {
          if (action.startsWith('logs:')) continue;
          for (const resource of [s.Resource].flat()) pairs.push(`${action} ${dump(resource)}`);
        }
      }
    }
    return pairs.sort();
  };

  it.each(routes.map((r) => r.handler))('%s reaches only what infra/access.ts lists for it', (handler) => {
    const [, fn] = routeFunctions().find(([, f]) => f.Properties.FunctionName === `marketplace-dev-api-${handler}`)!;
    const roleId = target(fn.Properties.Role)!;
    expect(res[roleId].Properties.ManagedPolicyArns ?? []).toEqual([]);
    const [tableId] = one('AWS::DynamoDB::GlobalTable');
    const secretOf = (name: string) =>
      ofType('AWS::SecretsManager::Secret').find(([, x]) => x.Properties.Name === name)![0];
    const secretId = secretOf('marketplace-dev/firebase-service-account');
    const unsubscribeSecretId = secretOf('marketplace-dev/unsubscribe-link-key');
    const vapidSecretId = secretOf('marketplace-dev/web-push-vapid-keys');
    const paymentsSecretId = secretOf('marketplace-dev/payments');
    const access = accessOf(handler);
    const tableArn = dump({ 'Fn::GetAtt': [tableId, 'Arn'] });

    const expected = [
      ...access.table.map((a) => `dynamodb:${a} ${tableArn}`),
      ...(access.indexes ?? []).map(
        (i) =>
          `dynamodb:Query ${dump({ 'Fn::Join': ['', [{ 'Fn::GetAtt': [tableId, 'Arn'] }, `/index/${INDEXES[i].name}`]] })}`,
      ),
      ...(access.chatSecret ? [`secretsmanager:GetSecretValue ${dump({ Ref: secretId })}`] : []),
      ...(access.unsubscribeSecret ? [`secretsmanager:GetSecretValue ${dump({ Ref: unsubscribeSecretId })}`] : []),
      ...(access.vapidSecret ? [`secretsmanager:GetSecretValue ${dump({ Ref: vapidSecretId })}`] : []),
      ...(access.paymentsSecret ? [`secretsmanager:GetSecretValue ${dump({ Ref: paymentsSecretId })}`] : []),
      // A moderator's 'suspend': the two admin calls on the stage's own pool only.
      ...(access.userPool ?? []).map(
        (a) => `cognito-idp:${a} ${dump({ 'Fn::GetAtt': [one('AWS::Cognito::UserPool')[0], 'Arn'] })}`,
      ),
    ];
    const all = grantsOf(roleId);
    // Active tracing: the two X-Ray write actions, which exist only on Resource *.
    expect(all.filter((g) => g.startsWith('xray:'))).toEqual([
      'xray:PutTelemetryRecords "*"',
      'xray:PutTraceSegments "*"',
    ]);
    const grants = all.filter((g) => !g.startsWith('xray:'));
    // The data exports' bucket: only the export route reads it (signing the download link), nothing else.
    const exportsReads = grants.filter((g) => g.startsWith('s3:') && !g.includes('/uploads/*'));
    expect(exportsReads.map((g) => g.split(' ')[0])).toEqual(access.exportsRead ? ['s3:GetObject'] : []);
    const uploads = grants.filter((g) => g.startsWith('s3:') && g.includes('/uploads/*'));
    expect(grants.filter((g) => !g.startsWith('s3:'))).toEqual(expected.sort());
    // S3: exactly the actions of access.ts, each on the media bucket's uploads/* only.
    expect(uploads.map((g) => g.split(' ')[0])).toEqual((access.media ?? []).map((a) => `s3:${a}`).sort());
    for (const g of uploads) expect(g).toMatch(/^s3:\w+ .*marketplace-dev-media-.*\/uploads\/\*"/);
    const env = fn.Properties.Environment.Variables;
    expect('FIREBASE_SECRET_ARN' in env).toBe(!!access.chatSecret);
    expect('UNSUBSCRIBE_SECRET_ARN' in env).toBe(!!access.unsubscribeSecret);
    expect('VAPID_SECRET_ARN' in env).toBe(!!access.vapidSecret);
    expect('USER_POOL_ID' in env).toBe(!!access.userPool);
  });
});

describe('data', () => {
  it('is one on-demand table with the keys and indexes of lambdas/model/schema.ts and point-in-time recovery', () => {
    const [id, table] = one('AWS::DynamoDB::GlobalTable');
    expect(table.Properties.KeySchema).toEqual([
      { AttributeName: 'pk', KeyType: 'HASH' },
      { AttributeName: 'sk', KeyType: 'RANGE' },
    ]);
    expect(table.Properties.BillingMode).toBe('PAY_PER_REQUEST');
    expect(
      table.Properties.GlobalSecondaryIndexes.map((g: any) => [
        g.IndexName,
        g.KeySchema.map((k: any) => k.AttributeName),
        g.Projection.ProjectionType,
      ]),
    ).toEqual(Object.values(INDEXES).map((i) => [i.name, [i.partitionKey, i.sortKey], 'ALL']));
    expect(table.Properties.Replicas[0].PointInTimeRecoverySpecification.PointInTimeRecoveryEnabled).toBe(true);
    expect(res[id].DeletionPolicy).toBe('Delete');
    // No backup plan outside production (stage setting tableBackup).
    expect(ofType('AWS::Backup::BackupPlan')).toEqual([]);
  });
});

describe('auth', () => {
  it('signs in by email with nickname, verifies by code, enforces the app password rule, no MFA', () => {
    const [, pool] = one('AWS::Cognito::UserPool');
    const p = pool.Properties;
    expect(p.UsernameAttributes).toEqual(['email']);
    expect(p.AutoVerifiedAttributes).toEqual(['email']);
    expect(p.MfaConfiguration).toBe('OFF');
    expect(p.AdminCreateUserConfig.AllowAdminCreateUserOnly).toBe(false);
    expect(p.VerificationMessageTemplate.DefaultEmailOption).toBe('CONFIRM_WITH_CODE');
    expect(p.Policies.PasswordPolicy).toMatchObject({
      MinimumLength: 8,
      RequireUppercase: true,
      RequireLowercase: true,
      RequireNumbers: true,
      RequireSymbols: true,
    });
    expect(p.Schema).toEqual(
      expect.arrayContaining([expect.objectContaining({ Name: 'nickname', Required: true, Mutable: false })]),
    );
  });

  it('is on the feature plan of the stage setting, Lite by default', () => {
    const [, pool] = one('AWS::Cognito::UserPool');
    expect(stageConfig('dev').userPoolFeaturePlan).toBe('LITE');
    expect(pool.Properties.UserPoolTier).toBe('LITE');
  });

  it('has a web client without secret that allows only SRP sign-in and refresh (and the server-side password check), and no OAuth flow', () => {
    const [, client] = one('AWS::Cognito::UserPoolClient');
    expect(client.Properties.GenerateSecret).toBe(false);
    // ADMIN_USER_PASSWORD_AUTH needs AWS credentials: only the account deletion's password check uses it, server-side.
    expect([...client.Properties.ExplicitAuthFlows].sort()).toEqual([
      'ALLOW_ADMIN_USER_PASSWORD_AUTH',
      'ALLOW_REFRESH_TOKEN_AUTH',
      'ALLOW_USER_SRP_AUTH',
    ]);
    expect(client.Properties.AllowedOAuthFlowsUserPoolClient).toBe(false);
    expect(client.Properties.AllowedOAuthFlows).toBeUndefined();
    expect(client.Properties.CallbackURLs).toBeUndefined();
    expect(client.Properties.IdTokenValidity).toBe(60);
    expect(client.Properties.TokenValidityUnits).toMatchObject({ IdToken: 'minutes' });
  });
});

describe('buckets and CDNs', () => {
  it('keeps every bucket private and TLS-only', () => {
    const buckets = ofType('AWS::S3::Bucket');
    // media, web, access logs, data exports
    expect(buckets.length).toBe(4);
    for (const [id, b] of buckets) {
      expect(b.Properties.PublicAccessBlockConfiguration, id).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(b.Properties.WebsiteConfiguration).toBeUndefined();
      const policy = ofType('AWS::S3::BucketPolicy').find(([, p]) => target(p.Properties.Bucket) === id);
      expect(dump(policy?.[1].Properties.PolicyDocument), id).toContain('"aws:SecureTransport":"false"');
    }
  });

  it("serves both buckets (and the public pages' function) through CloudFront with Origin Access Control only", () => {
    const distributions = ofType('AWS::CloudFront::Distribution');
    expect(distributions).toHaveLength(2);
    for (const [, d] of distributions) {
      const webhookOrigin = (d.Properties.DistributionConfig.CacheBehaviors ?? []).find(
        (b: any) => b.PathPattern === '/payments/webhook',
      )?.TargetOriginId;
      for (const origin of d.Properties.DistributionConfig.Origins) {
        // The API's origin, only for the payment provider's webhooks (signed, checked by the handler; the API is
        // public anyway), is the one reached without Origin Access Control.
        if (origin.Id === webhookOrigin) {
          expect(origin.CustomOriginConfig.OriginProtocolPolicy).toBe('https-only');
          expect(origin.OriginAccessControlId).toBeUndefined();
          continue;
        }
        expect(origin.OriginAccessControlId).toBeDefined();
        // The one other origin that is not a bucket is the site function's URL (its own test below).
        if (!origin.CustomOriginConfig) expect(origin.S3OriginConfig.OriginAccessIdentity).toBe('');
      }
      expect(d.Properties.DistributionConfig.DefaultCacheBehavior.ViewerProtocolPolicy).toBe('redirect-to-https');
    }
    const oacs = ofType('AWS::CloudFront::OriginAccessControl').map(([, o]) => o.Properties.OriginAccessControlConfig);
    expect(oacs.map((o) => o.OriginAccessControlOriginType).sort()).toEqual(['lambda', 's3', 's3']);
    for (const oac of oacs) expect(oac).toMatchObject({ SigningBehavior: 'always', SigningProtocol: 'sigv4' });
    expect(ofType('AWS::CloudFront::CloudFrontOriginAccessIdentity')).toEqual([]);
    // Each bucket policy lets only its own distribution read.
    const reads = ofType('AWS::S3::BucketPolicy')
      .map(([, p]) => dump(p.Properties.PolicyDocument))
      .filter((d) => d.includes('cloudfront.amazonaws.com'));
    expect(reads).toHaveLength(2);
    for (const doc of reads) expect(doc).toContain('AWS:SourceArn');
  });

  it('lets the web origin upload to the media bucket and cleans abandoned multipart uploads', () => {
    const [, media] = ofType('AWS::S3::Bucket').find(([, b]) =>
      (dump(b.Properties.BucketName) ?? '').includes('marketplace-dev-media-'),
    )!;
    const rule = media.Properties.CorsConfiguration.CorsRules[0];
    expect(rule.AllowedMethods).toEqual(['PUT', 'POST']);
    expect(rule.AllowedOrigins).toHaveLength(1);
    expect(dump(rule.AllowedOrigins)).toContain('DomainName');
    expect(media.Properties.LifecycleConfiguration.Rules).toEqual(
      expect.arrayContaining([expect.objectContaining({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 } })]),
    );
  });

  it('versions the media bucket and expires versions 30 days after they stop being current', () => {
    const [, media] = ofType('AWS::S3::Bucket').find(([, b]) =>
      (dump(b.Properties.BucketName) ?? '').includes('marketplace-dev-media-'),
    )!;
    expect(media.Properties.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    expect(media.Properties.LifecycleConfiguration.Rules).toEqual(
      expect.arrayContaining([
        {
          Id: 'expire-old-versions',
          Status: 'Enabled',
          NoncurrentVersionExpiration: { NoncurrentDays: 30 },
          ExpiredObjectDeleteMarker: true,
        },
      ]),
    );
  });

  it('deletes uploads still tagged upload=pending after 2 days, and only under uploads/', () => {
    const [, media] = ofType('AWS::S3::Bucket').find(([, b]) =>
      (dump(b.Properties.BucketName) ?? '').includes('marketplace-dev-media-'),
    )!;
    const expiring = media.Properties.LifecycleConfiguration.Rules.filter((r: any) => r.ExpirationInDays !== undefined);
    expect(expiring).toEqual([
      {
        Id: 'expire-unused-uploads',
        Status: 'Enabled',
        Prefix: 'uploads/',
        TagFilters: [{ Key: 'upload', Value: 'pending' }],
        ExpirationInDays: 2,
      },
    ]);
    // Browsers must be allowed to send the signed tag header with the PUT.
    const allowed: string[] = media.Properties.CorsConfiguration.CorsRules[0].AllowedHeaders;
    expect(allowed.some((h) => h === '*' || h === 'x-amz-tagging' || h === 'x-amz-*')).toBe(true);
  });

  it('lets no role but those of the handlers that save or delete records with pictures remove tags in the media bucket', () => {
    const untaggers = new Set<string>();
    const roleNames = new Map(
      routeFunctions().map(([, f]) => [target(f.Properties.Role)!, f.Properties.FunctionName as string]),
    );
    const mayUntag = (action: string) => /^s3:(\*|Delete\*|DeleteObject\*|DeleteObjectTagging)$/.test(action);
    for (const [, policy] of ofType('AWS::IAM::Policy')) {
      for (const s of policy.Properties.PolicyDocument.Statement) {
        if (!([s.Action].flat() as string[]).some(mayUntag)) continue;
        if (![s.Resource].flat().some((r) => r === '*' || dump(r).includes('marketplace-dev-media-'))) continue;
        for (const r of policy.Properties.Roles) untaggers.add(roleNames.get(r.Ref) ?? r.Ref);
      }
    }
    expect([...untaggers].sort()).toEqual(
      [
        'createAd',
        'createPost',
        'deleteAd',
        'deleteIdea',
        'deletePost',
        'requestVerification',
        'tagIdea',
        'updateBusiness',
        'updateUser',
      ].map((h) => `marketplace-dev-api-${h}`),
    );
  });

  it('hosts the app with its routes rewritten to the app, security headers and cache rules', () => {
    const [, web] = webDistribution();
    const config = web.Properties.DistributionConfig;
    const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
    const CACHING_OPTIMIZED = '658327ea-f89d-4fab-a63d-7e88639e58f6';
    expect(config.DefaultCacheBehavior.CachePolicyId).toBe(CACHING_DISABLED);
    expect(config.CacheBehaviors.slice(0, 2)).toEqual([
      expect.objectContaining({ PathPattern: '*.map' }),
      expect.objectContaining({ PathPattern: '/assets/*', CachePolicyId: CACHING_OPTIMIZED }),
    ]);

    const headersId = target(config.DefaultCacheBehavior.ResponseHeadersPolicyId)!;
    const headers = res[headersId];
    expect(headers.Type).toBe('AWS::CloudFront::ResponseHeadersPolicy');
    const security = headers.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    expect(security.StrictTransportSecurity).toMatchObject({
      AccessControlMaxAgeSec: 31536000,
      IncludeSubdomains: true,
    });
    expect(security.ContentTypeOptions).toEqual({ Override: true });
    expect(security.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });

    const csp = dump(security.ContentSecurityPolicy.ContentSecurityPolicy);
    const [apiId] = one('AWS::ApiGatewayV2::Api');
    const [mediaCdnId] = mediaDistribution();
    for (const host of [
      apiId,
      mediaCdnId,
      'https://cognito-idp.',
      'marketplace-dev-media-',
      'wss://marketplace-dev-default-rtdb.europe-west1.firebasedatabase.app',
      'https://identitytoolkit.googleapis.com',
    ]) {
      expect(csp, host).toContain(host);
    }
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toMatch(/(src|connect-src)[^;]* \*[ ;]/);
  });

  it('deploys the build with immutable assets, a no-cache app shell, a generated /config.json and /openapi.json', () => {
    const deployments = ofType('Custom::CDKBucketDeployment');
    expect(deployments).toHaveLength(2);
    const assets = deployments.find(([, d]) => d.Properties.Include?.includes('assets/*'))![1];
    const shell = deployments.find(([, d]) => d.Properties.Exclude?.includes('assets/*') && !d.Properties.Include)![1];
    expect(assets.Properties.SystemMetadata['cache-control']).toContain('immutable');
    expect(shell.Properties.SystemMetadata['cache-control']).toBe('no-cache');
    expect(shell.Properties.SourceObjectKeys).toHaveLength(3);
    expect(shell.Properties.DistributionPaths).toEqual(['/*']);

    // The config the app reads at start, with the stack's own ids filled in at deploy time.
    const config = dev.stack.runtimeConfig;
    expect(config.authFlow).toBe('USER_SRP_AUTH');
    expect(config.stage).toBe('dev');
    expect(config.currency).toBe('EUR');
    const markers = dump(shell.Properties.SourceMarkers);
    const [poolId] = one('AWS::Cognito::UserPool');
    const [clientId] = one('AWS::Cognito::UserPoolClient');
    const [apiId] = one('AWS::ApiGatewayV2::Api');
    for (const id of [poolId, clientId, apiId]) expect(markers).toContain(id);
    // The API's OpenAPI document sits beside the app, naming the stage's API (filled in at deploy time) as its server.
    const docFile = readdirSync(dev.outdir)
      .map((dir) => path.join(dev.outdir, dir, OPENAPI_KEY))
      .find((file) => existsSync(file));
    expect(docFile).toBeDefined();
    const doc = JSON.parse(readFileSync(docFile!, 'utf8'));
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers[0].url).toMatch(/^<<marker:/);
    expect(Object.values(doc.paths).flatMap((ops) => Object.keys(ops as object))).toHaveLength(routes.length);
  });
});

describe('public pages', () => {
  const site = () => ofType('AWS::Lambda::Function').find(([, f]) => f.Properties.FunctionName === SITE)!;
  const webConfig = () => webDistribution()[1].Properties.DistributionConfig;
  const publicBehaviours = () =>
    webConfig().CacheBehaviors.filter((b: any) => (PUBLIC_PATH_PATTERNS as readonly string[]).includes(b.PathPattern));

  it("routes every public path to the site function's URL (AWS_IAM) through origin access control, GET and HEAD only", () => {
    expect(publicBehaviours().map((b: any) => b.PathPattern)).toEqual([...PUBLIC_PATH_PATTERNS]);
    const origins = new Map<string, any>(webConfig().Origins.map((o: any) => [o.Id, o]));
    const [siteId] = site();
    const [urlId, url] = one('AWS::Lambda::Url');
    expect(target(url.Properties.TargetFunctionArn)).toBe(siteId);
    expect(url.Properties.AuthType).toBe('AWS_IAM');
    for (const b of publicBehaviours()) {
      const origin = origins.get(b.TargetOriginId);
      expect(dump(origin.DomainName)).toContain(urlId);
      expect(origin.CustomOriginConfig).toMatchObject({ OriginProtocolPolicy: 'https-only' });
      expect(res[target(origin.OriginAccessControlId)!].Properties.OriginAccessControlConfig).toMatchObject({
        OriginAccessControlOriginType: 'lambda',
        SigningBehavior: 'always',
        SigningProtocol: 'sigv4',
      });
      expect(b).toMatchObject({ ViewerProtocolPolicy: 'redirect-to-https', AllowedMethods: ['GET', 'HEAD'] });
      expect(b.Compress).toBe(true);
      // Nothing but the cache key reaches the function: no origin request policy, no function on the way.
      expect(b.OriginRequestPolicyId).toBeUndefined();
      expect(b.FunctionAssociations).toBeUndefined();
    }
    // Only this distribution may call the URL (and the function through it).
    const grants = ofType('AWS::Lambda::Permission').filter(([, p]) =>
      [siteId, urlId].includes(target(p.Properties.FunctionName)!),
    );
    expect(grants.map(([, p]) => p.Properties.Action).sort()).toEqual([
      'lambda:InvokeFunction',
      'lambda:InvokeFunctionUrl',
    ]);
    for (const [, p] of grants) {
      expect(p.Properties.Principal).toBe('cloudfront.amazonaws.com');
      expect(dump(p.Properties.SourceArn)).toContain(webDistribution()[0]);
    }
  });

  it("caches each page at the edge by its path alone, for as long as the page's own Cache-Control says", () => {
    const ids = new Set(publicBehaviours().map((b: any) => target(b.CachePolicyId)));
    expect(ids.size).toBe(1);
    const policy = res[[...ids][0] as string].Properties.CachePolicyConfig;
    const key = policy.ParametersInCacheKeyAndForwardedToOrigin;
    expect(key.CookiesConfig).toEqual({ CookieBehavior: 'none' });
    expect(key.HeadersConfig).toEqual({ HeaderBehavior: 'none' });
    expect(key.QueryStringsConfig).toEqual({ QueryStringBehavior: 'none' });
    expect(key).toMatchObject({ EnableAcceptEncodingGzip: true, EnableAcceptEncodingBrotli: true });
    // No TTL of its own: an answer without Cache-Control is not kept, and every s-maxage the site sends fits.
    expect(policy.MinTTL).toBe(0);
    expect(policy.DefaultTTL).toBe(0);
    const sMaxAges = Object.values(CACHE_CONTROL).map((c) => Number(/s-maxage=(\d+)/.exec(c)?.[1] ?? 0));
    expect(Math.max(...sMaxAges)).toBeGreaterThan(0);
    expect(policy.MaxTTL).toBeGreaterThanOrEqual(Math.max(...sMaxAges));
    // What the edge honours: a page is revalidated in the background and served stale while the function fails.
    expect(CACHE_CONTROL.page).toMatch(/s-maxage=\d+.*stale-while-revalidate=\d+.*stale-if-error=\d+/);
    expect(CACHE_CONTROL.error).toBe('no-store');
  });

  it('maps no error to the app: a missing page or file keeps its own status', () => {
    const config = webConfig();
    expect(config.CustomErrorResponses ?? []).toEqual([]);
    // The landing page is the site's: no default root object sends / to the bucket.
    expect(config.DefaultRootObject).toBeUndefined();
    // S3 answers a missing key with 404, not 403, to a reader that may list the bucket: only this distribution.
    const bucketId = dev.stack.getLogicalId(dev.stack.web.bucket.node.defaultChild as CfnResource);
    const [, policy] = ofType('AWS::S3::BucketPolicy').find(([, p]) => target(p.Properties.Bucket) === bucketId)!;
    const list = policy.Properties.PolicyDocument.Statement.filter((st: any) =>
      [st.Action].flat().includes('s3:ListBucket'),
    );
    expect(list).toHaveLength(1);
    expect(list[0].Principal).toEqual({ Service: 'cloudfront.amazonaws.com' });
    expect(dump(list[0].Condition)).toContain(webDistribution()[0]);
  });

  it("answers the app's routes (common/appRoutes.ts) and the paths that name no file with index.html on the default behaviour (the sign-in screen with its prerendered document), and a file's path with the file", () => {
    const assoc = webConfig().DefaultCacheBehavior.FunctionAssociations;
    expect(assoc).toEqual([expect.objectContaining({ EventType: 'viewer-request' })]);
    const fn = res[target(assoc[0].FunctionARN)!];
    expect(fn.Type).toBe('AWS::CloudFront::Function');
    expect(fn.Properties.FunctionConfig.Runtime).toBe('cloudfront-js-2.0');
    // Run the function's code the way CloudFront would.
    const handler = new Function(`${fn.Properties.FunctionCode}; return handler;`)();
    const uri = (u: string, cookie?: string, acceptLanguage?: string) =>
      handler({
        request: {
          uri: u,
          headers: acceptLanguage === undefined ? {} : { 'accept-language': { value: acceptLanguage } },
          cookies: cookie === undefined ? {} : { [LANGUAGE_COOKIE]: { value: cookie } },
        },
      }).uri;
    const examples = APP_ROUTE_PATTERNS.map((p) => p.replace(/:[^/]+/g, 'abc123').replace(/\/\*$/, '/any/rest'));
    for (const p of [...examples, '/chat', '/chat/r1', '/settings/u1', '/moderation'].filter(
      (x) => !prerenderedPathOf(x),
    ))
      expect(uri(p), p).toBe('/index.html');
    // The sign-in screen: its document rendered at build time, in the language the visitor's app will choose
    // (the function decides as common/prerender.ts languageOfRequest does, which the local server uses).
    expect(PRERENDERED_PATHS).toContain('/login');
    for (const path of PRERENDERED_PATHS)
      for (const [cookie, acceptLanguage] of [
        [undefined, undefined],
        [undefined, 'en-US,en;q=0.9'],
        [undefined, 'sq-AL,sq;q=0.9,en;q=0.8'],
        [undefined, 'de-DE, en;q=0.8, sq;q=0.9'],
        [undefined, 'de, fr;q=0.5'],
        [undefined, 'en;q=0, sq'],
        ['en', 'sq-AL'],
        ['sq', 'en-GB'],
        ['fr', 'en'],
      ] as const)
        for (const asked of [path, `${path}/`]) {
          const expected = prerenderedFile(
            path,
            languageOfRequest(cookie && `${LANGUAGE_COOKIE}=${cookie}`, acceptLanguage),
          );
          expect(uri(asked, cookie, acceptLanguage), `${asked} ${cookie} ${acceptLanguage}`).toBe(expected);
        }
    expect(uri('/login', undefined, 'en-US,en;q=0.9')).toBe('/login.en.html');
    expect(uri('/login', 'sq', 'en-US')).toBe('/login.sq.html');
    // A file's path goes to the bucket as it is (the file, or a real 404).
    for (const p of [
      '/index.html',
      '/config.json',
      '/assets/index-abc123.js',
      '/favicon.ico',
      '/login.png',
      '/a.b/c.d',
    ])
      expect(uri(p), p).toBe(p);
    // A path that names no file (mistyped, cut off) opens the app, which shows its not-found screen: as locally.
    for (const p of ['/missing-page', '/loginx', '/post/a/b', '/chat/r1/extra/', '/a.b/c']) {
      expect(uri(p), p).toBe('/index.html');
      expect(isAnsweredByApp(p), p).toBe(true);
    }
    // No public page is an app route (they never reach this behaviour, and must not be the app locally either).
    for (const p of ['/', '/en/', '/biznes/studio', '/sherbime/dekor/tirane', '/robots.txt', '/sitemap.xml'])
      expect(isAppPath(p), p).toBe(false);
  });

  it("allows the public pages' inline scripts by their hashes (the app allows none) under the same security headers", () => {
    const policies = new Set(publicBehaviours().map((b: any) => target(b.ResponseHeadersPolicyId)));
    expect(policies.size).toBe(1);
    const config = res[[...policies][0] as string].Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    const csp = dump(config.ContentSecurityPolicy.ContentSecurityPolicy);
    expect(Object.values(SCRIPTS).length).toBeGreaterThan(0);
    for (const script of Object.values(SCRIPTS)) expect(csp).toContain(scriptHash(script));
    expect(config.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
    expect(config.StrictTransportSecurity).toMatchObject({ AccessControlMaxAgeSec: 31536000 });
    const app = res[target(webConfig().DefaultCacheBehavior.ResponseHeadersPolicyId)!];
    expect(dump(app.Properties.ResponseHeadersPolicyConfig)).not.toContain('sha256-');
  });

  it('lets the site function only read the table (GetItem, BatchGetItem, Query) and query the index it uses', () => {
    const [, fn] = site();
    const roleId = target(fn.Properties.Role)!;
    expect(res[roleId].Properties.ManagedPolicyArns).toBeUndefined();
    const statements = ofType('AWS::IAM::Policy')
      .filter(([, p]) => p.Properties.Roles.some((r: any) => target(r) === roleId))
      .flatMap(([, p]) => p.Properties.PolicyDocument.Statement);
    const actions = statements.flatMap((st: any) => [st.Action].flat() as string[]);
    expect([...new Set(actions.filter((a) => a.startsWith('dynamodb:')))].sort()).toEqual([
      'dynamodb:BatchGetItem',
      'dynamodb:GetItem',
      'dynamodb:Query',
    ]);
    expect(actions.filter((a) => !/^(dynamodb|logs|xray):/.test(a))).toEqual([]);
    const [tableId] = one('AWS::DynamoDB::GlobalTable');
    for (const st of statements.filter((x: any) => dump(x.Action).includes('dynamodb:'))) {
      expect(dump(st.Resource)).toContain(tableId);
      expect(dump(st.Resource)).not.toContain('*');
    }
    expect(dump(statements)).toContain(`/index/${INDEXES.GSI1.name}`);
  });

  it('knows its stage: noindex outside production, the public address set once the distribution exists', () => {
    const env = site()[1].Properties.Environment.Variables;
    expect(env.SITE_INDEXABLE).toBe('false');
    expect(env.TABLE_NAME).toBeDefined();
    // Without a custom domain the address is the distribution's, written onto the function after it exists.
    expect(env.SITE_URL).toBeUndefined();
    const [, setter] = ofType('Custom::AWS').find(([, r]) =>
      dump(r.Properties.Create).includes('UpdateFunctionConfiguration'),
    )!;
    const call = dump(setter.Properties.Create);
    for (const part of ['SITE_URL', 'SITE_INDEXABLE', 'TABLE_NAME', 'MEDIA_BASE_URL', webDistribution()[0]])
      expect(call, part).toContain(part);
  });
});

describe('monitoring', () => {
  it('traces every function with X-Ray and tags its logs and metrics with the stage', () => {
    for (const [, fn] of routeFunctions()) {
      expect(fn.Properties.TracingConfig).toEqual({ Mode: 'Active' });
      expect(fn.Properties.Environment.Variables.POWERTOOLS_SERVICE_NAME).toBe('marketplace-dev');
    }
    const [, stage] = one('AWS::ApiGatewayV2::Stage');
    expect(stage.Properties.DefaultRouteSettings.DetailedMetricsEnabled).toBe(true);
  });

  it('has a dashboard with per-route requests, 4xx, 5xx and p95 latency, Lambda errors, throttles and duration, DynamoDB throttles and the business metrics', () => {
    const [, dashboard] = one('AWS::CloudWatch::Dashboard');
    expect(dashboard.Properties.DashboardName).toBe('marketplace-dev');
    const body = dump(dashboard.Properties.DashboardBody);
    const widgets = (title: string) => body.split('\\"title\\":').filter((w) => w.startsWith(`\\"${title}`));
    for (const [title, metric] of [
      ['Requests per route', 'Count'],
      ['4xx per route', '4xx'],
      ['5xx per route', '5xx'],
      ['p95 latency per route', 'Latency'],
    ]) {
      const [w] = widgets(title);
      expect(w, title).toBeDefined();
      for (const route of routes)
        expect(w, `${title} ${routeKey(route)}`).toContain(
          `\\"Method\\",\\"${route.method}\\",\\"Resource\\",\\"${route.path}\\"`,
        );
      expect(w.split(`\\"${metric}\\"`).length - 1, title).toBe(routes.length);
    }
    expect(widgets('p95 latency per route')[0]).toContain('p95');
    for (const title of ['Lambda errors', 'Lambda throttles', 'Lambda p95 duration']) {
      expect(widgets(title)[0].split('AWS/Lambda').length - 1, title).toBe(routes.length + NOT_ROUTES.length);
    }
    expect(widgets('DynamoDB throttle events')[0]).toMatch(/ReadThrottleEvents.*WriteThrottleEvents/);
    for (const name of ['RequestsPosted', 'OffersMade', 'OffersAccepted'])
      expect(widgets('Requests posted')[0]).toContain(name);

    // Email: the configuration set's events (its CloudWatch event destination) and SES's reputation rates.
    const mail = widgets('Email sent, delivered, bounced')[0];
    for (const event of ['Send', 'Delivery', 'Bounce', 'Complaint', 'Reject'])
      expect(mail, event).toContain(
        `\\"AWS/SES\\",\\"${event}\\",\\"ses:configuration-set\\",\\"marketplace-dev-mail\\"`,
      );
    const rates = widgets('Email bounce and complaint rate')[0];
    expect(rates).toContain('Reputation.BounceRate');
    expect(rates).toContain('Reputation.ComplaintRate');
    const [, destination] = one('AWS::SES::ConfigurationSetEventDestination');
    expect(res[target(destination.Properties.ConfigurationSetName)!].Properties.Name).toBe('marketplace-dev-mail');
    const { CloudWatchDestination, MatchingEventTypes, Enabled } = destination.Properties.EventDestination;
    expect(Enabled).toBe(true);
    expect([...MatchingEventTypes].sort()).toEqual(['bounce', 'complaint', 'delivery', 'reject', 'send']);
    expect(CloudWatchDestination.DimensionConfigurations).toEqual([
      {
        DimensionName: 'ses:configuration-set',
        DimensionValueSource: 'messageTag',
        DefaultDimensionValue: 'marketplace-dev-mail',
      },
    ]);
  });

  it('watches every function: its errors, throttles and duration on the dashboard, and alarms on its errors and throttles', () => {
    const [, dashboard] = one('AWS::CloudWatch::Dashboard');
    const body = dump(dashboard.Properties.DashboardBody);
    const alarms = new Map(ofType('AWS::CloudWatch::Alarm').map(([, a]) => [a.Properties.AlarmName, a.Properties]));
    expect(routeFunctions()).toHaveLength(routes.length);
    for (const route of routes) {
      // The name the dashboard and alarms use is the name of the route's function (wherever it lives).
      const [, fn] = routeFunctions().find(([, f]) => f.Properties.Description === routeKey(route))!;
      const name: string = fn.Properties.FunctionName;
      for (const metric of ['Errors', 'Throttles', 'Duration'])
        expect(body, `${metric} ${name}`).toContain(
          `\\"AWS/Lambda\\",\\"${metric}\\",\\"FunctionName\\",\\"${name}\\"`,
        );
      for (const kind of ['errors', 'throttles'])
        expect(alarms.get(`marketplace-dev-${route.handler}-${kind}`)?.Dimensions, `${route.handler} ${kind}`).toEqual([
          { Name: 'FunctionName', Value: name },
        ]);
    }
    // The functions that run in the background are on the dashboard too; the notifier's and the digest's
    // errors are alarmed in the notifier's stack (test/infra/notifier.test.ts); the VAPID key pair's run only while
    // deploying (its failure fails the deployment) and have no alarm.
    for (const name of NOT_ROUTES) {
      expect(ofType('AWS::Lambda::Function').some(([, f]) => f.Properties.FunctionName === name)).toBe(true);
      for (const metric of ['Errors', 'Throttles', 'Duration'])
        expect(body, `${metric} ${name}`).toContain(
          `\\"AWS/Lambda\\",\\"${metric}\\",\\"FunctionName\\",\\"${name}\\"`,
        );
    }
    for (const name of [IMAGE_PROCESSOR, POST_EXPIRY, SITE, ERASURE, PRIVACY_WORKER, 'marketplace-dev-chat-reminder'])
      for (const kind of ['errors', 'throttles'])
        expect(alarms.get(`${name}-${kind}`)?.Dimensions, `${name}-${kind}`).toEqual([
          { Name: 'FunctionName', Value: name },
        ]);
  });

  it("alarms on the 5xx rate, p95 latency, each function's errors and throttles and DynamoDB throttles, all to the SNS topic", () => {
    const [topicId, topic] = one('AWS::SNS::Topic');
    expect(topic.Properties.TopicName).toBe('marketplace-dev-alarms');
    const alarms = ofType('AWS::CloudWatch::Alarm').map(([, a]) => a.Properties);
    for (const a of alarms) expect(a.AlarmActions, a.AlarmName).toEqual([{ Ref: topicId }]);
    const byName = new Map(alarms.map((a) => [a.AlarmName, a]));
    const stage = stageConfig('dev');

    const rate = byName.get('marketplace-dev-api-5xx-rate')!;
    expect(rate.Threshold).toBe(stage.monitoring.serverErrorRatePercent);
    expect(dump(rate.Metrics)).toContain('100 * errors / requests');
    expect(byName.get('marketplace-dev-api-p95-latency')).toMatchObject({
      MetricName: 'Latency',
      ExtendedStatistic: 'p95',
      Threshold: stage.monitoring.p95LatencyMs,
    });
    for (const route of routes) {
      expect(byName.get(`marketplace-dev-${route.handler}-errors`), route.handler).toMatchObject({
        MetricName: 'Errors',
        Namespace: 'AWS/Lambda',
        Threshold: 1,
      });
      expect(byName.get(`marketplace-dev-${route.handler}-throttles`), route.handler).toMatchObject({
        MetricName: 'Throttles',
        Namespace: 'AWS/Lambda',
        Threshold: 1,
      });
    }
    const ddb = dump(byName.get('marketplace-dev-dynamodb-throttles')!.Metrics);
    for (const index of [...Object.values(INDEXES).map((i) => i.name)]) expect(ddb).toContain(index);
    expect(ddb).toContain('WriteThrottleEvents');
    // Every alarm of the stage, the notifier's four included (test/infra/notifier.test.ts).
    expect(alarms.map((a) => a.AlarmName.replace(/^marketplace-dev-/, '')).sort()).toEqual(
      [
        'api-5xx-rate',
        'api-p95-latency',
        'dynamodb-throttles',
        'email-bounce-rate',
        'email-complaint-rate',
        'payment-webhook-signatures',
        'payments-repaired',
        'payments-unmatched',
        ...[
          ...routes.map((r) => r.handler),
          'image-processor',
          'close-expired-posts',
          'advance-ad-runs',
          'reconcile-payments',
          'plan-lifecycle',
          'site',
          'chat-reminder',
          'erase-closed-accounts',
          'privacy-worker',
        ].flatMap((f) => [`${f}-errors`, `${f}-throttles`]),
        'notifier-errors',
        'notifier-failures',
        'lead-digest-errors',
        'operator-report-errors',
        'notifier-iterator-age',
      ].sort(),
    );
  });

  it("alarms on the email bounce and complaint rates SES reviews the account on, before SES's own thresholds", () => {
    const [topicId] = one('AWS::SNS::Topic');
    const byName = new Map(ofType('AWS::CloudWatch::Alarm').map(([, a]) => [a.Properties.AlarmName, a.Properties]));
    const { monitoring } = stageConfig('dev');
    for (const [name, metric, threshold, sesReview] of [
      ['marketplace-dev-email-bounce-rate', 'Reputation.BounceRate', monitoring.emailBounceRatePercent, 5],
      ['marketplace-dev-email-complaint-rate', 'Reputation.ComplaintRate', monitoring.emailComplaintRatePercent, 0.1],
    ] as const) {
      const a = byName.get(name)!;
      expect(a, name).toBeDefined();
      expect(a.Threshold).toBe(threshold);
      expect(threshold).toBeLessThan(sesReview);
      expect(a.ComparisonOperator).toBe('GreaterThanThreshold');
      expect(a.AlarmActions).toEqual([{ Ref: topicId }]);
      expect(a.OKActions).toEqual([{ Ref: topicId }]);
      // The reputation metric is a fraction: the alarm compares it as a percentage.
      const [math, rate] = a.Metrics;
      expect(math.Expression).toBe(`100 * ${rate.Id}`);
      expect(rate.MetricStat.Metric).toEqual({ Namespace: 'AWS/SES', MetricName: metric });
    }
  });

  it('sends the alarms to the email addresses of the stage setting', () => {
    const withEmails = synthStage('dev', {
      bundle: false,
      context: { alarmEmails: 'ops@example.al, oncall@example.al' },
    });
    try {
      const subs = Object.values(
        Template.fromStack(withEmails.stack.monitoring).toJSON().Resources as Resources,
      ).filter((r) => r.Type === 'AWS::SNS::Subscription');
      expect(subs.map((x) => [x.Properties.Protocol, x.Properties.Endpoint])).toEqual([
        ['email', 'ops@example.al'],
        ['email', 'oncall@example.al'],
      ]);
    } finally {
      withEmails.cleanup();
    }
    expect(ofType('AWS::SNS::Subscription')).toEqual([]);
  });
});

describe('size', () => {
  it("keeps the stage stack well under CloudFormation's 500 resources (room for more routes)", () => {
    expect(Object.keys(mainStack).length).toBeLessThan(450);
  });

  it('keeps each route function with its role, policy and log group in the nested stack of its first path segment', () => {
    const nestedStacks = new Map(
      [...dev.stack.api.routeStacks.values()].map((n) => [
        dev.stack.getLogicalId(n.nestedStackResource as CfnResource),
        Template.fromStack(n).toJSON().Resources as Resources,
      ]),
    );
    expect(nestedStacks.size).toBe(new Set(routes.map(routeGroup)).size);
    for (const route of routes) {
      const name = `marketplace-dev-api-${route.handler}`;
      const nested = dev.stack.api.routeStacks.get(routeGroup(route))!;
      expect(nested.node.id, route.path).toBe(routeStackId(route.path.split('/')[1].replace(/[^A-Za-z0-9]/g, '')));
      const own = nestedStacks.get(dev.stack.getLogicalId(nested.nestedStackResource as CfnResource))!;
      const fns = Object.values(own).filter((r) => r.Type === 'AWS::Lambda::Function');
      expect(
        fns.map((f) => f.Properties.FunctionName),
        name,
      ).toContain(name);
      const logGroups = Object.values(own).filter((r) => r.Type === 'AWS::Logs::LogGroup');
      expect(logGroups.map((g) => g.Properties.LogGroupName)).toContain(`/aws/lambda/${name}`);
      expect(Object.values(own).filter((r) => r.Type === 'AWS::IAM::Role')).toHaveLength(fns.length);
      // Nothing of it is left in the stage's stack.
      expect(Object.values(mainStack).some((r) => r.Properties?.FunctionName === name)).toBe(false);
    }
    // The stage's stack keeps the routes and integrations of its segments (STAGE_STACK_ROUTE_GROUPS), and the
    // permissions to invoke their functions; every other segment keeps its own in its nested stack.
    const inStage = routes.filter((r) => STAGE_STACK_ROUTE_GROUPS.has(routeGroup(r)));
    expect(inStage.length).toBeLessThan(routes.length);
    expect(Object.values(mainStack).filter((r) => r.Type === 'AWS::ApiGatewayV2::Route')).toHaveLength(inStage.length);
    expect(Object.values(mainStack).filter((r) => r.Type === 'AWS::ApiGatewayV2::Integration')).toHaveLength(
      inStage.length,
    );
    expect(Object.values(mainStack).filter((r) => r.Type === 'AWS::Lambda::Permission').length).toBeGreaterThanOrEqual(
      inStage.length,
    );
    for (const [group, nested] of dev.stack.api.routeStacks) {
      if (STAGE_STACK_ROUTE_GROUPS.has(group)) continue;
      const own = Object.values(Template.fromStack(nested).toJSON().Resources as Resources);
      const groupRoutes = routes.filter((r) => routeGroup(r) === group);
      expect(
        own.filter((r) => r.Type === 'AWS::ApiGatewayV2::Route').map((r) => r.Properties.RouteKey),
        group,
      ).toEqual(expect.arrayContaining(groupRoutes.map((r) => `${r.method} ${r.path}`)));
      expect(
        own.filter((r) => r.Type === 'AWS::ApiGatewayV2::Integration'),
        group,
      ).toHaveLength(groupRoutes.length);
      expect(
        own.filter((r) => r.Type === 'AWS::Lambda::Permission'),
        group,
      ).toHaveLength(groupRoutes.length);
    }
  });

  describe('a new route', () => {
    /** The stage (no bundling) with `list` as its route table: its stack's resources and where each function is. */
    const stageWith = (list: readonly RouteDef[]) => {
      const webDistPath = fakeWebBuild();
      const outdir = mkdtempSync(path.join(tmpdir(), 'cdk-routes-'));
      try {
        const { stack } = buildApp({
          context: { stage: 'dev', 'aws:cdk:bundling-stacks': [] },
          webDistPath,
          routes: list,
          outdir,
        });
        const resources: Resources = Template.fromStack(stack).toJSON().Resources;
        const placement = new Map([...stack.api.functions].map(([handler, fn]) => [handler, fn.node.path]));
        return { resources, placement };
      } finally {
        [webDistPath, outdir].forEach((dir) => rmSync(dir, { recursive: true, force: true }));
      }
    };
    const withRoute = (handler: string) => ({
      all: stageWith(routes),
      without: stageWith(routes.filter((r) => r.handler !== handler)),
    });
    const added = (before: Resources, after: Resources) =>
      Object.keys(after)
        .filter((id) => !(id in before))
        .map((id) => after[id].Type)
        .sort();

    it('costs the stage stack three resources (route, integration, invoke permission) when its path segment has routes already', () => {
      const route = routes.find((r) => r.handler === 'getPost')!;
      expect(routes.filter((r) => routeGroup(r) === routeGroup(route)).length).toBeGreaterThan(1);
      const { all, without } = withRoute(route.handler);
      expect(added(without.resources, all.resources)).toEqual([
        'AWS::ApiGatewayV2::Integration',
        'AWS::ApiGatewayV2::Route',
        'AWS::Lambda::Permission',
      ]);
      // No other function moves to another stack (moving would replace it).
      for (const [handler, where] of without.placement) expect(all.placement.get(handler), handler).toBe(where);
    });

    it('costs the stage stack nothing when its path segment keeps its routes in its nested stack', () => {
      const route = routes.find((r) => r.handler === 'saveIdeaToBoard')!;
      expect(STAGE_STACK_ROUTE_GROUPS.has(routeGroup(route))).toBe(false);
      const { all, without } = withRoute(route.handler);
      expect(added(without.resources, all.resources)).toEqual([]);
      for (const [handler, where] of without.placement) expect(all.placement.get(handler), handler).toBe(where);
    });

    it('costs one, its nested stack, for a whole new path segment however many routes it has', () => {
      const group = routes.filter((r) => routeGroup(r) === 'boards');
      expect(group.length).toBeGreaterThan(1);
      const all = stageWith(routes);
      const without = stageWith(routes.filter((r) => routeGroup(r) !== 'boards'));
      expect(added(without.resources, all.resources)).toEqual(['AWS::CloudFormation::Stack']);
      for (const [handler, where] of without.placement) expect(all.placement.get(handler), handler).toBe(where);
    });

    it('costs one more, its nested stack, when it is the first of its path segment', () => {
      const route = routes.find((r) => r.handler === 'listAds')!;
      expect(routes.filter((r) => routeGroup(r) === routeGroup(route))).toHaveLength(1);
      const { all, without } = withRoute(route.handler);
      expect(added(without.resources, all.resources)).toEqual([
        'AWS::ApiGatewayV2::Integration',
        'AWS::ApiGatewayV2::Route',
        'AWS::CloudFormation::Stack',
        'AWS::Lambda::Permission',
      ]);
      for (const [handler, where] of without.placement) expect(all.placement.get(handler), handler).toBe(where);
    });
  });
});

describe('protection', () => {
  it('puts each CloudFront distribution behind its own WAF web ACL in us-east-1: rate per IP, common and known-bad-inputs rules', () => {
    const edgeStack = dev.stack.dependencies.find((d) => d.stackName === 'Marketplace-dev-edge')!;
    expect(edgeStack.region).toBe('us-east-1');
    const edgeRes: Resources = dev.edge.toJSON().Resources;
    const acls = Object.entries(edgeRes).filter(([, r]) => r.Type === 'AWS::WAFv2::WebACL');
    expect(acls.map(([, a]) => a.Properties.Name).sort()).toEqual(['marketplace-dev-media', 'marketplace-dev-web']);
    const { waf } = stageConfig('dev');
    const limits: Record<string, number> = {
      'marketplace-dev-web': waf.webRequestsPer5MinPerIp,
      'marketplace-dev-media': waf.mediaRequestsPer5MinPerIp,
    };
    for (const [aclId, acl] of acls) {
      const p = acl.Properties;
      expect(p.Scope).toBe('CLOUDFRONT');
      expect(p.DefaultAction).toEqual({ Allow: {} });
      const sorted = [...p.Rules].sort((a: any, b: any) => a.Priority - b.Priority);
      // The web ACL first limits the payment provider's webhook path on its own (scoped to that path).
      if (p.Name === 'marketplace-dev-web') {
        const hook = sorted.shift();
        expect(hook.Action).toEqual({ Block: {} });
        expect(hook.Statement.RateBasedStatement).toMatchObject({
          Limit: stageConfig('dev').webhookRequestsPer5MinPerIp,
          AggregateKeyType: 'IP',
          ScopeDownStatement: { ByteMatchStatement: { SearchString: '/payments/webhook' } },
        });
      }
      const [rate, ...managed] = sorted;
      expect(rate.Action).toEqual({ Block: {} });
      expect(rate.Statement.RateBasedStatement).toEqual({
        Limit: limits[p.Name],
        AggregateKeyType: 'IP',
        EvaluationWindowSec: 300,
      });
      expect(
        managed.map(({ Statement: { ManagedRuleGroupStatement: g } }: any) => ({
          VendorName: g.VendorName,
          Name: g.Name,
        })),
      ).toEqual([
        { VendorName: 'AWS', Name: 'AWSManagedRulesCommonRuleSet' },
        { VendorName: 'AWS', Name: 'AWSManagedRulesKnownBadInputsRuleSet' },
      ]);
      for (const r of managed) expect(r.OverrideAction).toEqual({ None: {} });
      // Its ARN is published for the main stack.
      const param = Object.values(edgeRes).find(
        (r) => r.Type === 'AWS::SSM::Parameter' && target(r.Properties.Value) === aclId,
      )!;
      expect(param.Properties.Name).toBe(`/${p.Name}-acl-arn`.replace(/^\/marketplace-dev-/, '/marketplace-dev/edge/'));
    }

    // Each distribution takes the ARN its stack reads from that parameter in us-east-1 while deploying.
    const distributions = ofType('AWS::CloudFront::Distribution');
    expect(distributions).toHaveLength(2);
    const aclOf = (d: Resource) => {
      const reader = res[target(d.Properties.DistributionConfig.WebACLId)!];
      expect(reader.Type).toBe('Custom::AWS');
      const call = JSON.parse(reader.Properties.Create);
      expect(call).toMatchObject({ service: 'SSM', action: 'GetParameter', region: 'us-east-1' });
      return call.parameters.Name;
    };
    const web = webDistribution()[1];
    const media = mediaDistribution()[1];
    expect(aclOf(web)).toBe('/marketplace-dev/edge/web-acl-arn');
    expect(aclOf(media)).toBe('/marketplace-dev/edge/media-acl-arn');
  });

  it('throttles the expensive routes (filtered posts, search, upload signing) each on its own, below the stage default', () => {
    const { expensiveRoutes, throttle } = stageConfig('dev');
    const keys = expensiveRoutes.handlers.map((h) => routes.find((r) => r.handler === h)).map((r) => routeKey(r!));
    expect(keys.sort()).toEqual(['GET /business/search', 'GET /post/filtred', 'POST /generatePresignedURL']);
    const [stageId, stage] = one('AWS::ApiGatewayV2::Stage');
    // The payment webhook has a route setting of its own (checked below).
    expect(Object.keys(stage.Properties.RouteSettings).sort()).toEqual([...keys, 'POST /payments/webhook'].sort());
    for (const key of keys) {
      expect(stage.Properties.RouteSettings[key]).toEqual({
        ThrottlingRateLimit: expensiveRoutes.throttle.rateLimit,
        ThrottlingBurstLimit: expensiveRoutes.throttle.burstLimit,
      });
      // The stage may only name a route that already exists.
      const [routeId] = ofType('AWS::ApiGatewayV2::Route').find(([, r]) => r.Properties.RouteKey === key)!;
      expect((res[stageId] as any).DependsOn).toContain(routeId);
    }
    expect(expensiveRoutes.throttle.rateLimit).toBeLessThan(throttle.rateLimit);
  });

  it("never uploads the web build's source maps and answers 404 for any *.map path", () => {
    const webAssets = readdirSync(dev.outdir).filter(
      (d) => d.startsWith('asset.') && existsSync(path.join(dev.outdir, d, 'index.html')),
    );
    expect(webAssets.length).toBeGreaterThan(0);
    for (const dir of webAssets) {
      expect(existsSync(path.join(dev.outdir, dir, 'assets', 'index-abc123.js'))).toBe(true);
      expect(
        readdirSync(path.join(dev.outdir, dir), { recursive: true }).filter((f) => String(f).endsWith('.map')),
      ).toEqual([]);
    }
    const [, web] = webDistribution();
    const maps = web.Properties.DistributionConfig.CacheBehaviors.find((b: any) => b.PathPattern === '*.map');
    expect(maps.FunctionAssociations).toEqual([expect.objectContaining({ EventType: 'viewer-request' })]);
    const fn = res[target(maps.FunctionAssociations[0].FunctionARN)!];
    expect(fn.Type).toBe('AWS::CloudFront::Function');
    // Run the function's code the way CloudFront would.
    const handler = new Function(`${fn.Properties.FunctionCode}; return handler;`)();
    expect(handler({ request: { uri: '/assets/index-abc123.js.map' } })).toMatchObject({ statusCode: 404 });
  });

  it('uses TLS 1.2 (TLSv1.2_2021) on a distribution with a custom domain', () => {
    const withDomain = synthStage('dev', {
      bundle: false,
      context: { webDomain: 'app.example.al', certificateArn: 'arn:aws:acm:us-east-1:111111111111:certificate/abc' },
    });
    try {
      const dists = Object.values(withDomain.template.toJSON().Resources as Resources).filter(
        (r) => r.Type === 'AWS::CloudFront::Distribution',
      );
      const custom = dists.filter((d) => d.Properties.DistributionConfig.Aliases);
      expect(custom.map((d) => d.Properties.DistributionConfig.Aliases)).toEqual([['app.example.al']]);
      for (const d of custom)
        expect(d.Properties.DistributionConfig.ViewerCertificate.MinimumProtocolVersion).toBe('TLSv1.2_2021');
    } finally {
      withDomain.cleanup();
    }
  });
});

describe('cdk-nag', () => {
  it('synthesized the dev stage with the AwsSolutions pack and no unacknowledged finding', () => {
    const report = path.join(dev.outdir, 'validation-report.json');
    if (existsSync(report)) {
      const parsed = JSON.parse(readFileSync(report, 'utf8'));
      for (const plugin of parsed.pluginReports) expect(plugin.conclusion, plugin.pluginName).toBe('success');
    }
    expect(Validations).toBeDefined();
  });

  it('runs the DynamoDB rules on global tables (TableV2): point-in-time recovery and a backup plan', () => {
    const app = new App({ outdir: path.join(dev.outdir, 'nag-probe-ddb') });
    const stack = new Stack(app, 'Probe');
    new TableV2(stack, 'Table', { partitionKey: { name: 'pk', type: AttributeType.STRING } });
    Validations.of(app).addPlugins(new GlobalTableChecks(app));
    expect(() => app.synth()).toThrow(
      /Marketplace-DDB3[\s\S]*Marketplace-DDBBackup|Marketplace-DDBBackup[\s\S]*Marketplace-DDB3/,
    );

    const ok = new App({ outdir: path.join(dev.outdir, 'nag-probe-ddb-ok') });
    const okStack = new Stack(ok, 'Probe');
    const table = new TableV2(okStack, 'Table', {
      partitionKey: { name: 'pk', type: AttributeType.STRING },
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
    });
    BackupPlan.daily35DayRetention(okStack, 'Plan').addSelection('Sel', {
      resources: [BackupResource.fromArn(table.tableArn)],
    });
    Validations.of(ok).addPlugins(new GlobalTableChecks(ok));
    expect(() => ok.synth()).not.toThrow();
  });

  it('runs the AwsSolutions, Serverless and global-table packs on the stage: one unacknowledged finding of each fails synth', () => {
    const { app, stack } = buildApp({
      context: { stage: 'dev', 'aws:cdk:bundling-stacks': [] },
      webDistPath: fakeWebBuild(),
      outdir: path.join(dev.outdir, 'nag-probe-app'),
    });
    new LambdaFunction(stack, 'Untraced', {
      runtime: Runtime.NODEJS_24_X,
      handler: 'index.handler',
      code: Code.fromInline('exports.handler = async () => 1'),
    });
    new TableV2(stack, 'Unbacked', { partitionKey: { name: 'pk', type: AttributeType.STRING } });
    expect(() => app.synth()).toThrow(
      /(?=[\s\S]*Serverless-LambdaTracing)(?=[\s\S]*AwsSolutions-IAM4)(?=[\s\S]*Marketplace-DDB3)/,
    );
  });

  it("runs the packs on the route functions' nested stacks too: an unacknowledged finding there fails synth", () => {
    const { app, stack } = buildApp({
      context: { stage: 'dev', 'aws:cdk:bundling-stacks': [] },
      webDistPath: fakeWebBuild(),
      outdir: path.join(dev.outdir, 'nag-probe-nested'),
    });
    const posts = stack.api.routeStacks.get('post')!;
    new LambdaFunction(posts, 'Untraced', {
      runtime: Runtime.NODEJS_24_X,
      handler: 'index.handler',
      code: Code.fromInline('exports.handler = async () => 1'),
    });
    expect(() => app.synth()).toThrow(
      /PostRoutes\/Untraced[\s\S]*Serverless-LambdaTracing|Serverless-LambdaTracing[\s\S]*PostRoutes\/Untraced/,
    );
  });

  it('lets the web deployment invalidate only its own distribution', () => {
    const [webCdnId] = webDistribution();
    const statements = ofType('AWS::IAM::Policy')
      .flatMap(([, p]) => p.Properties.PolicyDocument.Statement)
      .filter((st: any) => [st.Action].flat().some((a: string) => a.startsWith('cloudfront:')));
    expect(statements.length).toBeGreaterThan(0);
    for (const st of statements) {
      expect([st.Action].flat().sort()).toEqual(['cloudfront:CreateInvalidation', 'cloudfront:GetInvalidation']);
      expect(st.Resource).toEqual({
        'Fn::Join': [
          '',
          [
            'arn:',
            { Ref: 'AWS::Partition' },
            ':cloudfront::',
            { Ref: 'AWS::AccountId' },
            ':distribution/',
            { Ref: webCdnId },
          ],
        ],
      });
    }
  });

  it('fails synth on an unacknowledged finding (the pack is really active)', () => {
    const app = new App({ outdir: path.join(dev.outdir, 'nag-probe') });
    const stack = new Stack(app, 'Probe');
    new Bucket(stack, 'Unsafe');
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
    expect(() => app.synth()).toThrow(/AwsSolutions-S10/);
  });
});

describe('prod stage', () => {
  let prod: Synthesized;
  beforeAll(() => {
    prod = synthStage('prod', { bundle: false });
  });
  afterAll(() => prod?.cleanup());

  it('retains data and refuses deletion', () => {
    const r: Resources = prod.template.toJSON().Resources;
    const table = Object.values(r).find((x) => x.Type === 'AWS::DynamoDB::GlobalTable')!;
    expect(table.DeletionPolicy).toBe('Retain');
    expect(table.UpdateReplacePolicy).toBe('Retain');
    expect(table.Properties.Replicas[0].DeletionProtectionEnabled).toBe(true);
    const pool = Object.values(r).find((x) => x.Type === 'AWS::Cognito::UserPool')!;
    expect(pool.DeletionPolicy).toBe('Retain');
    expect(pool.Properties.DeletionProtection).toBe('ACTIVE');
    for (const bucket of Object.values(r).filter((x) => x.Type === 'AWS::S3::Bucket'))
      expect(bucket.DeletionPolicy).toBe('Retain');
    expect(Object.values(r).some((x) => x.Type === 'Custom::S3AutoDeleteObjects')).toBe(false);
    expect(prod.stack.terminationProtection).toBe(true);
  });

  it('gives its VAPID secret a key pair while deploying (the custom resource of every stage)', () => {
    const r: Resources = prod.template.toJSON().Resources;
    const [secretId, secret] = Object.entries(r).find(
      ([, x]) =>
        x.Type === 'AWS::SecretsManager::Secret' && x.Properties.Name === 'marketplace-prod/web-push-vapid-keys',
    )!;
    expect(secret.DeletionPolicy).toBe('Retain');
    const pairs = Object.values(r).filter((x) => x.Type === 'Custom::VapidKeyPair');
    expect(pairs).toHaveLength(1);
    expect(pairs[0].Properties.SecretId).toEqual({ Ref: secretId });
    expect(pairs[0].Properties.Subject).toBe(`mailto:${stageConfig('prod').mail.fromAddress}`);
  });

  it("takes real money through Paddle's production environment (the web app is told its live client token)", () => {
    expect(stageConfig('prod').payments.environment).toBe('production');
    expect(prod.stack.runtimeConfig.payments).toMatchObject({
      provider: 'paddle',
      environment: 'production',
      chargeCurrency: 'EUR',
      clientToken: expect.stringMatching(/^live_/),
    });
    expect(() => synthStage('prod', { bundle: false, context: { paddleEnvironment: 'sandbox' } })).toThrow(
      "its payments must use Paddle's production environment",
    );
  });

  it('backs the table up daily and keeps each backup 35 days', () => {
    const r: Resources = prod.template.toJSON().Resources;
    const [tableId] = Object.entries(r).find(([, x]) => x.Type === 'AWS::DynamoDB::GlobalTable')!;
    const plan = Object.values(r).find((x) => x.Type === 'AWS::Backup::BackupPlan')!;
    const [rule] = plan.Properties.BackupPlan.BackupPlanRule;
    expect(rule.ScheduleExpression).toBe('cron(0 5 * * ? *)');
    expect(rule.Lifecycle).toEqual({ DeleteAfterDays: 35 });
    const selection = Object.values(r).find((x) => x.Type === 'AWS::Backup::BackupSelection')!;
    expect(selection.Properties.BackupSelection.Resources).toEqual([{ 'Fn::GetAtt': [tableId, 'Arn'] }]);
    expect(stageConfig('prod').tableBackup).toBe(true);
  });
});

describe('payments', () => {
  const fnNamed = (name: string) =>
    ofType('AWS::Lambda::Function').find(([, r]) => r.Properties.FunctionName === name)!;
  const policiesOf = (fn: any) => {
    const roleId = target(fn.Properties.Role)!;
    return ofType('AWS::IAM::Policy')
      .filter(([, p]) => p.Properties.Roles.some((r: any) => target(r) === roleId))
      .flatMap(([, p]) => p.Properties.PolicyDocument.Statement);
  };
  const secret = () =>
    ofType('AWS::SecretsManager::Secret').find(([, s]) => s.Properties.Name === 'marketplace-dev/payments')!;

  it("keeps Paddle's keys in a secret only the functions that talk to Paddle may read, with the sandbox's API", () => {
    const [secretId] = secret();
    const readers = ofType('AWS::Lambda::Function')
      .filter(([, fn]) => dump(policiesOf(fn)).includes(secretId))
      .map(([, fn]) => fn.Properties.FunctionName)
      .sort();
    expect(readers).toEqual(
      [
        'api-chooseSubscription',
        'api-closeAccount',
        'api-createAd',
        // A business's run cancelled or stopped (and deleted) is refunded through Paddle.
        'api-deleteAd',
        'api-getPaymentReceipt',
        'api-paymentWebhook',
        'api-refundPayment',
        'api-stopAd',
        'api-updateCard',
        'erase-closed-accounts',
        'plan-lifecycle',
        'reconcile-payments',
      ].map((n) => `marketplace-dev-${n}`),
    );
    const [, webhook] = fnNamed('marketplace-dev-api-paymentWebhook');
    expect(webhook.Properties.Environment.Variables).toMatchObject({
      PAYMENTS_PROVIDER: 'paddle',
      PAYMENTS_API_URL: 'https://sandbox-api.paddle.com',
      PAYMENTS_TEST: 'true',
      PAYMENTS_PRICES: JSON.stringify(stageConfig('dev').payments.prices),
    });
    // The checkout's pay step is under the web app's address.
    expect(dump(fnNamed('marketplace-dev-api-createAd')[1].Properties.Environment.Variables.APP_URL)).toContain(
      'DomainName',
    );
  });

  it('serves the webhook route without an authorizer, throttled on its own, and through the CDN behind the WAF', () => {
    const route = ofType('AWS::ApiGatewayV2::Route').find(
      ([, r]) => r.Properties.RouteKey === 'POST /payments/webhook',
    )!;
    expect(route[1].Properties.AuthorizationType).toBe('NONE');
    const [, stage] = one('AWS::ApiGatewayV2::Stage');
    expect(stage.Properties.RouteSettings['POST /payments/webhook']).toMatchObject({
      ThrottlingRateLimit: expect.any(Number),
    });
    const [, cdn] = webDistribution();
    const behavior = cdn.Properties.DistributionConfig.CacheBehaviors.find(
      (b: any) => b.PathPattern === '/payments/webhook',
    );
    expect(behavior).toMatchObject({
      AllowedMethods: expect.arrayContaining(['POST']),
      ViewerProtocolPolicy: 'https-only',
    });
  });

  it("lets only the pay step's pages load Paddle's checkout (its own CSP)", () => {
    const [, cdn] = webDistribution();
    const pay = cdn.Properties.DistributionConfig.CacheBehaviors.find((b: any) => b.PathPattern === '/pay/*');
    const policies = new Map(ofType('AWS::CloudFront::ResponseHeadersPolicy'));
    const payCsp = policies.get(target(pay.ResponseHeadersPolicyId)!)!.Properties.ResponseHeadersPolicyConfig
      .SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy;
    expect(dump(payCsp)).toContain('https://cdn.paddle.com');
    expect(dump(payCsp)).toContain('frame-src');
    expect(dump(payCsp)).toContain('https://sandbox-buy.paddle.com');
    const defaultCsp = policies.get(
      target(cdn.Properties.DistributionConfig.DefaultCacheBehavior.ResponseHeadersPolicyId)!,
    )!.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy;
    expect(dump(defaultCsp)).not.toContain('paddle.com');
  });

  it('reconciles every hour on a schedule, alone, and alarms on signature failures, repairs and unmatched payments', () => {
    const [fnId, fn] = fnNamed(RECONCILE);
    expect(fn.Properties.ReservedConcurrentExecutions).toBe(1);
    const rules = ofType('AWS::Events::Rule').filter(([, r]) => dump(r.Properties.Targets).includes(fnId));
    expect(rules.map(([, r]) => r.Properties.ScheduleExpression)).toEqual(['rate(1 hour)']);
    const alarms = new Map(ofType('AWS::CloudWatch::Alarm').map(([, a]) => [a.Properties.AlarmName, a.Properties]));
    expect(alarms.get('marketplace-dev-payment-webhook-signatures')).toMatchObject({
      MetricName: 'PaymentWebhookSignaturesRejected',
      Namespace: 'Marketplace',
    });
    expect(alarms.get('marketplace-dev-payments-repaired')).toMatchObject({
      MetricName: 'PaymentsRepaired',
      Threshold: 1,
    });
    expect(alarms.get('marketplace-dev-payments-unmatched')).toMatchObject({
      MetricName: 'PaymentsUnmatched',
      Namespace: 'Marketplace',
      Threshold: 1,
    });
  });
});

describe('expiry job of requests', () => {
  const job = () => ofType('AWS::Lambda::Function').find(([, r]) => r.Properties.FunctionName === POST_EXPIRY)!;

  it('runs every hour on a schedule, alone', () => {
    const [fnId, fn] = job();
    expect(fn.Properties.ReservedConcurrentExecutions).toBe(1);
    expect(fn.Properties.Environment.Variables).toMatchObject({
      OPEN_INDEX_SHARDS: String(stageConfig('dev').openIndexShards),
    });
    const rules = ofType('AWS::Events::Rule').filter(([, r]) => dump(r.Properties.Targets).includes(fnId));
    expect(rules).toHaveLength(1);
    expect(rules[0][1].Properties.ScheduleExpression).toBe('rate(1 hour)');
  });

  it('may only read, close and decline on the table and query the expiry index: no Scan', () => {
    const [, fn] = job();
    const roleId = target(fn.Properties.Role)!;
    const statements = ofType('AWS::IAM::Policy')
      .filter(([, p]) => p.Properties.Roles.some((r: any) => target(r) === roleId))
      .flatMap(([, p]) => p.Properties.PolicyDocument.Statement);
    const dynamo = statements.filter((st: any) => [st.Action].flat().some((a: string) => a.startsWith('dynamodb:')));
    expect(dynamo.flatMap((st: any) => [st.Action].flat()).sort()).toEqual([
      'dynamodb:DeleteItem',
      'dynamodb:GetItem',
      'dynamodb:Query',
      'dynamodb:Query',
      'dynamodb:UpdateItem',
    ]);
    expect(dump(dynamo)).toContain('/index/GSI2');
    expect(dump(dynamo)).not.toContain('Scan');
  });
});

describe('job of Sponsored runs', () => {
  const job = () => ofType('AWS::Lambda::Function').find(([, r]) => r.Properties.FunctionName === AD_RUN_JOB)!;

  it('runs every five minutes on a schedule, alone, and may only change runs and query the due index: no Scan', () => {
    const [fnId, fn] = job();
    expect(fn.Properties.ReservedConcurrentExecutions).toBe(1);
    const rules = ofType('AWS::Events::Rule').filter(([, r]) => dump(r.Properties.Targets).includes(fnId));
    expect(rules).toHaveLength(1);
    expect(rules[0][1].Properties.ScheduleExpression).toBe('rate(5 minutes)');
    const roleId = target(fn.Properties.Role)!;
    const statements = ofType('AWS::IAM::Policy')
      .filter(([, p]) => p.Properties.Roles.some((r: any) => target(r) === roleId))
      .flatMap(([, p]) => p.Properties.PolicyDocument.Statement);
    const dynamo = statements.filter((st: any) => [st.Action].flat().some((a: string) => a.startsWith('dynamodb:')));
    expect(dynamo.flatMap((st: any) => [st.Action].flat()).sort()).toEqual([
      'dynamodb:DeleteItem',
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'dynamodb:Query',
      'dynamodb:UpdateItem',
    ]);
    expect(dump(dynamo)).toContain('/index/GSI1');
    expect(dump(dynamo)).not.toContain('Scan');
  });
});

describe('privacy: the erasure job and the data exports', () => {
  const fn = (name: string) => ofType('AWS::Lambda::Function').find(([, r]) => r.Properties.FunctionName === name)!;
  const grantsOfFunction = (name: string) => {
    const roleId = target(fn(name)[1].Properties.Role)!;
    return ofType('AWS::IAM::Policy')
      .filter(([, p]) => p.Properties.Roles.some((r: any) => target(r) === roleId))
      .flatMap(([, p]) => p.Properties.PolicyDocument.Statement);
  };
  const actionsOf = (statements: any[]) => [...new Set(statements.flatMap((st: any) => [st.Action].flat()))].sort();

  it('erases on an hourly schedule, alone, never retried by EventBridge (the next run goes on)', () => {
    const [fnId, job] = fn(ERASURE);
    expect(job.Properties.ReservedConcurrentExecutions).toBe(1);
    expect(job.Properties.Timeout).toBe(900);
    expect(job.Properties.Environment.Variables).toMatchObject({ MEDIA_BUCKET_VERSIONED: 'true' });
    // A closed business's subscription is cancelled at the payment provider: its settings and keys' address.
    expect(Object.keys(job.Properties.Environment.Variables)).toEqual(
      expect.arrayContaining(['PAYMENTS_PROVIDER', 'PAYMENTS_API_URL', 'PAYMENTS_PRICES', 'PAYMENTS_SECRET_ARN']),
    );
    const rules = ofType('AWS::Events::Rule').filter(([, r]) => dump(r.Properties.Targets).includes(fnId));
    expect(rules).toHaveLength(1);
    expect(rules[0][1].Properties.ScheduleExpression).toBe('rate(1 hour)');
    expect(rules[0][1].Properties.Targets[0].RetryPolicy).toEqual({ MaximumRetryAttempts: 0 });
  });

  it('grants the erasure exactly what it does: the table and its indexes (no Scan), its prefixes, the user pool’s two calls', () => {
    const statements = grantsOfFunction(ERASURE).filter((st: any) => ![st.Action].flat()[0].startsWith('xray:'));
    expect(actionsOf(statements)).toEqual([
      'cognito-idp:AdminDeleteUser',
      'cognito-idp:AdminUserGlobalSignOut',
      'dynamodb:BatchGetItem',
      'dynamodb:BatchWriteItem',
      'dynamodb:ConditionCheckItem',
      'dynamodb:DeleteItem',
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'dynamodb:Query',
      'dynamodb:UpdateItem',
      'logs:CreateLogStream',
      'logs:PutLogEvents',
      's3:DeleteObject',
      's3:DeleteObjectVersion',
      's3:ListBucket',
      's3:ListBucketVersions',
      'secretsmanager:GetSecretValue',
    ]);
    const text = dump(statements);
    expect(text).not.toContain('Scan');
    expect(text).not.toContain('"*"');
    // Two secrets only: the chat database's service account and the payment provider's keys.
    const secrets = statements.filter((st: any) => [st.Action].flat().includes('secretsmanager:GetSecretValue'));
    expect(secrets.flatMap((st: any) => [st.Resource].flat())).toHaveLength(2);
    // Objects only under the person's prefixes; lists limited to them.
    for (const st of statements.filter((s: any) => [s.Action].flat().some((a: string) => a.startsWith('s3:Delete'))))
      expect(dump(st.Resource)).toMatch(/(uploads|images|exports)\/\*/);
    for (const st of statements.filter((s: any) => [s.Action].flat().some((a: string) => a.startsWith('s3:List'))))
      expect(st.Condition.StringLike['s3:prefix']).toBeDefined();
  });

  it('keeps exports in a private bucket whose objects go after a day; the worker gets only its stream records', () => {
    const buckets = ofType('AWS::S3::Bucket').filter(([, b]) =>
      (dump(b.Properties.BucketName) ?? '').includes('marketplace-dev-exports-'),
    );
    expect(buckets).toHaveLength(1);
    const [, bucket] = buckets[0];
    expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(bucket.Properties.LifecycleConfiguration.Rules).toContainEqual(
      expect.objectContaining({ Id: 'expire-exports', ExpirationInDays: 1, Status: 'Enabled' }),
    );
    const [workerId, worker] = fn(PRIVACY_WORKER);
    expect(worker.Properties.EphemeralStorage).toEqual({ Size: 2048 });
    const [, mapping] = ofType('AWS::Lambda::EventSourceMapping').find(
      ([, m]) => target(m.Properties.FunctionName) === workerId,
    )!;
    const filters = mapping.Properties.FilterCriteria.Filters.map((f: any) => JSON.parse(f.Pattern));
    expect(filters).toEqual([
      { dynamodb: { Keys: { pk: { S: [{ prefix: 'EXPORT#' }] } } } },
      {
        eventName: ['INSERT'],
        dynamodb: { Keys: { pk: { S: ['SUSPENSIONS'] }, sk: { S: [{ prefix: 'CLOSED#' }] } } },
      },
    ]);
    expect(actionsOf(grantsOfFunction(PRIVACY_WORKER))).not.toContain('dynamodb:DeleteItem');
  });

  it('lets the API sign a download link of the exports bucket, only from the export route', () => {
    const readers = routes.filter((r) => accessOf(r.handler).exportsRead).map((r) => r.handler);
    expect(readers).toEqual(['getDataExport']);
    const env = fn('marketplace-dev-api-getDataExport')[1].Properties.Environment.Variables;
    expect(dump(env.EXPORTS_BUCKET)).toContain('marketplace-dev-exports-');
    const closing = fn('marketplace-dev-api-closeAccount')[1].Properties.Environment.Variables;
    expect(Object.keys(closing)).toEqual(expect.arrayContaining(['USER_POOL_ID', 'USER_POOL_CLIENT_ID']));
  });
});

describe('image processor', () => {
  const processor = () =>
    ofType('AWS::Lambda::Function').find(([, r]) => r.Properties.FunctionName === IMAGE_PROCESSOR)!;

  it("runs on arm64 with sharp's arm64 Linux binaries next to its bundle", () => {
    const [, fn] = processor();
    expect(fn.Properties.Architectures).toEqual(['arm64']);
    expect(fn.Properties.Runtime).toBe('nodejs24.x');
    const asset = readdirSync(dev.outdir).find(
      (d) =>
        d.startsWith('asset.') && existsSync(path.join(dev.outdir, d, 'node_modules', '@img', 'sharp-linux-arm64')),
    );
    expect(asset, 'a bundle with @img/sharp-linux-arm64').toBeDefined();
    expect(existsSync(path.join(dev.outdir, asset!, 'node_modules', '@img', 'sharp-libvips-linux-arm64'))).toBe(true);
  });

  it('is invoked by object-created and lifecycle-expiration notifications for uploads/ only, retried twice, then sent to an encrypted queue', () => {
    const [fnId] = processor();
    const [, notifications] = one('Custom::S3BucketNotifications');
    const configs = notifications.Properties.NotificationConfiguration.LambdaFunctionConfigurations;
    expect(configs.map((c: any) => c.Events).sort()).toEqual([['s3:LifecycleExpiration:*'], ['s3:ObjectCreated:*']]);
    for (const config of configs) {
      expect(config.Filter.Key.FilterRules).toEqual([{ Name: 'prefix', Value: 'uploads/' }]);
      expect(dump(config.LambdaFunctionArn)).toContain(fnId);
    }

    const [, invokeConfig] = ofType('AWS::Lambda::EventInvokeConfig').find(
      ([, c]) => c.Properties.FunctionName === IMAGE_PROCESSOR || dump(c.Properties.FunctionName).includes(fnId),
    )!;
    expect(invokeConfig.Properties.MaximumRetryAttempts).toBe(2);
    const [queueId, queue] = ofType('AWS::SQS::Queue').find(
      ([, q]) => q.Properties.QueueName === `${IMAGE_PROCESSOR}-failures`,
    )!;
    expect(queue.Properties.SqsManagedSseEnabled).toBe(true);
    expect(dump(invokeConfig.Properties.DestinationConfig.OnFailure.Destination)).toContain(queueId);
  });

  it('may read uploads/* and write and delete images/* of the media bucket, nothing else', () => {
    const [, fn] = processor();
    const roleId = target(fn.Properties.Role)!;
    const statements = ofType('AWS::IAM::Policy')
      .filter(([, p]) => p.Properties.Roles.some((r: any) => target(r) === roleId))
      .flatMap(([, p]) => p.Properties.PolicyDocument.Statement);
    const s3 = statements.filter((st: any) => [st.Action].flat().some((a: string) => a.startsWith('s3:')));
    expect(s3.map((st: any) => [st.Action, dump(st.Resource).match(/\/(uploads|images)\/\*/)?.[1]])).toEqual([
      ['s3:GetObject', 'uploads'],
      [['s3:DeleteObject', 's3:PutObject'], 'images'],
    ]);
  });

  it('the media CDN can read only images/* (never the originals) and does not cache a missing state', () => {
    const oac = ofType('AWS::S3::BucketPolicy')
      .flatMap(([, p]) => p.Properties.PolicyDocument.Statement)
      .filter((st: any) => st.Sid === 'AllowCloudFrontOacRead');
    expect(oac).toHaveLength(1);
    expect(dump(oac[0].Resource)).toMatch(/\/images\/\*"/);
    const media = ofType('AWS::CloudFront::Distribution').find(
      ([, d]) => d.Properties.DistributionConfig.Comment === 'marketplace-dev media',
    )!;
    // CORS (any origin: the pictures are public) so the web app can read a picture's processing state.
    expect(media[1].Properties.DistributionConfig.DefaultCacheBehavior.ResponseHeadersPolicyId).toBe(
      ResponseHeadersPolicy.CORS_ALLOW_ALL_ORIGINS_WITH_PREFLIGHT_AND_SECURITY_HEADERS.responseHeadersPolicyId,
    );
    expect(media[1].Properties.DistributionConfig.CustomErrorResponses).toEqual([
      { ErrorCode: 403, ErrorCachingMinTTL: 0 },
      { ErrorCode: 404, ErrorCachingMinTTL: 0 },
    ]);
  });
});

describe("plans' lifecycle job", () => {
  const job = () =>
    ofType('AWS::Lambda::Function').find(([, r]) => r.Properties.FunctionName === 'marketplace-dev-plan-lifecycle')!;

  it('runs every hour on a schedule, alone, with the payment settings', () => {
    const [fnId, fn] = job();
    expect(fn.Properties.ReservedConcurrentExecutions).toBe(1);
    expect(fn.Properties.Environment.Variables).toMatchObject({ PAYMENTS_PROVIDER: 'paddle' });
    const rules = ofType('AWS::Events::Rule').filter(([, r]) => dump(r.Properties.Targets).includes(fnId));
    expect(rules.map(([, r]) => r.Properties.ScheduleExpression)).toEqual(['rate(1 hour)']);
  });

  it('may read and write items and query its partitions and the offers index: no Scan, no other index', () => {
    const [, fn] = job();
    const roleId = target(fn.Properties.Role)!;
    const statements = ofType('AWS::IAM::Policy')
      .filter(([, p]) => p.Properties.Roles.some((r: any) => target(r) === roleId))
      .flatMap(([, p]) => p.Properties.PolicyDocument.Statement);
    const dynamo = statements.filter((st: any) => [st.Action].flat().some((a: string) => a.startsWith('dynamodb:')));
    expect(dynamo.flatMap((st: any) => [st.Action].flat()).sort()).toEqual([
      'dynamodb:DeleteItem',
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'dynamodb:Query',
      'dynamodb:Query',
      'dynamodb:UpdateItem',
    ]);
    expect(dump(dynamo)).toContain('/index/GSI2');
    expect(dump(dynamo)).not.toContain('/index/GSI1');
    expect(dump(dynamo)).not.toContain('Scan');
  });
});
