/**
 * One stage of the marketplace: sign-in, data, media, chat secret, API and the hosted web app,
 * wired together. Physical names carry the stage prefix so several stages share an account.
 */
import { CfnOutput, Stack, Tags, type StackProps } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Duration } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { routes as routeTable, type RouteDef } from '../common/routes';
import type { RuntimeConfig } from '../common/types';
import { Api } from './constructs/api';
import { Auth } from './constructs/auth';
import { ChatSecrets } from './constructs/chatSecrets';
import { Notifications } from './constructs/notifications';
import { Notifier } from './constructs/notifier';
import { Data } from './constructs/data';
import { WebAclArn } from './edge';
import { Media } from './constructs/media';
import { Monitoring } from './constructs/monitoring';
import { ImageProcessor } from './constructs/imageProcessor';
import { PostExpiry } from './constructs/postExpiry';
import { AdRunJobs } from './constructs/adRunJobs';
import { Privacy } from './constructs/privacy';
import { Payments } from './constructs/payments';
import { Migrations } from './constructs/migrations';
import { PublicSite } from './constructs/publicSite';
import { WebHosting } from './constructs/webHosting';
import type { StageConfig } from './stages';
import { acknowledge, acknowledgeCdkInternals } from './nag';
import { chargeCurrencyOf, PAYMENT_WEBHOOK_PATH } from '../common/payments';

export interface MarketplaceStackProps extends StackProps {
  stage: StageConfig;
  /** Folder of the web build (web/dist); must contain index.html. */
  webDistPath: string;
  /** Routes to serve; the whole route table unless a test narrows it. */
  routes?: readonly RouteDef[];
}

export class MarketplaceStack extends Stack {
  readonly auth: Auth;
  readonly data: Data;
  readonly media: Media;
  readonly images: ImageProcessor;
  readonly postExpiry: PostExpiry;
  readonly adRunJobs: AdRunJobs;
  readonly privacy: Privacy;
  readonly chat: ChatSecrets;
  readonly notifications: Notifications;
  readonly payments: Payments;
  readonly notifier: Notifier;
  readonly api: Api;
  readonly web: WebHosting;
  readonly site: PublicSite;
  readonly monitoring: Monitoring;
  readonly migrations: Migrations;
  readonly runtimeConfig: RuntimeConfig;

