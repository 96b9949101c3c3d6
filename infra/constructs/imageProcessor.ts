/**
 * The image processor in the cloud (lambdas/images/processUpload.ts): the media bucket's
 * object-created notifications for uploads/ invoke it asynchronously; Lambda retries a failed event
 * twice, then sends it to an encrypted SQS queue (the on-failure destination) to look at or replay.
 * Its role reads uploads/* and writes images/* only. sharp's native code for arm64 Linux comes from
 * npm (@img/sharp-linux-arm64, @img/sharp-libvips-linux-arm64), installed next to the bundle.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Duration, Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { EventType, type Bucket, type CfnBucket } from 'aws-cdk-lib/aws-s3';
import { LambdaDestination } from 'aws-cdk-lib/aws-s3-notifications';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { PROCESSED_PREFIX } from '../../common/images';
import { UPLOAD_PREFIX } from '../../common/uploads';
import { acknowledge } from '../nag';
import type { StageConfig } from '../stages';
import { REPO_ROOT, baseEnvironment, functionDefaults, functionLogsAndRole } from './functionDefaults';

export interface ImageProcessorProps {
  stage: StageConfig;
  /** The media bucket itself (its notifications are configured here). */
  bucket: Bucket;
}

/** The processor's function name on a stage (the dashboard and alarms name it too). */
export const imageProcessorName = (stage: Pick<StageConfig, 'prefix'>) => `${stage.prefix}-image-processor`;

/** The sharp version of the lock file, so the arm64 binaries match the JavaScript that is bundled. */
const sharpVersion = () =>
  JSON.parse(readFileSync(path.join(REPO_ROOT, 'node_modules/sharp/package.json'), 'utf8')).version as string;

export class ImageProcessor extends Construct {
  readonly function: NodejsFunction;
  readonly failures: Queue;

  constructor(scope: Construct, id: string, { stage, bucket }: ImageProcessorProps) {
    super(scope, id);
    const name = imageProcessorName(stage);
    const { logGroup, role } = functionLogsAndRole(this, {
      stage,
      functionName: name,
      description: `Image processor (${stage.name})`,
    });
    role.addToPolicy(
      new PolicyStatement({ actions: ['s3:GetObject'], resources: [bucket.arnForObjects(`${UPLOAD_PREFIX}*`)] }),
    );
    // Writes the processed versions; deletes them when their upload expires (DeleteObjects checks s3:DeleteObject per key).
    role.addToPolicy(
      new PolicyStatement({
        actions: ['s3:PutObject', 's3:DeleteObject'],
        resources: [bucket.arnForObjects(`${PROCESSED_PREFIX}*`)],
      }),
    );
    const bucketId = Stack.of(this).getLogicalId(bucket.node.defaultChild as CfnBucket);
    acknowledge(
      role,
      `AwsSolutions-IAM5[Resource::<${bucketId}.Arn>/${UPLOAD_PREFIX}*]`,
      'Uploads get new random keys under uploads/: the processor reads (s3:GetObject only) whichever one the notification names.',
    );
    acknowledge(
      role,
      `AwsSolutions-IAM5[Resource::<${bucketId}.Arn>/${PROCESSED_PREFIX}*]`,
      'Processed versions are written (and deleted when their upload expires) under images/ with names derived from the upload key: s3:PutObject and s3:DeleteObject only, on that prefix.',
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
      'This queue is itself the on-failure destination of the image processor.',
    );
    acknowledge(
      this.failures,
      'Serverless-SQSRedrivePolicy',
      'This queue is itself the dead-letter (on-failure) queue of the image processor; nothing consumes it to redrive from.',
    );

    this.function = new NodejsFunction(this, 'Function', {
      ...functionDefaults(this, {
        // sharp's native code is installed next to the bundle (below), not bundled.
        externalModules: ['sharp'],
        commandHooks: {
          beforeBundling: () => [],
          beforeInstall: () => [],
          // sharp's prebuilt Linux arm64 binaries are optional npm packages: installed for the target, not the build machine.
          afterBundling: (_input: string, output: string) => [
            `npm install --prefix "${output}" --no-save --no-package-lock --no-audit --no-fund --ignore-scripts --os=linux --cpu=arm64 --libc=glibc sharp@${sharpVersion()}`,
          ],
        },
      }),
      functionName: name,
      description: 'Processes uploaded pictures: metadata removed, orientation applied, WebP widths under images/',
      entry: path.join(REPO_ROOT, 'lambdas/images/processUpload.ts'),
      // sharp decodes a 12-megapixel photo into about 36 MB per width; more memory is also more CPU.
      memorySize: 1536,
      timeout: Duration.seconds(60),
      role,
      logGroup,
      environment: { ...baseEnvironment(stage), MEDIA_BUCKET: bucket.bucketName },
      retryAttempts: 2,
      maxEventAge: Duration.hours(6),
      onFailure: new SqsDestination(this.failures),
    });

    acknowledge(
      this.function,
      'Serverless-LambdaDLQ',
      'Failed asynchronous invocations go to the on-failure destination (the Failures queue, with the event and the error), which supersedes a DLQ.',
    );

    bucket.addEventNotification(EventType.OBJECT_CREATED, new LambdaDestination(this.function), {
      prefix: UPLOAD_PREFIX,
    });
    bucket.addEventNotification(EventType.LIFECYCLE_EXPIRATION, new LambdaDestination(this.function), {
      prefix: UPLOAD_PREFIX,
    });
    // CDK's own function that writes the bucket's notification configuration while deploying.
    const notifications = Stack.of(this).node.children.find((c) => c.node.id.startsWith('BucketNotificationsHandler'));
    if (notifications) {
      acknowledge(
        notifications,
        'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        'CDK bucket-notifications provider: the managed policy only lets it write its own logs; it runs only while deploying.',
      );
      acknowledge(
        notifications,
        'AwsSolutions-IAM5[Resource::*]',
        'CDK bucket-notifications provider: s3:PutBucketNotification is granted as CDK defines it; it runs only while deploying.',
      );
      acknowledge(
        notifications,
        'AwsSolutions-L1',
        'CDK bucket-notifications provider: runtime chosen by aws-cdk-lib; runs only during deployments.',
      );
    }
  }
}
