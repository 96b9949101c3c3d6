/**
 * What every Lambda function of a stage shares (the route functions, the notifier's three, the image
 * processor and the expiry job of requests): Node.js 24 on arm64, JSON logs at INFO, X-Ray active
 * tracing, and one esbuild configuration (minified ESM with source maps). Two kinds of packages stay out
 * of the bundles:
 *  - the AWS SDK v3, which the Node.js 24 runtime provides;
 *  - AWS Lambda Powertools (Logger, Metrics, Tracer, lambdas/lib/log.ts and tracing.ts), which comes from
 *    AWS's public Powertools layer of exactly the version in the lock file (the layer's ARN is read from
 *    AWS's public SSM parameter of that version while deploying). The Tracer and the X-Ray SDK under it
 *    are about 120 KB minified: bundled, they would push most functions past the 260 KB budget
 *    (scripts/bundle-sizes.ts).
 * Each construct gives its own name, entry, memory, timeout and environment, and gets its log group and own role from
 * functionLogsAndRole.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Stack } from 'aws-cdk-lib';
import {
  ApplicationLogLevel,
  Architecture,
  LayerVersion,
  LoggingFormat,
  Runtime,
  SystemLogLevel,
  Tracing,
  type ILayerVersion,
} from 'aws-cdk-lib/aws-lambda';
import { OutputFormat, type BundlingOptions, type NodejsFunctionProps } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { acknowledge } from '../nag';
import type { StageConfig } from '../stages';

/** Repository root: handler entries and the lock file are found from here. */
export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Packages the bundles import at run time instead of containing them (see above). */
export const RUNTIME_PROVIDED_MODULES = ['@aws-sdk/*', '@aws-lambda-powertools/*'] as const;

/** The Powertools version of the lock file: the layer must serve the same code the tests ran. */
export const POWERTOOLS_VERSION: string = JSON.parse(
  readFileSync(path.join(REPO_ROOT, 'node_modules/@aws-lambda-powertools/tracer/package.json'), 'utf8'),
).version;

/** AWS's public SSM parameter whose value is the ARN of the Powertools layer of that version, in every region. */
export const POWERTOOLS_LAYER_PARAMETER = `/aws/service/powertools/typescript/generic/all/${POWERTOOLS_VERSION}`;

/**
 * The one esbuild configuration of every function; `externalModules` adds packages a function installs itself,
 * `define` replaces expressions at build time (the site's React needs NODE_ENV=production: `PRODUCTION_BUILD`),
 * `alias` puts one module in place of another (the site takes only the server renderer it uses: publicSite.ts).
 */
export function bundling(
  options: {
    externalModules?: string[];
    commandHooks?: BundlingOptions['commandHooks'];
    define?: Record<string, string>;
    alias?: Record<string, string>;
  } = {},
) {
  return {
    format: OutputFormat.ESM,
    target: 'node24',
    mainFields: ['module', 'main'],
    minify: true,
    sourceMap: true,
    sourcesContent: false,
    externalModules: [...RUNTIME_PROVIDED_MODULES, ...(options.externalModules ?? [])],
    // Some bundled CommonJS dependencies call require(); give ESM output one.
    banner: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
    ...(options.commandHooks ? { commandHooks: options.commandHooks } : {}),
    ...(options.define ? { define: options.define } : {}),
    ...(options.alias
      ? { esbuildArgs: { '--alias': Object.entries(options.alias).map(([from, to]) => `${from}=${to}`) } }
      : {}),
  } satisfies BundlingOptions;
}

/**
 * Packages that pick their build from NODE_ENV at run time (React, react-dom/server) get their production build
 * only: the Lambda runtime sets no NODE_ENV, so without this the bundle holds both builds and runs the development
 * one (slower, and twice the size).
 */
export const PRODUCTION_BUILD = { 'process.env.NODE_ENV': JSON.stringify('production') };

/** The Powertools layer, once per stack (a nested stack gets its own reference). */
export function powertoolsLayer(scope: Construct): ILayerVersion {
  const stack = Stack.of(scope);
  const id = 'PowertoolsLayer';
  return (
    (stack.node.tryFindChild(id) as ILayerVersion | undefined) ??
    LayerVersion.fromLayerVersionArn(stack, id, `{{resolve:ssm:${POWERTOOLS_LAYER_PARAMETER}}}`)
  );
}

/** Environment every function gets: source-mapped stack traces and the Powertools service name (the stage). */
export const baseEnvironment = (stage: StageConfig) => ({
  NODE_OPTIONS: '--enable-source-maps',
  POWERTOOLS_SERVICE_NAME: stage.prefix,
});

/**
 * The settings every function shares, to spread into a NodejsFunction's props (the caller adds name,
 * entry, role, log group, memory, timeout and environment, with `baseEnvironment` in it).
 */
export function functionDefaults(
  scope: Construct,
  options: Parameters<typeof bundling>[0] = {},
): Required<
  Pick<
    NodejsFunctionProps,
    | 'handler'
    | 'runtime'
    | 'architecture'
    | 'tracing'
    | 'loggingFormat'
    | 'applicationLogLevelV2'
    | 'systemLogLevelV2'
    | 'projectRoot'
    | 'depsLockFilePath'
    | 'bundling'
    | 'layers'
  >
> {
  return {
    handler: 'handler',
    runtime: Runtime.NODEJS_24_X,
    architecture: Architecture.ARM_64,
    tracing: Tracing.ACTIVE,
    loggingFormat: LoggingFormat.JSON,
    applicationLogLevelV2: ApplicationLogLevel.INFO,
    systemLogLevelV2: SystemLogLevel.WARN,
    projectRoot: REPO_ROOT,
    depsLockFilePath: path.join(REPO_ROOT, 'package-lock.json'),
    bundling: bundling(options),
    layers: [powertoolsLayer(scope)],
  };
}

/** Why the X-Ray statement of a traced function's role names Resource *. */
const XRAY_WILDCARD_REASON =
  'X-Ray tracing: xray:PutTraceSegments and xray:PutTelemetryRecords support no resource-level permissions (Resource * is the only form).';

/**
 * A function's log group (`/aws/lambda/{functionName}`, the stage's retention and removal policy) and its own role
 * with no managed policy, allowed only to write to that log group; the caller adds what the function may do.
 * `idPrefix` keeps the construct ids `{idPrefix}Logs` and `{idPrefix}Role` (and so the template's logical ids).
 * Every function of the stage is traced (functionDefaults: X-Ray active), which adds xray:PutTraceSegments and
 * xray:PutTelemetryRecords on Resource * to its role: acknowledged here; `traced: false` for a function that is not
 * (the custom-resource provider's framework function).
 */
export function functionLogsAndRole(
  scope: Construct,
  opts: { stage: StageConfig; functionName: string; description: string; idPrefix?: string; traced?: boolean },
): { logGroup: LogGroup; role: Role } {
  const id = opts.idPrefix ?? '';
  const logGroup = new LogGroup(scope, `${id}Logs`, {
    logGroupName: `/aws/lambda/${opts.functionName}`,
    retention: opts.stage.logRetention,
    removalPolicy: opts.stage.removalPolicy,
  });
  const role = new Role(scope, `${id}Role`, {
    assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
    description: opts.description,
  });
  logGroup.grantWrite(role);
  if (opts.traced ?? true) acknowledge(role, 'AwsSolutions-IAM5[Resource::*]', XRAY_WILDCARD_REASON);
  return { logGroup, role };
}
