/**
 * What every Lambda function of a stage shares (the route functions, the notifier's three, the image
 * processor and the expiry job of requests): Node.js 24 on arm64, JSON logs at INFO, X-Ray active
 * tracing, and one esbuild configuration: minified ESM with source maps, with everything the function
 * imports in its one file, the AWS SDK v3 clients and AWS Lambda Powertools (Logger, Metrics, Tracer)
 * included, tree-shaken to what the function uses. One file starts faster than the same code resolved
 * from the runtime's SDK and a layer's node_modules, file by file (`npm run bench:start` measures every
 * function's start: docs/benchmarks.md, Start time), and the bundle runs the exact versions of the
 * lock file, the ones the tests ran. No layer: the Powertools layer measured slower (its Tracer took
 * about 33 ms to load from node_modules, file by file; bundled, it adds about 10 ms to a start). A
 * function may still leave a package out (`externalModules`): sharp, installed next to the image
 * processor's bundle for its native code, and nodemailer, which only the local stack uses. The source
 * maps keep our own code's mappings only (./ownSourceMaps.mjs).
 * Each construct gives its own name, entry, memory, timeout and environment, and gets its log group and own role from
 * functionLogsAndRole.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ApplicationLogLevel,
  Architecture,
  LoggingFormat,
  Runtime,
  SystemLogLevel,
  Tracing,
} from 'aws-cdk-lib/aws-lambda';
import { OutputFormat, type BundlingOptions, type NodejsFunctionProps } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { BuildOptions } from 'esbuild';
import type { Construct } from 'constructs';
import { acknowledge } from '../nag';
import type { StageConfig } from '../stages';

/** Repository root: handler entries and the lock file are found from here. */
export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The Node.js runtime of every function; the bundles are built for its version (`bundling().target`). */
export const FUNCTION_RUNTIME = Runtime.NODEJS_24_X;

/** esbuild's target for a Lambda runtime: `nodejs24.x` -> `node24`. */
export const esbuildTarget = (runtime: Runtime) => `node${runtime.name.match(/^nodejs(\d+)/)![1]}`;

/** Run on every bundle's folder after esbuild: its source map keeps only our own code's mappings (see the file). */
export const OWN_SOURCE_MAPS_SCRIPT = path.join(REPO_ROOT, 'infra/constructs/ownSourceMaps.mjs');

/**
 * The one esbuild configuration of every function; `externalModules` names packages a function leaves out of its
 * bundle (installed next to it, or never loaded in the cloud),
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
    target: esbuildTarget(FUNCTION_RUNTIME),
    mainFields: ['module', 'main'],
    minify: true,
    sourceMap: true,
    sourcesContent: false,
    // Always a list: without one, NodejsFunction leaves `@aws-sdk/*` out for the runtime to provide.
    externalModules: [...(options.externalModules ?? [])],
    // Some bundled CommonJS dependencies call require(); give ESM output one.
    banner: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
    // A function's own commands, then the source map cut to our code (./ownSourceMaps.mjs).
    commandHooks: {
      beforeBundling: (input: string, output: string) => options.commandHooks?.beforeBundling(input, output) ?? [],
      beforeInstall: (input: string, output: string) => options.commandHooks?.beforeInstall(input, output) ?? [],
      afterBundling: (input: string, output: string) => [
        ...(options.commandHooks?.afterBundling(input, output) ?? []),
        `"${process.execPath}" "${OWN_SOURCE_MAPS_SCRIPT}" "${output}"`,
      ],
    },
    ...(options.define ? { define: options.define } : {}),
    ...(options.alias
      ? { esbuildArgs: { '--alias': Object.entries(options.alias).map(([from, to]) => `${from}=${to}`) } }
      : {}),
  } satisfies BundlingOptions;
}

/**
 * The same options as esbuild's own (for builds that call esbuild directly: ./functionBundles.ts, the start-time
 * benchmark): output format, target, fields, minifying, source maps, the packages left out and the banner.
 */
export function esbuildOptions(options: Parameters<typeof bundling>[0] = {}) {
  const b = bundling(options);
  return {
    bundle: true,
    platform: 'node',
    format: b.format,
    target: b.target,
    mainFields: b.mainFields,
    minify: b.minify,
    sourcemap: b.sourceMap,
    sourcesContent: b.sourcesContent,
    external: b.externalModules,
    banner: { js: b.banner },
  } satisfies BuildOptions;
}

/**
 * Packages that pick their build from NODE_ENV at run time (React, react-dom/server) get their production build
 * only: the Lambda runtime sets no NODE_ENV, so without this the bundle holds both builds and runs the development
 * one (slower, and twice the size).
 */
export const PRODUCTION_BUILD = { 'process.env.NODE_ENV': JSON.stringify('production') };

/** Environment every function gets: source-mapped stack traces and the Powertools service name (the stage). */
export const baseEnvironment = (stage: StageConfig) => ({
  NODE_OPTIONS: '--enable-source-maps',
  POWERTOOLS_SERVICE_NAME: stage.prefix,
});

/**
 * The settings every function shares, to spread into a NodejsFunction's props (the caller adds name,
 * entry, role, log group, memory, timeout and environment, with `baseEnvironment` in it). Every construct
 * passes itself as the first argument (nothing of it is needed since the functions use no layer).
 */
export function functionDefaults(
  _scope: Construct,
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
  >
> {
  return {
    handler: 'handler',
    runtime: FUNCTION_RUNTIME,
    architecture: Architecture.ARM_64,
    tracing: Tracing.ACTIVE,
    loggingFormat: LoggingFormat.JSON,
    applicationLogLevelV2: ApplicationLogLevel.INFO,
    systemLogLevelV2: SystemLogLevel.WARN,
    projectRoot: REPO_ROOT,
    depsLockFilePath: path.join(REPO_ROOT, 'package-lock.json'),
    bundling: bundling(options),
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