  constructor(scope: Construct, id: string, props: MarketplaceStackProps) {
    super(scope, id, props);
    const { stage } = props;
    Tags.of(this).add('app', 'marketplace');
    Tags.of(this).add('stage', stage.name);

    // Server access logs of both buckets and standard logs of both distributions.
    const accessLogs = new Bucket(this, 'AccessLogs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      // CloudFront standard logging writes with ACLs.
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ id: 'expire-logs', expiration: Duration.days(stage.prod ? 365 : 30) }],
      removalPolicy: stage.removalPolicy,
      autoDeleteObjects: !stage.prod,
    });
    acknowledge(accessLogs, 'AwsSolutions-S1', 'This is the access-log bucket; logging it into itself would loop.');

    this.auth = new Auth(this, 'Auth', stage);
    this.data = new Data(this, 'Data', stage);
    const webAcls = {
      web: new WebAclArn(this, 'WebAclOfWeb', stage, 'web').arn,
      media: new WebAclArn(this, 'WebAclOfMedia', stage, 'media').arn,
    };
    this.media = new Media(this, 'Media', { stage, accessLogs, webAclArn: webAcls.media });
    this.images = new ImageProcessor(this, 'ImageProcessor', { stage, bucket: this.media.bucket });
    this.chat = new ChatSecrets(this, 'Chat', stage);
    this.notifications = new Notifications(this, 'Notifications', stage);
    this.payments = new Payments(this, 'Payments', { stage, table: this.data.table });
    this.api = new Api(this, 'Api', {
      stage,
      routes: props.routes ?? routeTable,
      table: this.data.table,
      media: { bucket: this.media.bucketRef, baseUrl: this.media.baseUrl },
      auth: {
        issuerUrl: this.auth.issuerUrl,
        webClientId: this.auth.webClient.userPoolClientId,
        userPool: this.auth.userPool,
      },
      chat: { firebaseSecret: this.chat.firebaseServiceAccount },
      notifications: {
        unsubscribeSecret: this.notifications.unsubscribeSecret,
        vapidSecret: this.notifications.vapidSecret,
      },
      payments: { secret: this.payments.secret },
    });

    this.postExpiry = new PostExpiry(this, 'PostExpiry', { stage, table: this.data.table });
    this.adRunJobs = new AdRunJobs(this, 'AdRunJobs', { stage, table: this.data.table });

    this.monitoring = new Monitoring(this, 'Monitoring', {
      stage,
      api: this.api,
      routes: props.routes ?? routeTable,
      table: this.data.table,
    });

    this.site = new PublicSite(this, 'Site', {
      stage,
      table: this.data.table,
      mediaBaseUrl: this.media.baseUrl,
      apiUrl: this.api.url,
    });

    const cognitoOrigin = `https://cognito-idp.${this.region}.amazonaws.com`;
    this.web = new WebHosting(this, 'Web', {
      stage,
      webDistPath: props.webDistPath,
      accessLogs,
      webAclArn: webAcls.web,
      csp: {
        api: this.api.url,
        cognito: cognitoOrigin,
        cdn: `https://${this.media.distribution.distributionDomainName}`,
        uploads: this.media.uploadOrigin,
        firebaseDatabaseUrl: stage.firebase.databaseURL,
      },
      siteUrl: this.site.url,
      apiUrl: this.api.url,
    });
    this.site.useSiteUrl(this.web.origin);
    this.api.allowOrigin(this.web.origin);
    this.api.usePaymentPages(this.web.origin);
    this.notifier = new Notifier(this, 'Notifier', {
      stage,
      table: this.data.table,
      unsubscribeSecret: this.notifications.unsubscribeSecret,
      vapidSecret: this.notifications.vapidSecret,
      appUrl: this.web.origin,
      apiUrl: this.api.url,
      alarmTopic: this.monitoring.topic,
      userPool: this.auth.userPool,
    });
    this.media.allowUploadsFrom(this.web.origin);
    this.privacy = new Privacy(this, 'Privacy', {
      stage,
      table: this.data.table,
      media: this.media.bucketRef,
      accessLogs,
      userPool: this.auth.userPool,
      firebaseSecret: this.chat.firebaseServiceAccount,
      paymentsSecret: this.payments.secret,
      appUrl: this.web.origin,
    });

    // The pending data migrations run once the table and every function that reads or writes it are updated.
    this.migrations = new Migrations(this, 'Migrations', {
      stage,
      table: this.data.table,
      after: [
        this.data,
        this.api,
        this.notifier,
        this.postExpiry,
        this.adRunJobs,
        this.payments,
        this.privacy,
        this.site,
      ],
    });

    this.runtimeConfig = {
      stage: stage.name,
      apiUrl: this.api.url,
      region: this.region,
      userPoolId: this.auth.userPool.userPoolId,
      userPoolClientId: this.auth.webClient.userPoolClientId,
      authFlow: 'USER_SRP_AUTH',
      cdnBaseUrl: this.media.baseUrl,
      firebase: {
        apiKey: stage.firebase.apiKey,
        projectId: stage.firebase.projectId,
        databaseURL: stage.firebase.databaseURL,
        ...(stage.firebase.appId ? { appId: stage.firebase.appId } : {}),
      },
      payments: {
        provider: 'paddle',
        chargeCurrency: chargeCurrencyOf(stage.currency),
        environment: stage.payments.environment,
        clientToken: stage.payments.clientToken,
      },
      currency: stage.currency,
    };
    this.web.deploy(this.runtimeConfig);

    const out = (id: string, value: string, description: string) => new CfnOutput(this, id, { value, description });
    out('WebUrl', this.web.origin, 'Address of the web app');
    out('ApiUrl', this.api.url, 'Base address of the REST API');
    out('UserPoolId', this.auth.userPool.userPoolId, 'Cognito user pool');
    out('UserPoolClientId', this.auth.webClient.userPoolClientId, 'Cognito web client (no secret)');
    out('MediaBaseUrl', this.media.baseUrl, 'CDN base of uploaded images');
    out('MediaBucketName', this.media.bucketName, 'Bucket browsers upload images to');
    out('TableName', this.data.table.tableName, 'DynamoDB table');
    out('WebBucketName', this.web.bucket.bucketName, 'Bucket of the web build');
    out('SiteFunctionName', this.site.function.functionName, 'Function rendering the public pages');
    out('WebDistributionId', this.web.distribution.distributionId, 'CloudFront distribution of the web app');
    out('DashboardName', this.monitoring.dashboard.dashboardName, 'CloudWatch dashboard of the stage');
    out(
      'AlarmTopicArn',
      this.monitoring.topic.topicArn,
      'SNS topic the alarms notify (subscribe more addresses here or with -c alarmEmails)',
    );
    out('FirebaseSecretArn', this.chat.firebaseServiceAccount.secretArn, 'Put the Firebase service-account JSON here');
    out(
      'PaymentsSecretArn',
      this.payments.secret.secretArn,
      'Put {"apiKey","webhookSecret"} of Paddle here (docs/payments.md)',
    );
    out(
      'PaymentWebhookUrl',
      `${this.web.origin}${PAYMENT_WEBHOOK_PATH}`,
      "Paddle's notification destination (docs/payments.md)",
    );

    acknowledgeCdkInternals(this);
  }
}
