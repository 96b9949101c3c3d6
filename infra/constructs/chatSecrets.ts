/**
 * Chat: the Firebase service-account key the token-minting function signs Firebase custom tokens
 * with. The stack creates the secret empty-ish (a placeholder value); the operator puts the real key
 * in after the first deploy (docs/deploy.md). Only the createChatToken function may read it (the API
 * construct grants that from infra/access.ts).
 */
import { SecretValue } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { acknowledge } from '../nag';
import { Construct } from 'constructs';
import type { StageConfig } from '../stages';

export class ChatSecrets extends Construct {
  readonly firebaseServiceAccount: Secret;

  constructor(scope: Construct, id: string, stage: StageConfig) {
    super(scope, id);
    this.firebaseServiceAccount = new Secret(this, 'FirebaseServiceAccount', {
      secretName: `${stage.prefix}/firebase-service-account`,
      description: `Firebase service-account key (JSON) of project ${stage.firebase.projectId}, used to mint chat tokens`,
      // Replaced by the real key after deploy; the token function answers 500 until then.
      secretStringValue: SecretValue.unsafePlainText(
        JSON.stringify({ placeholder: 'put the service-account JSON here' }),
      ),
      removalPolicy: stage.removalPolicy,
    });
    acknowledge(
      this.firebaseServiceAccount,
      'AwsSolutions-SMG4',
      'A Firebase service-account key is issued and revoked in the Google Cloud console; Secrets Manager cannot rotate it. Rotation is a documented manual step (docs/deploy.md).',
    );
  }
}
