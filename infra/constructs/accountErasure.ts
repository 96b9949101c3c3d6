/**
 * The privacy job in the cloud (lambdas/jobs/eraseClosedAccounts.ts): an EventBridge schedule runs it every
 * ERASURE_SCHEDULE_MINUTES; it finishes the closing of accounts their owners deleted and erases each one
 * ERASURE_DELAY_DAYS later (docs/privacy.md). One function with its own role, allowed exactly what the erasure does:
 * the table and its indexes (reads by key and Query, never Scan; Update, Delete and BatchWrite), the media bucket's
 * uploads/ and images/ (listed by prefix, every version deleted) and the exports bucket's exports/, the chat database's
 * secret, the payment provider's keys (a closed business's subscription cancelled), and on the user pool only
 * AdminUserGlobalSignOut (closing) and AdminDeleteUser (erasing).
 * A failed or cut-short run is finished by the next one (every step can run again), so EventBridge retries nothing.
 */
import path from 'node:path';
import { Duration, Stack } from 'aws-cdk-lib';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { paymentEnvironment } from './payments';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { Bucket, CfnBucket, IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { ERASURE_JOB_TIMEOUT_SECONDS, ERASURE_SCHEDULE_MINUTES } from '../../common/privacy';
import { PROCESSED_PREFIX } from '../../common/images';
import { UPLOAD_PREFIX } from '../../common/uploads';
import { INDEXES } from '../../lambdas/model/schema';
import { acknowledge } from '../nag';
import type { StageConfig } from '../stages';
import { REPO_ROOT, baseEnvironment, functionDefaults, functionLogsAndRole } from './functionDefaults';
import { EXPORTS_PREFIX, mediaObjectsFinding } from './dataExports';

/** The job's function name on a stage (the dashboard and alarms name it too). */
export const accountErasureName = (stage: Pick<StageConfig, 'prefix'>) => `${stage.prefix}-erase-closed-accounts`;

/** What the erasure does on the table: reads by key and Query, conditional Updates, Deletes, BatchWrite deletes. */
export const ERASURE_TABLE_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:ConditionCheckItem',
  'dynamodb:BatchWriteItem',
] as const;

/** The user pool calls of the job: closing signs out, erasing deletes the user. */
export const ERASURE_USER_POOL_ACTIONS = ['cognito-idp:AdminUserGlobalSignOut', 'cognito-idp:AdminDeleteUser'] as const;

export interface AccountErasureProps {
  stage: StageConfig;
  table: ITableV2;
  media: IBucket;
  exports: Bucket;
  userPool: IUserPool;
  firebaseSecret: ISecret;
  /** The Paddle keys: a closed business's subscription is cancelled at the payment provider. */
  paymentsSecret: ISecret;
}

export class AccountErasure extends Construct {
  readonly function: NodejsFunction;
  readonly rule: Rule;

