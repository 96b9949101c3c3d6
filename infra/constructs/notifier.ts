/**
 * Notifications in the cloud (in-app, email and push), in a nested stack of their own (the stage's stack is near
 * CloudFormation's 500 resources): the notifier Lambda fed by the table's stream (batches of 100, a
 * failed batch bisected and retried with backoff, records that still fail sent to an SQS on-failure
 * queue, partial batch responses), the daily lead digest and the operators' weekly email on EventBridge schedules, SES v2 (the stage's
 * sender identity and a configuration set whose suppression stops mail to addresses that bounced or
 * complained) and alarms on failures. Least privilege: each function reads and writes only what
 * lambdas/notify/ uses.
 */
import path from 'node:path';
import { Duration, NestedStack, type NestedStackProps } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction as LambdaTarget } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import {
  CloudWatchDimensionSource,
  ConfigurationSet,
  EmailIdentity,
  EmailSendingEvent,
  EventDestination,
  Identity,
  SuppressionReasons,
} from 'aws-cdk-lib/aws-ses';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { acknowledge } from '../nag';
import type { StageConfig } from '../stages';
import { REPO_ROOT, baseEnvironment, functionDefaults, functionLogsAndRole } from './functionDefaults';
import { INDEXES } from '../../lambdas/model/schema';

/** The event source mapping of the stream (the local runner, bin/local/streams.ts, uses the same batch size). */
export const NOTIFIER_STREAM = { batchSize: 100, retryAttempts: 10, maxRecordAge: Duration.days(1) } as const;

/** The stage's SES configuration set (the dashboard graphs its email events: infra/constructs/monitoring.ts). */
export const mailConfigurationSetName = (stage: Pick<StageConfig, 'prefix'>) => `${stage.prefix}-mail`;

/**
 * The CloudWatch dimension the configuration set's email events are counted under (namespace AWS/SES): SES's
 * own tag of each message, whose value is the configuration set's name.
 */
export const MAIL_EVENTS_DIMENSION = 'ses:configuration-set';

/** The email events counted in CloudWatch (metrics Send, Delivery, Bounce, Complaint, Reject). */
export const MAIL_EVENTS = [
  EmailSendingEvent.SEND,
  EmailSendingEvent.DELIVERY,
  EmailSendingEvent.BOUNCE,
  EmailSendingEvent.COMPLAINT,
  EmailSendingEvent.REJECT,
] as const;

/** The name of one of the notifier's functions on a stage (`notifier`, `lead-digest`, `chat-reminder`). */
export const notifierFunctionName = (stage: Pick<StageConfig, 'prefix'>, name: NotifierFunction) =>
  `${stage.prefix}-${name}`;
export type NotifierFunction = 'notifier' | 'lead-digest' | 'chat-reminder' | 'operator-report';

export interface NotifierProps extends NestedStackProps {
  stage: StageConfig;
  table: ITableV2;
  unsubscribeSecret: ISecret;
  /** The VAPID key pair of Web Push: the notifier pushes to subscribed devices. */
  vapidSecret: ISecret;
  /** The web app's origin (links in emails) and the API's base address (unsubscribe links). */
  appUrl: string;
  apiUrl: string;
  alarmTopic: ITopic;
  /** The pool whose operator group gets the weekly email (ListUsersInGroup only). */
  userPool: IUserPool;
}

export class Notifier extends NestedStack {
  readonly notifier: NodejsFunction;
  readonly digest: NodejsFunction;
  readonly failures: Queue;
  readonly chatReminders: Queue;
  readonly chatReminder: NodejsFunction;
  readonly operatorReport: NodejsFunction;
  readonly identity: EmailIdentity;
  readonly configurationSet: ConfigurationSet;

