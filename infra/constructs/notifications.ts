/**
 * Notifications in the cloud: the key that signs the emails' unsubscribe links (generated
 * by Secrets Manager, read only by the functions infra/access.ts names: the two unsubscribe routes and
 * the notifier), and the VAPID key pair of Web Push, made while deploying (./vapidKeyPair.ts).
 */
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { acknowledge } from '../nag';
import type { StageConfig } from '../stages';
import { VapidKeyPair } from './vapidKeyPair';

export class Notifications extends Construct {
  readonly unsubscribeSecret: Secret;
  /**
   * Web Push: the stage's VAPID key pair, JSON `{"publicKey","privateKey","subject"}`. Secrets
   * Manager cannot generate an EC key pair, so the secret is created without keys and `vapidKeyPair` (a
   * custom resource) puts a generated pair into it during the same deployment, unless it already holds one (a
   * pair put by hand is kept: docs/deploy.md). Read by the notifier, the chat reminder and the key route.
   */
  readonly vapidSecret: Secret;
  readonly vapidKeyPair: VapidKeyPair;

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
    this.vapidSecret = new Secret(this, 'VapidKeys', {
      secretName: `${stage.prefix}/web-push-vapid-keys`,
      // Left as first deployed: a changed Secret resource must never be what rewrites its value.
      description: 'VAPID key pair of Web Push: {"publicKey","privateKey","subject"} (put once per stage)',
      secretObjectValue: {},
      removalPolicy: stage.removalPolicy,
    });
    acknowledge(
      this.vapidSecret,
      'AwsSolutions-SMG4',
      'Rotating the VAPID keys would unsubscribe every device (their subscriptions are bound to the public key); replaced by hand if it leaks (docs/deploy.md).',
    );
    this.vapidKeyPair = new VapidKeyPair(this, 'VapidKeyPair', { stage, secret: this.vapidSecret });
  }
}
