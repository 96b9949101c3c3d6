/**
 * Notifications (issue 11), in the cloud: the key that signs the emails' unsubscribe links (generated
 * by Secrets Manager, read only by the functions infra/access.ts names: the two unsubscribe routes and
 * the notifier).
 */
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { acknowledge } from '../nag';
import type { StageConfig } from '../stages';

export class Notifications extends Construct {
  readonly unsubscribeSecret: Secret;

  constructor(scope: Construct, id: string, stage: StageConfig) {
    super(scope, id);
    this.unsubscribeSecret = new Secret(this, 'UnsubscribeKey', {
      secretName: `${stage.prefix}/unsubscribe-link-key`,
      description: 'HMAC key of the one-click unsubscribe links in notification emails',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: stage.removalPolicy,
    });
    acknowledge(
      this.unsubscribeSecret,
      'AwsSolutions-SMG4',
      'Rotating this key would break every unsubscribe link already sent (they must keep working); it is replaced by hand if it leaks (docs/deploy.md).',
    );
  }
}
