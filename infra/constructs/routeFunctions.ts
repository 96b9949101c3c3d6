/**
 * The Lambda functions behind the API's routes, each with its own role (exactly the access infra/access.ts
 * lists for its handler), its policy and its log group, in nested stacks: one per first path segment
 * (`/post/...` in PostRoutes, `/chat/...` in ChatRoutes). A route costs its nested stack four resources; the
 * HTTP API route, its integration and the permission to invoke the function (infra/constructs/api.ts) cost the
 * stage's stack three for the segments it has always held them for (STAGE_STACK_ROUTE_GROUPS), and its nested
 * stack three for every other segment, so the stage's stack stays far from CloudFormation's 500 resources as
 * routes are added. The group depends on the route's own path alone: adding a route never moves another route's
 * function to another stack (which would replace it).
 */
import path from 'node:path';
import { Aws, Duration, NestedStack } from 'aws-cdk-lib';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { API_TIME_LIMIT_SECONDS } from '../../common/constants';
import { routeKey, type RouteDef } from '../../common/routes';
import { UPLOAD_PREFIX } from '../../common/uploads';
import { INDEXES } from '../../lambdas/model/schema';
import { accessOf } from '../access';
import { EXPORTS_PREFIX, exportsBucketName } from './dataExports';
import { acknowledge } from '../nag';
import type { StageConfig } from '../stages';
import { REPO_ROOT, baseEnvironment, functionDefaults, functionLogsAndRole } from './functionDefaults';
import { paymentEnvironment } from './payments';
import { sharedBundle } from './functionBundles';

export const HANDLERS_DIR = path.join(REPO_ROOT, 'lambdas/handlers');

/**
 * The function name of a route's handler on a stage (the dashboard and alarms name it too). `api-` keeps
 * it apart from the names the functions had while they were in the stage's stack: CloudFormation creates
 * a nested stack's functions before it deletes the stage stack's old ones, so reusing a name (or its log
 * group's) would fail the first deploy of this layout.
 */
export const routeFunctionName = (stage: Pick<StageConfig, 'prefix'>, handler: string) =>
  `${stage.prefix}-api-${handler}`;

/** The group (nested stack) of a route: the first segment of its path, `/post/{id}/close` -> `post`. */
export function routeGroup(route: Pick<RouteDef, 'path'>): string {
  const segment = route.path.split('/').find((s) => s && !s.startsWith('{'));
  return (segment ?? 'root').replace(/[^A-Za-z0-9]/g, '');
}

/** The construct id of a group's nested stack: `post` -> `PostRoutes`. */
export const routeStackId = (group: string) => `${group.charAt(0).toUpperCase()}${group.slice(1)}Routes`;

export interface RouteFunctionsProps {
  stage: StageConfig;
  group: string;
  table: ITableV2;
  media: { bucket: IBucket; baseUrl: string };
  chat: { firebaseSecret: ISecret };
  notifications: { unsubscribeSecret: ISecret; vapidSecret: ISecret };
  /** The pool of the admin calls (infra/access.ts `userPool`) and its web client (a password checked through it). */
  userPool: IUserPool;
  userPoolClientId: string;
  /** The Paddle keys (infra/access.ts `paymentsSecret`). */
  payments: { secret: ISecret };
}

export class RouteFunctions extends NestedStack {
  /** The function of each route of this group, by handler name. */
  readonly functions = new Map<string, NodejsFunction>();

  constructor(
    scope: Construct,
    id: string,
    private readonly props: RouteFunctionsProps,
  ) {
    super(scope, id, { description: `Functions of the /${props.group} routes (${props.stage.name})` });
  }

  /** The function of one route: its log group, its own role with no managed policy, and the function. */
  add(route: RouteDef): NodejsFunction {
    const { stage, table, media, chat, notifications } = this.props;
    const name = route.handler;
    const access = accessOf(name);
    const functionName = routeFunctionName(stage, name);

    // Its own role with no managed policy: logs to its log group, plus what access.ts grants.
    const { logGroup, role } = functionLogsAndRole(this, {
      stage,
      functionName,
      description: `${routeKey(route)} (${stage.name})`,
      idPrefix: name,
    });

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
      ...baseEnvironment(stage),
      TABLE_NAME: table.tableName,
      MEDIA_BUCKET: media.bucket.bucketName,
      MEDIA_BASE_URL: media.baseUrl,
      OPEN_INDEX_SHARDS: String(stage.openIndexShards),
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
    if (access.vapidSecret) {
      role.addToPolicy(
        new PolicyStatement({
          actions: ['secretsmanager:GetSecretValue'],
          resources: [notifications.vapidSecret.secretArn],
        }),
      );
      environment.VAPID_SECRET_ARN = notifications.vapidSecret.secretArn;
    }
    if (access.paymentsSecret) {
      role.addToPolicy(
        new PolicyStatement({
          actions: ['secretsmanager:GetSecretValue'],
          resources: [this.props.payments.secret.secretArn],
        }),
      );
      Object.assign(environment, paymentEnvironment(stage, this.props.payments.secret));
    }
    if (access.userPool?.length) {
      role.addToPolicy(
        new PolicyStatement({
          actions: access.userPool.map((a) => `cognito-idp:${a}`),
          resources: [this.props.userPool.userPoolArn],
        }),
      );
      environment.USER_POOL_ID = this.props.userPool.userPoolId;
      environment.USER_POOL_CLIENT_ID = this.props.userPoolClientId;
    }
    if (access.exportsRead) {
      // Signing a data export's download address: reading its ZIP, under exports/ of the private exports bucket only.
      const bucket = exportsBucketName(stage);
      role.addToPolicy(
        new PolicyStatement({
          actions: ['s3:GetObject'],
          resources: [`arn:${Aws.PARTITION}:s3:::${bucket}/${EXPORTS_PREFIX}*`],
        }),
      );
      acknowledge(
        role,
        `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::${stage.prefix}-exports-<AWS::AccountId>-<AWS::Region>/${EXPORTS_PREFIX}*]`,
        'Each export gets a new random key under exports/{sub}/ (the caller’s own is read from their export item): s3:GetObject only, on that prefix.',
      );
      environment.EXPORTS_BUCKET = bucket;
    }

    // Bundled with every other route's handler in one esbuild run (./functionBundles.ts).
    const code = sharedBundle(this, HANDLERS_DIR, name);
    const fn = new NodejsFunction(this, `${name}Function`, {
      ...functionDefaults(this),
      ...(code ? { code, handler: 'index.handler' } : {}),
      functionName,
      description: routeKey(route),
      entry: path.join(HANDLERS_DIR, `${name}.ts`),
      memorySize: stage.lambda.memoryMb,
      timeout: Duration.seconds(API_TIME_LIMIT_SECONDS),
      role,
      logGroup,
      environment,
    });
    acknowledge(
      fn,
      'Serverless-LambdaDLQ',
      'API Gateway invokes the function synchronously and answers the caller with its result or error; a DLQ only receives failed asynchronous invocations, which this function never gets.',
    );
    this.functions.set(name, fn);
    return fn;
  }
}
