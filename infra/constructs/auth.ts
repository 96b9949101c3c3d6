/**
 * Sign-in: a Cognito user pool with email as the user name, the account type in the standard
 * `nickname` attribute (client | business, read by the API from the ID token), email verification by
 * code, the app's password rule, and one public web client (no secret) for Amplify.
 */
import { Duration, Stack } from 'aws-cdk-lib';
import { MODERATOR_GROUP } from '../../common/moderation';
import { OPERATOR_GROUP } from '../../common/operatorFigures';
import {
  CfnUserPoolGroup,
  AccountRecovery,
  Mfa,
  UserPool,
  UserPoolClient,
  UserPoolEmail,
  VerificationEmailStyle,
} from 'aws-cdk-lib/aws-cognito';
import { acknowledge } from '../nag';
import { Construct } from 'constructs';
import type { StageConfig } from '../stages';

export class Auth extends Construct {
  readonly userPool: UserPool;
  readonly webClient: UserPoolClient;
  /** Issuer of the pool's tokens, as the API's JWT authorizer checks it. */
  readonly issuerUrl: string;

  constructor(scope: Construct, id: string, stage: StageConfig) {
    super(scope, id);

    this.userPool = new UserPool(this, 'UserPool', {
      userPoolName: `${stage.prefix}-users`,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: true,
      autoVerify: { email: true },
      keepOriginal: { email: true },
      userVerification: {
        emailStyle: VerificationEmailStyle.CODE,
        emailSubject: 'Your verification code',
        emailBody: 'Your verification code is {####}',
      },
      standardAttributes: {
        email: { required: true, mutable: true },
        // The account type: client or business (set at sign-up, never changed).
        nickname: { required: true, mutable: false },
        givenName: { required: false, mutable: true },
        familyName: { required: false, mutable: true },
      },
      passwordPolicy: {
        // The app's rule (common/constants.ts PASSWORD_RULES): 8+, upper, lower, digit, special.
        minLength: 8,
        requireUppercase: true,
        requireLowercase: true,
        requireDigits: true,
        requireSymbols: true,
        tempPasswordValidity: Duration.days(3),
      },
      mfa: Mfa.OFF,
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      // Codes and resets go through SES from the stage's sender, not Cognito's default sender and its small daily quota.
      email: UserPoolEmail.withSES({
        fromEmail: stage.mail.fromAddress,
        fromName: stage.mail.fromName,
        sesVerifiedDomain: stage.mail.domain,
        sesRegion: Stack.of(this).region,
      }),
      featurePlan: stage.userPoolFeaturePlan,
      deletionProtection: stage.prod,
      removalPolicy: stage.removalPolicy,
    });

    this.webClient = this.userPool.addClient('WebClient', {
      userPoolClientName: `${stage.prefix}-web`,
      generateSecret: false,
      // SRP sign-in (the app's only flow, config.json authFlow) and refresh, which Cognito always adds; the admin
      // password flow only for the API, which checks the password of an account being deleted (it needs
      // cognito-idp:AdminInitiateAuth, which no browser has: lambdas/lib/userPool.ts checkPassword).
      // No password-in-the-clear flow for browsers and no OAuth (the app uses no hosted UI).
      authFlows: { userSrp: true, userPassword: false, custom: false, adminUserPassword: true },
      disableOAuth: true,
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      idTokenValidity: stage.tokens.idAndAccess,
      accessTokenValidity: stage.tokens.idAndAccess,
      refreshTokenValidity: stage.tokens.refresh,
      authSessionValidity: Duration.minutes(5),
    });

    // Moderators are members of this group (common/moderation.ts); `scripts/add-moderator.ts` adds one.
    new CfnUserPoolGroup(this, 'ModeratorGroup', {
      userPoolId: this.userPool.userPoolId,
      groupName: MODERATOR_GROUP,
      description: 'Moderators: the reports and verification queues (/moderation)',
    });
    // The marketplace's operators (common/operatorFigures.ts): the figures (/operator) and their weekly email;
    // `scripts/add-operator.ts` adds one.
    new CfnUserPoolGroup(this, 'OperatorGroup', {
      userPoolId: this.userPool.userPoolId,
      groupName: OPERATOR_GROUP,
      description: "Operators: the marketplace's figures (/operator) and their weekly email",
    });

    this.issuerUrl = `https://cognito-idp.${Stack.of(this).region}.amazonaws.com/${this.userPool.userPoolId}`;

    acknowledge(
      this.userPool,
      'AwsSolutions-COG2',
      'The product specifies sign-in without MFA (email + password, email verified by a code).',
    );
    acknowledge(
      this.userPool,
      'AwsSolutions-COG8',
      "The Plus feature plan (threat protection) costs per monthly active user; the app uses no feature above Lite (stage setting userPoolFeaturePlan) and relies on Cognito's built-in sign-in rate limits.",
    );
    acknowledge(
      this.userPool,
      'AwsSolutions-COG3',
      'Threat protection (advanced security) needs the Plus feature plan, which the stage does not pay for; sign-in is rate-limited by Cognito.',
    );
  }
}