  constructor(scope: Construct, id: string, props: NotifierProps) {
    super(scope, id, props);
    const { stage, table } = props;

    this.configurationSet = new ConfigurationSet(this, 'ConfigurationSet', {
      configurationSetName: mailConfigurationSetName(stage),
      // An address that bounced or complained gets no more mail from this stage.
      suppressionReasons: SuppressionReasons.BOUNCES_AND_COMPLAINTS,
      reputationMetrics: true,
      sendingEnabled: true,
    });
    // Sends, deliveries, bounces, complaints and rejects of this stage's mail as CloudWatch metrics (the dashboard's email graph).
    this.configurationSet.addEventDestination('CloudWatch', {
      configurationSetEventDestinationName: 'cloudwatch',
      destination: EventDestination.cloudWatchDimensions([
        {
          name: MAIL_EVENTS_DIMENSION,
          source: CloudWatchDimensionSource.MESSAGE_TAG,
          defaultValue: mailConfigurationSetName(stage),
        },
      ]),
      events: [...MAIL_EVENTS],
    });
    this.identity = new EmailIdentity(this, 'SenderIdentity', {
      identity: Identity.domain(stage.mail.domain),
      configurationSet: this.configurationSet,
    });

    this.failures = new Queue(this, 'Failures', {
      queueName: `${stage.prefix}-notifier-failures`,
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    acknowledge(
      this.failures,
      'AwsSolutions-SQS3',
      "This queue is itself the on-failure destination of the notifier's stream mapping.",
    );
    acknowledge(
      this.failures,
      'Serverless-SQSRedrivePolicy',
      'This queue is itself the on-failure queue of the notifier; its messages name the stream records to replay.',
    );

    // Unread chat messages: the notifier sends each a check delayed by 10 minutes (lambdas/notify/chatReminders.ts).
    this.chatReminders = new Queue(this, 'ChatReminders', {
      queueName: `${stage.prefix}-chat-reminders`,
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: Duration.minutes(6),
      deadLetterQueue: { queue: this.failures, maxReceiveCount: 5 },
    });

    const environment = {
      TABLE_NAME: table.tableName,
      MAIL_TRANSPORT: 'ses',
      MAIL_FROM: stage.mail.sender,
      SES_CONFIGURATION_SET: this.configurationSet.configurationSetName,
      APP_URL: props.appUrl,
      API_URL: props.apiUrl,
      UNSUBSCRIBE_SECRET_ARN: props.unsubscribeSecret.secretArn,
      VAPID_SECRET_ARN: props.vapidSecret.secretArn,
      CHAT_REMINDER_QUEUE_URL: this.chatReminders.queueUrl,
      ...baseEnvironment(stage),
    };
    const fn = (
      name: NotifierFunction,
      entry: string,
      description: string,
      tableActions: string[],
      opts: { secrets?: boolean } = {},
    ) => {
      const functionName = notifierFunctionName(stage, name);
      const { logGroup, role } = functionLogsAndRole(this, {
        stage,
        functionName,
        description: `${description} (${stage.name})`,
        idPrefix: name,
      });
      role.addToPolicy(
        new PolicyStatement({ actions: tableActions.map((a) => `dynamodb:${a}`), resources: [table.tableArn] }),
      );
      if (opts.secrets !== false)
        role.addToPolicy(
          new PolicyStatement({
            actions: ['secretsmanager:GetSecretValue'],
            resources: [props.unsubscribeSecret.secretArn, props.vapidSecret.secretArn],
          }),
        );
      role.addToPolicy(
        new PolicyStatement({
          actions: ['ses:SendEmail'],
          resources: [
            `arn:${this.partition}:ses:${this.region}:${this.account}:identity/${stage.mail.domain}`,
            `arn:${this.partition}:ses:${this.region}:${this.account}:configuration-set/${this.configurationSet.configurationSetName}`,
          ],
        }),
      );
      const f = new NodejsFunction(this, `${name}Function`, {
        // SES is the transport in the cloud: nodemailer (SMTP, local only) stays out of the bundle.
        ...functionDefaults(this, { externalModules: ['nodemailer'] }),
        functionName,
        description,
        entry: path.join(REPO_ROOT, entry),
        memorySize: 512,
        timeout: Duration.seconds(60),
        role,
        logGroup,
        environment,
      });
      return f;
    };

    // The notifier reads profiles, posts and preferences, stores notifications (transactions of Put and
    // Update), keeps the lead index (BatchWrite), queries lead partitions and a user's push devices, and
    // deletes a push subscription its push service calls gone.
    this.notifier = fn(
      'notifier',
      'lambdas/notify/handler.ts',
      'Notifier: table stream -> in-app notifications, Web Push and emails',
      ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'BatchWriteItem', 'DeleteItem'],
    );
    this.notifier.addEventSource(
      new DynamoEventSource(table, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: NOTIFIER_STREAM.batchSize,
        bisectBatchOnError: true,
        retryAttempts: NOTIFIER_STREAM.retryAttempts,
        maxRecordAge: NOTIFIER_STREAM.maxRecordAge,
        reportBatchItemFailures: true,
        onFailure: new SqsDlq(this.failures),
      }),
    );
    // The copies carried from the stream (lambdas/notify/copies.ts) find their targets on the indexes (the targets of
    // each copy: lambdas/model/copies.ts COPIES); a consumer that failed keeps where the others stand in the table
    // (PutItem: lambdas/data/streamReplays.ts).
    this.notifier.addToRolePolicy(
      new PolicyStatement({
        actions: ['dynamodb:Query'],
        resources: [INDEXES.GSI1.name, INDEXES.GSI2.name].map((index) => `${table.tableArn}/index/${index}`),
      }),
    );
    this.chatReminders.grantSendMessages(this.notifier);
    acknowledge(
      this.notifier,
      'Serverless-LambdaDLQ',
      "Invoked by the stream's event source mapping, whose on-failure destination (the Failures queue) receives the records that still fail; a function DLQ would receive nothing.",
    );

    this.digest = fn('lead-digest', 'lambdas/notify/digest.ts', 'Daily lead digest', [
      'GetItem',
      'Query',
      'PutItem',
      'UpdateItem',
    ]);
    new Rule(this, 'DailyDigest', {
      description: "Sends the previous day's lead digest to businesses that chose daily lead alerts",
      schedule: Schedule.cron({ minute: '0', hour: '6' }),
      targets: [
        new LambdaTarget(this.digest, {
          retryAttempts: 2,
          maxEventAge: Duration.hours(6),
          deadLetterQueue: this.failures,
        }),
      ],
    });
    acknowledge(
      this.digest,
      'Serverless-LambdaDLQ',
      'Invoked by the daily schedule, whose target retries twice and sends a failed event to the Failures queue; the digest is idempotent per day and business.',
    );

    this.chatReminder = fn(
      'chat-reminder',
      'lambdas/notify/chatReminders.ts',
      'Emails and pushes chat messages still unread 10 minutes later',
      ['GetItem', 'UpdateItem', 'Query', 'DeleteItem'],
    );
    this.chatReminder.addEventSource(
      new SqsEventSource(this.chatReminders, { batchSize: 10, reportBatchItemFailures: true }),
    );
    acknowledge(
      this.chatReminder,
      'Serverless-LambdaDLQ',
      'Invoked by its SQS queue, whose redrive policy moves a message that failed 5 times to the Failures queue; a function DLQ would receive nothing.',
    );
    acknowledge(
      this.chatReminder,
      'Serverless-LambdaEventSourceMappingDestination',
      "An SQS event source takes no on-failure destination: the queue's own redrive policy (5 receives, then the Failures queue) is where failed checks go.",
    );

    // The operators' weekly email (lambdas/notify/operatorReport.ts): reads the figures (the country's weeks, the week's
    // grid on GSI1) and each operator's account for its language, marks each email sent (Put; Delete when a send
    // failed), lists the operator group's members. No secret: the email has no unsubscribe link (leave the group).
    this.operatorReport = fn(
      'operator-report',
      'lambdas/notify/operatorReport.ts',
      "The operators' weekly email: the week's figures and the worst town x service cells",
      ['GetItem', 'Query', 'PutItem', 'DeleteItem'],
      { secrets: false },
    );
    this.operatorReport.addEnvironment('USER_POOL_ID', props.userPool.userPoolId);
    this.operatorReport.addToRolePolicy(
      new PolicyStatement({ actions: ['dynamodb:Query'], resources: [`${table.tableArn}/index/${INDEXES.GSI1.name}`] }),
    );
    this.operatorReport.addToRolePolicy(
      new PolicyStatement({ actions: ['cognito-idp:ListUsersInGroup'], resources: [props.userPool.userPoolArn] }),
    );
    new Rule(this, 'WeeklyOperatorReport', {
      description: 'Sends the operators the figures of the week that just ended, every Monday morning',
      schedule: Schedule.cron({ minute: '30', hour: '6', weekDay: 'MON' }),
      targets: [
        new LambdaTarget(this.operatorReport, {
          retryAttempts: 2,
          maxEventAge: Duration.hours(6),
          deadLetterQueue: this.failures,
        }),
      ],
    });
    acknowledge(
      this.operatorReport,
      'Serverless-LambdaDLQ',
      'Invoked by the weekly schedule, whose target retries twice and sends a failed event to the Failures queue; the email is sent once per operator and week.',
    );

    const alarm = (id: string, description: string, metric: import('aws-cdk-lib/aws-cloudwatch').IMetric) => {
      new Alarm(this, id, {
        alarmName: `${stage.prefix}-${id}`,
        alarmDescription: description,
        metric,
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }).addAlarmAction(new SnsAction(props.alarmTopic));
    };
    alarm(
      'notifier-errors',
      'The notifier failed (a batch is retried; see its log group)',
      this.notifier.metricErrors({ period: Duration.minutes(5) }),
    );
    alarm(
      'notifier-failures',
      'Stream records or digest runs the notifier gave up on are waiting in the failures queue',
      this.failures.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5) }),
    );
    alarm(
      'lead-digest-errors',
      'The daily lead digest failed',
      this.digest.metricErrors({ period: Duration.hours(1) }),
    );
    alarm(
      'operator-report-errors',
      "The operators' weekly email failed",
      this.operatorReport.metricErrors({ period: Duration.hours(1) }),
    );
    new Alarm(this, 'notifier-iterator-age', {
      alarmName: `${stage.prefix}-notifier-iterator-age`,
      alarmDescription: "The notifier is more than 5 minutes behind the table's changes",
      metric: this.notifier.metric('IteratorAge', { statistic: 'Maximum', period: Duration.minutes(5) }),
      threshold: 5 * 60 * 1000,
      evaluationPeriods: 2,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    }).addAlarmAction(new SnsAction(props.alarmTopic));
  }
}
