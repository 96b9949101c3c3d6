/**
 * The HTTP API: one route and one Lambda per entry of common/routes.ts, every route behind the
 * Cognito JWT authorizer (all routes need a signed-in user; the handler checks the role from the
 * claims). Each function gets its own role with exactly the access infra/access.ts lists for it.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Aws, Duration } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  CfnStage,
  HttpApi,
  HttpMethod,
  HttpStage,
  LogGroupLogDestination,
  type HttpRoute,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpNoneAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import {
  ApplicationLogLevel,
  Architecture,
  LoggingFormat,
  Runtime,
  SystemLogLevel,
  Tracing,
} from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { AwsCustomResource, AwsCustomResourcePolicy, PhysicalResourceId } from 'aws-cdk-lib/custom-resources';
import { acknowledge } from '../nag';
import { Construct } from 'constructs';
import { API_TIME_LIMIT_SECONDS, IDEMPOTENCY_KEY_HEADER } from '../../common/constants';
import { routeKey, type RouteDef } from '../../common/routes';
import { INDEXES } from '../../lambdas/data/schema';
import { USER_POOL_ACTIONS, accessOf } from '../access';
import type { StageConfig } from '../stages';
import { UPLOAD_PREFIX } from './media';

/** Repository root: handler entries and the lock file are found from here. */
export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const HANDLERS_DIR = path.join(REPO_ROOT, 'lambdas/handlers');

/** The response header the list endpoints put their next-page cursor in (lambdas/lib/paging.ts). */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';

export interface ApiProps {
  stage: StageConfig;
  routes: readonly RouteDef[];
  table: ITableV2;
  media: { bucket: IBucket; baseUrl: string };
  /** userPool: the pool a moderator's 'suspend' disables accounts in (infra/access.ts `userPool`). */
  auth: { issuerUrl: string; webClientId: string; userPool: IUserPool };
  chat: { firebaseSecret: ISecret };
  notifications: { unsubscribeSecret: ISecret };
}

export class Api extends Construct {
  readonly httpApi: HttpApi;
  /** https://{id}.execute-api.{region}.amazonaws.com (no trailing slash). */
  readonly url: string;
  /** The function of each route, by handler name. */
  readonly functions = new Map<string, NodejsFunction>();

