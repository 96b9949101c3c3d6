/**
 * Images: a private S3 bucket (block public access, TLS only) that browsers upload to with presigned
 * requests from the web origin, served to everyone through a CloudFront distribution with Origin
 * Access Control. The distribution's address is the CDN base (MEDIA_BASE_URL) the API returns.
 *
 * The bucket gets a fixed name (stage, account, region) and the distribution reaches it by that
 * name, so the web app's CSP can name the upload host and the CDN without the bucket depending on
 * the web distribution through its CORS rule (that would be a dependency cycle).
 */
import { Annotations, Aws, Duration, Stack } from 'aws-cdk-lib';
import {
  AllowedMethods,
  Distribution,
  HttpVersion,
  PriceClass,
  ResponseHeadersPolicy,
  S3OriginAccessControl,
  Signing,
  ViewerProtocolPolicy,
  CachePolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { PICTURE_VERSION_DAYS } from '../../common/privacy';
import { Effect, PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  HttpMethods,
  ObjectOwnership,
  type IBucket,
} from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { PENDING_UPLOAD_TAG, UPLOAD_PREFIX } from '../../common/uploads';
import { PROCESSED_PREFIX } from '../../common/images';
import { acknowledge, acknowledgeDistributionDefaults } from '../nag';
import type { StageConfig } from '../stages';

/** Keys browsers upload to (the createUploadUrl handler signs only under this prefix). */
export { UPLOAD_PREFIX };

export interface MediaProps {
  stage: StageConfig;
  accessLogs: IBucket;
  /** WAF web ACL (scope CLOUDFRONT) of the CDN (infra/edge.ts). */
  webAclArn: string;
}

export class Media extends Construct {
  readonly bucket: Bucket;
  readonly bucketName: string;
  /** The bucket as the CDN and the handlers address it (by its fixed name). */
  readonly bucketRef: IBucket;
  /** https host browsers send presigned uploads to. */
  readonly uploadOrigin: string;
  readonly distribution: Distribution;
  /** CDN base of stored image keys, with a trailing slash. */
  readonly baseUrl: string;

  constructor(scope: Construct, id: string, { stage, accessLogs, webAclArn }: MediaProps) {
    super(scope, id);
    this.bucketName = `${stage.prefix}-media-${Aws.ACCOUNT_ID}-${Aws.REGION}`;

    this.bucket = new Bucket(this, 'Bucket', {
      bucketName: this.bucketName,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: accessLogs,
      serverAccessLogsPrefix: 'media-bucket/',
      removalPolicy: stage.removalPolicy,
      autoDeleteObjects: !stage.prod,
      // An overwritten or deleted picture can be restored for 30 days, then its old version goes.
      versioned: true,
      lifecycleRules: [
        {
          id: 'expire-old-versions',
          noncurrentVersionExpiration: Duration.days(PICTURE_VERSION_DAYS),
          expiredObjectDeleteMarker: true,
        },
        // A browser that gives up half way leaves parts that are billed but never visible.
        { id: 'abort-incomplete-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
        // Every presigned upload is stored tagged upload=pending; the handler that saves a record using
        // the key removes the tag (lambdas/data/uploads.ts). A picture uploaded and never used keeps it
        // and is deleted here.
        {
          id: 'expire-unused-uploads',
          prefix: UPLOAD_PREFIX,
          tagFilters: { [PENDING_UPLOAD_TAG.key]: PENDING_UPLOAD_TAG.value },
          expiration: stage.pendingUploadExpiry,
        },
      ],
    });

    this.bucketRef = Bucket.fromBucketAttributes(this, 'BucketByName', {
      bucketName: this.bucketName,
      region: Stack.of(this).region,
    });
    this.uploadOrigin = `https://${this.bucketName}.s3.${Aws.REGION}.amazonaws.com`;

    const oac = new S3OriginAccessControl(this, 'OriginAccessControl', { signing: Signing.SIGV4_ALWAYS });
    this.distribution = new Distribution(this, 'Cdn', {
      comment: `${stage.prefix} media`,
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucketRef, { originAccessControl: oac }),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        // Security headers, and CORS so the web app can read a picture's processing state (public data).
        responseHeadersPolicy: ResponseHeadersPolicy.CORS_ALLOW_ALL_ORIGINS_WITH_PREFLIGHT_AND_SECURITY_HEADERS,
        compress: true,
      },
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: accessLogs,
      logFilePrefix: 'media-cdn/',
      webAclId: webAclArn,
      // Processed pictures: a state file not written yet must not stay "missing" in the CDN's cache.
      errorResponses: [403, 404].map((httpStatus) => ({ httpStatus, ttl: Duration.seconds(0) })),
    });
    // The origin is addressed by name, so CDK cannot add the OAC grant itself: this is that grant.
    // Only processed pictures (images/*, written by the image processor) are readable through the CDN:
    // originals under uploads/ keep their metadata and are never served.
    this.bucket.addToResourcePolicy(
      new PolicyStatement({
        sid: 'AllowCloudFrontOacRead',
        effect: Effect.ALLOW,
        principals: [new ServicePrincipal('cloudfront.amazonaws.com')],
        actions: ['s3:GetObject'],
        resources: [this.bucket.arnForObjects(`${PROCESSED_PREFIX}*`)],
        conditions: {
          StringEquals: {
            'AWS:SourceArn': `arn:${Aws.PARTITION}:cloudfront::${Aws.ACCOUNT_ID}:distribution/${this.distribution.distributionId}`,
          },
        },
      }),
    );
    acknowledgeDistributionDefaults(this.distribution);
    acknowledge(
      this.distribution,
      'AwsSolutions-CFR4',
      'The media CDN is served on its default *.cloudfront.net name, whose certificate CloudFront manages (TLS policy not settable without a custom domain).',
    );
    Annotations.of(this.distribution).acknowledgeWarning(
      '@aws-cdk/aws-cloudfront-origins:updateImportedBucketPolicyOac',
      'The OAC read grant is added to the bucket policy right here (AllowCloudFrontOacRead).',
    );
    this.baseUrl = `https://${this.distribution.distributionDomainName}/`;
  }

  /** Lets browsers on `webOrigin` upload with presigned PUT (or POST) requests. */
  allowUploadsFrom(webOrigin: string) {
    this.bucket.addCorsRule({
      allowedOrigins: [webOrigin],
      allowedMethods: [HttpMethods.PUT, HttpMethods.POST],
      // x-amz-* covers x-amz-tagging, the signed upload=pending tag every upload sends.
      allowedHeaders: ['content-type', 'content-length', 'content-md5', 'x-amz-*'],
      exposedHeaders: ['ETag'],
      maxAge: 3000,
    });
  }
}