  constructor(scope: Construct, id: string, props: AccountErasureProps) {
    super(scope, id);
    const { stage, table, media } = props;
    const name = accountErasureName(stage);
    const { logGroup, role } = functionLogsAndRole(this, {
      stage,
      functionName: name,
      description: `Closing and erasing deleted accounts (${stage.name})`,
    });
    role.addToPolicy(new PolicyStatement({ actions: [...ERASURE_TABLE_ACTIONS], resources: [table.tableArn] }));
    role.addToPolicy(
      new PolicyStatement({
        actions: ['dynamodb:Query'],
        resources: [INDEXES.GSI1.name, INDEXES.GSI2.name].map((index) => `${table.tableArn}/index/${index}`),
      }),
    );
    // A person's pictures: every object and version under their two prefixes is listed and deleted.
    role.addToPolicy(
      new PolicyStatement({
        actions: ['s3:ListBucket', 's3:ListBucketVersions'],
        resources: [media.bucketArn],
        conditions: { StringLike: { 's3:prefix': [`${UPLOAD_PREFIX}*`, `${PROCESSED_PREFIX}*`] } },
      }),
    );
    role.addToPolicy(
      new PolicyStatement({
        actions: ['s3:DeleteObject', 's3:DeleteObjectVersion'],
        resources: [media.arnForObjects(`${UPLOAD_PREFIX}*`), media.arnForObjects(`${PROCESSED_PREFIX}*`)],
      }),
    );
    role.addToPolicy(
      new PolicyStatement({
        actions: ['s3:ListBucket'],
        resources: [props.exports.bucketArn],
        conditions: { StringLike: { 's3:prefix': [`${EXPORTS_PREFIX}*`] } },
      }),
    );
    role.addToPolicy(
      new PolicyStatement({
        actions: ['s3:DeleteObject'],
        resources: [props.exports.arnForObjects(`${EXPORTS_PREFIX}*`)],
      }),
    );
    role.addToPolicy(
      new PolicyStatement({
        actions: ['secretsmanager:GetSecretValue'],
        resources: [props.firebaseSecret.secretArn, props.paymentsSecret.secretArn],
      }),
    );
    role.addToPolicy(
      new PolicyStatement({ actions: [...ERASURE_USER_POOL_ACTIONS], resources: [props.userPool.userPoolArn] }),
    );
    acknowledge(
      role,
      'AwsSolutions-IAM5[Resource::*]',
      'X-Ray tracing: xray:PutTraceSegments and xray:PutTelemetryRecords support no resource-level permissions (Resource * is the only form).',
    );
    for (const resource of [
      ...[UPLOAD_PREFIX, PROCESSED_PREFIX].map((prefix) => mediaObjectsFinding(stage, prefix)),
      `<${Stack.of(props.exports).getLogicalId(props.exports.node.defaultChild as CfnBucket)}.Arn>/${EXPORTS_PREFIX}*`,
    ])
      acknowledge(
        role,
        `AwsSolutions-IAM5[Resource::${resource}]`,
        'An erased person’s pictures and exports have random keys under uploads/{sub}/, images/{sub}/ and exports/{sub}/: deleted (every version) on those prefixes only; the bucket lists are limited to them by s3:prefix.',
      );

    this.function = new NodejsFunction(this, 'Function', {
      ...functionDefaults(this),
      functionName: name,
      description: 'Finishes the closing of deleted accounts and erases them 14 days later (hourly)',
      entry: path.join(REPO_ROOT, 'lambdas/jobs/eraseClosedAccounts.ts'),
      memorySize: stage.lambda.memoryMb,
      timeout: Duration.seconds(ERASURE_JOB_TIMEOUT_SECONDS),
      role,
      logGroup,
      environment: {
        ...baseEnvironment(stage),
        TABLE_NAME: table.tableName,
        MEDIA_BUCKET: media.bucketName,
        MEDIA_BUCKET_VERSIONED: 'true',
        EXPORTS_BUCKET: props.exports.bucketName,
        OPEN_INDEX_SHARDS: String(stage.openIndexShards),
        USER_POOL_ID: props.userPool.userPoolId,
        FIREBASE_SECRET_ARN: props.firebaseSecret.secretArn,
        FIREBASE_PROJECT_ID: stage.firebase.projectId,
        FIREBASE_DATABASE_URL: stage.firebase.databaseURL,
        ...paymentEnvironment(stage, props.paymentsSecret),
      },
      // Runs alone: two runs at once would only race on the same conditional writes.
      reservedConcurrentExecutions: 1,
      retryAttempts: 0,
    });
    const notRetried =
      'A schedule event carries nothing to replay: a failed or cut-short run is finished by the next hourly run (every step can run again); failures show in the log group and the Errors metric.';
    acknowledge(this.function, 'Serverless-LambdaDLQ', notRetried);
    acknowledge(this.function, 'Serverless-LambdaAsyncFailureDestination', notRetried);

    this.rule = new Rule(this, 'Schedule', {
      description: 'Finishes closing deleted accounts and erases them once due',
      schedule: Schedule.rate(Duration.minutes(ERASURE_SCHEDULE_MINUTES)),
      targets: [new LambdaFunction(this.function, { retryAttempts: 0 })],
    });
    acknowledge(this.rule, 'Serverless-EventBusDLQ', notRetried);
  }
}
