/**
 * What an operator sees of a stage: one CloudWatch dashboard (per route: requests, 4xx, 5xx, p95 latency;
 * per function: errors, throttles, p95 duration; DynamoDB throttles; email sent, delivered, bounced and
 * complained about, and SES's bounce and complaint rates; the business metrics) and alarms on the API's
 * 5xx rate and p95 latency, every function's errors and throttles, DynamoDB throttles and the email bounce
 * and complaint rates, all sent to one SNS topic whose email subscribers are the stage setting
 * `monitoring.alarmEmails`. Functions are named by their names on the stage (routeFunctionName and the
 * others' name functions), not referenced: they live in other stacks (infra/constructs/routeFunctions.ts,
 * notifier.ts), and a reference would cost a parameter of this stack per function.
 */
import { Duration, NestedStack } from 'aws-cdk-lib';
import {
  Alarm,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  TextWidget,
  TreatMissingData,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import { BUSINESS_METRICS, METRICS_NAMESPACE } from '../../common/metrics';
import { routeKey, type RouteDef } from '../../common/routes';
import { INDEXES } from '../../lambdas/model/schema';
import { acknowledge } from '../nag';
import type { StageConfig } from '../stages';
import type { Api } from './api';
import { imageProcessorName } from './imageProcessor';
import { MAIL_EVENTS, MAIL_EVENTS_DIMENSION, mailConfigurationSetName, notifierFunctionName } from './notifier';
import { postExpiryName } from './postExpiry';
import { adRunJobName } from './adRunJobs';
import { accountErasureName } from './accountErasure';
import { privacyWorkerName } from './dataExports';
import { planLifecycleName, reconcilePaymentsName } from './payments';
import { siteFunctionName } from './publicSite';
import { vapidKeyPairName } from './vapidKeyPair';
import { migrationsFunctionName } from './migrations';
import { routeFunctionName } from './routeFunctions';

export interface MonitoringProps {
  stage: StageConfig;
  api: Api;
  routes: readonly RouteDef[];
  table: ITableV2;
}

const PERIOD = Duration.minutes(5);

/**
 * A nested stack of its own: the alarms (two per function and route) would otherwise take a fifth of the
 * stage stack's 500-resource CloudFormation limit.
 */
export class Monitoring extends NestedStack {
  readonly topic: Topic;
  readonly dashboard: Dashboard;
  readonly alarms: Alarm[] = [];

  constructor(scope: Construct, id: string, { stage, api, routes, table }: MonitoringProps) {
    super(scope, id, { description: `Dashboard and alarms (${stage.name})` });
    const { monitoring } = stage;

    this.topic = new Topic(this, 'Alarms', {
      topicName: `${stage.prefix}-alarms`,
      displayName: `${stage.prefix} alarms`,
      enforceSSL: true,
    });
    for (const email of monitoring.alarmEmails) this.topic.addSubscription(new EmailSubscription(email));
    acknowledge(
      this.topic,
      'AwsSolutions-SNS2',
      'Alarm notifications carry only alarm names and metric values. CloudWatch cannot publish to a topic encrypted with the AWS-managed SNS key, and a customer-managed key would cost more than everything else this topic does.',
    );
    acknowledge(
      this.topic,
      'Serverless-SNSRedrivePolicy',
      'Email subscriptions of alarm notifications: an alarm that could not be emailed stays in ALARM state in CloudWatch and on the dashboard, which is where it is read; a dead-letter queue nobody watches would add nothing.',
    );
    const notify = new SnsAction(this.topic);
    const alarm = (id: string, props: ConstructorParameters<typeof Alarm>[2]) => {
      const a = new Alarm(this, id, { treatMissingData: TreatMissingData.NOT_BREACHING, ...props });
      a.addAlarmAction(notify);
      a.addOkAction(notify);
      this.alarms.push(a);
      return a;
    };

    // API Gateway (HTTP API, stage $default): per-route metrics need detailed metrics on the stage.
    const apiMetric = (metricName: string, statistic: string, route?: RouteDef) =>
      new Metric({
        namespace: 'AWS/ApiGateway',
        metricName,
        statistic,
        period: PERIOD,
        dimensionsMap: {
          ApiId: api.httpApi.apiId,
          Stage: '$default',
          ...(route ? { Method: route.method, Resource: route.path } : {}),
        },
        ...(route ? { label: routeKey(route) } : {}),
      });
    const perRoute = (title: string, metricName: string, statistic: string) =>
      new GraphWidget({
        title,
        width: 12,
        height: 8,
        left: routes.map((r) => apiMetric(metricName, statistic, r)),
      });

    const requests = apiMetric('Count', 'Sum');
    const serverErrorRate = new MathExpression({
      expression: 'IF(requests > 0, 100 * errors / requests, 0)',
      usingMetrics: { requests, errors: apiMetric('5xx', 'Sum') },
      period: PERIOD,
      label: '5xx (% of requests)',
    });
    alarm('Api5xxRate', {
      alarmName: `${stage.prefix}-api-5xx-rate`,
      alarmDescription: `More than ${monitoring.serverErrorRatePercent}% of API requests answered 5xx in 5 minutes`,
      metric: serverErrorRate,
      threshold: monitoring.serverErrorRatePercent,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
    });
    const p95Latency = apiMetric('Latency', 'p95');
    alarm('ApiP95Latency', {
      alarmName: `${stage.prefix}-api-p95-latency`,
      alarmDescription: `API p95 latency above ${monitoring.p95LatencyMs} ms for 15 minutes`,
      metric: p95Latency,
      threshold: monitoring.p95LatencyMs,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 3,
    });

    // Lambda: one alarm per function for errors and one for throttles (an alarm's math can name only 10 metrics).
    // The route functions, the public pages' function, then the ones that run in the background: the image
    // processor, the expiry job and the notifier's (whose notifier and digest have their errors alarmed in its
    // nested stack, and the notifier's throttling shows as its stream falling behind), and the deployment's steps that
    // put the VAPID key pair and run the data migrations (no alarm: they run only while deploying, and a failure fails
    // the deployment).
    const watched = [
      ...routes.map((route) => ({
        id: route.handler,
        functionName: routeFunctionName(stage, route.handler),
        what: routeKey(route),
        alarms: true,
      })),
      { id: 'image-processor', functionName: imageProcessorName(stage), what: 'Image processor', alarms: true },
      { id: 'close-expired-posts', functionName: postExpiryName(stage), what: 'Expiry job of requests', alarms: true },
      { id: 'advance-ad-runs', functionName: adRunJobName(stage), what: 'Job of Sponsored runs', alarms: true },
      {
        id: 'reconcile-payments',
        functionName: reconcilePaymentsName(stage),
        what: 'Reconciliation of payments',
        alarms: true,
      },
      { id: 'plan-lifecycle', functionName: planLifecycleName(stage), what: "Plans' lifecycle", alarms: true },
      { id: 'site', functionName: siteFunctionName(stage), what: 'Public pages', alarms: true },
      {
        id: 'erase-closed-accounts',
        functionName: accountErasureName(stage),
        what: 'Closing and erasing deleted accounts',
        alarms: true,
      },
      { id: 'privacy-worker', functionName: privacyWorkerName(stage), what: 'Data exports', alarms: true },
      ...(['chat-reminder', 'notifier', 'lead-digest', 'operator-report'] as const).map((name) => ({
        id: name,
        functionName: notifierFunctionName(stage, name),
        what: `Notifications: ${name}`,
        alarms: name === 'chat-reminder',
      })),
      { id: 'vapid-key-pair', functionName: vapidKeyPairName(stage), what: 'Web Push key pair', alarms: false },
      { id: 'migrations', functionName: migrationsFunctionName(stage), what: 'Data migrations', alarms: false },
    ];
    const lambdaMetric = (functionName: string, metricName: string, statistic: string, label?: string) =>
      new Metric({
        namespace: 'AWS/Lambda',
        metricName,
        statistic,
        period: PERIOD,
        dimensionsMap: { FunctionName: functionName },
        ...(label ? { label } : {}),
      });
    for (const f of watched.filter((w) => w.alarms)) {
      alarm(`${f.id}Errors`, {
        alarmName: `${stage.prefix}-${f.id}-errors`,
        alarmDescription: `${f.what}: the function failed (unhandled error or timeout)`,
        metric: lambdaMetric(f.functionName, 'Errors', 'Sum'),
        threshold: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
      });
      alarm(`${f.id}Throttles`, {
        alarmName: `${stage.prefix}-${f.id}-throttles`,
        alarmDescription: `${f.what}: Lambda throttled invocations (concurrency limit reached)`,
        metric: lambdaMetric(f.functionName, 'Throttles', 'Sum'),
        threshold: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
      });
    }
    const perFunction = (title: string, metricName: string, statistic: string) =>
      new GraphWidget({
        title,
        width: 8,
        height: 8,
        left: watched.map((f) => lambdaMetric(f.functionName, metricName, statistic, f.id)),
      });

    // DynamoDB: read and write throttle events of the table and of each index.
    const ddb = (metricName: string, index?: string) =>
      new Metric({
        namespace: 'AWS/DynamoDB',
        metricName,
        statistic: 'Sum',
        period: PERIOD,
        dimensionsMap: { TableName: table.tableName, ...(index ? { GlobalSecondaryIndexName: index } : {}) },
        label: `${metricName}${index ? ` ${index}` : ''}`,
      });
    const throttleMetrics: Record<string, IMetric> = {};
    for (const [i, index] of [undefined, ...Object.values(INDEXES).map((x) => x.name)].entries()) {
      throttleMetrics[`r${i}`] = ddb('ReadThrottleEvents', index);
      throttleMetrics[`w${i}`] = ddb('WriteThrottleEvents', index);
    }
    const tableThrottles = new MathExpression({
      expression: Object.keys(throttleMetrics)
        .map((k) => `FILL(${k}, 0)`)
        .join(' + '),
      usingMetrics: throttleMetrics,
      period: PERIOD,
      label: 'DynamoDB throttle events',
    });
    alarm('TableThrottles', {
      alarmName: `${stage.prefix}-dynamodb-throttles`,
      alarmDescription: 'DynamoDB throttled reads or writes of the table or an index',
      metric: tableThrottles,
      threshold: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
    });

    // Email (SES): the stage's configuration set counts its mail's events (its CloudWatch event destination,
    // infra/constructs/notifier.ts); SES's reputation metrics are the account's bounce and complaint rates,
    // which SES reviews the account on (they cover every sender of the account and region, sign-up codes too).
    const mailEvents = MAIL_EVENTS.map(
      (event) =>
        new Metric({
          namespace: 'AWS/SES',
          metricName: event.charAt(0).toUpperCase() + event.slice(1),
          statistic: 'Sum',
          period: Duration.hours(1),
          dimensionsMap: { [MAIL_EVENTS_DIMENSION]: mailConfigurationSetName(stage) },
        }),
    );
    const reputation = (id: string, metricName: string, label: string) =>
      new MathExpression({
        expression: `100 * ${id}`,
        usingMetrics: {
          [id]: new Metric({ namespace: 'AWS/SES', metricName, statistic: 'Maximum', period: Duration.hours(1) }),
        },
        period: Duration.hours(1),
        label,
      });
    const bounceRate = reputation('bounces', 'Reputation.BounceRate', 'Bounce rate (%)');
    const complaintRate = reputation('complaints', 'Reputation.ComplaintRate', 'Complaint rate (%)');
    alarm('EmailBounceRate', {
      alarmName: `${stage.prefix}-email-bounce-rate`,
      alarmDescription: `SES bounce rate above ${monitoring.emailBounceRatePercent}% (SES reviews the account at 5%): look for mail to addresses that do not exist`,
      metric: bounceRate,
      threshold: monitoring.emailBounceRatePercent,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
    });
    alarm('EmailComplaintRate', {
      alarmName: `${stage.prefix}-email-complaint-rate`,
      alarmDescription: `SES complaint rate above ${monitoring.emailComplaintRatePercent}% (SES reviews the account at 0.1%): people mark the mail as spam`,
      metric: complaintRate,
      threshold: monitoring.emailComplaintRatePercent,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
    });

    // Payments: webhooks refused for their signature (someone forging them, or a wrong secret after a rotation),
    // payments the reconciliation had to repair (a webhook was lost), and paid transactions bound to no record.
    const paymentMetric = (metricName: string, period: Duration) =>
      new Metric({
        namespace: METRICS_NAMESPACE,
        metricName,
        statistic: 'Sum',
        period,
        dimensionsMap: { service: stage.prefix },
      });
    alarm('PaymentWebhookSignatures', {
      alarmName: `${stage.prefix}-payment-webhook-signatures`,
      alarmDescription:
        "Payment webhooks were refused for a missing, wrong or old signature: a forgery attempt, or the webhook secret in the payments secret does not match Paddle's (docs/payments.md)",
      metric: paymentMetric(BUSINESS_METRICS.webhookSignatureRejected, Duration.minutes(5)),
      threshold: 5,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    });
    alarm('PaymentsRepaired', {
      alarmName: `${stage.prefix}-payments-repaired`,
      alarmDescription:
        "The reconciliation repaired a payment a webhook had not changed: Paddle's webhooks are not arriving (check the notification destination and the WAF)",
      metric: paymentMetric(BUSINESS_METRICS.paymentRepaired, Duration.hours(1)),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    });

    alarm('PaymentsUnmatched', {
      alarmName: `${stage.prefix}-payments-unmatched`,
      alarmDescription:
        'A paid transaction pays for none of our records (another price, currency or record than it claims): nothing was delivered; refund it from Moderation > Payments, where it reads "paid, not matched" (docs/payments.md)',
      metric: paymentMetric(BUSINESS_METRICS.paymentUnmatched, Duration.hours(1)),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    });

    const business = Object.values(BUSINESS_METRICS).map(
      (metricName) =>
        new Metric({
          namespace: METRICS_NAMESPACE,
          metricName,
          statistic: 'Sum',
          period: Duration.hours(1),
          dimensionsMap: { service: stage.prefix },
        }),
    );

    this.dashboard = new Dashboard(this, 'Dashboard', {
      dashboardName: stage.prefix,
      defaultInterval: Duration.hours(6),
      widgets: [
        [
          new TextWidget({
            markdown: `# ${stage.prefix}\nAlarms go to SNS topic \`${stage.prefix}-alarms\`.`,
            width: 24,
            height: 2,
          }),
        ],
        [perRoute('Requests per route', 'Count', 'Sum'), perRoute('4xx per route', '4xx', 'Sum')],
        [perRoute('5xx per route', '5xx', 'Sum'), perRoute('p95 latency per route (ms)', 'Latency', 'p95')],
        [
          perFunction('Lambda errors', 'Errors', 'Sum'),
          perFunction('Lambda throttles', 'Throttles', 'Sum'),
          perFunction('Lambda p95 duration (ms)', 'Duration', 'p95'),
        ],
        [
          new GraphWidget({
            title: 'DynamoDB throttle events',
            width: 12,
            height: 6,
            left: Object.values(throttleMetrics),
          }),
          new GraphWidget({
            title: 'Requests posted, offers, acceptances (per hour)',
            width: 12,
            height: 6,
            left: business,
          }),
        ],
        [
          new GraphWidget({
            title: 'Email sent, delivered, bounced, complained, rejected (per hour)',
            width: 12,
            height: 6,
            left: mailEvents,
          }),
          new GraphWidget({
            title: 'Email bounce and complaint rate (%, SES reputation)',
            width: 12,
            height: 6,
            left: [bounceRate, complaintRate],
          }),
        ],
      ],
    });
  }
}
