/**
 * The one DynamoDB table of docs/access-patterns.md (keys and indexes from lambdas/model/schema.ts,
 * the same definition the local provisioning uses). On-demand, point-in-time recovery; production
 * stages keep it when the stack goes and refuse deletion.
 */
import { BackupPlan, BackupResource } from 'aws-cdk-lib/aws-backup';
import {
  AttributeType,
  Billing,
  StreamViewType,
  TableEncryptionV2,
  TableV2,
  ProjectionType,
} from 'aws-cdk-lib/aws-dynamodb';
import { acknowledge } from '../nag';
import { Construct } from 'constructs';
import { INDEXES, STREAM_VIEW_TYPE, TABLE_KEYS, TTL_ATTRIBUTE } from '../../lambdas/model/schema';
import type { StageConfig } from '../stages';

export class Data extends Construct {
  readonly table: TableV2;

  constructor(scope: Construct, id: string, stage: StageConfig) {
    super(scope, id);
    const key = (name: string) => ({ name, type: AttributeType.STRING });

    this.table = new TableV2(this, 'Table', {
      tableName: `${stage.prefix}-data`,
      partitionKey: key(TABLE_KEYS.partitionKey),
      sortKey: key(TABLE_KEYS.sortKey),
      billing: Billing.onDemand(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: TableEncryptionV2.awsManagedKey(),
      deletionProtection: stage.prod,
      removalPolicy: stage.removalPolicy,
      // Purchases' idempotency records expire (lambdas/api/idempotency.ts).
      timeToLiveAttribute: TTL_ATTRIBUTE,
      // Every change, before and after, for the notifier (infra/constructs/notifier.ts).
      dynamoStream: StreamViewType[STREAM_VIEW_TYPE],
      globalSecondaryIndexes: Object.values(INDEXES).map((index) => ({
        indexName: index.name,
        partitionKey: key(index.partitionKey),
        sortKey: key(index.sortKey),
        projectionType: ProjectionType.ALL,
      })),
    });

    if (stage.tableBackup) {
      // Daily backups kept 35 days in a vault of their own (AWS Backup's stock plan), beside PITR.
      const plan = BackupPlan.daily35DayRetention(this, 'Backup');
      const selection = plan.addSelection('Table', { resources: [BackupResource.fromArn(this.table.tableArn)] });
      acknowledge(
        selection,
        'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSBackupServiceRolePolicyForBackup]',
        "The role AWS Backup assumes to back up the table: AWS's own policy for that service role, which follows new resource types without edits.",
      );
    } else {
      acknowledge(
        this.table,
        'Marketplace-DDBBackup',
        'A non-production stage: its data is test data, point-in-time recovery (35 days) is enough. Production has the backup plan (stage setting tableBackup).',
      );
    }
  }
}
