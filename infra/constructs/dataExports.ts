/**
 * Data exports in the cloud (docs/privacy.md, "Download my data"): a private bucket for the ZIPs (block public access,
 * TLS only, encrypted, access-logged, every object deleted a day after it is written) and the privacy worker, a second
 * reader of the table's stream (lambdas/privacy/worker.ts) that gets only its records, by the event source mapping's
 * filters: an export asked for (`EXPORT#...`) and an account closed (`SUSPENSIONS` / `CLOSED#...`: the email with the
 * erasure date). Its role reads what an export gathers and writes only the ZIPs and the export's status.
 */
import path from 'node:path';
import { Aws, Duration, Size, Stack } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  ObjectOwnership,
  type CfnBucket,
  type IBucket,
} from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { EXPORT_LINK_HOURS } from '../../common/privacy';
import { PROCESSED_PREFIX } from '../../common/images';
import { UPLOAD_PREFIX } from '../../common/uploads';
import { INDEXES } from '../../lambdas/model/schema';
import { acknowledge } from '../nag';
import type { StageConfig } from '../stages';
import { REPO_ROOT, baseEnvironment, functionDefaults, functionLogsAndRole } from './functionDefaults';
import { mailConfigurationSetName } from './notifier';

/** Where the ZIPs are in their bucket (`exports/{sub}/...`: lambdas/data/exports.ts exportPrefixOf). */
export const EXPORTS_PREFIX = 'exports/';

/** The exports bucket's fixed name (the API's download-link route is granted it by name: routeFunctions.ts). */
export const exportsBucketName = (stage: Pick<StageConfig, 'prefix'>) =>
  `${stage.prefix}-exports-${Aws.ACCOUNT_ID}-${Aws.REGION}`;

/** How cdk-nag names a grant on objects under a prefix of the media bucket (addressed by its fixed name). */
export const mediaObjectsFinding = (stage: Pick<StageConfig, 'prefix'>, prefix: string) =>
  `arn:<AWS::Partition>:s3:::${stage.prefix}-media-<AWS::AccountId>-<AWS::Region>/${prefix}*`;

/** The worker's function name on a stage. */
export const privacyWorkerName = (stage: Pick<StageConfig, 'prefix'>) => `${stage.prefix}-privacy-worker`;

/** The worker's time limit: a large export (many pictures) takes minutes. */
export const PRIVACY_WORKER_TIMEOUT = Duration.minutes(10);

export interface DataExportsProps {
  stage: StageConfig;
  table: ITableV2;
  media: IBucket;
  accessLogs: IBucket;
  firebaseSecret: ISecret;
  /** The web app's origin (the emails link to its sign-in and Settings > Privacy). */
  appUrl: string;
}

export class DataExports extends Construct {
  readonly bucket: Bucket;
  readonly worker: NodejsFunction;
  readonly failures: Queue;

