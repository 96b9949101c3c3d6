/**
 * The expiry job of requests (lambdas/jobs/closeExpiredPosts.ts): an EventBridge schedule runs it every
 * hour; it closes open requests past their 30 days (docs/access-patterns.md, pattern 23: Queries of the
 * GSI2 expiry index, never a Scan). Its role may only do what the job does on the table and that index.
 * A failed run is retried by the next one (everything it did not close is still in the index), so
 * EventBridge makes no retries of its own and failures are in the function's log group and metrics.
 */
import path from 'node:path';
import { Duration } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Construct } from 'constructs';
import { POST_EXPIRY_SCHEDULE_MINUTES } from '../../common/constants';
import { INDEXES } from '../../lambdas/model/schema';
import { acknowledge } from '../nag';
import type { StageConfig } from '../stages';
import { REPO_ROOT, baseEnvironment, functionDefaults, functionLogsAndRole } from './functionDefaults';

/** The job's function name on a stage (the dashboard and alarms name it too). */
export const postExpiryName = (stage: Pick<StageConfig, 'prefix'>) => `${stage.prefix}-close-expired-posts`;

export class PostExpiry extends Construct {
  readonly function: NodejsFunction;
  readonly rule: Rule;

  constructor(scope: Construct, id: string, { stage, table }: { stage: StageConfig; table: ITableV2 }) {
    super(scope, id);
    const name = postExpiryName(stage);
    const { logGroup, role } = functionLogsAndRole(this, {
      stage,
      functionName: name,
      description: `Expiry job of requests (${stage.name})`,
    });
    // Reads the post and its offers' guards, closes it (post update, open-index deletes), declines its pending offers.
    role.addToPolicy(
      new PolicyStatement({
        actions: ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'],
        resources: [table.tableArn],
      }),
    );
    role.addToPolicy(
      new PolicyStatement({ actions: ['dynamodb:Query'], resources: [`${table.tableArn}/index/${INDEXES.GSI2.name}`] }),
    );

    this.function = new NodejsFunction(this, 'Function', {
      ...functionDefaults(this),
      functionName: name,
      description: 'Closes open requests past their 30 days (hourly)',
      entry: path.join(REPO_ROOT, 'lambdas/jobs/closeExpiredPosts.ts'),
      memorySize: stage.lambda.memoryMb,
      timeout: Duration.minutes(5),
      role,
      logGroup,
      environment: {
        ...baseEnvironment(stage),
        TABLE_NAME: table.tableName,
        OPEN_INDEX_SHARDS: String(stage.openIndexShards),
      },
      // Runs alone: two runs at once would only race on the same conditional closes.
      reservedConcurrentExecutions: 1,
      retryAttempts: 0,
    });
    const notRetried =
      'A schedule event carries nothing to replay: a failed run is not retried, the next hourly run closes whatever is still in the expiry index; failures show in the log group and the Errors metric.';
    acknowledge(this.function, 'Serverless-LambdaDLQ', notRetried);
    acknowledge(this.function, 'Serverless-LambdaAsyncFailureDestination', notRetried);

    this.rule = new Rule(this, 'Schedule', {
      description: 'Closes open requests past their 30 days',
      schedule: Schedule.rate(Duration.minutes(POST_EXPIRY_SCHEDULE_MINUTES)),
      targets: [new LambdaFunction(this.function, { retryAttempts: 0 })],
    });
    acknowledge(this.rule, 'Serverless-EventBusDLQ', notRetried);
  }
}