  constructor(
    scope: Construct,
    id: string,
    private readonly props: ApiProps,
  ) {
    super(scope, id);
    const { stage, routes } = props;

    const missing = routes.filter((r) => !existsSync(path.join(HANDLERS_DIR, `${r.handler}.ts`)));
    if (missing.length > 0) {
      throw new Error(
        `Missing handler files for ${missing.length} route(s): ${missing
          .map((r) => `${routeKey(r)} -> lambdas/handlers/${r.handler}.ts`)
          .join(', ')}`,
      );
    }

    this.httpApi = new HttpApi(this, 'HttpApi', {
      apiName: `${stage.prefix}-api`,
      description: `Marketplace API (${stage.name})`,
      createDefaultStage: false,
    });
    this.url = this.httpApi.apiEndpoint;

    const accessLogs = new LogGroup(this, 'AccessLogs', {
      logGroupName: `/aws/apigateway/${stage.prefix}-api`,
      retention: stage.logRetention,
      removalPolicy: stage.removalPolicy,
    });
    const httpStage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: stage.throttle,
      // Per-route Count, 4xx, 5xx and Latency metrics (the dashboard's per-route graphs).
      detailedMetricsEnabled: true,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            time: '$context.requestTime',
            ip: '$context.identity.sourceIp',
            method: '$context.httpMethod',
            routeKey: '$context.routeKey',
            path: '$context.path',
            status: '$context.status',
            protocol: '$context.protocol',
            responseLength: '$context.responseLength',
            latencyMs: '$context.responseLatency',
            integrationLatencyMs: '$context.integrationLatency',
            integrationError: '$context.integrationErrorMessage',
            authorizerError: '$context.authorizer.error',
            userSub: '$context.authorizer.claims.sub',
            userAgent: '$context.identity.userAgent',
          }),
        ),
      },
    });

    const authorizer = new HttpJwtAuthorizer('CognitoAuthorizer', props.auth.issuerUrl, {
      authorizerName: 'cognito',
      jwtAudience: [props.auth.webClientId],
      identitySource: ['$request.header.Authorization'],
    });

    const expensive = new Map<string, HttpRoute[]>();
    for (const route of routes) {
      const fn = this.routeFunction(route);
      this.functions.set(route.handler, fn);
      const added = this.httpApi.addRoutes({
        path: route.path,
        methods: [HttpMethod[route.method]],
        integration: new HttpLambdaIntegration(`${route.handler}Integration`, fn),
        // Public routes (the emails' unsubscribe links) carry their own signed token instead.
        authorizer: route.auth === 'public' ? new HttpNoneAuthorizer() : authorizer,
      });
      if (route.auth === 'public') {
        for (const r of added) {
          acknowledge(
            r,
            'AwsSolutions-APIG4',
            "The one-click unsubscribe link of an email must work without signing in (RFC 8058); the handler accepts only a link token signed with the stage's secret key (lambdas/notify/unsubscribe.ts).",
          );
        }
      }
      if (stage.expensiveRoutes.handlers.includes(route.handler)) expensive.set(routeKey(route), added);
    }

    // The expensive routes get their own, lower limit (each route separately, under the stage's default).
    // The stage names them by route key, so it is created after them.
    const cfnStage = httpStage.node.defaultChild as CfnStage;
    const { rateLimit, burstLimit } = stage.expensiveRoutes.throttle;
    cfnStage.routeSettings = Object.fromEntries(
      [...expensive.keys()].map((key) => [key, { ThrottlingRateLimit: rateLimit, ThrottlingBurstLimit: burstLimit }]),
    );
    for (const added of expensive.values()) for (const r of added) httpStage.node.addDependency(r);
  }

  private routeFunction(route: RouteDef): NodejsFunction {
    const { stage, table, media, chat, notifications } = this.props;
    const name = route.handler;
    const access = accessOf(name);

    const logGroup = new LogGroup(this, `${name}Logs`, {
      logGroupName: `/aws/lambda/${stage.prefix}-${name}`,
      retention: stage.logRetention,
      removalPolicy: stage.removalPolicy,
    });
    // Its own role with no managed policy: logs to its log group, plus what access.ts grants.
    const role = new Role(this, `${name}Role`, {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `${routeKey(route)} (${stage.name})`,
    });
    logGroup.grantWrite(role);
    // Active tracing adds xray:PutTraceSegments and xray:PutTelemetryRecords to this role.
    acknowledge(
      role,
      'AwsSolutions-IAM5[Resource::*]',
      'X-Ray tracing: xray:PutTraceSegments and xray:PutTelemetryRecords support no resource-level permissions (Resource * is the only form).',
    );

    if (access.table.length > 0) {
      role.addToPolicy(
        new PolicyStatement({
          actions: access.table.map((a) => `dynamodb:${a}`),
          resources: [table.tableArn],
        }),
      );
    }
    if (access.indexes?.length) {
      role.addToPolicy(
        new PolicyStatement({
          actions: ['dynamodb:Query'],
          resources: access.indexes.map((i) => `${table.tableArn}/index/${INDEXES[i].name}`),
        }),
      );
    }
    const environment: Record<string, string> = {
      TABLE_NAME: table.tableName,
      MEDIA_BUCKET: media.bucket.bucketName,
      MEDIA_BASE_URL: media.baseUrl,
      PAYMENTS_SANDBOX: String(stage.paymentsSandbox),
      OPEN_INDEX_SHARDS: String(stage.openIndexShards),
      // Stack traces point into the TypeScript sources through the bundled source maps.
      NODE_OPTIONS: '--enable-source-maps',
      // Powertools (lambdas/lib/log.ts): the `service` of every log line and metric is the stage.
      POWERTOOLS_SERVICE_NAME: stage.prefix,
    };
    if (access.media?.length) {
      role.addToPolicy(
        new PolicyStatement({
          actions: access.media.map((a) => `s3:${a}`),
          resources: [media.bucket.arnForObjects(`${UPLOAD_PREFIX}*`)],
        }),
      );
      acknowledge(
        role,
        `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::${stage.prefix}-media-<AWS::AccountId>-<AWS::Region>/${UPLOAD_PREFIX}*]`,
        `Uploads get new random keys under uploads/ (signed by createUploadUrl; records then name them), so the grant covers that prefix, and only ${access.media.map((a) => `s3:${a}`).join(', ')}.`,
      );
    }
    if (access.chatSecret) {
      role.addToPolicy(
        new PolicyStatement({
          actions: ['secretsmanager:GetSecretValue'],
          resources: [chat.firebaseSecret.secretArn],
        }),
      );
      environment.FIREBASE_SECRET_ARN = chat.firebaseSecret.secretArn;
      environment.FIREBASE_PROJECT_ID = stage.firebase.projectId;
      environment.FIREBASE_DATABASE_URL = stage.firebase.databaseURL;
    }
    if (access.unsubscribeSecret) {
      role.addToPolicy(
        new PolicyStatement({
          actions: ['secretsmanager:GetSecretValue'],
          resources: [notifications.unsubscribeSecret.secretArn],
        }),
      );
      environment.UNSUBSCRIBE_SECRET_ARN = notifications.unsubscribeSecret.secretArn;
    }
    if (access.userPool) {
      role.addToPolicy(
        new PolicyStatement({ actions: [...USER_POOL_ACTIONS], resources: [this.props.auth.userPool.userPoolArn] }),
      );
      environment.USER_POOL_ID = this.props.auth.userPool.userPoolId;
    }

    const fn = new NodejsFunction(this, `${name}Function`, {
      functionName: `${stage.prefix}-${name}`,
      description: routeKey(route),
      entry: path.join(HANDLERS_DIR, `${name}.ts`),
      handler: 'handler',
      runtime: Runtime.NODEJS_24_X,
      architecture: Architecture.ARM_64,
      memorySize: stage.lambda.memoryMb,
      timeout: Duration.seconds(API_TIME_LIMIT_SECONDS),
      role,
      logGroup,
      tracing: Tracing.ACTIVE,
      loggingFormat: LoggingFormat.JSON,
      applicationLogLevelV2: ApplicationLogLevel.INFO,
      systemLogLevelV2: SystemLogLevel.WARN,
      environment,
      projectRoot: REPO_ROOT,
      depsLockFilePath: path.join(REPO_ROOT, 'package-lock.json'),
      bundling: {
        format: OutputFormat.ESM,
        target: 'node24',
        mainFields: ['module', 'main'],
        minify: true,
        sourceMap: true,
        sourcesContent: false,
        // The Node.js 24 runtime ships AWS SDK v3: leaving it out keeps bundles small and cold starts short.
        externalModules: ['@aws-sdk/*'],
        // Some bundled CommonJS dependencies call require(); give ESM output one.
        banner: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
      },
    });
    acknowledge(
      fn,
      'Serverless-LambdaDLQ',
      'API Gateway invokes the function synchronously and answers the caller with its result or error; a DLQ only receives failed asynchronous invocations, which this function never gets.',
    );
    return fn;
  }

  /**
   * CORS for browsers on `webOrigin` only. It is applied to the API after both exist because the web
   * distribution's CSP names this API and the web origin is that distribution's domain: putting the
   * origin in the API's own definition would make the two depend on each other (a cycle).
   */
  allowOrigin(webOrigin: string) {
    const cors = {
      AllowOrigins: [webOrigin],
      AllowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
      AllowHeaders: ['authorization', 'content-type', IDEMPOTENCY_KEY_HEADER.toLowerCase()],
      // Retry-After: how long a 503 (a dependency unavailable, lambdas/lib/dependencies.ts) asks the app to wait.
      ExposeHeaders: [NEXT_CURSOR_HEADER, 'retry-after'],
      MaxAge: Duration.hours(1).toSeconds(),
    };
    const apiArn = `arn:${Aws.PARTITION}:apigateway:${Aws.REGION}::/apis/${this.httpApi.apiId}`;
    const call = {
      service: 'ApiGatewayV2',
      action: 'UpdateApi',
      parameters: { ApiId: this.httpApi.apiId, CorsConfiguration: cors },
      physicalResourceId: PhysicalResourceId.of(`${this.httpApi.apiId}-cors`),
    };
    const resource = new AwsCustomResource(this, 'Cors', {
      onCreate: call,
      onUpdate: call,
      policy: AwsCustomResourcePolicy.fromStatements([
        new PolicyStatement({ actions: ['apigateway:PATCH'], resources: [apiArn] }),
      ]),
      installLatestAwsSdk: false,
    });
    resource.node.addDependency(this.httpApi);
    return cors;
  }
}
