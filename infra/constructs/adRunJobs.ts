/**
 * The job of Sponsored runs (lambdas/jobs/advanceAdRuns.ts): an EventBridge schedule runs it every
 * AD_RUN_SCHEDULE_MINUTES; it starts scheduled runs on their first day and ends live runs whose days are over
 * (docs/sponsored-runs.md: one Query of the GSI1 due index, never a Scan), and writes the impressions it holds. Its
 * role may only do what the job does on the table and that index. A failed run is retried by the next one
 * (everything it did not change is still due), so EventBridge makes no retries of its own.
 */
import path from 'node:path';
import { Duration } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Construct } from 'constructs';
import { AD_RUN_SCHEDULE_MINUTES } from '../../common/adRuns';
import { INDEXES } from '../../lambdas/model/schema';
import { acknowledge } from '../nag';
import type { StageConfig } from '../stages';
import { REPO_ROOT, baseEnvironment, functionDefaults, functionLogsAndRole } from './functionDefaults';

/** The job's function name on a stage (the dashboard and alarms name it too). */
export const adRunJobName = (stage: Pick<StageConfig, 'prefix'>) => `${stage.prefix}-advance-ad-runs`;

export class AdRunJobs extends Construct {
  readonly function: NodejsFunction;
  readonly rule: Rule;

  constructor(scope: Construct, id: string, { stage, table }: { stage: StageConfig; table: ITableV2 }) {
    super(scope, id);
    const name = adRunJobName(stage);
    const { logGroup, role } = functionLogsAndRole(this, {
      stage,
      functionName: name,
      description: `Job of Sponsored runs (${stage.name})`,
    });
    // Reads a due run, changes it in one transaction (its update, its live entries put or deleted), adds impressions.
    role.addToPolicy(
      new PolicyStatement({
        actions: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'],
        resources: [table.tableArn],
      }),
    );
    role.addToPolicy(
      new PolicyStatement({ actions: ['dynamodb:Query'], resources: [`${table.tableArn}/index/${INDEXES.GSI1.name}`] }),
    );
    acknowledge(
      role,
      'AwsSolutions-IAM5[Resource::*]',
      'X-Ray tracing: xray:PutTraceSegments and xray:PutTelemetryRecords support no resource-level permissions (Resource * is the only form).',
    );

    this.function = new NodejsFunction(this, 'Function', {
      ...functionDefaults(this),
      functionName: name,
      description: `Starts and ends Sponsored runs (every ${AD_RUN_SCHEDULE_MINUTES} minutes)`,
      entry: path.join(REPO_ROOT, 'lambdas/jobs/advanceAdRuns.ts'),
      memorySize: stage.lambda.memoryMb,
      timeout: Duration.minutes(2),
      role,
      logGroup,
      environment: { ...baseEnvironment(stage), TABLE_NAME: table.tableName },
      // Runs alone: two runs at once would only race on the same conditional changes.
      reservedConcurrentExecutions: 1,
      retryAttempts: 0,
    });
    const notRetried = `A schedule event carries nothing to replay: a failed run is not retried, the next run ${AD_RUN_SCHEDULE_MINUTES} minutes later changes whatever is still due; failures show in the log group and the Errors metric.`;
    acknowledge(this.function, 'Serverless-LambdaDLQ', notRetried);
    acknowledge(this.function, 'Serverless-LambdaAsyncFailureDestination', notRetried);

    this.rule = new Rule(this, 'Schedule', {
      description: 'Starts and ends Sponsored runs',
      schedule: Schedule.rate(Duration.minutes(AD_RUN_SCHEDULE_MINUTES)),
      targets: [new LambdaFunction(this.function, { retryAttempts: 0 })],
    });
    acknowledge(this.rule, 'Serverless-EventBusDLQ', notRetried);
  }
}
