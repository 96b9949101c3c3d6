/**
 * The web app: a private S3 bucket behind CloudFront (Origin Access Control), SPA fallback to
 * index.html, security headers with a CSP naming exactly the hosts the app talks to, long caching for
 * Vite's hashed assets and none for index.html and /config.json. The build (web/dist) is deployed
 * with the stack, and /config.json (common/types.ts RuntimeConfig) is generated from the stack's own
 * resources, so one build serves every stage.
 */
import { Duration } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods, CachePolicy, Distribution, HeadersFrameOption, HeadersReferrerPolicy, HttpVersion,
  PriceClass, ResponseHeadersPolicy, type ICachePolicy, SecurityPolicyProtocol, ViewerProtocolPolicy, type BehaviorOptions,
} from 'aws-cdk-lib/aws-cloudfront';
import { S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import {
  BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership, type IBucket,
} from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import type { RuntimeConfig } from '../../common/types';
import { acknowledge, acknowledgeDistributionDefaults } from '../nag';
import type { StageConfig } from '../stages';

/** Vite puts every content-hashed file here (web/vite.config.ts). */
export const HASHED_ASSETS_PATH = 'assets/*';
export const RUNTIME_CONFIG_KEY = 'config.json';

export interface CspHosts {
  api: string;
  cognito: string;
  cdn: string;
  uploads: string;
  firebaseDatabaseUrl: string;
}

/** Origins the Firebase Realtime Database SDK connects to for `databaseURL` (it may be sent to a sibling host). */
export function firebaseOrigins(databaseURL: string): string[] {
  const host = new URL(databaseURL).host;
  const parent = host.endsWith('.firebaseio.com') ? 'firebaseio.com' : host.split('.').slice(1).join('.');
  return [
    `https://${host}`, `wss://${host}`, `wss://*.${parent}`,
    // firebase/auth's signInWithCustomToken (the chat token) talks to these two.
    'https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com',
  ];
}

export function contentSecurityPolicy(hosts: CspHosts): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    // Inline style attributes only; no inline script.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', hosts.cdn],
    'font-src': ["'self'"],
    // The media CDN too: the upload helper reads a picture's processing state from it.
    'connect-src': ["'self'", hosts.api, hosts.cognito, hosts.uploads, hosts.cdn, ...firebaseOrigins(hosts.firebaseDatabaseUrl)],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives).map(([k, v]) => `${k} ${v.join(' ')}`).join('; ');
}

export interface WebHostingProps {
  stage: StageConfig;
  /** Folder of the web build (web/dist); must contain index.html. */
  webDistPath: string;
  accessLogs: IBucket;
  csp: CspHosts;
}

export class WebHosting extends Construct {
  readonly bucket: Bucket;
  readonly distribution: Distribution;
  /** https://<domain> the app is served from (CORS origin of the API and the uploads). */
  readonly origin: string;
  readonly responseHeaders: ResponseHeadersPolicy;

  constructor(scope: Construct, id: string, private readonly props: WebHostingProps) {
    super(scope, id);
    const { stage, accessLogs } = props;

    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: accessLogs,
      serverAccessLogsPrefix: 'web-bucket/',
      // The build is redeployed from the repository at any time: nothing in here needs keeping.
      removalPolicy: stage.removalPolicy,
      autoDeleteObjects: !stage.prod,
    });

    this.responseHeaders = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      responseHeadersPolicyName: `${stage.prefix}-web-security`,
      securityHeadersBehavior: {
        strictTransportSecurity: { accessControlMaxAge: Duration.days(365), includeSubdomains: true, preload: true, override: true },
        contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(props.csp), override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
      },
    });

    const origin = S3BucketOrigin.withOriginAccessControl(this.bucket);
    const behavior = (cachePolicy: ICachePolicy): BehaviorOptions => ({
      origin,
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
      cachePolicy,
      responseHeadersPolicy: this.responseHeaders,
      compress: true,
    });

    this.distribution = new Distribution(this, 'Cdn', {
      comment: `${stage.prefix} web app`,
      defaultRootObject: 'index.html',
      // index.html, config.json and other unhashed files: never cached by CloudFront (and sent with
      // Cache-Control: no-cache, so browsers revalidate); the hashed assets are cached for a year.
      defaultBehavior: behavior(CachePolicy.CACHING_DISABLED),
      additionalBehaviors: { [`/${HASHED_ASSETS_PATH}`]: behavior(CachePolicy.CACHING_OPTIMIZED) },
      // Client-side routes (/client-dashboard, /post/123...) are not objects: answer them with the app.
      errorResponses: [403, 404].map((httpStatus) => ({
        httpStatus, responseHttpStatus: 200, responsePagePath: '/index.html', ttl: Duration.seconds(0),
      })),
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: accessLogs,
      logFilePrefix: 'web-cdn/',
      ...(stage.domain
        ? {
          domainNames: [stage.domain.webDomain],
          certificate: Certificate.fromCertificateArn(this, 'Certificate', stage.domain.certificateArn),
          minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
        }
        : {}),
    });
    acknowledgeDistributionDefaults(this.distribution);
    if (!stage.domain) {
      acknowledge(this.distribution, 'AwsSolutions-CFR4',
        'Without a custom domain (stage setting `domain`) the app is served on *.cloudfront.net, whose certificate and TLS policy CloudFront manages.');
    }
    this.origin = `https://${stage.domain?.webDomain ?? this.distribution.distributionDomainName}`;
  }

  /** Uploads the build and the stage's /config.json (after the hashed assets, so index.html never points at missing files). */
  deploy(runtimeConfig: RuntimeConfig) {
    const assets = new BucketDeployment(this, 'DeployAssets', {
      destinationBucket: this.bucket,
      sources: [Source.asset(this.props.webDistPath)],
      exclude: ['*'],
      include: [HASHED_ASSETS_PATH],
      cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
      // Keep the previous build's assets: a page loaded before the deploy still finds its chunks.
      prune: false,
      memoryLimit: 512,
    });
    const app = new BucketDeployment(this, 'DeployApp', {
      destinationBucket: this.bucket,
      sources: [Source.asset(this.props.webDistPath), Source.jsonData(RUNTIME_CONFIG_KEY, runtimeConfig)],
      exclude: [HASHED_ASSETS_PATH],
      cacheControl: [CacheControl.noCache()],
      prune: true,
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    });
    app.node.addDependency(assets);
  }
}
