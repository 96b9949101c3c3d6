/**
 * The data migrations' step of every deployment (docs/deploy.md "How a release changes stored data"): a function that
 * runs the pending migrations of lambdas/migrations/ (lambdas/jobs/runMigrations.ts) and an `aws-cdk-lib/triggers`
 * Trigger that invokes it while CloudFormation deploys, once the table and every function that reads or writes it are
 * updated (`executeAfter`): the new code is serving when the stored data changes under it. The trigger runs again
 * whenever the function changes, which every new migration does (it is bundled into it). The invocation is
 * synchronous: a migration that fails, or does not finish in time, fails the deployment with its message (and
 * CloudFormation rolls the stack back); its record keeps where it stopped for the next run. Its role may do only
 * what infra/access.ts MIGRATIONS_ACCESS grants (checked against the bundle by test/infra/access.test.ts).
 */
import path from 'node:path';
import { Duration } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Trigger } from 'aws-cdk-lib/triggers';
import { Construct } from 'constructs';
import { INDEXES } from '../../lambdas/model/schema';
import { MIGRATIONS_ACCESS } from '../access';
import { acknowledge } from '../nag';
import type { StageConfig } from '../stages';
import { REPO_ROOT, baseEnvironment, functionDefaults, functionLogsAndRole } from './functionDefaults';

/** The function's code. */
export const MIGRATIONS_ENTRY = path.join(REPO_ROOT, 'lambdas/jobs/runMigrations.ts');

/** The function's name on a stage. */
export const migrationsFunctionName = (stage: Pick<StageConfig, 'prefix'>) => `${stage.prefix}-migrations`;

/**
 * How long one deployment's run may take. The function stops starting work a minute before its timeout
 * (MIGRATION_DEADLINE_MARGIN_MS) and the trigger waits a minute longer than the function, so a run that is cut short
 * still reports; all of it under the 15 minutes of CloudFormation's custom-resource provider.
 */
export const MIGRATIONS_TIMEOUT = Duration.minutes(13);
const TRIGGER_TIMEOUT = Duration.minutes(14);

export interface MigrationsProps {
  stage: StageConfig;
  table: ITableV2;
  /** The table's construct and every construct holding functions that read or write it: the step runs after them. */
  after: Construct[];
}

export class Migrations extends Construct {
  readonly function: NodejsFunction;
  readonly trigger: Trigger;

  constructor(scope: Construct, id: string, { stage, table, after }: MigrationsProps) {
    super(scope, id);
    const name = migrationsFunctionName(stage);
    const { logGroup, role } = functionLogsAndRole(this, {
      stage,
      functionName: name,
      description: `Runs the pending data migrations while deploying (${stage.name})`,
    });
    role.addToPolicy(
      new PolicyStatement({
        actions: MIGRATIONS_ACCESS.table.map((a) => `dynamodb:${a}`),
        resources: [table.tableArn],
      }),
    );
    if (MIGRATIONS_ACCESS.indexes?.length)
      role.addToPolicy(
        new PolicyStatement({
          actions: ['dynamodb:Query'],
          resources: MIGRATIONS_ACCESS.indexes.map((i) => `${table.tableArn}/index/${INDEXES[i].name}`),
        }),
      );

    this.function = new NodejsFunction(this, 'Function', {
      ...functionDefaults(this),
      functionName: name,
      description: 'Runs the pending data migrations of the release (deployments only)',
      entry: MIGRATIONS_ENTRY,
      memorySize: stage.lambda.memoryMb,
      timeout: MIGRATIONS_TIMEOUT,
      role,
      logGroup,
      environment: { ...baseEnvironment(stage), TABLE_NAME: table.tableName },
      // One run at a time (the records' leases keep a second one off a migration anyway).
      reservedConcurrentExecutions: 1,
    });
    acknowledge(
      this.function,
      'Serverless-LambdaDLQ',
      'Invoked synchronously by the deployment trigger: a failure fails (and rolls back) the deployment with its message, shown in its events and this log group; the migration record keeps where it stopped, so nothing is left to redeliver.',
    );

    this.trigger = new Trigger(this, 'Trigger', {
      handler: this.function,
      timeout: TRIGGER_TIMEOUT,
      executeAfter: after,
      executeOnHandlerChange: true,
    });
  }
}
