/**
 * Web Push: gives the stage's VAPID secret a key pair while deploying, so no one has to put one
 * by hand (Secrets Manager cannot generate an EC key pair). A custom resource (aws-cdk-lib's provider
 * framework) runs lambdas/notify/vapidKeyPair.ts on Create and Update: it generates a P-256 pair only when
 * the secret holds no valid one, so a pair an earlier deployment made, or one put by hand, is never
 * replaced (that would unsubscribe every device). Delete does nothing. Both functions may only do that:
 * ours reads and puts that one secret, the framework's only invokes ours; each writes its own log group.
 */
import path from 'node:path';
import { CustomResource, Duration, Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Provider } from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import type { VapidKeyPairProperties } from '../../lambdas/notify/vapidKeyPair';
import { acknowledge, acknowledgeCdkProviderServerless } from '../nag';
import type { StageConfig } from '../stages';
import { REPO_ROOT, baseEnvironment, functionDefaults, functionLogsAndRole } from './functionDefaults';

/** The function's name on a stage. */
export const vapidKeyPairName = (stage: Pick<StageConfig, 'prefix'>) => `${stage.prefix}-vapid-key-pair`;

/** The VAPID subject of a generated pair: the stage's sender address (push services may write to it). */
export const vapidSubject = (stage: Pick<StageConfig, 'mail'>) => `mailto:${stage.mail.fromAddress}`;

export class VapidKeyPair extends Construct {
  readonly function: NodejsFunction;
  readonly resource: CustomResource;

  constructor(scope: Construct, id: string, { stage, secret }: { stage: StageConfig; secret: ISecret }) {
    super(scope, id);
    const name = vapidKeyPairName(stage);
    const { logGroup, role } = functionLogsAndRole(this, {
      stage,
      functionName: name,
      description: `Puts the VAPID key pair of Web Push into its secret once (${stage.name})`,
    });
    role.addToPolicy(
      new PolicyStatement({
        actions: ['secretsmanager:GetSecretValue', 'secretsmanager:PutSecretValue'],
        resources: [secret.secretArn],
      }),
    );
    this.function = new NodejsFunction(this, 'Function', {
      ...functionDefaults(this),
      functionName: name,
      description: 'Puts a VAPID key pair into the Web Push secret when it has none (deployments only)',
      entry: path.join(REPO_ROOT, 'lambdas/notify/vapidKeyPair.ts'),
      memorySize: 256,
      timeout: Duration.seconds(30),
      role,
      logGroup,
      environment: baseEnvironment(stage),
    });
    acknowledge(
      this.function,
      'Serverless-LambdaDLQ',
      'Invoked synchronously by the custom-resource provider while CloudFormation deploys: a failure fails (and rolls back) the deployment, shown in its events and this log group; nothing is left to redeliver.',
    );

    // The provider framework's own function (aws-cdk-lib's code, unnamed: not one of the stage's bundles): its
    // own role and log group, no managed policy.
    const { logGroup: frameworkLogGroup, role: frameworkRole } = functionLogsAndRole(this, {
      stage,
      functionName: `${name}-provider`,
      description: `Custom-resource provider of the VAPID key pair (${stage.name})`,
      idPrefix: 'Provider',
      traced: false,
    });
    const provider = new Provider(this, 'Provider', {
      onEventHandler: this.function,
      frameworkOnEventRole: frameworkRole,
      logGroup: frameworkLogGroup,
    });
    acknowledgeCdkProviderServerless(provider, 'CDK custom-resource provider framework (VAPID key pair)');
    acknowledge(
      frameworkRole,
      `AwsSolutions-IAM5[Resource::<${Stack.of(this).getLogicalId(this.function.node.defaultChild as CfnFunction)}.Arn>:*]`,
      "The provider framework may invoke only the key-pair function: `:*` adds just that function's versions and aliases (aws-cdk-lib's grantInvoke).",
    );

    const properties: VapidKeyPairProperties = { SecretId: secret.secretArn, Subject: vapidSubject(stage) };
    this.resource = new CustomResource(this, 'Resource', {
      serviceToken: provider.serviceToken,
      resourceType: 'Custom::VapidKeyPair',
      properties,
    });
  }
}
