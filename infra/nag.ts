/**
 * cdk-nag (v3 runs as a CDK policy-validation plugin): every acknowledged finding goes through
 * `acknowledge`, so each one carries its reason next to the resource it is about.
 */
import { type CfnResource, Stack, Token, Validations } from 'aws-cdk-lib';
import { CfnBackupSelection } from 'aws-cdk-lib/aws-backup';
import { CfnGlobalTable } from 'aws-cdk-lib/aws-dynamodb';
import { NagMessageLevel, NagPack, NagRuleCompliance, type NagPackProps } from 'cdk-nag';
import type { IConstruct } from 'constructs';

/** Acknowledge one cdk-nag finding (`AwsSolutions-XX` or `AwsSolutions-XX[finding]`) on a construct and its children. */
export function acknowledge(scope: IConstruct, id: string, reason: string) {
  Validations.of(scope).acknowledge({ id, reason });
}

/**
 * Findings on the Lambda functions CDK itself adds to run deployments: BucketDeployment (copies the
 * web build into its bucket) and AwsCustomResource (sets the API's CORS origin). Their code, runtime
 * and role are CDK's; they run only during a deployment and are not reachable from outside.
 */
/** How cdk-nag prints an account or region: the literal when the stack has one, else the pseudo parameter. */
const nagValue = (value: string, pseudo: string) => (Token.isUnresolved(value) ? `<${pseudo}>` : value);

/** Findings every CloudFront distribution of the stage shares, with the reasons. */
export function acknowledgeDistributionDefaults(distribution: IConstruct) {
  acknowledge(
    distribution,
    'AwsSolutions-CFR1',
    'No geo restriction: the marketplace is for Albania but its users (and the diaspora hiring for homes there) are anywhere.',
  );
}

/** Serverless-pack findings on a CDK provider function: its code and settings are aws-cdk-lib's. */
export function acknowledgeCdkProviderServerless(provider: IConstruct, what: string) {
  acknowledge(
    provider,
    'Serverless-LambdaDLQ',
    `${what}: CloudFormation invokes it synchronously and retries or fails the deployment itself; a DLQ would never receive anything.`,
  );
  acknowledge(
    provider,
    'Serverless-LambdaTracing',
    `${what}: runs only during deployments; its failures are in the CloudFormation events and its log group.`,
  );
  acknowledge(
    provider,
    'Serverless-LambdaDefaultMemorySize',
    `${what}: memory is set by aws-cdk-lib for its short deployment-time task.`,
  );
  acknowledge(
    provider,
    'Serverless-LambdaLatestVersion',
    `${what}: runtime chosen by aws-cdk-lib; runs only during deployments.`,
  );
}

export function acknowledgeCdkInternals(stack: Stack) {
  for (const child of stack.node.children) {
    const id = child.node.id;
    if (id.startsWith('Custom::CDKBucketDeployment')) {
      acknowledge(
        child,
        'AwsSolutions-L1',
        'CDK BucketDeployment provider: its Python runtime is chosen by aws-cdk-lib and it only runs while deploying.',
      );
      acknowledge(
        child,
        'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        'CDK BucketDeployment provider: the managed policy only lets it write its own logs.',
      );
      for (const finding of [
        'Action::s3:GetBucket*',
        'Action::s3:GetObject*',
        'Action::s3:List*',
        'Action::s3:Abort*',
        'Action::s3:DeleteObject*',
        `Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-${nagValue(stack.account, 'AWS::AccountId')}-${nagValue(stack.region, 'AWS::Region')}/*`,
        `Resource::<${stack.getLogicalId(stack.node.findChild('Web').node.findChild('Bucket').node.defaultChild as never)}.Arn>/*`,
      ]) {
        acknowledge(
          child,
          `AwsSolutions-IAM5[${finding}]`,
          'CDK BucketDeployment provider: the grants CDK gives it to copy the web build from the CDK asset bucket into the web bucket (its CloudFront invalidation grant is scoped to the web distribution: WebHosting.scopeInvalidationGrant).',
        );
      }
      acknowledgeCdkProviderServerless(child, 'CDK BucketDeployment provider');
    }
    if (id.startsWith('AWS679f53fac002430cb0da5b7982bd2287')) {
      acknowledge(
        child,
        'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        'CDK AwsCustomResource provider (sets the API CORS origin): the managed policy only lets it write its own logs.',
      );
      acknowledge(
        child,
        'AwsSolutions-L1',
        'CDK AwsCustomResource provider: runtime chosen by aws-cdk-lib; runs only during deployments.',
      );
      acknowledgeCdkProviderServerless(child, 'CDK AwsCustomResource provider (API CORS origin, WAF ACL ARNs)');
    }
  }
}

/**
 * cdk-nag's DynamoDB rules (AwsSolutions-DDB3 and the backup-plan rules of the other packs) test for
 * `CfnTable` (AWS::DynamoDB::Table). The stage's table is a `TableV2`, which synthesizes an
 * AWS::DynamoDB::GlobalTable (`CfnGlobalTable`), so those rules never looked at it. This pack applies the
 * same two checks to global tables: point-in-time recovery on every replica, and membership of an AWS
 * Backup selection.
 */
export class GlobalTableChecks extends NagPack {
  readonly name = 'Marketplace';

  constructor(scope?: IConstruct, props?: NagPackProps) {
    super(scope, props);
    this.packName = 'Marketplace';
  }

  protected checkResource(node: CfnResource): void {
    if (!(node instanceof CfnGlobalTable)) return;
    this.applyRule({
      ruleSuffixOverride: 'DDB3',
      info: 'A replica of the DynamoDB global table does not have point-in-time recovery enabled.',
      explanation:
        'Point-in-time recovery restores the table to any second of the last 35 days (what AwsSolutions-DDB3 asks of a CfnTable).',
      level: NagMessageLevel.ERROR,
      rule: globalTablePitr,
      node,
    });
    this.applyRule({
      ruleSuffixOverride: 'DDBBackup',
      info: 'The DynamoDB global table is not in an AWS Backup plan.',
      explanation:
        'Backups in a separate vault survive a deleted or overwritten table beyond the point-in-time recovery window.',
      level: NagMessageLevel.ERROR,
      rule: globalTableInBackupPlan,
      node,
    });
  }
}

const globalTablePitr = Object.defineProperty(
  (node: CfnResource) => {
    const table = node as CfnGlobalTable;
    const replicas = Stack.of(node).resolve(table.replicas) as {
      pointInTimeRecoverySpecification?: { pointInTimeRecoveryEnabled?: boolean };
    }[];
    return replicas.length > 0 &&
      replicas.every((r) => r.pointInTimeRecoverySpecification?.pointInTimeRecoveryEnabled === true)
      ? NagRuleCompliance.COMPLIANT
      : NagRuleCompliance.NON_COMPLIANT;
  },
  'name',
  { value: 'GlobalTablePITREnabled' },
);

const globalTableInBackupPlan = Object.defineProperty(
  (node: CfnResource) => {
    const stack = Stack.of(node);
    const arn = JSON.stringify(stack.resolve({ 'Fn::GetAtt': [stack.getLogicalId(node), 'Arn'] }));
    const selected = stack.node
      .findAll()
      .some(
        (c) =>
          c instanceof CfnBackupSelection &&
          JSON.stringify(
            stack.resolve(c.backupSelection as CfnBackupSelection.BackupSelectionResourceTypeProperty).resources ?? [],
          ).includes(arn),
      );
    return selected ? NagRuleCompliance.COMPLIANT : NagRuleCompliance.NON_COMPLIANT;
  },
  'name',
  { value: 'GlobalTableInBackupPlan' },
);