  constructor(scope: Construct, id: string, props: DataExportsProps) {
    super(scope, id);
    const { stage, table, media } = props;

    this.bucket = new Bucket(this, 'Bucket', {
      bucketName: exportsBucketName(stage),
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: props.accessLogs,
      serverAccessLogsPrefix: 'exports-bucket/',
      removalPolicy: stage.removalPolicy,
      autoDeleteObjects: !stage.prod,
      lifecycleRules: [
        // A ZIP is downloadable EXPORT_LINK_HOURS; S3 expires objects by whole days after their creation.
        { id: 'expire-exports', expiration: Duration.days(Math.ceil(EXPORT_LINK_HOURS / 24)) },
        { id: 'abort-incomplete-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ],
    });

    const name = privacyWorkerName(stage);
    const { logGroup, role } = functionLogsAndRole(this, {
      stage,
      functionName: name,
      description: `Privacy worker: data exports and closure emails (${stage.name})`,
    });
    // The export gathers the person's items by key and through the indexes; it moves its status, and the closure
    // email's claim is an Update of the closure item.
    role.addToPolicy(
      new PolicyStatement({
        actions: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:UpdateItem'],
        resources: [table.tableArn],
      }),
    );
    role.addToPolicy(
      new PolicyStatement({
        actions: ['dynamodb:Query'],
        resources: [INDEXES.GSI1.name, INDEXES.GSI2.name].map((index) => `${table.tableArn}/index/${index}`),
      }),
    );
    // The person's pictures: listed by their prefixes, read (originals and processed widths).
    role.addToPolicy(
      new PolicyStatement({
        actions: ['s3:ListBucket'],
        resources: [media.bucketArn],
        conditions: { StringLike: { 's3:prefix': [`${UPLOAD_PREFIX}*`, `${PROCESSED_PREFIX}*`] } },
      }),
    );
    role.addToPolicy(
      new PolicyStatement({
        actions: ['s3:GetObject'],
        resources: [media.arnForObjects(`${UPLOAD_PREFIX}*`), media.arnForObjects(`${PROCESSED_PREFIX}*`)],
      }),
    );
    // The ZIP written, and read to sign the emailed link.
    role.addToPolicy(
      new PolicyStatement({
        actions: ['s3:PutObject', 's3:GetObject'],
        resources: [this.bucket.arnForObjects(`${EXPORTS_PREFIX}*`)],
      }),
    );
    role.addToPolicy(
      new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [props.firebaseSecret.secretArn] }),
    );
    role.addToPolicy(
      new PolicyStatement({
        actions: ['ses:SendEmail'],
        resources: [
          `arn:${Aws.PARTITION}:ses:${Aws.REGION}:${Aws.ACCOUNT_ID}:identity/${stage.mail.domain}`,
          `arn:${Aws.PARTITION}:ses:${Aws.REGION}:${Aws.ACCOUNT_ID}:configuration-set/${mailConfigurationSetName(stage)}`,
        ],
      }),
    );
    acknowledge(
      role,
      'AwsSolutions-IAM5[Resource::*]',
      'X-Ray tracing: xray:PutTraceSegments and xray:PutTelemetryRecords support no resource-level permissions (Resource * is the only form).',
    );
    for (const resource of [
      ...[UPLOAD_PREFIX, PROCESSED_PREFIX].map((prefix) => mediaObjectsFinding(stage, prefix)),
      `<${Stack.of(this).getLogicalId(this.bucket.node.defaultChild as CfnBucket)}.Arn>/${EXPORTS_PREFIX}*`,
    ])
      acknowledge(
        role,
        `AwsSolutions-IAM5[Resource::${resource}]`,
        'A person’s pictures have random keys under uploads/{sub}/ and images/{sub}/, and each export a random key under exports/{sub}/: read (and the ZIP written) on those prefixes only; the bucket list is limited to them by s3:prefix.',
      );

    this.failures = new Queue(this, 'Failures', {
      queueName: `${name}-failures`,
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    acknowledge(
      this.failures,
      'AwsSolutions-SQS3',
      "This queue is itself the on-failure destination of the worker's stream mapping.",
    );
    acknowledge(
      this.failures,
      'Serverless-SQSRedrivePolicy',
      'This queue is itself the on-failure queue of the privacy worker; its messages name the stream records to replay.',
    );

    this.worker = new NodejsFunction(this, 'Function', {
      // SES is the transport in the cloud: nodemailer (SMTP, local only) stays out of the bundle.
      ...functionDefaults(this, { externalModules: ['nodemailer'] }),
      functionName: name,
      description: 'Makes data exports (ZIP of a person’s data) and sends the email of a closed account',
      entry: path.join(REPO_ROOT, 'lambdas/privacy/worker.ts'),
      memorySize: 1024,
      timeout: PRIVACY_WORKER_TIMEOUT,
      // The ZIP is written to a file before it is put in the bucket.
      ephemeralStorageSize: Size.gibibytes(2),
      role,
      logGroup,
      environment: {
        ...baseEnvironment(stage),
        TABLE_NAME: table.tableName,
        MEDIA_BUCKET: media.bucketName,
        EXPORTS_BUCKET: this.bucket.bucketName,
        FIREBASE_SECRET_ARN: props.firebaseSecret.secretArn,
        FIREBASE_PROJECT_ID: stage.firebase.projectId,
        FIREBASE_DATABASE_URL: stage.firebase.databaseURL,
        MAIL_TRANSPORT: 'ses',
        MAIL_FROM: stage.mail.sender,
        SES_CONFIGURATION_SET: mailConfigurationSetName(stage),
        APP_URL: props.appUrl,
      },
    });
    this.worker.addEventSource(
      new DynamoEventSource(table, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: 10,
        bisectBatchOnError: true,
        retryAttempts: 3,
        maxRecordAge: Duration.days(1),
        reportBatchItemFailures: true,
        onFailure: new SqsDlq(this.failures),
        // Only its records reach it: an export asked for, an account closed.
        filters: [
          FilterCriteria.filter({ dynamodb: { Keys: { pk: { S: FilterRule.beginsWith('EXPORT#') } } } }),
          FilterCriteria.filter({
            eventName: FilterRule.isEqual('INSERT'),
            dynamodb: {
              Keys: { pk: { S: FilterRule.isEqual('SUSPENSIONS') }, sk: { S: FilterRule.beginsWith('CLOSED#') } },
            },
          }),
        ],
      }),
    );
    acknowledge(
      this.worker,
      'Serverless-LambdaDLQ',
      "Invoked by the stream's event source mapping, whose on-failure destination (the Failures queue) receives the records that still fail; a function DLQ would receive nothing.",
    );
  }
}
