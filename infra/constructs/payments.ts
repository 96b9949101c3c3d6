/**
 * Payments (docs/payments.md): the stage's Paddle keys and the reconciliation job.
 *
 * - The payments secret: a JSON `{"apiKey","webhookSecret"}` the operator puts there after the first deploy (Paddle's
 *   API key and the webhook destination's secret key). Created with a placeholder: until it is filled, a purchase
 *   answers 503 and every webhook 401. Only the functions that talk to Paddle may read it (infra/access.ts
 *   `paymentsSecret`, and the job below).
 * - The reconciliation job (lambdas/jobs/reconcilePayments.ts): an EventBridge schedule runs it every
 *   RECONCILE_SCHEDULE_MINUTES; it reads Paddle's transactions of the last 48 hours and repairs any payment a lost
 *   webhook left behind. A failed run is retried by the next one (the window overlaps), so EventBridge makes no
 *   retries of its own.
 * - The plans' lifecycle job (lambdas/jobs/planLifecycle.ts), every PLAN_LIFECYCLE_SCHEDULE_MINUTES: ends grace
 *   periods that are over (the Paddle subscription cancelled at once, the business on Basic), applies downgrades due,
 *   writes Premium's monthly reports. What is due stays due until a run applies it, so a failed run is not retried.
 */
import path from 'node:path';
import { Duration, SecretValue } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Secret, type ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { RECONCILE_SCHEDULE_MINUTES } from '../../common/payments';
import { PLAN_LIFECYCLE_SCHEDULE_MINUTES } from '../../common/plans';
import { PADDLE_API_URLS } from '../../lambdas/payments/paddle';
import { acknowledge } from '../nag';
import type { StageConfig } from '../stages';
import { REPO_ROOT, baseEnvironment, functionDefaults, functionLogsAndRole } from './functionDefaults';

/** The job's function name on a stage (the dashboard and alarms name it too). */
export const reconcilePaymentsName = (stage: Pick<StageConfig, 'prefix'>) => `${stage.prefix}-reconcile-payments`;
/** The plans' lifecycle job's function name on a stage. */
export const planLifecycleName = (stage: Pick<StageConfig, 'prefix'>) => `${stage.prefix}-plan-lifecycle`;

/** What every function that talks to Paddle is told (lambdas/payments/provider.ts), besides the secret's ARN. */
export const paymentEnvironment = (stage: StageConfig, secret: ISecret) => ({
  PAYMENTS_PROVIDER: 'paddle',
  PAYMENTS_API_URL: PADDLE_API_URLS[stage.payments.environment],
  PAYMENTS_TEST: String(stage.payments.environment === 'sandbox'),
  PAYMENTS_PRICES: JSON.stringify(stage.payments.prices),
  PAYMENTS_SECRET_ARN: secret.secretArn,
  CURRENCY: stage.currency,
});

export class Payments extends Construct {
  readonly secret: Secret;
  readonly reconcile: NodejsFunction;
  readonly rule: Rule;
  readonly lifecycle: NodejsFunction;
  readonly lifecycleRule: Rule;

