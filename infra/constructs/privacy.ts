/**
 * A person's data rights in the cloud (docs/privacy.md): the data exports (their bucket and the privacy worker:
 * ./dataExports.ts) and the scheduled job that finishes closings and erases deleted accounts (./accountErasure.ts).
 * In the stage's stack (its exports bucket shares the stack's provider that empties buckets of non-production stages).
 */
import { Construct } from 'constructs';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { StageConfig } from '../stages';
import { AccountErasure } from './accountErasure';
import { DataExports } from './dataExports';

export interface PrivacyProps {
  stage: StageConfig;
  table: ITableV2;
  media: IBucket;
  accessLogs: IBucket;
  userPool: IUserPool;
  firebaseSecret: ISecret;
  /** The Paddle keys (the erasure job cancels a closed business's subscription). */
  paymentsSecret: ISecret;
  appUrl: string;
}

export class Privacy extends Construct {
  readonly exports: DataExports;
  readonly erasure: AccountErasure;

  constructor(scope: Construct, id: string, props: PrivacyProps) {
    super(scope, id);
    const { stage, table, media, userPool, firebaseSecret } = props;
    this.exports = new DataExports(this, 'Exports', {
      stage,
      table,
      media,
      accessLogs: props.accessLogs,
      firebaseSecret,
      appUrl: props.appUrl,
    });
    this.erasure = new AccountErasure(this, 'Erasure', {
      stage,
      table,
      media,
      exports: this.exports.bucket,
      userPool,
      firebaseSecret,
      paymentsSecret: props.paymentsSecret,
    });
  }
}