  constructor(scope: Construct, id: string, { stage, table }: { stage: StageConfig; table: ITableV2 }) {
    super(scope, id);
    this.secret = new Secret(this, 'Keys', {
      secretName: `${stage.prefix}/payments`,
      description: `Paddle (${stage.payments.environment}) API key and webhook secret: {"apiKey","webhookSecret"}`,
      // Replaced by the operator after deploy (docs/payments.md); payments answer 503 and webhooks 401 until then.
      secretStringValue: SecretValue.unsafePlainText(
        JSON.stringify({ placeholder: 'put {"apiKey","webhookSecret"} here' }),
      ),
      removalPolicy: stage.removalPolicy,
    });
    acknowledge(
      this.secret,
      'AwsSolutions-SMG4',
      "Paddle's API keys and webhook secrets are issued and revoked in Paddle's dashboard; Secrets Manager cannot rotate them. Rotation is a documented manual step (docs/payments.md).",
    );

    const name = reconcilePaymentsName(stage);
    const { logGroup, role } = functionLogsAndRole(this, {
      stage,
      functionName: name,
      description: `Reconciliation of payments with Paddle (${stage.name})`,
    });
    // Reads payment records and their lookups, changes their state with what they bought (ads, plans, subscriptions).
    role.addToPolicy(
      new PolicyStatement({
        actions: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'],
        resources: [table.tableArn],
      }),
    );
    role.addToPolicy(
      new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [this.secret.secretArn] }),
    );
    acknowledge(
      role,
      'AwsSolutions-IAM5[Resource::*]',
      'X-Ray tracing: xray:PutTraceSegments and xray:PutTelemetryRecords support no resource-level permissions (Resource * is the only form).',
    );
    this.reconcile = new NodejsFunction(this, 'Reconcile', {
      ...functionDefaults(this),
      functionName: name,
      description: 'Repairs payments a lost Paddle webhook left behind (hourly)',
      entry: path.join(REPO_ROOT, 'lambdas/jobs/reconcilePayments.ts'),
      memorySize: stage.lambda.memoryMb,
      timeout: Duration.minutes(5),
      role,
      logGroup,
      environment: {
        ...baseEnvironment(stage),
        TABLE_NAME: table.tableName,
        ...paymentEnvironment(stage, this.secret),
      },
      // Runs alone: two runs at once would only race on the same conditional changes.
      reservedConcurrentExecutions: 1,
      retryAttempts: 0,
    });
    const notRetried =
      'A schedule event carries nothing to replay: a failed run is not retried, the next hourly run reads the same 48 hours again; failures show in the log group and the Errors metric.';
    acknowledge(this.reconcile, 'Serverless-LambdaDLQ', notRetried);
    acknowledge(this.reconcile, 'Serverless-LambdaAsyncFailureDestination', notRetried);

    this.rule = new Rule(this, 'Schedule', {
      description: 'Reconciles payments with Paddle',
      schedule: Schedule.rate(Duration.minutes(RECONCILE_SCHEDULE_MINUTES)),
      targets: [new LambdaFunction(this.reconcile, { retryAttempts: 0 })],
    });
    acknowledge(this.rule, 'Serverless-EventBusDLQ', notRetried);

    const lifecycleName = planLifecycleName(stage);
    const lifecycleLogs = functionLogsAndRole(this, {
      stage,
      functionName: lifecycleName,
      description: `The plans' lifecycle: grace periods, downgrades due, monthly reports (${stage.name})`,
      idPrefix: 'PlanLifecycle',
    });
    // The due items (their one partition), subscriptions and businesses; the plan taken back or changed with its
    // event and the members lists (Put, Update, Delete); a report's figures: the business's days of views (Query of
    // its partition) and its offers (GSI2).
    lifecycleLogs.role.addToPolicy(
      new PolicyStatement({
        actions: [
          'dynamodb:GetItem',
          'dynamodb:Query',
          'dynamodb:PutItem',
          'dynamodb:UpdateItem',
          'dynamodb:DeleteItem',
        ],
        resources: [table.tableArn],
      }),
    );
    lifecycleLogs.role.addToPolicy(
      new PolicyStatement({ actions: ['dynamodb:Query'], resources: [`${table.tableArn}/index/GSI2`] }),
    );
    // Cancelling a subscription whose grace period is over.
    lifecycleLogs.role.addToPolicy(
      new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [this.secret.secretArn] }),
    );
    acknowledge(
      lifecycleLogs.role,
      'AwsSolutions-IAM5[Resource::*]',
      'X-Ray tracing: xray:PutTraceSegments and xray:PutTelemetryRecords support no resource-level permissions (Resource * is the only form).',
    );
    this.lifecycle = new NodejsFunction(this, 'PlanLifecycle', {
      ...functionDefaults(this),
      functionName: lifecycleName,
      description: "Ends plans' grace periods, applies downgrades due, writes Premium's monthly reports (hourly)",
      entry: path.join(REPO_ROOT, 'lambdas/jobs/planLifecycle.ts'),
      memorySize: stage.lambda.memoryMb,
      timeout: Duration.minutes(5),
      role: lifecycleLogs.role,
      logGroup: lifecycleLogs.logGroup,
      environment: {
        ...baseEnvironment(stage),
        TABLE_NAME: table.tableName,
        ...paymentEnvironment(stage, this.secret),
      },
      reservedConcurrentExecutions: 1,
      retryAttempts: 0,
    });
    const dueStaysDue =
      'A schedule event carries nothing to replay: what is due stays due until a run applies it, so the next run does it; failures show in the log group and the Errors metric.';
    acknowledge(this.lifecycle, 'Serverless-LambdaDLQ', dueStaysDue);
    acknowledge(this.lifecycle, 'Serverless-LambdaAsyncFailureDestination', dueStaysDue);
    this.lifecycleRule = new Rule(this, 'PlanLifecycleSchedule', {
      description: "The plans' lifecycle job",
      schedule: Schedule.rate(Duration.minutes(PLAN_LIFECYCLE_SCHEDULE_MINUTES)),
      targets: [new LambdaFunction(this.lifecycle, { retryAttempts: 0 })],
    });
    acknowledge(this.lifecycleRule, 'Serverless-EventBusDLQ', dueStaysDue);
  }
}
